// SPDX-License-Identifier: Apache-2.0
#include "settings/LangGraphHealthText.h"

#include "agent/langgraph/InterruptWatcher.h"

namespace k8::app {

QString LangGraphHealthText::of(const agent::langgraph::LangGraphServerStatus& status)
{
    if (status.reachable) {
        QString text = status.version.isEmpty() ? tr("reachable")
                                                : tr("reachable, LangGraph API %1").arg(status.version);
        text += tr(", %n interrupted thread(s)", nullptr, status.interruptedThreads);
        return text;
    }
    if (status.error.isEmpty())
        return tr("checking…");
    return tr("unreachable: %1").arg(status.error);
}

} // namespace k8::app
