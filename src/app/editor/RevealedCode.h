// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>
#include <QTextFormat>

class QTextBlock;
class QTextCharFormat;
class QTextCursor;
class QTextDocument;

namespace k8::app {

// Code kept in a QTextDocument without the document rewriting it, and shown so that nothing in
// it can hide.
//
// A QTextDocument is free to normalise: CR, CRLF, U+2029 and Qt's frame marks U+FDD0/U+FDD1 all
// become block breaks, toPlainText() turns U+2028 into LF and NBSP into a space, and the text
// layout draws zero-width characters as nothing and lets bidi controls reorder the line. So the
// document never holds those characters: every character HiddenText::needsMarker() names is kept
// as one U+FFFC inline object whose format carries the original character (drawn as a boxed
// label by HiddenMarkers, neutral to the bidi algorithm), and every line end is a block break
// whose kind the block after it carries in its format. After it, not before: when a line break
// is deleted Qt keeps the first block's format for the joined line, so the kind that goes is the
// deleted break's own and the line end that stays keeps its kind. text() maps back one to one,
// so text(load(code)) == code for every QString, and an edit keeps what it did not touch.
namespace revealed {

enum class LineEnd
{
    Lf = 0,
    CrLf,
    Cr,
    LineSeparator,      // U+2028
    ParagraphSeparator, // U+2029
};

// Object type and properties in the document's formats.
inline constexpr int MarkerObjectType = QTextFormat::UserObject + 0x51;
inline constexpr int OriginalTextProperty = QTextFormat::UserProperty + 0x51;
inline constexpr int LineEndProperty = QTextFormat::UserProperty + 0x52;

QTextCharFormat markerFormat(const QString& original);
bool isMarker(const QTextCharFormat& format);
// The original characters a marker stands for.
QString originalOf(const QTextCharFormat& format);

QString lineEndText(LineEnd lineEnd);
// The line end before the block (LF where none was recorded, or for the first block).
LineEnd lineEndBefore(const QTextBlock& block);
// The line end after the block (LF for the last block, which has none).
LineEnd lineEndOf(const QTextBlock& block);
// The most common of LF, CRLF and CR in code (LF on a tie or when there is none): what a line
// break the person types becomes.
LineEnd dominantLineEnd(const QString& code);

// Loading code, whole or a piece at a time (CodeEditor::setLoadsInPieces()): pieceEnd() says where
// the piece that starts at `from` ends: after the line end of its maxLines-th line, or after the
// first line end at or past maxChars characters, or at the end of the code. A piece is whole lines,
// so it never splits a CRLF or a surrogate pair. loadCodePiece() replaces the document's text by
// code[0, to) (to = code.size() loads all of it); undo history is cleared and the document is
// unmodified. appendCodePiece() then adds code[from, to) at the end, with `from` where the last
// piece ended. The pieces loaded in turn make the same document as one load of the whole code.
qsizetype pieceEnd(const QString& code, qsizetype from, int maxLines, qsizetype maxChars);
void loadCodePiece(QTextDocument* document, const QString& code, qsizetype to);
void appendCodePiece(QTextDocument* document, const QString& code, qsizetype from, qsizetype to);
// Replaces the document's text by rows, one block each; every special character, line ends too,
// is a marker (the diff view shows lines split on LF, and a CR in one must not split the row).
void loadRows(QTextDocument* document, const QStringList& rows);
// Inserts code at the cursor: line ends become block breaks that remember their kind, special
// characters become markers. The line end after the cursor's line stays after the text that
// follows the cursor.
void insertCode(QTextCursor& cursor, const QString& code);

// The original text of the whole document, or of the positions [from, to).
QString text(const QTextDocument* document);
QString text(const QTextDocument* document, int from, int to);

// Turns special characters that reached the document by another way (typing, an input method)
// into markers, between positions from and to (whole blocks). Returns how many it replaced.
int revealRawCharacters(QTextDocument* document, int from, int to);

} // namespace revealed
} // namespace k8::app
