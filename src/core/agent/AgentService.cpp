// SPDX-License-Identifier: Apache-2.0
#include "agent/AgentService.h"

#include "agent/canonical/Sha256.h"

#include "agent/canonical/CanonicalNumbers.h"
#include "agent/payload/ActionBinding.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/payload/PreparedRequest.h"
#include "agent/review/InboxModel.h"
#include "agent/review/ReviewState.h"
#include "agent/runs/RunExecutor.h"
#include "agent/runs/RunOutputForwarder.h"
#include "agent/runs/SandboxDirectory.h"
#include "agent/socket/FreedMemory.h"
#include "agent/socket/JsonRpc.h"
#include "agent/socket/SocketPath.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Names.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>
#include <utility>

namespace k8::agent {

namespace {

// The ledger's decided_by for everything but a rule (RequestEnd.h reads them back).
const QString DecidedByPerson = QStringLiteral("person");
const QString DecidedByTimeout = QStringLiteral("timeout");
const QString DecidedByWithdrawn = QStringLiteral("withdrawn");
const QString DecidedByShutdown = QStringLiteral("shutdown");
const QString DecidedByElsewhere = QStringLiteral("elsewhere");
// The ledger's decision for a request decided elsewhere: this app does not know what was decided.
const QString DecisionUnknown = QStringLiteral("unknown");
// The ledger's decision for a person's trial of the code (nothing decided: the request waits on).
const QString DecisionTrial = QStringLiteral("trial");

// Bounded wait for answers to reach the kernel at shutdown; a peer that reads nothing must not
// hold the quit.
constexpr int ShutdownDrainCapMs = 2000;

// The ledger's code_sha256: the hash of each action's code, in order, comma-joined.
QString codeHashes(const Request& request)
{
    QStringList hashes;
    for (const ReviewAction& action : request.actions) {
        if (!action.codeField.isEmpty())
            hashes.append(sha256Hex(action.code.toUtf8()));
    }
    return hashes.join(QLatin1Char(','));
}

// The reasons a person gave for the rejected actions: the message alone for one action, each
// with its action's number for several.
QString personReasons(const PersonDecision& decision)
{
    QStringList reasons;
    for (qsizetype i = 0; i < decision.actions.size(); ++i) {
        const ActionDecision& action = decision.actions.at(i);
        if (action.kind != DecisionKind::Reject || action.message.trimmed().isEmpty())
            continue;
        reasons.append(decision.actions.size() == 1
                           ? action.message.trimmed()
                           : QStringLiteral("%1: %2").arg(i + 1).arg(action.message.trimmed()));
    }
    return reasons.join(QStringLiteral("; "));
}

// The ledger's decision for a person's decision: the kind of each action, in order; one word
// when they all agree.
QString decisionSummary(const PersonDecision& decision)
{
    QStringList kinds;
    for (const ActionDecision& action : decision.actions)
        kinds.append(decisionName(action.kind));
    kinds.removeDuplicates();
    if (kinds.size() == 1)
        return kinds.first();
    kinds.clear();
    for (const ActionDecision& action : decision.actions)
        kinds.append(decisionName(action.kind));
    return kinds.join(QLatin1Char(','));
}

} // namespace

AgentService::AgentService(kosa8::Kosa8Runner* runner, QObject* parent)
    : ReviewCoordinator(parent)
    , m_runner(runner)
    , m_socket(new SocketSource(this, this))
    , m_server(m_socket->server())
    , m_inbox(new InboxModel(this))
{
    if (!m_runner) {
        m_ownRunner = new kosa8::Kosa8Runner(this);
        m_runner = m_ownRunner;
    }
    addSource(m_socket);
    m_socket->setPreparation([this] { return largeMessagePreparation(); });
    m_server->setSandboxesAnswer(
        [this] { return SandboxDirectory::describe(m_sandboxDirectory, m_settings.defaultSandbox); });
    connect(&m_answers, &DurableAnswers::answerReady, this, &AgentService::deliverDurable);
    connect(&m_answers, &DurableAnswers::unrecorded, this, &AgentService::returnToPerson);
    // Into the kernel now rather than on the next pass of the event loop.
    connect(&m_answers, &DurableAnswers::batchAnswered, m_server, &AgentServer::flushAll);
    connect(&m_answers, &DurableAnswers::problem, this, &ReviewCoordinator::ledgerWriteFailed);
    connect(&m_runAnswers, &RunAnswerBuilder::built, this, &AgentService::deliverRunAnswer);
    m_ageTimer.setInterval(1000);
    connect(&m_ageTimer, &QTimer::timeout, m_inbox, &InboxModel::refreshAges);
    m_drainCap.setSingleShot(true);
    m_drainCap.setInterval(ShutdownDrainCapMs);
    connect(&m_drainCap, &QTimer::timeout, this, [this] {
        spdlog::warn("agent service: {} bytes of answers still queued at shutdown; closing anyway",
                     m_server->bytesQueued());
        m_server->close();
        if (!m_shutdownCompleteSent) {
            m_shutdownCompleteSent = true;
            Q_EMIT shutdownComplete();
        }
    });
    connect(m_server, &AgentServer::allWritten, this, &AgentService::checkShutdownDrained);
    // Called where the commit is settled, on this thread (Ledger::setOnDurable).
    m_ledger.setOnDurable([this](qint64 lastSeq) { Q_EMIT ledgerWritten(lastSeq); });
    connect(m_server, &AgentServer::peerRefused, this, &ReviewCoordinator::problem);
}

AgentService::~AgentService()
{
    shutdown();
    m_drainCap.stop();
    m_server->flushAll();
    m_server->close();
    // Executors and timers are children; their signals must not reach a half-destroyed service.
    for (Entry& entry : m_entries) {
        if (entry.executor)
            entry.executor->disconnect(this);
    }
}

bool AgentService::start(const AgentSettings& settings, QString* error)
{
    if (m_started) {
        *error = tr("The agent service is already running.");
        return false;
    }
    if (!m_prepared) {
        m_settings = settings;
        if (!prepare(error)) {
            m_listenProblem = *error;
            return false;
        }
    }
    return listen(error);
}

bool AgentService::retryListening(QString* error)
{
    if (m_started)
        return true;
    if (m_shutDown) {
        *error = tr("The agent service has shut down.");
        return false;
    }
    return start(m_settings, error);
}

bool AgentService::prepare(QString* error)
{
    if (m_settings.dataDir.isEmpty()) {
        *error = tr("No data folder was given for the agent service.");
        return false;
    }
    if (!QDir().mkpath(m_settings.dataDir)) {
        *error = tr("Cannot create the data folder %1.").arg(m_settings.dataDir);
        return false;
    }

    QString ledgerError;
    QString ledgerWarning;
    if (!m_ledger.open(m_settings.ledgerPath(), &ledgerError, &ledgerWarning)) {
        // Without a ledger no decision could be recorded, so none may be made.
        *error = tr("Cannot open the decision ledger %1: %2").arg(m_settings.ledgerPath(), ledgerError);
        return false;
    }
    if (!ledgerWarning.isEmpty())
        m_startupProblems.append(ledgerWarning);
    // Lost tail or rewritten history since the app last wrote the ledger: said at every start
    // until a new decision moves the remembered end (the log keeps it).
    if (const LedgerStateCheck& check = m_ledger.stateCheck(); !check.message.isEmpty()) {
        if (check.isAlarm())
            spdlog::error("decision ledger: {}", check.message.toStdString());
        else
            spdlog::warn("decision ledger: {}", check.message.toStdString());
        m_startupProblems.append(check.message);
    }

    QString rulesError;
    if (!reloadRules(&rulesError))
        m_startupProblems.append(rulesError);
    m_prepared = true;
    // Said once, whether or not the socket can be used: the rules and the ledger matter either way.
    for (const QString& problemText : std::as_const(m_startupProblems))
        Q_EMIT problem(problemText);
    return true;
}

bool AgentService::listen(QString* error)
{
    m_server->setLimits(m_settings.limits);
    m_server->setServerVersion(resolvedServerVersion());
    const QString path = SocketPath::resolve(m_settings.socketPath);
    if (!m_server->listen(path, error)) {
        m_listenProblem = *error;
        return false;
    }
    m_settings.socketPath = path;
    m_listenProblem.clear();
    m_started = true;
    Q_EMIT listeningStarted();
    return true;
}

bool AgentService::isListening() const
{
    return m_server->isListening();
}

QString AgentService::socketPath() const
{
    return m_server->socketPath();
}

int AgentService::connectionCount() const
{
    return m_server->connectionCount();
}

QString AgentService::resolvedServerVersion() const
{
    if (!m_settings.serverVersion.isEmpty())
        return m_settings.serverVersion;
    const QString version = QCoreApplication::applicationVersion();
    return version.isEmpty() ? QStringLiteral("unknown") : version;
}

void AgentService::setDefaultSandbox(const QString& sandbox)
{
    m_settings.defaultSandbox = sandbox;
}

void AgentService::setImageByLanguage(const QHash<QString, QString>& images)
{
    m_settings.imageByLanguage = images;
}

RunDefaults AgentService::runDefaults() const
{
    RunDefaults defaults;
    defaults.sandbox = m_settings.defaultSandbox;
    defaults.imageByLanguage = m_settings.imageByLanguage;
    return defaults;
}

bool AgentService::reloadRules(QString* error)
{
    m_ruleStore.setPaths(m_settings.rulesPath(), m_settings.rulesFile);
    const bool valid = m_ruleStore.reload();
    announceRules(error);
    return valid;
}

void AgentService::announceRules(QString* error)
{
    Q_EMIT rulesChanged();
    const QString message = m_ruleStore.loadProblems();
    if (message.isEmpty())
        return;
    spdlog::warn("standing rules: {}", message.toStdString());
    if (error)
        *error = message;
    if (m_started)
        Q_EMIT problem(message);
}

bool AgentService::ruleChanged(bool changed)
{
    if (changed)
        announceRules(nullptr);
    return changed;
}

const Request* AgentService::request(quint64 key) const
{
    const auto it = m_entries.constFind(key);
    return it == m_entries.constEnd() ? nullptr : &it->request;
}

// ---- requests from the sources ----

bool AgentService::makeRequest(const QString& method, const QJsonValue& params, const QJsonValue& id,
                               const RunDefaults& defaults, Request* request, RpcError* error)
{
    // The sources hand in only "review" and "run" (AgentServer::handleMessage on the socket).
    return methodFrom(method) == Method::Run ? requestFromRun(params.toObject(), id, defaults, request, error)
                                             : requestFromReview(params.toObject(), request, error);
}

bool AgentService::makePreparedRequest(const PreparedRequest& prepared, Request* request, RpcError* error)
{
    *request = prepared.request;
    *error = prepared.error;
    return prepared.valid;
}

MessagePreparation AgentService::largeMessagePreparation()
{
    // The defaults as they are when the line is handed over, copied: the worker never reads the
    // settings, which the UI thread may change meanwhile.
    return [defaults = runDefaults()](RpcMessage* message) {
        const std::optional<Method> method = methodFrom(message->method);
        if (!method || message->isNotification || !message->params.isObject())
            return; // the server answers these itself
        auto prepared = std::make_shared<PreparedRequest>();
        prepared->valid = makeRequest(message->method, message->params, message->id, defaults,
                                      &prepared->request, &prepared->error);
        if (prepared->valid) {
            prepareReviewTexts(&prepared->request);
            prepared->bindings = actionBindings(prepared->request, defaults);
        }
        message->prepared = std::move(prepared);
    };
}

quint32 AgentService::addSource(RequestSource* source)
{
    const quint32 number = m_nextSourceNumber++;
    source->setSourceNumber(number);
    m_sources.insert(number, source);
    m_sourceNames.insert(number, source->sourceName());
    return number;
}

void AgentService::removeSource(RequestSource* source)
{
    const quint32 number = source->sourceNumber();
    if (m_sources.value(number) != source)
        return;
    QList<quint64> withdrawn;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        if (it->request.origin.source == number && !it->executor && !it->decided)
            withdrawn.append(it.key());
    }
    if (source->keepsPendingAtQuit()) {
        // The server keeps them: they only leave this inbox, undecided and unrecorded.
        letGo(withdrawn);
    } else {
        const QString reason = tr("The source of the request was removed.");
        rejectPendingAll(
            withdrawn, [&reason](const Entry&) { return reason; }, DecidedByWithdrawn);
    }
    // After the rejections were queued: their answers, sent once durable, find no source.
    m_sources.remove(number);
}

