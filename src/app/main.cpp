// SPDX-License-Identifier: Apache-2.0
// kosa8 Desk: entry point. The order matters and is kept short:
//   0. `kosa8-desk mcp`, the MCP server on standard input and output (mcp/McpCommand.h): a
//      QCoreApplication only, before anything of the GUI exists, so it needs no display;
//   1. text-only requests (--help, --version, --verify-ledger) need no display: answered with a
//      QCoreApplication and no window;
//   2. otherwise QApplication, translations, command line; then the single-instance channel
//      (plumbing/SingleInstance.h: a second launch for the same data folder raises the first
//      one's window and exits 0 here); logging, then the AppComposition
//      (composition/AppComposition.h), which builds and wires the context, SIGTERM/SIGINT
//      handling, the main window, the agent service and the inbox (a socket that cannot be used
//      is said in the window, which opens anyway);
//   3. the window is shown first; the first kosa8 calls start from the event loop after that.

#include "agent/ledger/LedgerVerifier.h"
#include "agent/socket/FreedMemory.h"
#include "composition/AppComposition.h"
#include "editor/SyntaxRepository.h"
#include "files/OwnerOnly.h"
#include "mainwindow/MainWindow.h"
#include "mcp/McpCommand.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppOptions.h"
#include "plumbing/AppSettings.h"
#include "plumbing/Logging.h"
#include "plumbing/SingleInstance.h"
#include "plumbing/StartupProbe.h"
#include "style/AppStyle.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTextStream>
#include <QTranslator>

#include <spdlog/spdlog.h>

#include <csignal>
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
    // English plural forms first, under every other translation ("%n sandbox(es)" in the source
    // reads "1 sandbox", "2 sandboxes"; src/app/CMakeLists.txt).
    auto* plurals = new QTranslator(&app);
    if (plurals->load(QStringLiteral(":/i18n/kosa8-desk_plurals_en.qm")))
        QCoreApplication::installTranslator(plurals);
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

// A file that may not grow (a full quota, RLIMIT_FSIZE) must fail the write with EFBIG, which
// the ledger turns into rejections and a message; SIGXFSZ's default action would end the app
// instead, leaving every pending agent without an answer.
void ignoreFileSizeLimitSignal()
{
    std::signal(SIGXFSZ, SIG_IGN);
}

} // namespace

int main(int argc, char** argv)
{
    using k8::app::AppOptionsParser;
    namespace startupprobe = k8::app::startupprobe;
    startupprobe::mark("main");
    k8::agent::FreedMemory::returnLargeBlocksAtOnce();
    ignoreFileSizeLimitSignal();

    if (k8::mcp::McpCommand::isRequested(argc, argv)) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("kosa8-desk"));
        QCoreApplication::setApplicationVersion(QStringLiteral(KOSA8DESK_VERSION));
        installTranslations(app);
        return k8::mcp::McpCommand::run(app.arguments());
    }

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
    QApplication::setStyle(new k8::app::style::AppStyle); // before any widget: see AppStyle.h
    startupprobe::mark("qapplication");
    startupprobe::watchFirstPaint();
    setApplicationIdentity();
    installTranslations(app);
    startupprobe::mark("translations");
    // Closing the window goes through AppContext::requestShutdown (MainWindow::closeEvent).
    QApplication::setQuitOnLastWindowClosed(false);

    AppOptionsParser parser;
    const auto action = parser.parse(app.arguments(), qEnvironmentVariable("KOSA8_DESK_KOSA8"));
    if (action != AppOptionsParser::Action::Run)
        return answerConsoleRequest(action, parser);
    const k8::app::AppOptions& options = parser.options();

    // Everything in the data folder is its owner's alone, whatever the umask; what an older
    // version (or a looser umask) left there is tightened before anything is written.
    QString dataFolderError;
    const bool dataFolderOk = k8::files::OwnerOnly::makeFolder(options.dataDir, &dataFolderError);
    const int tightened = dataFolderOk ? k8::files::OwnerOnly::tightenTree(options.dataDir) : 0;

    // One app per data folder: a second launch (from a menu, a dock) brings the running window
    // to the front and ends here, before it logs into the same files.
    k8::app::SingleInstance instance(options.dataDir);
    QString instanceError;
    const auto claim = instance.claim(&instanceError);
    if (claim == k8::app::SingleInstance::Claim::AlreadyRunning) {
        printErr(QCoreApplication::translate(
            "main", "kosa8 Desk is already running; its window was brought to the front"));
        return 0;
    }
    startupprobe::mark("single_instance");

    QString logError;
    if (!k8::app::initLogging(options.dataDir, options.verbose, &logError))
        spdlog::error("logging: {}; logging to standard error only", logError.toStdString());
    spdlog::info("kosa8 Desk {} starting; data folder {}; kosa8 {}", KOSA8DESK_VERSION,
                 options.dataDir.toStdString(), options.kosa8Path.toStdString());
    if (!dataFolderOk)
        spdlog::error("data folder: {}", dataFolderError.toStdString());
    else if (tightened > 0)
        spdlog::info("data folder: {} entries were readable by others and are now the owner's alone",
                     tightened);
    if (claim == k8::app::SingleInstance::Claim::First) {
        spdlog::info("single instance: listening on {}", instance.channelPath().toStdString());
        spdlog::default_logger()->flush(); // where to look when a second launch does not raise it
    } else {
        spdlog::warn("single instance: {}; a second launch will start a second app",
                     instanceError.toStdString());
    }
    startupprobe::mark("options_and_logging");

    // The context, the window, the agent service and the inbox, wired together. A socket that
    // cannot be used (unsafe folder, taken by another program) no longer ends the app: the window
    // says why and how to fix it, and agents cannot connect until its Retry succeeds.
    k8::app::AppComposition composition(options);
    startupprobe::mark("agent_service_made");
    QString agentError;
    if (!composition.start(&agentError))
        printErr(QCoreApplication::translate("main", "Agents cannot connect: %1").arg(agentError));
    QObject::connect(&instance, &k8::app::SingleInstance::activationRequested, composition.window(),
                     [&composition](const QString& activationToken) {
                         composition.window()->bringToFront(activationToken);
                         // Flushed: the line is how a person (and the tests) see it happened.
                         spdlog::info("a second launch asked for the window; brought it to the front");
                         spdlog::default_logger()->flush();
                     });
    composition.show();
    startupprobe::mark("shown");

    const int rc = app.exec();
    composition.context()->settings()->sync();
    spdlog::info("kosa8 Desk exits with {}", rc);
    k8::app::shutdownLogging();
    return rc;
}
