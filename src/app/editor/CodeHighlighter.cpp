// SPDX-License-Identifier: Apache-2.0
#include "editor/CodeHighlighter.h"

#include "editor/SyntaxRepository.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/FoldingRegion>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QTextCharFormat>
#include <QTextDocument>
#include <QTextLayout>

#include <limits>

namespace k8::app {

namespace {

// What the highlighter keeps with each line (QTextBlock user data, owned by the block).
class LineState : public QTextBlockUserData
{
public:
    // The highlighter generation it was coloured in; a new text, language or theme starts a new
    // one, and an edited line is set to -1.
    int generation = -1;
    KSyntaxHighlighting::State start;
    KSyntaxHighlighting::State end;
    // Folding regions this line opens and leaves open, and closes that were opened before it
    // (region ids, in order).
    QList<int> opens;
    QList<int> closes;
};

LineState* lineState(const QTextBlock& block)
{
    return static_cast<LineState*>(block.userData());
}

// Leading white space in columns (a tab to the next multiple of 8); -1 for a blank line.
int indentation(const QString& text)
{
    int columns = 0;
    for (const QChar c : text) {
        if (c == QLatin1Char(' '))
            ++columns;
        else if (c == QLatin1Char('\t'))
            columns = (columns / 8 + 1) * 8;
        else
            return columns;
    }
    return -1;
}

int nextGeneration(int generation)
{
    // -1 marks an edited line, so the count wraps to 0.
    return generation == std::numeric_limits<int>::max() ? 0 : generation + 1;
}

} // namespace

// KSyntaxHighlighting's highlighter for one line at a time: highlightLine() reports formats and
// folding regions through the two overrides, which collect them for the line.
class CodeHighlighter::LineColourer : public KSyntaxHighlighting::AbstractHighlighter
{
public:
    using AbstractHighlighter::highlightLine;

    void setTheme(const KSyntaxHighlighting::Theme& newTheme) override
    {
        AbstractHighlighter::setTheme(newTheme);
        formatCache.clear();
    }
    void setDefinition(const KSyntaxHighlighting::Definition& newDefinition) override
    {
        AbstractHighlighter::setDefinition(newDefinition);
        formatCache.clear();
    }

    QList<QTextLayout::FormatRange> lineFormats;
    QList<KSyntaxHighlighting::FoldingRegion> lineFolding;

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format& format) override
    {
        if (length <= 0)
            return;
        auto cached = formatCache.constFind(format.id());
        if (cached == formatCache.constEnd())
            cached = formatCache.insert(format.id(), charFormat(format));
        QTextLayout::FormatRange range;
        range.start = offset;
        range.length = length;
        range.format = *cached;
        lineFormats.append(range);
    }

    void applyFolding(int offset, int length, KSyntaxHighlighting::FoldingRegion region) override
    {
        Q_UNUSED(offset)
        Q_UNUSED(length)
        if (region.isValid())
            lineFolding.append(region);
    }

private:
    QTextCharFormat charFormat(const KSyntaxHighlighting::Format& format) const
    {
        const KSyntaxHighlighting::Theme& current = theme();
        QTextCharFormat result;
        // Always a colour, also for normal text: the theme's, which goes with its other colours.
        result.setForeground(format.textColor(current));
        if (format.hasBackgroundColor(current))
            result.setBackground(format.backgroundColor(current));
        if (format.isBold(current))
            result.setFontWeight(QFont::Bold);
        if (format.isItalic(current))
            result.setFontItalic(true);
        if (format.isUnderline(current))
            result.setFontUnderline(true);
        if (format.isStrikeThrough(current))
            result.setFontStrikeOut(true);
        return result;
    }

    // The character format of each of the definition's formats (by id) in the current theme.
    QHash<int, QTextCharFormat> formatCache;
};

CodeHighlighter::CodeHighlighter(QTextDocument* document)
    : QObject(document)
    , m_document(document)
    , m_colourer(std::make_unique<LineColourer>())
{
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, [this] { work(SliceNanoseconds); });
    connect(m_document, &QTextDocument::contentsChange, this, &CodeHighlighter::onContentsChange);
    // No theme yet: plain text never needs one, and asking for it loads KSyntaxHighlighting's
    // whole repository, which every editor made at start-up (the review's) would pay before the
    // window is painted. setLanguage() sets it with the first definition.
    restartFromTop();
}

CodeHighlighter::~CodeHighlighter() = default;

