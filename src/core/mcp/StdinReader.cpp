// SPDX-License-Identifier: Apache-2.0
#include "mcp/StdinReader.h"

#include <QSocketNotifier>

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace k8::mcp {

namespace {
constexpr qint64 ReadChunk = 64 * 1024;
}

StdinReader::StdinReader(int fd, QObject* parent)
    : QObject(parent)
    , m_fd(fd)
{}

StdinReader::~StdinReader() = default;

void StdinReader::start()
{
    if (m_notifier)
        return;
    m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &StdinReader::readAvailable);
    m_notifier->setEnabled(true);
}

void StdinReader::setPaused(bool paused)
{
    m_paused = paused;
    if (m_notifier && !m_finished)
        m_notifier->setEnabled(!paused);
}

void StdinReader::readAvailable()
{
    if (m_finished)
        return;
    // One read per wake-up: poll(2) said the descriptor is readable, so this read does not block
    // (the descriptor's own flags stay as the client set them; they are shared with it).
    char buffer[ReadChunk];
    ssize_t got = -1;
    do {
        got = ::read(m_fd, buffer, sizeof buffer);
    } while (got < 0 && errno == EINTR);
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return;
    if (got <= 0) {
        m_finished = true;
        m_notifier->setEnabled(false);
        // A last line without its '\n' still counts (a client may close right after it).
        if (!m_skipping && !m_line.trimmed().isEmpty()) {
            const QByteArray line = m_line;
            m_line.clear();
            Q_EMIT lineReceived(line);
        }
        Q_EMIT finished();
        return;
    }
    consume(buffer, got);
}

void StdinReader::consume(const char* data, qint64 size)
{
    qint64 start = 0;
    while (start < size) {
        const void* found = memchr(data + start, '\n', size_t(size - start));
        const qint64 end = found ? static_cast<const char*>(found) - data : size;
        const qint64 piece = end - start;
        if (m_skipping) {
            if (found)
                m_skipping = false;
        } else if (m_line.size() + piece > m_maxLineBytes) {
            const qint64 seen = m_line.size() + piece;
            m_line.clear();
            m_line.squeeze();
            m_skipping = !found;
            Q_EMIT lineTooLong(seen);
        } else {
            m_line.append(data + start, piece);
            if (found) {
                QByteArray line;
                line.swap(m_line);
                if (line.endsWith('\r'))
                    line.chop(1);
                if (!line.trimmed().isEmpty())
                    Q_EMIT lineReceived(line);
            }
        }
        start = end + 1;
    }
}

} // namespace k8::mcp
