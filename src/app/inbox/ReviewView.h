// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/review/ReviewState.h"
#include "widgets/MessageBox.h"

#include <QPointer>
#include <QWidget>

#include <memory>

class QAction;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTimer;
class QVBoxLayout;

// The form (ui/<feature>/<Class>.ui) names its class k8::app::<Class>, so its strings share this class's
// translation context.
namespace k8::app::Ui {
class ReviewView;
}

namespace k8::agent {
class ReviewCoordinator;
}
namespace k8::kosa8 {
class SandboxListModel;
}
namespace k8::trial {
class TrialKit;
}

namespace k8::app {

class ActionCard;
class CodeEditor;
class CountdownLabel;
class RequestEndBanner;
class RunPlacePanel;
class RevealBar;
class DiffView;
class ReachLineMarker;
class ReachPanel;
class TrialPane;

// One pending request, shown for a decision as one scrolling sheet: who asks and what (as plain
// text: every byte an agent sends is shown as text, never as markup), a line that says what the
// answer leads to (a sandboxed run, or the agent acting itself outside kosa8), the question as
// prose in full, for `run` the sandbox, its network policy, the image and the checkpoint, and then
// one ActionCard per action, all at once: its code (read-only until the person presses Edit, then
// with a live diff beside it) and the rest of its arguments as JSON. Only the decisions the
// payload allows are enabled. One card is current: the decision buttons under the sheet act on
// it; clicking into another card makes that one current. Each action gets its own decision, the
// next undecided card becomes current after each, and the request is answered when the last one
// is decided.
//
// The view only shows an agent::ReviewState and forwards clicks and keys to it; what is sent is
// what ReviewState::decisionToSend() says, and ReviewCoordinator::decide() does the rest.
//
// Approval is disarmed for armDelayMs() after what is in view changes (another request, another
// action, the code in view reverted), so that a key meant for one request never approves
// another; requests arriving or leaving elsewhere in the list do not disarm it (an agent could
// otherwise keep Approve disarmed for everyone by sending and cancelling requests); a held (auto-repeated)
// key never approves; and an approval names the request it is for, refused when that is no longer the one
// shown.
class ReviewView : public QWidget
{
    Q_OBJECT
    Q_PROPERTY(int armDelayMs READ armDelayMs WRITE setArmDelayMs)
public:
    static constexpr int DefaultArmDelayMs = 500;

    explicit ReviewView(agent::ReviewCoordinator* coordinator, QWidget* parent = nullptr);
    ~ReviewView() override;

    // Where the sandbox choices and their egress policies come from (optional).
    void setSandboxModel(kosa8::SandboxListModel* model);
    // Offers "Try in a throwaway copy" on run requests (optional; not owned).
    void setTrialKit(trial::TrialKit* kit);
    TrialPane* trialPane() const { return m_trial; }

    // While one lives, a request shown into the empty page (a request that arrived while nothing
    // was in review) is filled in at once but put in view a moment later, on a turn of its own
    // (revealFilledSheet()): laying out and painting a sheet shown for the first time is the
    // longest work of an arrival, and the event loop reads its sockets before it, so other agents
    // are not kept waiting through both. Approval waits for the sheet to be in view.
    class RevealSeparately
    {
    public:
        explicit RevealSeparately(ReviewView& view)
            : m_view(view)
        {
            m_view.m_revealSeparately = true;
        }
        ~RevealSeparately() { m_view.m_revealSeparately = false; }
        RevealSeparately(const RevealSeparately&) = delete;
        RevealSeparately& operator=(const RevealSeparately&) = delete;

    private:
        ReviewView& m_view;
    };

    // Whether a request is filled in and waits for its turn to be put in view (RevealSeparately).
    bool isRevealPending() const;

    // Shows the request (0 or an unknown key: the empty page). Showing the same key again keeps
    // the person's edits; so does showing another request and coming back: the work in progress
    // is kept per request until the request leaves the inbox.
    void showRequest(quint64 key);
    // Whether the person left unsent work on this request (for tests and the list).
    bool hasDraft(quint64 key) const { return m_drafts.contains(key); }
    quint64 currentKey() const { return m_key; }
    int currentAction() const { return m_current; }
    bool isEditing() const;
    // The state shown (for tests).
    const agent::ReviewState& state() const { return m_state; }
    // The message shown under the review (errors, rule saved); empty when none.
    QString messageText() const;

