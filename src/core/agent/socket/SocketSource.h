// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/RequestSource.h"
#include "agent/socket/AgentServer.h"

#include <QObject>

#include <functional>

namespace k8::agent {

// The agent socket as a source of requests (protocol.md): the server's review, run and cancel
// messages go to the desk, and the desk's answers come back as JSON-RPC lines on the connection
// that asked. A request's origin is its connection and its JSON-RPC id.
class SocketSource : public QObject, public RequestSource, private AgentRequestHandler
{
    Q_OBJECT
public:
    explicit SocketSource(RequestDesk* desk, QObject* parent = nullptr);

    AgentServer* server() const { return m_server; }
    // What the socket's worker does with a large line after parsing it, asked for when the line
    // is handed over (AgentRequestHandler::largeMessagePreparation()); none without it.
    void setPreparation(std::function<MessagePreparation()> preparation)
    {
        m_preparation = std::move(preparation);
    }

    // RequestSource
    QString sourceName() const override { return QStringLiteral("socket"); }
    bool answer(const RequestOrigin& origin, const QJsonValue& result) override;
    bool refuse(const RequestOrigin& origin, const RpcError& error) override;
    bool answerEncoded(const RequestOrigin& origin, const QByteArray& line) override;
    bool sendRunOutput(const RequestOrigin& origin, bool isStderr, QByteArrayView utf8) override;
    qint64 backlog(const RequestOrigin& origin) const override;
    bool reaches(const RequestOrigin& origin) const override;

private:
    // AgentRequestHandler
    void handleRequest(quint64 connectionId, const QString& helloAgent, const RpcMessage& message) override;
    bool handleCancel(quint64 connectionId, const QJsonValue& requestId) override;
    void handleConnectionClosed(quint64 connectionId) override;
    MessagePreparation largeMessagePreparation() override;

    RequestOrigin originOf(quint64 connectionId, const QJsonValue& requestId) const;

    RequestDesk* m_desk;
    AgentServer* m_server;
    std::function<MessagePreparation()> m_preparation;
};

} // namespace k8::agent
