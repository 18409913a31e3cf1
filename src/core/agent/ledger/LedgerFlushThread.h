// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace k8::agent {

// One batch: the entries for the ledger, and the state record to put in place once they are durable.
struct LedgerFlushJob
{
    int fd = -1;
    QByteArray bytes;
    int stateFd = -1; // -1: no state file
    QByteArray state;
    bool sizeState = false; // also cut the state file to one record
};

// What happened to one batch: the write's errno (0: written), fdatasync's result, its duration,
// and the errno of the state write (0: written or not tried).
struct FlushOutcome
{
    int writeErrno = 0;
    int syncResult = 0;
    qint64 syncNs = 0;
    int stateErrno = 0;
};

// Writes the batch's bytes to job.fd, makes them durable (fdatasync, fsync where that is missing)
// and then puts the state record in place: on the calling thread (Ledger does this for a ledger
// in memory, where a flush cannot stall).
FlushOutcome writeAndSync(const LedgerFlushJob& job);

// The write and the flush of a batch, off the caller's thread: on a busy or slow disk either can
// take tens of milliseconds (the write may wait for the file system's journal), and the caller
// is the UI thread. One batch at a time; the Ledger owns one and hands it each batch.
//
//   LedgerFlushThread flusher;
//   flusher.start(job, [] { /* on the flush thread: post a notice to the owner */ });
//   ... later, on the owner's thread: FlushOutcome outcome = flusher.wait();
class LedgerFlushThread
{
public:
    LedgerFlushThread();
    // Finishes the batch in flight, if any, then ends the thread.
    ~LedgerFlushThread();
    LedgerFlushThread(const LedgerFlushThread&) = delete;
    LedgerFlushThread& operator=(const LedgerFlushThread&) = delete;

    // Hands over one batch (the previous one must have ended); onDone runs on the flush thread
    // once the batch has ended, after isDone() turned true.
    void start(LedgerFlushJob job, std::function<void()> onDone);
    // True when no batch is in flight.
    bool isDone() const;
    // Waits for the batch in flight to end; its outcome (of the last batch when none is in flight).
    FlushOutcome wait();

private:
    void run();

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_ended;
    LedgerFlushJob m_job;
    std::function<void()> m_onDone;
    bool m_hasJob = false;
    bool m_done = true;
    bool m_quit = false;
    FlushOutcome m_outcome;
    std::thread m_thread; // last: started once the members above exist
};

} // namespace k8::agent
