// SPDX-License-Identifier: Apache-2.0
#include "history/AuditLoader.h"

#include "history/LedgerSource.h"
#include "kosa8/Kosa8Runner.h"

#include <QThread>

#include <mutex>
#include <utility>
#include <vector>

namespace k8::history {

// What the loader's thread tells the parser's thread, in order.
struct ParseMessage
{
    enum class Kind
    {
        Begin,
        Feed,
        End
    };
    Kind kind = Kind::Feed;
    quint64 generation = 0;
    std::shared_ptr<AuditStore> store; // Begin
    qint64 skipSeq = -1;               // Begin
    QByteArray expectedHash;           // Begin
    qint64 ledgerSkipSeq = -1;         // Begin
    QByteArray bytes;                  // Feed
    QString ledgerPath;                // End
};

// What the parser's thread tells the loader's thread: the store has grown to `rows`, or (done)
// the load ended with `result`.
struct ParseOutcome
{
    quint64 generation = 0;
    qsizetype rows = 0;
    bool done = false;
    AuditLoadResult result;
};

// The parser's side of a load, on its own thread. Messages of an older load (a lower generation)
// are ignored.
//
// Messages and outcomes cross the threads through queues under a std::mutex, and the other thread
// is only woken, by a queued call by name that carries nothing. Handing the data over inside
// queued functors or signal arguments instead left it to Qt's own locks to order the threads; in
// the sanitizer builds Qt is not instrumented, so ThreadSanitizer saw those hand-overs as races
// (one such report, in a fresh-clone CI run, even crashed TSan's reporter). See
// tests/sanitize/README.md.
class AuditParseWorker : public QObject
{
    Q_OBJECT
public:
    // On the loader's thread.
    void post(ParseMessage message)
    {
        bool wake = false;
        {
            std::lock_guard lock(m_inboxMutex);
            wake = m_inbox.empty();
            m_inbox.push_back(std::move(message));
        }
        if (wake)
            QMetaObject::invokeMethod(this, "drainInbox", Qt::QueuedConnection);
    }

    // On the loader's thread, after outcomesReady().
    std::vector<ParseOutcome> takeOutcomes()
    {
        std::lock_guard lock(m_outboxMutex);
        return std::exchange(m_outbox, {});
    }

Q_SIGNALS:
    // Outcomes wait in takeOutcomes(); emitted when the queue was empty before.
    void outcomesReady();

private Q_SLOTS:
    void drainInbox()
    {
        std::vector<ParseMessage> messages;
        {
            std::lock_guard lock(m_inboxMutex);
            messages = std::exchange(m_inbox, {});
        }
        for (ParseMessage& message : messages) {
            switch (message.kind) {
            case ParseMessage::Kind::Begin:
                begin(message);
                break;
            case ParseMessage::Kind::Feed:
                feed(message.generation, message.bytes);
                break;
            case ParseMessage::Kind::End:
                end(message.generation, message.ledgerPath);
                break;
            }
        }
    }

private:
    void begin(const ParseMessage& message)
    {
        m_generation = message.generation;
        m_store = message.store;
        m_parser = std::make_unique<AuditStreamParser>(m_store.get());
        m_parser->setSkipThroughSeq(message.skipSeq);
        m_parser->setExpectedHashAtSkip(message.expectedHash);
        m_ledgerSkipSeq = message.ledgerSkipSeq;
        m_rowsAtBegin = m_store->rowCount();
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
        ParseOutcome outcome;
        outcome.generation = generation;
        outcome.done = true;
        AuditLoadResult& result = outcome.result;
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
        publish(std::move(outcome));
    }

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
        ParseOutcome outcome;
        outcome.generation = m_generation;
        outcome.rows = rows;
        publish(std::move(outcome));
    }

    void publish(ParseOutcome outcome)
    {
        bool wake = false;
        {
            std::lock_guard lock(m_outboxMutex);
            wake = m_outbox.empty();
            m_outbox.push_back(std::move(outcome));
        }
        if (wake)
            Q_EMIT outcomesReady();
    }

    std::mutex m_inboxMutex;
    std::vector<ParseMessage> m_inbox;
    std::mutex m_outboxMutex;
    std::vector<ParseOutcome> m_outbox;

    // The parser's thread only.
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
    connect(m_worker, &AuditParseWorker::outcomesReady, this, &AuditLoader::takeWorkerOutcomes,
            Qt::QueuedConnection);
    m_thread->setObjectName(QStringLiteral("history-parse"));
    m_thread->start();
}

void AuditLoader::takeWorkerOutcomes()
{
    for (ParseOutcome& outcome : m_worker->takeOutcomes()) {
        if (outcome.generation != m_generation || !m_running)
            continue;
        if (!outcome.done) {
            Q_EMIT rowsAvailable(outcome.rows);
            continue;
        }
        m_running = false;
        AuditLoadResult result = std::move(outcome.result);
        result.job = m_jobResult;
        Q_EMIT finished(result);
    }
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
    ParseMessage begin;
    begin.kind = ParseMessage::Kind::Begin;
    begin.generation = generation;
    begin.store = m_store;
    begin.skipSeq = skipSeq;
    begin.expectedHash = expectedHash;
    begin.ledgerSkipSeq = ledgerSkip;
    m_worker->post(std::move(begin));

    if (!m_runner) {
        // Ledger only (the inbox's History tab): no kosa8 command, straight to the ledger.
        postEnd(generation);
        Q_EMIT started();
        return;
    }
    kosa8::JobOptions options;
    options.splitLines = false;
    options.timeoutMs = 10 * 60'000; // a long log on a slow remote worker
    m_job = m_runner->start(kosa8::Operation::AuditList, {}, options);
    connect(m_job, &kosa8::Kosa8Job::outputChunk, this,
            [this, generation](bool isStderr, const QByteArray& data) {
                if (isStderr || generation != m_generation)
                    return;
                ParseMessage feed;
                feed.generation = generation;
                feed.bytes = data;
                m_worker->post(std::move(feed));
            });
    connect(m_job, &kosa8::Kosa8Job::finished, this, [this, generation](const kosa8::JobResult& result) {
        if (generation != m_generation)
            return;
        m_jobResult = result;
        m_job = nullptr;
        postEnd(generation);
    });
    Q_EMIT started();
}

void AuditLoader::postEnd(quint64 generation)
{
    ParseMessage end;
    end.kind = ParseMessage::Kind::End;
    end.generation = generation;
    end.ledgerPath = m_ledgerPath;
    m_worker->post(std::move(end));
}

} // namespace k8::history

#include "AuditLoader.moc"