    // How long approval stays disarmed after the view changes (0: never disarmed).
    int armDelayMs() const { return m_armDelayMs; }
    void setArmDelayMs(int ms);
    bool isArmed() const { return m_armed; }
    // Disarms approval for armDelayMs() (the view calls it when what is in view changes).
    void disarm();

    // The widget whose being shown lets the approval keys (Ctrl+Return, Ctrl+Enter) work anywhere
    // in its window: the view itself by default; the inbox page sets itself, so that the keys work
    // while the page is shown, from the request list and the sidebar too.
    void setKeyScope(QWidget* scope);

    // The decision actions, so the inbox page can make them work from its request list as well.
    // Approve has no QAction shortcut: its keys are read as key events (see eventFilter), where
    // an auto-repeated key can be told apart.
    QList<QAction*> decisionActions() const;
    QAction* approveAction() const { return m_approve; }
    QAction* editAction() const { return m_edit; }
    QAction* rejectAction() const { return m_reject; }
    QAction* respondAction() const { return m_respond; }
    QAction* revertAction() const { return m_revert; }
    QAction* approveRuleAction() const { return m_ruleApprove; }
    QAction* rejectAgentRuleAction() const { return m_ruleRejectAgent; }

    // The current card's editors and diff.
    CodeEditor* codeEditor() const;
    CodeEditor* argsEditor() const;
    DiffView* diffView() const;
    // The cards of the request shown, one per action (one, holding the payload, when the request
    // has no action).
    QList<ActionCard*> actionCards() const;
    // Makes the action current, as clicking into its card does (disarms when it changes).
    void setCurrentAction(int index);
    QLineEdit* rejectMessageEdit() const;
    QLineEdit* respondEdit() const;
    QLineEdit* imageEdit() const;
    // "What the code would reach" for the action in view, with the chosen sandbox's verdicts.
    ReachPanel* reachPanel() const { return m_reach; }
    ReachLineMarker* reachMarker() const { return m_reachMarker; }
    // Where the editor's hidden-character warning bar goes: directly above the decision buttons.
    QVBoxLayout* revealBarSlot() const;

    // "Where it runs" for a run request; the countdown of a request with a timeout; the banner of a
    // request that ended while in view.
    RunPlacePanel* placePanel() const;
    CountdownLabel* countdownLabel() const { return m_countdown; }
    RequestEndBanner* endBanner() const { return m_endBanner; }
    // Whether the request in view ended without the person (timed out, withdrawn, the app
    // quitting): it stays shown, read-only, until the person moves on.
    bool isShowingEnded() const { return m_key != 0 && m_state.isEnded(); }
    // Keeps the request in view, read-only, with a banner that says why it ended. The view calls
    // it itself when the coordinator reports the request removed without the person.
    void showEnded(agent::RequestEnd end, const QString& decidedBy);

