// SPDX-License-Identifier: Apache-2.0
#include "composition/AppComposition.h"

#include "agent/AgentService.h"
#include "agent/langgraph/LangGraphServers.h"
#include "agent/langgraph/LangGraphSource.h"
#include "agent/langgraph/SavedLangGraphServers.h"
#include "agent/runs/SandboxDirectory.h"
#include "agent/socket/SocketPath.h"
#include "history/DecisionHistoryView.h"
#include "history/HistoryPage.h"
#include "inbox/InboxNotifier.h"
#include "inbox/InboxPage.h"
#include "inbox/ReviewView.h"
#include "kosa8/SandboxListModel.h"
#include "mainwindow/MainWindow.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "plumbing/StartupProbe.h"
#include "plumbing/TerminationSignals.h"
#include "plumbing/UserMessage.h"
#include "sandboxes/SandboxesPage.h"
#include "secrets/ServerApiKeys.h"
#include "style/Appearance.h"
#include "style/ColourSchemeWatcher.h"
#include "timeline/RunJournal.h"
#include "timeline/RunResultRecorder.h"
#include "timeline/TimelinePage.h"
#include "timeline/TimelineStore.h"
#include "trial/CopyRemoval.h"
#include "trial/TrialKit.h"
#include "widgets/FocusMark.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLocale>
#include <QPointer>
#include <QStatusBar>
#include <QTimer>
#include <QUrl>
#include <QWindow>

#include <functional>
#include <optional>

#include <spdlog/spdlog.h>

