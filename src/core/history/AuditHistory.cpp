// SPDX-License-Identifier: Apache-2.0
#include "history/AuditHistory.h"

#include "history/AuditTableModel.h"
#include "history/AuditVerifier.h"

#include <QDateTime>
#include <QElapsedTimer>

namespace k8::history {

namespace {

// Below this many rows the filter runs at once on the UI thread (well under a millisecond).
constexpr qsizetype SyncFilterLimit = 20'000;

qint64 nowMs()
{
    static QElapsedTimer clock = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return clock.elapsed();
}

} // namespace

AuditHistory::AuditHistory(kosa8::Kosa8Runner* runner, QObject* parent)
    : QObject(parent)
    , m_store(std::make_shared<AuditStore>())
    , m_loader(new AuditLoader(runner, this))
    , m_runner(new AuditFilterRunner(this))
    , m_model(new AuditTableModel(this))
    , m_verifier(new AuditVerifier(runner, this))
{
    m_model->setStore(m_store);
    connect(m_loader, &AuditLoader::rowsAvailable, this, &AuditHistory::onRowsAvailable);
    connect(m_loader, &AuditLoader::finished, this, &AuditHistory::onLoadFinished);
    connect(m_runner, &AuditFilterRunner::finished, this, [this](quint64, const QList<qint32>& rows, qint64) {
        m_filterPending = false;
        m_model->setRows(rows);
        // The model now holds everything m_applied lets through, unless the store grew meanwhile.
        m_appliedComplete = !m_loader->isRunning();
        Q_EMIT filterApplied(nowMs() - m_filterStartedMs);
    });
    connect(m_model, &AuditTableModel::sortRequested, this, &AuditHistory::setSort);
    connect(m_verifier, &AuditVerifier::kosa8Verified, this,
            [this](const kosa8::AuditVerifyResult& result, const kosa8::JobResult&) {
                m_model->setHighlightedStoreRow(-1);
                if (result.ok || result.brokenSeq < 0)
                    return;
                const qsizetype row = m_store->rowOfSeq(Source::Kosa8, result.brokenSeq);
                m_model->setHighlightedStoreRow(row);
                Q_EMIT brokenEntryFound(row, result.brokenSeq);
            });
}

AuditHistory::~AuditHistory() = default;

void AuditHistory::setLedgerPath(const QString& path)
{
    m_loader->setLedgerPath(path);
}

QString AuditHistory::ledgerPath() const
{
    return m_loader->ledgerPath();
}

bool AuditHistory::isLoading() const
{
    return m_loader->isRunning();
}

void AuditHistory::reload()
{
    startLoad(false);
}

void AuditHistory::refresh()
{
    if (m_loader->isRunning())
        return; // the load running brings everything anyway
    startLoad(m_store->rowCount() > 0);
}

void AuditHistory::cancelLoad()
{
    if (!m_loader->isRunning())
        return;
    m_loader->cancel();
    requestFilter();
    AuditLoadResult result;
    result.job.outcome = kosa8::JobResult::Outcome::Cancelled;
    result.job.exitCode = -1;
    result.job.preview = m_loader->commandPreview();
    result.job.errorText = tr("Cancelled; the entries read before stay shown.");
    result.problems = m_store->problemCount();
    Q_EMIT loadFinished(result);
}

void AuditHistory::verify()
{
    m_verifier->start(m_loader->ledgerPath());
}

void AuditHistory::startLoad(bool incremental)
{
    if (!incremental) {
        m_store = std::make_shared<AuditStore>();
        m_model->setStore(m_store);
        m_seenRows = 0;
    }
    m_appliedComplete = false;
    Q_EMIT loadStarted();
    m_loader->start(m_store, incremental);
}

bool AuditHistory::streamsIntoModel() const
{
    return m_sort == AuditSort() && !m_filterPending;
}

void AuditHistory::onRowsAvailable(qsizetype rows)
{
    if (rows <= m_seenRows)
        return;
    if (streamsIntoModel()) {
        // New rows in store order, which is time order while kosa8 prints: filter just them.
        m_model->appendRows(AuditFilterEngine::match(*m_store, m_seenRows, rows, m_filter));
        m_seenRows = rows;
    }
    Q_EMIT rowsLoaded(rows);
}

void AuditHistory::onLoadFinished(const AuditLoadResult& result)
{
    if (result.rewritten) {
        // kosa8's log no longer holds what we showed: read it all again.
        startLoad(false);
        return;
    }
    m_seenRows = m_store->rowCount();
    requestFilter();
    Q_EMIT loadFinished(result);
}

void AuditHistory::setFilter(const AuditFilter& filter)
{
    if (filter == m_filter && !m_filterPending)
        return;
    m_filter = filter;
    requestFilter();
}

void AuditHistory::setSort(const AuditSort& sort)
{
    m_sort = sort;
    m_model->setSortOrder(sort);
    requestFilter();
}

void AuditHistory::requestFilter()
{
    m_filterStartedMs = nowMs();
    const qsizetype count = m_store->rowCount();
    m_seenRows = count;
    if (count <= SyncFilterLimit) {
        QList<qint32> rows = AuditFilterEngine::match(*m_store, 0, count, m_filter);
        AuditFilterEngine::sort(*m_store, &rows, m_sort);
        // A request still running off the thread is superseded.
        if (m_filterPending)
            m_runner->cancel();
        m_filterPending = false;
        m_model->setRows(rows);
        m_applied = m_filter;
        m_appliedSort = m_sort;
        m_appliedComplete = !m_loader->isRunning();
        Q_EMIT filterApplied(nowMs() - m_filterStartedMs);
        return;
    }
    m_filterPending = true;
    if (m_appliedComplete && m_appliedSort == m_sort && AuditFilterEngine::narrows(m_applied, m_filter))
        m_runner->refine(m_store, m_model->rows(), m_filter);
    else
        m_runner->request(m_store, count, m_filter, m_sort);
    m_applied = m_filter;
    m_appliedSort = m_sort;
    m_appliedComplete = false;
}

} // namespace k8::history
