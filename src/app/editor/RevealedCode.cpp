// SPDX-License-Identifier: Apache-2.0
#include "editor/RevealedCode.h"

#include "agent/payload/HiddenText.h"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <array>

namespace k8::app::revealed {

using k8::agent::HiddenText;

namespace {

const QChar ObjectCharacter(QChar::ObjectReplacementCharacter);

// The code point starting at index i and how many UTF-16 units it takes; a lone surrogate is a
// code point of its own (it must survive as it is, and it is shown as a marker).
char32_t codePointAt(const QString& text, qsizetype i, int* width)
{
    const char16_t unit = text.at(i).unicode();
    if (QChar::isHighSurrogate(unit) && i + 1 < text.size() &&
        QChar::isLowSurrogate(text.at(i + 1).unicode())) {
        *width = 2;
        return QChar::surrogateToUcs4(unit, text.at(i + 1).unicode());
    }
    *width = 1;
    return unit;
}

// Which line end starts at index i of text, and its length; 0 when none does.
int lineEndAt(const QString& text, qsizetype i, LineEnd* lineEnd)
{
    switch (text.at(i).unicode()) {
    case u'\n':
        *lineEnd = LineEnd::Lf;
        return 1;
    case u'\r':
        if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n')) {
            *lineEnd = LineEnd::CrLf;
            return 2;
        }
        *lineEnd = LineEnd::Cr;
        return 1;
    case 0x2028:
        *lineEnd = LineEnd::LineSeparator;
        return 1;
    case 0x2029:
        *lineEnd = LineEnd::ParagraphSeparator;
        return 1;
    default:
        return 0;
    }
}

// The format of a block that starts after a line end of this kind.
QTextBlockFormat blockAfter(LineEnd lineEnd)
{
    QTextBlockFormat format;
    format.setProperty(LineEndProperty, int(lineEnd));
    return format;
}

// Inserts text with no line ends in it (or, for rows, with line ends shown as markers).
void insertInline(QTextCursor& cursor, const QString& text, qsizetype from, qsizetype to, bool markLineEnds)
{
    const QTextCharFormat plain;
    qsizetype runStart = from;
    for (qsizetype i = from; i < to;) {
        int width = 1;
        const char32_t c = codePointAt(text, i, &width);
        if (HiddenText::needsMarker(c) || (markLineEnds && c == '\n')) {
            if (i > runStart)
                cursor.insertText(text.mid(runStart, i - runStart), plain);
            cursor.insertText(QString(ObjectCharacter), markerFormat(text.mid(i, width)));
            runStart = i + width;
        }
        i += width;
    }
    if (to > runStart)
        cursor.insertText(text.mid(runStart, to - runStart), plain);
}

// Loads with undo off, so that the load is not a step the person can undo into an empty editor.
template <typename Fill> void replaceContent(QTextDocument* document, Fill fill)
{
    const bool undo = document->isUndoRedoEnabled();
    document->setUndoRedoEnabled(false);
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    cursor.select(QTextCursor::Document);
    cursor.removeSelectedText();
    cursor.setBlockFormat(QTextBlockFormat());
    cursor.setCharFormat(QTextCharFormat());
    fill(cursor);
    cursor.endEditBlock();
    document->setUndoRedoEnabled(undo);
    document->setModified(false);
}

} // namespace

QTextCharFormat markerFormat(const QString& original)
{
    QTextCharFormat format;
    format.setObjectType(MarkerObjectType);
    format.setProperty(OriginalTextProperty, original);
    return format;
}

bool isMarker(const QTextCharFormat& format)
{
    return format.objectType() == MarkerObjectType && format.hasProperty(OriginalTextProperty);
}

QString originalOf(const QTextCharFormat& format)
{
    return format.property(OriginalTextProperty).toString();
}

QString lineEndText(LineEnd lineEnd)
{
    switch (lineEnd) {
    case LineEnd::Lf:
        break;
    case LineEnd::CrLf:
        return QStringLiteral("\r\n");
    case LineEnd::Cr:
        return QStringLiteral("\r");
    case LineEnd::LineSeparator:
        return QString(QChar(QChar::LineSeparator));
    case LineEnd::ParagraphSeparator:
        return QString(QChar(QChar::ParagraphSeparator));
    }
    return QStringLiteral("\n");
}

LineEnd lineEndBefore(const QTextBlock& block)
{
    const QVariant value = block.blockFormat().property(LineEndProperty);
    if (!value.isValid())
        return LineEnd::Lf;
    const int kind = value.toInt();
    if (kind < int(LineEnd::Lf) || kind > int(LineEnd::ParagraphSeparator))
        return LineEnd::Lf;
    return LineEnd(kind);
}

LineEnd lineEndOf(const QTextBlock& block)
{
    return lineEndBefore(block.next());
}

LineEnd dominantLineEnd(const QString& code)
{
    std::array<int, 3> counts{}; // LF, CRLF, CR
    for (qsizetype i = 0; i < code.size();) {
        LineEnd lineEnd = LineEnd::Lf;
        const int length = lineEndAt(code, i, &lineEnd);
        if (length == 0) {
            ++i;
            continue;
        }
        if (lineEnd == LineEnd::Lf || lineEnd == LineEnd::CrLf || lineEnd == LineEnd::Cr)
            ++counts.at(size_t(lineEnd));
        i += length;
    }
    if (counts[1] > counts[0] && counts[1] >= counts[2])
        return LineEnd::CrLf;
    if (counts[2] > counts[0] && counts[2] > counts[1])
        return LineEnd::Cr;
    return LineEnd::Lf;
}