void AgentService::reachChanged(quint32 source)
{
    if (!m_sources.contains(source))
        return;
    for (const Entry& entry : std::as_const(m_entries)) {
        if (entry.request.origin.source == source)
            markReach(entry.request);
    }
    Q_EMIT decidabilityChanged();
}

void AgentService::markReach(const Request& request)
{
    m_inbox->setUnreachable(request.key, !whyUndecidable(request.key).isEmpty());
}

QString AgentService::whyUndecidable(quint64 key) const
{
    const Request* waiting = waitingRequest(key);
    if (!waiting)
        return {};
    const RequestSource* source = sourceOf(*waiting);
    // Only a source that keeps its requests while its agent is away (a LangGraph server): a
    // socket request whose agent left is withdrawn at once instead.
    if (!source || !source->keepsPendingAtQuit() || source->reaches(waiting->origin))
        return {};
    const QString server =
        waiting->origin.serverName.isEmpty() ? waiting->origin.server : waiting->origin.serverName;
    return tr("The LangGraph server %1 cannot be reached now, so no decision can be sent to it. The "
              "interrupt waits there: decide once the server answers again (kosa8 Desk tries every few "
              "seconds).")
        .arg(server);
}

RequestSource* AgentService::sourceOf(const Request& request) const
{
    return m_sources.value(request.origin.source);
}

