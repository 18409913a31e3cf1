// SPDX-License-Identifier: Apache-2.0
#include "inbox/RunConsole.h"

#include "agent/runs/OutputPieces.h"

#include <QFontDatabase>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <climits>

namespace k8::app {

namespace {

QTextCharFormat formatFor(const QColor& colour, bool bold)
{
    QTextCharFormat format;
    if (colour.isValid())
        format.setForeground(colour);
    if (bold)
        format.setFontWeight(QFont::Bold);
    return format;
}

// Where the text after the `count`-th line end of `text` starts (count >= 1 line ends exist).
qsizetype afterLineEnds(const QString& text, qsizetype count)
{
    qsizetype at = -1;
    for (qsizetype n = 0; n < count; ++n)
        at = text.indexOf(QLatin1Char('\n'), at + 1);
    return at + 1;
}

// A cursor at the end of the document, in an edit block the caller ends. Placed with
// setPosition() inside the block: movePosition(End) lays out the block it starts from (the first).
QTextCursor editAtEnd(QTextDocument* document)
{
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    cursor.setPosition(document->characterCount() - 1);
    return cursor;
}

} // namespace

RunConsole::RunConsole(QWidget* parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Nothing is typed here, and an undo history would keep every line dropOldestLines() removes.
    // (QTextDocument::setMaximumBlockCount switched it off as well; the console keeps its own cap.)
    document()->setUndoRedoEnabled(false);
    // Cut lines are already bounded; wrapping them as well keeps every character in view.
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setTabChangesFocus(true);
    m_slice.setInterval(SliceIntervalMs);
    connect(&m_slice, &QTimer::timeout, this, [this] { showQueued(SliceLines); });
}

void RunConsole::setMaxLines(int lines)
{
    m_maxLines = qMax(1, lines);
    dropOldestLines();
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
    if (!m_waiting.empty())
        return m_waiting.back().bytes.endsWith('\n');
    if (!m_queue.empty())
        return m_queueColumn == 0;
    // A block's length counts its separator: 1 is an empty last line.
    return document()->lastBlock().length() <= 1;
}

qsizetype RunConsole::endColumn() const
{
    return m_queue.empty() ? document()->lastBlock().length() - 1 : m_queueColumn;
}

QString RunConsole::bounded(const QString& text, qsizetype& column, qsizetype* lines) const
{
    // Most output has short lines: then the text is kept as it is (shared, not copied), and this
    // one pass over its line ends is all the work.
    qsizetype shortColumn = column;
    qsizetype lineEnds = 0;
    bool allShort = true;
    for (qsizetype from = 0; from < text.size();) {
        const qsizetype newline = text.indexOf(QLatin1Char('\n'), from);
        const qsizetype lineEnd = newline < 0 ? text.size() : newline;
        if (lineEnd - from > m_maxLineChars - shortColumn) {
            allShort = false;
            break;
        }
        shortColumn = newline < 0 ? shortColumn + lineEnd - from : 0;
        lineEnds += newline < 0 ? 0 : 1;
        from = lineEnd + 1;
    }
    if (allShort) {
        column = shortColumn;
        if (lines)
            *lines = lineEnds;
        return text;
    }
    // Cut long lines here, before the document sees them: one huge block would make every append
    // and every layout pass cost as much as the whole line.
    const QString mark = continuationMark() + QLatin1Char('\n') + continuationLead();
    QString out;
    out.reserve(text.size() + text.size() / m_maxLineChars * mark.size() + mark.size());
    qsizetype from = 0;
    while (from < text.size()) {
        const qsizetype newline = text.indexOf(QLatin1Char('\n'), from);
        const qsizetype lineEnd = newline < 0 ? text.size() : newline;
        while (lineEnd - from > m_maxLineChars - column) {
            qsizetype take = qMax<qsizetype>(0, m_maxLineChars - column);
            // Never between the halves of a surrogate pair.
            if (take > 0 && text.at(from + take - 1).isHighSurrogate())
                --take;
            out += QStringView(text).mid(from, take);
            out += mark;
            from += take;
            column = continuationLead().size();
        }
        out += QStringView(text).mid(from, lineEnd - from);
        column += lineEnd - from;
        from = lineEnd;
        if (newline >= 0) {
            out += QLatin1Char('\n');
            column = 0;
            from = newline + 1;
        }
    }
    if (lines)
        *lines = out.count(QLatin1Char('\n'));
    return out;
}

void RunConsole::insert(const QString& text, const QTextCharFormat& format)
{
    QScrollBar* bar = verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum() - 2;
    QTextCursor cursor = editAtEnd(document());
    cursor.insertText(text, format);
    cursor.endEditBlock();
    dropOldestLines();
    if (atEnd)
        bar->setValue(bar->maximum());
}

void RunConsole::dropOldestLines()
{
    // Not QTextDocument's maximumBlockCount: it walks to the cut with QTextCursor::movePosition,
    // which lays out (shapes) every block it passes, so each line beyond the cap cost as much
    // text layout as showing it. For output of many scripts or U+FFFD (bytes that are not UTF-8)
    // that was most of the UI thread's time once the console was full. setPosition() inside an
    // edit block lays out nothing. Its own edit block, after the insert's: the document layout
    // then hears of two small changes, not one spanning every line (which drops every layout).
    const int excess = document()->blockCount() - m_maxLines;
    if (excess <= 0)
        return;
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    cursor.setPosition(document()->findBlockByNumber(excess).position(), QTextCursor::KeepAnchor);
    // The new first line keeps its own format, as maximumBlockCount kept it.
    const QTextCharFormat firstLineFormat = cursor.blockCharFormat();
    cursor.removeSelectedText();
    cursor.setBlockCharFormat(firstLineFormat);
    cursor.endEditBlock();
}

void RunConsole::appendText(const QString& text, const QColor& colour, bool bold)
{
    if (text.isEmpty())
        return;
    showQueued(-1); // in the order it came
    qsizetype column = endColumn();
    insert(bounded(text, column), formatFor(colour, bold));
}

void RunConsole::queueText(const QString& text, const QColor& colour)
{
    if (text.isEmpty())
        return;
    decodeWaiting(); // in the order it came
    queueDecoded(text, formatFor(colour, false));
    if (!m_slice.isActive())
        m_slice.start();
}

void RunConsole::queueBytes(const QByteArray& bytes, const QColor& colour)
{
    if (bytes.isEmpty())
        return;
    Waiting piece;
    piece.bytes = bytes;
    piece.format = formatFor(colour, false);
    piece.lines = agent::countLineEnds(bytes);
    m_waitingLines += piece.lines;
    m_waitingBytes += bytes.size();
    m_waiting.push_back(std::move(piece));
    if (m_waitingLines > MaxQueuedLines)
        dropOldestWaiting();
    if (m_waitingBytes > MaxWaitingBytes)
        decodeWaiting();
    if (!m_slice.isActive())
        m_slice.start();
}

void RunConsole::countSkipped(qsizetype lines)
{
    m_skippedLines += lines;
    m_skippedNotShown += lines;
}

void RunConsole::dropOldestWaiting()
{
    // The newest MaxQueuedLines lines are all waiting bytes: the queued text is older, so it goes.
    countSkipped(m_queuedLines);
    m_queue.clear();
    m_queuedLines = 0;
    m_queueColumn = 0;
    // Whole lines from the front, as dropOldestQueued() does, without decoding them.
    qsizetype excess = m_waitingLines - MaxQueuedLines;
    while (excess > 0 && !m_waiting.empty()) {
        Waiting& front = m_waiting.front();
        const qsizetype size = front.bytes.size() - front.from;
        // Fewer line ends than the excess: its unfinished end (if any) begins a line that goes too.
        const qsizetype cut =
            front.lines < excess
                ? size
                : agent::afterLineEnds(QByteArrayView(front.bytes).sliced(front.from), excess);
        const qsizetype lines = qMin(front.lines, excess);
        front.from += cut;
        front.lines -= lines;
        m_waitingBytes -= cut;
        m_waitingLines -= lines;
        excess -= lines;
        countSkipped(lines);
        if (front.from == front.bytes.size())
            m_waiting.pop_front();
    }
}

void RunConsole::decodeWaiting()
{
    for (const Waiting& piece : m_waiting) {
        const QByteArrayView bytes = QByteArrayView(piece.bytes).sliced(piece.from);
        m_decodedBytes += bytes.size();
        queueDecoded(agent::decodeUtf8Piece(bytes), piece.format);
    }
    m_waiting.clear();
    m_waitingLines = 0;
    m_waitingBytes = 0;
}

void RunConsole::queueDecoded(const QString& text, const QTextCharFormat& format)
{
    if (text.isEmpty())
        return;
    qsizetype column = endColumn();
    Queued piece;
    piece.text = bounded(text, column, &piece.lines);
    piece.format = format;
    m_queueColumn = column;
    m_queuedLines += piece.lines;
    if (!m_queue.empty() && m_queue.back().format == piece.format) {
        m_queue.back().text += piece.text;
        m_queue.back().lines += piece.lines;
    } else {
        m_queue.push_back(std::move(piece));
    }
    if (m_queuedLines > MaxQueuedLines)
        dropOldestQueued();
}

void RunConsole::dropOldestQueued()
{
    // Whole lines from the front: what is skipped is one stretch, right after what is shown.
    qsizetype excess = m_queuedLines - MaxQueuedLines;
    while (excess > 0 && !m_queue.empty()) {
        Queued& front = m_queue.front();
        const qsizetype lines = qMin(front.lines, excess);
        if (lines == front.lines) {
            m_queue.pop_front();
        } else {
            front.text.remove(0, afterLineEnds(front.text, lines));
            front.lines -= lines;
        }
        excess -= lines;
        m_queuedLines -= lines;
        countSkipped(lines);
    }
}

void RunConsole::showQueued(qsizetype maxLines)
{
    decodeWaiting();
    if (m_queue.empty() && m_skippedNotShown == 0) {
        m_slice.stop();
        m_slice.setInterval(SliceIntervalMs); // the flood, if any, is over
        return;
    }
    // Lines skipped since the last slice: output comes faster than it can be shown, so the next
    // slice can wait longer (the class comment). Otherwise every line is shown, at the usual pace.
    // (Only a change: setInterval() restarts an active timer.)
    const int interval = m_skippedNotShown > 0 ? FloodSliceIntervalMs : SliceIntervalMs;
    if (m_slice.interval() != interval)
        m_slice.setInterval(interval);
    QScrollBar* bar = verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum() - 2;
    QTextCursor cursor = editAtEnd(document());
    if (m_skippedNotShown > 0) {
        if (document()->lastBlock().length() > 1)
            cursor.insertText(QStringLiteral("\n"));
        cursor.insertText(tr("… %n lines skipped here: printed faster than the console can show them\n",
                             nullptr, int(qMin<qint64>(m_skippedNotShown, INT_MAX))),
                          formatFor(palette().color(QPalette::PlaceholderText), false));
        m_skippedNotShown = 0;
    }
    qsizetype budget = maxLines < 0 ? m_queuedLines : maxLines;
    while (!m_queue.empty()) {
        Queued& front = m_queue.front();
        if (front.lines <= budget) {
            cursor.insertText(front.text, front.format);
            budget -= front.lines;
            m_queuedLines -= front.lines;
            m_queue.pop_front();
            continue;
        }
        if (budget > 0) {
            const qsizetype cut = afterLineEnds(front.text, budget);
            cursor.insertText(front.text.left(cut), front.format);
            front.text.remove(0, cut);
            front.lines -= budget;
            m_queuedLines -= budget;
        }
        break;
    }
    cursor.endEditBlock();
    dropOldestLines();
    if (atEnd)
        bar->setValue(bar->maximum());
    if (m_queue.empty()) {
        m_slice.stop();
        m_slice.setInterval(SliceIntervalMs);
    }
}

} // namespace k8::app
