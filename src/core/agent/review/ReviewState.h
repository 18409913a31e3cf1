// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/request/RequestEnd.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>

namespace k8::agent {

// What the sandbox list (kosa8 `sandbox ls`) says about the places a run could go: which
// sandboxes exist and which images are pulled in each (its IMAGES column). The review view feeds
// it from the sandbox list so that ReviewState can refuse a run into an unknown sandbox or with an
// image that is not there; until the list has been read, nothing is known and a run is refused.
struct RunPlaceFacts
{
    bool loaded = false;                         // the list has been read at least once
    QHash<QString, QStringList> imagesBySandbox; // every listed sandbox, with its pulled images

    bool knowsSandbox(const QString& name) const { return imagesBySandbox.contains(name); }
    // Whether `image` is pulled in `sandbox`; "python" and "python:latest" are the same image.
    bool hasImage(const QString& sandbox, const QString& image) const;
};

// One pending request under review, without widgets: what the person did to each action (edited
// code, edited other arguments, edit mode, the decision taken, a reason or a response typed), the
// run's sandbox and image, and the one function that says exactly what will be sent
// (decisionToSend). The review view only shows this state and forwards clicks and keys to it, so
// "what is shown is what is sent" is decided here, in one place, and tested without widgets.
//
// Rules the view relies on:
//  - code is compared with the agent's original exactly (no trimming, no normalisation): a code
//    that differs by one character is an edit, an untouched one never is;
//  - switching edit mode off keeps the edits (code and other arguments): they stay shown, the
//    approval sends them as an edit, and only revert() puts the original back, with a note;
//  - changing an action after deciding it takes the decision back, so a decision never sends
//    something other than what is shown now;
//  - approvals are built when the request is sent, from the state as it is then.
class ReviewState
{
    Q_DECLARE_TR_FUNCTIONS(ReviewState)
public:
    ReviewState() = default;
    explicit ReviewState(const Request& request);

    const Request& request() const { return m_request; }
    quint64 key() const { return m_request.key; }
    bool isRun() const { return m_request.method == Method::Run; }
    int actionCount() const { return int(m_actions.size()); }
    bool isValidAction(int index) const { return index >= 0 && index < m_actions.size(); }
    bool allows(int index, DecisionKind kind) const;
    // The action the person looks at (kept with the draft when they look at another request).
    int currentAction() const { return m_current; }
    void setCurrentAction(int index)
    {
        if (isValidAction(index))
            m_current = index;
    }

    // ---- what the agent sent ----
    bool hasCode(int index) const;
    QString originalCode(int index) const;
    // The action's arguments without its code field, as indented JSON (for a plain payload that is
    // not an object: the payload itself). Empty when there is nothing besides the code.
    QString originalArgsText(int index) const;
    // What was worked out off the UI thread for the code and the other arguments as they are now
    // (PreparedText): null for a small request, and for a text the person edited.
    const PreparedText* preparedCode(int index) const;
    const PreparedText* preparedArgs(int index) const;
    // Whether the action has arguments to show besides its code.
    bool hasOtherArgs(int index) const;
    // The other arguments as the review shows them while the action is not being edited:
    // argsText() without the fields prose() already shows (a plain payload's `question` and
    // `description`), so that nothing reads twice; empty when nothing else is left. While editing,
    // or once the arguments are edited, argsText() whole: those fields are edited there too.
    QString argsTextShown(int index) const;
    // The names of the fields argsTextShown() leaves out (shown as the prose instead).
    QStringList argsFoldedIntoProse(int index) const;
    // The language to highlight the code as (python, bash, node, json).
    QString codeLanguage(int index) const;
    // The question the agent asks, as prose: a plain payload's `question` and `description`, an
    // action's description. Empty when there is none.
    QString prose(int index) const;
    // prose() in two parts: what the agent wrote, and what LangChain's HumanInTheLoopMiddleware
    // appends to it by default ("Tool: NAME" and "Args: " with Python's rendering of the arguments
    // the review shows formatted below), which the review folds away until the person opens it,
    // so the arguments do not read twice. `folded` is empty when prose() ends otherwise.
    struct ProseParts
    {
        QString text;
        QString folded;
    };
    ProseParts proseParts(int index) const;

    // ---- edits ----
    bool isEditing(int index) const;
    // Switches edit mode; false (and no change) when the action does not allow edits. Switching it
    // off keeps the edits.
    bool setEditing(int index, bool editing);
    // The code and the other arguments as the person left them (at first the originals).
    QString code(int index) const;
    QString argsText(int index) const;
    // Only while editing; false (ignored) otherwise. A change takes back a decision on the action.
    bool setCode(int index, const QString& code);
    bool setArgsText(int index, const QString& text);
    bool isCodeEdited(int index) const;
    // The other arguments differ from the original (as JSON values), or are not a JSON object.
    bool areArgsEdited(int index) const;
    bool isEdited(int index) const;
    // Puts the original code and arguments back, leaves edit mode, and says so in note().
    void revert(int index);
    // A note to show with the action (edits discarded, ...); empty when there is none.
    QString note(int index) const;

    // Whether a reject reason for the action can reach the agent: its payload shape has a place
    // for one (agent::canCarryRejectReason). Where it has none, no reason is offered or sent.
    bool canCarryReason(int index) const;
    // Text typed for a rejection or a response, kept per action.
    QString rejectReason(int index) const;
    void setRejectReason(int index, const QString& reason);
    QString responseText(int index) const;
    void setResponseText(int index, const QString& text);

