// SPDX-License-Identifier: Apache-2.0
#include "agent/langgraph/SavedLangGraphServers.h"

#include "agent/request/RequestOrigin.h"
#include "files/SettingsValue.h"

#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QUuid>

namespace k8::agent::langgraph {

namespace {
const QString KeyOrder = QStringLiteral("langgraph/order");
const QString KeyName = QStringLiteral("name");
const QString KeyUrl = QStringLiteral("url");
const QString KeyGraphs = QStringLiteral("graphs");
const QString KeyEnabled = QStringLiteral("enabled");
const QString KeyHasApiKey = QStringLiteral("hasApiKey");

QString groupOf(const QString& id)
{
    return QStringLiteral("langgraph-") + id;
}

bool hasControlCharacter(const QString& text)
{
    for (const QChar c : text)
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            return true;
    return false;
}
} // namespace

SavedLangGraphServers::SavedLangGraphServers(QSettings* settings, QObject* parent)
    : QObject(parent)
    , m_settings(settings)
{
    load();
}

const SavedLangGraphServer* SavedLangGraphServers::find(const QString& id) const
{
    for (const SavedLangGraphServer& server : m_servers)
        if (server.id == id)
            return &server;
    return nullptr;
}

QUrl SavedLangGraphServers::urlFromText(const QString& text)
{
    QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid())
        return {};
    return LangGraphServerConfig::withoutTrailingSlash(url);
}

QStringList SavedLangGraphServers::graphsFromText(const QString& text)
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    QStringList graphs;
    for (const QString& part : text.split(separators, Qt::SkipEmptyParts))
        if (!graphs.contains(part))
            graphs << part;
    return graphs;
}

QString SavedLangGraphServers::check(const SavedLangGraphServer& server,
                                     const QList<SavedLangGraphServer>& others)
{
    const QString name = server.name.trimmed();
    if (name.isEmpty())
        return tr("A LangGraph server needs a name.");
    if (name.size() > MaxNameLength)
        return tr("The name \"%1…\" is longer than %2 characters.").arg(name.left(20)).arg(MaxNameLength);
    // The name is shown on the review sheet as where a request comes from: nothing in it may
    // hide or reorder what is around it.
    if (hasControlCharacter(name))
        return tr("The name of server \"%1\" holds a control or invisible character.").arg(name);
    for (const SavedLangGraphServer& other : others) {
        if (other.id == server.id)
            continue;
        if (other.name.trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return tr("Two LangGraph servers are named \"%1\".").arg(name);
        // Watched twice, each interrupt would wait in the inbox twice. Compared as rules compare
        // servers: no trailing '/', no default port, scheme and host in lower case.
        const QString key = serverUrlKey(server.url.toString());
        if (!key.isEmpty() && serverUrlKey(other.url.toString()) == key)
            return tr("\"%1\" and \"%2\" are the same server (%3).")
                .arg(other.name.trimmed(), name, server.url.toString());
    }
    const ServerUrlFault fault = serverUrlFault(server.url);
    if (fault == ServerUrlFault::NotHttpWithHost)
        return tr("The URL of \"%1\" is not an http:// or https:// address with a host.").arg(name);
    if (fault != ServerUrlFault::None)
        return tr("The URL of \"%1\" has a query, a fragment or a user name; give the server's "
                  "address alone (its API key goes in the API key field).")
            .arg(name);
    for (const QString& graph : server.graphs)
        if (hasControlCharacter(graph))
            return tr("A graph of \"%1\" holds a control or invisible character.").arg(name);
    return {};
}

LangGraphServerConfig SavedLangGraphServers::configOf(const SavedLangGraphServer& server,
                                                      const QString& apiKey)
{
    return LangGraphServerConfig{server.name.trimmed(), server.url, apiKey, server.graphs};
}

bool SavedLangGraphServers::replaceAll(QList<SavedLangGraphServer> servers, QString* error)
{
    for (const SavedLangGraphServer& server : std::as_const(servers)) {
        if (const QString problem = check(server, servers); !problem.isEmpty()) {
            if (error)
                *error = problem;
            return false;
        }
    }
    QSet<QString> ids;
    for (SavedLangGraphServer& server : servers) {
        server.name = server.name.trimmed();
        // A copied entry must not share the secret of another.
        if (server.id.isEmpty() || ids.contains(server.id))
            server.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        ids.insert(server.id);
    }
    if (servers == m_servers)
        return true;
    m_servers = std::move(servers);
    save();
    Q_EMIT changed();
    return true;
}

void SavedLangGraphServers::load()
{
    const QStringList order = m_settings->value(KeyOrder).toStringList();
    for (const QString& id : order) {
        if (id.isEmpty() || find(id))
            continue;
        m_settings->beginGroup(groupOf(id));
        SavedLangGraphServer server;
        server.id = id;
        server.name = m_settings->value(KeyName).toString().trimmed();
        server.url = urlFromText(m_settings->value(KeyUrl).toString());
        server.graphs = graphsFromText(m_settings->value(KeyGraphs).toStringList().join(QLatin1Char(',')));
        server.enabled = m_settings->value(KeyEnabled, true).toBool();
        server.hasApiKey = m_settings->value(KeyHasApiKey).toBool();
        m_settings->endGroup();
        // A hand-edited entry that fails the checks is kept (the person sees and fixes it in
        // Settings) but never watched.
        if (!check(server, m_servers).isEmpty())
            server.enabled = false;
        m_servers.append(server);
    }
}

void SavedLangGraphServers::save() const
{
    const auto set = [this](const QString& key, const QVariant& value) {
        files::SettingsValue::setIfChanged(*m_settings, key, value);
    };
    QStringList order;
    for (const SavedLangGraphServer& server : m_servers) {
        order << server.id;
        m_settings->beginGroup(groupOf(server.id));
        set(KeyName, server.name);
        set(KeyUrl, server.url.toString());
        set(KeyGraphs, server.graphs);
        set(KeyEnabled, server.enabled);
        set(KeyHasApiKey, server.hasApiKey);
        m_settings->endGroup();
    }
    // Entries removed since: their groups go.
    for (const QString& group : m_settings->childGroups())
        if (group.startsWith(QStringLiteral("langgraph-")) && !order.contains(group.mid(10)))
            m_settings->remove(group);
    set(KeyOrder, order);
    m_settings->sync();
}

} // namespace k8::agent::langgraph
