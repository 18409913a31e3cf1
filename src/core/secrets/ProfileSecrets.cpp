// SPDX-License-Identifier: Apache-2.0
#include "secrets/ProfileSecrets.h"

#include "secrets/SecretStore.h"

#include <QSettings>

#include <spdlog/spdlog.h>

namespace k8::secrets {

using kosa8::SavedProfile;
using TokenState = kosa8::SavedProfile::TokenState;

namespace {
const QString KeyLegacyTokenProfile = QStringLiteral("profiles/legacyTokenProfile");

QString reasonOf(const SecretStore::Result& result)
{
    const QString sentence = SecretStore::describe(result.error);
    return result.message.isEmpty() ? sentence : QStringLiteral("%1 (%2)").arg(sentence, result.message);
}
} // namespace

ProfileSecrets::ProfileSecrets(kosa8::ConnectionProfiles* profiles, QSettings* settings, SecretStore* store,
                               QObject* parent)
    : QObject(parent)
    , m_profiles(profiles)
    , m_settings(settings)
    , m_store(store)
{}

void ProfileSecrets::setAsk(Ask ask)
{
    m_ask = std::move(ask);
    if (!m_ask)
        return;
    const auto unasked = std::exchange(m_unasked, {});
    for (const auto& [question, then] : unasked)
        then(m_ask(question));
}

void ProfileSecrets::ask(const Question& question, std::function<void(bool)> then)
{
    if (m_ask)
        then(m_ask(question));
    else
        m_unasked.append({question, std::move(then)});
}

void ProfileSecrets::finish(const QString& id)
{
    --m_pending;
    Q_EMIT tokenSettled(id);
}

void ProfileSecrets::loadTokens()
{
    for (const SavedProfile& profile : m_profiles->profiles()) {
        if (profile.tokenState != TokenState::Loading)
            continue;
        const QString id = profile.id;
        const quint64 generation = m_nextGeneration++;
        m_generation.insert(id, generation);
        ++m_pending;
        m_store->read(id, this, [this, id, generation](const SecretStore::Result& result) {
            const SavedProfile* current = m_profiles->find(id);
            if (m_generation.value(id) != generation || !current) {
                finish(id);
                return;
            }
            if (result.ok()) {
                m_profiles->setToken(id, result.secret, TokenState::Stored);
            } else if (result.error == SecretStore::Error::NotFound) {
                m_profiles->setToken(id, {}, TokenState::NotStored);
                Q_EMIT problem(tr("The token of the profile \"%1\" is gone").arg(current->name),
                               tr("The keychain holds no token for it any more. Enter it again in Settings → "
                                  "Connection profiles."));
            } else {
                // Kept as "in the store": the next start tries again.
                m_profiles->setToken(id, {}, TokenState::Unreadable);
                Q_EMIT problem(tr("The token of the profile \"%1\" could not be read").arg(current->name),
                               tr("%1 kosa8 runs without it until it can be read; enter it again in Settings "
                                  "→ Connection profiles to use it for this session.")
                                   .arg(reasonOf(result)));
            }
            finish(id);
        });
    }
}

void ProfileSecrets::migrateLegacyToken()
{
    const QString legacyKey = kosa8::ConnectionProfiles::LegacyTokenKey;
    if (!m_settings->contains(legacyKey))
        return;
    const QString token = m_settings->value(legacyKey).toString();
    QString id = m_profiles->legacyTokenProfileId();
    if (!m_profiles->find(id))
        id = m_profiles->activeId();
    if (token.isEmpty()) {
        m_settings->remove(legacyKey);
        m_settings->remove(KeyLegacyTokenProfile);
        m_settings->sync();
        return;
    }
    // Usable at once, from memory, while the store is asked.
    m_profiles->setToken(id, token, TokenState::InSettingsFile);
    const quint64 generation = m_nextGeneration++;
    m_generation.insert(id, generation);
    ++m_pending;
    m_store->write(
        id, token, this, [this, id, token, generation, legacyKey](const SecretStore::Result& result) {
            const SavedProfile* current = m_profiles->find(id);
            if (m_generation.value(id) != generation || !current) {
                finish(id);
                return;
            }
            const auto removeFromFile = [this, legacyKey] {
                m_settings->remove(legacyKey);
                m_settings->remove(KeyLegacyTokenProfile);
                m_settings->sync();
            };
            if (result.ok() && m_store->isPersistent()) {
                // Safe in the store: only now does it leave the file.
                removeFromFile();
                m_profiles->setTokenState(id, TokenState::Stored);
                spdlog::info("profiles: the token of the old settings moved to {}",
                             m_store->description().toStdString());
                finish(id);
                return;
            }
            const QString name = current->name;
            Question question;
            question.objectName = QStringLiteral("migrateTokenToMemory");
            question.title = tr("The token cannot be moved to a keychain");
            question.text =
                tr("kosa8 Desk now keeps tokens in the system keychain, never in its settings file. The "
                   "token "
                   "of the profile \"%1\" could not be moved there: %2\n\n"
                   "Remove it from the settings file and keep it in memory for this session only? You will "
                   "have to enter it again after quitting. Otherwise it stays in the settings file (readable "
                   "by you only) until a keychain is available.")
                    .arg(name, result.ok() ? m_store->description() : reasonOf(result));
            question.acceptText = tr("Keep in memory only");
            ask(question, [this, id, token, removeFromFile, name, generation](bool keepInMemory) {
                if (m_generation.value(id) != generation || !m_profiles->find(id)) {
                    finish(id);
                    return;
                }
                if (keepInMemory) {
                    removeFromFile();
                    m_profiles->setToken(id, token, TokenState::SessionOnly);
                } else {
                    m_profiles->setTokenState(id, TokenState::InSettingsFile);
                    Q_EMIT problem(
                        tr("The token of the profile \"%1\" is still in the settings file").arg(name),
                        tr("No keychain could take it. It is used as before and moved when a keychain "
                           "answers at a later start."));
                }
                finish(id);
            });
        });
}

void ProfileSecrets::setToken(const QString& id, const QString& token)
{
    const SavedProfile* profile = m_profiles->find(id);
    if (!profile)
        return;
    const quint64 generation = m_nextGeneration++;
    m_generation.insert(id, generation);
    ++m_pending;
    if (token.isEmpty()) {
        m_profiles->setToken(id, {}, TokenState::None);
        m_store->remove(id, this, [this, id](const SecretStore::Result& result) {
            if (!result.ok())
                spdlog::warn("profiles: the keychain kept a removed token: {}",
                             reasonOf(result).toStdString());
            finish(id);
        });
        return;
    }
    m_profiles->setToken(id, token, TokenState::Saving);
    m_store->write(id, token, this, [this, id, generation](const SecretStore::Result& result) {
        const SavedProfile* current = m_profiles->find(id);
        if (m_generation.value(id) != generation || !current) {
            finish(id);
            return;
        }
        if (result.ok() && m_store->isPersistent()) {
            m_profiles->setTokenState(id, TokenState::Stored);
            finish(id);
            return;
        }
        Question question;
        question.objectName = QStringLiteral("keepTokenInMemory");
        question.title = tr("No keychain for the token");
        question.text = tr("The token of the profile \"%1\" cannot be kept in a keychain: %2\n\n"
                           "Keep it in memory for this session only? It is never written to the settings "
                           "file; you will have to enter it again after quitting.")
                            .arg(current->name, result.ok() ? m_store->description() : reasonOf(result));
        question.acceptText = tr("Keep in memory only");
        ask(question, [this, id, generation](bool keepInMemory) {
            if (m_generation.value(id) != generation || !m_profiles->find(id)) {
                finish(id);
                return;
            }
            if (keepInMemory) {
                m_profiles->setTokenState(id, TokenState::SessionOnly);
            } else {
                m_profiles->setToken(id, {}, TokenState::NotStored);
                spdlog::info("profiles: a token was not stored (no keychain; declined to keep it in memory)");
            }
            finish(id);
        });
    });
}

QString ProfileSecrets::addRemote(const QString& name, const QString& host, const QString& token,
                                  QString* error)
{
    const QString id = m_profiles->addRemote(name, host, error);
    if (!id.isEmpty() && !token.isEmpty())
        setToken(id, token);
    return id;
}

bool ProfileSecrets::removeProfile(const QString& id, QString* error)
{
    const SavedProfile* profile = m_profiles->find(id);
    const bool hadStoredToken = profile && profile->tokenState != TokenState::None;
    if (!m_profiles->remove(id, error))
        return false;
    m_generation.remove(id);
    if (hadStoredToken) {
        ++m_pending;
        m_store->remove(id, this, [this, id](const SecretStore::Result& result) {
            if (!result.ok())
                spdlog::warn("profiles: the keychain kept the token of a removed profile: {}",
                             reasonOf(result).toStdString());
            finish(id);
        });
    }
    return true;
}

} // namespace k8::secrets
