// SPDX-License-Identifier: Apache-2.0
// kosa8 Desk: entry point. The order matters and is kept short:
//   1. text-only requests (--help, --version, --verify-ledger) need no display: answered with a
//      QCoreApplication and no window;
//   2. otherwise QApplication, translations, command line, logging, the AppContext (settings,
//      runner, message hub, shutdown), SIGTERM/SIGINT handling, the main window;
//   3. the window is shown first; the first kosa8 calls start from the event loop after that.
// The agent service and the inbox hook in at the marked places below.

#include "agent/AgentService.h"
#include "agent/LedgerVerifier.h"
#include "agent/SocketPath.h"
#include "common/AppContext.h"
#include "common/AppOptions.h"
#include "common/AppSettings.h"
#include "common/Logging.h"
#include "common/TerminationSignals.h"
#include "editor/SyntaxRepository.h"
#include "history/HistoryPage.h"
#include "history/HistoryView.h"
#include "inbox/InboxNotifier.h"
#include "inbox/InboxPage.h"
#include "inbox/ReviewView.h"
#include "mainwindow/MainWindow.h"
#include "sandboxes/SandboxesPage.h"
#include "timeline/RunResultRecorder.h"
#include "timeline/TimelinePage.h"
#include "timeline/TimelineStore.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QStatusBar>
#include <QTextStream>
#include <QTimer>
#include <QTranslator>

#include <spdlog/spdlog.h>

#include <cstdio>

