// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDBusConnection>
#include <QObject>
#include <QPalette>
#include <QVariant>

class QDBusPendingCallWatcher;
class QDBusVariant;

namespace k8::app::style {

// Light or dark as the desktop prefers it, from the XDG desktop portal's Settings interface
// (org.freedesktop.portal.Settings, namespace "org.freedesktop.appearance", key "color-scheme":
// 0 no preference, 1 dark, 2 light; other values count as no preference).
enum class ColourScheme
{
    NoPreference = 0,
    Dark = 1,
    Light = 2,
};

// Follows the portal's colour scheme on Linux desktops that announce light/dark only there (a
// GNOME without a Qt platform theme): when the preference changes and the platform has not
// changed the application palette itself, it applies style::darkPalette() or
// style::lightPalette(), or gives the platform's own palette back. macOS and KDE (or GNOME with
// a platform theme) change the palette themselves, and the watcher then leaves it alone.
//
// Nothing here blocks: the first read is an asynchronous call. Without a session bus, or with no
// portal on it, the watcher does nothing.
class ColourSchemeWatcher : public QObject
{
    Q_OBJECT
public:
    enum class Action
    {
        Nothing,
        ApplyDark,
        ApplyLight,
        RestorePlatformPalette,
    };

    // Watches the portal on `bus` (the session bus in the app, a private bus in tests).
    explicit ColourSchemeWatcher(const QDBusConnection& bus, QObject* parent = nullptr);
    ~ColourSchemeWatcher() override;

    // A watcher on the session bus, or null when there is none to connect to (the app then just
    // keeps the platform's palette). Does not start a bus (no D-Bus autolaunch).
    static ColourSchemeWatcher* forSessionBus(QObject* parent);

    // What to do for `preference`, given whether the palette in use is dark, whether the
    // platform's own palette is dark, and whether the palette in use is one this class applied.
    static Action decide(ColourScheme preference, bool paletteIsDark, bool platformPaletteIsDark,
                         bool appliedOwnPalette);
    // The scheme in a portal value (a uint, possibly inside one or more variants, as the older
    // Read method returns it).
    static ColourScheme schemeFrom(const QVariant& value);

    ColourScheme scheme() const { return m_scheme; }
    bool appliedOwnPalette() const { return m_appliedOwn; }
    // Off while the person has chosen light or dark (style/Appearance.h): the watcher then neither
    // applies a palette nor takes the palettes set for its platform's. Back on, it gives the
    // platform's palette back and applies the desktop's preference again.
    void setFollowing(bool following);
    // How long a change announced on the bus waits for the platform to change the palette first
    // (the platform theme may answer the same announcement); 0 in tests.
    void setSettleDelayMs(int ms) { m_settleDelayMs = ms; }

Q_SIGNALS:
    // The portal's preference, read or changed.
    void schemeChanged(k8::app::style::ColourScheme scheme);
    // After this class set the application palette (dark or light) or gave the platform's back.
    void paletteApplied(bool dark);

private Q_SLOTS:
    void onSettingChanged(const QString& nameSpace, const QString& key, const QDBusVariant& value);

private:
    void readInitial(const QString& method);
    void onInitialRead(QDBusPendingCallWatcher* call, const QString& method);
    void setScheme(ColourScheme scheme, int delayMs);
    void applyPreference();

    QDBusConnection m_bus;
    ColourScheme m_scheme = ColourScheme::NoPreference;
    QPalette m_platformPalette;
    bool m_appliedOwn = false;
    bool m_applying = false;
    bool m_following = true;
    int m_settleDelayMs = 300;
};

} // namespace k8::app::style
