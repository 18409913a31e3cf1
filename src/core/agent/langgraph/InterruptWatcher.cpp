// SPDX-License-Identifier: Apache-2.0
#include "agent/langgraph/InterruptWatcher.h"

#include "agent/langgraph/LangGraphApi.h"

#include <QTimer>

#include <algorithm>

namespace k8::agent::langgraph {

namespace {

// The ids of one "threads with their interrupts" request: a search's limit is at most 1000.
constexpr int FetchChunk = 100;

QString interruptKey(const PendingInterrupt& interrupt)
{
    return interrupt.threadId + QLatin1Char('\n') + interrupt.interruptId + QLatin1Char('\n') +
           interrupt.valueSha256;
}

} // namespace

InterruptWatcher::InterruptWatcher(LangGraphApi* api, QObject* parent)
    : QObject(parent)
    , m_api(api)
    , m_timer(new QTimer(this))
    , m_server(api->config().name)
{
    m_status.server = m_server;
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &InterruptWatcher::poll);
}

InterruptWatcher::~InterruptWatcher() = default;

void InterruptWatcher::setBackoffMs(int initialMs, int maxMs)
{
    m_backoffInitialMs = std::max(1, initialMs);
    m_backoffMaxMs = std::max(m_backoffInitialMs, maxMs);
}

int InterruptWatcher::backoffDelayMs(int failures, int initialMs, int maxMs)
{
    // Doubled in 64 bits and capped at every step, so no count of failures overflows.
    qint64 delay = std::max(1, initialMs);
    for (int i = 1; i < failures && delay < maxMs; ++i)
        delay *= 2;
    return int(std::min<qint64>(delay, maxMs));
}

void InterruptWatcher::start()
{
    if (m_running)
        return;
    m_running = true;
    ++m_generation;
    schedule(0);
}

void InterruptWatcher::stop()
{
    m_running = false;
    ++m_generation;
    m_timer->stop();
}

QList<PendingInterrupt> InterruptWatcher::pending() const
{
    QList<PendingInterrupt> result;
    for (const QString& threadId : m_knownOrder)
        result += m_known.value(threadId).interrupts;
    return result;
}

void InterruptWatcher::markResumedHere(const PendingInterrupt& interrupt)
{
    m_resumedHere.insert(interruptKey(interrupt));
}

void InterruptWatcher::schedule(int ms)
{
    m_status.retryInMs = ms;
    m_timer->start(ms);
}

void InterruptWatcher::poll()
{
    if (!m_running)
        return;
    m_listed.clear();
    m_listedOrder.clear();
    m_toFetch.clear();
    m_skipped = 0;
    m_truncated = false;
    // The version is read once per reachable spell: at the start, and again after a failure
    // (the server may have been restarted or upgraded meanwhile).
    if (m_status.version.isEmpty() || !m_status.reachable)
        readInfo();
    else
        listPage(0, 1);
}

void InterruptWatcher::readInfo()
{
    const quint64 generation = m_generation;
    m_api->info(this, [this, generation](const LangGraphResponse& response) {
        if (!current(generation))
            return;
        if (!response.ok()) {
            failPoll(response.error);
            return;
        }
        QString error;
        const QString version = readServerVersion(response.body, &error);
        if (!error.isEmpty()) {
            failPoll(error);
            return;
        }
        m_status.version = version;
        listPage(0, 1);
    });
}

std::optional<ThreadsRead> InterruptWatcher::readPollAnswer(const LangGraphResponse& response)
{
    if (!response.ok()) {
        failPoll(response.error);
        return std::nullopt;
    }
    ThreadsRead read = readThreadList(response.body);
    if (!read.error.isEmpty()) {
        failPoll(read.error);
        return std::nullopt;
    }
    m_skipped += read.skipped;
    return read;
}

