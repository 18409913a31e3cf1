// SPDX-License-Identifier: Apache-2.0
#include "style/ColourSchemeWatcher.h"

#include "style/PaletteNotifier.h"
#include "style/StateColours.h"
#include "style/ThemePalettes.h"

#include <QApplication>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusVariant>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QTimer>

namespace k8::app::style {

namespace {

const QString PortalService = QStringLiteral("org.freedesktop.portal.Desktop");
const QString PortalPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString SettingsInterface = QStringLiteral("org.freedesktop.portal.Settings");
const QString AppearanceNamespace = QStringLiteral("org.freedesktop.appearance");
const QString ColourSchemeKey = QStringLiteral("color-scheme");

} // namespace

ColourSchemeWatcher::ColourSchemeWatcher(const QDBusConnection& bus, QObject* parent)
    : QObject(parent)
    , m_bus(bus)
    , m_platformPalette(QApplication::palette())
{
    // Palette changes this class did not make are the platform's: its palette becomes the one to
    // give back, and what is on screen is no longer ours.
    if (PaletteNotifier* notifier = PaletteNotifier::instance())
        connect(notifier, &PaletteNotifier::applicationPaletteChanged, this, [this] {
            if (m_applying || !m_following)
                return;
            m_platformPalette = QApplication::palette();
            m_appliedOwn = false;
        });
    if (!m_bus.isConnected())
        return;
    // The slot's QDBusVariant is looked up by name when the signal is connected: registered
    // first, or the first watcher in a process never hears a change (tst_colourschemewatcher).
    qRegisterMetaType<QDBusVariant>();
    if (!m_bus.connect(PortalService, PortalPath, SettingsInterface, QStringLiteral("SettingChanged"), this,
                       SLOT(onSettingChanged(QString, QString, QDBusVariant))))
        qWarning("Cannot follow the desktop's colour scheme: %s", qPrintable(m_bus.lastError().message()));
    // ReadOne is version 2 of the interface; Read (version 1) answers older portals.
    readInitial(QStringLiteral("ReadOne"));
}

ColourSchemeWatcher::~ColourSchemeWatcher() = default;

ColourSchemeWatcher* ColourSchemeWatcher::forSessionBus(QObject* parent)
{
#ifdef Q_OS_LINUX
    // libdbus would try to autolaunch a bus when no address is known; an app without a session bus
    // (a bare X session, a container, the offscreen tests) simply keeps the platform's look.
    const bool addressKnown =
        !qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS") ||
        (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR") &&
         QFileInfo::exists(QDir(qEnvironmentVariable("XDG_RUNTIME_DIR")).filePath(QStringLiteral("bus"))));
    if (!addressKnown)
        return nullptr;
    const QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return nullptr;
    return new ColourSchemeWatcher(bus, parent);
#else
    Q_UNUSED(parent)
    return nullptr; // macOS changes the application palette itself
#endif
}

ColourSchemeWatcher::Action ColourSchemeWatcher::decide(ColourScheme preference, bool paletteIsDark,
                                                        bool platformPaletteIsDark, bool appliedOwnPalette)
{
    switch (preference) {
    case ColourScheme::NoPreference:
        return appliedOwnPalette ? Action::RestorePlatformPalette : Action::Nothing;
    case ColourScheme::Dark:
        if (paletteIsDark)
            return Action::Nothing;
        return appliedOwnPalette && platformPaletteIsDark ? Action::RestorePlatformPalette
                                                          : Action::ApplyDark;
    case ColourScheme::Light:
        if (!paletteIsDark)
            return Action::Nothing;
        return appliedOwnPalette && !platformPaletteIsDark ? Action::RestorePlatformPalette
                                                           : Action::ApplyLight;
    }
    return Action::Nothing;
}

ColourScheme ColourSchemeWatcher::schemeFrom(const QVariant& value)
{
    QVariant inner = value;
    // Read wraps the value in one more variant than ReadOne and SettingChanged; a few levels at
    // most, never a loop over hostile nesting.
    for (int depth = 0; depth < 4 && inner.metaType() == QMetaType::fromType<QDBusVariant>(); ++depth)
        inner = inner.value<QDBusVariant>().variant();
    // The key is a uint ("u"); anything else (a string, a structure) counts as no preference.
    switch (inner.metaType().id()) {
    case QMetaType::UInt:
    case QMetaType::Int:
    case QMetaType::UChar:
    case QMetaType::UShort:
    case QMetaType::Short:
    case QMetaType::ULongLong:
    case QMetaType::LongLong:
        break;
    default:
        return ColourScheme::NoPreference;
    }
    bool ok = false;
    const uint number = inner.toUInt(&ok);
    if (!ok)
        return ColourScheme::NoPreference;
    switch (number) {
    case 1:
        return ColourScheme::Dark;
    case 2:
        return ColourScheme::Light;
    default:
        return ColourScheme::NoPreference;
    }
}

void ColourSchemeWatcher::readInitial(const QString& method)
{
    QDBusMessage message =
        QDBusMessage::createMethodCall(PortalService, PortalPath, SettingsInterface, method);
    message << AppearanceNamespace << ColourSchemeKey;
    auto* call = new QDBusPendingCallWatcher(m_bus.asyncCall(message), this);
    connect(call, &QDBusPendingCallWatcher::finished, this,
            [this, method](QDBusPendingCallWatcher* finished) { onInitialRead(finished, method); });
}

void ColourSchemeWatcher::onInitialRead(QDBusPendingCallWatcher* call, const QString& method)
{
    call->deleteLater();
    const QDBusMessage reply = call->reply();
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty()) {
        if (method == QLatin1String("ReadOne") &&
            reply.errorName() == QLatin1String("org.freedesktop.DBus.Error.UnknownMethod"))
            readInitial(QStringLiteral("Read"));
        return; // no portal, or no such setting: the platform's look stays
    }
    // At start the platform has set its palette already: decide at once.
    setScheme(schemeFrom(reply.arguments().constFirst()), 0);
}

