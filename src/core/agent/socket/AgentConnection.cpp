// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/AgentConnection.h"

#include "agent/socket/FreedMemory.h"

#include <QElapsedTimer>
#include <QLocalSocket>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <sys/socket.h>

namespace k8::agent {

AgentConnection::AgentConnection(quint64 id, QLocalSocket* socket, qint64 maxLineBytes, int idleTimeoutMs,
                                 QObject* parent)
    : QObject(parent)
    , m_id(id)
    , m_socket(socket)
    , m_idleTimer(new QTimer(this))
{
    socket->setParent(this);
    m_idleTimer->setSingleShot(true);
    connect(m_idleTimer, &QTimer::timeout, this, [this] {
        if (m_open && !m_closing)
            Q_EMIT idle(m_id);
    });
    m_framer.setMaxLineBytes(maxLineBytes);
    m_framer.setIdleTimeoutMs(idleTimeoutMs);
    // Qt would otherwise pull everything the peer sends into memory; bounded, the kernel holds
    // the rest until the app has handled what it read.
    socket->setReadBufferSize(1024 * 1024);
}

AgentConnection::~AgentConnection()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

void AgentConnection::setSendQueueCaps(qint64 soft, qint64 hard)
{
    m_softCap = soft;
    m_hardCap = hard;
}

void AgentConnection::setIdleTimeoutMs(int ms)
{
    m_idleTimer->setInterval(ms);
    restartIdleClock();
}

void AgentConnection::restartIdleClock()
{
    if (m_idleTimer->interval() > 0 && m_open)
        m_idleTimer->start();
    else
        m_idleTimer->stop();
}

void AgentConnection::start()
{
    connect(m_socket, &QLocalSocket::readyRead, this, &AgentConnection::readAvailable);
    connect(m_socket, &QLocalSocket::disconnected, this, &AgentConnection::markClosed);
    connect(m_socket, &QLocalSocket::errorOccurred, this, [this](QLocalSocket::LocalSocketError error) {
        // The peer closing its end is the ordinary way a connection ends.
        if (error != QLocalSocket::PeerClosedError)
            spdlog::debug("agent connection {}: socket error {}", m_id,
                          m_socket->errorString().toStdString());
        if (m_socket->state() == QLocalSocket::UnconnectedState)
            markClosed();
    });
    connect(m_socket, &QLocalSocket::bytesWritten, this, &AgentConnection::onBytesWritten);
    connect(&m_framer, &LineFramer::idleTimeout, this, [this] {
        spdlog::info("agent connection {}: closed after {} ms in the middle of a line", m_id,
                     m_framer.idleTimeoutMs());
        abort();
    });
    if (m_socket->state() != QLocalSocket::ConnectedState) {
        markClosed();
        return;
    }
    if (m_socket->bytesAvailable() > 0)
        readAvailable();
}

bool AgentConnection::send(const QByteArray& line)
{
    if (!m_open || m_dropping || !m_socket || m_socket->state() != QLocalSocket::ConnectedState)
        return false;
#if defined(MSG_NOSIGNAL) && defined(MSG_DONTWAIT)
    if (m_socket->bytesToWrite() == 0) {
        // Nothing queued before it: straight into the kernel without waiting. Through Qt's
        // buffer every answer switched the write notifier on and off, waking the event loop twice.
        // What the kernel does not take now (or an error, which Qt then reports) goes the usual way.
        const ssize_t sent = ::send(int(m_socket->socketDescriptor()), line.constData(), size_t(line.size()),
                                    MSG_DONTWAIT | MSG_NOSIGNAL);
        if (sent == line.size())
            return true;
        const qsizetype done = sent > 0 ? qsizetype(sent) : 0;
        // Straight from the line into Qt's buffer: a copy of the rest first (mid()) was one more
        // pass over a run's 4 MiB answer on this thread.
        const qint64 rest = line.size() - done;
        const bool queued = m_socket->write(line.constData() + done, rest) == rest;
        checkHardCap();
        return queued;
    }
#endif
    const bool queued = m_socket->write(line) == line.size();
    checkHardCap();
    return queued;
}

void AgentConnection::checkHardCap()
{
    if (m_hardCap <= 0 || m_dropping || bytesQueued() <= m_hardCap)
        return;
    m_dropping = true;
    spdlog::warn("agent connection {}: {} bytes of answers queued for a client that does not read them "
                 "(limit {}); dropping the connection",
                 m_id, bytesQueued(), m_hardCap);
    // Not from inside send(): the caller may be in the middle of answering. The pending requests
    // are withdrawn as for any connection that goes.
    QTimer::singleShot(0, this, &AgentConnection::abort);
}

bool AgentConnection::sendQueueFull()
{
    if (m_softCap <= 0 || bytesQueued() <= m_softCap)
        return false;
    if (!m_readingPaused) {
        m_readingPaused = true;
        // Said once per connection: a client that reads slowly pauses it again and again.
        spdlog::log(m_pauseLogged ? spdlog::level::debug : spdlog::level::info,
                    "agent connection {}: {} bytes of answers wait for the client; its requests stay unread "
                    "until it reads them",
                    m_id, bytesQueued());
        m_pauseLogged = true;
    }
    return true;
}

void AgentConnection::onBytesWritten()
{
    if (!m_socket)
        return;
    shutDownWritingIfWritten();
    if (m_readingPaused && bytesQueued() <= m_softCap / 2) {
        // Below half the cap again (so one answer does not flip it back and forth): read on.
        m_readingPaused = false;
        spdlog::debug("agent connection {}: the client reads again; reading its requests", m_id);
        if (!m_pendingLines.isEmpty())
            scheduleProcessing();
        else
            scheduleReading();
    }
    if (m_socket->bytesToWrite() == 0)
        Q_EMIT allWritten(m_id);
}

void AgentConnection::flush()
{
    if (m_socket && m_socket->state() == QLocalSocket::ConnectedState)
        m_socket->flush();
}

qint64 AgentConnection::bytesQueued() const
{
    return m_socket ? m_socket->bytesToWrite() : 0;
}

void AgentConnection::closeAfterWrite()
{
    if (!m_open || m_closing)
        return;
    m_closing = true;
    if (m_socket)
        m_socket->disconnectFromServer();
    if (!m_socket || m_socket->state() == QLocalSocket::UnconnectedState)
        markClosed();
}

void AgentConnection::sendFinalAndClose(const QByteArray& line)
{
    if (!m_open || m_closing)
        return;
    send(line);
    m_closing = true;
    m_lingering = true;
    m_pendingLines.clear();
    if (!m_socket || m_socket->state() != QLocalSocket::ConnectedState) {
        markClosed();
        return;
    }
    connect(m_socket, &QLocalSocket::readyRead, this, &AgentConnection::discardInput);
    // A client that neither reads nor closes does not hold the connection longer than this.
    QTimer::singleShot(FinalLingerMs, this, &AgentConnection::abort);
    m_socket->flush();
    shutDownWritingIfWritten();
    discardInput();
}

void AgentConnection::discardInput()
{
    if (m_socket && m_lingering)
        m_socket->skip(m_socket->bytesAvailable());
}

void AgentConnection::shutDownWritingIfWritten()
{
    if (!m_lingering || m_writeShut || !m_socket || m_socket->bytesToWrite() > 0)
        return;
    m_writeShut = true;
    ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
}

void AgentConnection::abort()
{
    if (!m_open)
        return;
    m_closing = true;
    if (m_socket)
        m_socket->abort();
    markClosed();
}

void AgentConnection::readAvailable()
{
    // While framed lines wait, the rest stays in the kernel: that is the back-pressure on a
    // client that sends faster than the app decides.
    while (m_open && !m_closing && m_socket && m_pendingLines.isEmpty() && m_socket->bytesAvailable() > 0 &&
           !sendQueueFull()) {
        const LineFramer::Result result = m_framer.feed(m_socket->read(64 * 1024));
        m_pendingLines += result.lines;
        if (result.tooLong) {
            m_tooLong = result;
            break;
        }
    }
    processLines();
}

void AgentConnection::setLinePreparer(LinePreparer* preparer,
                                      std::function<MessagePreparation()> preparationFor)
{
    m_preparer = preparer;
    m_preparationFor = std::move(preparationFor);
}

void AgentConnection::processLines()
{
    m_processScheduled = false;
    // The lines after one being parsed off the UI thread wait for it, in order.
    if (m_awaitingPrepared)
        return;
    // A slice of the event loop at a time, so that a burst of requests decided by rules (each
    // with a flushed ledger write) never freezes the UI thread.
    QElapsedTimer slice;
    slice.start();
    while (m_open && !m_closing && !m_pendingLines.isEmpty()) {
        // Answers pile up for a client that does not read: the rest waits until it does.
        if (sendQueueFull())
            return;
        const QByteArray line = m_pendingLines.takeFirst();
        if (m_preparer && line.size() >= LinePreparer::LargeLineBytes) {
            m_awaitingPrepared = true;
            m_preparer->prepare(m_id, line, m_preparationFor ? m_preparationFor() : MessagePreparation());
            return;
        }
        handleLine(line);
        // Parsing a line of megabytes leaves as much garbage (FreedMemory.h).
        if (line.size() >= FreedMemory::LargeBytes)
            FreedMemory::returnSoon();
        if (!m_pendingLines.isEmpty() && slice.elapsed() >= LineSliceMs) {
            scheduleProcessing();
            return;
        }
    }
    if (!m_open || m_closing)
        return;
    if (m_tooLong.tooLong) {
        spdlog::info("agent connection {}: line of {}{} bytes over the limit of {}; closing", m_id,
                     m_tooLong.sizeIsLowerBound ? "at least " : "", m_tooLong.tooLongSize,
                     m_framer.maxLineBytes());
        sendFinalAndClose(
            rpcError(QJsonValue(QJsonValue::Null),
                     makeRpcError(ErrorCode::InvalidRequest,
                                  LineFramer::tooLongMessage(m_tooLong, m_framer.maxLineBytes()))));
        return;
    }
    if (m_socket && m_socket->bytesAvailable() > 0 && !sendQueueFull())
        scheduleReading();
}

void AgentConnection::scheduleProcessing()
{
    if (m_processScheduled)
        return;
    m_processScheduled = true;
    QTimer::singleShot(0, this, &AgentConnection::processLines);
}

void AgentConnection::scheduleReading()
{
    QTimer::singleShot(0, this, &AgentConnection::readAvailable);
}

void AgentConnection::handleLine(const QByteArray& line)
{
    ParsedLine parsed;
    parsed.bytes = line.size();
    parsed.parsed = parseRpcLine(line, &parsed.message, &parsed.error, &parsed.errorId);
    handleParsed(parsed);
}

void AgentConnection::handleParsed(ParsedLine& line)
{
    if (!line.parsed) {
        send(rpcError(line.errorId, line.error));
        return;
    }
    // Only a well-formed message counts as activity: blank lines or junk do not keep it open.
    restartIdleClock();
    Q_EMIT messageReceived(m_id, line.message);
}

void AgentConnection::preparedLineReady(ParsedLine& line)
{
    if (!m_awaitingPrepared)
        return;
    m_awaitingPrepared = false;
    if (!m_open || m_closing)
        return;
    handleParsed(line);
    if (line.bytes >= FreedMemory::LargeBytes)
        FreedMemory::returnSoon();
    // The lines that waited behind it, then what the socket holds.
    processLines();
}

void AgentConnection::markClosed()
{
    if (!m_open)
        return;
    m_open = false;
    m_idleTimer->stop();
    Q_EMIT closed(m_id);
}

} // namespace k8::agent
