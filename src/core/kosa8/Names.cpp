// SPDX-License-Identifier: Apache-2.0
#include "kosa8/Names.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QRegularExpression>

namespace k8::kosa8 {

namespace {

// Shown inside messages so that an invisible or control character is still visible.
QString shown(const QString& value)
{
    QString text = value.left(80);
    text.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    text.replace(QLatin1Char('\t'), QStringLiteral("\\t"));
    if (value.size() > 80)
        text += QStringLiteral("…");
    return QLatin1Char('"') + text + QLatin1Char('"');
}

bool matches(const QString& value, const QRegularExpression& re)
{
    return re.match(value).hasMatch();
}

bool isDnsName(const QString& host)
{
    static const QRegularExpression label(QStringLiteral("^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\z"));
    if (host.isEmpty() || host.size() > 253)
        return false;
    const QStringList labels = host.split(QLatin1Char('.'));
    for (const QString& part : labels) {
        if (!matches(part, label))
            return false;
    }
    return true;
}

// "ADDR/PREFIX" with the prefix in range for the address family (CIDR block).
bool isBlock(const QString& text, QAbstractSocket::NetworkLayerProtocol family)
{
    const qsizetype slash = text.indexOf(QLatin1Char('/'));
    if (slash < 0)
        return false;
    QHostAddress ip;
    if (!ip.setAddress(text.left(slash)) || ip.protocol() != family)
        return false;
    static const QRegularExpression digits(QStringLiteral("^[0-9]{1,3}\\z"));
    const QString prefix = text.mid(slash + 1);
    const int max = family == QAbstractSocket::IPv4Protocol ? 32 : 128;
    return digits.match(prefix).hasMatch() && prefix.toInt() <= max &&
           (family != QAbstractSocket::IPv4Protocol || text.left(slash).count(QLatin1Char('.')) == 3);
}

bool isPort(const QString& text)
{
    bool ok = false;
    const int port = text.toInt(&ok);
    return ok && !text.startsWith(QLatin1Char('+')) && port >= 1 && port <= 65535;
}

} // namespace

QString Names::checkSandbox(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9][a-z0-9_.-]*\\z"));
    const QString allowed =
        Names::tr("Sandbox names have 1 to 63 characters: lower-case letters, digits, '_', '.' and "
                  "'-', starting with a letter or digit.");
    if (name.isEmpty())
        return Names::tr("The sandbox name is empty.") + QLatin1Char(' ') + allowed;
    if (name.size() > 63)
        return Names::tr("The sandbox name is %1 characters long.").arg(name.size()) + QLatin1Char(' ') +
               allowed;
    if (!matches(name, re))
        return Names::tr("The sandbox name %1 is not allowed.").arg(shown(name)) + QLatin1Char(' ') + allowed;
    return {};
}

QString Names::checkLabel(const QString& label)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.-]*\\z"));
    const QString allowed =
        Names::tr("Checkpoint labels have 1 to 128 characters: letters, digits, '_', '.' and '-', "
                  "starting with a letter or digit.");
    if (label.isEmpty())
        return Names::tr("The checkpoint label is empty.") + QLatin1Char(' ') + allowed;
    if (label.size() > 128)
        return Names::tr("The checkpoint label is %1 characters long.").arg(label.size()) + QLatin1Char(' ') +
               allowed;
    if (!matches(label, re))
        return Names::tr("The checkpoint label %1 is not allowed.").arg(shown(label)) + QLatin1Char(' ') +
               allowed;
    return {};
}

QString Names::checkImage(const QString& image)
{
    // [registry[:port]/]path[/path...][:tag][@sha256:digest]; the path is lower case like Docker's.
    static const QRegularExpression re(
        QStringLiteral("^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?/)?"
                       "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*"
                       "(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[0-9a-f]{64})?\\z"));
    const QString allowed =
        Names::tr("Use an image reference like python:3.12-slim or registry.example.com/team/tool:1.0 "
                  "(lower-case repository, optional :tag and @sha256:digest, no spaces).");
    if (image.isEmpty())
        return Names::tr("The image name is empty.") + QLatin1Char(' ') + allowed;
    if (image.size() > 255)
        return Names::tr("The image name is %1 characters long (at most 255).").arg(image.size()) +
               QLatin1Char(' ') + allowed;
    if (!matches(image, re))
        return Names::tr("The image name %1 is not allowed.").arg(shown(image)) + QLatin1Char(' ') + allowed;
    return {};
}

