// SPDX-License-Identifier: Apache-2.0
#include "secrets/ServerApiKeys.h"

#include "secrets/SecretStore.h"

#include <spdlog/spdlog.h>

namespace k8::secrets {

ServerApiKeys::ServerApiKeys(SecretStore* store, QObject* parent)
    : QObject(parent)
    , m_store(store)
{}

quint64 ServerApiKeys::begin(const QString& secretName)
{
    const quint64 generation = m_nextGeneration++;
    m_keys[secretName].generation = generation;
    ++m_pending;
    return generation;
}

bool ServerApiKeys::isLatest(const QString& secretName, quint64 generation) const
{
    const auto found = m_keys.constFind(secretName);
    return found != m_keys.cend() && found->generation == generation;
}

void ServerApiKeys::settle(const QString& secretName, State state, const QString& message)
{
    Entry& entry = m_keys[secretName];
    entry.state = state;
    entry.message = message;
    Q_EMIT changed(secretName);
}

void ServerApiKeys::load(const QString& secretName)
{
    const quint64 generation = begin(secretName);
    settle(secretName, State::Loading, {});
    m_store->read(secretName, this, [this, secretName, generation](const SecretStore::Result& result) {
        --m_pending;
        if (!isLatest(secretName, generation))
            return; // the person set another key meanwhile
        if (result.ok()) {
            m_keys[secretName].key = result.secret;
            settle(secretName, State::Stored, {});
        } else if (result.error == SecretStore::Error::NotFound) {
            settle(secretName, State::None, {});
        } else {
            spdlog::warn("secrets: the API key {} could not be read: {}", secretName.toStdString(),
                         result.message.toStdString());
            settle(secretName, State::Unreadable, result.message);
        }
    });
}

void ServerApiKeys::set(const QString& secretName, const QString& key)
{
    const quint64 generation = begin(secretName);
    m_keys[secretName].key = key;
    settle(secretName, key.isEmpty() ? State::None : State::Saving, {});
    auto done = [this, secretName, generation, removing = key.isEmpty()](const SecretStore::Result& result) {
        --m_pending;
        if (!isLatest(secretName, generation))
            return;
        if (result.ok()) {
            settle(secretName, removing ? State::None : State::Stored, {});
            return;
        }
        spdlog::warn("secrets: the API key {} could not be {}: {}", secretName.toStdString(),
                     removing ? "removed" : "stored", result.message.toStdString());
        // A key that could not be removed is still gone from memory: it is not used again.
        settle(secretName, removing ? State::None : State::SessionOnly, result.message);
    };
    if (key.isEmpty())
        m_store->remove(secretName, this, std::move(done));
    else
        m_store->write(secretName, key, this, std::move(done));
}

QString ServerApiKeys::storeDescription() const
{
    return m_store->description();
}

QString ServerApiKeys::stateText(const QString& secretName) const
{
    const Entry entry = m_keys.value(secretName);
    switch (entry.state) {
    case State::None:
        return tr("no API key");
    case State::Loading:
        return tr("reading the API key from %1…").arg(m_store->description());
    case State::Saving:
        return tr("saving the API key to %1…").arg(m_store->description());
    case State::Stored:
        return m_store->isPersistent()
                   ? tr("API key in %1").arg(m_store->description())
                   : tr("API key in %1: it is forgotten at quit").arg(m_store->description());
    case State::SessionOnly:
        return tr("API key in memory for this session only: %1 could not keep it (%2)")
            .arg(m_store->description(), entry.message);
    case State::Unreadable:
        return tr("API key in %1, which cannot be read now (%2)").arg(m_store->description(), entry.message);
    }
    return {};
}

} // namespace k8::secrets
