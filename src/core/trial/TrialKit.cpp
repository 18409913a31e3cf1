// SPDX-License-Identifier: Apache-2.0
#include "trial/TrialKit.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/Types.h"

namespace k8::trial {

TrialKit::TrialKit(kosa8::Kosa8Runner* runner, const QString& dataDir)
    : m_runner(runner)
    , m_copies(dataDir)
    , m_mounts(dataDir)
{
    if (runner)
        m_mounts.watch(runner);
}

QString TrialKit::whyNot(const QString& sandbox, const kosa8::Sandbox* listed) const
{
    if (!m_runner)
        return tr("kosa8 is not available.");
    if (sandbox.isEmpty())
        return tr("No sandbox is chosen for this run.");
    if (m_copies.isLeftover(sandbox))
        return tr("%1 is itself a throwaway copy from an earlier trial.").arg(sandbox);
    if (!listed)
        return tr("%1 is not in kosa8's sandbox list, so it cannot be forked.").arg(sandbox);
    if (listed->status != QLatin1String("running"))
        return tr("%1 is %2; only a running sandbox can be forked.").arg(sandbox, listed->status);
    return m_mounts.whyNotMountFree(sandbox, listed);
}

} // namespace k8::trial
