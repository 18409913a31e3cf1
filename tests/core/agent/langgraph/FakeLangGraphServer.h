// SPDX-License-Identifier: Apache-2.0
#pragma once
// A tiny HTTP/1.1 server on 127.0.0.1 for the LangGraph client's tests: the client's real
// QNetworkAccessManager path runs against it. Each request is recorded; a handler answers it,
// with a body, by hanging, or by dropping the connection. One request per connection (the answer
// says "Connection: close").

#include <QByteArray>
#include <QFile>
#include <QHash>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

#include <functional>
#include <utility>

namespace k8::test {

struct FakeHttpRequest
{
    QByteArray method;
    QByteArray path;
    QHash<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;

    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    bool is(const char* verb, const char* target) const { return method == verb && path == target; }
};

struct FakeHttpResponse
{
    enum class Mode
    {
        Answer,         // status, headers, body with Content-Length
        AnswerNoLength, // status and body, the end marked by closing the connection
        Hang,           // never answers, keeps the connection open
        Drop,           // closes the connection without answering
    };
    int status = 200;
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    Mode mode = Mode::Answer;

    static FakeHttpResponse json(const QByteArray& body, int status = 200)
    {
        return {status, body, {}, Mode::Answer};
    }
    static FakeHttpResponse hang() { return {0, {}, {}, Mode::Hang}; }
    static FakeHttpResponse drop() { return {0, {}, {}, Mode::Drop}; }
};

// A recorded response of the real server (recorded/README.md): NAME.json, and NAME.headers when
// recorded, as an answer.
inline FakeHttpResponse recordedResponse(const QString& name, int status = 200)
{
    FakeHttpResponse response;
    response.status = status;
    QFile body(QStringLiteral(K8_LANGGRAPH_RECORDED "/") + name + QStringLiteral(".json"));
    if (body.open(QIODevice::ReadOnly))
        response.body = body.readAll();
    else
        qFatal("recorded response %s missing", qPrintable(name));
    QFile headers(QStringLiteral(K8_LANGGRAPH_RECORDED "/") + name + QStringLiteral(".headers"));
    if (headers.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : headers.readAll().split('\n')) {
            const int colon = line.indexOf(':');
            if (colon > 0)
                response.headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
        }
    }
    return response;
}

inline QByteArray recordedBody(const QString& name)
{
    return recordedResponse(name).body;
}

class FakeLangGraphServer : public QObject
{
public:
    using Handler = std::function<FakeHttpResponse(const FakeHttpRequest&)>;

    explicit FakeLangGraphServer(QObject* parent = nullptr)
        : QObject(parent)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection()) {
                m_sockets.append(socket);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readFrom(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    // Listens on 127.0.0.1 at `port` (0: any free port).
    bool listen(quint16 port = 0) { return m_server.listen(QHostAddress::LocalHost, port); }
    quint16 port() const { return m_server.serverPort(); }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port ? m_port : port())); }
    // Stops listening and drops every open connection: the server is gone.
    void close()
    {
        m_port = port();
        m_server.close();
        for (const QPointer<QTcpSocket>& socket : std::as_const(m_sockets))
            if (socket)
                socket->abort();
        m_sockets.clear();
    }

    void setHandler(Handler handler) { m_handler = std::move(handler); }
    const QList<FakeHttpRequest>& requests() const { return m_requests; }
    int count(const char* method, const char* path) const
    {
        int n = 0;
        for (const FakeHttpRequest& request : m_requests)
            n += request.is(method, path) ? 1 : 0;
        return n;
    }
    void clearRequests() { m_requests.clear(); }
    // The runs posted to threads (POST /threads/ID/runs: resumes) since clearRequests(), in turn.
    QList<FakeHttpRequest> runsPosted() const
    {
        QList<FakeHttpRequest> runs;
        for (const FakeHttpRequest& request : m_requests)
            if (request.method == "POST" && request.path.endsWith("/runs"))
                runs.append(request);
        return runs;
    }

private:
    void readFrom(QTcpSocket* socket)
    {
        QByteArray& buffer = m_buffers[socket];
        buffer += socket->readAll();
        const int end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        FakeHttpRequest request;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        request.method = first.value(0);
        request.path = first.value(1);
        for (int i = 1; i < lines.size(); ++i) {
            const int colon = lines[i].indexOf(':');
            if (colon > 0)
                request.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                       lines[i].mid(colon + 1).trimmed());
        }
        const int length = request.headers.value("content-length").toInt();
        if (buffer.size() < end + 4 + length)
            return;
        request.body = buffer.mid(end + 4, length);
        m_buffers.remove(socket);
        m_requests.append(request);
        const FakeHttpResponse response = m_handler ? m_handler(request) : FakeHttpResponse::json("{}", 404);
        switch (response.mode) {
        case FakeHttpResponse::Mode::Hang:
            return;
        case FakeHttpResponse::Mode::Drop:
            socket->abort();
            return;
        case FakeHttpResponse::Mode::Answer:
        case FakeHttpResponse::Mode::AnswerNoLength:
            break;
        }
        QByteArray out = "HTTP/1.1 " + QByteArray::number(response.status) + " Answer\r\n";
        out += "content-type: application/json\r\nconnection: close\r\n";
        if (response.mode == FakeHttpResponse::Mode::Answer)
            out += "content-length: " + QByteArray::number(response.body.size()) + "\r\n";
        for (const auto& [name, value] : response.headers)
            out += name + ": " + value + "\r\n";
        out += "\r\n" + response.body;
        socket->write(out);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    quint16 m_port = 0;
    Handler m_handler;
    QList<FakeHttpRequest> m_requests;
    QList<QPointer<QTcpSocket>> m_sockets;
    QHash<QTcpSocket*, QByteArray> m_buffers;
};

} // namespace k8::test
