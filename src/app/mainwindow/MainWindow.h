// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMainWindow>
#include <QPointer>

#include <functional>

class QAction;
class QLabel;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace k8::agent::langgraph {
class LangGraphServers;
}

namespace k8::app {

class AppContext;
class CommandLogModel;
class CommandLogPage;
class FirstStartPage;
class HealthIndicator;
class HealthMonitor;
class HealthPanel;
class HistoryPage;
class MessageArea;
class SandboxesPage;
class TimelinePage;
class WindowState;

namespace style {
class Appearance;
}

// The main window, Docker-Desktop style: a navigation column on the left (Inbox, Sandboxes,
// Command log), the page on the right under the health panel and the message area, and a
// status bar with kosa8's health. Nothing here runs kosa8 before startMonitoring().
//
// The inbox is built elsewhere: the window starts with a placeholder page, and
// setInboxPage() puts the real one in its place; setInboxCount() shows the pending count.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    enum class Page
    {
        Inbox = 0,
        Sandboxes = 1,
        CommandLog = 2,
        Timeline = 3,
        History = 4,
        // "Get started": in the navigation only while kosa8 is missing or its page is shown
        // (updateFirstStart()).
        FirstStart = 5
    };

    explicit MainWindow(AppContext* context, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Replaces the inbox placeholder (the window takes ownership of `page`).
    void setInboxPage(QWidget* page);
    // Called (once) when the inbox is shown while it is still the placeholder; it is expected to
    // call setInboxPage(). The page is built after the first paint (AppComposition::show()).
    void setInboxPageBuilder(std::function<void()> build) { m_buildInboxPage = std::move(build); }
    QWidget* inboxPage() const { return m_inboxPage; }
    // Shows "Inbox (N)" in the navigation and the window title while requests wait.
    void setInboxCount(int pending);
    // How many of the waiting requests stay pending at their source when the app quits (a LangGraph
    // server's interrupts, AgentService::keptAtQuitCount()): the question before quitting says so.
    void setKeptAtQuitCount(std::function<int()> kept) { m_keptAtQuitCount = std::move(kept); }
    // Where agents connect and whether the app listens there, as one line for About (asked each
    // time About opens).
    void setAgentSocketStatus(std::function<QString()> status) { m_agentSocketStatus = std::move(status); }
    // Why agents cannot connect (AgentService::listenProblem()), shown in the status bar until
    // it is cleared with an empty text.
    void setAgentProblem(const QString& problem);
    QLabel* agentProblemLabel() const { return m_agentProblemLabel; }

    void showPage(Page page);
    Page currentPage() const;

    // The first `kosa8 version` and `sandbox ls`, and the refresh timer. main() calls this
    // from the event loop right after show(), so the window is on screen first.
    void startMonitoring();

    AppContext* context() const { return m_context; }
    SandboxesPage* sandboxesPage() const { return m_sandboxesPage; }
    // The Timeline, Command log and History pages are built when first shown or asked for here
    // (building them all before the first paint took a tenth of the start-up, bench_startup).
    TimelinePage* timelinePage();
    HistoryPage* historyPage();
    CommandLogPage* commandLogPage();
    // Null until kosa8 was first found missing.
    FirstStartPage* builtFirstStartPage() const { return m_firstStartPage; }
    // Null while the page has not been built.
    TimelinePage* builtTimelinePage() const { return m_timelinePage; }
    HistoryPage* builtHistoryPage() const { return m_historyPage; }
    CommandLogModel* commandLog() const { return m_commandLog; }
    HealthMonitor* health() const { return m_health; }
    HealthPanel* healthPanel() const { return m_healthPanel; }
    MessageArea* messageArea() const { return m_messageArea; }
    QListWidget* navigation() const { return m_navigation; }
    // Size, place, splitters and last page, saved and restored (mainwindow/WindowState.h).
    WindowState* savedWindowState() const { return m_windowState; }
    // File > Standing rules… (Ctrl+Shift+U): emits rulesRequested(); the inbox page, which knows
    // the agent service, opens the editor (main() connects them).
    QAction* rulesAction() const { return m_rulesAction; }
    // Applies the look the person chose last (kept with the window's state) and offers the
    // choice in View > Appearance: follow the system, light or dark.
    void setAppearance(style::Appearance* appearance);

public Q_SLOTS:
    // A second launch asked for this window (SingleInstance): shown, unminimised, raised and
    // activated. `activationToken` is that launch's desktop token (already validated), or empty.
    void bringToFront(const QString& activationToken = {});
    void openSettings();
    // The LangGraph servers' word in the status bar (LangGraphStatusButton), once they are
    // watched (AppComposition::start()); pressing it opens Settings.
    void showLangGraphServers(agent::langgraph::LangGraphServers* servers);
    void openAbout();
    void openSetup();
    // Shows the timeline of `sandbox`; with a run's request id (the ledger's "request"), that
    // run is selected once the timeline is read. For "show on timeline" in the history.
    void showTimeline(const QString& sandbox, const QString& runRequestId = {});
    // Shows the timeline of `sandbox` and asks to rewind it to `checkpointLabel` (the label taken
    // before a run): the confirmation lists what is lost. For the run console's "rewind to before
    // this run".
    void rewindToBeforeRun(const QString& sandbox, const QString& checkpointLabel);

Q_SIGNALS:
    void rulesRequested();
    // HistoryPage::showRequestRequested, forwarded (the page is built later than the wiring).
    void showRequestRequested(const QString& requestId, const QString& agent, const QString& payloadSha256);

protected:
    void closeEvent(QCloseEvent* event) override;
    bool focusNextPrevChild(bool next) override;
    // True when the app may quit now: no request waits, or the person agreed that the waiting
    // ones are rejected (Quit and closing the window ask; a signal does not).
    bool confirmQuit();

private:
    QWidget* buildSidebar();
    // The inbox's stand-in until AppComposition builds the page after the first paint: an empty
    // page at first, its contents made when it is first shown (fillInboxPlaceholder()). The
    // window starts on the Sandboxes page unless the person left it on the inbox, and building
    // contents no one sees (a word-wrapped label the stacked layout measures, a 64-pixel icon)
    // delayed the first paint (bench/README.md, bench_startup).
    QWidget* buildInboxPlaceholder();
    void fillInboxPlaceholder();
    void buildMenus();
    void buildStatusBar();
    void updateRunningCount();
    // The page follows the navigation's selection as well as its current row: a screen reader
    // selects (QAccessibleTable::selectRow, a cell's toggle action) without moving the current row.
    void followNavigationSelection();
    // Builds `page` if it is still a placeholder in the stack.
    void ensurePage(Page page);
    FirstStartPage* buildFirstStartPage();
    // Shows the "Get started" entry and page while kosa8 is missing (selected at the first check),
    // tells the page when kosa8 answers, and drops the entry once it is left with kosa8 found.
    void updateFirstStart();
    void setFirstStartEntryShown(bool shown);
    // The health panel's "not found" says what the first-start page says at length: not both.
    void updateHealthPanelVisibility();

    AppContext* m_context;
    CommandLogModel* m_commandLog;
    HealthMonitor* m_health;
    QListWidget* m_navigation;
    QStackedWidget* m_pages;
    QPointer<QWidget> m_inboxPage;
    QPointer<QWidget> m_inboxPlaceholder;
    SandboxesPage* m_sandboxesPage;
    TimelinePage* m_timelinePage = nullptr;
    CommandLogPage* m_commandLogPage = nullptr;
    HistoryPage* m_historyPage = nullptr;
    FirstStartPage* m_firstStartPage = nullptr;
    HealthPanel* m_healthPanel;
    MessageArea* m_messageArea;
    HealthIndicator* m_healthIndicator = nullptr;
    WindowState* m_windowState = nullptr;
    QLabel* m_runningLabel = nullptr;
    QLabel* m_agentProblemLabel = nullptr;
    QAction* m_rulesAction = nullptr;
    QMenu* m_viewMenu = nullptr;
    int m_pendingCount = 0; // setInboxCount(): requests waiting, for the question before quitting
    std::function<int()> m_keptAtQuitCount;
    std::function<QString()> m_agentSocketStatus;
    std::function<void()> m_buildInboxPage;
    int m_runningJobs = 0;
    bool m_monitoring = false;
    bool m_healthWasProblem = false;
    bool m_healthAnswered = false; // a first check has ended
};

} // namespace k8::app
