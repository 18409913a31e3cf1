// SPDX-License-Identifier: Apache-2.0
#include "agent/DurableAnswers.h"

#include "agent/payload/PayloadShapes.h"
#include "agent/review/DecisionNotice.h"

#include <QAbstractEventDispatcher>

#include <spdlog/spdlog.h>

#include <utility>

namespace k8::agent {

DurableAnswers::DurableAnswers(Ledger* ledger, QObject* parent)
    : QObject(parent)
    , m_ledger(ledger)
{
    // The turn's decisions are committed when the event loop has nothing left to do and is
    // about to wait (no extra pass of the loop per batch). The zero timer is the fallback for
    // loops that never wait (processEvents() pumped by hand); a timer rather than a posted call,
    // as it does not wake the loop through its wake-up pipe for every batch.
    m_commitTimer.setSingleShot(true);
    m_commitTimer.setInterval(0);
    connect(&m_commitTimer, &QTimer::timeout, this, &DurableAnswers::commitQueued);
    if (QAbstractEventDispatcher* dispatcher = QAbstractEventDispatcher::instance(thread()))
        connect(dispatcher, &QAbstractEventDispatcher::aboutToBlock, this, &DurableAnswers::commitQueued);
}

DurableAnswers::~DurableAnswers()
{
    // No flush may still call back into a queue that is gone.
    settle();
}

bool DurableAnswers::enqueue(const DurableAnswer& answer, QString* error)
{
    if (!m_ledger->stage(answer.record, error))
        return false;
    m_queued.append(answer);
    scheduleCommit();
    return true;
}

void DurableAnswers::scheduleCommit()
{
    if (!m_commitTimer.isActive())
        m_commitTimer.start();
}

void DurableAnswers::commitQueued()
{
    if (m_queued.isEmpty() || m_ledger->isFlushing())
        return; // the flush in flight starts the next batch when it ends
    m_commitTimer.stop();
    m_flushing = std::exchange(m_queued, {});
    QString error;
    // Called on the ledger's flush thread; this queue outlives the flush (settle() in the
    // destructor finishes it). Called by name, so the queued call carries nothing the flush
    // thread wrote (ThreadSanitizer cannot see Qt's locks order it: tests/sanitize/README.md).
    const bool written = m_ledger->startCommit(
        [this] { QMetaObject::invokeMethod(this, "ledgerFlushed", Qt::QueuedConnection); }, &error);
    if (!written || !m_ledger->isFlushing())
        answerBatch(std::exchange(m_flushing, {}), written, error);
}

void DurableAnswers::ledgerFlushed()
{
    // A notice may come for a flush settle() has already finished; only an ended flush is
    // settled here, without waiting.
    if (!m_ledger->flushEnded())
        return;
    QString error;
    const bool durable = m_ledger->finishCommit(&error);
    answerBatch(std::exchange(m_flushing, {}), durable, error);
    commitQueued(); // what came in while the disk was busy
}

void DurableAnswers::answerBatch(QList<DurableAnswer> batch, bool durable, const QString& error)
{
    if (batch.isEmpty())
        return;
    if (durable) {
        for (const DurableAnswer& queued : std::as_const(batch))
            Q_EMIT answerReady(queued);
        Q_EMIT batchAnswered();
        return;
    }
    // Fail closed: none of the batch is on disk, so none of its approvals may leave.
    spdlog::error("ledger commit failed: {}", error.toStdString());
    Q_EMIT problem(error);
    const QString reason = tr("The decision could not be recorded: %1").arg(error);
    bool requeued = false;
    for (DurableAnswer& queued : batch) {
        if (queued.returnsToPerson) {
            Q_EMIT unrecorded(queued);
            continue;
        }
        // A record that answers nothing (a request decided at its source) approves nothing either:
        // it is recorded again as it was, not as a rejection nobody made.
        if (queued.answersSource) {
            if (queued.approves)
                queued.result = rejectionFor(queued.request, reason);
            queued.approves = false;
            queued.startsRun = false;
            queued.decision = DecisionKind::Reject;
            queued.record.decision = decisionName(DecisionKind::Reject);
            queued.record.reason = canCarryRejectReason(queued.request.shape) ? reason : QString();
        }
        if (!queued.retried) {
            queued.retried = true;
            if (m_ledger->stage(queued.record, nullptr)) {
                m_queued.append(queued);
                requeued = true;
                continue;
            }
        }
        Q_EMIT answerReady(queued);
    }
    Q_EMIT batchAnswered();
    if (requeued)
        scheduleCommit();
}

void DurableAnswers::settle()
{
    // Each pass finishes a flush or commits a batch; a batch that fails comes back once, as
    // rejections, so this ends.
    while (m_ledger->isFlushing() || !m_queued.isEmpty()) {
        QString error;
        if (m_ledger->isFlushing()) {
            const bool durable = m_ledger->finishCommit(&error);
            answerBatch(std::exchange(m_flushing, {}), durable, error);
            continue;
        }
        QList<DurableAnswer> batch = std::exchange(m_queued, {});
        const bool durable = m_ledger->commit(&error);
        answerBatch(std::move(batch), durable, error);
    }
}

} // namespace k8::agent
