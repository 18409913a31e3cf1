// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "plumbing/AppOptions.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace k8::agent {
class AgentService;
class SandboxDirectory;
namespace langgraph {
class LangGraphServers;
struct LangGraphServerStatus;
} // namespace langgraph
} // namespace k8::agent

namespace k8::trial {
class TrialKit;
}

namespace k8::app {

class AppContext;
class InboxPage;
class MainWindow;
class TerminationSignals;

// Builds the app and wires its parts, so main.cpp only answers console requests and makes the
// QApplication: the AppContext (settings, the runner, messages, shutdown), SIGTERM/SIGINT
// handling, the main window, the agent service (socket, rules, ledger, decisions), the run
// results beside the ledger, and the inbox page with its links to the timeline, the sandboxes
// page, the status bar and the tray.
//
// The order is the one main() always had: everything up to the agent service is made in the
// constructor; start() opens the socket and adds the connections to the service, whether the
// socket could be used or not (the ledger, the rules and the inbox page work without it; no
// request can arrive until retryAgentSocket() succeeds). The inbox page is built after the window's first
// paint (show()), or earlier when it is first needed: shown, asked for (inboxPage()), or a request arrives
// (the coordinator's requestArriving(), before any signal about the request, so none is lost). Building it
// before the first paint took a third of the start-up (bench/README.md, bench_startup). Members are destroyed
// in reverse: the service goes before the window, the context last.
class AppComposition : public QObject
{
    Q_OBJECT
public:
    explicit AppComposition(const AppOptions& options, QObject* parent = nullptr);
    ~AppComposition() override;

    // Starts the agent service and wires the inbox. False (and why in `error`) when the socket
    // cannot be used (unsafe folder, taken by another program, path too long) or the ledger not
    // opened: the window opens all the same and says why and how to fix it (a message that stays,
    // the inbox page, the status bar); agents cannot connect until retryAgentSocket() succeeds.
    bool start(QString* error);
    // Tries the agent socket again (the inbox page's Retry). True once it listens.
    bool retryAgentSocket();
    // What the person can do about the agent socket's problem, for the messages.
    QString agentProblemFix() const;
    static constexpr const char* AgentSocketMessageKey = "agent-socket";

    // Shows the window; once it is painted, the first kosa8 calls start, then the sandbox table
    // gets its model (SandboxesPage::prepareTable()) and the inbox page is built (each in its own
    // event-loop turn).
    void show();

    AppContext* context() const { return m_context.get(); }
    MainWindow* window() const { return m_window.get(); }
    agent::AgentService* agentService() const { return m_agentService.get(); }
    // The inbox page, built now if it was not yet. Null until start() was called.
    InboxPage* inboxPage();
    // Null while the inbox page has not been built.
    InboxPage* builtInboxPage() const { return m_inboxPage; }

Q_SIGNALS:
    // The inbox page was built and wired (builtInboxPage()); before the request that made it, if one did.
    void inboxPageBuilt();
    // The agent socket started listening after a failed start (retryAgentSocket()).
    void agentSocketListening();

private:
    void connectAgentProblems();
    void applySettingsToAgent();
    // Runs the last app started and never saw end (RunJournal): into the results log, and said.
    void reportCutOffRuns();
    // Throwaway copies of earlier trials that were not removed (the app quit or crashed
    // mid-trial, or kosa8 refused): said, and removed now.
    void removeLeftoverTrialCopies();
    void wireTimeline();
    // What needs the running service but not the inbox page; the page's builder.
    void wireInboxNeeds();
    void buildInbox();
    // Says why agents cannot connect (the message area, the status bar, the inbox page), or
    // clears it when `problem` is empty.
    void showAgentProblem(const QString& problem);
    // The LangGraph servers saved in Settings (once their API keys are read) and those of
    // --langgraph, each a source of the service's requests, watched again whenever Settings
    // change them.
    void startLangGraphSources();
    void watchLangGraphServers();
    // The log line when a server goes or comes back, and its "unreachable" card.
    void reportLangGraphStatus(const QString& id, const agent::langgraph::LangGraphServerStatus& status);
    static QString langGraphMessageKey(const QString& serverId);

    AppOptions m_options;
    std::unique_ptr<AppContext> m_context;
    std::unique_ptr<TerminationSignals> m_termination;
    std::unique_ptr<MainWindow> m_window;
    // The sandboxes page's list, for the socket's `sandboxes` method; goes after the service.
    std::unique_ptr<agent::SandboxDirectory> m_sandboxDirectory;
    // The service's other sources; they go after it, as its shutdown asks them whether their
    // requests stay pending at quit.
    std::unique_ptr<agent::langgraph::LangGraphServers> m_langGraphServers;
    QHash<QString, bool> m_langGraphReachable;    // by server id: as the log last said
    QHash<QString, QString> m_langGraphCardError; // by server id: the reason its card says
    std::unique_ptr<agent::AgentService> m_agentService;
    std::unique_ptr<trial::TrialKit> m_trialKit;
    InboxPage* m_inboxPage = nullptr; // owned by the window
    bool m_started = false;
};

} // namespace k8::app
