// SPDX-License-Identifier: Apache-2.0
// The tokens of the profiles behind the SecretStore interface, with the fake store: written,
// read back at the next start, removed with their profile; "no keychain" asks before keeping a
// token in memory only (yes: kept for the session; no: not stored); the old settings file's
// token moves into the store and leaves the file only once the store has it.

#include "kosa8/ConnectionProfiles.h"
#include "secrets/MemorySecretStore.h"
#include "secrets/ProfileSecrets.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace k8;
using kosa8::ConnectionProfiles;
using kosa8::SavedProfile;
using secrets::MemorySecretStore;
using secrets::ProfileSecrets;
using secrets::SecretStore;
using TokenState = SavedProfile::TokenState;

namespace {
// A persistent fake keychain (MemorySecretStore as the real store would behave).
std::unique_ptr<MemorySecretStore> fakeKeychain()
{
    auto store = std::make_unique<MemorySecretStore>();
    store->setPersistent(true);
    return store;
}

QByteArray fileText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

class TestProfileSecrets : public QObject
{
    Q_OBJECT

    QString iniIn(const QTemporaryDir& dir) const { return dir.filePath(QStringLiteral("kosa8-desk.ini")); }

private Q_SLOTS:
    void fakeStoreAnswersLaterWithDistinctErrors()
    {
        MemorySecretStore store;
        QObject context;
        SecretStore::Result got;
        int answers = 0;
        auto record = [&](const SecretStore::Result& result) {
            got = result;
            ++answers;
        };
        store.write(QStringLiteral("k"), QStringLiteral("v"), &context, record);
        QCOMPARE(answers, 0); // never inside the call
        QTRY_COMPARE(answers, 1);
        QVERIFY(got.ok());
        store.read(QStringLiteral("k"), &context, record);
        QTRY_COMPARE(answers, 2);
        QCOMPARE(got.secret, QStringLiteral("v"));
        store.remove(QStringLiteral("k"), &context, record);
        QTRY_COMPARE(answers, 3);
        store.read(QStringLiteral("k"), &context, record);
        QTRY_COMPARE(answers, 4);
        QCOMPARE(got.error, SecretStore::Error::NotFound);
        store.setFailure(SecretStore::Error::NoBackend);
        store.read(QStringLiteral("k"), &context, record);
        QTRY_COMPARE(answers, 5);
        QCOMPARE(got.error, SecretStore::Error::NoBackend);
        QVERIFY(SecretStore::describe(got.error).contains(QStringLiteral("No keychain")));
    }

    void tokenIsWrittenReadAtNextStartAndRemovedWithItsProfile()
    {
        QTemporaryDir dir;
        auto store = fakeKeychain();
        QString id;
        {
            QSettings settings(iniIn(dir), QSettings::IniFormat);
            ConnectionProfiles profiles(&settings);
            ProfileSecrets secrets(&profiles, &settings, store.get());
            QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
            id = secrets.addRemote(QStringLiteral("Worker"), QStringLiteral("w:1"), QStringLiteral("tok-1"));
            QVERIFY(!id.isEmpty());
            // Usable at once, stored once the store answered.
            QCOMPARE(profiles.connection(id).token, QStringLiteral("tok-1"));
            QCOMPARE(profiles.find(id)->tokenState, TokenState::Saving);
            QVERIFY(settled.wait(5000));
            QCOMPARE(profiles.find(id)->tokenState, TokenState::Stored);
            QCOMPARE(store->value(id), QStringLiteral("tok-1"));
        }
        QVERIFY(!fileText(iniIn(dir)).contains("tok-1"));
        {
            QSettings settings(iniIn(dir), QSettings::IniFormat);
            ConnectionProfiles profiles(&settings);
            ProfileSecrets secrets(&profiles, &settings, store.get());
            QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
            secrets.loadTokens();
            QCOMPARE(profiles.find(id)->tokenState, TokenState::Loading);
            QVERIFY(settled.wait(5000));
            QCOMPARE(profiles.find(id)->token, QStringLiteral("tok-1"));
            QCOMPARE(profiles.find(id)->tokenState, TokenState::Stored);

            // A new token replaces it; an empty one removes it.
            secrets.setToken(id, QStringLiteral("tok-2"));
            QVERIFY(settled.wait(5000));
            QCOMPARE(store->value(id), QStringLiteral("tok-2"));
            secrets.setToken(id, QString());
            QVERIFY(settled.wait(5000));
            QVERIFY(!store->contains(id));
            QCOMPARE(profiles.find(id)->tokenState, TokenState::None);

            secrets.setToken(id, QStringLiteral("tok-3"));
            QVERIFY(settled.wait(5000));
            QVERIFY(secrets.removeProfile(id));
            QVERIFY(settled.wait(5000));
            QVERIFY(!store->contains(id));
            QString error;
            QVERIFY(!secrets.removeProfile(profiles.activeId(), &error)); // the last one stays
        }
    }

