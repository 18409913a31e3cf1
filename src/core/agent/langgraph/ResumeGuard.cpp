// SPDX-License-Identifier: Apache-2.0
#include "agent/langgraph/ResumeGuard.h"

#include "agent/langgraph/LangGraphApi.h"

namespace k8::agent::langgraph {

ResumeGuard::ResumeGuard(LangGraphApi* api, QObject* parent)
    : QObject(parent)
    , m_api(api)
{}

void ResumeGuard::finish(ResumeOutcome outcome)
{
    Q_EMIT finished(outcome);
}

void ResumeGuard::resume(const PendingInterrupt& interrupt, const QJsonValue& answer)
{
    // The check reads the thread's interrupts alone (not its values, which can be large), the
    // same way the watcher does.
    m_api->threadsWithInterrupts(
        {interrupt.threadId}, this, [this, interrupt, answer](const LangGraphResponse& response) {
            ResumeOutcome outcome;
            outcome.interrupt = interrupt;
            if (!response.ok()) {
                outcome.httpStatus = response.httpStatus;
                outcome.message =
                    QStringLiteral("Not resumed: the check before resuming failed: %1").arg(response.error);
                finish(outcome);
                return;
            }
            const ThreadsRead read = readThreadList(response.body);
            if (!read.error.isEmpty()) {
                outcome.message =
                    QStringLiteral("Not resumed: the check before resuming failed: %1").arg(read.error);
                finish(outcome);
                return;
            }
            const LangGraphThread* thread = nullptr;
            for (const LangGraphThread& candidate : read.threads)
                if (candidate.threadId == interrupt.threadId)
                    thread = &candidate;
            // A run is on the thread (a sibling interrupt of a parallel branch being resumed, or
            // someone's run): nothing is judged until it stops, as the watcher does; it may stop at
            // this very interrupt again. Failed, so that the caller tries again later.
            if (thread && thread->status == QLatin1String("busy")) {
                outcome.message = QStringLiteral("Not resumed yet: the thread is busy with a run");
                finish(outcome);
                return;
            }
            const PendingInterrupt* held = nullptr;
            if (thread && thread->status == QLatin1String("interrupted")) {
                for (const PendingInterrupt& candidate : thread->interrupts)
                    if (candidate.interruptId == interrupt.interruptId &&
                        candidate.valueSha256 == interrupt.valueSha256)
                        held = &candidate;
            }
            if (!held) {
                outcome.result = ResumeOutcome::Result::NoLongerPending;
                outcome.message =
                    !thread ? QStringLiteral("Not resumed: the thread no longer exists")
                    : thread->status != QLatin1String("interrupted")
                        ? QStringLiteral("Not resumed: the interrupt is no longer pending (the thread is %1)")
                              .arg(thread->status.isEmpty() ? QStringLiteral("in no known state")
                                                            : thread->status)
                        : QStringLiteral(
                              "Not resumed: the interrupt is no longer pending (resumed elsewhere, or its "
                              "value changed)");
                finish(outcome);
                return;
            }
            // The thread's assistant as it is now (the watcher's copy may be a poll old).
            const QString assistantId =
                held->assistantId.isEmpty() ? interrupt.assistantId : held->assistantId;
            if (assistantId.isEmpty()) {
                outcome.message =
                    QStringLiteral("Not resumed: the thread names no assistant or graph to resume it with");
                finish(outcome);
                return;
            }
            m_api->resume(interrupt.threadId, assistantId, interrupt.interruptId, answer, this,
                          [this, outcome](const LangGraphResponse& resumed) mutable {
                              if (!resumed.ok()) {
                                  outcome.httpStatus = resumed.httpStatus;
                                  outcome.message = QStringLiteral("Not resumed: %1").arg(resumed.error);
                                  finish(outcome);
                                  return;
                              }
                              QString error;
                              outcome.runId = readRunId(resumed.body, &error);
                              if (!error.isEmpty()) {
                                  // The server took the request; what it answered cannot be read.
                                  // Reported as resumed: sending it again would resume twice.
                                  outcome.message = QStringLiteral("Resumed, but %1").arg(error);
                              } else {
                                  outcome.message = QStringLiteral("Resumed (run %1)").arg(outcome.runId);
                              }
                              outcome.result = ResumeOutcome::Result::Resumed;
                              finish(outcome);
                          });
        });
}

} // namespace k8::agent::langgraph
