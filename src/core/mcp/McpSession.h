// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringList>

class QTimer;

namespace k8::agent {
struct RpcMessage;
}

namespace k8::mcp {

class DeskClient;

// One MCP session over a line transport (docs/mcp.md): initialize with protocol version
// negotiation, ping, tools/list and tools/call, resources/list and resources/read, progress
// notifications while a call waits for a person or streams output, and notifications/cancelled,
// which withdraws the request in the app. The JSON-RPC errors are JSON-RPC 2.0's (-32700, -32600,
// -32601, -32602); a tool that cannot do its work (arguments that do not fit its schema, a
// rejection, the app not running) answers a result with isError, which the model can read.
class McpSession : public QObject
{
    Q_OBJECT
public:
    // `desk` carries the calls to the app (not owned). `fixedAgentLabel` (from --agent) wins over
    // the client's name.
    McpSession(DeskClient* desk, const QString& fixedAgentLabel, QObject* parent = nullptr);
    ~McpSession() override;

    // The protocol revisions this server speaks, newest first.
    static QStringList supportedProtocolVersions();
    // How often a call that waits for a person reports progress.
    void setWaitProgressIntervalMs(int ms) { m_waitProgressMs = ms; }

    // One line from the client (without its '\n').
    void handleLine(const QByteArray& line);
    // A line past the transport's limit: -32600 with id null.
    void handleTooLongLine(qint64 seenBytes, qint64 limit);
    bool isInitialized() const { return m_initialized; }
    int callsInFlight() const { return int(m_calls.size()); }

Q_SIGNALS:
    // One message for the client, ending in '\n'. `optional` messages (progress) may be dropped
    // when the client is behind.
    void outgoing(const QByteArray& line, bool optional);

private:
    enum class CallKind
    {
        Run,
        Review,
        ReadSandboxes,
    };
    struct Call
    {
        QJsonValue mcpId;
        CallKind kind = CallKind::Run;
        QString resourceUri;
        // Undefined: the client asked for no progress, and gets none. (A default QJsonValue is
        // null, not undefined: progress would go out with "progressToken": null.)
        QJsonValue progressToken{QJsonValue::Undefined};
        double progress = 0;
        qint64 outputBytes = 0;
        qint64 reportedOutputBytes = 0;
        int waitedS = 0;
        QTimer* waitTimer = nullptr;   // owned; progress while waiting
        QTimer* outputTimer = nullptr; // owned; progress at most every half second while output streams
        bool cancelled = false;
    };

    void dispatch(const agent::RpcMessage& message);
    void answerInitialize(const agent::RpcMessage& message);
    void answerToolsCall(const agent::RpcMessage& message);
    void answerResourcesRead(const agent::RpcMessage& message);
    void handleCancelled(const QJsonObject& params);

    void onAnswered(qint64 socketId, bool isError, const QJsonValue& body);
    void onFailed(qint64 socketId, const QString& message);
    void onNotified(const QString& method, const QJsonObject& params);
    void startProgress(qint64 socketId);
    void sendProgress(Call& call, const QString& message, double step);
    void finishCall(qint64 socketId);

    void sendResult(const QJsonValue& id, const QJsonValue& result);
    void sendError(const QJsonValue& id, int code, const QString& message);

    DeskClient* m_desk;
    QString m_fixedAgentLabel;
    bool m_initializeAnswered = false;
    bool m_initialized = false; // notifications/initialized seen (or a request after initialize)
    int m_waitProgressMs = 3000;
    QHash<qint64, Call> m_calls; // by the request's id on the agent socket
};

} // namespace k8::mcp