    // Whether a key event is one of the approval keys.
    static bool isApprovalKey(const QKeyEvent* event);

Q_SIGNALS:
    // The person's decision went to the coordinator.
    void decided(quint64 key);
    // What is being sent, for a brief confirmation ("Sent to research-bot: approve, edit") once
    // it went out (ReviewCoordinator::requestDecided()).
    void decisionSent(quint64 key, const QString& confirmation);
    // "Open rules…" in the "Always approve…" confirmation: the inbox opens the rules editor.
    void rulesEditorRequested();
    // One action of a multi-action request was decided; the view now shows the next undecided one
    // (the request is answered with decided() after the last).
    void actionDecided(quint64 key, int action);
    void armedChanged(bool armed);
    // "Allow this host for this sandbox" from the reach panel: the policy editor shows the diff
    // and asks before anything changes (the main window routes it to the sandboxes page).
    void allowHostRequested(const QString& sandbox, const QString& entry, const QString& note);
    // "Edit this sandbox's policy…" from the reach panel.
    void editPolicyRequested(const QString& sandbox);
    // "Next request" on an ended request (the button, Enter): the inbox page shows the next one.
    void nextRequested();

public Q_SLOTS:
    // Approves the action in view of the request shown; the same as approveFor(currentKey()).
    void approve();
    // Approves the action in view only when `key` is the request shown and approval is armed.
    bool approveFor(quint64 key);
    void toggleEdit();
    // Puts the agent's original back (code and arguments), with a note that says so.
    void revertEdits();
    // Focuses the reason field; Enter there rejects.
    void startReject();
    void rejectNow();
    // Focuses the response field; Enter there sends.
    void startRespond();
    void respondNow();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The empty page's "How to connect an agent": the Python client, the socket's variable and
    // the MCP command, with this app's socket and binary.
    void showConnectHelp();
    // The warning bar above the decision buttons: what can hide in the code and in the other
    // arguments of the action in view, counted together.
    void updateRevealBar();
    void keepDraft();
    // The card of an action, made when first needed (cards are reused from request to request).
    ActionCard* cardAt(int index);
    ActionCard* currentCard() const;
    void onCardActivated(ActionCard* card);
    void onCardCodeChanged(ActionCard* card);
    void onCardArgsChanged(ActionCard* card);
    // Fills the action's card from the state: code, diff, arguments, edit mode, header.
    void loadCard(int index);
    // The card's header and decision state, and whether its diff shows.
    void updateCard(int index);
    QString decisionStateText(int index) const;
    void scrollToCurrent();
    // Whether a change of the current action scrolls its card into view.
    enum class SheetScroll
    {
        ToCurrent,
        Stay
    };
    void showAction(int index, SheetScroll scroll = SheetScroll::ToCurrent);
    // Puts the filled review page in view, unless it waits for its own turn (RevealSeparately).
    void revealFilledSheet();
    void recordDecision(agent::DecisionKind kind);
    void submit();
    void updateDecisionState();
    void updateDetails();
    void updateRunBox();
    // What a trial of the run in view would run, and whether it may (TrialPane::showFor()).
    void updateTrial();
    void fillSandboxes();
    void updateEgress();
    void updateReach();
    void setMessage(const QString& text, bool isError);
    void saveApproveRule();
    void saveRejectAgentRule();
    // `serverOnly`: where not null and the request came from a LangGraph server, the box offers
    // to limit the rule to that server, and this says whether the person left it limited.
    bool confirm(const QString& title, const QString& text, bool* serverOnly = nullptr);
    // Whether the action's card shows only part of its code or arguments (CodeEditor::shownText).
    bool isPartlyShown(int index) const;
    // Whether the action's card (any shown card) is still putting its texts in view
    // (ActionCard::isLoading()), or the whole sheet waits for its turn (RevealSeparately).
    bool isLoading(int index) const;
    bool isLoadingAny() const;
    // Asks before approving an action only partly shown; false when the person does not confirm.
    bool confirmPartlyShownApproval();
    MessageBox::Answer ask(const QString& title, const QString& text, const QString& extraText = {},
                           bool* serverOnly = nullptr);

    std::unique_ptr<Ui::ReviewView> m_ui;
    QPointer<agent::ReviewCoordinator> m_coordinator;
    QPointer<kosa8::SandboxListModel> m_sandboxes;
    ReachPanel* m_reach = nullptr;
    QLabel* m_connectHelpLabel = nullptr;
    QPlainTextEdit* m_connectHelp = nullptr;
    ReachLineMarker* m_reachMarker = nullptr; // on the current card's code
    QList<ActionCard*> m_cards;
    QList<ReachLineMarker*> m_markers; // one per card
    int m_shownCards = 0;
    QPointer<QWidget> m_keyScope;
    quint64 m_key = 0;
    agent::ReviewState m_state; // the request shown and the person's work on it
    agent::ReviewDrafts m_drafts;
    int m_current = -1;
    bool m_loading = false;
    int m_armDelayMs = DefaultArmDelayMs;
    bool m_armed = false;
    bool m_revealSeparately = false; // RevealSeparately

    QAction* m_approve;
    QAction* m_edit;
    QAction* m_revert;
    QAction* m_reject;     // shortcut: focus the reason field
    QAction* m_rejectNow;  // the button
    QAction* m_respond;    // shortcut: focus the response field
    QAction* m_respondNow; // the button
    QAction* m_ruleApprove;
    QAction* m_ruleRejectAgent;
    QTimer* m_ageTimer;
    QTimer* m_armTimer;
    QTimer* m_revealTimer; // a filled sheet waiting to be put in view (RevealSeparately)
    RevealBar* m_revealBar;
    RunPlacePanel* m_place = nullptr;
    TrialPane* m_trial = nullptr;
    trial::TrialKit* m_trialKit = nullptr;
    CountdownLabel* m_countdown = nullptr;
    RequestEndBanner* m_endBanner = nullptr;
    QAction* m_nextAfterEnd = nullptr; // Enter, only while an ended request is in view
};

} // namespace k8::app
