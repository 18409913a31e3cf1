// SPDX-License-Identifier: Apache-2.0
#include "mcp/DeskClient.h"

#include "agent/socket/JsonRpc.h"
#include "agent/socket/PeerCredentials.h"

#include <QJsonDocument>
#include <QLocalSocket>

#include <spdlog/spdlog.h>

namespace k8::mcp {

namespace {
// An answer holds at most 4 MiB of stdout and 4 MiB of stderr (docs/protocol.md, "run"); as JSON,
// escaped, that stays well under this. A longer line means something else is on the socket.
constexpr qint64 MaxAnswerLineBytes = 64 * 1024 * 1024;
} // namespace

DeskClient::DeskClient(const QString& socketPath, QObject* parent)
    : QObject(parent)
    , m_socketPath(socketPath)
{
    m_helloTimer.setSingleShot(true);
    m_helloTimer.setInterval(10'000);
    connect(&m_helloTimer, &QTimer::timeout, this, [this] {
        if (m_state != State::Greeting)
            return;
        spdlog::warn("mcp: kosa8 Desk did not answer hello on {}", m_socketPath.toStdString());
        failAll(notRunningText(m_socketPath, tr("it accepted the connection but did not answer.")));
        if (m_socket)
            m_socket->abort();
    });
}

DeskClient::~DeskClient() = default;

QString DeskClient::notRunningText(const QString& socketPath, const QString& detail)
{
    return tr("kosa8 Desk is not running or not answering on %1: %2 Nothing was run. Start the app "
              "with `kosa8-desk` (the same user, the same KOSA8_DESK_SOCKET), then call the tool again.")
        .arg(socketPath, detail);
}

bool DeskClient::isConnected() const
{
    return m_state == State::Ready || m_state == State::Greeting;
}

qint64 DeskClient::request(const QString& method, const QJsonObject& params)
{
    const qint64 id = m_nextId++;
    QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), id},
                        {QStringLiteral("method"), method},
                        {QStringLiteral("params"), params}};
    QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact);
    line.append('\n');
    m_pending.insert(id, line);
    m_unsent.append(id);
    if (m_state == State::Ready) {
        sendLine(line);
        m_unsent.removeAll(id);
    } else if (m_state == State::Disconnected) {
        // From the event loop: a failure to connect then always arrives after request() returned.
        m_state = State::Connecting;
        QMetaObject::invokeMethod(this, &DeskClient::connectNow, Qt::QueuedConnection);
    }
    return id;
}

void DeskClient::cancel(qint64 id)
{
    if (!m_pending.contains(id))
        return;
    if (m_unsent.contains(id)) {
        // Never reached the app: nothing to withdraw there.
        m_unsent.removeAll(id);
        m_pending.remove(id);
        QMetaObject::invokeMethod(
            this, [this, id] { Q_EMIT failed(id, tr("Cancelled before it reached kosa8 Desk.")); },
            Qt::QueuedConnection);
        return;
    }
    if (m_state != State::Ready)
        return;
    QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), QStringLiteral("cancel-%1").arg(id)},
                        {QStringLiteral("method"), QStringLiteral("cancel")},
                        {QStringLiteral("params"), QJsonObject{{QStringLiteral("id"), id}}}};
    QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact);
    line.append('\n');
    sendLine(line);
}

void DeskClient::close()
{
    m_helloTimer.stop();
    if (!m_socket || m_state == State::Disconnected) {
        m_state = State::Disconnected;
        Q_EMIT closed();
        return;
    }
    m_state = State::Closing;
    // Writes what is queued (a cancel, a request), then closes: the app withdraws the rest.
    // With nothing left to write this disconnects at once, and onDisconnected() has then run.
    m_socket->disconnectFromServer();
    if (m_socket && m_socket->state() == QLocalSocket::UnconnectedState)
        onDisconnected();
}

void DeskClient::connectNow()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
    }
    m_buffer.clear();
    m_socket = new QLocalSocket(this);
    connect(m_socket, &QLocalSocket::connected, this, &DeskClient::onConnected);
    connect(m_socket, &QLocalSocket::readyRead, this, &DeskClient::onReadyRead);
    connect(m_socket, &QLocalSocket::disconnected, this, &DeskClient::onDisconnected);
    connect(m_socket, &QLocalSocket::errorOccurred, this, &DeskClient::onSocketError);
    m_state = State::Connecting;
    m_socket->connectToServer(m_socketPath);
}

