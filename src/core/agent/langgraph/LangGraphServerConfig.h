// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace k8::agent::langgraph {

// One LangGraph server the app watches: where it is, the key it wants (sent as "x-api-key", as
// LangGraph's own SDK does), and which graphs' threads to watch (none listed: all of them).
struct LangGraphServerConfig
{
    QString name; // how the app names the server to the person; the key of its interrupts
    QUrl url;     // the API's base, e.g. http://127.0.0.1:2024 (a path prefix is kept)
    QString apiKey;
    QStringList graphs;

    // Empty when usable; otherwise what is wrong, for the person to fix.
    QString problem() const;
    // Whether a thread of this graph is watched (an empty graph id is only when no list is given).
    bool watchesGraph(const QString& graphId) const;
    // The URL of an API path ("/threads/search") below url.
    QUrl endpoint(const QString& path) const;
    // `url` without the slashes that end its path: "http://h:2024/" and "http://h:2024" are one
    // server (QUrl::StripTrailingSlash keeps a path of "/").
    static QUrl withoutTrailingSlash(const QUrl& url);
    // Whether `key` can be sent as the x-api-key header (no control character).
    static bool isUsableApiKey(const QString& key);

    bool operator==(const LangGraphServerConfig&) const = default;

    // problem() is for the person (Settings, the window's warnings): translated.
    Q_DECLARE_TR_FUNCTIONS(k8::agent::langgraph::LangGraphServerConfig)
};

} // namespace k8::agent::langgraph
