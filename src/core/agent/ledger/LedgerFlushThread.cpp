// SPDX-License-Identifier: Apache-2.0
#include "agent/ledger/LedgerFlushThread.h"

#include <QElapsedTimer>

#include <cerrno>
#include <unistd.h>
#include <utility>

namespace k8::agent {

namespace {

int syncData(int fd)
{
#if defined(__linux__)
    // The size of an appended file is part of what fdatasync flushes; other metadata is not needed.
    return ::fdatasync(fd);
#else
    return ::fsync(fd);
#endif
}

// Writes all of `bytes` to fd; 0, or the errno of the write that failed.
int writeAll(int fd, const QByteArray& bytes)
{
    const char* data = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, size_t(left));
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return written < 0 ? errno : EIO;
        data += written;
        left -= written;
    }
    return 0;
}

} // namespace

FlushOutcome writeAndSync(const LedgerFlushJob& job)
{
    FlushOutcome outcome;
    outcome.writeErrno = writeAll(job.fd, job.bytes);
    if (outcome.writeErrno != 0)
        return outcome;
    QElapsedTimer time;
    time.start();
    outcome.syncResult = syncData(job.fd);
    outcome.syncNs = time.nsecsElapsed();
    if (outcome.syncResult != 0 || job.stateFd < 0)
        return outcome;
    // Only after the entries are durable, so that the state is never ahead of the ledger. No
    // flush of its own (Ledger::statePath() says why).
    ssize_t written = -1;
    do {
        written = ::pwrite(job.stateFd, job.state.constData(), size_t(job.state.size()), 0);
    } while (written < 0 && errno == EINTR);
    if (written != job.state.size())
        outcome.stateErrno = written < 0 ? errno : EIO;
    else if (job.sizeState && ::ftruncate(job.stateFd, job.state.size()) != 0)
        outcome.stateErrno = errno;
    return outcome;
}

LedgerFlushThread::LedgerFlushThread()
    : m_thread([this] { run(); })
{}

LedgerFlushThread::~LedgerFlushThread()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_quit = true;
    }
    m_wake.notify_all();
    m_thread.join(); // a batch in flight is finished first
}

void LedgerFlushThread::start(LedgerFlushJob job, std::function<void()> onDone)
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_job = std::move(job);
        m_onDone = std::move(onDone);
        m_hasJob = true;
        m_done = false;
    }
    m_wake.notify_all();
}

bool LedgerFlushThread::isDone() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_done;
}

FlushOutcome LedgerFlushThread::wait()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_ended.wait(lock, [this] { return m_done; });
    return m_outcome;
}

void LedgerFlushThread::run()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    while (true) {
        m_wake.wait(lock, [this] { return m_quit || m_hasJob; });
        if (!m_hasJob)
            return; // quit, nothing in flight
        m_hasJob = false;
        const LedgerFlushJob job = std::exchange(m_job, {});
        const std::function<void()> onDone = std::move(m_onDone);
        lock.unlock();
        const FlushOutcome outcome = writeAndSync(job);
        lock.lock();
        m_outcome = outcome;
        m_done = true;
        lock.unlock();
        m_ended.notify_all();
        // Marked done first: the owner, told by onDone, finishes without waiting.
        if (onDone)
            onDone();
        lock.lock();
    }
}

} // namespace k8::agent
