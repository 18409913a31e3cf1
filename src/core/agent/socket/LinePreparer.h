// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/socket/JsonRpc.h"
#include "agent/socket/SerialWorker.h"

#include <QByteArray>
#include <QList>
#include <QObject>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace k8::agent {

// One line read from an agent, parsed: the message, or the error to answer it with.
struct ParsedLine
{
    bool parsed = false;
    RpcMessage message; // when parsed
    RpcError error;     // when not
    QJsonValue errorId;
    qsizetype bytes = 0; // the line's size
};

// What is done with a parsed message on the worker thread besides parsing it (the agent service
// builds the request and its review texts there: PreparedRequest). It must touch nothing but the
// message and what it holds itself: it runs beside the UI thread.
using MessagePreparation = std::function<void(RpcMessage*)>;

// Parses large lines off the UI thread. A line of megabytes (the largest review the framing
// allows) cost the UI thread seconds to parse, shape, hash, format and scan, and the window froze
// meanwhile (issue 24); a line from LargeLineBytes on is handed here instead, and its connection
// reads nothing further until it comes back, so messages keep their order (a cancel never
// overtakes its request).
//
// One worker for every connection, in the order the lines were given: a burst of large requests
// takes one core, not all. ready() hands each line back on the owner's thread.
class LinePreparer : public QObject
{
    Q_OBJECT
public:
    // Lines from this size on are parsed here; smaller ones cost less than the hop.
    static constexpr qsizetype LargeLineBytes = 64 * 1024;

    explicit LinePreparer(QObject* parent = nullptr);
    // Waits for a line still being parsed; hands nothing out.
    ~LinePreparer() override;

    void prepare(quint64 connectionId, const QByteArray& line, MessagePreparation preparation);
    // Called on the owner's thread with each line given to prepare(), in that order.
    void setReadyHandler(std::function<void(quint64 connectionId, ParsedLine& line)> handler)
    {
        m_ready = std::move(handler);
    }
    bool isIdle() const { return m_inFlight.isEmpty(); }
    SerialWorker& worker() { return m_worker; }

private Q_SLOTS:
    // Called by name from the worker (see RunAnswerBuilder::build for why by name).
    void deliverReady();

private:
    struct Slot
    {
        std::mutex mutex;
        std::optional<ParsedLine> line;
    };
    struct InFlight
    {
        quint64 connectionId = 0;
        std::shared_ptr<Slot> slot;
    };

    std::function<void(quint64, ParsedLine&)> m_ready;
    QList<InFlight> m_inFlight;
    SerialWorker m_worker; // last: its thread ends first, while the rest is still there
};

} // namespace k8::agent