void AgentService::submit(RequestSource* source, const IncomingRequest& incoming)
{
    // Its answer would find no way back: a source hands in requests only once added, under its
    // own number.
    if (m_sources.value(incoming.origin.source) != source) {
        spdlog::error("agent service: a request from a source that was not added (or under another "
                      "source's number) is refused");
        source->refuse(incoming.origin,
                       makeRpcError(ErrorCode::InvalidRequest,
                                    tr("The request came from a source kosa8 Desk does not know.")));
        return;
    }
    if (m_shutDown) {
        source->refuse(incoming.origin, makeRpcError(ErrorCode::Busy, tr("kosa8 Desk is quitting.")));
        return;
    }
    Q_EMIT requestArriving();
    Request request;
    RpcError error;
    // A large one was made off the UI thread (largeMessagePreparation()).
    const bool valid = incoming.prepared ? makePreparedRequest(*incoming.prepared, &request, &error)
                                         : makeRequest(incoming.method, incoming.params, incoming.origin.id,
                                                       runDefaults(), &request, &error);
    if (!valid) {
        source->refuse(incoming.origin, error);
        return;
    }
    request.key = m_nextKey++;
    request.origin = incoming.origin;
    request.receivedAt = QDateTime::currentDateTimeUtc();
    request.nonCanonicalNumber = incoming.nonCanonicalNumber;
    if (request.agent.trimmed().isEmpty())
        request.agent =
            incoming.defaultAgent.isEmpty() ? QStringLiteral("unknown agent") : incoming.defaultAgent;
    // The checkpoint label is fixed here, once, so the review shows the very label that is taken
    // and the ledger records it.
    if (request.method == Method::Run)
        request.run.checkpointLabel = uniqueCheckpointLabel(request.run.checkpointLabel, request);

    if (request.nonCanonicalNumber)
        spdlog::info("agent request {}: the number {} is not written in canonical form; no standing rule "
                     "approves it",
                     request.key, request.nonCanonicalNumber->written.left(40).toStdString());
    // Each action is bound and hashed once, for the rules and for the ledger (a large request's
    // off the UI thread, with the defaults it was made with).
    const QList<ActionBinding> bindings =
        incoming.prepared ? incoming.prepared->bindings : actionBindings(request, runDefaults());
    if (const std::optional<RuleMatch> match = m_ruleStore.rules().match(request, bindings)) {
        QStringList present;
        for (const ActionBinding& binding : bindings) {
            if (!binding.codeSha256.isEmpty())
                present.append(binding.codeSha256);
        }
        applyRule(request, *match, present.join(QLatin1Char(',')), approvedActionSha256s(bindings));
        return;
    }
    queueForPerson(request);
}

void AgentService::applyRule(const Request& request, const RuleMatch& match, const QString& codeSha256,
                             const QString& actionSha256)
{
    const QString decidedBy = QStringLiteral("rule:") + match.ruleName;
    if (match.decision == Rule::Decision::Reject) {
        const QString reason = tr("Rejected by the standing rule '%1'.").arg(match.ruleName);
        recordThenAnswer(request, DecisionKind::Reject, decidedBy, codeSha256, rejectionFor(request, reason),
                         false, {}, carriedReason(request, reason));
        return;
    }
    if (request.method == Method::Run) {
        // Started once its approval is on disk (deliverDurable()); a failed flush answers a rejection.
        recordThenAnswer(request, DecisionKind::Approve, decidedBy, sha256Hex(request.run.code.toUtf8()), {},
                         true, actionSha256, {}, false, true);
        return;
    }
    const QJsonValue approval = approvalFor(request);
    if (approval.isUndefined() || approval.isNull()) {
        rejectUnqueued(request, tr("The standing rule '%1' could not be applied.").arg(match.ruleName),
                       decidedBy);
        return;
    }
    recordThenAnswer(request, DecisionKind::Approve, decidedBy, codeSha256, approval, true, actionSha256);
}

void AgentService::recordThenAnswer(const Request& request, DecisionKind decision, const QString& decidedBy,
                                    const QString& codeSha256, const QJsonValue& result, bool approves,
                                    const QString& actionSha256, const QString& reason, bool reachedInbox,
                                    bool startsRun)
{
    DurableAnswer queued;
    queued.request = request;
    queued.record = ledgerRecord(request, decisionName(decision), decidedBy, codeSha256);
    queued.record.actionSha256 = actionSha256;
    queued.record.reason = reason;
    queued.result = result; // a run's answer comes when it ends (a failed flush makes it a rejection)
    queued.approves = approves;
    queued.decision = decision;
    queued.reachedInbox = reachedInbox;
    queued.startsRun = startsRun;
    QString error;
    if (m_answers.enqueue(queued, &error))
        return;
    // Fail closed: an approval that is not in the ledger is not given; a rejection still goes
    // out, as it is the safe answer.
    if (approves) {
        rejectUnqueued(request, tr("The decision could not be recorded: %1").arg(error), decidedBy);
    } else {
        Q_EMIT ledgerWriteFailed(error);
        answer(request, result);
        announceDecided(request, decision, decidedBy, reachedInbox);
    }
}

