// SPDX-License-Identifier: Apache-2.0
// fake_xdg_portal: the portal's colour scheme on the session bus of its environment
// (DBUS_SESSION_BUS_ADDRESS), for the dark-theme screenshot (docs/screenshots/take-dark-theme.sh)
// and trying the app's light/dark following by hand on a desktop without a portal.
//   fake_xdg_portal dark|light|none      then one of those per line on stdin announces a change
#include "support/FakeXdgPortal.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTextStream>

#include <cstdio>
#include <unistd.h>

namespace {

int schemeNumber(const QString& word)
{
    if (word == QLatin1String("dark"))
        return 1;
    if (word == QLatin1String("light"))
        return 2;
    if (word == QLatin1String("none"))
        return 0;
    return -1;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int initial = args.size() == 2 ? schemeNumber(args.at(1)) : -1;
    if (initial < 0) {
        std::fputs("usage: fake_xdg_portal dark|light|none\n", stderr);
        return 2;
    }
    QDBusConnection bus = QDBusConnection::sessionBus();
    k8::test::FakeXdgPortal portal;
    portal.setBus(&bus);
    portal.colourScheme = uint(initial);
    if (!bus.registerObject(QStringLiteral("/org/freedesktop/portal/desktop"), &portal,
                            QDBusConnection::ExportAllSlots | QDBusConnection::ExportAllSignals) ||
        !bus.registerService(QStringLiteral("org.freedesktop.portal.Desktop"))) {
        std::fputs("fake_xdg_portal: cannot register on the session bus\n", stderr);
        return 1;
    }
    std::fputs("ready\n", stdout);
    std::fflush(stdout);
    QSocketNotifier input(STDIN_FILENO, QSocketNotifier::Read);
    QTextStream lines(stdin);
    QObject::connect(&input, &QSocketNotifier::activated, &app, [&] {
        const QString line = lines.readLine();
        if (line.isNull()) {
            input.setEnabled(false); // stdin closed: keep serving until killed
            return;
        }
        const int scheme = schemeNumber(line.trimmed());
        if (scheme >= 0)
            portal.announce(uint(scheme));
    });
    return app.exec();
}
