// SPDX-License-Identifier: Apache-2.0
#include "editor/CodeEditor.h"

#include "style/StateColours.h"

#include "editor/CodeHighlighter.h"

#include <QFontDatabase>
#include <QPainter>
#include <QPainterPath>
#include <QTextBlock>
#include <QTimer>

namespace k8::app {

namespace {

// The gutter's column right of the line numbers where folding markers go.
int foldColumnWidth(const QFontMetrics& metrics)
{
    return metrics.height() * 3 / 4 + 2;
}

} // namespace

// The sidebar: a plain widget that asks the editor to paint it, because the editor knows where
// each visible block is.
class LineNumberArea : public QWidget
{
public:
    explicit LineNumberArea(CodeEditor* editor)
        : QWidget(editor)
        , m_editor(editor)
    {}
    QSize sizeHint() const override { return {m_editor->lineNumberAreaWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_editor->paintLineNumbers(event); }

private:
    CodeEditor* m_editor;
};

CodeEditor::CodeEditor(QWidget* parent)
    : RevealingTextEdit(parent)
    , m_lineNumberArea(new LineNumberArea(this))
    , m_highlighter(new CodeHighlighter(document()))
    , m_findingsTimer(new QTimer(this))
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Wrapped, so that no tail of a line is out of sight: code hides past the right edge.
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 4);
    setAccessibleName(tr("Code"));

    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { updateLineNumberAreaWidth(); });
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateLineNumberArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &CodeEditor::highlightCurrentLine);
    // Any change to the document's text or formats, whoever makes it, ends "untouched";
    // highlighting and relayout do not emit this.
    connect(document(), &QTextDocument::contentsChange, this, [this] {
        if (m_loading)
            return;
        m_pristine = false;
        m_findingsTimer->start();
    });
    m_findingsTimer->setSingleShot(true);
    m_findingsTimer->setInterval(200);
    connect(m_findingsTimer, &QTimer::timeout, this, &CodeEditor::refreshFindings);
    m_pieceTimer = new QTimer(this);
    m_pieceTimer->setInterval(0);
    connect(m_pieceTimer, &QTimer::timeout, this, &CodeEditor::loadNextPiece);

    updateLineNumberAreaWidth();
    pickTheme();
    highlightCurrentLine();
}

CodeEditor::~CodeEditor()
{
    // The document goes down with the base class, taking the highlighter with it; its change
    // signals would reach slots of owners that are already half destroyed.
    blockSignals(true);
    document()->blockSignals(true);
}

void CodeEditor::setLanguage(const QString& language)
{
    m_language = language;
    m_highlighter->setLanguage(language);
}

void CodeEditor::setEditable(bool editable)
{
    m_wantsEditable = editable;
    // Not while pieces are still to come: an edit would make code() the document, part of it.
    editable = editable && !m_shown.isPartial() && !isLoading();
    setReadOnly(!editable);
    setTabChangesFocus(!editable);
    if (!editable)
        setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    highlightCurrentLine();
}

int CodeEditor::lineNumberAreaWidth() const
{
    int digits = 1;
    for (int max = qMax(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    // Room for at least two digits so the gutter does not jump between line 9 and 10.
    digits = qMax(2, digits);
    return 8 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits + foldColumnWidth(fontMetrics());
}

void CodeEditor::updateLineNumberAreaWidth()
{
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void CodeEditor::updateLineNumberArea(const QRect& rect, int dy)
{
    if (dy != 0)
        m_lineNumberArea->scroll(0, dy);
    else
        m_lineNumberArea->update(0, rect.y(), m_lineNumberArea->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateLineNumberAreaWidth();
}

void CodeEditor::resizeEvent(QResizeEvent* event)
{
    RevealingTextEdit::resizeEvent(event);
    const QRect area = contentsRect();
    m_lineNumberArea->setGeometry(QRect(area.left(), area.top(), lineNumberAreaWidth(), area.height()));
}

void CodeEditor::changeEvent(QEvent* event)
{
    RevealingTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        pickTheme();
        highlightCurrentLine();
    } else if (event->type() == QEvent::FontChange) {
        updateLineNumberAreaWidth();
    }
}

void CodeEditor::pickTheme()
{
    const bool dark = StateColours::isDark(palette());
    if (dark == m_dark && m_highlighter->isDarkTheme() == dark)
        return;
    m_dark = dark;
    m_highlighter->setDarkTheme(dark);
    Q_EMIT themeChanged(dark);
}

void CodeEditor::highlightCurrentLine()
{
    applyExtraSelections();
}

void CodeEditor::applyExtraSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    QTextEdit::ExtraSelection line;
    line.format.setBackground(StateColours(palette()).colour(StateColours::Role::CurrentLine));
    line.format.setProperty(QTextFormat::FullWidthSelection, true);
    line.cursor = textCursor();
    line.cursor.clearSelection();
    selections.append(line);
    selections.append(markedTextSelections());
    setExtraSelections(selections);
}

void CodeEditor::paintLineNumbers(QPaintEvent* event)
{
    QPainter painter(m_lineNumberArea);
    const QColor base = palette().color(QPalette::Base);
    painter.fillRect(event->rect(), m_dark ? base.lighter(115) : base.darker(105));

    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int currentBlock = textCursor().blockNumber();
    const QColor text = palette().color(QPalette::Text);
    const int foldColumn = foldColumnWidth(fontMetrics());
    QColor foldColour = text;
    foldColour.setAlphaF(0.6f);
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            QColor colour = text;
            if (block.blockNumber() != currentBlock)
                colour.setAlphaF(0.45f);
            painter.setPen(colour);
            painter.drawText(0, top, m_lineNumberArea->width() - foldColumn - 2, fontMetrics().height(),
                             Qt::AlignRight, QString::number(block.blockNumber() + 1));
            if (m_highlighter->startsFoldingRegion(block)) {
                // A small triangle pointing down: a region (braces, a block, a long string)
                // starts on this line.
                const qreal size = foldColumn * 0.5;
                const QPointF centre(m_lineNumberArea->width() - foldColumn / 2.0 - 1,
                                     top + fontMetrics().height() / 2.0);
                const QPointF corners[3] = {centre + QPointF(-size / 2, -size / 4),
                                            centre + QPointF(size / 2, -size / 4),
                                            centre + QPointF(0, size / 2)};
                painter.save();
                painter.setRenderHint(QPainter::Antialiasing);
                painter.setPen(Qt::NoPen);
                painter.setBrush(foldColour);
                painter.drawPolygon(corners, 3);
                painter.restore();
            }
            paintWrapMarks(painter, block, top);
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
    }
}

void CodeEditor::paintWrapMarks(QPainter& painter, const QTextBlock& block, int top)
{
    const QTextLayout* layout = block.layout();
    if (!layout || layout->lineCount() < 2)
        return;
    // A hook arrow on every continuation row: this row is the line above, wrapped, not a new line.
    const qreal width = fontMetrics().horizontalAdvance(QLatin1Char('9'));
    const qreal right = m_lineNumberArea->width() - 4;
    QColor colour = palette().color(QPalette::Text);
    colour.setAlphaF(0.55f);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(colour, 1.2));
    for (int i = 1; i < layout->lineCount(); ++i) {
        const QTextLine line = layout->lineAt(i);
        const qreal y = top + layout->position().y() + line.y() + line.height() / 2;
        const qreal left = right - width;
        QPainterPath hook;
        hook.moveTo(left, y - line.height() * 0.3);
        hook.lineTo(left, y);
        hook.lineTo(right, y);
        hook.moveTo(right - width * 0.4, y - width * 0.4);
        hook.lineTo(right, y);
        hook.lineTo(right - width * 0.4, y + width * 0.4);
        painter.drawPath(hook);
    }
    painter.restore();
}