void CodeHighlighter::setLanguage(const QString& language)
{
    m_pendingLanguage = language;
    m_languagePending = true;
    if (!m_document->isEmpty())
        resolveLanguage();
}

void CodeHighlighter::resolveLanguage()
{
    if (!isSyntaxRepositoryLoaded() && needsSyntaxRepository(m_pendingLanguage)) {
        // The repository and the definition load off the UI thread (loadSyntaxInBackground());
        // the lines wait for them, uncoloured, and are coloured from the top once they are here.
        if (!m_waitingForSyntax) {
            m_waitingForSyntax = true;
            loadSyntaxInBackground(m_pendingLanguage, this, [this] {
                m_waitingForSyntax = false;
                if (m_languagePending && !m_document->isEmpty())
                    resolveLanguage();
                scheduleFrom(0);
            });
        }
        m_timer.stop();
        return;
    }
    m_languagePending = false;
    const KSyntaxHighlighting::Definition definition = definitionForLanguage(m_pendingLanguage);
    if (definition.isValid() && !m_themeSet)
        applyTheme();
    if (definition != m_colourer->definition() || m_plain == definition.isValid()) {
        m_colourer->setDefinition(definition);
        m_plain = !definition.isValid();
        restartFromTop();
    }
}

void CodeHighlighter::setDarkTheme(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    if (!m_themeSet && m_plain)
        return; // the first definition brings the theme; plain text has no colours to change
    applyTheme();
    restartFromTop();
}

void CodeHighlighter::applyTheme()
{
    m_colourer->setTheme(syntaxRepository().defaultTheme(
        m_dark ? KSyntaxHighlighting::Repository::DarkTheme : KSyntaxHighlighting::Repository::LightTheme));
    m_themeSet = true;
}

QString CodeHighlighter::definitionName() const
{
    if (m_languagePending)
        return definitionForLanguage(m_pendingLanguage).name();
    return m_plain ? QString() : m_colourer->definition().name();
}

void CodeHighlighter::setLoadingPieces(bool loading)
{
    m_loadingPieces = loading;
    if (!loading && m_next >= 0 && !m_timer.isActive())
        m_timer.start();
}

void CodeHighlighter::finishNow()
{
    m_loadingPieces = false; // everything, now, pieces to come or not
    if (m_waitingForSyntax && m_languagePending && !m_document->isEmpty()) {
        // Takes the repository from its thread, waiting for it (syntaxRepository()).
        syntaxRepository();
        resolveLanguage();
    }
    work(std::numeric_limits<qint64>::max());
}

void CodeHighlighter::restartFromTop()
{
    m_generation = nextGeneration(m_generation);
    scheduleFrom(0);
}

void CodeHighlighter::scheduleFrom(int blockNumber)
{
    m_next = m_next < 0 ? blockNumber : qMin(m_next, blockNumber);
    if (!m_timer.isActive())
        m_timer.start();
}

void CodeHighlighter::onContentsChange(int position, int removed, int added)
{
    Q_UNUSED(removed)
    if (m_applying)
        return;
    if (m_languagePending && !m_document->isEmpty())
        resolveLanguage(); // the first text: now the definition is needed (a clear() is no text)
    // The lines the edit touched are stale whatever state they start from.
    QTextBlock block = m_document->findBlock(position);
    const QTextBlock last = m_document->findBlock(position + added);
    const int first = block.isValid() ? block.blockNumber() : 0;
    while (block.isValid()) {
        if (LineState* state = lineState(block))
            state->generation = -1;
        if (block == last)
            break;
        block = block.next();
    }
    scheduleFrom(first);
    // Typing: colour the line now, before it is painted. A whole new text: setPlainText() has
    // already spent a frame or more building the document, so the slices start at once from
    // the timer instead of adding to that stretch.
    if (added <= LargeChangeCharacters && !m_loadingPieces)
        work(EditNanoseconds);
}

