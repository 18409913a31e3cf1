// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/AgentSettings.h"
#include "agent/DurableAnswers.h"
#include "agent/ledger/Ledger.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/request/RequestSource.h"
#include "agent/review/ReviewCoordinator.h"
#include "agent/rules/RuleStore.h"
#include "agent/rules/Rules.h"
#include "agent/runs/RunAnswer.h"
#include "agent/runs/RunExecutor.h"
#include "agent/socket/SocketSource.h"

#include <QHash>
#include <QPointer>
#include <QSet>
#include <QStringList>
#include <QTimer>
#include <functional>

namespace k8::kosa8 {
class Kosa8Runner;
}

namespace k8::agent {

class InboxModel;
class SandboxDirectory;

// The desk (protocol.md, docs/design.md): takes requests from its sources (the socket, which it
// owns and listens on, and any other RequestSource added), decides by standing rules where one
// applies, queues the rest for a person, and answers through the request's source. It never asks
// which source a request came from to decide it. Every decision goes into the
// ledger, flushed, before its answer is written. Anything unexpected answers a rejection.
// The service is the wiring (socket, inbox, the ReviewCoordinator API); it delegates the rules to
// RuleStore (own and read-only rules, names, saving) and the answers a rule decides to
// DurableAnswers (one ledger flush per event-loop turn, then the answers).
//
// Typical use in main():
//   AgentService service(context.runner());
//   QString error;
//   if (!service.start(settings, &error)) { show error; offer service.retryListening() }
//   on quit: service.shutdown(), wait for shutdownComplete() (or a short cap), then quit.
class AgentService : public ReviewCoordinator, public RequestDesk
{
    Q_OBJECT
public:
    // `runner` runs kosa8 for approved runs (not owned; the app's one runner). With nullptr the
    // service makes its own with the built-in profile and `kosa8` on PATH.
    explicit AgentService(kosa8::Kosa8Runner* runner = nullptr, QObject* parent = nullptr);
    // Answers whatever is still pending (shutdown()) and closes the socket.
    ~AgentService() override;

    // Opens the ledger, loads the rules (an invalid file is reported through problem() and
    // startupProblems(), and none of its rules apply) and listens. False with *error, a message
    // for the UI and the command line, when the ledger cannot be opened or the socket not used.
    // A socket that cannot be used leaves the ledger and the rules ready: retryListening() tries
    // the socket again (after the person fixed its folder or stopped the other program).
    bool start(const AgentSettings& settings, QString* error);
    // start() again with the same settings; true at once when already listening.
    bool retryListening(QString* error);
    // Why start() or retryListening() last failed; empty once listening.
    QString listenProblem() const override { return m_listenProblem; }
    bool isListening() const override;
    QString socketPath() const override;
    const AgentSettings& settings() const { return m_settings; }
    // Problems found by start() (invalid rules file, torn ledger line), also sent as problem().
    QStringList startupProblems() const { return m_startupProblems; }

    // Settings that may change while running (the settings dialog).
    void setDefaultSandbox(const QString& sandbox);
    void setImageByLanguage(const QHash<QString, QString>& images);
    // Which sandboxes go back to their base after every approved run (the timeline's option).
    // Runs in one sandbox run one after another, each after the previous one's reset.
    void setRunResetPolicy(RunResetPolicy policy) { m_resetPolicy = std::move(policy); }
    // The longest a run's checkpoint or reset may take (AgentSettings::runStepLimitMs).
    void setRunStepLimitMs(int ms) { m_settings.runStepLimitMs = ms; }
    // What the socket's `sandboxes` method lists (not owned; must outlive the service, or be
    // unset with nullptr first).
    void setSandboxDirectory(const SandboxDirectory* directory) { m_sandboxDirectory = directory; }

    // Answers every pending request with a rejection (decided_by "shutdown", ledger first),
    // stops running kosa8 jobs, refuses new requests, and emits shutdownComplete() once every
    // answer has reached the kernel (the socket is then closed). Safe to call more than once.
    void shutdown();
    bool isShutDown() const { return m_shutDown; }

    // The rules in force (own rules.json plus the read-only file), and a reload after rules.json
    // changed on disk. False with *error when a file is invalid (its rules then do not apply).
    QList<Rule> rules() const override { return m_ruleStore.rules().rules(); }
    bool setRuleEnabled(const QString& name, bool enabled, QString* error = nullptr) override;
    bool removeRule(const QString& name, QString* error = nullptr) override;
    bool renameRule(const QString& name, const QString& newName, QString* error = nullptr) override;
    QString ledgerPath() const override { return m_settings.ledgerPath(); }
    bool reloadRules(QString* error = nullptr);

    // Requests queued or running (for the status bar).
    int pendingCount() const { return int(m_entries.size()); }
    // The ledger's flushes to disk (decisions of one event-loop turn share one flush).
    const Ledger& ledger() const { return m_ledger; }
    // Where the answers to finished runs are built, off this thread (tests and the benchmark look
    // at what is in flight).
    RunAnswerBuilder& runAnswers() { return m_runAnswers; }
    int connectionCount() const;

