// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusVariant>
#include <QObject>

namespace k8::test {

// The XDG desktop portal's Settings interface (org.freedesktop.portal.Settings) as far as
// style/ColourSchemeWatcher uses it: ReadOne (version 2), Read (version 1, the value inside one
// more variant) and the SettingChanged signal, for org.freedesktop.appearance color-scheme only.
// Registered as org.freedesktop.portal.Desktop at /org/freedesktop/portal/desktop on a private
// bus by tst_colourschemewatcher and by fake_xdg_portal (the dark-theme screenshot).
class FakeXdgPortal : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.portal.Settings")
public:
    uint colourScheme = 0;
    bool hasReadOne = true;
    int reads = 0;

public Q_SLOTS:
    QDBusVariant ReadOne(const QString& nameSpace, const QString& key, const QDBusMessage& message)
    {
        ++reads;
        if (!hasReadOne) {
            message.setDelayedReply(true);
            m_bus->send(message.createErrorReply(QStringLiteral("org.freedesktop.DBus.Error.UnknownMethod"),
                                                 QStringLiteral("No ReadOne in version 1")));
            return {};
        }
        return value(nameSpace, key, message);
    }
    // Version 1: the value inside one more variant.
    QDBusVariant Read(const QString& nameSpace, const QString& key, const QDBusMessage& message)
    {
        ++reads;
        return QDBusVariant(QVariant::fromValue(value(nameSpace, key, message)));
    }

Q_SIGNALS:
    void SettingChanged(const QString& nameSpace, const QString& key, const QDBusVariant& value);

public:
    void setBus(QDBusConnection* bus) { m_bus = bus; }
    void announce(uint scheme)
    {
        colourScheme = scheme;
        Q_EMIT SettingChanged(QStringLiteral("org.freedesktop.appearance"), QStringLiteral("color-scheme"),
                              QDBusVariant(QVariant::fromValue(scheme)));
    }

private:
    QDBusVariant value(const QString& nameSpace, const QString& key, const QDBusMessage& message)
    {
        if (nameSpace != QLatin1String("org.freedesktop.appearance") ||
            key != QLatin1String("color-scheme")) {
            message.setDelayedReply(true);
            m_bus->send(message.createErrorReply(QStringLiteral("org.freedesktop.portal.Error.NotFound"),
                                                 QStringLiteral("Requested setting not found")));
            return {};
        }
        return QDBusVariant(QVariant::fromValue(colourScheme));
    }

    QDBusConnection* m_bus = nullptr;
};

} // namespace k8::test
