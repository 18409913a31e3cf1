// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditExport.h"
#include "history/AuditLoader.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;
class QToolButton;

namespace k8::history {
class AuditHistory;
}

namespace k8::app {

class AppContext;
class HistoryDetailsPane;
class HistoryFilterBar;

// The History page (issue 13): kosa8's audit log and the app's ledger as one table, loaded as a
// stream, with the filter bar, the details pane, Verify, Export, and the lines that could not be
// read. It refreshes when asked (Refresh, F5), after the app's own kosa8 actions, and on a quiet
// timer while it is visible; the first showing loads everything.
class HistoryPage : public QWidget
{
    Q_OBJECT
public:
    static constexpr int QuietRefreshMs = 30'000;
    static constexpr int AfterActionDelayMs = 800;

    explicit HistoryPage(AppContext* context, QWidget* parent = nullptr);
    ~HistoryPage() override;

    history::AuditHistory* history() const { return m_history; }
    HistoryFilterBar* filterBar() const { return m_filterBar; }
    HistoryDetailsPane* details() const { return m_details; }
    QTableView* table() const { return m_table; }
    QPushButton* verifyButton() const { return m_verify; }
    QPushButton* problemsButton() const { return m_problemsButton; }
    QPlainTextEdit* problemsView() const { return m_problems; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* kosa8VerifyLabel() const { return m_kosa8Verify; }
    QLabel* ledgerVerifyLabel() const { return m_ledgerVerify; }

    // Writes the rows the filter shows to `path` (off the UI thread); exportFinished() follows.
    void exportTo(const QString& path, history::AuditExport::Format format);
    // Selects the entry at this store row (clearing the filter when it hides it).
    void selectStoreRow(qsizetype storeRow);

public Q_SLOTS:
    void refresh();
    void reload();
    void verify();
    // The app recorded a decision (AgentService::ledgerWritten): refresh soon when visible.
    void ledgerWritten();

Q_SIGNALS:
    void loaded(const k8::history::AuditLoadResult& result);
    void exportFinished(bool ok, const QString& message);
    void showOnTimelineRequested(const QString& sandbox, const QString& requestId);
    void showRequestRequested(const QString& requestId, const QString& agent, const QString& payloadSha256);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void onLoaded(const history::AuditLoadResult& result);
    void updateStatus();
    void updateProblems();
    void showCurrent();
    void chooseExport(history::AuditExport::Format format);

    AppContext* m_context;
    history::AuditHistory* m_history;
    HistoryFilterBar* m_filterBar;
    QTableView* m_table;
    HistoryDetailsPane* m_details;
    QLabel* m_status;
    QPushButton* m_problemsButton;
    QPlainTextEdit* m_problems;
    QLabel* m_kosa8Verify;
    QLabel* m_ledgerVerify;
    QPushButton* m_refresh;
    QPushButton* m_verify;
    QToolButton* m_export;
    QTimer* m_quietTimer;
    QTimer* m_afterAction;
    QString m_lastError;
    bool m_everLoaded = false;
    bool m_exporting = false;
    qsizetype m_selectedStoreRow = -1;
    qsizetype m_pendingSelect = -1;
};

} // namespace k8::app
