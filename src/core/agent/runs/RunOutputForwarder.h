// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/RequestOrigin.h"

#include <functional>

namespace k8::agent {

class RequestSource;

// Sends one run's output to its agent, through the source it came from (run.output on the
// socket), within bounds: at most maxBytes of data for the whole run, and nothing queued behind
// an agent that does not read (a piece that finds more than maxQueuedBytes already waiting for
// it is dropped). Every byte not sent is counted, so the run's result can say how much the agent
// missed.
class RunOutputForwarder
{
public:
    // `source` finds the request's source for each piece: null once it has gone (the desk's
    // removeSource()), and the rest of the output is then counted as dropped.
    RunOutputForwarder(std::function<RequestSource*()> source, const RequestOrigin& origin, qint64 maxBytes,
                       qint64 maxQueuedBytes);

    // `text` is one bounded piece (RunExecutor::output).
    void forward(bool isStderr, const QString& text);

    qint64 sentBytes() const { return m_sentBytes; }
    // UTF-8 bytes of output that were not sent (over the budget, the agent not reading, or gone).
    qint64 droppedBytes() const { return m_droppedBytes; }

private:
    std::function<RequestSource*()> m_source;
    RequestOrigin m_origin;
    qint64 m_maxBytes;
    qint64 m_maxQueuedBytes;
    qint64 m_sentBytes = 0;
    qint64 m_droppedBytes = 0;
};

} // namespace k8::agent
