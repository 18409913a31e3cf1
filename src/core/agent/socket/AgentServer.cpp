// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/AgentServer.h"

#include "agent/canonical/Sha256.h"
#include "agent/request/Request.h"
#include "agent/socket/AgentConnection.h"
#include "agent/socket/PeerCredentials.h"
#include "agent/socket/SocketPath.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocalServer>
#include <QLocalSocket>

#include <spdlog/spdlog.h>

namespace k8::agent {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::AgentServer)
};

// Shared by messages about params: protocol.md wants the field and what was expected named.
RpcError invalidParams(const QString& message)
{
    return makeRpcError(ErrorCode::InvalidParams, message);
}

} // namespace

AgentServer::AgentServer(AgentRequestHandler* handler, QObject* parent)
    : QObject(parent)
    , m_handler(handler)
    , m_linePreparer(new LinePreparer(this))
{
    // A line whose connection closed meanwhile is dropped: nobody can be answered.
    m_linePreparer->setReadyHandler([this](quint64 connectionId, ParsedLine& line) {
        if (AgentConnection* connection = m_connections.value(connectionId))
            connection->preparedLineReady(line);
    });
}

AgentServer::~AgentServer()
{
    close();
}

QStringList AgentServer::methods()
{
    return {QStringLiteral("hello"),  methodName(Method::Review), methodName(Method::Run),
            QStringLiteral("cancel"), QStringLiteral("ping"),     QStringLiteral("sandboxes")};
}

bool AgentServer::listen(const QString& socketPath, QString* error)
{
    if (isListening()) {
        *error = Text::tr("The agent socket is already listening on %1.").arg(m_socketPath);
        return false;
    }
    if (!SocketPath::prepareToListen(socketPath, error))
        return false;

    auto* server = new QLocalServer(this);
    // Access is limited by the 0700 folder, the 0600 file and the peer check; Qt's own option
    // would re-create the file under a temporary name first.
    server->setSocketOptions(QLocalServer::NoOptions);
    server->setListenBacklogSize(m_limits.listenBacklog());
    server->setMaxPendingConnections(m_limits.listenBacklog());
    if (!server->listen(socketPath)) {
        *error = Text::tr("Cannot listen on %1: %2").arg(socketPath, server->errorString());
        delete server;
        return false;
    }
    QString chmodError;
    if (!SocketPath::restrictSocketFile(socketPath, &chmodError)) {
        *error = chmodError;
        server->close();
        delete server;
        return false;
    }
    m_server = server;
    m_socketPath = socketPath;
    connect(m_server, &QLocalServer::newConnection, this, &AgentServer::acceptPending);
    spdlog::info("agent socket listening on {}", socketPath.toStdString());
    return true;
}

bool AgentServer::isListening() const
{
    return m_server && m_server->isListening();
}

void AgentServer::close()
{
    const QList<quint64> ids = m_connections.keys();
    for (quint64 id : ids) {
        if (AgentConnection* connection = m_connections.value(id))
            connection->abort(); // closed() -> handleClosed() forgets it
    }
    if (m_server) {
        m_server->close(); // removes the socket file
        delete m_server;
        m_server = nullptr;
    }
}

void AgentServer::acceptPending()
{
    while (m_server && m_server->hasPendingConnections()) {
        QLocalSocket* socket = m_server->nextPendingConnection();
        if (!socket)
            break;
        QString why;
        if (!PeerCredentials::isSameUser(socket->socketDescriptor(), &why)) {
            const QString message = Text::tr("Refused an agent connection: %1").arg(why);
            spdlog::warn("{}", message.toStdString());
            socket->abort();
            socket->deleteLater();
            Q_EMIT peerRefused(message);
            continue;
        }

        // The first agent: its requests will be hashed (payload, code, ledger entry), and the
        // first hash opens libcrypto (canonical/Sha256.cpp), which held the UI thread for a
        // millisecond or two as the first request arrived. The parser's thread does it now
        // instead (a request that comes before it is done waits for it, as before); a start that
        // no agent connects to never opens it.
        if (m_nextConnectionId == 1)
            m_linePreparer->worker().post(&prepareSha256);
        const quint64 id = m_nextConnectionId++;
        auto* connection =
            new AgentConnection(id, socket, m_limits.maxLineBytes, m_limits.idleLineTimeoutMs, this);
        connection->setSendQueueCaps(m_limits.sendQueueSoftCapBytes, m_limits.sendQueueHardCapBytes);
        if (int(m_connections.size()) >= m_limits.maxConnections) {
            // Tell the client why before closing, so it can report "busy" rather than a broken pipe.
            // Nothing it sent is handled: the refusal goes out before reading starts.
            connect(connection, &AgentConnection::closed, connection, &QObject::deleteLater);
            connection->sendFinalAndClose(rpcError(
                QJsonValue(QJsonValue::Null),
                makeRpcError(ErrorCode::Busy, Text::tr("Too many connections: the limit is %1 connections")
                                                  .arg(m_limits.maxConnections))));
            connection->start();
            spdlog::info("agent connection refused: {} connections open (limit {})", m_connections.size(),
                         m_limits.maxConnections);
            continue;
        }
        m_connections.insert(id, connection);
        connect(connection, &AgentConnection::messageReceived, this, &AgentServer::handleMessage);
        connect(connection, &AgentConnection::closed, this, &AgentServer::handleClosed);
        connect(connection, &AgentConnection::allWritten, this, [this] {
            if (bytesQueued() == 0)
                Q_EMIT allWritten();
        });
        connect(connection, &AgentConnection::idle, this, &AgentServer::handleIdle);
        connection->setIdleTimeoutMs(m_limits.idleConnectionTimeoutMs);
        connection->setLinePreparer(m_linePreparer, [this] { return m_handler->largeMessagePreparation(); });
        spdlog::debug("agent connection {} opened", id);
        connection->start();
    }
}

