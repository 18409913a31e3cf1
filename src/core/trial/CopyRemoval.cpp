// SPDX-License-Identifier: Apache-2.0
#include "trial/CopyRemoval.h"

#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "trial/TrialCopies.h"

#include <spdlog/spdlog.h>

namespace k8::trial {

using kosa8::JobResult;
using kosa8::Operation;

CopyRemoval::CopyRemoval(kosa8::Kosa8Runner* runner, TrialCopies* copies, QObject* parent)
    : QObject(parent)
    , m_runner(runner)
    , m_copies(copies)
{}

void CopyRemoval::start(const QStringList& copies)
{
    Q_ASSERT(!m_running);
    m_running = true;
    m_left = copies;
    m_removed.clear();
    m_problems.clear();
    next();
}

void CopyRemoval::next()
{
    if (m_left.isEmpty() || !m_runner) {
        for (const QString& copy : std::as_const(m_left))
            m_problems.append(tr("%1 was not removed: kosa8 is not available.").arg(copy));
        m_left.clear();
        m_running = false;
        Q_EMIT finished(m_removed, m_problems);
        return;
    }
    startStep(Step::Remove);
}

void CopyRemoval::startStep(Step step)
{
    m_step = step;
    const QString copy = m_left.first();
    const bool stop = step == Step::Stop;
    kosa8::Kosa8Job* job = m_runner->start(stop ? Operation::SandboxStop : Operation::SandboxRemove,
                                           kosa8::params::sandbox(copy));
    Q_EMIT stepStarted(stop ? tr("Stopping the copy %1 so that it can be removed").arg(copy)
                            : tr("Removing the copy %1").arg(copy),
                       job->preview());
    connect(job, &kosa8::Kosa8Job::finished, this, &CopyRemoval::stepFinished);
}

void CopyRemoval::stepFinished(const JobResult& result)
{
    if (m_step == Step::Remove && !result.ok()) {
        startStep(Step::Stop);
        return;
    }
    if (m_step == Step::Stop && result.ok()) {
        startStep(Step::RemoveAgain);
        return;
    }
    const QString copy = m_left.takeFirst();
    if (m_step != Step::Stop && result.ok()) {
        QString error;
        if (!m_copies->recordRemoved(copy, &error))
            spdlog::warn("trial copy {} removed but not crossed out: {}", copy.toStdString(),
                         error.toStdString());
        m_removed.append(copy);
    } else {
        spdlog::warn("trial copy {} not removed: {}", copy.toStdString(),
                     result.describeFailure().toStdString());
        m_problems.append(
            tr("kosa8 could not remove the copy %1; it stays on the list of leftover copies and is "
               "removed at the next start. %2")
                .arg(copy, result.describeFailure()));
    }
    next();
}

} // namespace k8::trial