    // ReviewCoordinator
    InboxModel* inbox() const override { return m_inbox; }
    const Request* request(quint64 key) const override;
    bool decide(quint64 key, const PersonDecision& decision, QString* error = nullptr) override;
    // A code_sha256 rule, which approves only actions that hold nothing but that code (the
    // review view writes action rules instead; this stays for bare-code rules made in code).
    bool addApproveCodeRule(const QString& code, QString* error = nullptr);
    bool addApproveActionRule(quint64 key, const PersonDecision& decision, QString* error = nullptr,
                              const QString& server = {}) override;
    bool addRejectAgentRule(const QString& agent, QString* error = nullptr,
                            const QString& server = {}) override;
    bool recordTrial(const Request& request, const TrialRecord& trial, QString* error = nullptr) override;

    // RequestDesk: what the sources call.
    quint32 addSource(RequestSource* source) override;
    void removeSource(RequestSource* source) override;
    void reachChanged(quint32 source) override;
    QString whyUndecidable(quint64 key) const override;
    void submit(RequestSource* source, const IncomingRequest& incoming) override;
    bool withdraw(const RequestOrigin& origin) override;
    void channelClosed(quint32 source, quint64 channel) override;
    bool endedAtSource(const RequestOrigin& origin) override;
    // Waiting requests whose source keeps them pending (RequestSource::keepsPendingAtQuit()).
    int keptAtQuitCount() const;

Q_SIGNALS:
    void shutdownComplete();
    // The socket listens (start() or retryListening() succeeded).
    void listeningStarted();
    // The reset to the base after a run (RunExecutor's), before that run's runFinished().
    void runResetStarted(const QString& sandbox, const QString& baseLabel, const QString& command);
    void runResetFinished(const QString& sandbox, const k8::kosa8::JobResult& result);
    void runResetSkipped(const QString& sandbox, const QString& reason);

private:
    // The request of a review or run message (made here, or off the UI thread for a large one).
    static bool makeRequest(const QString& method, const QJsonValue& params, const QJsonValue& id,
                            const RunDefaults& defaults, Request* request, RpcError* error);
    static bool makePreparedRequest(const PreparedRequest& prepared, Request* request, RpcError* error);
    struct Entry
    {
        Request request;
        QTimer* timeout = nullptr;       // decision timeout (timeout_s); owned
        RunExecutor* executor = nullptr; // while an approved run runs; owned
        // The person decided and its record is being written (or an approved run's record was
        // written as the app quit, so it did not start): no longer waiting, not yet answered.
        bool decided = false;
        DecisionKind runDecision = DecisionKind::Approve; // Approve or Edit
        QString runCode;                                  // the code that runs
    };

    // What the socket's worker does with a large line (SocketSource::setPreparation()).
    MessagePreparation largeMessagePreparation();
    // The source a request came from; null when it is not (or no longer) registered.
    RequestSource* sourceOf(const Request& request) const;
    // Marks the request's inbox row while its source cannot reach its agent (whyUndecidable()).
    void markReach(const Request& request);