void AgentServer::handleMessage(quint64 connectionId, const RpcMessage& message)
{
    AgentConnection* connection = m_connections.value(connectionId);
    if (!connection || !connection->isOpen())
        return;

    const QString& method = message.method;
    if (message.isNotification) {
        // Nothing can be answered, and a decision nobody can receive must not reach the inbox.
        spdlog::debug("agent connection {}: notification '{}' ignored", connectionId, method.toStdString());
        return;
    }
    const QJsonValue& id = message.id;

    if (method == QLatin1String("ping")) {
        connection->send(rpcResult(id, QJsonObject{{QStringLiteral("pong"), true}}));
        return;
    }
    if (method == QLatin1String("hello")) {
        answerHello(connection, message);
        return;
    }
    if (method == QLatin1String("cancel")) {
        answerCancel(connection, message);
        return;
    }
    if (method == QLatin1String("sandboxes")) {
        // Read-only and decided by nobody: answered at once, like ping.
        connection->send(
            rpcResult(id, m_sandboxesAnswer
                              ? m_sandboxesAnswer()
                              : QJsonObject{{QStringLiteral("listed"), false},
                                            {QStringLiteral("default_sandbox"), QJsonValue(QJsonValue::Null)},
                                            {QStringLiteral("sandboxes"), QJsonArray{}}}));
        return;
    }
    if (!methodFrom(method)) {
        connection->send(rpcError(id, makeRpcError(ErrorCode::MethodNotFound,
                                                   Text::tr("Unknown method '%1'; the methods are %2")
                                                       .arg(method, methods().join(QStringLiteral(", "))))));
        return;
    }

    if (!message.params.isObject()) {
        connection->send(rpcError(
            id, invalidParams(Text::tr("'params' must be an object with the fields of '%1'").arg(method))));
        return;
    }
    QSet<QString>& pending = m_pendingByConnection[connectionId];
    const QString key = pendingKey(id);
    if (pending.contains(key)) {
        connection->send(
            rpcError(id, makeRpcError(ErrorCode::InvalidRequest,
                                      Text::tr("The id %1 is already used by a pending request on "
                                               "this connection")
                                          .arg(rpcIdText(id)))));
        return;
    }
    if (m_pendingTotal >= m_limits.maxPending) {
        connection->send(rpcError(
            id, makeRpcError(ErrorCode::Busy,
                             Text::tr("Too many pending requests: the limit is %1 pending requests in all")
                                 .arg(m_limits.maxPending))));
        return;
    }
    if (pending.size() >= m_limits.pendingPerConnection()) {
        connection->send(rpcError(
            id, makeRpcError(ErrorCode::Busy, Text::tr("Too many pending requests on this connection: the "
                                                       "limit is %1 pending requests per connection")
                                                  .arg(m_limits.pendingPerConnection()))));
        return;
    }
    pending.insert(key);
    ++m_pendingTotal;
    m_handler->handleRequest(connectionId, connection->agentLabel(), message);
}

