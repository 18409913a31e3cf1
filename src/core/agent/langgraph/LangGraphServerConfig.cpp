// SPDX-License-Identifier: Apache-2.0
#include "agent/langgraph/LangGraphServerConfig.h"

#include "agent/request/RequestOrigin.h"

namespace k8::agent::langgraph {

QString LangGraphServerConfig::problem() const
{
    if (name.trimmed().isEmpty())
        return tr("the server has no name");
    switch (serverUrlFault(url)) {
    case ServerUrlFault::NotHttpWithHost:
        return tr("the server's URL is not an http or https URL with a host");
    case ServerUrlFault::QueryOrFragment:
        return tr("the server's URL has a query or fragment");
    case ServerUrlFault::UserInfo:
        return tr("the server's URL holds a user name or password");
    case ServerUrlFault::None:
        break;
    }
    if (!isUsableApiKey(apiKey))
        return tr("the API key holds a control character");
    return {};
}

bool LangGraphServerConfig::isUsableApiKey(const QString& key)
{
    // A key is a header value: a line break in it would let it add headers of its own.
    for (const QChar c : key)
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return false;
    return true;
}

bool LangGraphServerConfig::watchesGraph(const QString& graphId) const
{
    return graphs.isEmpty() || graphs.contains(graphId);
}

QUrl LangGraphServerConfig::withoutTrailingSlash(const QUrl& url)
{
    QUrl result = url;
    QString path = result.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    result.setPath(path);
    return result;
}

QUrl LangGraphServerConfig::endpoint(const QString& path) const
{
    QUrl result = withoutTrailingSlash(url);
    result.setPath(result.path() + path);
    return result;
}

} // namespace k8::agent::langgraph
