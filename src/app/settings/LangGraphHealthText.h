// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

namespace k8::agent::langgraph {
struct LangGraphServerStatus;
}

namespace k8::app {

// How a LangGraph server is doing, in words for the person: the Settings list's Health line and
// the status bar's tooltip say it alike.
class LangGraphHealthText
{
    Q_DECLARE_TR_FUNCTIONS(k8::app::LangGraphHealthText)
public:
    // "reachable, LangGraph API 0.16.7, 2 interrupted threads", "unreachable: …", "checking…".
    static QString of(const agent::langgraph::LangGraphServerStatus& status);
};

} // namespace k8::app
