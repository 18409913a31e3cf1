// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/review/DecisionNotice.h"
#include "agent/rules/Rules.h"

#include <QObject>

#include <optional>

namespace k8::agent {

class InboxModel;

// What the ledger keeps of a person's trial of a request's code (src/core/trial): decision
// "trial", decided_by "person". It decides nothing: the request waits as it was.
struct TrialRecord
{
    QString codeSha256;          // the code as tried (after any edit on the sheet)
    QString copy;                // the throwaway copy; empty when kosa8 made none
    std::optional<int> exitCode; // when the code ran to an exit
    QString problem;             // why it did not run or finish, or the copy was not removed
};

// The path from a person's decision to the answer, without widgets (docs/design.md): the inbox view
// shows requests and calls decide(); this class records the decision in the ledger (flushed on
// the ledger's thread), then answers the client or, for an approved `run`, checkpoints and runs
// the code through kosa8 and answers with its result.
// Fail closed: anything unexpected on this path answers a rejection.
class ReviewCoordinator : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~ReviewCoordinator() override = default;

    // Pending requests, oldest first (the inbox shows newest at the bottom).
    virtual InboxModel* inbox() const = 0;
    virtual const Request* request(quint64 key) const = 0;

    // A person decided. Returns false (and sets *error) when the request is gone or the decision
    // does not fit it (a kind the payload does not allow, wrong number of actions). True means
    // taken: the request leaves the inbox now (requestRemoved()), and the answer goes, or the run
    // starts, once the ledger entry is on disk (requestDecided()); if it cannot be written, the
    // request comes back (requestQueued()) with nothing sent.
    virtual bool decide(quint64 key, const PersonDecision& decision, QString* error = nullptr) = 0;

    // Standing rules from the review view: "always approve this action as shown" (below) and
    // "always reject this agent". Return false with *error when the rule cannot be saved.
    // "Always approve this action": rules that bind the whole of each action as `decision` would
    // approve it (edited code and args, the run's sandbox and image as chosen), never the
    // agent's original when the person edited it. The request itself still waits.
    // `server`: the LangGraph server the new rules are limited to (Rule::server), which must be
    // the one the request came from; empty: rules for every source, the socket's included.
    virtual bool addApproveActionRule(quint64 key, const PersonDecision& decision, QString* error = nullptr,
                                      const QString& server = {}) = 0;
    virtual bool addRejectAgentRule(const QString& agent, QString* error = nullptr,
                                    const QString& server = {}) = 0;

