// SPDX-License-Identifier: Apache-2.0
#include "kosa8/SandboxState.h"

namespace k8::kosa8 {

SandboxState sandboxStateFrom(const QString& status)
{
    const QString word = status.trimmed().toLower();
    if (word == QLatin1String("running"))
        return SandboxState::Running;
    if (word == QLatin1String("stopped"))
        return SandboxState::Stopped;
    if (word == QLatin1String("creating") || word == QLatin1String("starting") ||
        word == QLatin1String("stopping"))
        return SandboxState::Changing;
    if (word == QLatin1String("error") || word == QLatin1String("failed"))
        return SandboxState::Failed;
    return SandboxState::Unknown;
}

} // namespace k8::kosa8
