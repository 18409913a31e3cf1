// SPDX-License-Identifier: Apache-2.0
#include "support/AgentTestClient.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QTimer>

namespace k8::test {

AgentTestClient::AgentTestClient(QObject* parent)
    : QObject(parent)
{
    connect(&m_socket, &QLocalSocket::connected, this, &AgentTestClient::connected);
    connect(&m_socket, &QLocalSocket::disconnected, this, &AgentTestClient::disconnected);
    connect(&m_socket, &QLocalSocket::readyRead, this, &AgentTestClient::readLines);
    connect(&m_socket, &QLocalSocket::errorOccurred, this, [this](QLocalSocket::LocalSocketError error) {
        if (m_socket.state() != QLocalSocket::ConnectedState && error != QLocalSocket::PeerClosedError)
            Q_EMIT connectFailed(error);
    });
}

void AgentTestClient::connectTo(const QString& socketPath)
{
    m_socket.connectToServer(socketPath);
}

QString AgentTestClient::idKey(const QJsonValue& id)
{
    if (id.isString())
        return id.toString();
    if (id.isDouble())
        return QString::number(id.toInteger());
    return QStringLiteral("null");
}

QJsonValue AgentTestClient::request(const QString& method, const QJsonObject& params, const QJsonValue& id)
{
    const QJsonValue useId = id.isUndefined() || id.isNull() ? QJsonValue(m_nextId++) : id;
    sendRaw(requestLine(method, params, useId));
    return useId;
}

QByteArray AgentTestClient::requestLine(const QString& method, const QJsonObject& params,
                                        const QJsonValue& id)
{
    const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), id},
                              {QStringLiteral("method"), method},
                              {QStringLiteral("params"), params}};
    return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
}

void AgentTestClient::notification(const QString& method, const QJsonObject& params)
{
    const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("method"), method},
                              {QStringLiteral("params"), params}};
    sendRaw(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
}

void AgentTestClient::sendRaw(const QByteArray& bytes)
{
    m_socket.write(bytes);
}

bool AgentTestClient::hasResponse(const QJsonValue& id) const
{
    return m_responses.contains(idKey(id));
}

QJsonObject AgentTestClient::response(const QJsonValue& id) const
{
    return m_responses.value(idKey(id));
}

QJsonValue AgentTestClient::waitForResult(const QJsonValue& id, int timeout)
{
    if (!hasResponse(id)) {
        QEventLoop loop;
        QTimer::singleShot(timeout, &loop, &QEventLoop::quit);
        connect(this, &AgentTestClient::responseReceived, &loop, [this, &loop, &id] {
            if (hasResponse(id))
                loop.quit();
        });
        loop.exec();
    }
    return response(id).value(QStringLiteral("result"));
}

QList<QJsonObject> AgentTestClient::notifications(const QString& method) const
{
    QList<QJsonObject> found;
    for (const QJsonObject& message : m_messages) {
        if (!message.contains(QStringLiteral("id")) &&
            message.value(QStringLiteral("method")).toString() == method)
            found.append(message.value(QStringLiteral("params")).toObject());
    }
    return found;
}

void AgentTestClient::readLines()
{
    m_buffer.append(m_socket.readAll());
    qsizetype start = 0;
    while (true) {
        const qsizetype newline = m_buffer.indexOf('\n', start);
        if (newline < 0)
            break;
        const QByteArray line = m_buffer.mid(start, newline - start);
        start = newline + 1;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (!doc.isObject()) {
            m_badLines.append(line);
            continue;
        }
        const QJsonObject message = doc.object();
        m_messages.append(message);
        Q_EMIT messageReceived(message);
        if (message.contains(QStringLiteral("id"))) {
            const QJsonValue id = message.value(QStringLiteral("id"));
            m_responses.insert(idKey(id), message);
            Q_EMIT responseReceived(id, message);
        } else {
            Q_EMIT notificationReceived(message.value(QStringLiteral("method")).toString(),
                                        message.value(QStringLiteral("params")).toObject());
        }
    }
    m_buffer.remove(0, start);
}

} // namespace k8::test
