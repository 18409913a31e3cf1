// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "secrets/SecretStore.h"

namespace k8::secrets {

// The system keychain through QtKeychain: the Secret Service (libsecret: GNOME Keyring, KWallet)
// on Linux, the Keychain on macOS. One entry per key under the service name "kosa8-desk".
// QtKeychain's insecure plain-text fallback stays off: without a keychain the answer is
// Error::NoBackend, and the caller asks the person what to do.
class KeychainSecretStore : public SecretStore
{
    Q_OBJECT
public:
    static inline const QString ServiceName = QStringLiteral("kosa8-desk");

    explicit KeychainSecretStore(QObject* parent = nullptr);
    // Tests use their own service name, so they never touch a person's real entries.
    KeychainSecretStore(const QString& serviceName, QObject* parent);

    void read(const QString& key, QObject* context, Callback done) override;
    void write(const QString& key, const QString& secret, QObject* context, Callback done) override;
    void remove(const QString& key, QObject* context, Callback done) override;
    QString description() const override;
    bool isPersistent() const override { return true; }

private:
    QString m_service;
};

} // namespace k8::secrets
