// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/langgraph/InterruptWatcher.h"
#include "agent/langgraph/LangGraphServerConfig.h"
#include "agent/langgraph/LangGraphSource.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <map>
#include <memory>

namespace k8::agent {
class RequestDesk;
}

namespace k8::agent::langgraph {

// The LangGraph servers the app watches now, each a LangGraphSource of the desk's requests: the
// ones saved in Settings that are on, and the command line's (--langgraph) for this run. Given
// the whole list whenever it changes (setServers), it starts a source for a new server, removes
// the source of a server that went or was turned off (its requests leave the inbox undecided:
// the server keeps them), and replaces the source of a server whose address, key, name or graphs
// changed. A server whose settings did not change keeps its source, its requests and its status.
// A person's decisions that had not reached a server when its source went are kept, by address,
// and given to the next source of that address (LangGraphSource::adoptUndelivered()): fixing a
// server's key, or switching it off and on, loses no decision.
class LangGraphServers : public QObject
{
    Q_OBJECT
public:
    struct Server
    {
        QString id; // the saved server's id, or "command-line-N"
        LangGraphServerConfig config;
        bool fromCommandLine = false;

        bool operator==(const Server&) const = default;
    };

    // `desk` is not owned and outlives this object's use of it (stopAll() before it goes).
    explicit LangGraphServers(RequestDesk* desk, QObject* parent = nullptr);
    ~LangGraphServers() override;

    // Called for each source before it starts (tests shorten its polls).
    void setSourceSetUp(std::function<void(LangGraphSource*)> setUp) { m_setUp = std::move(setUp); }

    void setServers(const QList<Server>& servers);
    QList<Server> servers() const;
    LangGraphSource* source(const QString& id) const;
    // The last status of a watched server; reachable false and an empty error before its first poll.
    LangGraphServerStatus status(const QString& id) const;
    bool isWatched(const QString& id) const { return m_watched.count(id) > 0; }
    // How many watched servers the last poll could not reach.
    int unreachableCount() const;

    // At quit: every source stops polling (their requests stay pending on the servers).
    void stopAll();

Q_SIGNALS:
    // A server's source started or went (the list of watched servers changed).
    void serversChanged();
    void statusChanged(const QString& id, const k8::agent::langgraph::LangGraphServerStatus& status);
    // Something the person should know about one server (LangGraphSource::problem()).
    void problem(const QString& id, const QString& serverName, const QString& message);

private:
    struct Watched
    {
        Server server;
        std::unique_ptr<LangGraphSource> source;
    };
    void startWatching(const Server& server);
    void stopWatching(const QString& id);

    RequestDesk* m_desk;
    std::function<void(LangGraphSource*)> m_setUp;
    std::map<QString, Watched> m_watched; // by id
    QList<QString> m_order;               // ids in the order given
    // serverUrlKey() -> decisions not yet delivered when that address's source went.
    QHash<QString, QList<LangGraphSource::Undelivered>> m_undelivered;
    bool m_stopped = false;
};

} // namespace k8::agent::langgraph