void InterruptWatcher::listPage(int offset, int page)
{
    const quint64 generation = m_generation;
    m_api->searchInterrupted(
        offset, m_pageSize, this, [this, generation, offset, page](const LangGraphResponse& response) {
            if (!current(generation))
                return;
            const std::optional<ThreadsRead> read = readPollAnswer(response);
            if (!read)
                return;
            for (const LangGraphThread& thread : read->threads) {
                if (!m_api->config().watchesGraph(thread.graphId) || m_listed.contains(thread.threadId))
                    continue;
                m_listed.insert(thread.threadId, thread.updatedAt);
                m_listedOrder.append(thread.threadId);
            }
            // langgraph-api says where the next page starts (X-Pagination-Next) and leaves the
            // header out on the last page; a server without these headers has a next page while
            // pages come back full.
            int next = -1;
            if (response.hasPaginationHeaders) {
                bool isNumber = false;
                const int said = response.paginationNext.toInt(&isNumber);
                if (isNumber && said > offset)
                    next = said;
            } else if (read->threads.size() + read->skipped >= m_pageSize) {
                next = offset + m_pageSize;
            }
            if (next >= 0 && page >= m_maxPages) {
                m_truncated = true;
                next = -1;
            }
            if (next >= 0)
                listPage(next, page + 1);
            else
                fetchChanged();
        });
}

void InterruptWatcher::fetchChanged()
{
    // Fetched again: threads new to the listing or with another updated_at (the server moves
    // updated_at with every run on the thread), and known threads holding interrupts that left it
    // (resumed, deleted, or busy with a run). When the listing was cut short, a known thread's
    // absence says nothing, so those are left for a poll that reads it all.
    for (const QString& threadId : std::as_const(m_listedOrder)) {
        const auto known = m_known.constFind(threadId);
        if (known == m_known.constEnd() || known->updatedAt != m_listed.value(threadId))
            m_toFetch.append(threadId);
    }
    const QStringList knownOrder = m_knownOrder; // dropThread() edits m_knownOrder
    for (const QString& threadId : knownOrder) {
        if (m_listed.contains(threadId))
            continue;
        if (m_known.value(threadId).interrupts.isEmpty())
            dropThread(threadId, GoneReason::ResumedElsewhere);
        else if (!m_truncated)
            m_toFetch.append(threadId);
    }
    fetchChunk();
}

void InterruptWatcher::fetchChunk()
{
    if (m_toFetch.isEmpty()) {
        finishPoll();
        return;
    }
    const QStringList chunk = m_toFetch.mid(0, FetchChunk);
    m_toFetch.remove(0, chunk.size());
    const quint64 generation = m_generation;
    m_api->threadsWithInterrupts(chunk, this, [this, generation, chunk](const LangGraphResponse& response) {
        if (!current(generation))
            return;
        const std::optional<ThreadsRead> read = readPollAnswer(response);
        if (!read)
            return;
        QSet<QString> answered;
        for (const LangGraphThread& thread : read->threads) {
            // Only what was asked for: a server answering with other threads adds nothing.
            if (!chunk.contains(thread.threadId) || answered.contains(thread.threadId))
                continue;
            answered.insert(thread.threadId);
            applyThread(thread);
        }
        // Asked for by id and not returned: the thread no longer exists.
        for (const QString& threadId : chunk)
            if (!answered.contains(threadId))
                dropThread(threadId, GoneReason::ThreadGone);
        fetchChunk();
    });
}