void CodeHighlighter::work(qint64 budgetNanoseconds)
{
    if (m_next < 0)
        return;
    if ((m_waitingForSyntax && m_languagePending) || m_loadingPieces) {
        m_timer.stop(); // the repository's arrival, or the last piece, schedules the work again
        return;
    }
    QElapsedTimer clock;
    clock.start();
    QTextBlock block = m_document->findBlockByNumber(m_next);
    const QTextBlock before = block.previous();
    KSyntaxHighlighting::State previousEnd =
        before.isValid() && lineState(before) ? lineState(before)->end : KSyntaxHighlighting::State();
    int dirtyFrom = -1;
    int dirtyTo = -1;
    while (block.isValid()) {
        LineState* state = lineState(block);
        if (!state || state->generation != m_generation || state->start != previousEnd) {
            highlightBlock(block, previousEnd);
            state = lineState(block);
            if (dirtyFrom < 0)
                dirtyFrom = block.position();
            dirtyTo = block.position() + block.length();
        }
        previousEnd = state->end;
        block = block.next();
        if (clock.nsecsElapsed() >= budgetNanoseconds)
            break;
    }
    if (dirtyFrom >= 0) {
        // One relayout for the whole slice, not one per line.
        m_applying = true;
        m_document->markContentsDirty(dirtyFrom, dirtyTo - dirtyFrom);
        m_applying = false;
    }
    if (block.isValid()) {
        m_next = block.blockNumber();
        if (!m_timer.isActive())
            m_timer.start();
        return;
    }
    m_next = -1;
    m_timer.stop();
    Q_EMIT highlightingDone();
}

void CodeHighlighter::highlightBlock(QTextBlock& block, const KSyntaxHighlighting::State& start)
{
    m_colourer->lineFormats.clear();
    m_colourer->lineFolding.clear();
    KSyntaxHighlighting::State end;
    const QString text = block.text();
    if (text.size() > MaxHighlightedLineLength)
        end = start; // shown plain; the lines after it go on from the state before it
    else if (!m_plain)
        end = m_colourer->highlightLine(text, start);

    auto* state = lineState(block);
    if (!state) {
        state = new LineState;
        block.setUserData(state); // the block owns it
    }
    state->generation = m_generation;
    state->start = start;
    state->end = end;
    state->opens.clear();
    state->closes.clear();
    for (const KSyntaxHighlighting::FoldingRegion& region : std::as_const(m_colourer->lineFolding)) {
        if (region.type() == KSyntaxHighlighting::FoldingRegion::Begin) {
            state->opens.append(region.id());
        } else {
            const qsizetype opened = state->opens.lastIndexOf(region.id());
            if (opened >= 0)
                state->opens.removeAt(opened);
            else
                state->closes.append(region.id());
        }
    }
    block.layout()->setFormats(m_colourer->lineFormats);
}

bool CodeHighlighter::startsFoldingRegion(const QTextBlock& block) const
{
    const LineState* state = lineState(block);
    if (!state || state->generation != m_generation)
        return false;
    // Whether the region closes is not looked up here: the gutter asks for every visible line
    // on every paint, and a region that never closes would make each of those a walk to the end.
    if (!state->opens.isEmpty())
        return true;
    return indentationStartsRegion(block);
}

bool CodeHighlighter::indentationStartsRegion(const QTextBlock& block) const
{
    if (m_plain || !m_colourer->definition().indentationBasedFoldingEnabled())
        return false;
    const int own = indentation(block.text());
    if (own < 0)
        return false;
    // Up to a screenful of blank lines; beyond that the code after them is not this line's block.
    int blank = 0;
    for (QTextBlock next = block.next(); next.isValid() && blank < 100; next = next.next()) {
        const int nextIndentation = indentation(next.text());
        if (nextIndentation >= 0)
            return nextIndentation > own;
        ++blank;
    }
    return false;
}

QTextBlock CodeHighlighter::foldingRegionEnd(const QTextBlock& block) const
{
    const LineState* state = lineState(block);
    if (!state || state->generation != m_generation)
        return {};
    if (!state->opens.isEmpty()) {
        // The outermost region the line leaves open; a line closes before it opens ("} else {").
        const int id = state->opens.first();
        int depth = 1;
        for (QTextBlock next = block.next(); next.isValid(); next = next.next()) {
            const LineState* nextState = lineState(next);
            if (!nextState)
                return {};
            depth -= int(nextState->closes.count(id));
            if (depth <= 0)
                return next;
            depth += int(nextState->opens.count(id));
        }
        return {};
    }
    if (!indentationStartsRegion(block))
        return {};
    const int own = indentation(block.text());
    QTextBlock end = block;
    for (QTextBlock next = block.next(); next.isValid(); next = next.next()) {
        const int nextIndentation = indentation(next.text());
        if (nextIndentation < 0)
            continue;
        if (nextIndentation <= own)
            break;
        end = next;
    }
    return end;
}

} // namespace k8::app
