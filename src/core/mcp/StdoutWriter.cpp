// SPDX-License-Identifier: Apache-2.0
#include "mcp/StdoutWriter.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <poll.h>
#include <unistd.h>

namespace k8::mcp {

StdoutWriter::StdoutWriter(int fd)
    : m_state(std::make_shared<State>())
{
    m_state->fd = fd;
    // A client that closed its end must not end the server with SIGPIPE before it has withdrawn
    // its requests: the write fails with EPIPE instead.
    std::signal(SIGPIPE, SIG_IGN);
    m_thread = std::thread([state = m_state] { run(state); });
}

StdoutWriter::~StdoutWriter()
{
    {
        std::lock_guard lock(m_state->mutex);
        m_state->stop = true;
        m_state->queue.clear();
        m_state->queuedBytes = 0;
    }
    m_state->wake.notify_all();
    // A write blocked on a client that never reads would hold the thread: it keeps its own share
    // of the state and ends with the process.
    m_thread.detach();
}

bool StdoutWriter::write(const QByteArray& line)
{
    {
        std::lock_guard lock(m_state->mutex);
        if (m_state->failed || m_state->stop)
            return false;
        m_state->queue.push_back(line);
        m_state->queuedBytes += line.size();
    }
    m_state->wake.notify_one();
    return true;
}

qint64 StdoutWriter::queuedBytes() const
{
    std::lock_guard lock(m_state->mutex);
    return m_state->queuedBytes;
}

bool StdoutWriter::failed() const
{
    std::lock_guard lock(m_state->mutex);
    return m_state->failed;
}

bool StdoutWriter::flush(int timeoutMs)
{
    State& state = *m_state;
    std::unique_lock lock(state.mutex);
    return state.drained.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&state] {
        return state.failed || (state.queue.empty() && !state.writing);
    }) && !state.failed;
}

void StdoutWriter::run(const std::shared_ptr<State>& shared)
{
    State& state = *shared;
    for (;;) {
        QByteArray line;
        {
            std::unique_lock lock(state.mutex);
            state.wake.wait(lock, [&state] { return state.stop || !state.queue.empty(); });
            if (state.queue.empty())
                return; // stopped with nothing left
            line = std::move(state.queue.front());
            state.queue.pop_front();
            state.writing = true;
        }
        qint64 done = 0;
        bool ok = true;
        while (done < line.size()) {
            const ssize_t wrote = ::write(state.fd, line.constData() + done, size_t(line.size() - done));
            if (wrote < 0 && errno == EINTR)
                continue;
            if (wrote < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                // The client made the pipe non-blocking: wait here (this thread only) until it reads.
                pollfd waitFor{state.fd, POLLOUT, 0};
                ::poll(&waitFor, 1, 1000);
                continue;
            }
            if (wrote <= 0) {
                ok = false;
                break;
            }
            done += wrote;
        }
        {
            std::lock_guard lock(state.mutex);
            state.writing = false;
            state.queuedBytes = std::max<qint64>(0, state.queuedBytes - line.size());
            if (!ok) {
                state.failed = true;
                state.queue.clear();
                state.queuedBytes = 0;
            }
        }
        state.drained.notify_all();
        if (!ok)
            return;
    }
}

} // namespace k8::mcp
