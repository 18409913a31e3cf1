// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/RequestOrigin.h"

#include <QByteArray>
#include <QByteArrayView>

#include <functional>

namespace k8::agent {

class RequestSource;

// Sends one run's output to its agent, through the source it came from (run.output on the
// socket), within bounds: at most maxBytes of data for the whole run, and nothing queued behind
// an agent that does not read (a piece that finds more than maxQueuedBytes already waiting for it
// is dropped). Every byte not sent is counted, so the run's result can say how much the agent
// missed.
//
// What the agent gets of the budget is the output from its start: once a piece no longer fits
// (or the agent is gone), nothing later is sent, so the rest of the run is only counted, never
// decoded (of a run printing 100 MB, 16 MiB is decoded here, not 100 MB).
class RunOutputForwarder
{
public:
    // `source` finds the request's source for each piece: null once it has gone (the desk's
    // removeSource()), and the rest of the output is then counted as dropped.
    RunOutputForwarder(std::function<RequestSource*()> source, const RequestOrigin& origin, qint64 maxBytes,
                       qint64 maxQueuedBytes);

    // `bytes` as RunExecutor::output hands them on: kosa8's bytes, ending after a whole character.
    void forward(bool isStderr, const QByteArray& bytes);

    // UTF-8 bytes of data sent (what the budget counts: a byte that was not UTF-8 is sent as
    // U+FFFD, three bytes).
    qint64 sentBytes() const { return m_sentBytes; }
    // Bytes of output, as kosa8 printed them (the token masked), that no notification carried
    // (over the budget, the client not reading, or gone).
    qint64 droppedBytes() const { return m_droppedBytes; }
    // Bytes of output looked at to be sent (checked as UTF-8, decoded when it is not; for tests:
    // the rest was only counted, and each byte is looked at once).
    qint64 decodedBytes() const { return m_decodedBytes; }

private:
    // Sends (or counts) the piece at the start of `rest` (whole characters), at most
    // MaxOutputPieceBytes of UTF-8 once decoded; returns how many of its bytes it took.
    qsizetype forwardPiece(bool isStderr, QByteArrayView rest);

    std::function<RequestSource*()> m_source;
    RequestOrigin m_origin;
    qint64 m_maxBytes;
    qint64 m_maxQueuedBytes;
    qint64 m_sentBytes = 0;
    qint64 m_droppedBytes = 0;
    qint64 m_decodedBytes = 0;
    bool m_closed = false; // the budget is spent or the agent is gone: only counting from here
};

} // namespace k8::agent
