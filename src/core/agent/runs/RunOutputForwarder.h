// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonValue>
#include <QPointer>

namespace k8::agent {

class AgentServer;

// Sends one run's output to its agent as run.output notifications, within bounds: at most
// maxBytes of data for the whole run, and nothing queued behind a client that does not read (a
// piece that finds more than maxQueuedBytes already waiting for the connection is dropped).
// Every byte not sent is counted, so the run's result can say how much the agent missed.
class RunOutputForwarder
{
public:
    RunOutputForwarder(AgentServer* server, quint64 connectionId, const QJsonValue& requestId,
                       qint64 maxBytes, qint64 maxQueuedBytes);

    // `text` is one bounded piece (RunExecutor::output).
    void forward(bool isStderr, const QString& text);

    qint64 sentBytes() const { return m_sentBytes; }
    // UTF-8 bytes of output that were not sent (over the budget, the client not reading, or gone).
    qint64 droppedBytes() const { return m_droppedBytes; }

private:
    QPointer<AgentServer> m_server;
    quint64 m_connectionId;
    QJsonValue m_requestId;
    qint64 m_maxBytes;
    qint64 m_maxQueuedBytes;
    qint64 m_sentBytes = 0;
    qint64 m_droppedBytes = 0;
};

} // namespace k8::agent
