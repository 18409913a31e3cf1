// SPDX-License-Identifier: Apache-2.0
#include "widgets/CommandPreviewField.h"

#include "style/Style.h"
#include "widgets/FitToLines.h"
#include "widgets/PlainText.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QTextOption>
#include <QToolButton>

namespace k8::app {

CommandPreviewField::CommandPreviewField(QWidget* parent)
    : QWidget(parent)
    , m_text(new QPlainTextEdit(this))
    , m_copy(new QToolButton(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    m_text->setReadOnly(true);
    // Read-only text takes the mouse only; a keyboard user selects and copies a part of it too.
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->setTabChangesFocus(true);
    // A command's words are long (paths, host lists): wrapped at a space where one is, anywhere else.
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_text->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_text->setObjectName(QStringLiteral("commandPreviewEdit"));
    m_text->setAccessibleName(tr("Command"));
    m_text->setAccessibleDescription(tr("The exact kosa8 command this action runs"));
    style::makeMonospace(m_text);
    m_copy->setObjectName(QStringLiteral("copyCommandButton"));
    m_copy->setText(tr("Copy"));
    m_copy->setIcon(style::icon(QStringLiteral("copy"), QStringLiteral("edit-copy")));
    m_copy->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_copy->setToolTip(tr("Copy the command to the clipboard"));
    m_copy->setAccessibleName(tr("Copy command"));
    layout->addWidget(m_text, 1);
    layout->addWidget(m_copy, 0, Qt::AlignTop);
    connect(m_copy, &QToolButton::clicked, this, &CommandPreviewField::copyToClipboard);
    keepHeightFittedToLines(m_text, 1, MostLines);
    setUnavailable({});
}

void CommandPreviewField::showText(const QString& text)
{
    m_text->setPlainText(text);
    m_text->setToolTip(plainToolTip(text)); // a command can hold what an agent named
    m_text->moveCursor(QTextCursor::Start);
}

void CommandPreviewField::setCommand(const QString& command)
{
    m_available = true;
    m_command = command;
    m_text->setEnabled(true);
    showText(command);
    m_copy->setEnabled(true);
}

QString CommandPreviewField::command() const
{
    // The string given, not the document's text, which a text document is free to normalise.
    return m_available ? m_command : QString();
}

void CommandPreviewField::setUnavailable(const QString& reason)
{
    m_available = false;
    m_command.clear();
    showText(reason);
    m_text->setEnabled(false);
    m_copy->setEnabled(false);
}

void CommandPreviewField::copyToClipboard()
{
    if (m_available)
        QApplication::clipboard()->setText(m_command);
}

} // namespace k8::app