void CodeEditor::setCode(const QString& code)
{
    setCode(code, nullptr);
}

void CodeEditor::setCode(const QString& code, const agent::PreparedText* prepared)
{
    if (prepared && !prepared->isFor(code))
        prepared = nullptr;
    m_pieceTimer->stop(); // what was still to come of the text before goes with it
    m_highlighter->setLoadingPieces(false);
    // Set before the load: a slot on textChanged() that asks for code() during it gets the new code.
    m_originalCode = code;
    m_shown = prepared ? prepared->shown : agent::ShownText::of(code);
    if (m_shown.isPartial())
        setEditable(false);
    m_pristine = true;
    m_loading = true;
    if (m_inPieces) {
        m_loadedTo = startRevealedText(m_shown.shown(), FirstPieceLines, PieceChars);
        if (isLoading()) {
            setEditable(false); // the caller's setEditable() after this takes effect at the end
            // The first piece is coloured as any new text is; the rest once it is all in.
            m_highlighter->setLoadingPieces(true);
            m_pieceTimer->start();
        }
    } else {
        setRevealedText(m_shown.shown());
        m_loadedTo = m_shown.shown().size();
    }
    m_loading = false;
    highlightCurrentLine();
    if (!prepared) {
        refreshFindings();
        return;
    }
    // The very findings refreshFindings() would give: the same scan of the same string.
    m_findingsTimer->stop();
    m_findings = prepared->findings;
    adaptWrapping(m_shown.shown());
    Q_EMIT findingsChanged(m_findings);
}

bool CodeEditor::isLoading() const
{
    return m_loadedTo < m_shown.shown().size();
}

void CodeEditor::loadNextPiece()
{
    if (!isLoading() || !isRevealing()) {
        // Nothing left, or the text was replaced another way (setPlainText()): nothing to add to.
        m_loadedTo = m_shown.shown().size();
        endLoading();
        return;
    }
    m_loading = true;
    m_loadedTo = appendRevealedText(m_shown.shown(), m_loadedTo, PieceLines, PieceChars);
    m_loading = false;
    if (!isLoading())
        endLoading();
}

void CodeEditor::finishLoading()
{
    while (isLoading())
        loadNextPiece();
}

void CodeEditor::endLoading()
{
    m_pieceTimer->stop();
    m_highlighter->setLoadingPieces(false);
    // The underlines of the pieces after the first, in one pass over the whole text.
    refreshMarkedText();
    highlightCurrentLine();
    if (m_wantsEditable)
        setEditable(true);
    Q_EMIT codeLoaded();
}

void CodeEditor::dropTextNotShown()
{
    if (m_shown.isPartial() && m_pristine)
        m_originalCode = m_shown.shown();
}

QString CodeEditor::code() const
{
    if (m_pristine)
        return m_originalCode;
    return revealedText();
}

const agent::HiddenText::Report& CodeEditor::currentFindings()
{
    if (m_findingsTimer->isActive())
        refreshFindings();
    return m_findings;
}

void CodeEditor::refreshFindings()
{
    m_findingsTimer->stop();
    // Every character is scanned, shown or not: showing less must never warn less.
    const QString text = code();
    m_findings = agent::HiddenText::scan(text);
    adaptWrapping(m_pristine ? m_shown.shown() : text);
    Q_EMIT findingsChanged(m_findings);
}

} // namespace k8::app
