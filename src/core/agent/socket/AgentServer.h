// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/socket/JsonRpc.h"
#include "agent/socket/LinePreparer.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>

class QLocalServer;

namespace k8::agent {

class AgentConnection;

// Limits of protocol.md; tests lower them.
struct AgentLimits
{
    int maxConnections = 64;
    int maxPending = 256; // pending requests over all connections
    // Pending requests one connection may hold, so one agent cannot take every place; 0: half of
    // maxPending.
    int maxPendingPerConnection = 0;
    qint64 maxLineBytes = 8 * 1024 * 1024;
    // From the first byte of a line to its end, however the bytes trickle in.
    int idleLineTimeoutMs = 30'000;
    // A connection that holds no pending request and sends no message for this long (since its
    // last message or its last answer) is closed, so idle ones cannot keep others out; 0: never.
    int idleConnectionTimeoutMs = 10 * 60'000;
    // Answers queued for a client that does not read them: past the soft cap its further requests
    // stay unread in the kernel until it reads; past the hard cap the connection is dropped.
    qint64 sendQueueSoftCapBytes = 1024 * 1024;
    qint64 sendQueueHardCapBytes = 64 * 1024 * 1024;
    // run.output notifications: at most this many bytes of data per run; and a piece is not
    // queued while more than runOutputQueueBytes wait for the connection. Dropped output is
    // counted in the run's result (output_dropped_bytes).
    qint64 maxRunOutputBytes = 16 * 1024 * 1024;
    qint64 runOutputQueueBytes = 256 * 1024;

    // Connections the kernel holds for the app until it accepts them. A client whose connect()
    // finds this queue full gets EAGAIN (a non-blocking or timed connect, as the Python client's)
    // and no answer at all, so it must hold a burst of several times the connection limit: those
    // past the limit are accepted and told "busy" (protocol.md), not refused unexplained.
    // Qt's default is 50, less than maxConnections.
    int listenBacklog() const { return qMax(256, 4 * maxConnections); }

    int pendingPerConnection() const
    {
        return maxPendingPerConnection > 0 ? maxPendingPerConnection : qMax(1, maxPending / 2);
    }
};

// What the server hands on: the methods that need a decision (review, run) and cancel. The
// server has answered everything else (hello, ping, unknown methods, envelope errors, limits).
class AgentRequestHandler
{
public:
    virtual ~AgentRequestHandler() = default;
    // A review or run request, already counted as pending. The handler must end it with exactly
    // one AgentServer::respond() (now or later), or leave it to handleConnectionClosed().
    virtual void handleRequest(quint64 connectionId, const QString& helloAgent,
                               const RpcMessage& message) = 0;
    // `cancel` for a request id of this connection; true when it was pending and is withdrawn.
    virtual bool handleCancel(quint64 connectionId, const QJsonValue& requestId) = 0;
    // The connection is gone; its pending requests can no longer be answered.
    virtual void handleConnectionClosed(quint64 connectionId) = 0;
    // What is done off the UI thread with a large message after it is parsed (LinePreparer), asked
    // for on the UI thread when the line is handed over; none by default.
    virtual MessagePreparation largeMessagePreparation() { return {}; }
};

// The agent socket: a QLocalServer at a checked path, peers of the same user only, up to
// maxConnections connections, up to maxPending requests waiting in all. Answers hello and ping
// itself (and the read-only sandboxes) and routes review, run and cancel to the handler.
class AgentServer : public QObject
{
    Q_OBJECT
public:
    explicit AgentServer(AgentRequestHandler* handler, QObject* parent = nullptr);
    ~AgentServer() override;

    void setLimits(const AgentLimits& limits) { m_limits = limits; }
    const AgentLimits& limits() const { return m_limits; }
    // What `hello` reports as the server version.
    void setServerVersion(const QString& version) { m_serverVersion = version; }
    // The read-only `sandboxes` answer (protocol.md); without it the list is empty and unlisted.
    void setSandboxesAnswer(std::function<QJsonObject()> answer) { m_sandboxesAnswer = std::move(answer); }

    // Checks the folder and the one-app-per-socket rule, listens, sets the socket to 0600.
    // False with *error (for the UI and the command line) when it cannot.
    bool listen(const QString& socketPath, QString* error);
    bool isListening() const;
    QString socketPath() const { return m_socketPath; }
    // Stops accepting, closes every connection and removes the socket file.
    void close();

    // Sends the one answer of a pending request and forgets it. False when the request is not
    // pending (already answered) or the connection is gone.
    bool respond(quint64 connectionId, const QJsonValue& requestId, const QByteArray& line);
    bool isPending(quint64 connectionId, const QJsonValue& requestId) const;
    // A notification (e.g. run.output) to one connection; false when it is gone.
    bool notify(quint64 connectionId, const QByteArray& line);
    bool isConnected(quint64 connectionId) const;

    int connectionCount() const { return int(m_connections.size()); }
    int pendingCount() const { return m_pendingTotal; }
    // Bytes still queued for the kernel over all connections.
    qint64 bytesQueued() const;
    // The same for one connection (0 when it is gone).
    qint64 bytesQueued(quint64 connectionId) const;
    // Pushes queued answers to the kernel without waiting (at shutdown).
    void flushAll();

    static QStringList methods();

Q_SIGNALS:
    // A peer of another user was refused (the message is also logged).
    void peerRefused(const QString& message);
    // Every queued byte of every connection has reached the kernel.
    void allWritten();

private:
    void acceptPending();
    void handleMessage(quint64 connectionId, const RpcMessage& message);
    void handleClosed(quint64 connectionId);
    void handleIdle(quint64 connectionId);
    void answerHello(AgentConnection* connection, const RpcMessage& message);
    void answerCancel(AgentConnection* connection, const RpcMessage& message);
    static QString pendingKey(const QJsonValue& id);

    AgentRequestHandler* m_handler;
    QLocalServer* m_server = nullptr;
    AgentLimits m_limits;
    QString m_socketPath;
    QString m_serverVersion;
    std::function<QJsonObject()> m_sandboxesAnswer;
    quint64 m_nextConnectionId = 1;
    QHash<quint64, AgentConnection*> m_connections;
    QHash<quint64, QSet<QString>> m_pendingByConnection;
    int m_pendingTotal = 0;
    LinePreparer* m_linePreparer; // parses the large lines of every connection, in order
};

} // namespace k8::agent
