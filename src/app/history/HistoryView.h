// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

#include <optional>

class QAction;
class QLabel;
class QTableView;
class QTimer;

namespace k8::app {

class HistoryModel;

// The decided requests from the ledger. Reading happens on a worker thread so that a long
// ledger never freezes the window; a newer reload supersedes an older one still running.
class HistoryView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int DefaultLimit = 500;

    explicit HistoryView(QWidget* parent = nullptr);

    void setLedgerPath(const QString& path);
    QString ledgerPath() const { return m_path; }
    HistoryModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    // "Show on timeline" (context menu, Ctrl+T) for an approved run with a sandbox.
    QAction* showOnTimelineAction() const { return m_showOnTimeline; }

    // Selects the newest entry of this request (what a decision notice knows of it), reloading
    // first when it is not shown yet. False when it is not shown now (it is selected once a reload
    // brings it).
    bool selectRequest(const QString& requestId, const QString& agent, const QString& payloadSha256);

public Q_SLOTS:
    void reload();
    // A reload at the end of this event-loop turn: many ledger writes in one turn read the ledger
    // once (the inbox calls it on every ReviewCoordinator::ledgerWritten()).
    void scheduleReload();

Q_SIGNALS:
    // A reload finished and the table shows its entries.
    void reloaded(int entries);
    // The person asked to see the selected run on its sandbox's timeline (the ledger's "sandbox"
    // and "request"); the main window shows it (MainWindow::showTimeline).
    void showOnTimelineRequested(const QString& sandbox, const QString& requestId);

private:
    void apply(quint64 generation, const QList<QJsonObject>& entries, const QString& warning);
    QJsonObject selectedTimelineRun() const; // empty unless an approved run with a sandbox is selected

    QString m_path;
    HistoryModel* m_model;
    QTableView* m_table;
    QLabel* m_status;
    QAction* m_showOnTimeline;
    QTimer* m_reloadTimer;
    quint64 m_generation = 0;
    // A notice's "Show in History" that the table did not hold yet: selected by the next reload.
    struct WantedRequest
    {
        QString requestId;
        QString agent;
        QString payloadSha256;
    };
    std::optional<WantedRequest> m_wanted;
};

} // namespace k8::app