namespace k8::app {

namespace {

// The sandboxes as the app last listed them (the sandboxes page's model), for agents that ask the
// socket's `sandboxes` method which sandboxes exist and what each may reach.
class ListedSandboxes : public agent::SandboxDirectory
{
public:
    explicit ListedSandboxes(const kosa8::SandboxListModel* model)
        : m_model(model)
    {}
    bool isListed() const override { return m_model && m_model->isLoaded(); }
    QList<kosa8::Sandbox> sandboxes() const override
    {
        return m_model ? m_model->sandboxes() : QList<kosa8::Sandbox>{};
    }
    int unreadableLines() const override { return m_model ? m_model->unreadableLines() : 0; }

private:
    QPointer<const kosa8::SandboxListModel> m_model;
};

} // namespace

// The user-visible strings keep the "main" context they had when this wiring lived in main.cpp,
// so the existing translations still apply.
AppComposition::AppComposition(const AppOptions& options, QObject* parent)
    : QObject(parent)
    , m_options(options)
    , m_context(std::make_unique<AppContext>(options))
    , m_termination(std::make_unique<TerminationSignals>())
{
    connect(m_termination.get(), &TerminationSignals::terminationRequested, m_context.get(),
            [this](int signalNumber) {
                m_context->requestShutdown(QStringLiteral("signal %1").arg(signalNumber));
            });
    startupprobe::mark("context");
    // Light or dark as the desktop's portal says, where the platform does not follow it itself.
    // The person's own choice (View > Appearance) stands above it.
    auto* appearance = new style::Appearance(style::ColourSchemeWatcher::forSessionBus(this), this);
    m_window = std::make_unique<MainWindow>(m_context.get());
    m_window->setAppearance(appearance);
    // Where the keyboard is, visible in every window and both looks.
    FocusMark::followApplicationFocus();
    startupprobe::mark("main_window");
    // The agent service: the socket, rules, ledger and decision path.
    m_agentService = std::make_unique<agent::AgentService>(m_context->runner());
    m_sandboxDirectory = std::make_unique<ListedSandboxes>(m_window->sandboxesPage()->model());
    m_agentService->setSandboxDirectory(m_sandboxDirectory.get());
    // Trials of code under review; the record of host mounts follows every sandbox create from
    // here on, whichever page starts it.
    m_trialKit = std::make_unique<trial::TrialKit>(m_context->runner(), m_context->dataDir());
    m_trialKit->setLimitMs(m_context->settings()->trialLimitS() * 1000);
    connect(m_context->settings(), &AppSettings::changed, this,
            [this] { m_trialKit->setLimitMs(m_context->settings()->trialLimitS() * 1000); });
    // The sandbox list says which of its sandboxes are a trial's throwaway copies.
    m_window->sandboxesPage()->model()->setAnnotation([kit = m_trialKit.get()](const QString& name) {
        return kit->copies()->isLeftover(name) ? tr("A throwaway copy kosa8 Desk made for a trial of code "
                                                    "under review; it is removed when "
                                                    "the trial ends, or else at the next start.")
                                               : QString();
    });
    connectAgentProblems();
}

AppComposition::~AppComposition() = default;

void AppComposition::connectAgentProblems()
{
    connect(m_agentService.get(), &agent::ReviewCoordinator::problem, m_context.get(),
            [this](const QString& text) {
                UserMessage message;
                message.severity = UserMessage::Severity::Warning;
                message.title = QCoreApplication::translate("main", "Agent requests");
                // A ledger cut or rewritten behind the app's back is said loudly.
                const agent::LedgerStateCheck& ledgerCheck = m_agentService->ledger().stateCheck();
                if (ledgerCheck.isAlarm() && text == ledgerCheck.message) {
                    message.severity = UserMessage::Severity::Error;
                    message.title = QCoreApplication::translate(
                        "main", "The decision ledger is not as kosa8 Desk left it");
                }
                message.text = text;
                m_context->postMessage(message);
            });
    // A ledger that cannot be written turns every decision into a rejection, rules included:
    // said as an error, one card however many decisions fail, gone once a write works again.
    static const QString ledgerWriteKey = QStringLiteral("decision-ledger-write");
    connect(m_agentService.get(), &agent::ReviewCoordinator::ledgerWriteFailed, m_context.get(),
            [this](const QString& text) {
                UserMessage message;
                message.severity = UserMessage::Severity::Error;
                message.title = QCoreApplication::translate("main", "Decisions cannot be recorded");
                // What happened and what to do: the log is likely on the same full disk, so the
                // window is where a person learns of it.
                message.text =
                    QCoreApplication::translate(
                        "main",
                        "%1 Until the decision ledger can be written, nothing is approved: requests a "
                        "standing rule would approve are answered with a rejection, and a decision you "
                        "make stays in the inbox unsent. To fix it, free space on the disk "
                        "that holds %2 (or raise the quota); the next decision is then recorded and this "
                        "message goes away.")
                        // The system's error ends without a full stop ("...: File too large").
                        .arg(text.endsWith(QLatin1Char('.')) ? text : text + QLatin1Char('.'),
                             QFileInfo(m_agentService->ledgerPath()).absolutePath());
                message.key = ledgerWriteKey;
                m_context->postMessage(message);
            });
    connect(m_agentService.get(), &agent::ReviewCoordinator::ledgerWritten, m_context.get(),
            [this] { m_context->clearMessage(ledgerWriteKey); });
}

void AppComposition::applySettingsToAgent()
{
    m_agentService->setDefaultSandbox(m_context->settings()->defaultSandbox());
    QHash<QString, QString> images;
    for (const QString& language : AppSettings::languages())
        images.insert(language, m_context->settings()->image(language));
    m_agentService->setImageByLanguage(images);
    m_agentService->setRunStepLimitMs(m_context->settings()->runStepLimitS() * 1000);
}

bool AppComposition::start(QString* error)
{
    if (m_started)
        return m_agentService->isListening();
    agent::AgentSettings agentSettings;
    agentSettings.socketPath = m_options.socketPath;
    agentSettings.dataDir = m_context->dataDir();
    agentSettings.rulesFile = m_options.rulesFile;
    agentSettings.serverVersion = QStringLiteral(KOSA8DESK_VERSION);
    // Before any run can start (and journal itself): what the journal holds open is from before.
    reportCutOffRuns();
    QString agentError;
    const bool listening = m_agentService->start(agentSettings, &agentError);
    if (listening) {
        startupprobe::mark("agent_service_listening");
    } else {
        spdlog::error("agent socket: {}", agentError.toStdString());
        if (error)
            *error = agentError;
        showAgentProblem(agentError);
    }
    applySettingsToAgent();
    connect(m_context->settings(), &AppSettings::changed, m_agentService.get(),
            [this] { applySettingsToAgent(); });
    // Pending requests are answered (rejections, ledger first) before the app quits.
    connect(m_context.get(), &AppContext::shuttingDown, m_agentService.get(), [this] {
        m_context->holdShutdown();
        m_agentService->shutdown();
    });
    connect(m_agentService.get(), &agent::AgentService::shutdownComplete, m_context.get(),
            &AppContext::releaseShutdown);
    startLangGraphSources();
    wireTimeline();
    startupprobe::mark("timeline_wired");
    m_started = true;
    wireInboxNeeds();
    startupprobe::mark("inbox_wired");
    return listening;
}

void AppComposition::startLangGraphSources()
{
    m_langGraphServers = std::make_unique<agent::langgraph::LangGraphServers>(m_agentService.get());
    agent::langgraph::LangGraphServers* servers = m_langGraphServers.get();
    m_context->setWatchedLangGraphServers(servers);
    connect(servers, &agent::langgraph::LangGraphServers::problem, m_context.get(),
            [this](const QString&, const QString& serverName, const QString& problem) {
                UserMessage message;
                message.severity = UserMessage::Severity::Warning;
                message.title = QCoreApplication::translate("main", "LangGraph server %1").arg(serverName);
                message.text = problem;
                m_context->postMessage(message);
            });
    connect(servers, &agent::langgraph::LangGraphServers::statusChanged, m_context.get(),
            [this](const QString& id, const agent::langgraph::LangGraphServerStatus& status) {
                reportLangGraphStatus(id, status);
            });
    // A server no longer watched takes its card with it.
    connect(servers, &agent::langgraph::LangGraphServers::serversChanged, m_context.get(), [this] {
        for (auto it = m_langGraphReachable.begin(); it != m_langGraphReachable.end();) {
            if (m_langGraphServers->isWatched(it.key())) {
                ++it;
                continue;
            }
            m_context->clearMessage(langGraphMessageKey(it.key()));
            m_langGraphCardError.remove(it.key());
            it = m_langGraphReachable.erase(it);
        }
    });
    connect(m_context.get(), &AppContext::shuttingDown, servers,
            &agent::langgraph::LangGraphServers::stopAll);
    m_window->showLangGraphServers(servers);

    agent::langgraph::SavedLangGraphServers* saved = m_context->settings()->langGraphServers();
    secrets::ServerApiKeys* keys = m_context->serverApiKeys();
    connect(saved, &agent::langgraph::SavedLangGraphServers::changed, servers,
            [this] { watchLangGraphServers(); });
    // Queued: a key's load() says "loading" from inside watchLangGraphServers().
    connect(
        keys, &secrets::ServerApiKeys::changed, servers, [this] { watchLangGraphServers(); },
        Qt::QueuedConnection);
    watchLangGraphServers();
}

QString AppComposition::langGraphMessageKey(const QString& serverId)
{
    return QStringLiteral("langgraph-server:") + serverId;
}

void AppComposition::watchLangGraphServers()
{
    using agent::langgraph::LangGraphServers;
    using agent::langgraph::SavedLangGraphServers;
    QList<LangGraphServers::Server> watched;
    secrets::ServerApiKeys* keys = m_context->serverApiKeys();
    for (const agent::langgraph::SavedLangGraphServer& server :
         m_context->settings()->langGraphServers()->servers()) {
        if (!server.enabled)
            continue;
        // A server is watched once its API key is read, so it is not asked without the key and
        // then again with it.
        const QString secret = SavedLangGraphServers::secretKey(server.id);
        if (server.hasApiKey && !keys->isKnown(secret))
            keys->load(secret); // changed() comes back here
        if (keys->state(secret) == secrets::ServerApiKeys::State::Loading)
            continue;
        watched.append({server.id, SavedLangGraphServers::configOf(server, keys->key(secret)), false});
    }
    // --langgraph: for this run, unsaved, without a key.
    int number = 0;
    for (const QString& text : std::as_const(m_options.langGraphUrls)) {
        agent::langgraph::LangGraphServerConfig config;
        config.url = QUrl(text);
        config.name = config.url.authority();
        watched.append({QStringLiteral("command-line-%1").arg(++number), config, true});
    }
    m_langGraphServers->setServers(watched);
}

void AppComposition::reportLangGraphStatus(const QString& id,
                                           const agent::langgraph::LangGraphServerStatus& status)
{
    const agent::langgraph::LangGraphSource* source = m_langGraphServers->source(id);
    if (!source)
        return;
    const QString name = source->config().name;
    // The log says when the server went and came back, once each time.
    const auto known = m_langGraphReachable.constFind(id);
    if ((known == m_langGraphReachable.cend() || *known != status.reachable) &&
        (status.reachable || !status.error.isEmpty())) {
        if (status.reachable)
            spdlog::info("langgraph {}: reachable, version {}, {} interrupted threads", name.toStdString(),
                         status.version.toStdString(), status.interruptedThreads);
        else
            spdlog::warn("langgraph {}: unreachable: {}", name.toStdString(), status.error.toStdString());
        m_langGraphReachable.insert(id, status.reachable);
    }
    // One card per server while it cannot be reached, gone once a poll reaches it again. It is
    // posted again only when the reason changes: every failed poll reports a status (its next
    // try), and each post would count as the problem happening once more.
    if (status.reachable) {
        if (m_langGraphCardError.remove(id))
            m_context->clearMessage(langGraphMessageKey(id));
        return;
    }
    if (status.error.isEmpty() || m_langGraphCardError.value(id) == status.error)
        return; // not polled yet, or said already
    m_langGraphCardError.insert(id, status.error);
    UserMessage message;
    message.severity = UserMessage::Severity::Warning;
    message.title = QCoreApplication::translate("main", "LangGraph server unreachable");
    message.text =
        QCoreApplication::translate("main", "%1 cannot be reached (%2). Its interrupts wait there; "
                                            "kosa8 Desk tries again every few seconds.")
            .arg(name, status.error);
    message.key = langGraphMessageKey(id);
    m_context->postMessage(message);
}

bool AppComposition::retryAgentSocket()
{
    QString agentError;
    if (!m_agentService->retryListening(&agentError)) {
        spdlog::warn("agent socket, retried: {}", agentError.toStdString());
        showAgentProblem(agentError);
        return false;
    }
    spdlog::info("agent socket listening after a retry on {}", m_agentService->socketPath().toStdString());
    showAgentProblem({});
    Q_EMIT agentSocketListening();
    return true;
}

QString AppComposition::agentProblemFix() const
{
    const QString path = agent::SocketPath::resolve(m_options.socketPath);
    QString fix;
    if (QFile::encodeName(path).size() >= agent::SocketPath::maxPathBytes()) {
        fix = QCoreApplication::translate("main", "Start kosa8 Desk with --socket and a shorter path.");
    } else {
        switch (agent::SocketPath::probe(path)) {
        case agent::SocketPath::Probe::Live:
            fix = QCoreApplication::translate(
                      "main", "Stop the program that listens on %1 (another kosa8 Desk with another data "
                              "folder?), or start kosa8 Desk with --socket and another path.")
                      .arg(path);
            break;
        case agent::SocketPath::Probe::NotASocket:
            fix = QCoreApplication::translate(
                      "main", "Move the file %1 away, or start kosa8 Desk with --socket and another path.")
                      .arg(path);
            break;
        default:
            fix = QCoreApplication::translate(
                "main", "Fix what is said above, or start kosa8 Desk with --socket and another path.");
            break;
        }
    }
    return fix + QLatin1Char(' ') +
           QCoreApplication::translate("main",
                                       "Then choose Retry on the Inbox page. Sandboxes, the timeline, "
                                       "the history and the settings work meanwhile.");
}

void AppComposition::showAgentProblem(const QString& problem)
{
    const QString key = QString::fromLatin1(AgentSocketMessageKey);
    m_window->setAgentProblem(problem);
    if (m_inboxPage)
        m_inboxPage->showAgentProblem(problem, problem.isEmpty() ? QString() : agentProblemFix());
    if (problem.isEmpty()) {
        m_context->clearMessage(key);
        return;
    }
    UserMessage message;
    message.severity = UserMessage::Severity::Error;
    message.title = QCoreApplication::translate("main", "Agents cannot connect");
    message.text = problem + QLatin1Char('\n') + agentProblemFix();
    message.key = key;
    m_context->postMessage(message);
}

InboxPage* AppComposition::inboxPage()
{
    if (!m_inboxPage && m_started)
        buildInbox();
    return m_inboxPage;
}

// A run whose start is in the journal and whose end is not: the app ended while it ran (killed,
// crashed, the machine off). kosa8 went with it (ProcessTree::bindChildToApp), so the sandbox
// may hold what the run did until then; said once, and kept in the results log for History
// and the sandbox's timeline.
void AppComposition::reportCutOffRuns()
{
    const QString dataDir = m_context->dataDir();
    QString error;
    const QList<timeline::RunResult> cutOff = timeline::RunJournal::recoverCutOff(
        timeline::RunJournal::pathIn(dataDir), timeline::RunResultLog::pathIn(dataDir), &error);
    if (!error.isEmpty())
        spdlog::warn("run journal: {}", error.toStdString());
    if (cutOff.isEmpty())
        return;
    for (qsizetype i = 0; i < cutOff.size(); ++i) {
        const timeline::RunResult& run = cutOff[i];
        UserMessage message;
        message.severity = UserMessage::Severity::Warning;
        message.title = QCoreApplication::translate("main", "A run was cut off");
        message.text =
            QCoreApplication::translate(
                "main", "The run of agent %1 in sandbox %2 (request %3), started %4, did not finish: kosa8 "
                        "Desk ended while it ran, and kosa8 was stopped with it. Its result is unknown; the "
                        "sandbox may hold what the run did until then. History and the sandbox's timeline "
                        "list it as cut off.")
                .arg(run.agent, run.sandbox, run.requestId,
                     QLocale().toString(run.time.toLocalTime(), QLocale::ShortFormat));
        message.key = QStringLiteral("run-cut-off-%1").arg(i);
        m_context->postMessage(message);
    }
}

// Each approved run's end is recorded beside the ledger (exit code, for the timeline after a
// restart). Sandboxes with "rewind to base after every approved run" are rewound as the run's
// last step (RunExecutor), before the next run in them starts.
void AppComposition::wireTimeline()
{
    MainWindow* window = m_window.get();
    AppContext* context = m_context.get();
    auto* runResults = new timeline::RunResultRecorder(
        m_agentService.get(), timeline::RunResultLog::pathIn(context->dataDir()),
        timeline::RunJournal::pathIn(context->dataDir()), window);
    // The timeline page (and its store) is built on first use: here, at the first approved run.
    m_agentService->setRunResetPolicy([window](const QString& sandbox) {
        timeline::TimelineStore* timelineStore = window->timelinePage()->store();
        return agent::RunResetPlan{timelineStore->resetAfterRun(sandbox),
                                   timelineStore->baseCheckpoint(sandbox)};
    });
    // A timeline not built yet reads everything when it is first shown, and a hidden one when it
    // is next shown.
    const auto refreshTimelineOf = [window](const QString& sandbox) {
        TimelinePage* page = window->builtTimelinePage();
        if (page && page->sandbox() == sandbox)
            page->refreshWhenShown();
    };
    connect(runResults, &timeline::RunResultRecorder::runEnded, window,
            [refreshTimelineOf](const timeline::RunResult& result) { refreshTimelineOf(result.sandbox); });
    connect(m_agentService.get(), &agent::AgentService::runResetFinished, window,
            [context, refreshTimelineOf](const QString& sandbox, const kosa8::JobResult& result) {
                if (!result.ok())
                    context->reportFailure(
                        QCoreApplication::translate("main", "Could not reset %1 to its base after a run")
                            .arg(sandbox),
                        result, QStringLiteral("reset-after-run"));
                refreshTimelineOf(sandbox);
            });
    connect(m_agentService.get(), &agent::AgentService::runResetSkipped, context,
            [context](const QString&, const QString& reason) {
                UserMessage message;
                message.severity = UserMessage::Severity::Warning;
                message.title = QCoreApplication::translate("main", "No reset after the run");
                message.text = reason;
                context->postMessage(message);
            });
}

// The wiring that does not need the inbox page, and the ways the page gets built before the
// planned build after the first paint (show()): the inbox shown, File > Standing rules…, "Show
// request in the inbox" on the History page, and a request arriving from an agent. Until then
// nothing can be pending (requests only arrive through requestArriving()), so the window's
// placeholder and plain "Inbox" say the truth.
void AppComposition::wireInboxNeeds()
{
    MainWindow* window = m_window.get();
    agent::AgentService* agentService = m_agentService.get();
    window->setAgentSocketStatus([agentService] {
        return agent::SocketPath::statusText(agentService->socketPath(), agentService->isListening(),
                                             agentService->listenProblem());
    });
    window->setInboxPageBuilder([this] { inboxPage(); });
    // Direct: the page exists, its connections made, before the service says anything about
    // the request (requestQueued, a rule's automaticDecision, runStarted).
    connect(
        agentService, &agent::ReviewCoordinator::requestArriving, this, [this] { inboxPage(); },
        Qt::DirectConnection);
    // File > Standing rules… opens the rules editor, which the inbox page owns.
    connect(window, &MainWindow::rulesRequested, this, [this] { inboxPage()->openRules(); });
    // "Show request in the inbox" on a decision in the History page.
    connect(window, &MainWindow::showRequestRequested, this,
            [this, window](const QString& requestId, const QString& agent, const QString& payloadSha256) {
                InboxPage* page = inboxPage();
                window->showPage(MainWindow::Page::Inbox);
                page->showRequestInHistory(requestId, agent, payloadSha256);
            });
    // The History page follows the app's own decisions.
    // (A History page not built yet reads the ledger when it is first shown.)
    connect(agentService, &agent::AgentService::ledgerWritten, window, [window] {
        if (HistoryPage* page = window->builtHistoryPage())
            page->ledgerWritten();
    });
}

// The inbox: pending requests and the review view, the count in the navigation and title, a tray
// icon and a desktop notification when a request arrives while the window is inactive.
void AppComposition::buildInbox()
{
    MainWindow* window = m_window.get();
    AppContext* context = m_context.get();
    agent::AgentService* agentService = m_agentService.get();
    auto* inboxPage = new InboxPage(agentService);
    m_inboxPage = inboxPage;
    inboxPage->setSandboxModel(window->sandboxesPage()->model());
    inboxPage->reviewView()->setTrialKit(m_trialKit.get());
    inboxPage->reviewView()->setArmDelayMs(context->settings()->approveArmDelayMs());
    connect(context->settings(), &AppSettings::changed, inboxPage, [inboxPage, context] {
        inboxPage->reviewView()->setArmDelayMs(context->settings()->approveArmDelayMs());
    });
    window->setInboxPage(inboxPage);
    // "Show on timeline" on a run in the history.
    connect(inboxPage->historyView(), &DecisionHistoryView::showOnTimelineRequested, window,
            [window](const QString& sandbox, const QString& requestId) {
                window->showTimeline(sandbox, requestId);
            });
    // "Rewind to before this run" from the run console.
    connect(inboxPage, &InboxPage::rewindToBeforeRunRequested, window,
            [window](const QString& sandbox, const QString& label) {
                window->rewindToBeforeRun(sandbox, label);
            });
    // "Allow this host for this sandbox" and "Edit this sandbox's policy" in a review open the
    // policy editor on that sandbox (the change is shown and confirmed there).
    connect(inboxPage->reviewView(), &ReviewView::allowHostRequested, window,
            [window](const QString& sandbox, const QString& entry, const QString& note) {
                window->sandboxesPage()->openEgressEditorWithEntry(sandbox, entry, note);
            });
    connect(inboxPage->reviewView(), &ReviewView::editPolicyRequested, window,
            [window](const QString& sandbox) {
                window->sandboxesPage()->openEgressEditorWithEntry(sandbox, {}, {});
            });
    // "Sent to research-bot: approve" in the status bar as well, for a few seconds.
    connect(inboxPage, &InboxPage::decisionSent, window,
            [window](const QString& confirmation, int timeoutMs) {
                window->statusBar()->showMessage(confirmation, timeoutMs);
            });
    connect(inboxPage, &InboxPage::pendingCountChanged, window, &MainWindow::setInboxCount);
    window->setInboxCount(inboxPage->pendingCount());
    window->setKeptAtQuitCount([agentService] { return agentService->keptAtQuitCount(); });
    new InboxNotifier(window, inboxPage, InboxNotifier::TrayIcon | InboxNotifier::Notifications, window);
    // A socket that could not be used: said on the page, with Retry.
    if (!agentService->isListening() && !agentService->listenProblem().isEmpty())
        inboxPage->showAgentProblem(agentService->listenProblem(), agentProblemFix());
    connect(inboxPage, &InboxPage::retryAgentSocketRequested, this, &AppComposition::retryAgentSocket);
    Q_EMIT inboxPageBuilt();
}

namespace {

// Runs `then` once the window has been exposed and painted: the expose event paints a widget
// window synchronously, so a call queued from it runs after the paint. A window the platform
// never exposes (started minimised) gets `then` after `fallbackMs` all the same.
void afterFirstPaint(QWidget* window, std::function<void()> then, int fallbackMs)
{
    auto* once = new QObject(window);
    auto run = [once, then = std::move(then)] {
        if (once->property("done").toBool())
            return;
        once->setProperty("done", true);
        once->deleteLater();
        then();
    };
    QTimer::singleShot(fallbackMs, once, run);
    QWindow* handle = window->windowHandle();
    if (!handle || handle->isExposed()) {
        QTimer::singleShot(0, once, run);
        return;
    }
    class ExposeFilter : public QObject
    {
    public:
        ExposeFilter(QObject* parent, std::function<void()> run)
            : QObject(parent)
            , m_run(std::move(run))
        {}

    protected:
        bool eventFilter(QObject* watched, QEvent* event) override
        {
            if (event->type() == QEvent::Expose && static_cast<QWindow*>(watched)->isExposed()) {
                watched->removeEventFilter(this);
                // Queued twice: the paint that handles this event queues work of its own (the
                // flush, start-up reports), which goes first.
                QTimer::singleShot(0, this, [this] { QTimer::singleShot(0, this, m_run); });
            }
            return false;
        }

    private:
        std::function<void()> m_run;
    };
    handle->installEventFilter(new ExposeFilter(once, run));
}

} // namespace

void AppComposition::removeLeftoverTrialCopies()
{
    QStringList names;
    for (const trial::TrialCopy& copy : m_trialKit->copies()->leftovers())
        names.append(copy.copy);
    if (names.isEmpty())
        return;
    // One message, replaced as the removal goes on.
    auto say = [this](UserMessage::Severity severity, const QString& title, const QString& text) {
        UserMessage message;
        message.severity = severity;
        message.title = title;
        message.text = text;
        message.key = QStringLiteral("trial-leftovers");
        m_context->postMessage(message);
    };
    say(UserMessage::Severity::Info, tr("Removing throwaway copies left by earlier trials"),
        tr("kosa8 Desk made these copies for trials and could not remove them then: %1.")
            .arg(names.join(QStringLiteral(", "))));
    spdlog::info("removing {} leftover trial copies", names.size());
    auto* removal = new trial::CopyRemoval(m_context->runner(), m_trialKit->copies(), this);
    connect(removal, &trial::CopyRemoval::finished, this,
            [removal, say](const QStringList& removed, const QStringList& problems) {
                removal->deleteLater();
                if (problems.isEmpty())
                    say(UserMessage::Severity::Info, tr("Throwaway copies removed"),
                        tr("Removed the copies left by earlier trials: %1.")
                            .arg(removed.join(QStringLiteral(", "))));
                else
                    say(UserMessage::Severity::Warning, tr("Throwaway copies could not be removed"),
                        problems.join(QLatin1Char('\n')));
            });
    removal->start(names);
}

void AppComposition::show()
{
    m_window->show();
    // After the window is painted: `kosa8 version`, `sandbox ls`, the refresh timer. Starting
    // their processes before the first paint delayed it (bench/README.md, bench_startup).
    // Then, a turn later each (unless something needed them earlier), the sandbox table's model
    // and columns (hidden while the page waits for `sandbox ls`; with the page's widgets, when
    // the window started on another page) and the inbox page, so that input that came with the
    // first frame is handled in between.
    MainWindow* window = m_window.get();
    afterFirstPaint(
        window,
        [this, window] {
            window->startMonitoring();
            removeLeftoverTrialCopies();
            QTimer::singleShot(0, this, [this, window] {
                window->sandboxesPage()->prepareTable();
                QTimer::singleShot(0, this, [this] { inboxPage(); });
            });
        },
        1000);
}

} // namespace k8::app
