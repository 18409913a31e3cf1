// SPDX-License-Identifier: Apache-2.0
#include "agent/langgraph/LangGraphServerConfig.h"

namespace k8::agent::langgraph {

QString LangGraphServerConfig::problem() const
{
    if (name.trimmed().isEmpty())
        return tr("the server has no name");
    if (!url.isValid() || url.host().isEmpty())
        return tr("the server's URL is not a URL with a host");
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return tr("the server's URL is neither http nor https");
    if (url.hasQuery() || url.hasFragment())
        return tr("the server's URL has a query or fragment");
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
