// SPDX-License-Identifier: Apache-2.0
#include "agent/langgraph/LangGraphServers.h"

#include "agent/langgraph/LangGraphSource.h"
#include "agent/request/RequestOrigin.h"
#include "agent/request/RequestSource.h"

#include <QSet>

#include <spdlog/spdlog.h>

namespace k8::agent::langgraph {

LangGraphServers::LangGraphServers(RequestDesk* desk, QObject* parent)
    : QObject(parent)
    , m_desk(desk)
{}

LangGraphServers::~LangGraphServers() = default;

void LangGraphServers::setServers(const QList<Server>& servers)
{
    if (m_stopped)
        return; // quitting: nothing starts again
    QSet<QString> wanted;
    QStringList addresses;
    bool changed = false;
    for (const Server& server : servers) {
        // One address is watched once (the first given: a saved server before the command
        // line's), or each of its interrupts would wait in the inbox twice.
        const QString address = serverUrlKey(server.config.url.toString());
        if (server.config.problem().isEmpty() && !addresses.contains(address)) {
            wanted.insert(server.id);
            addresses.append(address);
        }
    }
    // Gone, or changed: the old source goes first, so one server never has two sources.
    for (const QString& id : QList<QString>(m_order)) {
        const auto found = m_watched.find(id);
        const auto given = std::find_if(servers.cbegin(), servers.cend(),
                                        [&id](const Server& server) { return server.id == id; });
        if (!wanted.contains(id) || given == servers.cend() || !(*given == found->second.server)) {
            stopWatching(id);
            changed = true;
        }
    }
    for (const Server& server : servers) {
        if (!wanted.contains(server.id)) {
            const QString problem = server.config.problem();
            spdlog::warn("langgraph {}: not watched: {}", server.config.name.toStdString(),
                         problem.isEmpty() ? "its address is watched already" : problem.toStdString());
            continue;
        }
        if (m_watched.count(server.id) == 0) {
            startWatching(server);
            changed = true;
        }
    }
    // The order given (the settings' list order) is the order reported.
    QList<QString> order;
    for (const Server& server : servers)
        if (m_watched.count(server.id) && !order.contains(server.id))
            order.append(server.id);
    m_order = order;
    if (changed)
        Q_EMIT serversChanged();
}

void LangGraphServers::startWatching(const Server& server)
{
    auto source = std::make_unique<LangGraphSource>(server.config, m_desk);
    LangGraphSource* watched = source.get();
    const QString id = server.id;
    connect(watched, &LangGraphSource::statusChanged, this,
            [this, id](const LangGraphServerStatus& status) { Q_EMIT statusChanged(id, status); });
    connect(
        watched, &LangGraphSource::problem, this,
        [this, id, name = server.config.name](const QString& message) { Q_EMIT problem(id, name, message); });
    if (m_setUp)
        m_setUp(watched);
    const QList<LangGraphSource::Undelivered> carried =
        m_undelivered.take(serverUrlKey(server.config.url.toString()));
    if (!carried.isEmpty()) {
        spdlog::info(
            "langgraph {}: {} decisions made under its earlier settings are delivered once found pending",
            server.config.name.toStdString(), carried.size());
        watched->adoptUndelivered(carried);
    }
    spdlog::info("langgraph: watching {} ({})", server.config.url.toString().toStdString(),
                 server.config.name.toStdString());
    m_watched[id] = Watched{server, std::move(source)};
    m_order.append(id);
    watched->start();
}

void LangGraphServers::stopWatching(const QString& id)
{
    const auto found = m_watched.find(id);
    if (found == m_watched.end())
        return;
    LangGraphSource* source = found->second.source.get();
    const QList<LangGraphSource::Undelivered> undelivered = source->takeUndelivered();
    if (!undelivered.isEmpty()) {
        spdlog::info("langgraph {}: {} decisions not yet delivered are kept for its next source",
                     found->second.server.config.name.toStdString(), undelivered.size());
        m_undelivered[serverUrlKey(found->second.server.config.url.toString())] += undelivered;
    }
    spdlog::info("langgraph: no longer watching {}",
                 found->second.server.config.url.toString().toStdString());
    source->stop();
    // Its requests leave the inbox undecided: the server still holds them.
    m_desk->removeSource(source);
    m_watched.erase(found);
    m_order.removeAll(id);
}

QList<LangGraphServers::Server> LangGraphServers::servers() const
{
    QList<Server> result;
    for (const QString& id : m_order)
        result.append(m_watched.at(id).server);
    return result;
}

LangGraphSource* LangGraphServers::source(const QString& id) const
{
    const auto found = m_watched.find(id);
    return found == m_watched.end() ? nullptr : found->second.source.get();
}

LangGraphServerStatus LangGraphServers::status(const QString& id) const
{
    const LangGraphSource* watched = source(id);
    return watched ? watched->watcher()->status() : LangGraphServerStatus{};
}

int LangGraphServers::unreachableCount() const
{
    int count = 0;
    for (const auto& [id, watched] : m_watched) {
        const LangGraphServerStatus status = watched.source->watcher()->status();
        count += !status.reachable && !status.error.isEmpty();
    }
    return count;
}

void LangGraphServers::stopAll()
{
    m_stopped = true;
    for (auto& [id, watched] : m_watched)
        watched.source->stop();
}

} // namespace k8::agent::langgraph
