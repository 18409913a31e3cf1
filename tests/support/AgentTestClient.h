// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QLocalSocket>
#include <QObject>

namespace k8::test {

// A small JSON-RPC client for the agent socket, for tests and benchmarks. Asynchronous: it
// sends and records, and signals what arrives; tests wait with QSignalSpy or QTRY_*.
class AgentTestClient : public QObject
{
    Q_OBJECT
public:
    explicit AgentTestClient(QObject* parent = nullptr);

    void connectTo(const QString& socketPath);
    bool isConnected() const { return m_socket.state() == QLocalSocket::ConnectedState; }
    void disconnectFromServer() { m_socket.disconnectFromServer(); }
    void abort() { m_socket.abort(); }
    QLocalSocket* socket() { return &m_socket; }

    // Sends a request with the next integer id (or `id` when given) and returns the id.
    QJsonValue request(const QString& method, const QJsonObject& params = {}, const QJsonValue& id = {});
    void notification(const QString& method, const QJsonObject& params = {});
    void sendRaw(const QByteArray& bytes);

    // Answers received so far, by id text ("7" or the string id).
    bool hasResponse(const QJsonValue& id) const;
    QJsonObject response(const QJsonValue& id) const;
    // The "result" of the answer to `id`, waiting up to `timeout` ms for it; undefined when no
    // answer came in time or the answer was an error.
    QJsonValue waitForResult(const QJsonValue& id, int timeout);
    int responseCount() const { return int(m_responses.size()); }
    // Every message in arrival order (answers, errors with null id, notifications).
    const QList<QJsonObject>& messages() const { return m_messages; }
    QList<QJsonObject> notifications(const QString& method) const;
    // Lines that were not JSON objects (should never happen).
    const QList<QByteArray>& badLines() const { return m_badLines; }

    static QString idKey(const QJsonValue& id);
    // One JSON-RPC request as the line request() writes, for tests that send several in one write.
    static QByteArray requestLine(const QString& method, const QJsonObject& params, const QJsonValue& id);

Q_SIGNALS:
    void connected();
    void disconnected();
    void connectFailed(QLocalSocket::LocalSocketError error);
    void messageReceived(const QJsonObject& message);
    void responseReceived(const QJsonValue& id, const QJsonObject& message);
    void notificationReceived(const QString& method, const QJsonObject& params);

private:
    void readLines();

    QLocalSocket m_socket;
    QByteArray m_buffer;
    qint64 m_nextId = 1;
    QHash<QString, QJsonObject> m_responses;
    QList<QJsonObject> m_messages;
    QList<QByteArray> m_badLines;
};

// The parts of a JSON-RPC answer the tests check.
inline int errorCodeOf(const QJsonObject& message)
{
    return message.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt();
}

inline QString errorMessageOf(const QJsonObject& message)
{
    return message.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
}

} // namespace k8::test
