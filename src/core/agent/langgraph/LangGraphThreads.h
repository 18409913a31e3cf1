// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/canonical/CanonicalNumbers.h"

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace k8::agent::langgraph {

// What a LangGraph server says about its threads, read from its JSON (docs/langgraph.md). Pure:
// bytes in, values or an error out. The server's data is treated as hostile: every field is
// checked for its type and size, and an entry that fails is left out and counted, never guessed.

// One interrupt a thread waits on: interrupt(value) in a graph, resumed by its id.
struct PendingInterrupt
{
    QString server; // LangGraphServerConfig::name of the server holding it
    QString threadId;
    QString interruptId; // what Command(resume={id: ...}) names
    QString taskId;      // the task (graph node) that raised it: the key it is grouped under
    QJsonValue value;
    QString valueSha256; // of the value's canonical JSON: a changed value is another interrupt
    QString graphId;     // from the thread's metadata
    QString assistantId; // the assistant a resume run is created with (metadata, else graph_id)
    QString threadUpdatedAt;
    // A number the server's answer wrote otherwise than canonical JSON (anywhere in it): no
    // standing rule approves the interrupt (CanonicalNumbers.h).
    std::optional<NumberSpelling> nonCanonicalNumber;

    // Same server, thread, id and value: the same interrupt.
    bool sameAs(const PendingInterrupt& other) const;
};

// One thread as a listing or a fetch returned it.
struct LangGraphThread
{
    QString threadId;
    QString status; // idle, busy, interrupted, error (other words are kept as they came)
    QString updatedAt;
    QString graphId;
    QString assistantId;
    bool interruptsIncluded = false; // the response held "interrupts" (a listing selects them out)
    QList<PendingInterrupt> interrupts;
};

struct ThreadsRead
{
    QList<LangGraphThread> threads;
    int skipped = 0; // entries (threads or interrupts) left out for a wrong shape
    QString error;   // set: the response as a whole was unusable, threads is empty
};

// Sizes past which a field is refused (a server can send anything).
inline constexpr int MaxIdLength = 200;
inline constexpr int MaxTimestampLength = 64;

// Whether an id can be used as the server's: letters, digits and "-_.:", not starting with ".", at
// most MaxIdLength (what LangGraph's ids, UUIDs, hex hashes and graph names, are made of), so none
// can bend a URL path.
bool isUsableId(const QString& text);

// The body of POST /threads/search: a JSON array of threads.
ThreadsRead readThreadList(const QByteArray& body);
// The body of GET /threads/{id}: one thread object.
ThreadsRead readThread(const QByteArray& body);
// The server's version from GET /info ("version"); empty with *error when absent or not JSON.
QString readServerVersion(const QByteArray& body, QString* error);
// The run id of POST /threads/{id}/runs; empty with *error when absent.
QString readRunId(const QByteArray& body, QString* error);
// The "detail" an error response carries (FastAPI-style), cut to a line a person can read; empty
// when there is none.
QString readErrorDetail(const QByteArray& body);
// The canonical-JSON SHA-256 of an interrupt's value.
QString valueSha256(const QJsonValue& value);

} // namespace k8::agent::langgraph

Q_DECLARE_METATYPE(k8::agent::langgraph::PendingInterrupt)
