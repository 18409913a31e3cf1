// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditFilter.h"
#include "history/AuditLoader.h"
#include "history/AuditStore.h"

#include <QObject>

#include <memory>

namespace k8::kosa8 {
class Kosa8Runner;
}

namespace k8::history {

class AuditTableModel;
class AuditVerifier;

// The history browser without its widgets: one store, the loader that fills it from `kosa8 audit
// ls` and the ledger, the filter runner, the table model and the verifier, wired together. The page
// and the benchmark both drive this, so the benchmark measures what the window does.
//
// While loading, rows that pass the filter are appended to the model as they arrive (when the
// table is in time order); when the load ends, one filter pass off the UI thread merges the two
// sources by time and applies the sort.
class AuditHistory : public QObject
{
    Q_OBJECT
public:
    // runner null: the ledger alone (see AuditLoader); verify() then checks only the ledger.
    explicit AuditHistory(kosa8::Kosa8Runner* runner, QObject* parent = nullptr);
    ~AuditHistory() override;

    void setLedgerPath(const QString& path);
    QString ledgerPath() const;

    AuditTableModel* model() const { return m_model; }
    AuditLoader* loader() const { return m_loader; }
    AuditVerifier* verifier() const { return m_verifier; }
    std::shared_ptr<const AuditStore> store() const { return m_store; }
    bool isLoading() const;
    bool isFiltering() const { return m_filterPending; }

    const AuditFilter& filter() const { return m_filter; }
    // Applies a filter: at once on the rows shown when the store is small, else off the UI thread
    // (filterApplied() follows either way).
    void setFilter(const AuditFilter& filter);
    void setSort(const AuditSort& sort);

public Q_SLOTS:
    // Everything again, into a new store.
    void reload();
    // Only what is new since the last load (a full reload when kosa8's log was rewritten).
    void refresh();
    void verify();
    // Stops a load: the rows read so far stay and are shown.
    void cancelLoad();

Q_SIGNALS:
    void loadStarted();
    void loadFinished(const k8::history::AuditLoadResult& result);
    // The model now shows the filter's result (`elapsedMs` from the request).
    void filterApplied(qint64 elapsedMs);
    // The store grew; the model may have grown with it.
    void rowsLoaded(qsizetype storeRows);
    // Verify found a kosa8 entry that does not chain: the row in the store (-1: not loaded).
    void brokenEntryFound(qsizetype storeRow, qint64 seq);

private:
    void startLoad(bool incremental);
    void onRowsAvailable(qsizetype rows);
    void onLoadFinished(const AuditLoadResult& result);
    void requestFilter();
    bool streamsIntoModel() const;

    std::shared_ptr<AuditStore> m_store;
    AuditLoader* m_loader;
    AuditFilterRunner* m_runner;
    AuditTableModel* m_model;
    AuditVerifier* m_verifier;
    AuditFilter m_filter;
    AuditSort m_sort;
    qsizetype m_seenRows = 0; // store rows already considered for the model
    bool m_filterPending = false;
    // What the model shows now: the filter and sort it was made with, and whether it holds every
    // row of the store that passes (then typing one more letter filters only those rows).
    AuditFilter m_applied;
    AuditSort m_appliedSort;
    bool m_appliedComplete = false;
    qint64 m_filterStartedMs = 0;
    qint64 m_pendingBrokenSeq = -1;
};

} // namespace k8::history