    void noKeychainAsksAndYesKeepsTheTokenForTheSession()
    {
        QTemporaryDir dir;
        auto store = fakeKeychain();
        store->setFailure(SecretStore::Error::NoBackend, QStringLiteral("no secret service"));
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        ProfileSecrets secrets(&profiles, &settings, store.get());
        QList<ProfileSecrets::Question> asked;
        secrets.setAsk([&asked](const ProfileSecrets::Question& question) {
            asked << question;
            return true;
        });
        QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
        const QString id =
            secrets.addRemote(QStringLiteral("Worker"), QStringLiteral("w:1"), QStringLiteral("tok-S"));
        QVERIFY(settled.wait(5000));
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.first().objectName, QStringLiteral("keepTokenInMemory"));
        QVERIFY(asked.first().text.contains(QStringLiteral("No keychain")));
        QVERIFY(asked.first().text.contains(QStringLiteral("Worker")));
        QVERIFY(!asked.first().text.contains(QStringLiteral("tok-S")));
        QCOMPARE(profiles.find(id)->tokenState, TokenState::SessionOnly);
        QCOMPARE(profiles.connection(id).token, QStringLiteral("tok-S"));
        QVERIFY(!fileText(iniIn(dir)).contains("tok-S"));
        QVERIFY(
            SavedProfile::tokenStateText(TokenState::SessionOnly).contains(QStringLiteral("this session")));
    }

    void noKeychainAndNoLeavesTheTokenNotStored()
    {
        QTemporaryDir dir;
        auto store = fakeKeychain();
        store->setFailure(SecretStore::Error::NoBackend);
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        ProfileSecrets secrets(&profiles, &settings, store.get());
        QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
        const QString id =
            secrets.addRemote(QStringLiteral("Worker"), QStringLiteral("w:1"), QStringLiteral("tok-N"));
        // Nobody to ask yet (the window is not there): nothing is decided, nothing kept for good.
        QVERIFY(!settled.wait(300));
        int asked = 0;
        secrets.setAsk([&asked](const ProfileSecrets::Question&) {
            ++asked;
            return false;
        });
        QCOMPARE(asked, 1);
        QCOMPARE(settled.count(), 1);
        QCOMPARE(profiles.find(id)->tokenState, TokenState::NotStored);
        QVERIFY(profiles.connection(id).token.isEmpty());
        QCOMPARE(SavedProfile::tokenStateText(TokenState::NotStored), QStringLiteral("token not stored"));
    }

    void migrationMovesTheTokenAndOnlyThenRemovesTheKey()
    {
        QTemporaryDir dir;
        {
            QSettings old(iniIn(dir), QSettings::IniFormat);
            old.setValue(ConnectionProfiles::LegacyHostKey, QStringLiteral("mac-worker.local:7443"));
            old.setValue(ConnectionProfiles::LegacyTokenKey, QStringLiteral("tok-OLD"));
        }
        auto store = fakeKeychain();
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        ProfileSecrets secrets(&profiles, &settings, store.get());
        QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
        secrets.migrateLegacyToken();
        const QString id = profiles.activeId();
        // In use at once; still in the file until the store confirmed.
        QCOMPARE(profiles.connection(id).token, QStringLiteral("tok-OLD"));
        QVERIFY(settings.contains(ConnectionProfiles::LegacyTokenKey));
        QVERIFY(settled.wait(5000));
        QCOMPARE(store->value(id), QStringLiteral("tok-OLD"));
        QVERIFY(!settings.contains(ConnectionProfiles::LegacyTokenKey));
        QCOMPARE(profiles.find(id)->tokenState, TokenState::Stored);
        QVERIFY(!fileText(iniIn(dir)).contains("tok-OLD"));
        // Idempotent: nothing left to move.
        const int operations = store->operationCount();
        secrets.migrateLegacyToken();
        QVERIFY(!settled.wait(200));
        QCOMPARE(store->operationCount(), operations);
    }