namespace {

void setApplicationIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("kosa8-desk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KOSA8DESK_VERSION));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("kosa8 Desk"));
    QGuiApplication::setDesktopFileName(QStringLiteral("kosa8-desk"));
}

// The app's own strings (embedded from translations/*.ts) and Qt's, for the system locale.
void installTranslations(QCoreApplication& app)
{
    auto* own = new QTranslator(&app);
    if (own->load(QLocale(), QStringLiteral("kosa8-desk"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    auto* qt = new QTranslator(&app);
    if (qt->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

void printOut(const QString& text)
{
    QTextStream(stdout) << text << (text.endsWith(QLatin1Char('\n')) ? "" : "\n");
}

void printErr(const QString& text)
{
    QTextStream(stderr) << text << (text.endsWith(QLatin1Char('\n')) ? "" : "\n");
}

// Exit codes: 0 done, 1 the check failed (ledger), 2 the command line was wrong.
int answerConsoleRequest(k8::app::AppOptionsParser::Action action, const k8::app::AppOptionsParser& parser)
{
    using Action = k8::app::AppOptionsParser::Action;
    switch (action) {
    case Action::PrintHelp:
        printOut(parser.helpText());
        return 0;
    case Action::PrintVersion:
        // The second line names the highlighting library, for bug reports about colours.
        printOut(k8::app::AppOptionsParser::versionText() + QLatin1Char('\n') +
                 k8::app::syntaxLibrarySummary());
        return 0;
    case Action::VerifyLedger:
        // Prints "FILE: N entries chain" or the first seq that
        // does not chain; 0 intact, 1 broken or unreadable.
        return k8::agent::LedgerVerifier::runOnConsole(parser.options().verifyLedgerFile);
    case Action::Error:
        printErr(parser.errorText());
        printErr(QCoreApplication::translate("main", "Try kosa8-desk --help."));
        return 2;
    case Action::Run:
        break;
    }
    return -1;
}

} // namespace

int main(int argc, char** argv)
{
    using k8::app::AppOptionsParser;

    if (AppOptionsParser::wantsConsoleOnly(argc, argv)) {
        QCoreApplication app(argc, argv);
        setApplicationIdentity();
        installTranslations(app);
        AppOptionsParser parser;
        const auto action = parser.parse(app.arguments(), qEnvironmentVariable("KOSA8_DESK_KOSA8"));
        const int rc = answerConsoleRequest(action, parser);
        return rc >= 0 ? rc : 2;
    }

    QApplication app(argc, argv);
    setApplicationIdentity();
    installTranslations(app);
    // Closing the window goes through AppContext::requestShutdown (MainWindow::closeEvent).
    QApplication::setQuitOnLastWindowClosed(false);

    AppOptionsParser parser;
    const auto action = parser.parse(app.arguments(), qEnvironmentVariable("KOSA8_DESK_KOSA8"));
    if (action != AppOptionsParser::Action::Run)
        return answerConsoleRequest(action, parser);
    const k8::app::AppOptions& options = parser.options();

    QString logError;
    if (!k8::app::initLogging(options.dataDir, options.verbose, &logError))
        spdlog::error("logging: {}; logging to standard error only", logError.toStdString());
    spdlog::info("kosa8 Desk {} starting; data folder {}; kosa8 {}", KOSA8DESK_VERSION,
                 options.dataDir.toStdString(), options.kosa8Path.toStdString());

    k8::app::AppContext context(options);
    k8::app::TerminationSignals termination;
    QObject::connect(&termination, &k8::app::TerminationSignals::terminationRequested, &context,
                     [&context](int signalNumber) {
                         context.requestShutdown(QStringLiteral("signal %1").arg(signalNumber));
                     });

    k8::app::MainWindow window(&context);

    // The agent service: the socket, rules, ledger and decision path.
    // It refuses to start when the socket is taken or unsafe; the app then exits 1 and says why.
    k8::agent::AgentService agentService(context.runner());
    {
        k8::agent::AgentSettings agentSettings;
        agentSettings.socketPath = options.socketPath;
        agentSettings.dataDir = context.dataDir();
        agentSettings.rulesFile = options.rulesFile;
        agentSettings.serverVersion = QStringLiteral(KOSA8DESK_VERSION);
        auto applySettings = [&agentService, &context] {
            agentService.setDefaultSandbox(context.settings()->defaultSandbox());
            QHash<QString, QString> images;
            for (const QString& language : k8::app::AppSettings::languages())
                images.insert(language, context.settings()->image(language));
            agentService.setImageByLanguage(images);
        };
        QObject::connect(&agentService, &k8::agent::ReviewCoordinator::problem, &context,
                         [&context, &agentService](const QString& text) {
                             k8::app::UserMessage message;
                             message.severity = k8::app::UserMessage::Severity::Warning;
                             message.title = QCoreApplication::translate("main", "Agent requests");
                             // A ledger cut or rewritten behind the app's back is said loudly.
                             const k8::agent::LedgerStateCheck& ledgerCheck =
                                 agentService.ledger().stateCheck();
                             if (ledgerCheck.isAlarm() && text == ledgerCheck.message) {
                                 message.severity = k8::app::UserMessage::Severity::Error;
                                 message.title = QCoreApplication::translate(
                                     "main", "The decision ledger is not as kosa8 Desk left it");
                             }
                             message.text = text;
                             context.postMessage(message);
                         });
        QString agentError;
        if (!agentService.start(agentSettings, &agentError)) {
            spdlog::error("agent socket: {}", agentError.toStdString());
            printErr(agentError);
            k8::app::shutdownLogging();
            return 1;
        }
        applySettings();
        QObject::connect(context.settings(), &k8::app::AppSettings::changed, &agentService, applySettings);
        // Pending requests are answered (rejections, ledger first) before the app quits.
        QObject::connect(&context, &k8::app::AppContext::shuttingDown, &agentService,
                         [&agentService, &context] {
                             context.holdShutdown();
                             agentService.shutdown();
                         });
        QObject::connect(&agentService, &k8::agent::AgentService::shutdownComplete, &context,
                         &k8::app::AppContext::releaseShutdown);
    }
    // The timeline: each approved run's end is recorded beside the ledger (exit code, for the
    // timeline after a restart). Sandboxes with "rewind to base after every approved run" are
    // rewound as the run's last step (RunExecutor), before the next run in them starts.
    auto* runResults = new k8::timeline::RunResultRecorder(
        &agentService, k8::timeline::RunResultLog::pathIn(context.dataDir()), &window);
    k8::timeline::TimelineStore* timelineStore = window.timelinePage()->store();
    agentService.setRunResetPolicy([timelineStore](const QString& sandbox) {
        return k8::agent::RunResetPlan{timelineStore->resetAfterRun(sandbox),
                                       timelineStore->baseCheckpoint(sandbox)};
    });
    QObject::connect(runResults, &k8::timeline::RunResultRecorder::runEnded, &window,
                     [&window](const k8::timeline::RunResult& result) {
                         if (window.timelinePage()->sandbox() == result.sandbox)
                             window.timelinePage()->refresh();
                     });
    QObject::connect(&agentService, &k8::agent::AgentService::runResetFinished, &window,
                     [&window, &context](const QString& sandbox, const k8::kosa8::JobResult& result) {
                         if (!result.ok())
                             context.reportFailure(QCoreApplication::translate(
                                                       "main", "Could not reset %1 to its base after a run")
                                                       .arg(sandbox),
                                                   result, QStringLiteral("reset-after-run"));
                         if (window.timelinePage()->sandbox() == sandbox)
                             window.timelinePage()->refresh();
                     });
    QObject::connect(&agentService, &k8::agent::AgentService::runResetSkipped, &context,
                     [&context](const QString&, const QString& reason) {
                         k8::app::UserMessage message;
                         message.severity = k8::app::UserMessage::Severity::Warning;
                         message.title = QCoreApplication::translate("main", "No reset after the run");
                         message.text = reason;
                         context.postMessage(message);
                     });
    // The inbox: pending requests and the review view, the count in the navigation and title,
    // a tray icon and a desktop notification when a request arrives while the window is inactive.
    auto* inboxPage = new k8::app::InboxPage(&agentService);
    inboxPage->setSandboxModel(window.sandboxesPage()->model());
    inboxPage->reviewView()->setArmDelayMs(context.settings()->approveArmDelayMs());
    QObject::connect(context.settings(), &k8::app::AppSettings::changed, inboxPage, [inboxPage, &context] {
        inboxPage->reviewView()->setArmDelayMs(context.settings()->approveArmDelayMs());
    });
    window.setInboxPage(inboxPage);
    window.setAgentSocketStatus([&agentService] {
        return k8::agent::SocketPath::statusText(agentService.socketPath(), agentService.isListening());
    });
    // "Show on timeline" on a run in the history.
    QObject::connect(inboxPage->historyView(), &k8::app::HistoryView::showOnTimelineRequested, &window,
                     [&window](const QString& sandbox, const QString& requestId) {
                         window.showTimeline(sandbox, requestId);
                     });
    // "Show request in the inbox" on a decision in the History page.
    QObject::connect(
        window.historyPage(), &k8::app::HistoryPage::showRequestRequested, inboxPage,
        [&window, inboxPage](const QString& requestId, const QString& agent, const QString& payloadSha256) {
            window.showPage(k8::app::MainWindow::Page::Inbox);
            inboxPage->showRequestInHistory(requestId, agent, payloadSha256);
        });
    // The History page follows the app's own decisions.
    QObject::connect(&agentService, &k8::agent::AgentService::ledgerWritten, window.historyPage(),
                     &k8::app::HistoryPage::ledgerWritten);
    // "Rewind to before this run" from the run console.
    QObject::connect(inboxPage, &k8::app::InboxPage::rewindToBeforeRunRequested, &window,
                     [&window](const QString& sandbox, const QString& label) {
                         window.rewindToBeforeRun(sandbox, label);
                     });
    // "Allow this host for this sandbox" and "Edit this sandbox's policy" in a review open the policy
    // editor on that sandbox (the change is shown and confirmed there).
    QObject::connect(inboxPage->reviewView(), &k8::app::ReviewView::allowHostRequested, &window,
                     [&window](const QString& sandbox, const QString& entry, const QString& note) {
                         window.sandboxesPage()->openEgressEditorWithEntry(sandbox, entry, note);
                     });
    QObject::connect(inboxPage->reviewView(), &k8::app::ReviewView::editPolicyRequested, &window,
                     [&window](const QString& sandbox) {
                         window.sandboxesPage()->openEgressEditorWithEntry(sandbox, {}, {});
                     });
    // File > Standing rules… opens the rules editor, which the inbox page owns.
    QObject::connect(&window, &k8::app::MainWindow::rulesRequested, inboxPage,
                     &k8::app::InboxPage::openRules);
    // "Sent to research-bot: approve" in the status bar as well, for a few seconds.
    QObject::connect(inboxPage, &k8::app::InboxPage::decisionSent, &window,
                     [&window](const QString& confirmation, int timeoutMs) {
                         window.statusBar()->showMessage(confirmation, timeoutMs);
                     });
    QObject::connect(inboxPage, &k8::app::InboxPage::pendingCountChanged, &window,
                     &k8::app::MainWindow::setInboxCount);
    window.setInboxCount(inboxPage->pendingCount());
    new k8::app::InboxNotifier(&window, inboxPage,
                               k8::app::InboxNotifier::TrayIcon | k8::app::InboxNotifier::Notifications,
                               &window);

    window.show();
    // After the window is on screen: `kosa8 version`, `sandbox ls`, the refresh timer.
    QTimer::singleShot(0, &window, &k8::app::MainWindow::startMonitoring);

    const int rc = app.exec();
    context.settings()->sync();
    spdlog::info("kosa8 Desk exits with {}", rc);
    k8::app::shutdownLogging();
    return rc;
}
