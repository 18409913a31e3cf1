// SPDX-License-Identifier: Apache-2.0
#include "agent/langgraph/LangGraphThreads.h"

#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace k8::agent::langgraph {

// The context of this file's messages in the translations: what a server's answer lacks reaches
// the person (Settings' health line, the window's warnings).
class LangGraphThreads
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::langgraph::LangGraphThreads)
};

// Ids go into URL paths and resume maps: no id can carry a '/', '?' or '%' into a request, nor be
// "." or "..".
bool isUsableId(const QString& text)
{
    if (text.isEmpty() || text.size() > MaxIdLength || text.startsWith(QLatin1Char('.')))
        return false;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        const bool ok = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') ||
                        u == u'-' || u == u'_' || u == u'.' || u == u':';
        if (!ok)
            return false;
    }
    return true;
}

namespace {

// A short string field, or empty when absent, not a string or too long.
QString shortString(const QJsonObject& object, QLatin1StringView key, int maxLength)
{
    const QJsonValue value = object.value(key);
    if (!value.isString())
        return {};
    const QString text = value.toString();
    return text.size() <= maxLength ? text : QString();
}

QJsonDocument parse(const QByteArray& body, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        *error = LangGraphThreads::tr("the response is not JSON (%1 at byte %2)")
                     .arg(parseError.errorString())
                     .arg(parseError.offset);
    return document;
}

// One thread object; false when it cannot be used at all (no usable thread_id).
bool readOneThread(const QJsonObject& object, LangGraphThread* thread, int* skipped)
{
    thread->threadId = shortString(object, QLatin1StringView("thread_id"), MaxIdLength);
    if (!isUsableId(thread->threadId))
        return false;
    thread->status = shortString(object, QLatin1StringView("status"), 32);
    thread->updatedAt = shortString(object, QLatin1StringView("updated_at"), MaxTimestampLength);
    const QJsonObject metadata = object.value(QLatin1StringView("metadata")).toObject();
    thread->graphId = shortString(metadata, QLatin1StringView("graph_id"), MaxIdLength);
    if (!isUsableId(thread->graphId))
        thread->graphId.clear();
    // langgraph-api keeps the assistant a thread last ran with in its metadata (a UUID); a graph
    // id is also an assistant id (its default assistant), so it stands in when that is missing.
    thread->assistantId = shortString(metadata, QLatin1StringView("assistant_id"), MaxIdLength);
    if (!isUsableId(thread->assistantId))
        thread->assistantId = thread->graphId;

    const QJsonValue interrupts = object.value(QLatin1StringView("interrupts"));
    thread->interruptsIncluded = interrupts.isObject();
    if (!interrupts.isObject()) {
        // Present but not an object: the thread's interrupts cannot be known.
        if (!interrupts.isUndefined() && !interrupts.isNull())
            ++*skipped;
        return true;
    }
    // {task_id: [{id, value}, ...]}: one task can raise several; parallel tasks are several keys.
    const QJsonObject byTask = interrupts.toObject();
    for (auto task = byTask.begin(); task != byTask.end(); ++task) {
        if (!isUsableId(task.key()) || !task.value().isArray()) {
            ++*skipped;
            continue;
        }
        for (const QJsonValue& entry : task.value().toArray()) {
            const QJsonObject interrupt = entry.toObject();
            const QString id = shortString(interrupt, QLatin1StringView("id"), MaxIdLength);
            // Without an id (servers before interrupt ids) there is nothing to resume it by.
            if (!entry.isObject() || !isUsableId(id) || !interrupt.contains(QLatin1StringView("value"))) {
                ++*skipped;
                continue;
            }
            PendingInterrupt pending;
            pending.threadId = thread->threadId;
            pending.interruptId = id;
            pending.taskId = task.key();
            pending.value = interrupt.value(QLatin1StringView("value"));
            pending.valueSha256 = valueSha256(pending.value);
            pending.graphId = thread->graphId;
            pending.assistantId = thread->assistantId;
            pending.threadUpdatedAt = thread->updatedAt;
            thread->interrupts.append(pending);
        }
    }
    return true;
}

} // namespace

bool PendingInterrupt::sameAs(const PendingInterrupt& other) const
{
    return server == other.server && threadId == other.threadId && interruptId == other.interruptId &&
           valueSha256 == other.valueSha256;
}

// The parsed values keep no number's spelling, and the agent's reader tells 1 from 1.0 where the
// hash of the canonical form does not: a body that writes any number otherwise than canonical
// JSON marks every interrupt it holds, so that no standing rule approves them (a person still
// can). Coarse on purpose: a listing of interrupts holds little else.
static void noteNumberSpelling(const QByteArray& body, ThreadsRead* read)
{
    const std::optional<NumberSpelling> spelling = CanonicalNumbers::firstNonCanonical(body);
    if (!spelling)
        return;
    for (LangGraphThread& thread : read->threads) {
        for (PendingInterrupt& interrupt : thread.interrupts)
            interrupt.nonCanonicalNumber = spelling;
    }
}

ThreadsRead readThreadList(const QByteArray& body)
{
    ThreadsRead result;
    const QJsonDocument document = parse(body, &result.error);
    if (!result.error.isEmpty())
        return result;
    if (!document.isArray()) {
        result.error = LangGraphThreads::tr("the response is not a list of threads");
        return result;
    }
    for (const QJsonValue& entry : document.array()) {
        LangGraphThread thread;
        if (entry.isObject() && readOneThread(entry.toObject(), &thread, &result.skipped))
            result.threads.append(thread);
        else
            ++result.skipped;
    }
    noteNumberSpelling(body, &result);
    return result;
}

ThreadsRead readThread(const QByteArray& body)
{
    ThreadsRead result;
    const QJsonDocument document = parse(body, &result.error);
    if (!result.error.isEmpty())
        return result;
    LangGraphThread thread;
    if (!document.isObject() || !readOneThread(document.object(), &thread, &result.skipped)) {
        result.error = LangGraphThreads::tr("the response is not a thread");
        return result;
    }
    result.threads.append(thread);
    noteNumberSpelling(body, &result);
    return result;
}

QString readServerVersion(const QByteArray& body, QString* error)
{
    const QJsonDocument document = parse(body, error);
    if (!error->isEmpty())
        return {};
    const QString version = shortString(document.object(), QLatin1StringView("version"), 64);
    if (version.isEmpty())
        *error = LangGraphThreads::tr("the server's /info has no version");
    return version;
}

QString readRunId(const QByteArray& body, QString* error)
{
    const QJsonDocument document = parse(body, error);
    if (!error->isEmpty())
        return {};
    const QString runId = shortString(document.object(), QLatin1StringView("run_id"), MaxIdLength);
    if (!isUsableId(runId)) {
        *error = LangGraphThreads::tr("the server's answer names no run");
        return {};
    }
    return runId;
}

QString readErrorDetail(const QByteArray& body)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    const QJsonValue detail = document.object().value(QLatin1StringView("detail"));
    QString text = detail.isString() ? detail.toString() : QString();
    text = text.section(QLatin1Char('\n'), 0, 0).simplified();
    if (text.size() > 200)
        text = text.left(200) + QStringLiteral("…");
    return text;
}

QString valueSha256(const QJsonValue& value)
{
    return sha256Hex(canonicalJson(value));
}

} // namespace k8::agent::langgraph
