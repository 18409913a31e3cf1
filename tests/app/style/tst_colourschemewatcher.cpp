// SPDX-License-Identifier: Apache-2.0
// ColourSchemeWatcher against a fake XDG desktop portal on a private D-Bus bus: this test starts
// its own dbus-daemon, registers org.freedesktop.portal.Desktop at
// /org/freedesktop/portal/desktop with the Settings interface (ReadOne, Read and the
// SettingChanged signal) on one connection, and points the watcher at the bus on another; with
// style::Appearance, the person's own choice above it.
#include "style/Appearance.h"
#include "style/ColourSchemeWatcher.h"
#include "style/StateColours.h"
#include "style/ThemePalettes.h"
#include "support/FakeXdgPortal.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusVariant>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

Q_DECLARE_METATYPE(k8::app::style::ColourScheme)
Q_DECLARE_METATYPE(k8::app::style::ColourSchemeWatcher::Action)

using namespace k8::app;
using style::ColourScheme;
using style::ColourSchemeWatcher;

class TestColourSchemeWatcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const QString daemon = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
        if (daemon.isEmpty())
            QFAIL("dbus-daemon is needed (Debian: dbus-daemon)");
        m_daemon.setProgram(daemon);
        m_daemon.setArguments(
            {QStringLiteral("--session"), QStringLiteral("--nofork"), QStringLiteral("--print-address")});
        m_daemon.start();
        QVERIFY(m_daemon.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(m_daemon.canReadLine(), 10000);
        m_address = QString::fromLatin1(m_daemon.readLine()).trimmed();
        QVERIFY(!m_address.isEmpty());
    }

    void cleanupTestCase()
    {
        QApplication::setPalette(m_original);
        m_daemon.terminate();
        m_daemon.waitForFinished(5000);
    }

    void init()
    {
        QApplication::setPalette(style::lightPalette());
        m_portalBus = std::make_unique<QDBusConnection>(
            QDBusConnection::connectToBus(m_address, QStringLiteral("portal%1").arg(++m_round)));
        QVERIFY(m_portalBus->isConnected());
        m_portal = std::make_unique<k8::test::FakeXdgPortal>();
        m_portal->setBus(m_portalBus.get());
        QVERIFY(
            m_portalBus->registerObject(QStringLiteral("/org/freedesktop/portal/desktop"), m_portal.get(),
                                        QDBusConnection::ExportAllSlots | QDBusConnection::ExportAllSignals));
        QVERIFY(m_portalBus->registerService(QStringLiteral("org.freedesktop.portal.Desktop")));
    }

    void cleanup()
    {
        m_portalBus->unregisterService(QStringLiteral("org.freedesktop.portal.Desktop"));
        m_portalBus->unregisterObject(QStringLiteral("/org/freedesktop/portal/desktop"));
        QDBusConnection::disconnectFromBus(m_portalBus->name());
        m_portalBus.reset();
        m_portal.reset();
    }

    void followsThePortalBothWays()
    {
        m_portal->colourScheme = 1; // dark at start
        const QDBusConnection bus =
            QDBusConnection::connectToBus(m_address, QStringLiteral("watcher%1").arg(m_round));
        ColourSchemeWatcher watcher(bus);
        watcher.setSettleDelayMs(0);
        QSignalSpy applied(&watcher, &ColourSchemeWatcher::paletteApplied);
        QVERIFY(applied.wait(10000));
        QVERIFY(StateColours::isDark(QApplication::palette()));
        QCOMPARE(QApplication::palette().color(QPalette::Base), style::darkPalette().color(QPalette::Base));
        QCOMPARE(watcher.scheme(), ColourScheme::Dark);
        QVERIFY(watcher.appliedOwnPalette());

        // The desktop switches to light: the platform's own (light) palette comes back.
        m_portal->announce(2);
        QVERIFY(applied.wait(10000));
        QVERIFY(!StateColours::isDark(QApplication::palette()));
        QCOMPARE(QApplication::palette().color(QPalette::Base), style::lightPalette().color(QPalette::Base));
        QVERIFY(!watcher.appliedOwnPalette());

        // Other settings on the same signal change nothing.
        Q_EMIT m_portal->SettingChanged(QStringLiteral("org.gnome.desktop.interface"),
                                        QStringLiteral("clock-format"), QDBusVariant(QStringLiteral("24h")));
        m_portal->announce(1);
        QVERIFY(applied.wait(10000));
        QVERIFY(StateColours::isDark(QApplication::palette()));
        QDBusConnection::disconnectFromBus(bus.name());
    }

    // KDE or a Qt platform theme changed the palette on the same announcement: the watcher keeps
    // the platform's dark palette rather than putting its own over it.
    void leavesAPaletteThePlatformChangedAlone()
    {
        m_portal->colourScheme = 2;
        const QDBusConnection bus =
            QDBusConnection::connectToBus(m_address, QStringLiteral("watcher%1").arg(m_round));
        ColourSchemeWatcher watcher(bus);
        watcher.setSettleDelayMs(0);
        QSignalSpy schemeChanged(&watcher, &ColourSchemeWatcher::schemeChanged);
        QSignalSpy applied(&watcher, &ColourSchemeWatcher::paletteApplied);
        QVERIFY(schemeChanged.wait(10000));
        QCOMPARE(watcher.scheme(), ColourScheme::Light);
        QCOMPARE(applied.count(), 0); // light already

        QPalette platformDark = style::darkPalette();
        platformDark.setColor(QPalette::Base, QColor(0x10, 0x12, 0x14)); // tell it from ours
        QApplication::setPalette(platformDark);
        m_portal->announce(1);
        QVERIFY(schemeChanged.wait(10000));
        QCOMPARE(watcher.scheme(), ColourScheme::Dark);
        QCoreApplication::processEvents();
        QCOMPARE(applied.count(), 0);
        QCOMPARE(QApplication::palette().color(QPalette::Base), QColor(0x10, 0x12, 0x14));
        QDBusConnection::disconnectFromBus(bus.name());
    }

    // The person chose a look (View > Appearance): the desktop's changes wait until they choose
    // to follow the system again, and then apply at once.
    void standsAsideWhileThePersonChose()
    {
        m_portal->colourScheme = 2;
        const QDBusConnection bus =
            QDBusConnection::connectToBus(m_address, QStringLiteral("watcher%1").arg(m_round));
        ColourSchemeWatcher watcher(bus);
        watcher.setSettleDelayMs(0);
        QSignalSpy schemeChanged(&watcher, &ColourSchemeWatcher::schemeChanged);
        QVERIFY(schemeChanged.wait(10000));

        style::Appearance appearance(&watcher);
        appearance.setChoice(style::Appearance::Choice::Light);
        m_portal->announce(1); // the desktop goes dark
        QVERIFY(schemeChanged.wait(10000));
        QCoreApplication::processEvents();
        QVERIFY2(!StateColours::isDark(QApplication::palette()), "the desktop overrode the person's light");

        appearance.setChoice(style::Appearance::Choice::Dark);
        QVERIFY(StateColours::isDark(QApplication::palette()));
        m_portal->announce(2); // the desktop goes light
        QVERIFY(schemeChanged.wait(10000));
        QCoreApplication::processEvents();
        QVERIFY2(StateColours::isDark(QApplication::palette()), "the desktop overrode the person's dark");

        // Following the system again: the desktop says light, and light it is; then dark follows.
        appearance.setChoice(style::Appearance::Choice::System);
        QVERIFY(!StateColours::isDark(QApplication::palette()));
        QSignalSpy applied(&watcher, &ColourSchemeWatcher::paletteApplied);
        m_portal->announce(1);
        QVERIFY(applied.wait(10000));
        QVERIFY(StateColours::isDark(QApplication::palette()));
        QDBusConnection::disconnectFromBus(bus.name());
    }

    void appearanceKeys()
    {
        using Choice = style::Appearance::Choice;
        for (Choice choice : {Choice::System, Choice::Light, Choice::Dark})
            QCOMPARE(style::Appearance::fromKey(style::Appearance::keyOf(choice)), choice);
        QCOMPARE(style::Appearance::fromKey(QStringLiteral("purple")), Choice::System);
        QCOMPARE(style::Appearance::fromKey(QString()), Choice::System);
    }

    // A version 1 portal has only Read, whose value comes inside one more variant.
    void readsAnOlderPortal()
    {
        m_portal->hasReadOne = false;
        m_portal->colourScheme = 1;
        const QDBusConnection bus =
            QDBusConnection::connectToBus(m_address, QStringLiteral("watcher%1").arg(m_round));
        ColourSchemeWatcher watcher(bus);
        QSignalSpy applied(&watcher, &ColourSchemeWatcher::paletteApplied);
        QVERIFY(applied.wait(10000));
        QVERIFY(StateColours::isDark(QApplication::palette()));
        QCOMPARE(m_portal->reads, 2); // ReadOne refused, then Read
        QDBusConnection::disconnectFromBus(bus.name());
    }

    void withoutABusNothingHappens()
    {
        const QDBusConnection none = QDBusConnection::connectToBus(
            QStringLiteral("unix:path=/nonexistent/bus"), QStringLiteral("nobus"));
        QVERIFY(!none.isConnected());
        const QPalette before = QApplication::palette();
        ColourSchemeWatcher watcher(none);
        QCoreApplication::processEvents();
        QCOMPARE(QApplication::palette(), before);
        QCOMPARE(watcher.scheme(), ColourScheme::NoPreference);
        // And with no address known at all, the app makes no watcher (no D-Bus autolaunch).
        const QByteArray address = qgetenv("DBUS_SESSION_BUS_ADDRESS");
        const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        qputenv("XDG_RUNTIME_DIR", QByteArray("/nonexistent"));
        QCOMPARE(ColourSchemeWatcher::forSessionBus(this), nullptr);
        qputenv("DBUS_SESSION_BUS_ADDRESS", address);
        qputenv("XDG_RUNTIME_DIR", runtime);
    }

    void decisions_data()
    {
        using Action = ColourSchemeWatcher::Action;
        QTest::addColumn<ColourScheme>("preference");
        QTest::addColumn<bool>("paletteIsDark");
        QTest::addColumn<bool>("platformIsDark");
        QTest::addColumn<bool>("appliedOwn");
        QTest::addColumn<Action>("expected");
        QTest::newRow("dark wanted, light shown")
            << ColourScheme::Dark << false << false << false << Action::ApplyDark;
        QTest::newRow("dark wanted, platform dark")
            << ColourScheme::Dark << true << true << false << Action::Nothing;
        QTest::newRow("dark wanted, our light over platform dark")
            << ColourScheme::Dark << false << true << true << Action::RestorePlatformPalette;
        QTest::newRow("light wanted, our dark")
            << ColourScheme::Light << true << false << true << Action::RestorePlatformPalette;
        QTest::newRow("light wanted, platform dark")
            << ColourScheme::Light << true << true << false << Action::ApplyLight;
        QTest::newRow("light wanted, light shown")
            << ColourScheme::Light << false << false << false << Action::Nothing;
        QTest::newRow("no preference, ours shown")
            << ColourScheme::NoPreference << true << false << true << Action::RestorePlatformPalette;
        QTest::newRow("no preference, platform's")
            << ColourScheme::NoPreference << true << true << false << Action::Nothing;
    }
    void decisions()
    {
        QFETCH(ColourScheme, preference);
        QFETCH(bool, paletteIsDark);
        QFETCH(bool, platformIsDark);
        QFETCH(bool, appliedOwn);
        QFETCH(ColourSchemeWatcher::Action, expected);
        QCOMPARE(ColourSchemeWatcher::decide(preference, paletteIsDark, platformIsDark, appliedOwn),
                 expected);
    }

    void valuesFromThePortal()
    {
        QCOMPARE(ColourSchemeWatcher::schemeFrom(QVariant::fromValue(1u)), ColourScheme::Dark);
        QCOMPARE(ColourSchemeWatcher::schemeFrom(QVariant::fromValue(2u)), ColourScheme::Light);
        QCOMPARE(ColourSchemeWatcher::schemeFrom(QVariant::fromValue(7u)), ColourScheme::NoPreference);
        QCOMPARE(ColourSchemeWatcher::schemeFrom(QVariant::fromValue(
                     QDBusVariant(QVariant::fromValue(QDBusVariant(QVariant::fromValue(1u)))))),
                 ColourScheme::Dark);
        QCOMPARE(ColourSchemeWatcher::schemeFrom(QVariant(QStringLiteral("dark"))),
                 ColourScheme::NoPreference);
        QCOMPARE(ColourSchemeWatcher::schemeFrom(QVariant(QStringLiteral("1"))), ColourScheme::NoPreference);
    }

private:
    QProcess m_daemon;
    QString m_address;
    int m_round = 0;
    std::unique_ptr<QDBusConnection> m_portalBus;
    std::unique_ptr<k8::test::FakeXdgPortal> m_portal;
    QPalette m_original = QApplication::palette();
};

QTEST_MAIN(TestColourSchemeWatcher)
#include "tst_colourschemewatcher.moc"
