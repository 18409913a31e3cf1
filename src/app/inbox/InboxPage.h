// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/review/DecisionNotice.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

class QAction;
class QLabel;
class QListView;
class QPlainTextEdit;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTimer;

namespace k8::agent {
class InboxModel;
class ReviewCoordinator;
} // namespace k8::agent
namespace k8::kosa8 {
class SandboxListModel;
}

namespace k8::app {

class AgentUnavailableBanner;
class DecisionNotices;
class DecisionHistoryView;
class ReviewView;
class RulesDialog;
class RunPane;

// The inbox: on the left the pending requests (newest at the bottom), the recent runs and the
// history of decided ones, narrow and collapsible (toggleListAction) so that the code and its diff
// get the width; on the right the review of the selected request or, while no request is in
// review, the run pane (the code, commands and output of one approved run). After every decision
// the focus returns to the request list, so that the next key acts on the next request.
// The main window hosts it and follows pendingCountChanged()/requestArrived() for its title, tray
// icon and notifications (InboxNotifier does exactly that).
class InboxPage : public QWidget
{
    Q_OBJECT
public:
    explicit InboxPage(agent::ReviewCoordinator* coordinator, QWidget* parent = nullptr);

    void setSandboxModel(kosa8::SandboxListModel* model);
    // Where the history reads decisions from; by default the coordinator's ledgerPath().
    void setLedgerPath(const QString& path);

    int pendingCount() const;

    ReviewView* reviewView() const { return m_review; }
    QTableView* pendingTable() const { return m_pending; }
    DecisionHistoryView* historyView() const { return m_history; }
    RunPane* runPane() const { return m_runPane; }
    // The recent runs, newest first, under the pending requests.
    QListView* runList() const { return m_runList; }
    // The output of the run shown in the run pane; nullptr when no run was shown yet.
    QPlainTextEdit* runConsole() const;
    // Whether the right side shows the run pane (else the review).
    bool isRunPaneShown() const;
    QTabWidget* listTabs() const { return m_tabs; }
    QAction* nextAction() const { return m_next; }
    QAction* previousAction() const { return m_previous; }
    // Shows or collapses the request lists (checked: shown); its shortcut works anywhere in the page.
    QAction* toggleListAction() const { return m_toggleList; }
    QSplitter* listSplitter() const { return m_split; }
    bool isListShown() const;
    // "Rewind to before this run" for the run in the run pane: enabled once it finished after a
    // checkpoint.
    QAction* rewindLastRunAction() const;
    // Decisions the person did not make (rule, timeout, withdrawal, shutdown), newest first.
    DecisionNotices* decisionNotices() const { return m_notices; }
    // "Sent to research-bot: approve, edit" for a few seconds after each decision; never focused.
    QLabel* sentLabel() const { return m_sentLabel; }
    // Shown while agents cannot connect (AppComposition says why); hidden otherwise.
    AgentUnavailableBanner* agentUnavailableBanner() const { return m_agentBanner; }
    // Why agents cannot connect and how to fix it; an empty `problem` says they can again (and
    // the empty review then shows where they connect).
    void showAgentProblem(const QString& problem, const QString& fix);
    // The rules editor while it is open; nullptr otherwise.
    RulesDialog* rulesDialog() const;
    // How long the "Sent to …" confirmation stays.
    static constexpr int SentConfirmationMs = 6000;
    // The recent-runs list grows with its runs up to this many rows, then scrolls.
    static constexpr int MaxRunListRows = 4;

public Q_SLOTS:
    // The History tab with this decided request selected (the History page's "Show request in the inbox").
    void showRequestInHistory(const QString& requestId, const QString& agent, const QString& payloadSha256);
    void selectNext();
    void selectPrevious();
    // Selects (and shows) the request; false when it is not pending.
    bool selectKey(quint64 key);
    // Opens the standing-rules editor (or raises it when it is open already).
    void openRules();

Q_SIGNALS:
    void pendingCountChanged(int count);
    void requestArrived(const QString& title, const QString& agent);
    // The person asked to rewind the sandbox to the checkpoint taken just before the last run.
    void rewindToBeforeRunRequested(const QString& sandbox, const QString& checkpointLabel);
    // A decision the person made was sent: the confirmation text, for the main window's status bar.
    void decisionSent(const QString& confirmation, int timeoutMs);
    // Retry on the "agents cannot connect" banner.
    void retryAgentSocketRequested();

private:
    void selectRow(int row);
    void setListShown(bool shown);
    void onRowsInserted(int first);
    // Shows the request that arrived into the empty review (m_arrivedKey), unless something took
    // the review meanwhile.
    void showArrived();
    void onRowsRemoved(int first);
    // The coordinator says the request left and why (after the model removed its row).
    void onRequestRemoved(quint64 key);
    void moveOnFrom(int row);
    // Shows what went out (or, for a decision that came back unrecorded, that nothing did),
    // in the page and for the status bar.
    void showSentConfirmation(const QString& confirmation);
    void showNoticeInHistory(const agent::DecisionNotice& notice);
    // The review takes the right side (a pending request is selected).
    void showReviewSide();
    // The run pane takes the right side with the run at `row` of the recent runs.
    void showRunSide(int row);
    void onRunAdded();
    // Puts the focus on the pending list (switching to its tab), where J/K/E/R/Ctrl+Return act on
    // the request in view, and where no key types into a field.
    void returnFocusToList();

    // The coordinator may go before the page at shutdown; the page then shows nothing.
    QPointer<agent::ReviewCoordinator> m_coordinator;
    QPointer<agent::InboxModel> m_model;
    AgentUnavailableBanner* m_agentBanner;
    QTabWidget* m_tabs;
    QTableView* m_pending;
    DecisionHistoryView* m_history;
    ReviewView* m_review;
    DecisionNotices* m_notices;
    QLabel* m_sentLabel;
    QTimer* m_sentTimer;
    // The person's decisions on their way to the ledger, and the confirmation each gets once it
    // went out: a decision that cannot be recorded is not sent, so "Sent to" must not be said.
    QHash<quint64, QString> m_sending;
    QPointer<RulesDialog> m_rulesDialog;
    RunPane* m_runPane;
    QListView* m_runList;
    QStackedWidget* m_right;
    QAction* m_next;
    QAction* m_previous;
    // The person picked a run in the list: a request arriving does not take its place.
    bool m_runChosen = false;
    bool m_syncingRunList = false;
    // Between rowsAboutToBeRemoved and rowsRemoved: selection changes then are not the person's.
    bool m_removingRows = false;
    // The agent and kind columns' widths: fitted once per event-loop turn (m_fitWordsQueued), each
    // distinct cell text measured once in the font it was measured in (widestWordWidth()).
    bool m_fitWordsQueued = false;
    QHash<QString, int> m_wordWidths;
    QFont m_wordWidthsFont;
    quint64 m_leftKey = 0; // the request in view that left; waiting to learn why
    int m_leftRow = -1;    // the row it had
    int m_endedRow = -1;   // the row of the ended request kept in view (where "next" goes)
    // The first request that arrived while the review was empty, shown on the next turn of the
    // event loop (onRowsInserted()); 0 when none waits to be shown.
    quint64 m_arrivedKey = 0;
    QAction* m_toggleList;
    QSplitter* m_split;
    int m_listWidth = 0; // the list's width before it was collapsed
};

} // namespace k8::app