QString Names::checkHost(const QString& host)
{
    const QString allowed =
        Names::tr("Use a host name (pypi.org, *.example.com) or an IP address, optionally with "
                  ":port; IPv6 with a port goes in brackets ([::1]:443).");
    if (host.isEmpty())
        return Names::tr("The host is empty.") + QLatin1Char(' ') + allowed;
    if (host.size() > 260)
        return Names::tr("The host is %1 characters long.").arg(host.size()) + QLatin1Char(' ') + allowed;

    const QString bad =
        Names::tr("The host %1 is not allowed.").arg(shown(host)) + QLatin1Char(' ') + allowed;
    QString address = host;
    QString port;
    if (address.startsWith(QLatin1Char('['))) {
        const qsizetype close = address.indexOf(QLatin1Char(']'));
        if (close < 0)
            return bad;
        const QString rest = address.mid(close + 1);
        address = address.mid(1, close - 1);
        if (!rest.isEmpty()) {
            if (!rest.startsWith(QLatin1Char(':')) || !isPort(rest.mid(1)))
                return bad;
        }
        if (isBlock(address, QAbstractSocket::IPv6Protocol))
            return {};
        QHostAddress ip;
        if (!ip.setAddress(address) || ip.protocol() != QAbstractSocket::IPv6Protocol)
            return bad;
        return {};
    }
    if (address.count(QLatin1Char(':')) > 1) {
        // A bare IPv6 literal or block (no port possible without brackets).
        QHostAddress ip;
        if ((ip.setAddress(address) && ip.protocol() == QAbstractSocket::IPv6Protocol) ||
            isBlock(address, QAbstractSocket::IPv6Protocol))
            return {};
        return bad;
    }
    if (address.contains(QLatin1Char(':'))) {
        port = address.section(QLatin1Char(':'), 1);
        address = address.section(QLatin1Char(':'), 0, 0);
        if (!isPort(port))
            return bad;
    }
    if (address.contains(QLatin1Char('/')))
        return isBlock(address, QAbstractSocket::IPv4Protocol) ? QString() : bad;
    static const QRegularExpression ipv4(QStringLiteral("^[0-9.]+\\z"));
    if (matches(address, ipv4)) {
        QHostAddress ip;
        if (ip.setAddress(address) && ip.protocol() == QAbstractSocket::IPv4Protocol &&
            address.count(QLatin1Char('.')) == 3)
            return {};
        return bad;
    }
    if (address.startsWith(QStringLiteral("*.")))
        address = address.mid(2);
    if (!isDnsName(address))
        return bad;
    return {};
}

QString Names::checkMount(const QString& mount)
{
    const QString allowed = Names::tr(
        "Use HOSTPATH:GUESTPATH with two absolute paths, for example /home/me/data:/data (no ':' inside a "
        "path, no line breaks).");
    if (mount.isEmpty())
        return Names::tr("The mount is empty.") + QLatin1Char(' ') + allowed;
    if (mount.size() > 4096)
        return Names::tr("The mount is %1 characters long.").arg(mount.size()) + QLatin1Char(' ') + allowed;
    const QStringList parts = mount.split(QLatin1Char(':'));
    bool ok = parts.size() == 2;
    for (const QString& part : parts) {
        ok = ok && part.startsWith(QLatin1Char('/'));
        for (const QChar c : part)
            ok = ok && c.isPrint();
    }
    if (!ok)
        return Names::tr("The mount %1 is not allowed.").arg(shown(mount)) + QLatin1Char(' ') + allowed;
    return {};
}

QString Names::checkSnapshotId(const QString& id)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.:-]*\\z"));
    const QString allowed =
        Names::tr("Snapshot ids have 1 to 128 characters: letters, digits, '_', '.', ':' and '-', "
                  "starting with a letter or digit.");
    if (id.isEmpty())
        return Names::tr("The snapshot id is empty.") + QLatin1Char(' ') + allowed;
    if (id.size() > 128)
        return Names::tr("The snapshot id is %1 characters long.").arg(id.size()) + QLatin1Char(' ') +
               allowed;
    if (!matches(id, re))
        return Names::tr("The snapshot id %1 is not allowed.").arg(shown(id)) + QLatin1Char(' ') + allowed;
    return {};
}

} // namespace k8::kosa8