void InterruptWatcher::applyThread(const LangGraphThread& thread)
{
    const bool known = m_known.contains(thread.threadId);
    if (thread.status == QLatin1String("busy")) {
        // A run is on the thread: its interrupts are being resumed (by someone), or a parallel
        // branch's sibling waits on. Judged when the run ends, so nothing is reported gone and
        // then found again.
        return;
    }
    if (thread.status != QLatin1String("interrupted")) {
        if (known)
            dropThread(thread.threadId, GoneReason::ResumedElsewhere);
        return;
    }
    if (!thread.interruptsIncluded) {
        // Interrupted, but its interrupts cannot be read: tried again next poll.
        ++m_skipped;
        return;
    }
    if (!m_api->config().watchesGraph(thread.graphId))
        return;

    KnownThread& entry = m_known[thread.threadId];
    if (!known)
        m_knownOrder.append(thread.threadId);
    entry.updatedAt = thread.updatedAt;

    QList<PendingInterrupt> now;
    for (PendingInterrupt interrupt : thread.interrupts) {
        interrupt.server = m_server;
        now.append(interrupt);
    }
    const QList<PendingInterrupt> before = entry.interrupts;
    for (const PendingInterrupt& old : before) {
        const bool stays = std::any_of(now.cbegin(), now.cend(),
                                       [&](const PendingInterrupt& fresh) { return fresh.sameAs(old); });
        if (!stays) {
            entry.interrupts.removeIf([&](const PendingInterrupt& held) { return held.sameAs(old); });
            reportGone(old, GoneReason::ResumedElsewhere);
        }
    }
    for (const PendingInterrupt& fresh : std::as_const(now)) {
        auto held = std::find_if(entry.interrupts.begin(), entry.interrupts.end(),
                                 [&](const PendingInterrupt& existing) { return existing.sameAs(fresh); });
        if (held != entry.interrupts.end()) {
            // The same interrupt; what the thread says around it (its updated_at, a new
            // assistant) is kept current for the resume.
            *held = fresh;
            continue;
        }
        entry.interrupts.append(fresh);
        Q_EMIT interruptAppeared(fresh);
    }
}

void InterruptWatcher::adopt(const QList<PendingInterrupt>& interrupts)
{
    for (PendingInterrupt interrupt : interrupts) {
        interrupt.server = m_server; // as this watcher's own are, so that sameAs() finds them
        const bool known = m_known.contains(interrupt.threadId);
        KnownThread& entry = m_known[interrupt.threadId];
        if (!known)
            m_knownOrder.append(interrupt.threadId);
        // No updated_at: the next poll fetches the thread whatever the listing says of it.
        entry.updatedAt.clear();
        const bool held =
            std::any_of(entry.interrupts.cbegin(), entry.interrupts.cend(),
                        [&](const PendingInterrupt& existing) { return existing.sameAs(interrupt); });
        if (!held)
            entry.interrupts.append(interrupt);
    }
}

void InterruptWatcher::dropThread(const QString& threadId, GoneReason reason)
{
    const auto known = m_known.find(threadId);
    if (known == m_known.end())
        return;
    const QList<PendingInterrupt> interrupts = known->interrupts;
    m_known.erase(known);
    m_knownOrder.removeAll(threadId);
    for (const PendingInterrupt& interrupt : interrupts)
        reportGone(interrupt, reason);
}

void InterruptWatcher::reportGone(const PendingInterrupt& interrupt, GoneReason elsewhere)
{
    const bool here = m_resumedHere.remove(interruptKey(interrupt));
    Q_EMIT interruptGone(interrupt, here ? GoneReason::ResumedHere : elsewhere);
}

void InterruptWatcher::finishPoll()
{
    m_failures = 0;
    m_status.reachable = true;
    m_status.error.clear();
    m_status.interruptedThreads = int(m_listed.size());
    m_status.pendingInterrupts = int(pending().size());
    m_status.skippedEntries = m_skipped;
    m_status.truncated = m_truncated;
    m_status.retryInMs = m_pollIntervalMs;
    publishStatus();
    schedule(m_pollIntervalMs);
    Q_EMIT pollFinished(true);
}

void InterruptWatcher::failPoll(const QString& error)
{
    ++m_failures;
    m_status.reachable = false;
    m_status.error = error;
    // Known interrupts stay known: a server that cannot be reached has not resumed them.
    m_status.pendingInterrupts = int(pending().size());
    const int delay = backoffDelayMs(m_failures, m_backoffInitialMs, m_backoffMaxMs);
    m_status.retryInMs = delay;
    publishStatus();
    schedule(delay);
    Q_EMIT pollFinished(false);
}

void InterruptWatcher::publishStatus()
{
    if (m_status == m_lastPublished)
        return;
    m_lastPublished = m_status;
    Q_EMIT statusChanged(m_status);
}

} // namespace k8::agent::langgraph