void AgentService::queueForPerson(const Request& request)
{
    Entry entry;
    entry.request = request;
    if (request.timeoutS > 0) {
        entry.timeout = new QTimer(this);
        entry.timeout->setSingleShot(true);
        entry.timeout->setInterval(request.timeoutS * 1000);
        const quint64 key = request.key;
        connect(entry.timeout, &QTimer::timeout, this, [this, key] {
            const Request* waiting = waitingRequest(key);
            if (!waiting)
                return;
            rejectPending(key, tr("No decision within %1 s; the request timed out.").arg(waiting->timeoutS),
                          DecidedByTimeout);
        });
        entry.timeout->start();
    }
    m_entries.insert(request.key, entry);
    m_inbox->append(request);
    markReach(request);
    if (!m_ageTimer.isActive())
        m_ageTimer.start();
    spdlog::info("agent request {} queued: {} from {} ({})", request.key,
                 methodName(request.method).toStdString(), request.agent.toStdString(),
                 request.title.toStdString());
    Q_EMIT requestQueued(request.key);
}

bool AgentService::withdraw(const RequestOrigin& origin)
{
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        const Request& request = it->request;
        if (!(request.origin == origin))
            continue;
        if (it->decided)
            return false; // decided, its record being written: too late, as for a run that started
        // Approved, but its code has not started (it waits for its sandbox, or for its checkpoint):
        // still withdrawn, its checkpoint stopped. Once the code runs it is too late.
        if (it->executor && it->executor->step() != RunExecutor::Step::Approved &&
            it->executor->step() != RunExecutor::Step::Checkpoint)
            return false;
        const quint64 key = it.key();
        const bool checkpointStarted = it->executor && it->executor->step() == RunExecutor::Step::Checkpoint;
        const QString sandbox = request.run.sandbox;
        rejectPending(key, tr("The agent withdrew the request."), DecidedByWithdrawn);
        if (checkpointStarted) {
            // The window showed its checkpoint start (runStarted): the run ends there.
            Q_EMIT runFinished(
                key, QJsonObject{{QStringLiteral("error"),
                                  tr("The agent withdrew the run while its checkpoint was being "
                                     "taken; the checkpoint was stopped and the code was not run.")},
                                 {QStringLiteral("sandbox"), sandbox},
                                 {QStringLiteral("checkpoint"), QJsonValue(QJsonValue::Null)}});
        }
        return true;
    }
    return false;
}

void AgentService::channelClosed(quint32 source, quint64 channel)
{
    QList<quint64> withdrawn;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        // A run that is already running was approved; it finishes and its result is shown in the
        // app even though nobody is left to receive it.
        const RequestOrigin& origin = it->request.origin;
        if (origin.source == source && origin.channel == channel && !it->executor && !it->decided)
            withdrawn.append(it.key());
    }
    const QString reason = tr("The agent disconnected.");
    rejectPendingAll(
        withdrawn, [&reason](const Entry&) { return reason; }, DecidedByWithdrawn);
}

bool AgentService::endedAtSource(const RequestOrigin& origin)
{
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        if (!(it->request.origin == origin))
            continue;
        // Decided here and being recorded, or running: this app's decision went first.
        if (it->decided || it->executor)
            return false;
        const Request request = it->request;
        const quint64 key = it.key();
        const bool wasQueued = m_inbox->rowOf(key) >= 0;
        dropEntry(key);
        if (wasQueued)
            Q_EMIT requestRemoved(key, DecidedByElsewhere);
        spdlog::info("agent request {}: decided at its source, not here", key);
        // Recorded like every end of a request, with nothing to answer: whoever decided it
        // answered the agent.
        DurableAnswer queued;
        queued.request = request;
        queued.record = ledgerRecord(request, DecisionUnknown, DecidedByElsewhere, QString());
        queued.decision = DecisionKind::Reject;
        queued.reachedInbox = wasQueued;
        queued.answersSource = false;
        QString error;
        if (!m_answers.enqueue(queued, &error)) {
            Q_EMIT ledgerWriteFailed(error);
            announceDecided(request, queued.decision, DecidedByElsewhere, wasQueued, DecisionUnknown);
        }
        return true;
    }
    return false;
}

bool AgentService::keptAtQuit(const Entry& entry) const
{
    const RequestSource* source = sourceOf(entry.request);
    return !entry.executor && !entry.decided && source && source->keepsPendingAtQuit();
}

int AgentService::keptAtQuitCount() const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(),
                             [this](const Entry& entry) { return keptAtQuit(entry); }));
}

void AgentService::letGo(const QList<quint64>& keys)
{
    for (quint64 key : keys) {
        if (!m_entries.contains(key))
            continue;
        const bool wasQueued = m_inbox->rowOf(key) >= 0;
        dropEntry(key);
        if (wasQueued)
            Q_EMIT requestRemoved(key, DecidedByShutdown);
    }
}

// ---- decisions ----

