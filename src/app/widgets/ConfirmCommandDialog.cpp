// SPDX-License-Identifier: Apache-2.0
#include "widgets/ConfirmCommandDialog.h"

#include "style/Style.h"
#include "widgets/CommandPreviewField.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace k8::app {

ConfirmCommandDialog::ConfirmCommandDialog(const QString& title, const QString& question,
                                           const QString& command, const QString& acceptText, QWidget* parent)
    : QDialog(parent)
    , m_question(new QLabel(question, this))
    , m_command(new CommandPreviewField(this))
{
    setObjectName(QStringLiteral("confirmCommandDialog"));
    setWindowTitle(title);
    setAccessibleName(title);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(18, 18, 18, 12);
    layout->setSpacing(10);
    m_question->setObjectName(QStringLiteral("confirmQuestion"));
    m_question->setWordWrap(true);
    m_question->setTextFormat(Qt::PlainText);
    layout->addWidget(m_question);
    auto* commandLabel = new QLabel(tr("Command:"), this);
    commandLabel->setBuddy(m_command->textField());
    layout->addWidget(commandLabel);
    m_command->setCommand(command);
    layout->addWidget(m_command);

    auto* buttons = new QDialogButtonBox(this);
    m_accept = buttons->addButton(acceptText, QDialogButtonBox::AcceptRole);
    m_accept->setObjectName(QStringLiteral("confirmAcceptButton"));
    m_accept->setAccessibleName(acceptText);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setAccessibleName(tr("Cancel"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    m_accept->setDefault(true);
    setMinimumWidth(480);
}

void ConfirmCommandDialog::setDestructive(bool destructive)
{
    if (destructive) {
        m_accept->setStyleSheet(
            QStringLiteral("QPushButton { color: white; background: %1; padding: 4px 12px;"
                           " border-radius: 3px; }")
                .arg(style::errorColor().name()));
        m_accept->setDefault(false);
        m_cancel->setDefault(true);
        m_cancel->setFocus();
    } else {
        m_accept->setStyleSheet({});
        m_accept->setDefault(true);
    }
}

QString ConfirmCommandDialog::questionText() const
{
    return m_question->text();
}
QString ConfirmCommandDialog::command() const
{
    return m_command->command();
}

} // namespace k8::app
