// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/langgraph/LangGraphServerConfig.h"

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

class QSettings;

namespace k8::agent::langgraph {

// A LangGraph server the person added in Settings. Its API key is not part of it: keys live in
// the secret store (secrets/ServerApiKeys), under secretKey(id).
struct SavedLangGraphServer
{
    QString id; // stable and never shown: the key of its API key in the secret store
    QString name;
    QUrl url;
    QStringList graphs; // the graphs watched; empty: all of them
    bool enabled = true;
    bool hasApiKey = false; // a key was given (it is in the secret store, or was meant to be)

    bool operator==(const SavedLangGraphServer&) const = default;
};

// The saved LangGraph servers, in the settings INI under [langgraph] (without API keys), written
// on every change. Checks what may be saved: a name (unique, short, printable) and an http(s) URL
// with a host, nothing else in it that the client would drop (query, fragment, user, password).
class SavedLangGraphServers : public QObject
{
    Q_OBJECT
public:
    static constexpr int MaxNameLength = 64;

    // `settings` outlives this object.
    explicit SavedLangGraphServers(QSettings* settings, QObject* parent = nullptr);

    const QList<SavedLangGraphServer>& servers() const { return m_servers; }
    // nullptr when there is no such server.
    const SavedLangGraphServer* find(const QString& id) const;

    // The name of a secret in the secret store: apart from the connection profiles' tokens.
    static QString secretKey(const QString& id) { return QStringLiteral("langgraph-server-") + id; }
    // The URL a person typed, as it is kept: trimmed, parsed strictly, without a trailing slash
    // (so "http://h:2024/" and "http://h:2024" are one server). Invalid text gives an invalid URL.
    static QUrl urlFromText(const QString& text);
    // The graphs a person typed ("a, b c"): split at commas and spaces, empty parts dropped,
    // each once.
    static QStringList graphsFromText(const QString& text);
    // Why `server` cannot be saved beside `others` (its own entry among them, matched by id, is
    // skipped); empty when it can. Plain sentences for the person.
    static QString check(const SavedLangGraphServer& server, const QList<SavedLangGraphServer>& others);
    // The client's configuration of a saved server, with its API key.
    static LangGraphServerConfig configOf(const SavedLangGraphServer& server, const QString& apiKey);

    // Replaces the whole list (the settings dialog's Save). Entries without an id get a new one.
    // Nothing changes, and *error says why, when any entry fails check(). Emits changed() when
    // the list is different afterwards.
    bool replaceAll(QList<SavedLangGraphServer> servers, QString* error = nullptr);

Q_SIGNALS:
    void changed();

private:
    void load();
    void save() const;
    QSettings* m_settings;
    QList<SavedLangGraphServer> m_servers;
};

} // namespace k8::agent::langgraph