bool AgentService::decide(quint64 key, const PersonDecision& decision, QString* error)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    const Request* waiting = waitingRequest(key);
    if (!waiting)
        return fail(tr("This request is no longer waiting for a decision."));
    const Request request = *waiting;
    // Not recorded, not kept for later: the interrupt may be resumed elsewhere meanwhile, and
    // then the ledger would hold a decision that never took effect.
    if (const QString why = whyUndecidable(key); !why.isEmpty())
        return fail(why);

    QJsonValue result;
    QString shapeError;
    if (!reviewResult(request, decision, &result, &shapeError))
        return fail(shapeError);

    if (request.method == Method::Run) {
        const ActionDecision& chosen = decision.actions.first();
        if (chosen.kind == DecisionKind::Approve || chosen.kind == DecisionKind::Edit) {
            RunSpec spec = request.run;
            spec.code = result.toObject().value(QLatin1String("code")).toString();
            if (spec.code.isEmpty())
                return fail(tr("There is no code to run."));
            if (!decision.runSandbox.isEmpty()) {
                const QString why = kosa8::Names::checkSandbox(decision.runSandbox);
                if (!why.isEmpty())
                    return fail(why);
                spec.sandbox = decision.runSandbox;
            }
            if (!decision.runImage.isEmpty()) {
                const QString why = kosa8::Names::checkImage(decision.runImage);
                if (!why.isEmpty())
                    return fail(why);
                spec.image = decision.runImage;
            }
            if (spec.sandbox.isEmpty())
                return fail(tr("Choose a sandbox to run the code in."));
            DurableAnswer approved;
            approved.request = request;
            approved.request.run = spec;
            // What runs is what the ledger says was approved: the binding of this very spec.
            approved.record = ledgerRecord(approved.request, decisionName(chosen.kind), DecidedByPerson,
                                           sha256Hex(spec.code.toUtf8()));
            approved.record.actionSha256 = runBinding(spec, runDefaults()).actionSha256;
            approved.approves = true;
            approved.startsRun = true;
            approved.decision = chosen.kind;
            return recordPersonDecision(approved, error);
        }
    }

    DurableAnswer decided;
    decided.request = request;
    decided.record = ledgerRecord(request, decisionSummary(decision), DecidedByPerson, QString());
    decided.record.actionSha256 =
        approvedActionSha256s(approvedActionBindings(request, decision, runDefaults()));
    decided.record.reason = carriedReason(request, personReasons(decision));
    decided.result = result;
    return recordPersonDecision(decided, error);
}

bool AgentService::recordPersonDecision(DurableAnswer decided, QString* error)
{
    // The answer (or the run) waits for the flush on the ledger's thread, not this one; until
    // then the request is out of the inbox but still the service's: it cannot time out, nor be
    // withdrawn (the agent's cancel is answered false, as for a run that started).
    decided.returnsToPerson = true;
    decided.reachedInbox = true;
    QString ledgerError;
    if (!m_answers.enqueue(decided, &ledgerError)) {
        Q_EMIT ledgerWriteFailed(ledgerError);
        if (error)
            *error = ledgerError;
        return false;
    }
    const quint64 key = decided.request.key;
    Entry& entry = m_entries[key];
    entry.decided = true;
    if (entry.timeout)
        entry.timeout->stop();
    m_inbox->remove(key);
    Q_EMIT requestRemoved(key, DecidedByPerson);
    return true;
}

bool AgentService::recordTrial(const Request& request, const TrialRecord& trial, QString* error)
{
    DurableAnswer recorded;
    recorded.request = request;
    recorded.record = ledgerRecord(request, DecisionTrial, DecidedByPerson, trial.codeSha256);
    recorded.record.checkpointLabel.clear(); // a trial takes no checkpoint
    recorded.record.copy = trial.copy;
    recorded.record.exitCode = trial.exitCode;
    recorded.record.reason = trial.problem;
    recorded.answersSource = false;
    recorded.recordOnly = true;
    QString ledgerError;
    if (!m_answers.enqueue(recorded, &ledgerError)) {
        Q_EMIT ledgerWriteFailed(ledgerError);
        if (error)
            *error = ledgerError;
        return false;
    }
    return true;
}

void AgentService::deliverDurable(const DurableAnswer& ready)
{
    if (ready.recordOnly)
        return; // a trial: on disk, and nothing else follows
    const quint64 key = ready.request.key;
    if (ready.returnsToPerson) {
        const auto it = m_entries.constFind(key);
        if (it == m_entries.constEnd() || !it->decided)
            return; // cannot happen: nothing else ends a decided entry before its flush
        if (ready.startsRun) {
            Q_EMIT requestDecided(key, ready.record.decision, DecidedByPerson);
            startRun(ready.request, ready.decision);
            return;
        }
        dropEntry(key);
        answer(ready.request, ready.result);
        // The person's own decision needs no notice (and may hold several kinds).
        Q_EMIT requestDecided(key, ready.record.decision, DecidedByPerson);
        return;
    }
    // A rule's, a timeout's, a withdrawal's or the quit's: a single approval or rejection (a
    // failed flush turned an approval into a rejection, its run into an answer).
    announceDecided(ready.request, ready.decision, ready.record.decidedBy, ready.reachedInbox,
                    ready.record.decision);
    if (!ready.answersSource)
        return;
    if (ready.startsRun) {
        startRun(ready.request, ready.decision);
        return;
    }
    answer(ready.request, ready.result);
}

void AgentService::returnToPerson(const DurableAnswer& unrecorded)
{
    const quint64 key = unrecorded.request.key;
    const auto it = m_entries.find(key);
    if (it == m_entries.end() || !it->decided)
        return;
    // Nothing was answered and nothing stands in the ledger: the request waits for the person
    // again, as it was (ledgerWriteFailed() has said why), its time to decide started afresh.
    it->decided = false;
    if (it->timeout)
        it->timeout->start();
    m_inbox->append(it->request);
    markReach(it->request);
    if (!m_ageTimer.isActive())
        m_ageTimer.start();
    Q_EMIT problem(tr("A decision you made could not be recorded, so nothing was sent to the agent. The "
                      "request is back in the inbox, to be decided again."));
    Q_EMIT requestQueued(key);
}

void AgentService::rejectPending(quint64 key, const QString& reason, const QString& decidedBy)
{
    rejectPendingAll(
        {key}, [&reason](const Entry&) { return reason; }, decidedBy);
}

void AgentService::rejectPendingAll(const QList<quint64>& keys,
                                    const std::function<QString(const Entry&)>& reasonFor,
                                    const QString& decidedBy)
{
    // All of them in one flush of the queue (a connection that goes with many requests pending,
    // or the quit), each answered once its rejection is on disk; they leave the inbox now.
    for (quint64 key : keys) {
        const auto it = m_entries.constFind(key);
        if (it == m_entries.constEnd())
            continue;
        const Request request = it->request;
        const QString reason = reasonFor(*it);
        const bool wasQueued = m_inbox->rowOf(key) >= 0;
        dropEntry(key);
        if (wasQueued)
            Q_EMIT requestRemoved(key, decidedBy);
        recordThenAnswer(request, DecisionKind::Reject, decidedBy, QString(), rejectionFor(request, reason),
                         false, {}, carriedReason(request, reason), wasQueued);
    }
}

