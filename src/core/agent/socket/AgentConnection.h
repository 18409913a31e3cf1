// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/socket/JsonRpc.h"
#include "agent/socket/LineFramer.h"
#include "agent/socket/LinePreparer.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class QLocalSocket;
class QTimer;

namespace k8::agent {

// One agent's connection: reads lines through a LineFramer, answers framing and JSON-RPC
// envelope errors itself (-32700, -32600, line too long) and hands every well-formed message to
// its owner. Writes are queued on the socket and never block.
class AgentConnection : public QObject
{
    Q_OBJECT
public:
    // Takes ownership of the socket.
    AgentConnection(quint64 id, QLocalSocket* socket, qint64 maxLineBytes, int idleTimeoutMs,
                    QObject* parent = nullptr);
    ~AgentConnection() override;

    quint64 id() const { return m_id; }
    bool isOpen() const { return m_open; }
    // The label from `hello` (params.agent), used when a request names no agent.
    QString agentLabel() const { return m_agentLabel; }
    void setAgentLabel(const QString& label) { m_agentLabel = label; }

    // Queues one line (already ending in '\n'). False when the connection is closed.
    bool send(const QByteArray& line);
    // Pushes queued bytes into the kernel as far as it takes them without waiting.
    void flush();
    qint64 bytesQueued() const;
    // Sends what is queued, then closes. closed() follows.
    void closeAfterWrite();
    // Closes at once, dropping anything queued.
    void abort();
    // Sends `line` as the last thing this connection says (a refusal, a line over the limit) and
    // ends it so that the client can read it: the writing side is shut once the line is out (the
    // client reads it, then end of file), and what the client still sends is read and dropped
    // until it closes, or for FinalLingerMs at most. Closing with the client's bytes unread would
    // make the kernel reset the connection, and a client that wrote its request before reading
    // (as most do) would get ECONNRESET instead of the line. closed() follows.
    void sendFinalAndClose(const QByteArray& line);
    static constexpr int FinalLingerMs = 2000;

    // Answers queued for a client that does not read: past `soft` bytes its requests stay unread
    // (in the kernel) until it reads; past `hard` the connection is dropped. 0: no cap.
    void setSendQueueCaps(qint64 soft, qint64 hard);
    // idle() after this long without a well-formed message from the peer (0: never); the owner
    // decides whether that makes it idle.
    void setIdleTimeoutMs(int ms);
    void restartIdleClock();

    // Starts reading. Separate from the constructor so the owner connects its signals first.
    void start();

    // Large lines go to `preparer` (LinePreparer::LargeLineBytes), each with the preparation
    // `preparationFor` gives at that moment (on this thread; it runs on the worker); nothing
    // further is handled until the line comes back through preparedLineReady(). Without a
    // preparer, every line is parsed here.
    void setLinePreparer(LinePreparer* preparer, std::function<MessagePreparation()> preparationFor);
    // The owner hands back a line this connection gave the preparer.
    void preparedLineReady(ParsedLine& line);

Q_SIGNALS:
    void messageReceived(quint64 connectionId, const k8::agent::RpcMessage& message);
    // Everything queued so far has been handed to the kernel.
    void allWritten(quint64 connectionId);
    // Emitted once, when the socket is gone for whatever reason.
    void closed(quint64 connectionId);
    // Nothing came from the peer for the idle timeout.
    void idle(quint64 connectionId);

private:
    void readAvailable();
    void processLines();
    void scheduleProcessing();
    void scheduleReading();
    void handleLine(const QByteArray& line);
    void handleParsed(ParsedLine& line);
    // True while the answers queued for the peer are past the soft cap (and says so once).
    bool sendQueueFull();
    // After a write: drops the connection past the hard cap.
    void checkHardCap();
    void onBytesWritten();
    // sendFinalAndClose(): drops what the client sends, and shuts writing once all is out.
    void discardInput();
    void shutDownWritingIfWritten();

    // Longest stretch of line handling in one pass of the event loop.
    static constexpr int LineSliceMs = 4;
    void markClosed();

    quint64 m_id;
    QPointer<QLocalSocket> m_socket;
    LineFramer m_framer;
    QList<QByteArray> m_pendingLines; // framed, not yet handled
    LineFramer::Result m_tooLong;     // set once a line passed the limit: answered after the lines before it
    bool m_processScheduled = false;
    QString m_agentLabel;
    bool m_open = true;
    bool m_closing = false;
    bool m_lingering = false; // sendFinalAndClose(): waiting for the client to close
    bool m_writeShut = false;
    qint64 m_softCap = 0;
    qint64 m_hardCap = 0;
    bool m_readingPaused = false; // stopped reading because the peer does not read its answers
    bool m_pauseLogged = false;
    bool m_dropping = false; // past the hard cap: closing, nothing more is queued
    QTimer* m_idleTimer;
    LinePreparer* m_preparer = nullptr;
    std::function<MessagePreparation()> m_preparationFor;
    bool m_awaitingPrepared = false; // a line is with the preparer: the next ones wait for it
};

} // namespace k8::agent
