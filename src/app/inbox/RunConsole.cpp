// SPDX-License-Identifier: Apache-2.0
#include "inbox/RunConsole.h"

#include <QFontDatabase>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

namespace k8::app {

RunConsole::RunConsole(QWidget* parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setMaximumBlockCount(DefaultMaxLines);
    // Cut lines are already bounded; wrapping them as well keeps every character in view.
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setTabChangesFocus(true);
}

QString RunConsole::continuationMark()
{
    return QStringLiteral(" ↩");
}

QString RunConsole::continuationLead()
{
    return QStringLiteral("↪ ");
}

bool RunConsole::atLineStart() const
{
    // A block's length counts its separator: 1 is an empty last line.
    return document()->lastBlock().length() <= 1;
}

void RunConsole::appendText(const QString& text, const QColor& colour, bool bold)
{
    if (text.isEmpty())
        return;
    // Cut long lines here, before the document sees them: one huge block would make every append
    // and every layout pass cost as much as the whole line.
    const QString mark = continuationMark() + QLatin1Char('\n') + continuationLead();
    qsizetype column = document()->lastBlock().length() - 1; // characters in the unfinished line
    QString bounded;
    bounded.reserve(text.size() + text.size() / m_maxLineChars * mark.size() + mark.size());
    qsizetype from = 0;
    while (from < text.size()) {
        const qsizetype newline = text.indexOf(QLatin1Char('\n'), from);
        const qsizetype lineEnd = newline < 0 ? text.size() : newline;
        while (lineEnd - from > m_maxLineChars - column) {
            qsizetype take = qMax<qsizetype>(0, m_maxLineChars - column);
            // Never between the halves of a surrogate pair.
            if (take > 0 && text.at(from + take - 1).isHighSurrogate())
                --take;
            bounded += QStringView(text).mid(from, take);
            bounded += mark;
            from += take;
            column = continuationLead().size();
        }
        bounded += QStringView(text).mid(from, lineEnd - from);
        column += lineEnd - from;
        from = lineEnd;
        if (newline >= 0) {
            bounded += QLatin1Char('\n');
            column = 0;
            from = newline + 1;
        }
    }

    QScrollBar* bar = verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum() - 2;
    QTextCursor cursor(document());
    cursor.movePosition(QTextCursor::End);
    QTextCharFormat format;
    if (colour.isValid())
        format.setForeground(colour);
    if (bold)
        format.setFontWeight(QFont::Bold);
    cursor.insertText(bounded, format);
    if (atEnd)
        bar->setValue(bar->maximum());
}

} // namespace k8::app
