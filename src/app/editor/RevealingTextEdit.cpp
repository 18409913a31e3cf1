// SPDX-License-Identifier: Apache-2.0
#include "editor/RevealingTextEdit.h"

#include "agent/payload/HiddenText.h"
#include "editor/HiddenMarkers.h"

#include <QKeyEvent>
#include <QMimeData>
#include <QPainter>
#include <QTextBlock>
#include <QTimer>

#include <limits>

namespace k8::app {

using agent::HiddenText;
using revealed::LineEnd;

namespace {

// More underlines than this cost more to lay out than they help: the warning bar has the count.
constexpr int MaxLookAlikeSelections = 2000;

bool isAscii(const QString& text)
{
    for (const QChar ch : text) {
        if (ch.unicode() > 0x7F)
            return false;
    }
    return true;
}

// The longest run of characters with no space or line end in it.
int longestUnbrokenRun(const QString& text)
{
    int longest = 0;
    int run = 0;
    for (const QChar ch : text) {
        if (ch.isSpace()) {
            run = 0;
        } else if (++run > longest) {
            longest = run;
        }
    }
    return longest;
}

QString lineEndLabel(LineEnd lineEnd)
{
    switch (lineEnd) {
    case LineEnd::Lf:
        break;
    case LineEnd::CrLf:
        return QStringLiteral("CRLF");
    case LineEnd::Cr:
        return QStringLiteral("CR");
    case LineEnd::LineSeparator:
        return QStringLiteral("LS");
    case LineEnd::ParagraphSeparator:
        return QStringLiteral("PS");
    }
    return {};
}

} // namespace

RevealingTextEdit::RevealingTextEdit(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_markers(new HiddenMarkers(this))
    , m_markedTextTimer(new QTimer(this))
{
    m_markers->attach(document());
    m_markers->setPalette(palette());
    // Long lines wrap: the end of a line is never out of sight past the right edge.
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    // Every line left to right, whatever its first letter: a line that starts with a Hebrew or
    // Arabic letter would otherwise be a right-to-left paragraph, right-aligned with its runs in
    // reverse order, which hides code as well as an override does.
    setLayoutDirection(Qt::LeftToRight);
    QTextOption option = document()->defaultTextOption();
    option.setTextDirection(Qt::LeftToRight);
    document()->setDefaultTextOption(option);
    m_markedTextTimer->setSingleShot(true);
    m_markedTextTimer->setInterval(150);
    connect(m_markedTextTimer, &QTimer::timeout, this, &RevealingTextEdit::refreshMarkedText);
    connect(document(), &QTextDocument::contentsChange, this, &RevealingTextEdit::noteChange);
}

RevealingTextEdit::~RevealingTextEdit()
{
    // The document outlives this part of the object and emits while it is torn down.
    disconnect(document(), nullptr, this, nullptr);
}

void RevealingTextEdit::setRevealedText(const QString& code)
{
    loadRevealedText(code, code.size());
}

qsizetype RevealingTextEdit::startRevealedText(const QString& code, int pieceLines, qsizetype pieceChars)
{
    const qsizetype end = revealed::pieceEnd(code, 0, pieceLines, pieceChars);
    loadRevealedText(code, end);
    return end;
}

void RevealingTextEdit::loadRevealedText(const QString& code, qsizetype end)
{
    m_revealing = true;
    QPlainTextEdit::setPlainText(QString()); // resets cursor, scroll position and undo like a load
    // Before the load, for the whole text even when only its first piece goes in now: laying the
    // text out with the wrong mode is what costs (see the header).
    adaptWrapping(code);
    revealed::loadCodePiece(document(), code, end);
    m_newLineEnd = revealed::dominantLineEnd(code);
    m_revealing = false;
    m_exact = true;
    m_dirtyFrom = m_dirtyTo = -1;
    moveCursor(QTextCursor::Start);
    refreshMarkedText();
}

qsizetype RevealingTextEdit::appendRevealedText(const QString& code, qsizetype from, int pieceLines,
                                                qsizetype pieceChars)
{
    const qsizetype end = revealed::pieceEnd(code, from, pieceLines, pieceChars);
    m_revealing = true;
    revealed::appendCodePiece(document(), code, from, end);
    m_revealing = false;
    return end;
}

void RevealingTextEdit::setRevealedRows(const QStringList& rows)
{
    m_revealing = true;
    QPlainTextEdit::setPlainText(QString());
    adaptWrapping(rows.join(QLatin1Char('\n')));
    revealed::loadRows(document(), rows);
    m_newLineEnd = LineEnd::Lf;
    m_revealing = false;
    m_exact = true;
    m_dirtyFrom = m_dirtyTo = -1;
    moveCursor(QTextCursor::Start);
    refreshMarkedText();
}

void RevealingTextEdit::adaptWrapping(const QString& text)
{
    const QTextOption::WrapMode mode = longestUnbrokenRun(text) > LongestWordWrappedAtBoundaries
                                           ? QTextOption::WrapAnywhere
                                           : QTextOption::WrapAtWordBoundaryOrAnywhere;
    if (wordWrapMode() != mode)
        setWordWrapMode(mode);
}

QString RevealingTextEdit::revealedText() const
{
    return revealed::text(document());
}

void RevealingTextEdit::noteChange(int position, int, int added)
{
    if (m_revealing)
        return;
    // QPlainTextEdit::setPlainText() loads with undo switched off, an edit never does: text
    // loaded past setRevealedText() is the caller's to read with toPlainText(), and turning its
    // characters into markers behind the caller's back would change what toPlainText() returns.
    if (!document()->isUndoRedoEnabled())
        m_exact = false;
    if (m_exact && added > 0) {
        const bool scheduled = m_dirtyFrom >= 0;
        m_dirtyFrom = scheduled ? qMin(m_dirtyFrom, position) : position;
        m_dirtyTo = qMax(m_dirtyTo, position + added);
        // Typing, pasting and input methods reveal at once (below); this catches every other way
        // text gets in (a caller's setPlainText, undo into an old state).
        if (!scheduled)
            QTimer::singleShot(0, this, &RevealingTextEdit::revealPending);
    }
    m_markedTextTimer->start();
}

void RevealingTextEdit::revealPending()
{
    if (m_dirtyFrom < 0)
        return;
    const int end = qMax(0, document()->characterCount() - 1);
    const int from = qBound(0, m_dirtyFrom, end);
    const int to = qBound(from, m_dirtyTo, end);
    m_dirtyFrom = m_dirtyTo = -1;
    m_revealing = true;
    revealed::revealRawCharacters(document(), from, to);
    m_revealing = false;
}

void RevealingTextEdit::keyPressEvent(QKeyEvent* event)
{
    // Where Tab indents (code being edited), Ctrl+Tab and Ctrl+Shift+Tab leave for the next or
    // previous control, as in other desktop text views: without them the keyboard was kept in.
    if ((event->key() == Qt::Key_Tab || event->key() == Qt::Key_Backtab) &&
        (event->modifiers() & Qt::ControlModifier) && !tabChangesFocus()) {
        // QPlainTextEdit's own refuses to move the focus while Tab is text; its base's does not.
        QAbstractScrollArea::focusNextPrevChild(event->key() == Qt::Key_Tab &&
                                                !(event->modifiers() & Qt::ShiftModifier));
        return;
    }
    if (!m_exact) {
        QPlainTextEdit::keyPressEvent(event);
        return;
    }
    // Text typed next to a marker must not take the marker's format.
    if (revealed::isMarker(currentCharFormat()))
        setCurrentCharFormat(QTextCharFormat());

    const bool lineBreak = (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
                           !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
    if (lineBreak && !isReadOnly()) {
        // A line break the person types is the code's usual line end (Shift+Return too, which a
        // QPlainTextEdit would make U+2028). The line end the split line had belongs to the
        // block after it, so it stays after the text that moves down.
        QTextCursor cursor = textCursor();
        cursor.beginEditBlock();
        cursor.removeSelectedText();
        QTextBlockFormat format = cursor.blockFormat();
        format.setProperty(revealed::LineEndProperty, int(m_newLineEnd));
        cursor.insertBlock(format, QTextCharFormat());
        cursor.endEditBlock();
        setTextCursor(cursor);
        ensureCursorVisible();
        event->accept();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
    revealPending();
}

void RevealingTextEdit::inputMethodEvent(QInputMethodEvent* event)
{
    if (!m_exact) {
        QPlainTextEdit::inputMethodEvent(event);
        return;
    }
    if (revealed::isMarker(currentCharFormat()))
        setCurrentCharFormat(QTextCharFormat());
    QPlainTextEdit::inputMethodEvent(event);
    revealPending();
}

QMimeData* RevealingTextEdit::createMimeDataFromSelection() const
{
    if (!m_exact)
        return QPlainTextEdit::createMimeDataFromSelection();
    const QTextCursor cursor = textCursor();
    auto* mime = new QMimeData;
    mime->setText(revealed::text(document(), cursor.selectionStart(), cursor.selectionEnd()));
    return mime;
}

bool RevealingTextEdit::canInsertFromMimeData(const QMimeData* source) const
{
    if (!m_exact)
        return QPlainTextEdit::canInsertFromMimeData(source);
    return source->hasText();
}

void RevealingTextEdit::insertFromMimeData(const QMimeData* source)
{
    if (!m_exact) {
        QPlainTextEdit::insertFromMimeData(source);
        return;
    }
    if (isReadOnly() || !source->hasText())
        return;
    QTextCursor cursor = textCursor();
    cursor.beginEditBlock();
    cursor.removeSelectedText();
    revealed::insertCode(cursor, source->text());
    cursor.endEditBlock();
    setTextCursor(cursor);
    ensureCursorVisible();
}

void RevealingTextEdit::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        m_markers->setPalette(palette());
        refreshMarkedText();
        viewport()->update();
    }
}

void RevealingTextEdit::applyExtraSelections()
{
    setExtraSelections(m_markedText);
}

void RevealingTextEdit::refreshMarkedText()
{
    m_markedTextTimer->stop();
    m_markedText.clear();
    QTextCharFormat lookAlike;
    lookAlike.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    lookAlike.setUnderlineColor(m_markers->warningColour());
    lookAlike.setBackground(m_markers->warningBackground());
    QTextCharFormat rightToLeft;
    rightToLeft.setUnderlineStyle(QTextCharFormat::DotLine);
    rightToLeft.setUnderlineColor(m_markers->warningColour());
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        const QString text = block.text();
        // An encoding declaration is ASCII: a line that says "coding" is scanned all the same.
        if (isAscii(text) && !text.contains(QLatin1String("coding"), Qt::CaseInsensitive))
            continue;
        // One line at a time, on the document's text: a marker (U+FFFC) ends a word as the
        // character it stands for would, and the positions are the document's.
        const HiddenText::Report report = HiddenText::scan(text, std::numeric_limits<int>::max());
        for (const HiddenText::Finding& finding : report.findings) {
            if (finding.kind != HiddenText::NonAsciiInIdentifier &&
                finding.kind != HiddenText::RightToLeftText &&
                finding.kind != HiddenText::EncodingDeclaration)
                continue;
            QTextEdit::ExtraSelection selection;
            selection.cursor = QTextCursor(document());
            selection.cursor.setPosition(block.position() + finding.column);
            selection.cursor.setPosition(block.position() + finding.column + finding.length,
                                         QTextCursor::KeepAnchor);
            selection.format = finding.kind == HiddenText::RightToLeftText ? rightToLeft : lookAlike;
            m_markedText.append(selection);
        }
        if (m_markedText.size() >= MaxLookAlikeSelections)
            break;
    }
    applyExtraSelections();
}

void RevealingTextEdit::paintEvent(QPaintEvent* event)
{
    QPlainTextEdit::paintEvent(event);
    QPainter painter(viewport());
    paintLineEnds(painter, event->rect());
}

void RevealingTextEdit::paintLineEnds(QPainter& painter, const QRect& area)
{
    const QPointF offset = contentOffset();
    for (QTextBlock block = firstVisibleBlock(); block.isValid() && block.next().isValid();
         block = block.next()) {
        const QRectF geometry = blockBoundingGeometry(block).translated(offset);
        if (geometry.top() > area.bottom())
            break;
        const LineEnd lineEnd = revealed::lineEndOf(block);
        if (lineEnd == LineEnd::Lf || !block.isVisible() || !block.layout() ||
            block.layout()->lineCount() == 0)
            continue;
        const QTextLayout* layout = block.layout();
        const QTextLine line = layout->lineAt(layout->lineCount() - 1);
        const QString label = lineEndLabel(lineEnd);
        const QSizeF size = m_markers->labelSize(font(), label);
        const QPointF origin = geometry.topLeft() + layout->position();
        const QRectF rect(origin.x() + line.x() + line.naturalTextWidth() + 3,
                          origin.y() + line.y() + line.ascent() - size.height(), size.width(), size.height());
        m_markers->paintLabel(&painter, rect, font(), label,
                              lineEnd == LineEnd::CrLf ? HiddenMarkers::Quiet : HiddenMarkers::Warning);
    }
}

} // namespace k8::app
