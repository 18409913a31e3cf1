// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QObject>
#include <QString>

namespace k8::secrets {

class SecretStore;

// The API keys of the servers a person saved (LangGraph servers: their "x-api-key"), by their
// name in the secret store: read from the store when asked (at start), written there when the
// person enters one, removed with their server. A key is usable at once, from memory; when the
// store cannot keep it (no keychain, or it failed) it stays in memory for this session only,
// and its state says so, for the person to see beside the field. Never in the settings file.
class ServerApiKeys : public QObject
{
    Q_OBJECT
public:
    enum class State
    {
        None,        // no key
        Loading,     // being read from the store
        Saving,      // being written (usable already)
        Stored,      // in the store
        SessionOnly, // in memory only: the store could not keep it
        Unreadable,  // meant to be in the store, which could not be read
    };
    Q_ENUM(State)

    explicit ServerApiKeys(SecretStore* store, QObject* parent = nullptr);

    // Reads the key kept under `secretName`; changed() follows.
    void load(const QString& secretName);
    // The key for `secretName`: usable at once, then written to the store; empty removes it.
    void set(const QString& secretName, const QString& key);

    // Whether load() or set() was called for it (its state is then known, or being found out).
    bool isKnown(const QString& secretName) const { return m_keys.contains(secretName); }
    QString key(const QString& secretName) const { return m_keys.value(secretName).key; }
    State state(const QString& secretName) const { return m_keys.value(secretName).state; }
    // What the store said when it failed (empty otherwise).
    QString storeMessage(const QString& secretName) const { return m_keys.value(secretName).message; }
    // Where keys are kept, for the person ("the system keychain").
    QString storeDescription() const;
    // For the person: "API key in the system keychain", ...
    QString stateText(const QString& secretName) const;
    // Operations the store has not answered yet (tests wait for 0).
    int pendingCount() const { return m_pending; }

Q_SIGNALS:
    // The key or the state of `secretName` changed.
    void changed(const QString& secretName);

private:
    struct Entry
    {
        QString key;
        State state = State::None;
        QString message;
        quint64 generation = 0; // the latest operation: an older answer that comes late is ignored
    };
    quint64 begin(const QString& secretName);
    bool isLatest(const QString& secretName, quint64 generation) const;
    void settle(const QString& secretName, State state, const QString& message);

    SecretStore* m_store;
    QHash<QString, Entry> m_keys;
    quint64 m_nextGeneration = 1;
    int m_pending = 0;
};

} // namespace k8::secrets