    RunDefaults runDefaults() const;
    void queueForPerson(const Request& request);
    // actionSha256: the ledger's action_sha256 of what the rule approves.
    void applyRule(const Request& request, const RuleMatch& match, const QString& codeSha256,
                   const QString& actionSha256);
    // Stages the ledger entry and queues the answer in m_answers, which sends it once the entry
    // is durable (DurableAnswers: one flush per event-loop turn).
    // `startsRun`: an approved run that starts once durable instead of an answer now.
    void recordThenAnswer(const Request& request, DecisionKind decision, const QString& decidedBy,
                          const QString& codeSha256, const QJsonValue& result, bool approves,
                          const QString& actionSha256 = {}, const QString& reason = {},
                          bool reachedInbox = false, bool startsRun = false);
    // A person's decision into the same queue; the request leaves the inbox now and is answered
    // (or its run started) once the decision is durable. False when the ledger refuses it.
    bool recordPersonDecision(DurableAnswer decided, QString* error);
    // What a durable decision does: the answer, or the approved run started.
    void deliverDurable(const DurableAnswer& ready);
    // A person's decision whose flush failed: back into the inbox.
    void returnToPerson(const DurableAnswer& unrecorded);
    // Ledger entry, then the rejection in the request's shape. Removes the entry.
    void rejectPending(quint64 key, const QString& reason, const QString& decidedBy);
    // The same for several at once, with one ledger flush for all.
    void rejectPendingAll(const QList<quint64>& keys, const std::function<QString(const Entry&)>& reasonFor,
                          const QString& decidedBy);
    void rejectUnqueued(const Request& request, const QString& reason, const QString& decidedBy);
    // Waiting, and its source keeps it pending at quit (RequestSource::keepsPendingAtQuit()).
    bool keptAtQuit(const Entry& entry) const;
    // Requests whose source keeps them pending leave the inbox undecided: nothing is recorded or
    // answered (the quit, a source removed).
    void letGo(const QList<quint64>& keys);
    // The approved run (request.run) starts, its approval durable.
    void startRun(const Request& request, DecisionKind decision);
    static QString uniqueCheckpointLabel(const QString& base, const Request& request);
    // A run ended: the entry goes, and its answer is built off this thread (RunAnswerBuilder);
    // deliverRunAnswer() writes it once built.
    void completeRun(quint64 key, bool ran, const RunOutcome& outcome, const QString& message,
                     qint64 droppedBytes);
    // The built answer to the agent (if it is still there), then runFinished(), then the next run
    // in that sandbox, in the order completeRun() did them when it built the answer itself.
    void deliverRunAnswer(const RunAnswerJob& job, const RunAnswer& built);
    // rulesChanged(), and the rule files' problems (if any) logged, into *error and, once
    // started, through problem().
    void announceRules(QString* error);
    // announceRules() after a change the rule store made; returns `changed`.
    bool ruleChanged(bool changed);
    // `ledgerDecision` is the entry's "decision" as written: decisionName(), or decisionSummary()
    // of a person's decision on several actions.
    LedgerRecord ledgerRecord(const Request& request, const QString& ledgerDecision, const QString& decidedBy,
                              const QString& codeOverride) const;
    // requestDecided(), and for a decision the person did not make automaticDecision() with what
    // the inbox's notice needs. For a single decision (a rule's, a timeout's, a run's); a person's
    // decision on several actions emits requestDecided() itself, it needs no notice.
    // `ledgerDecision`: the decision as recorded where it is not decisionName(decision) ("unknown"
    // for a request decided at its source).
    void announceDecided(const Request& request, DecisionKind decision, const QString& decidedBy,
                         bool reachedInbox, const QString& ledgerDecision = {});
    // The reject reason the agent receives in the request's shape, for the ledger: `reason` where
    // the shape carries one, else empty.
    static QString carriedReason(const Request& request, const QString& reason);
    // The answer through the request's source (its decision is durable).
    void answer(const Request& request, const QJsonValue& result);
    // The request `key` while it still waits for a decision (queued, not running); else nullptr.
    const Request* waitingRequest(quint64 key) const;
    void dropEntry(quint64 key);
    void checkShutdownDrained();
    QString resolvedServerVersion() const;

    QPointer<kosa8::Kosa8Runner> m_runner;
    kosa8::Kosa8Runner* m_ownRunner = nullptr;
    AgentSettings m_settings;
    SocketSource* m_socket; // owned (a child)
    AgentServer* m_server;  // the socket's server
    QHash<quint32, RequestSource*> m_sources;
    // Each source's name for the ledger, kept after the source is removed (its last entries).
    QHash<quint32, QString> m_sourceNames;
    quint32 m_nextSourceNumber = 1;
    InboxModel* m_inbox;
    RuleStore m_ruleStore; // rules.json and the read-only --rules file
    Ledger m_ledger;
    // Answers waiting for their ledger flush; declared after m_ledger so it goes first.
    DurableAnswers m_answers{&m_ledger};
    QHash<quint64, Entry> m_entries;
    // Answers to runs that ended, being built (shutdown() waits for them and sends them).
    RunAnswerBuilder m_runAnswers;
    RunResetPolicy m_resetPolicy;
    const SandboxDirectory* m_sandboxDirectory = nullptr;
    // Runs in one sandbox go one at a time, so that each starts after the previous one's reset:
    // the run (key) that holds each sandbox, and the runs waiting behind it, oldest first. A run
    // holds its sandbox until its answer is out and its last kosa8 step ended (the reset may go on
    // after the answer when the run's budget ran out: RunExecutor).
    QHash<QString, quint64> m_sandboxHolders;
    QHash<QString, QList<quint64>> m_waitingRuns;
    QSet<quint64> m_answering;                // runs whose answer is being built
    QHash<quint64, RunExecutor*> m_resetting; // answered runs whose reset goes on; owned
    void startNextRunIn(const QString& sandbox);
    // The next run in `sandbox` starts when run `key` held it and is done with it.
    void releaseSandboxIfDone(const QString& sandbox, quint64 key);
    quint64 m_nextKey = 1;
    QTimer m_ageTimer;
    QTimer m_drainCap;
    // The ledger open and the rules read (start()'s first half), and its second half: the socket.
    bool prepare(QString* error);
    bool listen(QString* error);

    QStringList m_startupProblems;
    QString m_listenProblem;
    bool m_prepared = false;
    bool m_started = false;
    bool m_shutDown = false;
    bool m_shutdownAnswering = false; // shutdown() is still answering: the socket must not close yet
    bool m_shutdownCompleteSent = false;
};

} // namespace k8::agent