void ColourSchemeWatcher::onSettingChanged(const QString& nameSpace, const QString& key,
                                           const QDBusVariant& value)
{
    if (nameSpace != AppearanceNamespace || key != ColourSchemeKey)
        return;
    setScheme(schemeFrom(QVariant::fromValue(value)), m_settleDelayMs);
}

void ColourSchemeWatcher::setScheme(ColourScheme scheme, int delayMs)
{
    const bool changed = scheme != m_scheme;
    m_scheme = scheme;
    if (changed)
        Q_EMIT schemeChanged(scheme);
    if (delayMs <= 0)
        applyPreference();
    else
        QTimer::singleShot(delayMs, this, &ColourSchemeWatcher::applyPreference);
}

void ColourSchemeWatcher::setFollowing(bool following)
{
    if (following == m_following)
        return;
    m_following = following;
    if (!following)
        return;
    m_applying = true;
    QApplication::setPalette(m_platformPalette);
    m_applying = false;
    m_appliedOwn = false;
    applyPreference();
}

void ColourSchemeWatcher::applyPreference()
{
    if (!m_following)
        return;
    const Action action = decide(m_scheme, StateColours::isDark(QApplication::palette()),
                                 StateColours::isDark(m_platformPalette), m_appliedOwn);
    if (action == Action::Nothing)
        return;
    m_applying = true;
    switch (action) {
    case Action::ApplyDark:
        QApplication::setPalette(darkPalette());
        m_appliedOwn = true;
        break;
    case Action::ApplyLight:
        QApplication::setPalette(lightPalette());
        m_appliedOwn = true;
        break;
    case Action::RestorePlatformPalette:
        QApplication::setPalette(m_platformPalette);
        m_appliedOwn = false;
        break;
    case Action::Nothing:
        break;
    }
    m_applying = false;
    Q_EMIT paletteApplied(StateColours::isDark(QApplication::palette()));
}

} // namespace k8::app::style
