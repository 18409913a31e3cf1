// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QTextBlock>
#include <QTimer>

#include <memory>

class QTextDocument;

namespace KSyntaxHighlighting {
class State;
} // namespace KSyntaxHighlighting

namespace k8::app {

// Colours a QTextDocument with KSyntaxHighlighting, a slice at a time.
//
// QSyntaxHighlighter (and KSyntaxHighlighting::SyntaxHighlighter on top of it) highlights every
// changed line at once, so setting a 10,000-line file blocks the UI thread for as long as the
// whole file takes. This one keeps, per line, the highlighting state it started from and ended
// with, and works from the first line that needs it in slices of a few milliseconds from a zero
// timer; after an edit, a short slice runs at once so typed text is coloured before it is painted.
// A line is done again only when its text or the state it starts from changed.
//
// Unknown languages show plain text: no formats at all, the palette's colours.
class CodeHighlighter : public QObject
{
    Q_OBJECT
public:
    explicit CodeHighlighter(QTextDocument* document);
    ~CodeHighlighter() override;

    // Picks the definition for a payload's language name (see definitionForLanguage()); plain
    // text when the library knows none. While the document is empty the lookup waits for its
    // first text: it loads KSyntaxHighlighting's repository, which the editors made at start-up
    // (the review's) would otherwise load before the window is first painted. The first time, the
    // repository loads on a thread of its own (loadSyntaxInBackground()) and the lines wait for it.
    void setLanguage(const QString& language);
    // Breeze Dark or Breeze Light, the library's defaults for dark and light backgrounds.
    void setDarkTheme(bool dark);
    bool isDarkTheme() const { return m_dark; }
    // The definition's name ("Python"), or empty for plain text.
    QString definitionName() const;

    // While the rest of a text is put in a piece at a time (CodeEditor::setLoadsInPieces()),
    // nothing is coloured: each piece would otherwise be coloured at once (as a typed line is), and
    // a slice of colouring would run in the same turn of the event loop as a piece, the two
    // together longer than the window may wait (bench/README.md, bench_large_requests). The slices
    // go on from where the text changed once the last piece is in (false).
    void setLoadingPieces(bool loading);

    // True when every line is coloured for the current text, language and theme.
    bool isDone() const { return m_next < 0; }
    // Colours everything left now, in one go (tests; the editor never needs it).
    void finishNow();

    // Folding: whether a line opens a region it does not close (braces, brackets, multi-line
    // strings, do/done, ... as the definition says; for indentation-based languages such as
    // Python, also a line followed by more deeply indented ones), and the line that closes it
    // (invalid when none does). Only meaningful for lines already coloured.
    bool startsFoldingRegion(const QTextBlock& block) const;
    QTextBlock foldingRegionEnd(const QTextBlock& block) const;

    // Time budget of one slice: short enough for a frame (16 ms) with painting and the rest of
    // the event loop in it.
    static constexpr qint64 SliceNanoseconds = 4'000'000;
    // After an edit: enough for the edited line and a few after it.
    static constexpr qint64 EditNanoseconds = 2'000'000;
    // Larger changes than this get no slice inside the change itself.
    static constexpr int LargeChangeCharacters = 64 * 1024;
    // Longer lines are shown plain: one line is coloured in one go, and an agent's payload can
    // hold a megabyte on one line (minified code, data) that would block the UI thread.
    static constexpr int MaxHighlightedLineLength = 10'000;

Q_SIGNALS:
    // Every line is coloured (after a new text, language or theme).
    void highlightingDone();

private:
    class LineColourer;

    void onContentsChange(int position, int removed, int added);
    // Everything again from the first line: new language or theme.
    void restartFromTop();
    void applyTheme();
    // Looks up m_pendingLanguage's definition (setLanguage()).
    void resolveLanguage();
    void scheduleFrom(int blockNumber);
    // Colours lines from m_next until done or the budget is spent.
    void work(qint64 budgetNanoseconds);
    // Colours one line from the state the previous one ended in, and keeps both states with it.
    void highlightBlock(QTextBlock& block, const KSyntaxHighlighting::State& start);
    bool indentationStartsRegion(const QTextBlock& block) const;

    QTextDocument* m_document;
    // KSyntaxHighlighting's line-by-line highlighter, collecting formats and folding regions.
    std::unique_ptr<LineColourer> m_colourer;
    QTimer m_timer;
    bool m_dark = false;
    // False until a definition needed the theme (applyTheme()).
    bool m_themeSet = false;
    QString m_pendingLanguage;
    bool m_languagePending = false;
    bool m_plain = true;
    // Lines coloured in an older generation (before a new language or theme) are stale.
    int m_generation = 0;
    // The first line that may need colouring, or -1 when all are done.
    int m_next = -1;
    // Set while this class changes formats: the document reports those as changes too.
    bool m_applying = false;
    bool m_loadingPieces = false;
    // The repository is loading on its thread for m_pendingLanguage (resolveLanguage()).
    bool m_waitingForSyntax = false;
};

} // namespace k8::app
