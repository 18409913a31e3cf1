// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/payload/HiddenText.h"
#include "agent/payload/PreparedText.h"
#include "agent/payload/ShownText.h"
#include "editor/RevealingTextEdit.h"

#include <memory>

class QPainter;
class QTextBlock;

namespace k8::app {

class CodeHighlighter;

// The editor agents' code is reviewed in: monospace, a painted line-number sidebar, the current
// line highlighted, syntax colours and folding markers from KSyntaxHighlighting, and a light or
// dark theme picked from the palette's base colour (re-picked when the palette changes).
// Nothing in the code can hide (RevealingTextEdit): special characters are markers, long lines
// wrap (with a wrap mark in the gutter), look-alike letters are underlined, and findings() counts
// what HiddenText finds for the review's warning bar.
class CodeEditor : public RevealingTextEdit
{
    Q_OBJECT
public:
    explicit CodeEditor(QWidget* parent = nullptr);
    ~CodeEditor() override;

    // python, bash, json, node and any language KSyntaxHighlighting knows by that name (see
    // definitionForLanguage()); anything else is shown as plain text.
    void setLanguage(const QString& language);
    QString language() const { return m_language; }
    // Colours the text a slice at a time; tests and benches wait for it here.
    CodeHighlighter* highlighter() const { return m_highlighter; }

    bool isDarkTheme() const { return m_dark; }
    int lineNumberAreaWidth() const;

    // The code itself, exactly: setCode() shows it and code() gives it back character for
    // character (the review compares and sends this, never toPlainText(), which a text document
    // is free to normalise). Until the text is edited code() is the very string given to
    // setCode(); after an edit it is the document mapped back, every untouched character and line
    // end as it was (RevealedCode.h).
    void setCode(const QString& code);
    // The same, with the cut and the findings already worked out (a large request's, off the UI
    // thread): used only when `prepared` is of this very string (PreparedText::isFor).
    void setCode(const QString& code, const agent::PreparedText* prepared);
    QString code() const;

    // Whether setCode() puts the text shown into the editor a piece at a time (off by default):
    // the first FirstPieceLines lines at once, the rest on the following turns of the event loop,
    // PieceLines lines or PieceChars characters at a time. The 5,000 lines the editor shows at most
    // took 12 to 15 ms to put in at once, longer than a frame with the rest of a request's arrival
    // (bench/README.md, bench_large_requests). Until every piece is in, isLoading() is true, the
    // editor stays read-only (setEditable(true) takes effect when loading ends), and codeLoaded()
    // follows the last piece of a text that took more than one. code(), the findings and
    // shownText() are those of the whole text from setCode() on. A view that decides on the code
    // must wait for it: ReviewView does.
    void setLoadsInPieces(bool inPieces) { m_inPieces = inPieces; }
    bool isLoading() const;
    // Puts the rest in now (tests; a jump to a line not in yet).
    void finishLoading();
    // The first piece fills the editor's view (a card shows 30 lines at most) with room to scroll.
    static constexpr int FirstPieceLines = 100;
    static constexpr int PieceLines = 500;
    static constexpr qsizetype PieceChars = 32 * 1024;
    // Whether the text changed since setCode() (an edit undone still counts; compare code()).
    bool isCodeTouched() const { return !m_pristine; }

    // What of code() the editor shows: a text of millions of lines would cost gigabytes and
    // freeze the window, so setCode() shows at most ShownText's limits of it. code() and the
    // findings are always of the whole text. A text only partly shown cannot be edited
    // (setEditable() leaves it read-only): an edit would send the part shown as the whole.
    const agent::ShownText& shownText() const { return m_shown; }
    bool isPartlyShown() const { return m_shown.isPartial(); }
    // Lets go of the part of the text that is not shown (a review that ended keeps only what it
    // shows); code() is then the part shown. The findings and shownText() stay as they were.
    void dropTextNotShown();

    // What can hide in code(): set by setCode(), recomputed shortly after an edit.
    const agent::HiddenText::Report& findings() const { return m_findings; }
    // The same, recomputed first if an edit is still waiting for it: what a decision reads.
    const agent::HiddenText::Report& currentFindings();
    void refreshFindings();

    // Read-only reviewing vs editing. While read-only, Tab moves the focus on (keyboard path
    // through the review view) and the text stays selectable by keyboard. A partly shown text
    // stays read-only.
    void setEditable(bool editable);
    bool isEditable() const { return !isReadOnly(); }

Q_SIGNALS:
    void themeChanged(bool dark);
    // After setCode() and after edits (coalesced): feed it to a RevealBar.
    void findingsChanged(const k8::agent::HiddenText::Report& findings);
    // setCode() put the last piece of a text in (setLoadsInPieces()).
    void codeLoaded();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void applyExtraSelections() override;

private:
    friend class LineNumberArea;
    void paintLineNumbers(QPaintEvent* event);
    void paintWrapMarks(QPainter& painter, const QTextBlock& block, int top);
    void updateLineNumberAreaWidth();
    void updateLineNumberArea(const QRect& rect, int dy);
    void highlightCurrentLine();
    void pickTheme();
    void loadNextPiece();
    void endLoading();

    QWidget* m_lineNumberArea = nullptr;
    CodeHighlighter* m_highlighter; // a child of the document
    QString m_language;
    bool m_dark = false;
    QString m_originalCode;
    agent::ShownText m_shown; // the part of m_originalCode in the document
    bool m_pristine = true;
    bool m_loading = false;
    agent::HiddenText::Report m_findings;
    QTimer* m_findingsTimer = nullptr;
    bool m_inPieces = false;
    bool m_wantsEditable = false; // setEditable(true) while loading: applied when loading ends
    QTimer* m_pieceTimer = nullptr;
    qsizetype m_loadedTo = 0; // of m_shown.shown(): what is in the document
};

} // namespace k8::app
