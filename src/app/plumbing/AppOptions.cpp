// SPDX-License-Identifier: Apache-2.0
#include "plumbing/AppOptions.h"

#include "agent/request/RequestOrigin.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>
#include <QUrl>

#include <cstring>

namespace k8::app {

namespace {} // namespace

AppOptionsParser::Action AppOptionsParser::parse(const QStringList& arguments,
                                                 const QString& environmentKosa8)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        AppOptionsParser::tr("kosa8 Desk: review AI agents' code and run it in kosa8 sandboxes.") +
        QLatin1Char('\n') +
        AppOptionsParser::tr("kosa8-desk mcp [--agent NAME] [--socket PATH] serves MCP on standard input and "
                             "output for the running app (no window; see kosa8-desk mcp --help)."));
    const QCommandLineOption kosa8Option(
        QStringLiteral("kosa8"),
        AppOptionsParser::tr("The kosa8 executable (default: $KOSA8_DESK_KOSA8, else kosa8 on PATH)."),
        AppOptionsParser::tr("PATH"));
    const QCommandLineOption dataDirOption(
        QStringLiteral("data-dir"), AppOptionsParser::tr("Folder for settings, rules, ledger and logs."),
        AppOptionsParser::tr("DIR"));
    const QCommandLineOption socketOption(QStringLiteral("socket"),
                                          AppOptionsParser::tr("Path of the agent socket."),
                                          AppOptionsParser::tr("PATH"));
    const QCommandLineOption rulesOption(QStringLiteral("rules"),
                                         AppOptionsParser::tr("An extra, read-only standing rules file."),
                                         AppOptionsParser::tr("FILE"));
    const QCommandLineOption langGraphOption(
        QStringLiteral("langgraph"),
        AppOptionsParser::tr("Watch the LangGraph server at URL for interrupts to review, for this run "
                             "only (repeatable)."),
        AppOptionsParser::tr("URL"));
    const QCommandLineOption verboseOption(QStringLiteral("verbose"),
                                           AppOptionsParser::tr("Log to standard error as well."));
    // The agent service's ledger check: prints how many entries chain, and whether the ledger ends
    // where the app left it, and exits 0 or 1.
    const QCommandLineOption verifyLedgerOption(
        QStringLiteral("verify-ledger"),
        AppOptionsParser::tr(
            "Verify the hash chain of a decision ledger (a file, or a data folder; default: the data "
            "folder), compare its end with the one the app remembers, and exit."));
    const QCommandLineOption versionOption(QStringList{QStringLiteral("version"), QStringLiteral("v")},
                                           AppOptionsParser::tr("Print the version and exit."));
    const QCommandLineOption helpOption(QStringList{QStringLiteral("help"), QStringLiteral("h")},
                                        AppOptionsParser::tr("Print this help and exit."));
    parser.addOptions({kosa8Option, dataDirOption, socketOption, rulesOption, langGraphOption, verboseOption,
                       verifyLedgerOption, versionOption, helpOption});
    parser.addPositionalArgument(
        QStringLiteral("file"),
        AppOptionsParser::tr("With --verify-ledger: the ledger file or the data folder."),
        AppOptionsParser::tr("[FILE|FOLDER]"));

    m_options = {};
    m_errorText.clear();
    m_helpText = parser.helpText();

    if (!parser.parse(arguments)) {
        m_errorText = parser.errorText();
        return Action::Error;
    }
    if (parser.isSet(helpOption))
        return Action::PrintHelp;
    if (parser.isSet(versionOption))
        return Action::PrintVersion;

    m_options.kosa8Path = parser.value(kosa8Option);
    if (m_options.kosa8Path.isEmpty())
        m_options.kosa8Path = environmentKosa8;
    if (m_options.kosa8Path.isEmpty())
        m_options.kosa8Path = QStringLiteral("kosa8");
    m_options.dataDir = parser.isSet(dataDirOption) ? parser.value(dataDirOption) : defaultDataDir();
    if (m_options.dataDir.isEmpty()) {
        m_errorText = AppOptionsParser::tr("--data-dir needs a folder.");
        return Action::Error;
    }
    m_options.dataDir = QDir(m_options.dataDir).absolutePath();
    m_options.socketPath = parser.value(socketOption);
    m_options.rulesFile = parser.value(rulesOption);
    m_options.verbose = parser.isSet(verboseOption);
    for (const QString& text : parser.values(langGraphOption)) {
        const QUrl url(text, QUrl::StrictMode);
        const agent::ServerUrlFault fault = agent::serverUrlFault(url);
        if (fault == agent::ServerUrlFault::NotHttpWithHost ||
            fault == agent::ServerUrlFault::QueryOrFragment) {
            m_errorText = AppOptionsParser::tr("--langgraph needs an http or https URL with a host, such as "
                                               "http://127.0.0.1:2024: %1")
                              .arg(text);
            return Action::Error;
        }
        // As Settings refuses it: a user name or password in the URL would be sent nowhere (the
        // client sends an API key as a header) but written into every ledger entry of the server.
        if (fault == agent::ServerUrlFault::UserInfo) {
            m_errorText =
                AppOptionsParser::tr("--langgraph takes the server's address without a user name or "
                                     "password (an API key is set in Settings): %1")
                    .arg(url.toString(QUrl::RemoveUserInfo));
            return Action::Error;
        }
        m_options.langGraphUrls.append(url.toString());
    }

    const QStringList positional = parser.positionalArguments();
    if (parser.isSet(verifyLedgerOption)) {
        if (positional.size() > 1) {
            m_errorText = AppOptionsParser::tr("--verify-ledger takes at most one file.");
            return Action::Error;
        }
        m_options.verifyLedgerRequested = true;
        m_options.verifyLedgerFile = positional.isEmpty()
                                         ? QDir(m_options.dataDir).filePath(QStringLiteral("ledger.jsonl"))
                                         : positional.first();
        return Action::VerifyLedger;
    }
    if (!positional.isEmpty()) {
        m_errorText = AppOptionsParser::tr("Unexpected argument: %1").arg(positional.first());
        return Action::Error;
    }
    return Action::Run;
}

QString AppOptionsParser::versionText()
{
    return QStringLiteral("kosa8-desk %1").arg(QCoreApplication::applicationVersion());
}

bool AppOptionsParser::wantsConsoleOnly(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const char* arg = argv[i];
        for (const char* name : {"--help", "-h", "--version", "-v", "--verify-ledger", "-help", "-version"}) {
            if (std::strcmp(arg, name) == 0)
                return true;
        }
    }
    return false;
}

QString AppOptionsParser::defaultDataDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

} // namespace k8::app
