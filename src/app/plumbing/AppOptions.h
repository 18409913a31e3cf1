// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

class QCommandLineParser;

namespace k8::app {

// What the command line asked for. Filled once in main() and then read-only.
struct AppOptions
{
    QString kosa8Path;  // --kosa8, else $KOSA8_DESK_KOSA8, else "kosa8" (looked up on PATH)
    QString dataDir;    // --data-dir, else QStandardPaths::AppDataLocation
    QString socketPath; // --socket: for the agent service (empty: its own default)
    QString rulesFile;  // --rules: extra read-only rules file for the agent service
    // --langgraph URL, repeatable: LangGraph servers watched for this run of the app only
    // (docs/langgraph.md), each an http or https URL with a host.
    QStringList langGraphUrls;
    bool verbose = false;
    // --verify-ledger [FILE or data folder] (handled by the agent service's verifier; empty when not given).
    QString verifyLedgerFile;
    bool verifyLedgerRequested = false;
};

// Parses the command line. Kept apart from main() so tests can drive it with a QStringList.
class AppOptionsParser
{
    Q_DECLARE_TR_FUNCTIONS(k8::app::AppOptionsParser)
public:
    enum class Action
    {
        Run,          // start the app with options()
        PrintVersion, // print versionText() and exit 0
        PrintHelp,    // print helpText() and exit 0
        VerifyLedger, // run the ledger verifier on options().verifyLedgerFile
        Error,        // print errorText() to stderr and exit 2
    };

    // `arguments` includes the program name first, like QCoreApplication::arguments().
    Action parse(const QStringList& arguments, const QString& environmentKosa8 = {});

    const AppOptions& options() const { return m_options; }
    QString errorText() const { return m_errorText; }
    QString helpText() const { return m_helpText; }
    static QString versionText();

    // True when the arguments only ask for text output (--help, --version, --verify-ledger):
    // main() then needs no GUI application (and no display).
    static bool wantsConsoleOnly(int argc, char** argv);

    // The data folder to use when --data-dir is not given.
    static QString defaultDataDir();

private:
    AppOptions m_options;
    QString m_errorText;
    QString m_helpText;
};

} // namespace k8::app