void AgentService::rejectUnqueued(const Request& request, const QString& reason, const QString& decidedBy)
{
    recordThenAnswer(request, DecisionKind::Reject, decidedBy, QString(), rejectionFor(request, reason),
                     false, {}, carriedReason(request, reason));
}

const Request* AgentService::waitingRequest(quint64 key) const
{
    const auto it = m_entries.constFind(key);
    return it == m_entries.constEnd() || it->executor || it->decided ? nullptr : &it->request;
}

void AgentService::dropEntry(quint64 key)
{
    const auto it = m_entries.find(key);
    if (it == m_entries.end())
        return;
    if (it->timeout) {
        it->timeout->stop();
        it->timeout->deleteLater();
    }
    QString freedSandbox; // a run going there stops: the next one in that sandbox may start
    if (it->executor) {
        freedSandbox = it->request.run.sandbox;
        it->executor->disconnect(this);
        it->executor->cancel();
        it->executor->deleteLater();
    }
    const bool large = it->request.payloadCanonical.size() >= FreedMemory::LargeBytes ||
                       it->request.run.code.size() * 2 >= FreedMemory::LargeBytes;
    m_entries.erase(it);
    if (large)
        FreedMemory::returnSoon();
    if (!freedSandbox.isEmpty())
        releaseSandboxIfDone(freedSandbox, key);
    m_inbox->remove(key);
    if (m_inbox->count() == 0)
        m_ageTimer.stop();
}

// ---- runs ----

// Request ids repeat across connections and app runs (every client starts at 1), and kosa8
// refuses a label the sandbox already has, so the label gets the time it was asked for and the
// app's own key: before-<id>-<yyyyMMddTHHmmssZ>-<key>.
QString AgentService::uniqueCheckpointLabel(const QString& base, const Request& request)
{
    const QString suffix = QLatin1Char('-') +
                           request.receivedAt.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")) +
                           QLatin1Char('-') + QString::number(request.key);
    QString prefix = base.isEmpty() ? QStringLiteral("before-request") : base;
    prefix.truncate(128 - suffix.size());
    const QString label = prefix + suffix;
    return kosa8::Names::checkLabel(label).isEmpty() ? label : QStringLiteral("before-request") + suffix;
}

void AgentService::startRun(const Request& request, DecisionKind decision)
{
    const quint64 key = request.key;
    const RunSpec& spec = request.run; // its checkpoint label was made unique on arrival
    Entry& entry = m_entries[key];
    entry.request = request;
    if (m_shutDown) {
        // Recorded as approved while the app quits: it does not start, and the quit answers it.
        entry.decided = true;
        return;
    }
    entry.decided = false;
    entry.runDecision = decision;
    entry.runCode = spec.code;
    auto* executor = new RunExecutor(m_runner, this);
    executor->setStdinThresholdBytes(m_settings.runStdinThresholdBytes);
    executor->setResetPolicy(m_resetPolicy);
    executor->setStepLimitMs(m_settings.runStepLimitMs);
    entry.executor = executor;
    connect(executor, &RunExecutor::resetStarted, this, &AgentService::runResetStarted);
    connect(executor, &RunExecutor::resetFinished, this, &AgentService::runResetFinished);
    connect(executor, &RunExecutor::resetSkipped, this, &AgentService::runResetSkipped);

    connect(executor, &RunExecutor::stepStarted, this,
            [this, key](const QString& preview) { Q_EMIT runStarted(key, preview); });
    // run.output within the per-run budget and never queued behind an agent that does not read.
    const auto forwarder = std::make_shared<RunOutputForwarder>(
        [this, source = request.origin.source] { return m_sources.value(source); }, request.origin,
        m_settings.limits.maxRunOutputBytes, m_settings.limits.runOutputQueueBytes);
    connect(executor, &RunExecutor::output, this,
            [this, key, forwarder](bool isStderr, const QByteArray& bytes) {
                forwarder->forward(isStderr, bytes);
                Q_EMIT runOutput(key, isStderr, bytes);
            });
    connect(executor, &RunExecutor::finished, this,
            [this, key, forwarder](bool ran, const RunOutcome& outcome, const QString& message) {
                completeRun(key, ran, outcome, message, forwarder->droppedBytes());
            });
    // Its timeout_s counts from here, the wait for its sandbox included.
    executor->approve(spec);
    if (m_sandboxHolders.contains(spec.sandbox)) {
        spdlog::info("agent request {}: waits for the run going in sandbox {}", key,
                     spec.sandbox.toStdString());
        m_waitingRuns[spec.sandbox].append(key);
        return;
    }
    m_sandboxHolders.insert(spec.sandbox, key);
    spdlog::info("agent request {}: running approved code in sandbox {}", key, spec.sandbox.toStdString());
    Q_EMIT runStarting(key);
    executor->start();
}

void AgentService::startNextRunIn(const QString& sandbox)
{
    QList<quint64>& waiting = m_waitingRuns[sandbox];
    // Quitting: the waiting runs are answered by shutdown(), none starts.
    while (!m_shutDown && !waiting.isEmpty()) {
        const quint64 key = waiting.takeFirst();
        const auto it = m_entries.constFind(key);
        if (it == m_entries.constEnd() || !it->executor)
            continue; // withdrawn, or out of time, while it waited
        m_sandboxHolders.insert(sandbox, key);
        spdlog::info("agent request {}: running approved code in sandbox {}", key, sandbox.toStdString());
        Q_EMIT runStarting(key);
        // Looked up again: a follower of runStarting may have changed the entries.
        const auto again = m_entries.constFind(key);
        if (again == m_entries.constEnd() || !again->executor)
            continue;
        again->executor->start();
        return;
    }
    m_waitingRuns.remove(sandbox);
    m_sandboxHolders.remove(sandbox);
}

