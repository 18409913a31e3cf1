// SPDX-License-Identifier: Apache-2.0
// The real store: KeychainSecretStore through QtKeychain and libsecret.
//   roundTrip: against a real Secret Service (gnome-keyring-daemon in its own D-Bus session,
//     started by with-secret-service.sh): write, read back, overwrite, remove, read -> not found.
//   withoutSecretServiceSaysNoKeychain: with no D-Bus session at all, the answer is an error
//     (never a silent plain-text fallback), and "not found" is not claimed.
// Each runs only in the environment its ctest entry gives it (KOSA8_TEST_KEYCHAIN).

#include "secrets/KeychainSecretStore.h"
#include "secrets/ProfileSecrets.h"

#include <QSignalSpy>
#include <QtTest>

using namespace k8;
using secrets::KeychainSecretStore;
using secrets::SecretStore;

namespace {
// One operation, waited for on the event loop.
SecretStore::Result await(const std::function<void(SecretStore::Callback)>& operation)
{
    std::optional<SecretStore::Result> answer;
    operation([&answer](const SecretStore::Result& result) { answer = result; });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 30'000))
        return {SecretStore::Error::Other, {}, QStringLiteral("no answer in 30 s")};
    return *answer;
}
} // namespace

class TestKeychainSecretStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTrip()
    {
        if (qEnvironmentVariable("KOSA8_TEST_KEYCHAIN") != QStringLiteral("secret-service"))
            QSKIP("runs under tests/core/secrets/with-secret-service.sh (ctest: tst_keychainsecretstore)");
        // A service name of its own: never a person's real entries.
        KeychainSecretStore store(QStringLiteral("kosa8-desk-test"), nullptr);
        QVERIFY(store.isPersistent());
        QObject context;
        const QString key = QStringLiteral("profile-%1").arg(QCoreApplication::applicationPid());
        SecretStore::Result result = await([&](SecretStore::Callback done) {
            store.write(key, QStringLiteral("tok-ünïcode-123"), &context, done);
        });
        QVERIFY2(result.ok(), qPrintable(result.message));
        result = await([&](SecretStore::Callback done) { store.read(key, &context, done); });
        QVERIFY2(result.ok(), qPrintable(result.message));
        QCOMPARE(result.secret, QStringLiteral("tok-ünïcode-123"));
        result = await(
            [&](SecretStore::Callback done) { store.write(key, QStringLiteral("tok-2"), &context, done); });
        QVERIFY2(result.ok(), qPrintable(result.message));
        result = await([&](SecretStore::Callback done) { store.read(key, &context, done); });
        QCOMPARE(result.secret, QStringLiteral("tok-2"));
        result = await([&](SecretStore::Callback done) { store.remove(key, &context, done); });
        QVERIFY2(result.ok(), qPrintable(result.message));
        result = await([&](SecretStore::Callback done) { store.read(key, &context, done); });
        QCOMPARE(result.error, SecretStore::Error::NotFound);
        // Removing what is not there is not an error.
        result = await([&](SecretStore::Callback done) { store.remove(key, &context, done); });
        QVERIFY2(result.ok(), qPrintable(result.message));
    }

    void withoutSecretServiceSaysNoKeychain()
    {
        if (qEnvironmentVariable("KOSA8_TEST_KEYCHAIN") != QStringLiteral("none"))
            QSKIP("runs with no D-Bus session (ctest: tst_keychainsecretstore_none)");
        KeychainSecretStore store(QStringLiteral("kosa8-desk-test"), nullptr);
        QObject context;
        SecretStore::Result result = await([&](SecretStore::Callback done) {
            store.write(QStringLiteral("k"), QStringLiteral("tok"), &context, done);
        });
        qInfo() << "write without a secret service:" << result.error << result.message;
        QCOMPARE(result.error, SecretStore::Error::NoBackend);
        result = await([&](SecretStore::Callback done) { store.read(QStringLiteral("k"), &context, done); });
        qInfo() << "read without a secret service:" << result.error << result.message;
        QCOMPARE(result.error, SecretStore::Error::NoBackend);
    }
};

QTEST_GUILESS_MAIN(TestKeychainSecretStore)
#include "tst_keychainsecretstore.moc"