void AgentServer::answerHello(AgentConnection* connection, const RpcMessage& message)
{
    const QJsonValue& id = message.id;
    QJsonObject params;
    if (message.params.isObject()) {
        params = message.params.toObject();
    } else if (!message.params.isUndefined()) {
        connection->send(rpcError(id, invalidParams(Text::tr("'params' of hello must be an object"))));
        return;
    }
    for (const QString& field :
         {QStringLiteral("client"), QStringLiteral("version"), QStringLiteral("agent")}) {
        if (params.contains(field) && !params.value(field).isString()) {
            connection->send(rpcError(id, invalidParams(Text::tr("'%1' must be a string").arg(field))));
            return;
        }
    }
    const QString agent = params.value(QStringLiteral("agent")).toString().trimmed();
    if (!agent.isEmpty())
        connection->setAgentLabel(agent.left(200));

    QJsonArray methodList;
    for (const QString& name : methods())
        methodList.append(name);
    const QJsonObject result{{QStringLiteral("server"), QStringLiteral("kosa8-desk")},
                             {QStringLiteral("version"), m_serverVersion},
                             {QStringLiteral("protocol"), 1},
                             {QStringLiteral("methods"), methodList}};
    connection->send(rpcResult(id, result));
}

void AgentServer::answerCancel(AgentConnection* connection, const RpcMessage& message)
{
    const QJsonValue& id = message.id;
    const QJsonValue target = message.params.toObject().value(QStringLiteral("id"));
    if (!message.params.isObject() || !(target.isString() || target.isDouble())) {
        connection->send(rpcError(
            id, invalidParams(Text::tr("'id' must be the string or number id of a pending request on this "
                                       "connection"))));
        return;
    }
    bool cancelled = false;
    if (isPending(connection->id(), target))
        cancelled = m_handler->handleCancel(connection->id(), target);
    connection->send(rpcResult(id, QJsonObject{{QStringLiteral("cancelled"), cancelled}}));
}

bool AgentServer::respond(quint64 connectionId, const QJsonValue& requestId, const QByteArray& line)
{
    auto pendingIt = m_pendingByConnection.find(connectionId);
    if (pendingIt == m_pendingByConnection.end() || !pendingIt->remove(pendingKey(requestId)))
        return false;
    --m_pendingTotal;
    AgentConnection* connection = m_connections.value(connectionId);
    if (connection && pendingIt->isEmpty())
        connection->restartIdleClock(); // idle from its last answer, not from its last request
    return connection && connection->send(line);
}

bool AgentServer::isPending(quint64 connectionId, const QJsonValue& requestId) const
{
    const auto it = m_pendingByConnection.constFind(connectionId);
    return it != m_pendingByConnection.constEnd() && it->contains(pendingKey(requestId));
}

bool AgentServer::notify(quint64 connectionId, const QByteArray& line)
{
    AgentConnection* connection = m_connections.value(connectionId);
    return connection && connection->send(line);
}

bool AgentServer::isConnected(quint64 connectionId) const
{
    AgentConnection* connection = m_connections.value(connectionId);
    return connection && connection->isOpen();
}

qint64 AgentServer::bytesQueued() const
{
    qint64 total = 0;
    for (AgentConnection* connection : m_connections)
        total += connection->bytesQueued();
    return total;
}

qint64 AgentServer::bytesQueued(quint64 connectionId) const
{
    AgentConnection* connection = m_connections.value(connectionId);
    return connection ? connection->bytesQueued() : 0;
}

void AgentServer::handleIdle(quint64 connectionId)
{
    AgentConnection* connection = m_connections.value(connectionId);
    if (!connection)
        return;
    // Waiting for a person is not idleness: a connection with a request pending stays.
    if (!m_pendingByConnection.value(connectionId).isEmpty()) {
        connection->restartIdleClock();
        return;
    }
    spdlog::info("agent connection {}: closed after {} ms without a request or a pending one", connectionId,
                 m_limits.idleConnectionTimeoutMs);
    // Answers it never read would keep a graceful close waiting forever.
    if (connection->bytesQueued() > 0)
        connection->abort();
    else
        connection->closeAfterWrite();
}

void AgentServer::flushAll()
{
    // A failed write closes its connection at once, which takes it out of m_connections; walk a
    // copy (the connection itself is only deleted later).
    const QHash<quint64, AgentConnection*> connections = m_connections;
    for (AgentConnection* connection : connections)
        connection->flush();
}

void AgentServer::handleClosed(quint64 connectionId)
{
    AgentConnection* connection = m_connections.take(connectionId);
    const QSet<QString> pending = m_pendingByConnection.take(connectionId);
    m_pendingTotal -= int(pending.size());
    spdlog::debug("agent connection {} closed with {} pending", connectionId, pending.size());
    if (!pending.isEmpty())
        m_handler->handleConnectionClosed(connectionId);
    if (connection)
        connection->deleteLater();
}

QString AgentServer::pendingKey(const QJsonValue& id)
{
    // Type-tagged so that the string "7" and the number 7 stay different ids.
    if (id.isString())
        return QStringLiteral("s:") + id.toString();
    return QStringLiteral("n:") + rpcIdText(id);
}

} // namespace k8::agent
