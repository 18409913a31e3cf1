// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/langgraph/LangGraphServerConfig.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QNetworkAccessManager;
class QNetworkRequest;

namespace k8::agent::langgraph {

// How one request to the server ended. Only Ok carries a body to read; the rest carry an error
// a person can read (what failed, the HTTP status, the server's own "detail" when it gave one).
struct LangGraphResponse
{
    enum class Outcome
    {
        Ok,          // HTTP 2xx, the whole body read
        Unreachable, // no connection, refused, reset, DNS, TLS
        TimedOut,    // no whole answer within the request's time
        TooLarge,    // more bytes than maxResponseBytes: the rest was not read
        HttpError,   // an answer with a status other than 2xx
    };
    Outcome outcome = Outcome::Unreachable;
    int httpStatus = 0; // 0 when no answer came
    QByteArray body;
    QString paginationNext; // the X-Pagination-Next header of a search (empty: no next page)
    bool hasPaginationHeaders = false;
    QString error;

    bool ok() const { return outcome == Outcome::Ok; }
};

// The server's HTTP API, one asynchronous request per call (docs/langgraph.md). It builds
// requests and reads responses; what to ask and when is InterruptWatcher's and ResumeGuard's.
// Each call's callback runs once, on this object's thread, unless `context` is gone by then.
class LangGraphApi : public QObject
{
    Q_OBJECT
public:
    using Callback = std::function<void(const LangGraphResponse&)>;

    explicit LangGraphApi(LangGraphServerConfig config, QObject* parent = nullptr);
    ~LangGraphApi() override;

    const LangGraphServerConfig& config() const { return m_config; }

    // Each request ends within this many milliseconds, answered or not.
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int timeoutMs() const { return m_timeoutMs; }
    // A response longer than this is cut off and reported TooLarge (a server can send anything).
    void setMaxResponseBytes(qint64 bytes) { m_maxResponseBytes = bytes; }
    qint64 maxResponseBytes() const { return m_maxResponseBytes; }

    // GET /info: the server's version.
    void info(QObject* context, Callback callback);
    // POST /threads/search for interrupted threads, newest first, only the fields that say
    // whether a thread changed (threadListingFields): a cheap listing to poll.
    void searchInterrupted(int offset, int limit, QObject* context, Callback callback);
    // POST /threads/search for these threads with their interrupts (not their values/state).
    void threadsWithInterrupts(const QStringList& threadIds, QObject* context, Callback callback);
    // GET /threads/{id}: the whole thread.
    void thread(const QString& threadId, QObject* context, Callback callback);
    // POST /threads/{id}/runs resuming one interrupt (resumeRunBody). Check first (ResumeGuard):
    // the server does not refuse an id the thread does not hold.
    void resume(const QString& threadId, const QString& assistantId, const QString& interruptId,
                const QJsonValue& resumeValue, QObject* context, Callback callback);

    // The bodies sent, built here so tests can compare them.
    static QJsonObject searchInterruptedBody(int offset, int limit);
    static QJsonObject threadsWithInterruptsBody(const QStringList& threadIds);
    static QJsonObject resumeRunBody(const QString& assistantId, const QString& interruptId,
                                     const QJsonValue& resumeValue);
    static QStringList threadListingFields();

private:
    QNetworkRequest request(const QString& path) const;
    static void failSoon(const QString& error, QObject* context, Callback callback);
    void send(const QByteArray& verb, const QString& path, const QByteArray& body, QObject* context,
              Callback callback);

    LangGraphServerConfig m_config;
    QNetworkAccessManager* m_network;
    int m_timeoutMs = 10'000;
    qint64 m_maxResponseBytes = 16 * 1024 * 1024;
};

} // namespace k8::agent::langgraph
