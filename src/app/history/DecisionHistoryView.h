// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QWidget>

#include <optional>

class QAction;
class QLabel;
class QTableView;
class QTimer;

namespace k8::history {
class AuditHistory;
class AuditTableModel;
} // namespace k8::history

namespace k8::app {

class HistoryDetailsPane;
class HistoryFilterBar;

// The inbox's History tab (issue 13): the history browser's own store, model, filter bar, table
// and details pane, fed from the app's ledger alone (no kosa8 command: the tab answers "what did
// I decide", and reading `kosa8 audit ls` on every decision would cost a process each time) and
// filtered to the desk's decisions, newest first. Its columns are the desk fields of
// AuditTableModel (agent, title, kind, decision, decided by, where it ran, reason sent).
class DecisionHistoryView : public QWidget
{
    Q_OBJECT
public:
    explicit DecisionHistoryView(QWidget* parent = nullptr);
    ~DecisionHistoryView() override;

    void setLedgerPath(const QString& path);
    QString ledgerPath() const { return m_path; }
    history::AuditHistory* history() const { return m_history; }
    history::AuditTableModel* model() const;
    QTableView* table() const { return m_table; }
    HistoryFilterBar* filterBar() const { return m_filterBar; }
    HistoryDetailsPane* details() const { return m_details; }
    QLabel* statusLabel() const { return m_status; }
    // "Show on timeline" (context menu, Ctrl+T) for an approved run with a sandbox.
    QAction* showOnTimelineAction() const { return m_showOnTimeline; }

    // The ledger entry shown at this table row; empty when none.
    QJsonObject entry(int row) const;
    // The newest row recording request `requestId` from `agent` with this payload hash (what a
    // decision notice knows of its entry); -1 when not shown.
    int rowOfRequest(const QString& requestId, const QString& agent, const QString& payloadSha256) const;
    // Selects that row, reading the ledger again first when it is not shown yet. False when it is
    // not shown now (it is selected once the read brings it).
    bool selectRequest(const QString& requestId, const QString& agent, const QString& payloadSha256);

public Q_SLOTS:
    // Reads what the ledger gained since the last read (the whole ledger after setLedgerPath()).
    void reload();
    // A reload at the end of this event-loop turn: many ledger writes in one turn read the ledger
    // once (the inbox calls it on every ReviewCoordinator::ledgerWritten()). While the tab is not
    // on screen it only notes that there is more to read, and reads it when shown: rule-decided
    // requests wrote the ledger hundreds of times a second, and each write made the hidden table
    // read and size its columns (most of the app's CPU then; issue 26).
    void scheduleReload();

Q_SIGNALS:
    // A read finished and the table shows its entries (`entries`: the rows shown).
    void reloaded(int entries);
    // The person asked to see the selected run on its sandbox's timeline (the ledger's "sandbox"
    // and "request"); the main window shows it (MainWindow::showTimeline).
    void showOnTimelineRequested(const QString& sandbox, const QString& requestId);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void onShown();
    // Columns as wide as what the first rows shown hold, once: sizing them after every read
    // measured every cell of every row.
    void sizeColumnsOnce();
    void showCurrent();
    void selectViewRow(int row);
    QJsonObject selectedTimelineRun() const;

    QString m_path;
    history::AuditHistory* m_history;
    HistoryFilterBar* m_filterBar;
    QTableView* m_table;
    HistoryDetailsPane* m_details;
    QLabel* m_status;
    QAction* m_showOnTimeline;
    QTimer* m_reloadTimer;
    qsizetype m_selectedStoreRow = -1;
    bool m_readAgain = false; // a ledger write came while a read ran
    bool m_unread = false;    // the ledger was written while the tab was not on screen
    bool m_readWhole = false; // a new ledger path: the next read is a whole one
    bool m_columnsSized = false;
    bool m_awaitingFilter = false; // a read finished; its filter runs off the UI thread
    QString m_ledgerError;
    // A notice's "Show in History" that the table did not hold yet: selected by the next read.
    struct WantedRequest
    {
        QString requestId;
        QString agent;
        QString payloadSha256;
    };
    std::optional<WantedRequest> m_wanted;
};

} // namespace k8::app