    // ---- the run ----
    QString runSandbox() const { return m_runSandbox; }
    void setRunSandbox(const QString& sandbox);
    QString runImage() const { return m_runImage; }
    void setRunImage(const QString& image);
    // What the sandbox list says (see RunPlaceFacts); by default nothing is known yet.
    void setRunPlaceFacts(const RunPlaceFacts& facts) { m_placeFacts = facts; }
    const RunPlaceFacts& runPlaceFacts() const { return m_placeFacts; }
    // Why the run as chosen cannot be approved (no sandbox, a name kosa8 refuses, the sandbox list
    // not read yet, a sandbox not in it, an image not pulled in the sandbox); empty when it can.
    QString runProblem() const;
    bool willCheckpoint() const;
    // The label of the checkpoint the app takes before the run (the service makes the request's
    // label unique with the time it arrived and its key); empty when none is taken.
    QString checkpointLabel() const;
    // "Checkpoint before-7-…-3 is taken before the run." or "No checkpoint: the agent asked for none."
    QString checkpointText() const;

    // ---- the end ----
    // The request left the inbox without the person (timed out, withdrawn, the app quit...): it
    // stays in view, read-only, and nothing can be decided on it any more.
    void setEnded(RequestEnd end) { m_end = end; }
    RequestEnd end() const { return m_end; }
    bool isEnded() const { return m_end != RequestEnd::Pending; }
    // What a decision on an ended request is refused with.
    static QString endedProblem();
    // For an ended request kept in view: lets go of the agent's texts (the payload, code and
    // arguments, originals and edits), which can be megabytes, and keeps what the ended view
    // still says (title, agent, action names, what was allowed). Only on an ended request.
    void dropAgentTexts();

    // ---- decisions ----
    // The approval of an action as it stands now: Approve when untouched, Edit with the complete
    // edited args (code included) when edited. False with *problem when it cannot be approved
    // (invalid JSON, not an object, a kind the action does not allow, run problems).
    bool approvalFor(int index, ActionDecision* out, QString* problem = nullptr) const;
    // Record a decision on one action. False with *problem when it does not fit.
    bool approve(int index, QString* problem = nullptr);
    bool reject(int index, QString* problem = nullptr);  // with rejectReason(index)
    bool respond(int index, QString* problem = nullptr); // with responseText(index)
    void undecide(int index);
    void undecideAll();
    bool isDecided(int index) const;
    // The decision kind taken on the action (meaningful only when decided).
    DecisionKind decidedKind(int index) const;
    int decidedCount() const;
    bool allDecided() const;
    // The next undecided action after `index` (wrapping), or -1 when every action is decided.
    int nextUndecided(int index) const;

    // Exactly what will be sent now: one decision per action, approvals built from the state as
    // it is (edited when edited), the run's sandbox and image where the person changed them.
    // False with *problem when nothing can be sent (an action undecided, invalid args, a kind the
    // action does not allow, run problems).
    bool decisionToSend(PersonDecision* out, QString* problem = nullptr) const;
    // What "Always approve…" binds: every action approved as it stands now (edited when edited),
    // with the run's sandbox and image as chosen.
    bool approvalOfAll(PersonDecision* out, QString* problem = nullptr) const;
    // What such a rule binds, in words for the confirmation box.
    QString ruleScopeText() const;

private:
    struct ActionWork
    {
        QString code;
        QString originalArgsText; // formatArgsForReview(), kept
        QString argsText;
        bool editing = false;
        bool decided = false;
        DecisionKind kind = DecisionKind::Reject;
        QString rejectReason;
        QString responseText;
        QString note;
    };

    bool runChangeAllowed(int index) const;
    void touched(int index);
    QJsonObject originalArgsWithoutCode(int index) const;

    Request m_request;
    QList<ActionWork> m_actions;
    QString m_runSandbox;
    QString m_runImage;
    RunPlaceFacts m_placeFacts;
    RequestEnd m_end = RequestEnd::Pending;
    int m_current = 0;
};

// The reviews a person has started, one per pending request: kept while they look at another
// request (people review code for a living and must never lose an edit), dropped when the
// request leaves the inbox.
class ReviewDrafts
{
public:
    // The state of the request: the kept one, or a fresh one for it.
    ReviewState take(const Request& request) const;
    void keep(const ReviewState& state);
    void drop(quint64 key) { m_states.remove(key); }
    void clear() { m_states.clear(); }
    bool contains(quint64 key) const { return m_states.contains(key); }
    int size() const { return int(m_states.size()); }

private:
    QHash<quint64, ReviewState> m_states;
};

// Agent text as JSON for showing: objects and arrays indented, scalars as JSON.
QString formatJsonForReview(const QJsonValue& value);

// The arguments of action `index` besides its code as the review shows them
// (ReviewState::originalArgsText()); empty for a run and when there is nothing besides the code.
QString formatArgsForReview(const Request& request, int index);
// The language the code of action `index` is highlighted and scanned as (ReviewState::codeLanguage).
QString codeLanguageFor(const Request& request, int index);
// The same for a tool's args whose code is in `codeField`: the args' "language", bash for a
// "command", python otherwise (also what the rules editor shows a saved tool call's code as).
QString codeLanguageFor(const QJsonObject& args, const QString& codeField);

// For a large request, on any thread before it is queued: fills each action's preparedCode and
// preparedArgs, so that showing it costs the UI thread only the part shown.
void prepareReviewTexts(Request* request);

} // namespace k8::agent
