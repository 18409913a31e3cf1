// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QTimer>

namespace k8::agent {

// Splits the byte stream of one agent connection into lines (protocol.md, "Framing").
// Blank lines are dropped. A line longer than the limit ends the framing for good: the caller
// answers -32600 and closes. A line that has not ended within the idle timeout of its first
// byte gives idleTimeout(), so a half-sent (or dribbled) request cannot hold a connection open
// forever.
class LineFramer : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 DefaultMaxLineBytes = 8 * 1024 * 1024;
    // Lines from this size on are moved out of the buffer rather than copied, and the buffer
    // gives back what they grew it to.
    static constexpr qint64 LargeLineBytes = 1024 * 1024;
    static constexpr int DefaultIdleTimeoutMs = 30'000;

    struct Result
    {
        QList<QByteArray> lines;       // complete, non-blank lines without their '\n'
        bool tooLong = false;          // the limit was passed; no more lines will come
        qint64 tooLongSize = 0;        // the size seen so far of the line that passed it
        bool sizeIsLowerBound = false; // the line had not ended yet when it passed the limit
    };

    explicit LineFramer(QObject* parent = nullptr);

    void setMaxLineBytes(qint64 bytes) { m_maxLineBytes = bytes; }
    qint64 maxLineBytes() const { return m_maxLineBytes; }
    void setIdleTimeoutMs(int ms);
    int idleTimeoutMs() const { return m_idleTimeoutMs; }

    // Appends bytes from the socket and returns what they completed.
    Result feed(const QByteArray& data);

    bool hasPartialLine() const { return !m_buffer.isEmpty(); }
    qint64 partialLineBytes() const { return m_buffer.size(); }
    bool hasFailed() const { return m_failed; }

    // The -32600 message for a line past the limit, naming both sizes.
    static QString tooLongMessage(const Result& result, qint64 limit);

Q_SIGNALS:
    // A line was begun idleTimeoutMs() ago and has not ended.
    void idleTimeout();

private:
    QByteArray m_buffer;      // the unfinished line
    qint64 m_scannedUpTo = 0; // bytes of m_buffer already known to hold no '\n'
    qint64 m_maxLineBytes = DefaultMaxLineBytes;
    int m_idleTimeoutMs = DefaultIdleTimeoutMs;
    bool m_failed = false;
    QTimer m_idleTimer;
};

} // namespace k8::agent
