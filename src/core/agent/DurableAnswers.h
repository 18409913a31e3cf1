// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/ledger/Ledger.h"
#include "agent/request/Request.h"

#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

namespace k8::agent {

// An answer whose decision must be on disk before the agent may see it.
struct DurableAnswer
{
    Request request;
    LedgerRecord record;
    QJsonValue result; // the answer's result
    bool approves = false;
    bool retried = false; // already turned into a rejection after a failed flush
    // What follows the flush, for the service that queued it (DurableAnswers only carries them):
    bool startsRun = false;                       // an approved run starts; its answer comes when it ends
    bool reachedInbox = false;                    // the request was in the inbox before this decision
    DecisionKind decision = DecisionKind::Reject; // what the record says, as a kind
    // A person's decision: when its flush fails it goes back to the person (unrecorded()), who
    // decides again, instead of becoming a rejection the person never chose.
    bool returnsToPerson = false;
    // False: only recorded, nothing goes to the source (a request decided at its source).
    bool answersSource = true;
    // Only a record (a person's trial): nothing is answered or announced, and a failed flush
    // records it again as it was (answersSource is false too).
    bool recordOnly = false;
};

// The rule "record the decision in the ledger, wait until it is durable, then answer" as one
// queue, so no answer can leave before its ledger record is flushed (protocol.md).
//
// Group commit: enqueue() stages the record; at the end of the event-loop turn the turn's
// records are written and the ledger's thread flushes them (one flush for all, the UI thread does
// not wait for the disk). Once durable, answerReady() is emitted for each, in the order they were
// enqueued, then batchAnswered(). When a flush fails nothing of the batch may approve: each
// answer becomes a rejection (reason "The decision could not be recorded: ..."), recorded with
// the next flush; one that fails again is handed out unrecorded, as a rejection is the safe answer.
// A person's decision is not turned into anything: it is handed back with unrecorded().
class DurableAnswers : public QObject
{
    Q_OBJECT
public:
    // `ledger` is not owned and must outlive this queue.
    explicit DurableAnswers(Ledger* ledger, QObject* parent = nullptr);
    // Settles what is still queued (answers go out, as durable as the ledger makes them).
    ~DurableAnswers() override;

    // Stages the record and queues the answer. False with *error when the ledger refuses the
    // record; nothing is queued then and the caller decides how to answer.
    bool enqueue(const DurableAnswer& answer, QString* error);
    // Finishes the flush in flight and commits what is queued, here and now (before a decision
    // that is recorded on the spot, and at quit). Returns with nothing queued or in flight.
    void settle();
    // Answers queued or in flight.
    bool isIdle() const { return m_queued.isEmpty() && m_flushing.isEmpty(); }

Q_SIGNALS:
    // The answer may go out now: its record is durable, or (after a failed flush) it was turned
    // into a rejection that could not be recorded either.
    void answerReady(const k8::agent::DurableAnswer& answer);
    // A person's decision whose flush failed: nothing was answered, nothing is in the ledger; the
    // request is the person's again.
    void unrecorded(const k8::agent::DurableAnswer& answer);
    // After the answers of one batch: time to push them into the kernel.
    void batchAnswered();
    // A flush failed (its answers became rejections).
    void problem(const QString& message);

private Q_SLOTS:
    // Called by name from the ledger's flush thread (see commitQueued()).
    void ledgerFlushed();

private:
    void commitQueued();
    void answerBatch(QList<DurableAnswer> batch, bool durable, const QString& error);
    void scheduleCommit();

    Ledger* m_ledger;
    QList<DurableAnswer> m_queued;   // staged in the ledger
    QList<DurableAnswer> m_flushing; // written, their flush in flight
    QTimer m_commitTimer;            // zero interval: fires once the event loop has handled this turn
};

} // namespace k8::agent
