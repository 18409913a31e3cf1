// SPDX-License-Identifier: Apache-2.0
#include "settings/LangGraphStatusButton.h"

#include "agent/langgraph/LangGraphServers.h"
#include "settings/LangGraphHealthText.h"
#include "style/Style.h"

namespace k8::app {

using agent::langgraph::LangGraphServers;

LangGraphStatusButton::LangGraphStatusButton(LangGraphServers* servers, QWidget* parent)
    : QToolButton(parent)
    , m_servers(servers)
{
    setObjectName(QStringLiteral("langGraphStatus"));
    setAutoRaise(true);
    connect(this, &QToolButton::clicked, this, &LangGraphStatusButton::settingsRequested);
    connect(servers, &LangGraphServers::serversChanged, this, &LangGraphStatusButton::refresh);
    connect(servers, &LangGraphServers::statusChanged, this, &LangGraphStatusButton::refresh);
    refresh();
}

void LangGraphStatusButton::refresh()
{
    const QList<LangGraphServers::Server> servers = m_servers->servers();
    setVisible(!servers.isEmpty());
    const int unreachable = m_servers->unreachableCount();
    const QString text =
        unreachable > 0 ? tr("LangGraph: %1 of %n unreachable", nullptr, int(servers.size())).arg(unreachable)
                        : tr("LangGraph: %n server(s)", nullptr, int(servers.size()));
    if (this->text() != text)
        setText(text);
    style::setTextTone(this, unreachable > 0 ? style::Tone::Warning : style::Tone::None);
    QStringList lines;
    for (const LangGraphServers::Server& server : servers)
        lines << tr("%1: %2").arg(server.config.name, LangGraphHealthText::of(m_servers->status(server.id)));
    setToolTip(lines.join(QLatin1Char('\n')));
    setAccessibleName(tr("%1. Open the LangGraph servers in Settings").arg(text));
    setAccessibleDescription(lines.join(QStringLiteral("; ")));
}

} // namespace k8::app
