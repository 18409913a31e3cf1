// SPDX-License-Identifier: Apache-2.0
// The saved connection profiles without widgets: add, rename, switch, remove (never the last),
// names checked, everything back in a new instance from the same INI, no token in the file, and
// the old single remote worker's settings turned into profiles once.

#include "kosa8/ConnectionProfiles.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace k8;
using kosa8::ConnectionProfiles;
using kosa8::SavedProfile;

class TestConnectionProfiles : public QObject
{
    Q_OBJECT

    QString iniIn(const QTemporaryDir& dir) const { return dir.filePath(QStringLiteral("kosa8-desk.ini")); }

private Q_SLOTS:
    void startsWithOneLocalProfile()
    {
        QTemporaryDir dir;
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        QCOMPARE(profiles.count(), 1);
        QCOMPARE(profiles.active().name, QStringLiteral("Local"));
        QCOMPARE(profiles.active().kind, SavedProfile::Kind::Local);
        QCOMPARE(profiles.active().executable, QStringLiteral("kosa8"));
        QVERIFY(profiles.connection(profiles.activeId()).host.isEmpty());
        QCOMPARE(profiles.data(profiles.index(0), Qt::DisplayRole).toString(),
                 QStringLiteral("Local (active)"));
    }

    void addRenameSwitchRemoveAndPersist()
    {
        QTemporaryDir dir;
        QString remoteId;
        QString localId;
        {
            QSettings settings(iniIn(dir), QSettings::IniFormat);
            ConnectionProfiles profiles(&settings);
            localId = profiles.activeId();
            QString error;
            remoteId =
                profiles.addRemote(QStringLiteral("Studio Mac"), QStringLiteral("studio.local:7443"), &error);
            QVERIFY2(!remoteId.isEmpty(), qPrintable(error));
            QCOMPARE(profiles.count(), 2);
            // Names are unique (ignoring case and outer spaces), visible, and not empty.
            QVERIFY(
                profiles.addRemote(QStringLiteral(" studio mac "), QStringLiteral("x:1"), &error).isEmpty());
            QVERIFY2(error.contains(QStringLiteral("already a profile")), qPrintable(error));
            QVERIFY(profiles.addLocal(QStringLiteral("   "), QStringLiteral("kosa8"), &error).isEmpty());
            QVERIFY(profiles.addLocal(QStringLiteral("a\u202Eb"), QStringLiteral("kosa8"), &error).isEmpty());
            QVERIFY(error.contains(QStringLiteral("visible")));
            // A remote profile needs a host without spaces.
            QVERIFY(profiles.addRemote(QStringLiteral("No host"), QString(), &error).isEmpty());
            QVERIFY(profiles.addRemote(QStringLiteral("Spaces"), QStringLiteral("a b"), &error).isEmpty());
            QCOMPARE(profiles.count(), 2);

            QVERIFY(profiles.rename(remoteId, QStringLiteral("Build worker"), &error));
            QVERIFY(!profiles.rename(remoteId, QStringLiteral("local"), &error));
            QVERIFY(profiles.setExecutable(localId, QStringLiteral("/opt/kosa8/bin/kosa8"), &error));

            QSignalSpy switched(&profiles, &ConnectionProfiles::activeChanged);
            QVERIFY(profiles.setActive(remoteId));
            QCOMPARE(switched.count(), 1);
            QCOMPARE(profiles.connection(profiles.activeId()).host, QStringLiteral("studio.local:7443"));
            // The command line's executable replaces the profile's for this run.
            QCOMPARE(profiles.connection(remoteId, QStringLiteral("/tmp/standin")).executable,
                     QStringLiteral("/tmp/standin"));
            QVERIFY(!profiles.setActive(QStringLiteral("no-such-id")));

            // The token is held in memory only.
            profiles.setToken(remoteId, QStringLiteral("tok-SECRET"), SavedProfile::TokenState::Stored);
            QCOMPARE(profiles.connection(remoteId).token, QStringLiteral("tok-SECRET"));
        }
        QFile file(iniIn(dir));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("tok-SECRET"));
        {
            QSettings settings(iniIn(dir), QSettings::IniFormat);
            ConnectionProfiles profiles(&settings);
            QCOMPARE(profiles.count(), 2);
            QCOMPARE(profiles.activeId(), remoteId);
            QCOMPARE(profiles.active().name, QStringLiteral("Build worker"));
            QCOMPARE(profiles.active().host, QStringLiteral("studio.local:7443"));
            QCOMPARE(profiles.find(localId)->executable, QStringLiteral("/opt/kosa8/bin/kosa8"));
            // Its token is in the store: the profile waits for it to be read.
            QCOMPARE(profiles.active().tokenState, SavedProfile::TokenState::Loading);
            QVERIFY(profiles.active().token.isEmpty());

            // Removing the active profile makes the other one active; the last one stays.
            QSignalSpy switched(&profiles, &ConnectionProfiles::activeChanged);
            QString error;
            QVERIFY(profiles.remove(remoteId, &error));
            QCOMPARE(switched.count(), 1);
            QCOMPARE(profiles.activeId(), localId);
            QVERIFY(!profiles.remove(localId, &error));
            QVERIFY2(error.contains(QStringLiteral("last profile")), qPrintable(error));
            QCOMPARE(profiles.count(), 1);
        }
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        QCOMPARE(profiles.count(), 1);
        QCOMPARE(profiles.activeId(), localId);
    }

    void oldRemoteSettingsBecomeProfilesOnce()
    {
        QTemporaryDir dir;
        {
            QSettings old(iniIn(dir), QSettings::IniFormat);
            old.setValue(ConnectionProfiles::LegacyHostKey, QStringLiteral("mac-worker.local:7443"));
            old.setValue(ConnectionProfiles::LegacyTokenKey, QStringLiteral("tok-OLD"));
        }
        QString remoteId;
        {
            QSettings settings(iniIn(dir), QSettings::IniFormat);
            ConnectionProfiles profiles(&settings);
            QCOMPARE(profiles.count(), 2);
            // The connection used before stays the active one.
            QCOMPARE(profiles.active().name, QStringLiteral("Remote"));
            QCOMPARE(profiles.active().kind, SavedProfile::Kind::Remote);
            QCOMPARE(profiles.active().host, QStringLiteral("mac-worker.local:7443"));
            remoteId = profiles.activeId();
            QCOMPARE(profiles.legacyTokenProfileId(), remoteId);
            // The host moved; the token stays until it is safe elsewhere (ProfileSecrets).
            QVERIFY(!settings.contains(ConnectionProfiles::LegacyHostKey));
            QCOMPARE(settings.value(ConnectionProfiles::LegacyTokenKey).toString(),
                     QStringLiteral("tok-OLD"));
        }
        // Idempotent: a second start adds nothing.
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        QCOMPARE(profiles.count(), 2);
        QCOMPARE(profiles.activeId(), remoteId);
    }

    void oldLocalSettingsKeepLocalActive()
    {
        QTemporaryDir dir;
        {
            QSettings old(iniIn(dir), QSettings::IniFormat);
            old.setValue(QStringLiteral("agent/defaultSandbox"), QStringLiteral("box"));
        }
        QSettings settings(iniIn(dir), QSettings::IniFormat);
        ConnectionProfiles profiles(&settings);
        QCOMPARE(profiles.count(), 1);
        QCOMPARE(profiles.active().name, QStringLiteral("Local"));
        QCOMPARE(settings.value(QStringLiteral("agent/defaultSandbox")).toString(), QStringLiteral("box"));
    }
};

QTEST_GUILESS_MAIN(TestConnectionProfiles)
#include "tst_connectionprofiles.moc"
