// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

class QLocalSocket;

namespace k8::mcp {

// The MCP server's connection to the running app: a client of the agent socket like any agent
// (docs/protocol.md): one line of JSON-RPC per message, its own ids, `hello` with the agent label
// first. It connects on the first request and again after the app went away. When the app is not
// there (no socket, connection refused, no answer to hello, the connection closing mid-call) every
// request waiting on it fails with a message that says how to start the app; nothing is retried.
class DeskClient : public QObject
{
    Q_OBJECT
public:
    explicit DeskClient(const QString& socketPath, QObject* parent = nullptr);
    ~DeskClient() override;

    // The label the app shows for this connection's requests (sent with hello).
    void setAgentLabel(const QString& label) { m_agentLabel = label; }
    QString agentLabel() const { return m_agentLabel; }
    QString socketPath() const { return m_socketPath; }
    // How long the app may take to answer hello before it counts as not answering.
    void setHelloTimeoutMs(int ms) { m_helloTimer.setInterval(ms); }

    // Sends a request (connecting first when needed); returns its id on the socket. Its end comes
    // as answered() or failed().
    qint64 request(const QString& method, const QJsonObject& params);
    // Withdraws a pending request (`cancel` on the socket). The app still answers it (a rejection,
    // recorded as withdrawn), which comes as answered().
    void cancel(qint64 id);
    bool isPending(qint64 id) const { return m_pending.contains(id); }
    // Closes the connection; the app withdraws every pending request. `closed()` follows once the
    // bytes already queued (a cancel, a request) have left.
    void close();
    bool isConnected() const;

    // "kosa8 Desk is not running …", with how to start it.
    static QString notRunningText(const QString& socketPath, const QString& detail);

Q_SIGNALS:
    // The app's answer: `result` or, when `isError`, the JSON-RPC error object.
    void answered(qint64 id, bool isError, const QJsonValue& resultOrError);
    // No answer will come: the app is not running or went away. `message` says so for a person.
    void failed(qint64 id, const QString& message);
    // A notification from the app (run.output).
    void notified(const QString& method, const QJsonObject& params);
    void closed();

private:
    enum class State
    {
        Disconnected,
        Connecting,
        Greeting, // hello sent, waiting for its answer
        Ready,
        Closing,
    };
    void connectNow();
    void onConnected();
    void onReadyRead();
    void onDisconnected();
    void onSocketError();
    void handleLine(const QByteArray& line);
    void failAll(const QString& message);
    void sendLine(const QByteArray& line);

    QString m_socketPath;
    QString m_agentLabel;
    QLocalSocket* m_socket = nullptr;
    State m_state = State::Disconnected;
    QByteArray m_buffer;
    qint64 m_nextId = 1;
    qint64 m_helloId = 0;
    QTimer m_helloTimer;
    // Requests sent or waiting for the connection: the line to send (emptied once sent).
    QHash<qint64, QByteArray> m_pending;
    QList<qint64> m_unsent; // in order
};

} // namespace k8::mcp