namespace {

// insertCode() of code[from, to), `to` after a whole line end or at the end of the code.
void insertRange(QTextCursor& cursor, const QString& code, qsizetype from, qsizetype to)
{
    qsizetype lineStart = from;
    for (qsizetype i = from; i < to;) {
        LineEnd lineEnd = LineEnd::Lf;
        const int length = lineEndAt(code, i, &lineEnd);
        if (length == 0) {
            ++i;
            continue;
        }
        insertInline(cursor, code, lineStart, i, false);
        // The new block starts after this line end; the line end after it, if any, is the next
        // block's and stays where it was.
        cursor.insertBlock(blockAfter(lineEnd), QTextCharFormat());
        i += length;
        lineStart = i;
    }
    insertInline(cursor, code, lineStart, to, false);
}

} // namespace

void insertCode(QTextCursor& cursor, const QString& code)
{
    insertRange(cursor, code, 0, code.size());
}

qsizetype pieceEnd(const QString& code, qsizetype from, int maxLines, qsizetype maxChars)
{
    int lines = 0;
    for (qsizetype i = from; i < code.size();) {
        LineEnd lineEnd = LineEnd::Lf;
        const int length = lineEndAt(code, i, &lineEnd);
        if (length == 0) {
            ++i;
            continue;
        }
        i += length;
        if (++lines >= maxLines || i - from >= maxChars)
            return i;
    }
    return code.size();
}

void loadCodePiece(QTextDocument* document, const QString& code, qsizetype to)
{
    replaceContent(document, [&](QTextCursor& cursor) { insertRange(cursor, code, 0, to); });
}

void appendCodePiece(QTextDocument* document, const QString& code, qsizetype from, qsizetype to)
{
    // Undo off as for the load it continues: appending is not a step the person can undo.
    const bool undo = document->isUndoRedoEnabled();
    document->setUndoRedoEnabled(false);
    QTextCursor cursor(document);
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();
    // The document ends with the line end before `from` (its last block, empty, carries it): the
    // piece goes on in that block, as it would have in one load.
    insertRange(cursor, code, from, to);
    cursor.endEditBlock();
    document->setUndoRedoEnabled(undo);
    document->setModified(false);
}

void loadRows(QTextDocument* document, const QStringList& rows)
{
    replaceContent(document, [&](QTextCursor& cursor) {
        for (qsizetype row = 0; row < rows.size(); ++row) {
            if (row > 0)
                cursor.insertBlock(QTextBlockFormat(), QTextCharFormat());
            insertInline(cursor, rows.at(row), 0, rows.at(row).size(), true);
        }
    });
}

QString text(const QTextDocument* document)
{
    return text(document, 0, document->characterCount());
}

QString text(const QTextDocument* document, int from, int to)
{
    QString out;
    for (QTextBlock block = document->findBlock(from); block.isValid() && block.position() < to;
         block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const int start = qMax(from, fragment.position());
            const int end = qMin(to, fragment.position() + fragment.length());
            if (start >= end)
                continue;
            const QString part = fragment.text().mid(start - fragment.position(), end - start);
            const QTextCharFormat format = fragment.charFormat();
            if (!isMarker(format)) {
                out += part;
                continue;
            }
            // Only the object character stands for the original; anything else that carries the
            // format (typed next to a marker) is itself.
            const QString original = originalOf(format);
            for (const QChar ch : part)
                out += ch == ObjectCharacter ? original : QString(ch);
        }
        const int separator = block.position() + block.length() - 1;
        if (block.next().isValid() && separator >= from && separator < to)
            out += lineEndText(lineEndBefore(block.next()));
    }
    return out;
}

int revealRawCharacters(QTextDocument* document, int from, int to)
{
    struct Hit
    {
        int position;
        QString original;
    };
    QList<Hit> hits;
    const QTextBlock last = document->findBlock(qMax(from, to));
    for (QTextBlock block = document->findBlock(from); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const bool marker = isMarker(fragment.charFormat());
            const QString part = fragment.text();
            for (qsizetype i = 0; i < part.size();) {
                int width = 1;
                const char32_t c = codePointAt(part, i, &width);
                const bool isOurObject = marker && c == QChar::ObjectReplacementCharacter;
                if (!isOurObject && HiddenText::needsMarker(c))
                    hits.append({fragment.position() + int(i), part.mid(i, width)});
                i += width;
            }
        }
        if (block == last)
            break;
    }
    if (hits.isEmpty())
        return 0;
    QTextCursor cursor(document);
    cursor.joinPreviousEditBlock();
    for (auto hit = hits.crbegin(); hit != hits.crend(); ++hit) {
        cursor.setPosition(hit->position);
        cursor.setPosition(hit->position + int(hit->original.size()), QTextCursor::KeepAnchor);
        cursor.insertText(QString(ObjectCharacter), markerFormat(hit->original));
    }
    cursor.endEditBlock();
    return int(hits.size());
}

} // namespace k8::app::revealed
