#pragma once

#include "inbox/RunConsole.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

class QAction;
class QPlainTextEdit;
class QSplitter;
class QTabWidget;
class QTableView;

namespace k8::agent {
class InboxModel;
class ReviewCoordinator;
} // namespace k8::agent
namespace k8::kosa8 {
class SandboxListModel;
}

namespace k8::app {

class HistoryView;
class ReviewView;

// The inbox: on the left the pending requests (newest at the bottom) and the history of decided
// ones, narrow and collapsible (toggleListAction) so that the code and its diff get the width; on
// the right the review of the selected request and the output of approved runs.
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
    HistoryView* historyView() const { return m_history; }
    QPlainTextEdit* runConsole() const { return m_console; }
    QTabWidget* listTabs() const { return m_tabs; }
    QAction* nextAction() const { return m_next; }
    QAction* previousAction() const { return m_previous; }
    // Shows or collapses the request lists (checked: shown); its shortcut works anywhere in the page.
    QAction* toggleListAction() const { return m_toggleList; }
    QSplitter* listSplitter() const { return m_split; }
    bool isListShown() const;
    // "Rewind to before this run": enabled once a run that took a checkpoint has finished.
    QAction* rewindLastRunAction() const { return m_rewindLastRun; }

public Q_SLOTS:
    void selectNext();
    void selectPrevious();
    // Selects (and shows) the request; false when it is not pending.
    bool selectKey(quint64 key);

Q_SIGNALS:
    void pendingCountChanged(int count);
    void requestArrived(const QString& title, const QString& agent);
    // The person asked to rewind the sandbox to the checkpoint taken just before the last run.
    void rewindToBeforeRunRequested(const QString& sandbox, const QString& checkpointLabel);

private:
    void selectRow(int row);
    void setListShown(bool shown);
    void onRowsInserted(int first);
    void onRowsRemoved(int first);
    void appendConsole(const QString& text, const QColor& colour = {}, bool bold = false);
    void onRunStarted(quint64 key, const QString& commandPreview);
    void onRunFinished(quint64 key, const QJsonObject& result);
    // "340 ms", "1.2 s": the run's length at a glance.
    static QString durationText(qint64 ms);

    // The coordinator may go before the page at shutdown; the page then shows nothing.
    QPointer<agent::ReviewCoordinator> m_coordinator;
    QPointer<agent::InboxModel> m_model;
    QTabWidget* m_tabs;
    QTableView* m_pending;
    HistoryView* m_history;
    ReviewView* m_review;
    RunConsole* m_console;
    QAction* m_next;
    QAction* m_previous;
    QAction* m_toggleList;
    QSplitter* m_split;
    int m_listWidth = 0; // the list's width before it was collapsed
    QAction* m_rewindLastRun;
    QString m_lastRunSandbox;         // where the last finished run ran
    QString m_lastRunCheckpoint;      // the checkpoint taken before it; empty: none
    QHash<quint64, QString> m_titles; // for run output of requests no longer pending
    quint64 m_lastStreamKey = 0;
};

} // namespace k8::app
