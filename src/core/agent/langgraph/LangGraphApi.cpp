// SPDX-License-Identifier: Apache-2.0
#include "agent/langgraph/LangGraphApi.h"

#include "agent/langgraph/LangGraphThreads.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace k8::agent::langgraph {

namespace {

QString httpErrorText(int status, const QByteArray& body)
{
    QString what;
    if (status == 401 || status == 403)
        what = LangGraphApi::tr("the server refused the API key");
    else if (status == 404)
        what = LangGraphApi::tr("the server has no such thread or path");
    else if (status == 409)
        what = LangGraphApi::tr("the thread is busy with another run");
    else if (status == 422)
        what = LangGraphApi::tr("the server refused the request as invalid");
    else if (status >= 300 && status < 400)
        what = LangGraphApi::tr("the server redirected elsewhere, which is not followed");
    else if (status >= 500)
        what = LangGraphApi::tr("the server failed");
    else
        what = LangGraphApi::tr("the server answered with an error");
    QString text = LangGraphApi::tr("%1 (HTTP %2)").arg(what).arg(status);
    const QString detail = readErrorDetail(body);
    if (!detail.isEmpty())
        text += QStringLiteral(": ") + detail;
    return text;
}

} // namespace

LangGraphApi::LangGraphApi(LangGraphServerConfig config, QObject* parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_network(new QNetworkAccessManager(this))
{
    // No redirect is followed: Qt would send the API key along to wherever it points, and a
    // LangGraph API has no reason to redirect. A 3xx is reported as an error.
    m_network->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

LangGraphApi::~LangGraphApi() = default;

QStringList LangGraphApi::threadListingFields()
{
    return {QStringLiteral("thread_id"), QStringLiteral("updated_at"), QStringLiteral("status"),
            QStringLiteral("metadata")};
}

QJsonObject LangGraphApi::searchInterruptedBody(int offset, int limit)
{
    return {{QStringLiteral("status"), QStringLiteral("interrupted")},
            {QStringLiteral("select"), QJsonArray::fromStringList(threadListingFields())},
            {QStringLiteral("sort_by"), QStringLiteral("updated_at")},
            {QStringLiteral("sort_order"), QStringLiteral("desc")},
            {QStringLiteral("limit"), limit},
            {QStringLiteral("offset"), offset}};
}

QJsonObject LangGraphApi::threadsWithInterruptsBody(const QStringList& threadIds)
{
    return {{QStringLiteral("ids"), QJsonArray::fromStringList(threadIds)},
            {QStringLiteral("select"),
             QJsonArray::fromStringList(threadListingFields() << QStringLiteral("interrupts"))},
            {QStringLiteral("limit"), int(threadIds.size())},
            {QStringLiteral("offset"), 0}};
}

QJsonObject LangGraphApi::resumeRunBody(const QString& assistantId, const QString& interruptId,
                                        const QJsonValue& resumeValue)
{
    // "reject": when another run is on the thread (someone resumed it meanwhile) the server
    // answers 409 instead of queueing a second resume behind it.
    return {{QStringLiteral("assistant_id"), assistantId},
            {QStringLiteral("command"),
             QJsonObject{{QStringLiteral("resume"), QJsonObject{{interruptId, resumeValue}}}}},
            {QStringLiteral("multitask_strategy"), QStringLiteral("reject")}};
}

void LangGraphApi::info(QObject* context, Callback callback)
{
    send("GET", QStringLiteral("/info"), {}, context, std::move(callback));
}

void LangGraphApi::searchInterrupted(int offset, int limit, QObject* context, Callback callback)
{
    send("POST", QStringLiteral("/threads/search"),
         QJsonDocument(searchInterruptedBody(offset, limit)).toJson(QJsonDocument::Compact), context,
         std::move(callback));
}

void LangGraphApi::threadsWithInterrupts(const QStringList& threadIds, QObject* context, Callback callback)
{
    send("POST", QStringLiteral("/threads/search"),
         QJsonDocument(threadsWithInterruptsBody(threadIds)).toJson(QJsonDocument::Compact), context,
         std::move(callback));
}

void LangGraphApi::thread(const QString& threadId, QObject* context, Callback callback)
{
    if (!isUsableId(threadId)) {
        failSoon(QStringLiteral("not a thread id the client sends"), context, std::move(callback));
        return;
    }
    send("GET", QStringLiteral("/threads/") + threadId, {}, context, std::move(callback));
}

void LangGraphApi::resume(const QString& threadId, const QString& assistantId, const QString& interruptId,
                          const QJsonValue& resumeValue, QObject* context, Callback callback)
{
    if (!isUsableId(threadId)) {
        failSoon(QStringLiteral("not a thread id the client sends"), context, std::move(callback));
        return;
    }
    send("POST", QStringLiteral("/threads/%1/runs").arg(threadId),
         QJsonDocument(resumeRunBody(assistantId, interruptId, resumeValue)).toJson(QJsonDocument::Compact),
         context, std::move(callback));
}

void LangGraphApi::failSoon(const QString& error, QObject* context, Callback callback)
{
    // Answered from the event loop like every other call, never from inside the call.
    QTimer::singleShot(0, context, [callback = std::move(callback), error] {
        LangGraphResponse response;
        response.error = error;
        callback(response);
    });
}

QNetworkRequest LangGraphApi::request(const QString& path) const
{
    QNetworkRequest request(m_config.endpoint(path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json");
    if (!m_config.apiKey.isEmpty())
        request.setRawHeader("x-api-key", m_config.apiKey.toUtf8());
    return request;
}

void LangGraphApi::send(const QByteArray& verb, const QString& path, const QByteArray& body, QObject* context,
                        Callback callback)
{
    const QString problem = m_config.problem();
    if (!problem.isEmpty()) {
        failSoon(problem, context, std::move(callback));
        return;
    }
    QNetworkReply* reply = m_network->sendCustomRequest(request(path), verb, body);
    // What arrived so far, read as it arrives so the cap counts the bytes Qt already decoded.
    auto received = std::make_shared<QByteArray>();
    auto outcome = std::make_shared<LangGraphResponse::Outcome>(LangGraphResponse::Outcome::Ok);
    const qint64 cap = m_maxResponseBytes;

    auto* deadline = new QTimer(reply);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, reply, [reply, outcome] {
        *outcome = LangGraphResponse::Outcome::TimedOut;
        reply->abort();
    });
    deadline->start(m_timeoutMs);

    connect(reply, &QNetworkReply::readyRead, reply, [reply, received, outcome, cap] {
        if (*outcome != LangGraphResponse::Outcome::Ok)
            return;
        const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
        if ((length.isValid() && length.toLongLong() > cap) ||
            received->size() + reply->bytesAvailable() > cap) {
            *outcome = LangGraphResponse::Outcome::TooLarge;
            reply->abort();
            return;
        }
        received->append(reply->readAll());
    });

    QPointer<QObject> guard(context);
    connect(reply, &QNetworkReply::finished, this,
            [reply, received, outcome, cap, guard, callback = std::move(callback)] {
                reply->deleteLater();
                if (*outcome == LangGraphResponse::Outcome::Ok &&
                    received->size() + reply->bytesAvailable() > cap)
                    *outcome = LangGraphResponse::Outcome::TooLarge;
                else if (*outcome == LangGraphResponse::Outcome::Ok)
                    received->append(reply->readAll());
                LangGraphResponse response;
                response.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                response.hasPaginationHeaders =
                    reply->hasRawHeader("X-Pagination-Total") || reply->hasRawHeader("X-Pagination-Next");
                response.paginationNext =
                    QString::fromLatin1(reply->rawHeader("X-Pagination-Next")).trimmed();
                if (*outcome == LangGraphResponse::Outcome::TimedOut) {
                    response.outcome = *outcome;
                    response.error = LangGraphApi::tr("the server did not answer in time");
                } else if (*outcome == LangGraphResponse::Outcome::TooLarge) {
                    response.outcome = *outcome;
                    response.error = LangGraphApi::tr("the server's answer is larger than %1 bytes").arg(cap);
                } else if (response.httpStatus == 0) {
                    response.outcome = LangGraphResponse::Outcome::Unreachable;
                    response.error =
                        LangGraphApi::tr("the server cannot be reached: %1").arg(reply->errorString());
                } else if (response.httpStatus < 200 || response.httpStatus > 299) {
                    response.outcome = LangGraphResponse::Outcome::HttpError;
                    response.body = *received;
                    response.error = httpErrorText(response.httpStatus, *received);
                } else if (reply->error() != QNetworkReply::NoError) {
                    // A 2xx whose body broke off: not a whole answer.
                    response.outcome = LangGraphResponse::Outcome::Unreachable;
                    response.error =
                        LangGraphApi::tr("the server's answer broke off: %1").arg(reply->errorString());
                } else {
                    response.outcome = LangGraphResponse::Outcome::Ok;
                    response.body = *received;
                }
                if (guard)
                    callback(response);
            });
}

} // namespace k8::agent::langgraph