void AgentService::releaseSandboxIfDone(const QString& sandbox, quint64 key)
{
    const auto holder = m_sandboxHolders.constFind(sandbox);
    if (holder == m_sandboxHolders.constEnd() || *holder != key)
        return; // it never held it (it waited behind another run)
    if (m_entries.contains(key) || m_answering.contains(key) || m_resetting.contains(key))
        return;
    startNextRunIn(sandbox);
}

void AgentService::completeRun(quint64 key, bool ran, const RunOutcome& outcome, const QString& message,
                               qint64 droppedBytes)
{
    const auto it = m_entries.constFind(key);
    if (it == m_entries.constEnd())
        return;
    RunAnswerJob job;
    job.request = it->request;
    job.ran = ran;
    job.message = message;
    job.outcome = outcome;
    job.rpcId = it->request.origin.id;
    job.decision = decisionName(it->runDecision);
    job.code = it->runCode;
    job.droppedBytes = droppedBytes;
    job.sandbox = it->request.run.sandbox;
    if (RunExecutor* executor = it->executor) {
        job.resetOutcome = executor->resetOutcome();
        executor->disconnect(this);
        if (executor->step() == RunExecutor::Step::Done) {
            executor->deleteLater();
        } else {
            // Its budget ran out during the reset: the answer goes now, the reset goes on, and
            // the sandbox stays taken until it ends.
            const QString sandbox = job.sandbox;
            m_resetting.insert(key, executor);
            connect(executor, &RunExecutor::resetFinished, this, &AgentService::runResetFinished);
            connect(executor, &RunExecutor::idle, this, [this, key, sandbox] {
                if (RunExecutor* done = m_resetting.take(key)) {
                    done->disconnect(this);
                    done->deleteLater();
                }
                releaseSandboxIfDone(sandbox, key);
            });
        }
    }
    if (QTimer* timeout = it->timeout)
        timeout->deleteLater();
    // Decided and ran: nothing can withdraw it now (a cancel answers false, a closed connection
    // only loses the answer); its sandbox stays taken until the answer is out.
    m_answering.insert(key);
    m_entries.remove(key);
    // Decoding the output and writing it as JSON is megabytes of work for a large run
    // (bench_run_stream): not on this thread.
    m_runAnswers.build(job);
}

void AgentService::deliverRunAnswer(const RunAnswerJob& job, const RunAnswer& built)
{
    RequestSource* source = sourceOf(job.request);
    if (!source || !source->answerEncoded(job.request.origin, built.line))
        spdlog::debug("agent request {}: the agent is gone; answer dropped", job.request.key);
    if (!job.ran) {
        Q_EMIT problem(tr("%1 Command: %2")
                           .arg(job.message, job.outcome.fields.value(QStringLiteral("command")).toString()));
    }
    Q_EMIT runFinished(job.request.key, built.shown);
    checkShutdownDrained();
    m_answering.remove(job.request.key);
    releaseSandboxIfDone(job.request.run.sandbox, job.request.key);
}

// ---- ledger and answers ----

LedgerRecord AgentService::ledgerRecord(const Request& request, const QString& ledgerDecision,
                                        const QString& decidedBy, const QString& codeOverride) const
{
    LedgerRecord entry;
    entry.requestId = requestIdText(request.origin.id);
    entry.source = m_sourceNames.value(request.origin.source);
    entry.server = request.origin.server;
    entry.threadId = request.origin.threadId;
    entry.interruptId = request.origin.interruptId;
    entry.agent = request.agent;
    entry.method = methodName(request.method);
    entry.payloadSha256 = request.payloadSha256;
    entry.codeSha256 = codeOverride.isEmpty() ? codeHashes(request) : codeOverride;
    entry.decision = ledgerDecision;
    entry.decidedBy = decidedBy;
    entry.title = request.title;
    if (request.method == Method::Run) {
        // Where it runs, or would have: the sandbox and image resolved (and as the person chose),
        // and the label the checkpoint is taken under (none when the request asked for none).
        entry.sandbox = request.run.sandbox;
        entry.image = request.run.image;
        entry.language = request.run.language;
        if (request.run.checkpoint)
            entry.checkpointLabel = request.run.checkpointLabel; // made unique on arrival
    }
    return entry;
}

QString AgentService::carriedReason(const Request& request, const QString& reason)
{
    return canCarryRejectReason(request.shape) ? reason : QString();
}

void AgentService::announceDecided(const Request& request, DecisionKind decision, const QString& decidedBy,
                                   bool reachedInbox, const QString& ledgerDecision)
{
    Q_EMIT requestDecided(request.key, ledgerDecision.isEmpty() ? decisionName(decision) : ledgerDecision,
                          decidedBy);
    DecisionNotice notice;
    if (!DecisionNotice::causeFromDecidedBy(decidedBy, &notice.cause, &notice.ruleName))
        return; // the person's own decision needs no notice
    notice.decision = decision;
    notice.agent = request.agent;
    notice.title = request.title;
    notice.method = request.method;
    if (request.method == Method::Run)
        notice.sandbox = request.run.sandbox;
    notice.requestId = requestIdText(request.origin.id);
    notice.payloadSha256 = request.payloadSha256;
    notice.timeoutS = request.timeoutS;
    notice.reachedInbox = reachedInbox;
    notice.decidedAt = QDateTime::currentDateTime();
    Q_EMIT automaticDecision(notice);
}

void AgentService::answer(const Request& request, const QJsonValue& result)
{
    RequestSource* source = sourceOf(request);
    if (!source || !source->answer(request.origin, result))
        spdlog::debug("agent request {}: the agent is gone; answer dropped", request.key);
}

// ---- rules from the review view ----

bool AgentService::addApproveCodeRule(const QString& code, QString* error)
{
    if (code.isEmpty()) {
        if (error)
            *error = tr("There is no code to approve.");
        return false;
    }
    // The rule would never approve it (RuleSet::match), so it is not saved.
    if (const QString hiding = hidingReason(QJsonValue(code)); !hiding.isEmpty()) {
        if (error)
            *error = tr("This code cannot be approved by a standing rule: %1.").arg(hiding);
        return false;
    }
    return ruleChanged(m_ruleStore.addApproveCode(sha256Hex(code.toUtf8()), error));
}

