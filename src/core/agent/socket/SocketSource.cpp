// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/SocketSource.h"

#include "agent/socket/JsonRpc.h"

namespace k8::agent {

SocketSource::SocketSource(RequestDesk* desk, QObject* parent)
    : QObject(parent)
    , m_desk(desk)
    , m_server(new AgentServer(this, this))
{}

RequestOrigin SocketSource::originOf(quint64 connectionId, const QJsonValue& requestId) const
{
    RequestOrigin origin;
    origin.source = sourceNumber();
    origin.channel = connectionId;
    origin.id = requestId;
    return origin;
}

bool SocketSource::answer(const RequestOrigin& origin, const QJsonValue& result)
{
    return m_server->respond(origin.channel, origin.id, rpcResult(origin.id, result));
}

bool SocketSource::refuse(const RequestOrigin& origin, const RpcError& error)
{
    return m_server->respond(origin.channel, origin.id, rpcError(origin.id, error));
}

bool SocketSource::answerEncoded(const RequestOrigin& origin, const QByteArray& line)
{
    return m_server->respond(origin.channel, origin.id, line);
}

bool SocketSource::sendRunOutput(const RequestOrigin& origin, bool isStderr, QByteArrayView utf8)
{
    return m_server->notify(origin.channel, runOutputNotification(origin.id, isStderr, utf8));
}

qint64 SocketSource::backlog(const RequestOrigin& origin) const
{
    return m_server->bytesQueued(origin.channel);
}

bool SocketSource::reaches(const RequestOrigin& origin) const
{
    return m_server->isConnected(origin.channel);
}

void SocketSource::handleRequest(quint64 connectionId, const QString& helloAgent, const RpcMessage& message)
{
    IncomingRequest incoming;
    incoming.origin = originOf(connectionId, message.id);
    incoming.method = message.method;
    incoming.params = message.params;
    incoming.defaultAgent = helloAgent;
    incoming.nonCanonicalNumber = message.nonCanonicalNumber;
    incoming.prepared = message.prepared;
    m_desk->submit(this, incoming);
}

bool SocketSource::handleCancel(quint64 connectionId, const QJsonValue& requestId)
{
    return m_desk->withdraw(originOf(connectionId, requestId));
}

void SocketSource::handleConnectionClosed(quint64 connectionId)
{
    m_desk->channelClosed(sourceNumber(), connectionId);
}

MessagePreparation SocketSource::largeMessagePreparation()
{
    return m_preparation ? m_preparation() : MessagePreparation();
}

} // namespace k8::agent
