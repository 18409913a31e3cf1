// SPDX-License-Identifier: Apache-2.0
#include "timeline/ResetAfterRun.h"

#include "kosa8/Kosa8Runner.h"

#include <spdlog/spdlog.h>

namespace k8::timeline {

ResetAfterRun::ResetAfterRun(kosa8::Kosa8Runner* runner, TimelineStore* store, QObject* parent)
    : QObject(parent)
    , m_runner(runner)
    , m_store(store)
{}

void ResetAfterRun::onRunEnded(const RunResult& result)
{
    if (!m_runner || !m_store || !m_store->resetAfterRun(result.sandbox))
        return;
    const QString base = m_store->baseCheckpoint(result.sandbox);
    if (base.isEmpty()) {
        Q_EMIT resetSkipped(result.sandbox,
                            tr("%1 resets after every run, but has no base checkpoint.").arg(result.sandbox));
        return;
    }
    const QString sandbox = result.sandbox;
    kosa8::Kosa8Job* job = m_runner->start(
        kosa8::Operation::Rewind, {{QStringLiteral("name"), sandbox}, {QStringLiteral("label"), base}});
    spdlog::info("resetting sandbox {} to its base {} after a run", sandbox.toStdString(),
                 base.toStdString());
    Q_EMIT resetStarted(sandbox, base, job->preview());
    connect(job, &kosa8::Kosa8Job::finished, this,
            [this, sandbox](const kosa8::JobResult& jobResult) { Q_EMIT resetFinished(sandbox, jobResult); });
}

} // namespace k8::timeline
