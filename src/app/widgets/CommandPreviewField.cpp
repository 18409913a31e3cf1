// SPDX-License-Identifier: Apache-2.0
#include "widgets/CommandPreviewField.h"

#include "style/Style.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QToolButton>

namespace k8::app {

CommandPreviewField::CommandPreviewField(QWidget* parent)
    : QWidget(parent)
    , m_edit(new QLineEdit(this))
    , m_copy(new QToolButton(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    m_edit->setReadOnly(true);
    m_edit->setObjectName(QStringLiteral("commandPreviewEdit"));
    m_edit->setAccessibleName(tr("Command"));
    m_edit->setAccessibleDescription(tr("The exact kosa8 command this action runs"));
    style::makeMonospace(m_edit);
    m_copy->setObjectName(QStringLiteral("copyCommandButton"));
    m_copy->setText(tr("Copy"));
    m_copy->setIcon(style::icon(QStringLiteral("copy"), QStringLiteral("edit-copy")));
    m_copy->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_copy->setToolTip(tr("Copy the command to the clipboard"));
    m_copy->setAccessibleName(tr("Copy command"));
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_copy);
    connect(m_copy, &QToolButton::clicked, this, &CommandPreviewField::copyToClipboard);
    setUnavailable({});
}

void CommandPreviewField::setCommand(const QString& command)
{
    m_available = true;
    m_edit->setEnabled(true);
    m_edit->setText(command);
    m_edit->setToolTip(command);
    m_edit->setCursorPosition(0);
    m_copy->setEnabled(true);
}

QString CommandPreviewField::command() const
{
    return m_available ? m_edit->text() : QString();
}

void CommandPreviewField::setUnavailable(const QString& reason)
{
    m_available = false;
    m_edit->setText(reason);
    m_edit->setToolTip(reason);
    m_edit->setCursorPosition(0);
    m_edit->setEnabled(false);
    m_copy->setEnabled(false);
}

void CommandPreviewField::copyToClipboard()
{
    if (m_available)
        QApplication::clipboard()->setText(m_edit->text());
}

} // namespace k8::app
