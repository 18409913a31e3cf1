// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/canonical/CanonicalNumbers.h"
#include "agent/request/RequestError.h"
#include "agent/request/RequestOrigin.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonValue>
#include <QString>

#include <memory>
#include <optional>

namespace k8::agent {

struct PreparedRequest;

// A request as its source received it, before the desk makes it into a Request: what the agent
// asked, and where the answer goes.
struct IncomingRequest
{
    RequestOrigin origin;
    QString method;    // "review" or "run" (protocol.md)
    QJsonValue params; // the method's params as the agent sent them
    // The agent's name where params name none (the socket: the connection's hello).
    QString defaultAgent;
    // The first number the agent wrote otherwise than canonical JSON would: no rule approves it.
    std::optional<NumberSpelling> nonCanonicalNumber;
    // A large request made off the UI thread by the source's worker (the socket's LinePreparer),
    // with the desk's preparation; null: the desk makes it.
    std::shared_ptr<const PreparedRequest> prepared;
};

// Where requests come from and where their answers go (docs/design.md, "Where requests come
// from"). The desk decides every request the same way whatever its source: the rules, the inbox,
// the ledger and the runs never ask which source it was. The source only delivers: it is told an
// answer once its decision is durable in the ledger (a rejection alone still goes when the ledger
// cannot be written, as the safe answer; an approval never does).
class RequestSource
{
public:
    virtual ~RequestSource() = default;

    // What the ledger and the window call the source ("socket").
    virtual QString sourceName() const = 0;
    // The answer to a request whose decision is on disk (protocol.md's `result`). False when
    // nobody is left to receive it (the agent went away); the decision stands all the same.
    virtual bool answer(const RequestOrigin& origin, const QJsonValue& result) = 0;
    // The request refused with an error instead of a decision (invalid, or the app is quitting).
    virtual bool refuse(const RequestOrigin& origin, const RpcError& error) = 0;
    // A run's answer, encoded off the UI thread as protocol.md's line (RunAnswer): only sources
    // that accept `run` get one.
    virtual bool answerEncoded(const RequestOrigin& origin, const QByteArray& line) = 0;
    // One piece of a running run's output for its agent (run.output), `utf8` valid UTF-8; false
    // when not sent.
    virtual bool sendRunOutput(const RequestOrigin& origin, bool isStderr, QByteArrayView utf8) = 0;
    // Bytes of earlier answers and output still waiting to reach the request's agent.
    virtual qint64 backlog(const RequestOrigin& origin) const = 0;
    // Whether the request's agent can still be reached.
    virtual bool reaches(const RequestOrigin& origin) const = 0;
    // Whether the source's requests outlive the app: a server that holds them durably (LangGraph)
    // keeps them pending for the next start, so the desk neither answers them at quit nor when the
    // source is removed; it only lets them go. False (the socket): an agent waits on a connection,
    // so they are rejected.
    virtual bool keepsPendingAtQuit() const { return false; }

    // The desk's number for this source (RequestDesk::addSource), which its origins carry.
    quint32 sourceNumber() const { return m_sourceNumber; }
    void setSourceNumber(quint32 number) { m_sourceNumber = number; }

private:
    quint32 m_sourceNumber = 0;
};

// What a source hands its requests to: the desk (AgentService), which decides them.
class RequestDesk
{
public:
    virtual ~RequestDesk() = default;

    // Registers a source (not owned; it must stay until removeSource() or the desk's end) and
    // gives it its number.
    virtual quint32 addSource(RequestSource* source) = 0;
    // The source is going: its requests still waiting are withdrawn, and nothing more is
    // delivered to it (a run of it that already runs finishes; its answer is dropped).
    virtual void removeSource(RequestSource* source) = 0;
    // A request to decide. The desk answers it through `source` exactly once: refused, or
    // answered (a request the source withdrew, withdraw() or channelClosed(), with a rejection).
    virtual void submit(RequestSource* source, const IncomingRequest& incoming) = 0;
    // The agent withdrew the request; true when it was still waiting and is now rejected (a run
    // whose code started, or a decision being recorded, is too late).
    virtual bool withdraw(const RequestOrigin& origin) = 0;
    // The source's channel closed: its requests still waiting are withdrawn.
    virtual void channelClosed(quint32 source, quint64 channel) = 0;
    // The request was decided at its source without this app (a LangGraph interrupt someone
    // resumed in Studio, another kosa8 Desk or through the SDK): it leaves the inbox and the ledger
    // records it as decided "elsewhere"; nothing is answered. True when it was still waiting.
    virtual bool endedAtSource(const RequestOrigin& origin) = 0;
    // Whether the source reaches its requests' agents changed (a LangGraph server went away or
    // came back): what can be decided now may have changed (ReviewCoordinator::whyUndecidable()).
    virtual void reachChanged(quint32 source) = 0;
};

} // namespace k8::agent
