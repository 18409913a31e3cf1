// SPDX-License-Identifier: Apache-2.0
#include "kosa8/ConnectionProfiles.h"

#include "files/SettingsValue.h"

#include <QSettings>
#include <QUuid>

#include <spdlog/spdlog.h>

namespace k8::kosa8 {

namespace {
const QString KeyOrder = QStringLiteral("profiles/order");
const QString KeyActive = QStringLiteral("profiles/active");
const QString KeyLegacyTokenProfile = QStringLiteral("profiles/legacyTokenProfile");
const QString KeyName = QStringLiteral("name");
const QString KeyKind = QStringLiteral("kind");
const QString KeyExecutable = QStringLiteral("executable");
const QString KeyHost = QStringLiteral("host");
const QString KeyEnvironment = QStringLiteral("environment");
const QString KeyTokenInStore = QStringLiteral("tokenInStore");
constexpr int MaxNameLength = 64;

QString groupOf(const QString& id)
{
    return QStringLiteral("profile-") + id;
}

QString kindKey(SavedProfile::Kind kind)
{
    return kind == SavedProfile::Kind::Remote ? QStringLiteral("remote") : QStringLiteral("local");
}
} // namespace

QString SavedProfile::kindText(Kind kind)
{
    return kind == Kind::Remote ? tr("Remote worker (KOSA8_HOST)") : tr("Local daemon");
}

QString SavedProfile::tokenStateText(TokenState state)
{
    switch (state) {
    case TokenState::None:
        return tr("no token");
    case TokenState::Loading:
        return tr("reading the token from the keychain…");
    case TokenState::Saving:
        return tr("saving the token to the keychain…");
    case TokenState::Stored:
        return tr("token in the keychain");
    case TokenState::Unreadable:
        return tr("token in the keychain, which cannot be read now");
    case TokenState::SessionOnly:
        return tr("token in memory for this session only");
    case TokenState::NotStored:
        return tr("token not stored");
    case TokenState::InSettingsFile:
        return tr("token still in the settings file (no keychain yet)");
    }
    return {};
}

ConnectionProfiles::ConnectionProfiles(QSettings* settings, QObject* parent)
    : QAbstractListModel(parent)
    , m_settings(settings)
{
    load();
}

int ConnectionProfiles::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : count();
}

QVariant ConnectionProfiles::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= count())
        return {};
    const SavedProfile& profile = m_profiles.at(index.row());
    const bool isActive = profile.id == m_activeId;
    switch (role) {
    case Qt::DisplayRole:
        return isActive ? tr("%1 (active)").arg(profile.name) : profile.name;
    case Qt::AccessibleTextRole:
        return isActive ? tr("%1, active").arg(profile.name) : profile.name;
    case Qt::ToolTipRole:
        return profile.kind == SavedProfile::Kind::Remote
                   ? tr("%1 · %2").arg(SavedProfile::kindText(profile.kind), profile.host)
                   : SavedProfile::kindText(profile.kind);
    case IdRole:
        return profile.id;
    case ActiveRole:
        return isActive;
    default:
        return {};
    }
}

const SavedProfile* ConnectionProfiles::find(const QString& id) const
{
    const int row = indexOf(id);
    return row < 0 ? nullptr : &m_profiles.at(row);
}

const SavedProfile* ConnectionProfiles::findByName(const QString& name) const
{
    for (const SavedProfile& profile : m_profiles) {
        if (profile.name.compare(name.trimmed(), Qt::CaseInsensitive) == 0)
            return &profile;
    }
    return nullptr;
}

SavedProfile* ConnectionProfiles::findMutable(const QString& id)
{
    const int row = indexOf(id);
    return row < 0 ? nullptr : &m_profiles[row];
}

int ConnectionProfiles::indexOf(const QString& id) const
{
    for (int row = 0; row < count(); ++row) {
        if (m_profiles.at(row).id == id)
            return row;
    }
    return -1;
}

const SavedProfile& ConnectionProfiles::active() const
{
    // load() and remove() keep the active id valid and the list non-empty.
    const int row = indexOf(m_activeId);
    return m_profiles.at(row < 0 ? 0 : row);
}

