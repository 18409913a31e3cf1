// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/langgraph/LangGraphThreads.h"

#include <QJsonValue>
#include <QObject>
#include <QString>

namespace k8::agent::langgraph {

class LangGraphApi;

// How one resume ended.
struct ResumeOutcome
{
    enum class Result
    {
        Resumed,         // the server took the run: runId names it
        NoLongerPending, // the thread no longer holds this interrupt (id and value): nothing sent
        Failed,          // the check or the resume failed (unreachable, HTTP error, bad answer)
    };
    Result result = Result::Failed;
    PendingInterrupt interrupt;
    QString runId;
    int httpStatus = 0; // of the failing request (409: another run is on the thread)
    QString message;    // for the person: what happened and why
};

// Resumes one pending interrupt, checking first that it still is pending (docs/langgraph.md).
// langgraph-api does not refuse a resume naming an interrupt id the thread does not hold (0.16.7
// runs the graph on, the thread stays interrupted where it was; the issue saw 0.16 hand the whole
// map to the pending interrupt), so an answer meant for an interrupt someone else already
// resumed could land on another. Right before resuming, the thread is fetched and the interrupt
// must be there with the same id and the same value hash; the run is created with
// multitask_strategy "reject", so a run someone started since is refused (409) rather than
// queued behind. What remains is the moment between the check and the resume: the API offers no
// conditional resume to close it.
class ResumeGuard : public QObject
{
    Q_OBJECT
public:
    explicit ResumeGuard(LangGraphApi* api, QObject* parent = nullptr);

    // Checks, then resumes `interrupt` with `answer`; finished() follows once, asynchronously.
    void resume(const PendingInterrupt& interrupt, const QJsonValue& answer);

Q_SIGNALS:
    void finished(const k8::agent::langgraph::ResumeOutcome& outcome);

private:
    void finish(ResumeOutcome outcome);

    LangGraphApi* m_api;
};

} // namespace k8::agent::langgraph

Q_DECLARE_METATYPE(k8::agent::langgraph::ResumeOutcome)
