// SPDX-License-Identifier: Apache-2.0
#include "agent/request/RequestOrigin.h"

#include <QLocale>
#include <QUrl>

#include <cmath>

namespace k8::agent {

QString requestIdText(const QJsonValue& id)
{
    if (id.isString())
        return id.toString();
    if (id.isDouble()) {
        const double value = id.toDouble();
        // Integers up to 2^53 are exact in a double; JSON-RPC ids are such integers or strings.
        if (std::isfinite(value) && std::floor(value) == value && std::fabs(value) <= 9007199254740992.0)
            return QString::number(static_cast<qint64>(value));
        return QString::number(value, 'g', QLocale::FloatingPointShortest);
    }
    return QStringLiteral("null");
}

ServerUrlFault serverUrlFault(const QUrl& url)
{
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return ServerUrlFault::NotHttpWithHost;
    if (url.hasQuery() || url.hasFragment())
        return ServerUrlFault::QueryOrFragment;
    if (!url.userInfo().isEmpty())
        return ServerUrlFault::UserInfo;
    return ServerUrlFault::None;
}

QString serverUrlKey(const QString& url)
{
    // Tolerant, as QUrl reads back what its own toString() wrote (RequestOrigin::server is
    // LangGraphServerConfig::url.toString()); written fully encoded, so that the key reads back
    // as itself from rules.json.
    const QUrl parsed(url, QUrl::TolerantMode);
    if (serverUrlFault(parsed) != ServerUrlFault::None)
        return {};
    const QString scheme = parsed.scheme().toLower();
    const bool http = scheme == QLatin1String("http");
    QUrl key = parsed;
    key.setScheme(scheme);
    if (parsed.port() == (http ? 80 : 443))
        key.setPort(-1);
    QString path = key.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    key.setPath(path);
    return key.toString(QUrl::FullyEncoded);
}

} // namespace k8::agent