QString ConnectionProfiles::checkName(const QString& name, const QString& exceptId) const
{
    const QString problem = checkNameShape(name);
    if (!problem.isEmpty())
        return problem;
    const SavedProfile* other = findByName(name);
    if (other && other->id != exceptId)
        return tr("There is already a profile named \"%1\".").arg(other->name);
    return {};
}

QString ConnectionProfiles::checkNameShape(const QString& name)
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        return tr("A profile needs a name.");
    if (trimmed.size() > MaxNameLength)
        return tr("A profile name can have at most %n characters.", nullptr, MaxNameLength);
    for (const QChar c : trimmed) {
        // Control, format (bidi, zero-width) and unassigned characters would make two names look
        // the same, or a name look like something else.
        if (!c.isPrint() || c.category() == QChar::Other_Format)
            return tr("A profile name can only have visible characters and spaces.");
    }
    return {};
}

QString ConnectionProfiles::check(const SavedProfile& profile) const
{
    const QString problem = checkName(profile.name, profile.id);
    return problem.isEmpty() ? checkConnection(profile) : problem;
}

QString ConnectionProfiles::checkConnection(const SavedProfile& profile)
{
    if (profile.executable.trimmed().isEmpty())
        return tr("The kosa8 executable of \"%1\" is empty: give a path or a name on PATH.")
            .arg(profile.name.trimmed());
    if (profile.kind == SavedProfile::Kind::Remote) {
        const QString host = profile.host.trimmed();
        if (host.isEmpty())
            return tr("The remote profile \"%1\" needs a host (KOSA8_HOST).").arg(profile.name.trimmed());
        for (const QChar c : host) {
            if (c.isSpace() || !c.isPrint())
                return tr("The host of \"%1\" must not contain spaces or invisible characters.")
                    .arg(profile.name.trimmed());
        }
    }
    return {};
}

QString ConnectionProfiles::newId() const
{
    QString id;
    do {
        id = QUuid::createUuid().toString(QUuid::Id128).left(12);
    } while (find(id));
    return id;
}

QString ConnectionProfiles::add(const SavedProfile& profile, QString* error)
{
    SavedProfile added = profile;
    added.id = newId();
    added.name = added.name.trimmed();
    added.executable = added.executable.trimmed();
    added.host = added.kind == SavedProfile::Kind::Remote ? added.host.trimmed() : QString();
    added.token.clear();
    added.tokenState = SavedProfile::TokenState::None;
    const QString problem = check(added);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return {};
    }
    beginInsertRows({}, count(), count());
    m_profiles.append(added);
    endInsertRows();
    save();
    spdlog::info("profiles: added \"{}\" ({})", added.name.toStdString(), kindKey(added.kind).toStdString());
    return added.id;
}

QString ConnectionProfiles::addLocal(const QString& name, const QString& executable, QString* error)
{
    SavedProfile profile;
    profile.name = name;
    profile.kind = SavedProfile::Kind::Local;
    profile.executable = executable;
    return add(profile, error);
}

QString ConnectionProfiles::addRemote(const QString& name, const QString& host, QString* error)
{
    SavedProfile profile;
    profile.name = name;
    profile.kind = SavedProfile::Kind::Remote;
    profile.host = host;
    return add(profile, error);
}

bool ConnectionProfiles::update(const SavedProfile& profile, QString* error)
{
    SavedProfile* existing = findMutable(profile.id);
    if (!existing) {
        if (error)
            *error = tr("There is no such profile.");
        return false;
    }
    SavedProfile changed = *existing;
    changed.name = profile.name.trimmed();
    changed.kind = profile.kind;
    changed.executable = profile.executable.trimmed();
    changed.host = profile.kind == SavedProfile::Kind::Remote ? profile.host.trimmed() : QString();
    changed.extraEnvironment = profile.extraEnvironment;
    const QString problem = check(changed);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    *existing = changed;
    save();
    emitRowChanged(profile.id);
    return true;
}

bool ConnectionProfiles::rename(const QString& id, const QString& name, QString* error)
{
    const SavedProfile* existing = find(id);
    if (!existing) {
        if (error)
            *error = tr("There is no such profile.");
        return false;
    }
    SavedProfile changed = *existing;
    changed.name = name;
    return update(changed, error);
}

