// SPDX-License-Identifier: Apache-2.0
#include "agent/runs/RunOutputForwarder.h"

#include "agent/runs/OutputPieces.h"
#include "agent/socket/AgentServer.h"
#include "agent/socket/JsonRpc.h"

#include <QJsonObject>

namespace k8::agent {

RunOutputForwarder::RunOutputForwarder(AgentServer* server, quint64 connectionId, const QJsonValue& requestId,
                                       qint64 maxBytes, qint64 maxQueuedBytes)
    : m_server(server)
    , m_connectionId(connectionId)
    , m_requestId(requestId)
    , m_maxBytes(maxBytes)
    , m_maxQueuedBytes(maxQueuedBytes)
{}

void RunOutputForwarder::forward(bool isStderr, const QString& text)
{
    const qint64 bytes = utf8Size(text);
    if (bytes == 0)
        return;
    // Whole pieces only: a notification is either sent as the code printed it or counted.
    const bool withinBudget = m_sentBytes + bytes <= m_maxBytes;
    const bool clientKeepsUp = m_server && m_server->bytesQueued(m_connectionId) <= m_maxQueuedBytes;
    if (!withinBudget || !clientKeepsUp || !m_server->isConnected(m_connectionId)) {
        m_droppedBytes += bytes;
        return;
    }
    const QJsonObject params{
        {QStringLiteral("id"), m_requestId},
        {QStringLiteral("stream"), isStderr ? QStringLiteral("stderr") : QStringLiteral("stdout")},
        {QStringLiteral("data"), text}};
    if (m_server->notify(m_connectionId, rpcNotification(QStringLiteral("run.output"), params)))
        m_sentBytes += bytes;
    else
        m_droppedBytes += bytes;
}

} // namespace k8::agent