    void migrationWithAFailingStoreKeepsTheKey()
    {
        QTemporaryDir dir;
        {
            QSettings old(iniIn(dir), QSettings::IniFormat);
            old.setValue(ConnectionProfiles::LegacyHostKey, QStringLiteral("mac-worker.local:7443"));
            old.setValue(ConnectionProfiles::LegacyTokenKey, QStringLiteral("tok-OLD"));
        }
        auto store = fakeKeychain();
        store->setFailure(SecretStore::Error::Other, QStringLiteral("the keyring is locked"));
        {
            QSettings settings(iniIn(dir), QSettings::IniFormat);
            ConnectionProfiles profiles(&settings);
            ProfileSecrets secrets(&profiles, &settings, store.get());
            QList<ProfileSecrets::Question> asked;
            secrets.setAsk([&asked](const ProfileSecrets::Question& question) {
                asked << question;
                return false; // leave it in the file
            });
            QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
            QSignalSpy problems(&secrets, &ProfileSecrets::problem);
            secrets.migrateLegacyToken();
            QVERIFY(settled.wait(5000));
            QCOMPARE(asked.size(), 1);
            QCOMPARE(asked.first().objectName, QStringLiteral("migrateTokenToMemory"));
            QVERIFY(asked.first().text.contains(QStringLiteral("the keyring is locked")));
            QCOMPARE(settings.value(ConnectionProfiles::LegacyTokenKey).toString(),
                     QStringLiteral("tok-OLD"));
            QCOMPARE(profiles.active().tokenState, TokenState::InSettingsFile);
            QCOMPARE(profiles.connection(profiles.activeId()).token, QStringLiteral("tok-OLD"));
            QCOMPARE(problems.count(), 1);
        }
        // The next start, with the keychain back, moves it.
        store->setFailure(SecretStore::Error::None);
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        ProfileSecrets secrets(&profiles, &settings, store.get());
        QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
        secrets.migrateLegacyToken();
        QVERIFY(settled.wait(5000));
        QVERIFY(!settings.contains(ConnectionProfiles::LegacyTokenKey));
        QCOMPARE(store->value(profiles.activeId()), QStringLiteral("tok-OLD"));
    }

    void migrationWithoutKeychainAndYesKeepsItInMemoryOnly()
    {
        QTemporaryDir dir;
        {
            QSettings old(iniIn(dir), QSettings::IniFormat);
            old.setValue(ConnectionProfiles::LegacyHostKey, QStringLiteral("mac-worker.local:7443"));
            old.setValue(ConnectionProfiles::LegacyTokenKey, QStringLiteral("tok-OLD"));
        }
        auto store = fakeKeychain();
        store->setFailure(SecretStore::Error::NoBackend);
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        ProfileSecrets secrets(&profiles, &settings, store.get());
        secrets.setAsk([](const ProfileSecrets::Question&) { return true; });
        QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
        secrets.migrateLegacyToken();
        QVERIFY(settled.wait(5000));
        // The person chose: out of the file, in memory for this session.
        QVERIFY(!settings.contains(ConnectionProfiles::LegacyTokenKey));
        QCOMPARE(profiles.active().tokenState, TokenState::SessionOnly);
        QCOMPARE(profiles.connection(profiles.activeId()).token, QStringLiteral("tok-OLD"));
    }

    void unreadableKeychainAtStartIsSaidAndRetriedLater()
    {
        QTemporaryDir dir;
        auto store = fakeKeychain();
        QString id;
        {
            QSettings settings(iniIn(dir), QSettings::IniFormat);
            ConnectionProfiles profiles(&settings);
            ProfileSecrets secrets(&profiles, &settings, store.get());
            QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
            id = secrets.addRemote(QStringLiteral("Worker"), QStringLiteral("w:1"), QStringLiteral("tok-1"));
            QVERIFY(settled.wait(5000));
        }
        store->setFailure(SecretStore::Error::NoBackend);
        {
            QSettings settings(iniIn(dir), QSettings::IniFormat);
            ConnectionProfiles profiles(&settings);
            ProfileSecrets secrets(&profiles, &settings, store.get());
            QSignalSpy problems(&secrets, &ProfileSecrets::problem);
            secrets.loadTokens();
            QVERIFY(problems.wait(5000));
            QCOMPARE(profiles.find(id)->tokenState, TokenState::Unreadable);
            QVERIFY(problems.first().at(1).toString().contains(QStringLiteral("No keychain")));
        }
        store->setFailure(SecretStore::Error::None);
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        ProfileSecrets secrets(&profiles, &settings, store.get());
        QSignalSpy settled(&secrets, &ProfileSecrets::tokenSettled);
        secrets.loadTokens();
        QVERIFY(settled.wait(5000));
        QCOMPARE(profiles.find(id)->token, QStringLiteral("tok-1"));
    }
};

QTEST_GUILESS_MAIN(TestProfileSecrets)
#include "tst_profilesecrets.moc"