bool AgentService::addApproveActionRule(quint64 key, const PersonDecision& decision, QString* error,
                                        const QString& server)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    const Request* waiting = waitingRequest(key);
    if (!waiting)
        return fail(tr("This request is no longer waiting for a decision."));
    const Request& request = *waiting;
    // A rule limited to another server than the request's would never approve the request the
    // person saw it made from.
    if (!server.isEmpty() &&
        (request.origin.server.isEmpty() || serverUrlKey(server) != serverUrlKey(request.origin.server)))
        return fail(tr("This request did not come from the server %1.").arg(server));
    // Only a decision the request allows may become a rule (the same check decide() makes).
    QJsonValue result;
    QString shapeError;
    if (!reviewResult(request, decision, &result, &shapeError))
        return fail(shapeError);
    if (request.method == Method::Run) {
        for (const QString& why :
             {decision.runSandbox.isEmpty() ? QString() : kosa8::Names::checkSandbox(decision.runSandbox),
              decision.runImage.isEmpty() ? QString() : kosa8::Names::checkImage(decision.runImage)}) {
            if (!why.isEmpty())
                return fail(why);
        }
    }
    const QList<ActionBinding> bindings = approvedActionBindings(request, decision, runDefaults());
    QList<Rule> wanted;
    for (qsizetype i = 0; i < bindings.size(); ++i) {
        const ActionBinding& binding = bindings.at(i);
        if (!binding.approved)
            continue;
        if (!binding.exact)
            return fail(tr("This action cannot be approved by a standing rule: %1.")
                            .arg(inexactReason(binding.bound())));
        if (const QString hiding = hidingReason(binding); !hiding.isEmpty())
            return fail(tr("This action cannot be approved by a standing rule: %1.").arg(hiding));
        if (request.method == Method::Run &&
            binding.bound().value(QLatin1String("sandbox")).toString().isEmpty())
            return fail(tr("Choose a sandbox to run the code in."));
        Rule rule;
        rule.decision = Rule::Decision::Approve;
        rule.actionSha256 = binding.actionSha256;
        // Kept beside its hash, so that the rules editor shows what the rule approves.
        rule.action = binding.bound();
        rule.server = server;
        // The name is for people; the agent chose the tool name, so only plain characters of it.
        const QString label = request.method == Method::Run || request.actions.at(i).name.isEmpty()
                                  ? methodName(request.method)
                                  : request.actions.at(i).name.toLower();
        rule.name = RuleStore::actionRuleName(label, binding.actionSha256);
        wanted.append(rule);
    }
    if (wanted.isEmpty())
        return fail(tr("The decision approves no action, so there is nothing to always approve."));
    // A rule binds the canonical form that 1.0 and 1 share: saved from this request, it would
    // approve what the agent did not send and never the request itself (RuleSet::match).
    if (request.nonCanonicalNumber)
        return fail(tr("This action cannot be approved by a standing rule: %1.")
                        .arg(CanonicalNumbers::reason(*request.nonCanonicalNumber)));
    return ruleChanged(m_ruleStore.addApproveActions(wanted, error));
}

bool AgentService::addRejectAgentRule(const QString& agent, QString* error, const QString& server)
{
    if (agent.trimmed().isEmpty()) {
        if (error)
            *error = tr("There is no agent name to reject.");
        return false;
    }
    return ruleChanged(m_ruleStore.addRejectAgent(agent, server, error));
}

bool AgentService::setRuleEnabled(const QString& name, bool enabled, QString* error)
{
    return ruleChanged(m_ruleStore.setEnabled(name, enabled, error));
}

bool AgentService::removeRule(const QString& name, QString* error)
{
    return ruleChanged(m_ruleStore.remove(name, error));
}

bool AgentService::renameRule(const QString& name, const QString& newName, QString* error)
{
    return ruleChanged(m_ruleStore.rename(name, newName, error));
}

// ---- shutdown ----

void AgentService::shutdown()
{
    if (m_shutDown) {
        m_answers.settle();
        return;
    }
    // Set first: an approved run whose record the settle below finishes does not start then.
    m_shutDown = true;
    m_shutdownAnswering = true;
    // The decisions already made are recorded and answered (a person's that cannot be recorded
    // goes back to the inbox, and is rejected below with the rest).
    m_answers.settle();
    // Runs that ended before the quit get their answers (and the window its results) first: the
    // builds in flight are waited for, a few tens of milliseconds at most. With m_shutDown set, no
    // waiting run starts after them.
    m_runAnswers.settle();
    const QString whileRunning = tr("kosa8 Desk quit while the code was running; the run was stopped.");
    const QString beforeDecision = tr("kosa8 Desk quit before a decision was made.");
    const QString beforeRun = tr("kosa8 Desk quit before the approved code started; it was not run.");
    // A server's requests wait there for the next start: not answered, not recorded.
    QList<quint64> keptBySource;
    QList<quint64> rejected;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it)
        (keptAtQuit(*it) ? keptBySource : rejected).append(it.key());
    letGo(keptBySource);
    rejectPendingAll(
        rejected,
        [&](const Entry& entry) {
            return entry.executor ? whileRunning : entry.decided ? beforeRun : beforeDecision;
        },
        DecidedByShutdown);
    m_answers.settle();
    // Resets still going after their answers: stopped with the app.
    for (RunExecutor* executor : std::as_const(m_resetting)) {
        executor->disconnect(this);
        executor->cancel();
        executor->deleteLater();
    }
    m_resetting.clear();
    m_ageTimer.stop();
    m_server->flushAll();
    m_shutdownAnswering = false;
    if (!m_started) {
        m_shutdownCompleteSent = true;
        QMetaObject::invokeMethod(this, &AgentService::shutdownComplete, Qt::QueuedConnection);
        return;
    }
    m_drainCap.start();
    checkShutdownDrained();
}

void AgentService::checkShutdownDrained()
{
    if (!m_shutDown || m_shutdownAnswering || m_shutdownCompleteSent || !m_runAnswers.isIdle() ||
        m_server->bytesQueued() > 0)
        return;
    m_drainCap.stop();
    m_shutdownCompleteSent = true;
    m_server->close();
    spdlog::info("agent service shut down; socket closed");
    QMetaObject::invokeMethod(this, &AgentService::shutdownComplete, Qt::QueuedConnection);
}

} // namespace k8::agent
