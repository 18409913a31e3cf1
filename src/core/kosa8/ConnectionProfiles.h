// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/ConnectionProfile.h"

#include <QAbstractListModel>
#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>

class QSettings;

namespace k8::kosa8 {

// One saved kosa8 connection. The token is NOT part of what is saved: it lives in a secret
// store (core/secrets) and is held here in memory only, with where it stands (tokenState).
struct SavedProfile
{
    Q_DECLARE_TR_FUNCTIONS(k8::kosa8::SavedProfile)
public:
    enum class Kind
    {
        Local,  // the local daemon (kosa8d on an Apple-silicon Mac)
        Remote, // a worker reached through KOSA8_HOST (Linux and Intel-Mac clients)
    };
    enum class TokenState
    {
        None,           // no token for this profile
        Loading,        // being read from the keychain
        Saving,         // being written to the keychain (in use already)
        Stored,         // in the keychain
        SessionOnly,    // in memory only, for this session (no keychain; the person agreed)
        NotStored,      // not kept anywhere (no keychain and the person declined, or lost)
        InSettingsFile, // still in the old settings file (migration could not move it yet)
        Unreadable,     // in the keychain, which could not be read this session
    };

    QString id; // stable, never shown; the key of its token in the secret store
    QString name;
    Kind kind = Kind::Local;
    QString executable = QStringLiteral("kosa8");
    QString host;
    // More variables for kosa8 (saved; not edited in the dialog). Tests give each profile its
    // own stand-in state folder this way.
    QMap<QString, QString> extraEnvironment;
    // In memory only.
    QString token;
    TokenState tokenState = TokenState::None;

    static QString kindText(Kind kind);
    static QString tokenStateText(TokenState state);
};

// The saved connection profiles, one of them active, as a list model (display: the name, the
// active one marked). Persisted in the settings INI under [profiles] (without tokens) on every
// change. There is always at least one profile: an empty or unreadable list becomes "Local".
// The settings' old single remote worker (remote/host) becomes a "Remote" profile on first load;
// its token is moved by ProfileSecrets (core/secrets), which knows the secret store.
class ConnectionProfiles : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role
    {
        IdRole = Qt::UserRole + 1,
        ActiveRole,
    };

    // `settings` outlives this model.
    explicit ConnectionProfiles(QSettings* settings, QObject* parent = nullptr);

    // The INI keys of the single remote worker before profiles (kept for the migration).
    static inline const QString LegacyHostKey = QStringLiteral("remote/host");
    static inline const QString LegacyTokenKey = QStringLiteral("remote/token");

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    const QList<SavedProfile>& profiles() const { return m_profiles; }
    int count() const { return int(m_profiles.size()); }
    // nullptr when there is no such profile.
    const SavedProfile* find(const QString& id) const;
    const SavedProfile* findByName(const QString& name) const;
    int indexOf(const QString& id) const;
    QString activeId() const { return m_activeId; }
    const SavedProfile& active() const;

    // Why `name` cannot be the name of profile `exceptId` (or of a new one); empty when it can:
    // not empty, not too long, no control characters, unique (ignoring case and outer spaces).
    QString checkName(const QString& name, const QString& exceptId = {}) const;
    // Why the profile cannot be saved as it is (name, kind, host, executable); empty when it can.
    QString check(const SavedProfile& profile) const;
    // The parts of the checks that need no other profile (an editor checks uniqueness among
    // its own drafts): the name's shape, and executable and host.
    static QString checkNameShape(const QString& name);
    static QString checkConnection(const SavedProfile& profile);

    // Adds a profile (a new id is made; the token fields are ignored: see ProfileSecrets).
    // Returns the new id, or empty with *error.
    QString add(const SavedProfile& profile, QString* error = nullptr);
    QString addLocal(const QString& name, const QString& executable, QString* error = nullptr);
    QString addRemote(const QString& name, const QString& host, QString* error = nullptr);
    // Replaces name, kind, executable, host and extra environment of `profile.id`.
    bool update(const SavedProfile& profile, QString* error = nullptr);
    bool rename(const QString& id, const QString& name, QString* error = nullptr);
    // "Use this executable" (the first-start page): a path, or a name looked up on PATH.
    bool setExecutable(const QString& id, const QString& executable, QString* error = nullptr);
    // Never the last profile. Removing the active one makes the first remaining one active.
    bool remove(const QString& id, QString* error = nullptr);
    bool setActive(const QString& id);

    // In memory only (ProfileSecrets calls these).
    void setToken(const QString& id, const QString& token, SavedProfile::TokenState state);
    void setTokenState(const QString& id, SavedProfile::TokenState state);

    // What the runner gets for a profile: its executable (or `executableOverride`, the command
    // line's --kosa8 for this run, when not empty), host for a remote profile, token, variables.
    ConnectionProfile connection(const QString& id, const QString& executableOverride = {}) const;

    // The profile the old settings' token belongs to (set by the migration; empty otherwise).
    QString legacyTokenProfileId() const;

Q_SIGNALS:
    void activeChanged(const QString& id);
    // Anything of one profile changed (also its token or token state).
    void profileChanged(const QString& id);

private:
    void load();
    // Old settings (remote/host) to profiles, once: when there is no [profiles] list yet.
    void migrateLegacy();
    void save() const;
    QString newId() const;
    SavedProfile* findMutable(const QString& id);
    void emitRowChanged(const QString& id);
    QSettings* m_settings;
    QList<SavedProfile> m_profiles;
    QString m_activeId;
};

} // namespace k8::kosa8
