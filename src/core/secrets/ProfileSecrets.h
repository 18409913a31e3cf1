// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/ConnectionProfiles.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class QSettings;

namespace k8::secrets {

class SecretStore;

// The tokens of the connection profiles: read from the secret store at start, written there when
// the person enters one, removed with their profile, and the old settings file's token moved in
// (the key leaves the file only once the store confirmed the write, or the person said so).
// When the store cannot keep a token (no keychain, or it failed), the person is asked through
// the `Ask` handler whether to keep it in memory for this session only; without an answer
// nothing is kept. No widgets: the app installs a handler that shows a message box, tests
// install one that answers.
class ProfileSecrets : public QObject
{
    Q_OBJECT
public:
    struct Question
    {
        QString objectName; // "keepTokenInMemory" or "migrateTokenToMemory"
        QString title;
        QString text;
        QString acceptText;
    };
    // True: keep the token in memory only. Called from the event loop, maybe later than asked.
    using Ask = std::function<bool(const Question&)>;

    ProfileSecrets(kosa8::ConnectionProfiles* profiles, QSettings* settings, SecretStore* store,
                   QObject* parent = nullptr);

    SecretStore* store() const { return m_store; }
    // Questions that came up before a handler was installed are asked now.
    void setAsk(Ask ask);
    bool hasAsk() const { return bool(m_ask); }

    // At start: reads the tokens the store holds for the profiles.
    void loadTokens();
    // At start: moves the old settings file's token (remote/token) into the store. Idempotent.
    void migrateLegacyToken();

    // The token of a profile: usable at once (in memory), then written to the store; empty
    // removes it. tokenSettled(id) follows when the store answered (and the person, if asked).
    void setToken(const QString& id, const QString& token);
    // "Add a remote profile" (first-start page, settings): the profile and its token. Returns
    // the new id, or empty with *error.
    QString addRemote(const QString& name, const QString& host, const QString& token,
                      QString* error = nullptr);
    // Removes the profile (never the last) and its token from the store.
    bool removeProfile(const QString& id, QString* error = nullptr);

    // Operations not answered yet (tests wait for 0).
    int pendingCount() const { return m_pending; }

Q_SIGNALS:
    // Where a profile's token stands is final for now (stored, memory only, not stored, ...).
    void tokenSettled(const QString& id);
    // Something the person should know (a token that could not be read or stored). Plain text.
    void problem(const QString& title, const QString& text);

private:
    void ask(const Question& question, std::function<void(bool)> then);
    void finish(const QString& id);
    kosa8::ConnectionProfiles* m_profiles;
    QSettings* m_settings;
    SecretStore* m_store;
    Ask m_ask;
    QList<QPair<Question, std::function<void(bool)>>> m_unasked;
    // The latest write per profile: an older answer that arrives late is ignored.
    QHash<QString, quint64> m_generation;
    quint64 m_nextGeneration = 1;
    int m_pending = 0;
};

} // namespace k8::secrets
