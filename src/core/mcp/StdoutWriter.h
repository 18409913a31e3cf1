// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace k8::mcp {

// Writes whole lines to a file descriptor (standard output) from its own thread, so a client that
// reads slowly never blocks the event loop: a blocking write waits there, not in the server. Lines
// are written whole and in order. Only MCP messages go through it; logs go to standard error.
class StdoutWriter
{
public:
    explicit StdoutWriter(int fd = 1);
    // Stops the thread; lines not yet written are dropped (flush() first to keep them).
    ~StdoutWriter();
    StdoutWriter(const StdoutWriter&) = delete;
    StdoutWriter& operator=(const StdoutWriter&) = delete;

    // Queues one line (it must end in '\n'). False once the descriptor failed (the client left).
    bool write(const QByteArray& line);
    // Bytes queued and not yet written, for callers that drop optional messages (progress) while
    // the client is behind.
    qint64 queuedBytes() const;
    // Waits up to `timeoutMs` until everything queued is written. True when it was.
    bool flush(int timeoutMs);
    bool failed() const;

private:
    // Shared with the thread, which may outlive the writer when a write blocks at exit.
    struct State
    {
        int fd = 1;
        std::mutex mutex;
        std::condition_variable wake;
        std::condition_variable drained;
        std::deque<QByteArray> queue;
        qint64 queuedBytes = 0;
        bool writing = false;
        bool stop = false;
        bool failed = false;
    };
    static void run(const std::shared_ptr<State>& state);

    std::shared_ptr<State> m_state;
    std::thread m_thread;
};

} // namespace k8::mcp