void DeskClient::onConnected()
{
    // Only this user's kosa8 Desk may get the requests, code included, and answer them: a socket
    // that another user made at the path (a shared or mistyped KOSA8_DESK_SOCKET) is left before
    // a byte is sent, as the Python client does (docs/mcp.md).
    if (QString why; !agent::PeerCredentials::isSameUser(m_socket->socketDescriptor(), &why)) {
        spdlog::error("mcp: the listener on {} is not this user's: {}", m_socketPath.toStdString(),
                      why.toStdString());
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
        m_state = State::Disconnected;
        failAll(notRunningText(m_socketPath, tr("the program listening there is not run by your user (%1), "
                                                "so nothing was sent to it.")
                                                 .arg(why)));
        return;
    }
    m_state = State::Greeting;
    m_helloId = m_nextId++;
    QJsonObject params{{QStringLiteral("client"), QStringLiteral("kosa8-desk mcp")},
                       {QStringLiteral("version"), QCoreApplication::applicationVersion()}};
    if (!m_agentLabel.isEmpty())
        params.insert(QStringLiteral("agent"), m_agentLabel);
    QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), m_helloId},
                        {QStringLiteral("method"), QStringLiteral("hello")},
                        {QStringLiteral("params"), params}};
    QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact);
    line.append('\n');
    sendLine(line);
    m_helloTimer.start();
}

void DeskClient::onReadyRead()
{
    if (!m_socket)
        return;
    m_buffer.append(m_socket->readAll());
    qsizetype newline = -1;
    while ((newline = m_buffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_buffer.left(newline);
        m_buffer.remove(0, newline + 1);
        if (!line.trimmed().isEmpty())
            handleLine(line);
        if (!m_socket)
            return;
    }
    if (m_buffer.size() > MaxAnswerLineBytes) {
        spdlog::error("mcp: an answer from kosa8 Desk passed {} bytes; closing", MaxAnswerLineBytes);
        failAll(notRunningText(m_socketPath, tr("its answer was too long to read.")));
        m_socket->abort();
    }
}

void DeskClient::handleLine(const QByteArray& line)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (!document.isObject()) {
        spdlog::warn("mcp: kosa8 Desk sent a line that is not a JSON object; ignored");
        return;
    }
    const QJsonObject message = document.object();
    if (message.contains(QStringLiteral("method"))) {
        Q_EMIT notified(message.value(QStringLiteral("method")).toString(),
                        message.value(QStringLiteral("params")).toObject());
        return;
    }
    const QJsonValue idValue = message.value(QStringLiteral("id"));
    if (!idValue.isDouble())
        return; // our cancels (string ids) and null-id errors
    const qint64 id = qint64(idValue.toDouble());
    const bool isError = message.contains(QStringLiteral("error"));
    const QJsonValue body =
        isError ? message.value(QStringLiteral("error")) : message.value(QStringLiteral("result"));
    if (id == m_helloId && m_state == State::Greeting) {
        m_helloTimer.stop();
        if (isError) {
            const QString why = body.toObject().value(QStringLiteral("message")).toString();
            failAll(notRunningText(m_socketPath, tr("it refused the connection: %1").arg(why)));
            m_socket->abort();
            return;
        }
        m_state = State::Ready;
        const QList<qint64> unsent = m_unsent;
        m_unsent.clear();
        for (qint64 waiting : unsent)
            sendLine(m_pending.value(waiting));
        return;
    }
    if (!m_pending.remove(id))
        return;
    Q_EMIT answered(id, isError, body);
}

void DeskClient::onSocketError()
{
    if (!m_socket)
        return;
    const QLocalSocket::LocalSocketError error = m_socket->error();
    if (m_state == State::Connecting) {
        QString detail;
        switch (error) {
        case QLocalSocket::ServerNotFoundError:
            detail = tr("no socket there.");
            break;
        case QLocalSocket::ConnectionRefusedError:
            detail = tr("nobody accepts connections there.");
            break;
        default:
            detail = m_socket->errorString();
            break;
        }
        spdlog::info("mcp: cannot reach kosa8 Desk on {}: {}", m_socketPath.toStdString(),
                     m_socket->errorString().toStdString());
        m_state = State::Disconnected;
        failAll(notRunningText(m_socketPath, detail));
        return;
    }
    if (error == QLocalSocket::PeerClosedError)
        return; // disconnected() follows
    spdlog::info("mcp: the connection to kosa8 Desk failed: {}", m_socket->errorString().toStdString());
}

void DeskClient::onDisconnected()
{
    m_helloTimer.stop();
    const bool closing = m_state == State::Closing;
    m_state = State::Disconnected;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    m_buffer.clear();
    if (!m_pending.isEmpty())
        failAll(notRunningText(m_socketPath, tr("the app closed the connection before it answered.")));
    if (closing)
        Q_EMIT closed();
}

void DeskClient::failAll(const QString& message)
{
    const QList<qint64> ids = m_pending.keys();
    m_pending.clear();
    m_unsent.clear();
    for (qint64 id : ids)
        Q_EMIT failed(id, message);
}

void DeskClient::sendLine(const QByteArray& line)
{
    if (m_socket)
        m_socket->write(line);
}

} // namespace k8::mcp
