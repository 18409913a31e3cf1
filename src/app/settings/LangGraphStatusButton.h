// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QToolButton>

namespace k8::agent::langgraph {
class LangGraphServers;
}

namespace k8::app {

// The status bar's word on the LangGraph servers watched: "LangGraph: 2 servers", or "LangGraph:
// 1 of 2 unreachable" in the warning colour while a server cannot be reached; each server's
// health in its tooltip and accessible description. Pressing it opens Settings, where they are
// kept. Hidden while no server is watched: most people use none.
class LangGraphStatusButton : public QToolButton
{
    Q_OBJECT
public:
    // `servers` outlives the button.
    explicit LangGraphStatusButton(agent::langgraph::LangGraphServers* servers, QWidget* parent = nullptr);

Q_SIGNALS:
    void settingsRequested();

private:
    void refresh();
    agent::langgraph::LangGraphServers* m_servers;
};

} // namespace k8::app
