// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace k8::agent {

// Runs tasks one after another, in the order they were posted, on a thread of its own.
//
// Built on std::thread, std::mutex and std::condition_variable rather than QThreadPool so that
// ThreadSanitizer sees what orders a task after the code that posted it: in the sanitizer builds
// Qt is not instrumented, and its mutexes wait on futexes TSan cannot see, so every hand-over
// through a Qt pool looked like a race (tests/sanitize/README.md).
class SerialWorker
{
public:
    SerialWorker();
    // Runs what is still queued, then ends the thread.
    ~SerialWorker();
    SerialWorker(const SerialWorker&) = delete;
    SerialWorker& operator=(const SerialWorker&) = delete;

    void post(std::function<void()> task);
    // Returns once nothing is queued and no task runs.
    void waitForIdle();

private:
    void loop();

    std::mutex m_mutex;
    std::condition_variable m_wake; // a task was posted, or the worker is stopping
    std::condition_variable m_idle; // the queue ran empty
    std::deque<std::function<void()>> m_tasks;
    bool m_busy = false;
    bool m_stopping = false;
    std::thread m_thread; // last: starts once the members above exist
};

} // namespace k8::agent
