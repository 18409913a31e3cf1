// SPDX-License-Identifier: Apache-2.0
#include "agent/runs/RunAnswer.h"

#include "agent/socket/JsonRpc.h"

#include <memory>
#include <utility>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace k8::agent {

QJsonObject RunOutcome::result() const
{
    QJsonObject result = fields;
    if (withStdout)
        result.insert(QStringLiteral("stdout"), QString::fromUtf8(stdoutData));
    QString stderrText = QString::fromUtf8(stderrData);
    stderrText += stderrTail;
    result.insert(QStringLiteral("stderr"), stderrText);
    return result;
}

RunAnswer buildRunAnswer(const RunAnswerJob& job)
{
    RunAnswer built;
    QJsonObject result = job.outcome.result();
    if (job.ran) {
        // The run's fields, what the agent's notifications left out, and the decision and the code
        // (a key the run set itself wins, as it always has).
        result.insert(QStringLiteral("output_dropped_bytes"), job.droppedBytes);
        if (!result.contains(QStringLiteral("decision")))
            result.insert(QStringLiteral("decision"), job.decision);
        if (!result.contains(QStringLiteral("code")))
            result.insert(QStringLiteral("code"), job.code);
        built.line = rpcResult(job.rpcId, result);
        built.shown = result;
    } else {
        built.line = rpcError(job.rpcId, makeRpcError(ErrorCode::Kosa8Failed, job.message, result));
        built.shown = result;
        built.shown.insert(QStringLiteral("error"), job.message);
        built.shown.insert(QStringLiteral("sandbox"), job.sandbox);
    }
    if (!job.resetOutcome.isEmpty())
        built.shown.insert(QStringLiteral("reset"), job.resetOutcome);
    return built;
}

RunAnswerBuilder::RunAnswerBuilder(QObject* parent)
    : QObject(parent)
{
    // One thread (SerialWorker): answers are built one after another, in the order the runs
    // finished, and a burst of large runs takes one core, not all of them.
}

RunAnswerBuilder::~RunAnswerBuilder()
{
    // A build still running posts to this object when it ends: it must end first. Its answer is
    // not handed out (the owner calls settle() before, where an answer still matters).
    m_worker.waitForIdle();
}

bool RunAnswerBuilder::isBuilt(Slot& slot)
{
    std::lock_guard lock(slot.mutex);
    return slot.answer.has_value();
}

void RunAnswerBuilder::build(const RunAnswerJob& job)
{
    auto slot = std::make_shared<Slot>();
    m_inFlight.append({job, slot});
    // The worker gets only what it reads; the request stays here.
    RunAnswerJob work = job;
    work.request = Request();
    m_worker.post([this, slot, work] {
        RunAnswer answer = buildRunAnswer(work);
        {
            std::lock_guard lock(slot->mutex);
            slot->answer = std::move(answer);
        }
        slot->done.notify_all();
        // The destructor waits for this task, so `this` is still there. Called by name, so the
        // queued call carries nothing the worker wrote: ThreadSanitizer cannot see Qt's locks
        // order its hand-over (tests/sanitize/README.md); the answer crosses under slot->mutex.
        QMetaObject::invokeMethod(this, "deliverFinished", Qt::QueuedConnection);
    });
}

void RunAnswerBuilder::deliverFinished()
{
    bool handedOut = false;
    while (!m_inFlight.isEmpty() && isBuilt(*m_inFlight.constFirst().slot)) {
        InFlight done = m_inFlight.takeFirst();
        RunAnswer answer;
        {
            std::lock_guard lock(done.slot->mutex);
            answer = std::move(*done.slot->answer);
        }
        Q_EMIT built(done.job, answer);
        handedOut = true;
    }
    if (handedOut && m_inFlight.isEmpty())
        releaseFreedMemory();
}

void RunAnswerBuilder::releaseFreedMemory()
{
#if defined(__GLIBC__)
    // The answers were allocated on the builder's thread, in a malloc arena of its own, which
    // glibc keeps when they are freed (megabytes: bench_run_stream's peak RSS rose by about
    // 16 MiB with it). Handing the free pages back costs a pass over the arenas: on the builder's
    // thread, once the answers are out and gone.
    m_worker.post([] { malloc_trim(0); });
#endif
}

void RunAnswerBuilder::settle()
{
    while (!m_inFlight.isEmpty()) {
        InFlight next = m_inFlight.takeFirst();
        RunAnswer answer;
        {
            std::unique_lock lock(next.slot->mutex);
            next.slot->done.wait(lock, [&next] { return next.slot->answer.has_value(); });
            answer = std::move(*next.slot->answer);
        }
        Q_EMIT built(next.job, answer);
    }
}

} // namespace k8::agent
