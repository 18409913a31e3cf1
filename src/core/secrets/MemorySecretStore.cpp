// SPDX-License-Identifier: Apache-2.0
#include "secrets/MemorySecretStore.h"

#include <QPointer>
#include <QTimer>

namespace k8::secrets {

MemorySecretStore::MemorySecretStore(QObject* parent)
    : SecretStore(parent)
{}

QString MemorySecretStore::description() const
{
    return m_persistent ? tr("the test keychain") : tr("memory (this session only)");
}

void MemorySecretStore::setFailure(Error error, const QString& message)
{
    m_failure = error;
    m_failureMessage = message;
}

void MemorySecretStore::answer(QObject* context, Callback done, const Result& result)
{
    ++m_operations;
    // Later, from the event loop, like a real keychain: callers must not rely on an answer
    // arriving inside their call.
    QPointer<QObject> guard(context);
    QTimer::singleShot(0, this, [guard, done = std::move(done), result] {
        if (guard && done)
            done(result);
    });
}

void MemorySecretStore::read(const QString& key, QObject* context, Callback done)
{
    Result result;
    if (m_failure != Error::None) {
        result.error = m_failure;
        result.message = m_failureMessage;
    } else if (!m_secrets.contains(key)) {
        result.error = Error::NotFound;
    } else {
        result.secret = m_secrets.value(key);
    }
    answer(context, std::move(done), result);
}

void MemorySecretStore::write(const QString& key, const QString& secret, QObject* context, Callback done)
{
    Result result;
    if (m_failure != Error::None) {
        result.error = m_failure;
        result.message = m_failureMessage;
    } else {
        m_secrets.insert(key, secret);
    }
    answer(context, std::move(done), result);
}

void MemorySecretStore::remove(const QString& key, QObject* context, Callback done)
{
    Result result;
    if (m_failure != Error::None) {
        result.error = m_failure;
        result.message = m_failureMessage;
    } else {
        m_secrets.remove(key);
    }
    answer(context, std::move(done), result);
}

} // namespace k8::secrets
