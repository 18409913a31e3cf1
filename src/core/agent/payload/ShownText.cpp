// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/ShownText.h"

#include <QLocale>

namespace k8::agent {

namespace {

// The length of the line end at `i` (0: none), as HiddenText and the editor break lines.
qsizetype lineEndAt(const QChar* data, qsizetype size, qsizetype i)
{
    const char16_t c = data[i].unicode();
    if (c == u'\r')
        return i + 1 < size && data[i + 1] == u'\n' ? 2 : 1;
    return c == u'\n' || c == 0x2028 || c == 0x2029 ? 1 : 0;
}

} // namespace

ShownText ShownText::of(const QString& text, int maxLines, qsizetype maxChars)
{
    ShownText result;
    const QChar* data = text.constData();
    const qsizetype size = text.size();
    result.m_totalChars = size;
    maxLines = qMax(1, maxLines);
    maxChars = qMax<qsizetype>(1, maxChars);

    // One pass: count every line, and remember where the shown part ends (after the line end
    // that closes the last shown line, or at the character limit).
    qsizetype lines = 1;
    qsizetype cut = -1;
    qsizetype lastLineEnd = -1; // the end of the last whole line that fits the character limit
    qsizetype linesAtLastEnd = 0;
    for (qsizetype i = 0; i < size;) {
        const qsizetype end = lineEndAt(data, size, i);
        if (end == 0) {
            ++i;
            continue;
        }
        i += end;
        if (cut < 0) {
            if (i <= maxChars) {
                lastLineEnd = i;
                linesAtLastEnd = lines;
            }
            if (lines == maxLines && i <= maxChars)
                cut = i;
        }
        ++lines;
    }
    result.m_totalLines = lines;

    if (cut < 0 && size <= maxChars) {
        result.m_shown = text; // shares the text's data: nothing is copied
        result.m_shownLines = lines;
        return result;
    }
    if (cut < 0) {
        // Over the character limit before the line limit: end at the last line end that fits
        // when there is one in the last quarter, else inside the line.
        if (lastLineEnd > maxChars - maxChars / 4) {
            cut = lastLineEnd;
        } else {
            cut = maxChars;
            if (cut > 0 && data[cut - 1].isHighSurrogate())
                --cut;
            linesAtLastEnd = -1;
        }
    } else {
        linesAtLastEnd = maxLines;
        result.m_cutAtLineLimit = true;
    }
    result.m_partial = cut < size;
    result.m_shown = text.left(cut);
    if (linesAtLastEnd < 0) {
        // Cut inside a line: the shown part holds its whole lines and the start of one more.
        qsizetype shownLines = 1;
        for (qsizetype i = 0; i < cut;) {
            const qsizetype end = lineEndAt(data, cut, i);
            i += end ? end : 1;
            if (end)
                ++shownLines;
        }
        result.m_shownLines = shownLines;
    } else {
        result.m_shownLines = linesAtLastEnd;
    }
    return result;
}

QString ShownText::notShownText() const
{
    if (!m_partial)
        return {};
    if (m_cutAtLineLimit)
        //: %1 and %2 are numbers of lines, e.g. "Showing the first 5,000 of 3,879,702 lines"
        return tr("Showing the first %L1 of %L2 lines: the rest is not shown.")
            .arg(m_shownLines)
            .arg(m_totalLines);
    //: %1 and %2 are numbers of characters; %3 and %4 numbers of lines
    return tr("Showing the first %L1 of %L2 characters (line %L3 of %L4): the rest is not shown.")
        .arg(m_shown.size())
        .arg(m_totalChars)
        .arg(m_shownLines)
        .arg(m_totalLines);
}

} // namespace k8::agent
