// SPDX-License-Identifier: Apache-2.0
#include "history/AuditLoader.h"

#include "history/LedgerSource.h"
#include "kosa8/Kosa8Runner.h"

#include <QThread>

namespace k8::history {

// The parser's side of a load, on its own thread. Messages of an older load (a lower generation)
// are ignored.
class AuditParseWorker : public QObject
{
    Q_OBJECT
public:
    void begin(quint64 generation, const std::shared_ptr<AuditStore>& store, qint64 skipSeq,
               const QByteArray& expectedHash, qint64 ledgerSkipSeq)
    {
        m_generation = generation;
        m_store = store;
        m_parser = std::make_unique<AuditStreamParser>(store.get());
        m_parser->setSkipThroughSeq(skipSeq);
        m_parser->setExpectedHashAtSkip(expectedHash);
        m_ledgerSkipSeq = ledgerSkipSeq;
        m_rowsAtBegin = store->rowCount();
        m_lastReported = m_rowsAtBegin;
        m_clock.start();
    }

    void feed(quint64 generation, const QByteArray& bytes)
    {
        if (generation != m_generation || !m_parser)
            return;
        m_parser->feed(bytes);
        report(false);
    }

    void end(quint64 generation, const QString& ledgerPath)
    {
        if (generation != m_generation || !m_parser)
            return;
        m_parser->finish();
        AuditLoadResult result;
        if (!ledgerPath.isEmpty()) {
            QString error;
            if (!LedgerSource::load(ledgerPath, m_store.get(), m_ledgerSkipSeq, &error))
                result.ledgerError = error;
        }
        result.format = m_parser->format();
        result.linesRead = m_parser->linesRead();
        result.kosa8Stored = m_parser->entriesStored();
        result.rewritten = m_parser->rewritten();
        result.problems = m_store->problemCount();
        report(true);
        m_parser.reset();
        m_store.reset();
        Q_EMIT done(generation, result);
    }

Q_SIGNALS:
    void progress(quint64 generation, qsizetype rows);
    void done(quint64 generation, const k8::history::AuditLoadResult& result);

private:
    // The first rows at once (they are what the person waits for), then at most every 50 ms:
    // each report costs the UI thread a model update.
    void report(bool force)
    {
        const qsizetype rows = m_store->rowCount();
        if (rows == m_lastReported)
            return;
        const bool first = m_lastReported == m_rowsAtBegin;
        if (!force && !first && m_clock.elapsed() < 50)
            return;
        m_lastReported = rows;
        m_clock.restart();
        Q_EMIT progress(m_generation, rows);
    }

    quint64 m_generation = 0;
    std::shared_ptr<AuditStore> m_store;
    std::unique_ptr<AuditStreamParser> m_parser;
    qint64 m_ledgerSkipSeq = -1;
    qsizetype m_rowsAtBegin = 0;
    qsizetype m_lastReported = 0;
    QElapsedTimer m_clock;
};

AuditLoader::AuditLoader(kosa8::Kosa8Runner* runner, QObject* parent)
    : QObject(parent)
    , m_runner(runner)
    , m_thread(new QThread(this))
    , m_worker(new AuditParseWorker)
{
    qRegisterMetaType<k8::history::AuditLoadResult>();
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &AuditParseWorker::progress, this, [this](quint64 generation, qsizetype rows) {
        if (generation == m_generation && m_running)
            Q_EMIT rowsAvailable(rows);
    });
    connect(m_worker, &AuditParseWorker::done, this, &AuditLoader::onWorkerDone);
    m_thread->setObjectName(QStringLiteral("history-parse"));
    m_thread->start();
}

AuditLoader::~AuditLoader()
{
    if (m_job)
        m_job->cancel();
    ++m_generation;
    m_thread->quit();
    m_thread->wait();
}

QString AuditLoader::commandPreview() const
{
    if (!m_runner)
        return {};
    return m_runner->preview(kosa8::Operation::AuditList, {});
}

void AuditLoader::cancel()
{
    if (!m_running)
        return;
    ++m_generation;
    m_running = false;
    if (m_job) {
        m_job->disconnect(this);
        m_job->cancel();
    }
    m_job = nullptr;
}

void AuditLoader::start(std::shared_ptr<AuditStore> store, bool incremental)
{
    cancel();
    const quint64 generation = ++m_generation;
    m_store = std::move(store);
    m_running = true;
    m_jobResult = kosa8::JobResult();

    qint64 skipSeq = -1;
    QByteArray expectedHash;
    qint64 ledgerSkip = -1;
    if (incremental) {
        skipSeq = m_store->lastSeq(Source::Kosa8);
        const qsizetype at = m_store->rowOfSeq(Source::Kosa8, skipSeq);
        if (at >= 0)
            expectedHash = m_store->text(at, TextField::Hash).toByteArray();
        ledgerSkip = m_store->lastSeq(Source::Desk);
    }
    AuditParseWorker* worker = m_worker;
    const std::shared_ptr<AuditStore> target = m_store;
    QMetaObject::invokeMethod(
        worker,
        [worker, generation, target, skipSeq, expectedHash, ledgerSkip] {
            worker->begin(generation, target, skipSeq, expectedHash, ledgerSkip);
        },
        Qt::QueuedConnection);

    if (!m_runner) {
        // Ledger only (the inbox's History tab): no kosa8 command, straight to the ledger.
        const QString ledger = m_ledgerPath;
        QMetaObject::invokeMethod(
            worker, [worker, generation, ledger] { worker->end(generation, ledger); }, Qt::QueuedConnection);
        Q_EMIT started();
        return;
    }
    kosa8::JobOptions options;
    options.splitLines = false;
    options.timeoutMs = 10 * 60'000; // a long log on a slow remote worker
    m_job = m_runner->start(kosa8::Operation::AuditList, {}, options);
    connect(m_job, &kosa8::Kosa8Job::outputChunk, this,
            [this, generation, worker](bool isStderr, const QByteArray& data) {
                if (isStderr || generation != m_generation)
                    return;
                QMetaObject::invokeMethod(
                    worker, [worker, generation, data] { worker->feed(generation, data); },
                    Qt::QueuedConnection);
            });
    connect(m_job, &kosa8::Kosa8Job::finished, this,
            [this, generation, worker](const kosa8::JobResult& result) {
                if (generation != m_generation)
                    return;
                m_jobResult = result;
                m_job = nullptr;
                const QString ledger = m_ledgerPath;
                QMetaObject::invokeMethod(
                    worker, [worker, generation, ledger] { worker->end(generation, ledger); },
                    Qt::QueuedConnection);
            });
    Q_EMIT started();
}

void AuditLoader::onWorkerDone(quint64 generation, const AuditLoadResult& partial)
{
    if (generation != m_generation || !m_running)
        return;
    m_running = false;
    AuditLoadResult result = partial;
    result.job = m_jobResult;
    Q_EMIT finished(result);
}

} // namespace k8::history

#include "AuditLoader.moc"
