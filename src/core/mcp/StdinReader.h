// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QObject>

class QSocketNotifier;

namespace k8::mcp {

// Reads newline-delimited messages from a file descriptor (standard input) without blocking the
// event loop: a QSocketNotifier says when the descriptor is readable, and each wake-up reads at
// most one buffer. Lines are bounded: a line past the limit is reported once and its bytes are
// dropped up to its end, so a hostile client cannot make the server hold an endless line.
class StdinReader : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 DefaultMaxLineBytes = 8 * 1024 * 1024;

    explicit StdinReader(int fd = 0, QObject* parent = nullptr);
    ~StdinReader() override;

    void setMaxLineBytes(qint64 bytes) { m_maxLineBytes = bytes; }
    qint64 maxLineBytes() const { return m_maxLineBytes; }
    // Starts watching the descriptor.
    void start();
    // Stops reading while paused (the client's further messages wait in the pipe), so a client
    // that sends without reading its answers cannot grow the server's queue without end.
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }

Q_SIGNALS:
    // A complete line without its '\n' (and without a trailing '\r'); blank lines are skipped.
    void lineReceived(const QByteArray& line);
    // A line grew past the limit; `seenBytes` is how much of it had arrived. The rest of that
    // line is dropped.
    void lineTooLong(qint64 seenBytes);
    // End of input (the client closed its end) or a read error.
    void finished();

private:
    void readAvailable();
    void consume(const char* data, qint64 size);

    int m_fd;
    QSocketNotifier* m_notifier = nullptr;
    QByteArray m_line;
    qint64 m_maxLineBytes = DefaultMaxLineBytes;
    bool m_skipping = false; // inside a line already reported as too long
    bool m_finished = false;
    bool m_paused = false;
};

} // namespace k8::mcp
