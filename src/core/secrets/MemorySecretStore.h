// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "secrets/SecretStore.h"

#include <QHash>

namespace k8::secrets {

// Secrets in memory, gone at quit: the session-only fallback when no keychain answers, and the
// fake tests inject. setFailure() makes every later operation fail with that error (a store
// without a backend, or a broken one), so the callers' error paths can be tested.
class MemorySecretStore : public SecretStore
{
    Q_OBJECT
public:
    explicit MemorySecretStore(QObject* parent = nullptr);

    void read(const QString& key, QObject* context, Callback done) override;
    void write(const QString& key, const QString& secret, QObject* context, Callback done) override;
    void remove(const QString& key, QObject* context, Callback done) override;
    QString description() const override;
    bool isPersistent() const override { return m_persistent; }

    // Tests: pretend to be a persistent keychain (the default is false: memory is lost at quit).
    void setPersistent(bool persistent) { m_persistent = persistent; }
    // Tests: Error::None works again.
    void setFailure(Error error, const QString& message = {});
    // Tests: what is held, without going through the asynchronous interface.
    bool contains(const QString& key) const { return m_secrets.contains(key); }
    QString value(const QString& key) const { return m_secrets.value(key); }
    int operationCount() const { return m_operations; }

private:
    void answer(QObject* context, Callback done, const Result& result);
    QHash<QString, QString> m_secrets;
    Error m_failure = Error::None;
    QString m_failureMessage;
    bool m_persistent = false;
    int m_operations = 0;
};

} // namespace k8::secrets