bool ConnectionProfiles::setExecutable(const QString& id, const QString& executable, QString* error)
{
    const SavedProfile* existing = find(id);
    if (!existing) {
        if (error)
            *error = tr("There is no such profile.");
        return false;
    }
    SavedProfile changed = *existing;
    changed.executable = executable;
    return update(changed, error);
}

bool ConnectionProfiles::remove(const QString& id, QString* error)
{
    const int row = indexOf(id);
    if (row < 0) {
        if (error)
            *error = tr("There is no such profile.");
        return false;
    }
    if (count() == 1) {
        if (error)
            *error = tr("The last profile cannot be removed: kosa8 Desk needs one connection.");
        return false;
    }
    const QString name = m_profiles.at(row).name;
    beginRemoveRows({}, row, row);
    m_profiles.removeAt(row);
    endRemoveRows();
    m_settings->remove(groupOf(id));
    const bool wasActive = id == m_activeId;
    if (wasActive)
        m_activeId = m_profiles.constFirst().id;
    save();
    spdlog::info("profiles: removed \"{}\"", name.toStdString());
    if (wasActive) {
        emitRowChanged(m_activeId);
        Q_EMIT activeChanged(m_activeId);
    }
    return true;
}

bool ConnectionProfiles::setActive(const QString& id)
{
    if (!find(id))
        return false;
    if (id == m_activeId)
        return true;
    const QString previous = m_activeId;
    m_activeId = id;
    save();
    emitRowChanged(previous);
    emitRowChanged(id);
    spdlog::info("profiles: \"{}\" is now the active connection", find(id)->name.toStdString());
    Q_EMIT activeChanged(id);
    return true;
}

void ConnectionProfiles::setToken(const QString& id, const QString& token, SavedProfile::TokenState state)
{
    SavedProfile* profile = findMutable(id);
    if (!profile)
        return;
    profile->token = token;
    profile->tokenState = state;
    save();
    emitRowChanged(id);
}

void ConnectionProfiles::setTokenState(const QString& id, SavedProfile::TokenState state)
{
    SavedProfile* profile = findMutable(id);
    if (!profile || profile->tokenState == state)
        return;
    profile->tokenState = state;
    save();
    emitRowChanged(id);
}

ConnectionProfile ConnectionProfiles::connection(const QString& id, const QString& executableOverride) const
{
    const SavedProfile* saved = find(id);
    ConnectionProfile connection;
    if (!saved)
        return connection;
    connection.name = saved->name;
    connection.executable = executableOverride.isEmpty() ? saved->executable : executableOverride;
    if (saved->kind == SavedProfile::Kind::Remote)
        connection.host = saved->host;
    connection.token = saved->token;
    connection.extraEnvironment = saved->extraEnvironment;
    return connection;
}

QString ConnectionProfiles::legacyTokenProfileId() const
{
    return m_settings->value(KeyLegacyTokenProfile).toString();
}

void ConnectionProfiles::emitRowChanged(const QString& id)
{
    const int row = indexOf(id);
    if (row < 0)
        return;
    Q_EMIT dataChanged(index(row), index(row));
    Q_EMIT profileChanged(id);
}

void ConnectionProfiles::load()
{
    if (!m_settings->contains(KeyOrder))
        migrateLegacy();
    const QStringList order = m_settings->value(KeyOrder).toStringList();
    for (const QString& id : order) {
        if (id.isEmpty() || find(id))
            continue;
        m_settings->beginGroup(groupOf(id));
        SavedProfile profile;
        profile.id = id;
        profile.name = m_settings->value(KeyName).toString().trimmed();
        profile.kind = m_settings->value(KeyKind).toString() == kindKey(SavedProfile::Kind::Remote)
                           ? SavedProfile::Kind::Remote
                           : SavedProfile::Kind::Local;
        profile.executable = m_settings->value(KeyExecutable, QStringLiteral("kosa8")).toString().trimmed();
        profile.host = m_settings->value(KeyHost).toString().trimmed();
        const QVariantMap environment = m_settings->value(KeyEnvironment).toMap();
        for (auto it = environment.begin(); it != environment.end(); ++it)
            profile.extraEnvironment.insert(it.key(), it.value().toString());
        // Read by ProfileSecrets at start; until then the profile says it is loading.
        if (m_settings->value(KeyTokenInStore).toBool())
            profile.tokenState = SavedProfile::TokenState::Loading;
        m_settings->endGroup();
        // A hand-edited file may name two profiles alike or leave a name empty: make it usable
        // rather than dropping the profile.
        if (!checkName(profile.name).isEmpty()) {
            const QString base =
                profile.name.isEmpty() ? tr("Profile") : profile.name.left(MaxNameLength - 4);
            int n = 2;
            QString name = base;
            while (!checkName(name).isEmpty() && n < 1000)
                name = QStringLiteral("%1 %2").arg(base).arg(n++);
            profile.name = name;
        }
        if (profile.executable.isEmpty())
            profile.executable = QStringLiteral("kosa8");
        m_profiles.append(profile);
    }
    if (m_profiles.isEmpty()) {
        SavedProfile local;
        local.id = newId();
        local.name = tr("Local");
        m_profiles.append(local);
    }
    m_activeId = m_settings->value(KeyActive).toString();
    if (!find(m_activeId))
        m_activeId = m_profiles.constFirst().id;
    save();
}

