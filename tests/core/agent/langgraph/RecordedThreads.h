// SPDX-License-Identifier: Apache-2.0
#pragma once
// A LangGraph server's threads as the tests' fake server holds them, starting from what the real
// server recorded (recorded/interrupts_all.json: five interrupted threads, newest first). It
// answers the client's requests the way langgraph-api 0.16.7 did: the listing filtered by status,
// sorted by updated_at, paged with X-Pagination-Next, only the selected fields; the search by ids
// with the threads' interrupts. Tests change the threads between polls.

#include "core/agent/langgraph/FakeLangGraphServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>

namespace k8::test {

class RecordedThreads
{
public:
    RecordedThreads()
    {
        const QJsonArray recorded =
            QJsonDocument::fromJson(recordedBody(QStringLiteral("interrupts_all"))).array();
        for (const QJsonValue& thread : recorded)
            threads.append(thread.toObject());
    }

    QList<QJsonObject> threads;

    // The recorded threads by their graph: gate (three: print(2), print(3), print(1), newest
    // first), parallel, hitl.
    QJsonObject* byCode(const QString& code)
    {
        for (QJsonObject& thread : threads) {
            const QJsonObject interrupts = thread.value(QStringLiteral("interrupts")).toObject();
            for (const QJsonValue& task : interrupts)
                if (task.toArray()
                        .at(0)
                        .toObject()
                        .value(QStringLiteral("value"))
                        .toObject()
                        .value(QStringLiteral("code")) == code)
                    return &thread;
        }
        return nullptr;
    }
    QJsonObject* byGraph(const QString& graph)
    {
        for (QJsonObject& thread : threads)
            if (thread.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("graph_id")) ==
                graph)
                return &thread;
        return nullptr;
    }
    void remove(const QString& threadId)
    {
        threads.removeIf(
            [&](const QJsonObject& t) { return t.value(QStringLiteral("thread_id")) == threadId; });
    }
    // A run on the thread: the server moves updated_at (later than every recorded one).
    static void touch(QJsonObject* thread, int second)
    {
        thread->insert(
            QStringLiteral("updated_at"),
            QStringLiteral("2026-12-06T16:00:%1.000000+00:00").arg(second, 2, 10, QLatin1Char('0')));
    }

    FakeHttpResponse answer(const FakeHttpRequest& request) const
    {
        if (request.is("GET", "/info"))
            return recordedResponse(QStringLiteral("info"));
        if (!request.is("POST", "/threads/search"))
            return FakeHttpResponse::json(R"({"detail":"Not Found"})", 404);
        const QJsonObject body = request.json();
        QStringList select;
        for (const QJsonValue& field : body.value(QStringLiteral("select")).toArray())
            select.append(field.toString());
        QList<QJsonObject> matching;
        if (body.contains(QStringLiteral("ids"))) {
            const QJsonArray ids = body.value(QStringLiteral("ids")).toArray();
            for (const QJsonObject& thread : threads)
                if (ids.contains(thread.value(QStringLiteral("thread_id"))))
                    matching.append(thread);
        } else {
            for (const QJsonObject& thread : threads)
                if (thread.value(QStringLiteral("status")) == body.value(QStringLiteral("status")))
                    matching.append(thread);
        }
        std::stable_sort(matching.begin(), matching.end(), [](const QJsonObject& a, const QJsonObject& b) {
            return a.value(QStringLiteral("updated_at")).toString() >
                   b.value(QStringLiteral("updated_at")).toString();
        });
        const int offset = body.value(QStringLiteral("offset")).toInt();
        const int limit = body.value(QStringLiteral("limit")).toInt(10);
        QJsonArray page;
        for (int i = offset; i < std::min<int>(int(matching.size()), offset + limit); ++i) {
            QJsonObject shown;
            for (auto field = matching[i].begin(); field != matching[i].end(); ++field)
                if (select.isEmpty() || select.contains(field.key()))
                    shown.insert(field.key(), field.value());
            page.append(shown);
        }
        FakeHttpResponse response =
            FakeHttpResponse::json(QJsonDocument(page).toJson(QJsonDocument::Compact));
        // As langgraph-api: X-Pagination-Next only while there is more.
        if (offset + limit < matching.size()) {
            response.headers.append({"x-pagination-total", QByteArray::number(offset + limit + 1)});
            response.headers.append({"x-pagination-next", QByteArray::number(offset + limit)});
        } else {
            response.headers.append({"x-pagination-total", QByteArray::number(matching.size())});
        }
        return response;
    }
};

} // namespace k8::test
