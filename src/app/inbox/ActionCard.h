// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QLabel;
class QSplitter;
class QToolButton;
class QVBoxLayout;

namespace k8::app {

class CodeEditor;
class DiffView;

// One action of a request under review, as a card in the review's stack: a header ("Action 1 of
// 2 · python" and what was decided on it), the action's prose, its code (with the diff beside it
// while edited) and its other arguments. Every card of a request is shown at once, so nothing an
// action does hides behind another; the code shows in full height up to a cap, with its own
// scroll bar beyond (a card can never fold code away).
//
// The card only shows: ReviewView fills it from agent::ReviewState and listens to its editors.
// Clicking into the card or moving the focus into it asks for it to become the current one.
class ActionCard : public QFrame
{
    Q_OBJECT
public:
    // The code editor grows with the code up to this many lines, then scrolls.
    static constexpr int MaxCodeLines = 30;
    static constexpr int MinCodeLines = 3;
    static constexpr int MaxArgsLines = 12;

    explicit ActionCard(QWidget* parent = nullptr);

    CodeEditor* codeEditor() const { return m_code; }
    CodeEditor* argsEditor() const { return m_args; }
    DiffView* diffView() const { return m_diff; }
    QLabel* headerLabel() const { return m_header; }
    QLabel* stateLabel() const { return m_state; }
    QLabel* proseLabel() const { return m_prose; }
    QToolButton* foldedProseButton() const { return m_foldedButton; }
    QLabel* foldedProseLabel() const { return m_foldedProse; }

    // "Action 1 of 2 · python"; empty hides the header row (a request with one action).
    void setHeader(const QString& header, const QString& state);
    // Agent text: shown as plain text, in full. Empty hides it. `folded` (the middleware's own
    // rendering of the call, agent::ReviewState::proseParts) is shown under it only when the
    // person opens it with the button that says so; empty hides both.
    void setProse(const QString& prose, const QString& folded = {});
    void setCodeVisible(bool visible);
    void setArgsVisible(bool visible, const QString& label);
    void setDiffVisible(bool visible);
    // The texts the diff compares. The diff is worked out when it is shown (setDiffVisible()), not
    // before: it is hidden until the person edits, and for a code of 5,000 lines its three
    // documents took about 35 ms when the request arrived (bench/README.md, bench_large_requests).
    void setDiffTexts(const QString& original, const QString& edited);
    void setDiffEdited(const QString& edited);
    // Says under each editor how much of its text is not shown (CodeEditor::shownText()); call
    // after setting the editors' text. Hidden when all of it is shown.
    void updateNotShownNotes();
    QLabel* codeNotShownLabel() const { return m_codeNotShown; }
    QLabel* argsNotShownLabel() const { return m_argsNotShown; }
    // Whether some text of the action, in the code or in the arguments shown, is not shown.
    bool isPartlyShown() const;
    // Whether the code or the arguments are still being put in, a piece at a time
    // (CodeEditor::setLoadsInPieces(), on for both editors); loaded() follows when both are in.
    bool isLoading() const;

    // Moves a widget (the review's reach panel) into this card, right under the code.
    void placeBelowCode(QWidget* widget);

    bool isCurrent() const { return m_current; }
    void setCurrent(bool current);

Q_SIGNALS:
    // The person clicked into the card or moved the focus into it.
    void activated();
    // The editors hold all of their texts shown (after isLoading()).
    void loaded();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void fitEditors();
    void watch(QWidget* widget);

    QVBoxLayout* m_layout;
    QLabel* m_header;
    QLabel* m_state;
    QLabel* m_currentMark;
    QLabel* m_prose;
    QToolButton* m_foldedButton;
    QLabel* m_foldedProse;
    QSplitter* m_codeSplitter;
    CodeEditor* m_code;
    DiffView* m_diff;
    QLabel* m_codeNotShown;
    QLabel* m_argsLabel;
    CodeEditor* m_args;
    QLabel* m_argsNotShown;
    bool m_current = false;
    // What setDiffTexts() and setDiffEdited() gave while the diff was hidden (m_diffStale).
    QString m_diffOriginal;
    QString m_diffEdited;
    bool m_diffStale = false;
};

} // namespace k8::app