void ConnectionProfiles::migrateLegacy()
{
    // Settings from before profiles: one remote worker (remote/host, remote/token). They become
    // "Local" plus "Remote" with that host, and the connection used before stays the active one.
    SavedProfile local;
    local.id = newId();
    local.name = tr("Local");
    m_profiles.append(local);
    m_activeId = local.id;
    const QString host = m_settings->value(LegacyHostKey).toString().trimmed();
    if (!host.isEmpty()) {
        SavedProfile remote;
        remote.id = newId();
        remote.name = tr("Remote");
        remote.kind = SavedProfile::Kind::Remote;
        remote.host = host;
        m_profiles.append(remote);
        m_activeId = remote.id;
        spdlog::info("profiles: the remote worker of the old settings became the profile \"Remote\"");
    }
    // The token, if any, belonged to the connection used before (the active one); ProfileSecrets
    // moves it into the secret store and removes remote/token only once it is safe there.
    if (m_settings->contains(LegacyTokenKey))
        m_settings->setValue(KeyLegacyTokenProfile, m_activeId);
    save();
    // The host is no secret and is now in the profile.
    m_settings->remove(LegacyHostKey);
    m_settings->sync();
    m_profiles.clear();
    m_activeId.clear();
}

void ConnectionProfiles::save() const
{
    // Only what differs from the file is set, and the file synced only then: load() saves at every
    // start, and an unchanged file must not be rewritten (files/SettingsValue.h).
    const auto set = [this](const QString& key, const QVariant& value) {
        return files::SettingsValue::setIfChanged(*m_settings, key, value);
    };
    const auto remove = [this](const QString& key) {
        if (!m_settings->contains(key))
            return false;
        m_settings->remove(key);
        return true;
    };
    bool changed = false;
    QStringList order;
    for (const SavedProfile& profile : m_profiles) {
        order << profile.id;
        m_settings->beginGroup(groupOf(profile.id));
        changed |= set(KeyName, profile.name);
        changed |= set(KeyKind, kindKey(profile.kind));
        changed |= set(KeyExecutable, profile.executable);
        if (profile.kind == SavedProfile::Kind::Remote)
            changed |= set(KeyHost, profile.host);
        else
            changed |= remove(KeyHost);
        if (profile.extraEnvironment.isEmpty()) {
            changed |= remove(KeyEnvironment);
        } else {
            QVariantMap environment;
            for (auto it = profile.extraEnvironment.begin(); it != profile.extraEnvironment.end(); ++it)
                environment.insert(it.key(), it.value());
            changed |= set(KeyEnvironment, environment);
        }
        // Only whether the secret store has the token: never the token.
        const bool inStore = profile.tokenState == SavedProfile::TokenState::Stored ||
                             profile.tokenState == SavedProfile::TokenState::Loading ||
                             profile.tokenState == SavedProfile::TokenState::Unreadable;
        changed |= set(KeyTokenInStore, inStore);
        m_settings->endGroup();
    }
    changed |= set(KeyOrder, order);
    changed |= set(KeyActive, m_activeId);
    if (changed)
        m_settings->sync();
}

} // namespace k8::kosa8