    // For the rules editor (src/app/rules): every standing rule in force (the app's own and the
    // read-only --rules FILE ones), switching and deleting the app's own. Read-only rules cannot
    // be changed: false with *error. The defaults say "not supported" so that a coordinator that
    // has no rules still builds; AgentService overrides them.
    virtual QList<Rule> rules() const { return {}; }
    virtual bool setRuleEnabled(const QString& name, bool enabled, QString* error = nullptr)
    {
        Q_UNUSED(name);
        Q_UNUSED(enabled);
        if (error)
            *error = tr("Standing rules are not available.");
        return false;
    }
    virtual bool removeRule(const QString& name, QString* error = nullptr)
    {
        Q_UNUSED(name);
        if (error)
            *error = tr("Standing rules are not available.");
        return false;
    }
    // Renames one of the app's own rules; the old name is kept among its earlier names (past
    // ledger entries keep the name they were decided by).
    virtual bool renameRule(const QString& name, const QString& newName, QString* error = nullptr)
    {
        Q_UNUSED(name);
        Q_UNUSED(newName);
        if (error)
            *error = tr("Standing rules are not available.");
        return false;
    }
    // Records a trial of `request` (as the sheet held it when the trial started) in the ledger, on
    // the ledger's thread like a decision; nothing is answered, and a request still waiting stays in
    // the inbox. Recorded also when the request was decided or ended while the trial ran: the
    // record says what ran where. False with *error when the ledger cannot take it.
    virtual bool recordTrial(const Request& request, const TrialRecord& trial, QString* error = nullptr)
    {
        Q_UNUSED(request);
        Q_UNUSED(trial);
        if (error)
            *error = tr("The ledger is not available.");
        return false;
    }
    // The ledger file, for the history view; empty when there is none.
    virtual QString ledgerPath() const { return {}; }
    // Why a waiting request cannot be decided now, in words for the person: its agent cannot be
    // reached (a LangGraph server that is away: the decision could not be sent, and someone may
    // resume the interrupt elsewhere meanwhile). Empty when it can be decided. decide() refuses
    // with this text; decidabilityChanged() says when it may have changed.
    virtual QString whyUndecidable(quint64 key) const
    {
        Q_UNUSED(key);
        return {};
    }
    // Where agents connect and whether the coordinator listens there (the empty inbox says so);
    // by default nowhere.
    virtual QString socketPath() const { return {}; }
    virtual bool isListening() const { return false; }
    // Why it does not listen (the socket's folder is unsafe, the path taken...); empty when it
    // listens or never tried.
    virtual QString listenProblem() const { return {}; }

Q_SIGNALS:
    // A review or run request came in and is about to be handled: emitted before any other signal
    // about it (requestQueued, automaticDecision, runStarted...). A view built after start-up
    // (the app's inbox page, AppComposition) connects here directly to exist before it would miss one.
    void requestArriving();
    void requestQueued(quint64 key);
    // The request left the inbox: decided by a person or rule, withdrawn, timed out. Emitted after
    // the inbox model removed its row. `decidedBy` is one of "person", "rule:NAME", "timeout",
    // "withdrawn", "shutdown" (agent::requestEndFrom() in agent/request/RequestEnd.h reads it).
    void requestRemoved(quint64 key, const QString& decidedBy);
    // A decision is in the ledger on disk and was answered (or could not be answered: the agent
    // left); a person's approved run starts now. `decision` is the ledger's text for it: one
    // decisionName() or, for a person's decision on several actions, one per action comma-joined.
    // A person's decision that could not be recorded never gets here: its request is queued again
    // (requestQueued() with the same key).
    void requestDecided(quint64 key, const QString& decision, const QString& decidedBy);
    // An approved run is about to start: emitted before its first kosa8 process (the checkpoint
    // or the run itself) exists, so that the run journal (timeline/RunJournal.h) holds it first.
    void runStarting(quint64 key);
    // Approved run in progress: its streamed output and its end.
    void runStarted(quint64 key, const QString& commandPreview);
    // The bytes kosa8 printed, each piece ending after a whole UTF-8 character
    // (RunExecutor::output): decoded by whoever shows them, and only as much as it shows.
    void runOutput(quint64 key, bool isStderr, const QByteArray& bytes);
    void runFinished(quint64 key, const QJsonObject& result);
    // A problem to show (rules file invalid, a torn or cut ledger at start, kosa8 failed).
    void problem(const QString& message);
    // The ledger could not be written (disk full, file too large, I/O error): nothing decided
    // since is approved; a rule's decision went out as a rejection, a person's went back to the
    // inbox unsent (problem() says so too). `message` names the file and the error. ledgerWritten() follows
    // once a write works again.
    void ledgerWriteFailed(const QString& message);
    // The standing rules changed (added, switched, removed, reloaded): the rules editor re-reads.
    void rulesChanged();
    // Whether waiting requests can be decided now may have changed (whyUndecidable()).
    void decidabilityChanged();
    // A decision the person did not make (standing rule, timeout, withdrawal, shutdown), once it
    // is in the ledger and answered; also for rule decisions on requests that never reached the
    // inbox. The inbox shows it as a notice.
    void automaticDecision(const k8::agent::DecisionNotice& notice);
    // Entries reached the ledger on disk (lastSeq: the newest); the history reloads. Emitted on
    // this object's thread, once per flushed batch.
    void ledgerWritten(qint64 lastSeq);
};

} // namespace k8::agent
