// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/LineFramer.h"

namespace k8::agent {

namespace {

bool isBlank(const QByteArray& line)
{
    for (char c : line) {
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

} // namespace

LineFramer::LineFramer(QObject* parent)
    : QObject(parent)
{
    m_idleTimer.setSingleShot(true);
    m_idleTimer.setInterval(m_idleTimeoutMs);
    connect(&m_idleTimer, &QTimer::timeout, this, [this] {
        if (hasPartialLine() && !m_failed)
            Q_EMIT idleTimeout();
    });
}

void LineFramer::setIdleTimeoutMs(int ms)
{
    m_idleTimeoutMs = ms;
    m_idleTimer.setInterval(ms);
    if (m_idleTimer.isActive())
        m_idleTimer.start();
}

LineFramer::Result LineFramer::feed(const QByteArray& data)
{
    Result result;
    if (m_failed)
        return result;
    m_buffer.append(data);

    qint64 lineStart = 0;
    qint64 searchFrom = m_scannedUpTo;
    while (true) {
        const qint64 newline = m_buffer.indexOf('\n', searchFrom);
        if (newline < 0)
            break;
        const qint64 length = newline - lineStart;
        if (length > m_maxLineBytes) {
            result.tooLong = true;
            result.tooLongSize = length;
            break;
        }
        QByteArray line;
        if (lineStart == 0 && newline == m_buffer.size() - 1 && length >= LargeLineBytes) {
            // A large line that is the whole buffer (the usual end of one sent in many chunks)
            // is handed over, not copied: a copy of megabytes, and the buffer kept at that size.
            line = std::move(m_buffer);
            line.chop(1);
            m_buffer = QByteArray();
        } else {
            line = m_buffer.mid(lineStart, length);
        }
        if (!isBlank(line))
            result.lines.append(std::move(line));
        lineStart = newline + 1;
        searchFrom = lineStart;
    }

    if (!result.tooLong) {
        m_buffer.remove(0, qMin<qint64>(lineStart, m_buffer.size()));
        // What a large line grew the buffer to goes back once the line is out of it.
        if (m_buffer.capacity() >= LargeLineBytes && m_buffer.size() < m_buffer.capacity() / 4)
            m_buffer.squeeze();
        m_scannedUpTo = m_buffer.size();
        if (m_buffer.size() > m_maxLineBytes) {
            result.tooLong = true;
            result.tooLongSize = m_buffer.size();
            result.sizeIsLowerBound = true;
        }
    }

    if (result.tooLong) {
        m_failed = true;
        m_buffer.clear();
        m_scannedUpTo = 0;
        m_idleTimer.stop();
        return result;
    }

    // The clock runs from the first byte of a line to its end. Restarted on every chunk, a peer
    // that sends one byte just before each timeout would hold the line open forever.
    const bool lineEnded = lineStart > 0;
    if (m_buffer.isEmpty())
        m_idleTimer.stop();
    else if (lineEnded || !m_idleTimer.isActive())
        m_idleTimer.start(); // a new line began in this chunk
    return result;
}

QString LineFramer::tooLongMessage(const Result& result, qint64 limit)
{
    if (result.sizeIsLowerBound) {
        return tr("Line too long: at least %1 bytes without a line end; the limit is "
                  "%2 bytes")
            .arg(result.tooLongSize)
            .arg(limit);
    }
    return tr("Line too long: %1 bytes; the limit is %2 bytes").arg(result.tooLongSize).arg(limit);
}

} // namespace k8::agent
