// SPDX-License-Identifier: Apache-2.0
#include "policy/EgressEntry.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QUrl>

#include <algorithm>

namespace k8::policy {

namespace {

QString quoted(QStringView text)
{
    QString shown = text.left(80).toString();
    if (text.size() > 80)
        shown += QStringLiteral("…");
    return QLatin1Char('"') + shown + QLatin1Char('"');
}

bool isAsciiDigit(QChar c)
{
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

// Digits and dots from the start, then the end or "/" and anything: what is read as an IPv4
// address or block rather than a name. (Written as ^[0-9.]+(/.*)?\z before; the entries that
// reach it hold no line break, which "." would not have crossed.)
bool looksLikeIpv4(QStringView text)
{
    const auto end = std::find_if_not(text.begin(), text.end(),
                                      [](QChar c) { return isAsciiDigit(c) || c == QLatin1Char('.'); });
    return end != text.begin() && (end == text.end() || *end == QLatin1Char('/'));
}

// Port text -> 1..65535, or 0 with *error set.
int parsePort(const QString& text, QString* error)
{
    if (text.isEmpty()) {
        *error = EgressEntry::tr("The port after \":\" is missing: use a number from 1 to 65535.");
        return 0;
    }
    if (!isAsciiDigits(text, 6)) {
        *error =
            EgressEntry::tr("The port %1 is not a number: use a number from 1 to 65535.").arg(quoted(text));
        return 0;
    }
    const int port = text.toInt();
    if (port < 1 || port > 65535) {
        *error = EgressEntry::tr("The port %1 is out of range: use a number from 1 to 65535.").arg(text);
        return 0;
    }
    return port;
}

QByteArray addressBytes(const QHostAddress& address)
{
    if (address.protocol() == QAbstractSocket::IPv4Protocol) {
        const quint32 v4 = address.toIPv4Address();
        QByteArray bytes(4, '\0');
        for (int i = 0; i < 4; ++i)
            bytes[i] = char((v4 >> (24 - 8 * i)) & 0xff);
        return bytes;
    }
    const Q_IPV6ADDR v6 = address.toIPv6Address();
    return QByteArray(reinterpret_cast<const char*>(v6.c), 16);
}

QByteArray maskBytes(QByteArray bytes, int prefix)
{
    for (int bit = prefix; bit < bytes.size() * 8; ++bit)
        bytes[bit / 8] = char(uchar(bytes[bit / 8]) & ~(0x80 >> (bit % 8)));
    return bytes;
}

bool inBlock(const QByteArray& network, int prefix, const QByteArray& address)
{
    return network.size() == address.size() && maskBytes(address, prefix) == network;
}

// IPv4 in dotted quad only: QHostAddress also takes "1", "1.2" and "0x7f.1", which nobody
// means in an allow-list. Empty when fine.
QString checkIpv4(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char('.'));
    const QString allowed =
        EgressEntry::tr("An IPv4 address is four numbers from 0 to 255 separated by dots.");
    if (parts.size() != 4)
        return EgressEntry::tr("%1 is not an IPv4 address.").arg(quoted(text)) + QLatin1Char(' ') + allowed;
    for (const QString& part : parts) {
        if (part.isEmpty() || part.size() > 3)
            return EgressEntry::tr("%1 is not an IPv4 address.").arg(quoted(text)) + QLatin1Char(' ') +
                   allowed;
        if (part.toInt() > 255)
            return EgressEntry::tr("%1 is not an IPv4 address: %2 is more than 255.").arg(quoted(text), part);
        if (part.size() > 1 && part.startsWith(QLatin1Char('0')))
            return EgressEntry::tr(
                       "%1 is not an IPv4 address: %2 has a leading zero (it could be read as octal).")
                .arg(quoted(text), part);
    }
    return {};
}

struct AddressResult
{
    QString error;
    QHostAddress address;
    int prefix = -1; // -1: no "/prefix"
};

// "ADDR" or "ADDR/PREFIX"; `wantV6` true inside brackets or with several colons.
AddressResult parseAddress(const QString& text, bool wantV6)
{
    AddressResult result;
    QString addressText = text;
    QString prefixText;
    const qsizetype slash = text.indexOf(QLatin1Char('/'));
    if (slash >= 0) {
        addressText = text.left(slash);
        prefixText = text.mid(slash + 1);
    }
    if (wantV6) {
        if (!result.address.setAddress(addressText) ||
            result.address.protocol() != QAbstractSocket::IPv6Protocol ||
            addressText.contains(QLatin1Char('%'))) {
            result.error = EgressEntry::tr("%1 is not a valid IPv6 address.").arg(quoted(addressText));
            return result;
        }
    } else {
        result.error = checkIpv4(addressText);
        if (!result.error.isEmpty())
            return result;
        result.address.setAddress(addressText);
    }
    if (slash >= 0) {
        const int maxPrefix = wantV6 ? 128 : 32;
        if (!isAsciiDigits(prefixText, 3) || prefixText.toInt() > maxPrefix) {
            result.error =
                wantV6 ? EgressEntry::tr("The prefix length /%1 is out of range for IPv6: use /0 to /128.")
                             .arg(prefixText)
                       : EgressEntry::tr("The prefix length /%1 is out of range for IPv4: use /0 to /32.")
                             .arg(prefixText);
            return result;
        }
        result.prefix = prefixText.toInt();
    }
    return result;
}

// Checks an ASCII host name (already lower case, no trailing dot). Empty when fine.
QString checkAsciiName(const QString& name, const QString& typed)
{
    if (name.size() > 253)
        return EgressEntry::tr("The name %1 is %2 characters long; names have at most 253.")
            .arg(quoted(typed))
            .arg(name.size());
    // Views of the name, not copies: each host the code-reach scan finds passes here.
    for (const QStringView label : QStringView(name).split(QLatin1Char('.'))) {
        if (label.isEmpty())
            return EgressEntry::tr(
                       "The name %1 has an empty label (two dots in a row, or a dot at the start).")
                .arg(quoted(typed));
        if (label.size() > 63)
            return EgressEntry::tr("The label %1 is %2 characters long; labels have at most 63.")
                .arg(quoted(label))
                .arg(label.size());
        if (label.startsWith(QLatin1Char('-')))
            return EgressEntry::tr("The label %1 starts with a hyphen; labels start with a letter or digit.")
                .arg(quoted(label));
        if (label.endsWith(QLatin1Char('-')))
            return EgressEntry::tr("The label %1 ends with a hyphen; labels end with a letter or digit.")
                .arg(quoted(label));
        for (const QChar c : label) {
            const bool ok = (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
                            (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('-');
            if (!ok) {
                if (c == QLatin1Char('*'))
                    return EgressEntry::tr(
                        "A wildcard is allowed only as the whole leftmost label, as in *.example.com.");
                return EgressEntry::tr(
                           "The name %1 contains %2; host names have letters, digits and hyphens.")
                    .arg(quoted(typed), quoted(QString(c)));
            }
        }
    }
    return {};
}

// Typed name (maybe Unicode, maybe with a trailing dot) -> ASCII lower case; empty + error.
QString asciiName(const QString& typed, QString* error)
{
    QString name = typed;
    if (name.endsWith(QLatin1Char('.')) && !name.endsWith(QStringLiteral("..")))
        name.chop(1); // the fully qualified spelling means the same host
    bool ascii = true;
    for (const QChar c : name)
        ascii = ascii && c.unicode() < 128;
    if (!ascii) {
        const QByteArray ace = QUrl::toAce(name);
        if (ace.isEmpty()) {
            *error = EgressEntry::tr("%1 is not a valid internationalised name.").arg(quoted(typed));
            return {};
        }
        name = QString::fromLatin1(ace);
    }
    name = name.toLower();
    *error = checkAsciiName(name, typed);
    return error->isEmpty() ? name : QString();
}

} // namespace

// By hand, not by a regular expression: the code-reach scan parses every host it finds, and a
// match costs more than the rest of a short entry's parse.
bool isAsciiDigits(QStringView text, qsizetype most)
{
    return !text.isEmpty() && text.size() <= most && std::all_of(text.begin(), text.end(), isAsciiDigit);
}

EgressEntry EgressEntry::parse(const QString& text)
{
    EgressEntry entry;
    entry.typed = text.trimmed();
    const QString& t = entry.typed;
    auto fail = [&entry](const QString& message) {
        entry.kind = Kind::Invalid;
        entry.error = message;
        return entry;
    };
    if (t.isEmpty())
        return fail(EgressEntry::tr(
            "The entry is empty: type a host name, *.domain, an IP address or a CIDR block."));
    for (const QChar c : t) {
        if (c.isSpace() || c.category() == QChar::Other_Control)
            return fail(EgressEntry::tr("%1 contains a space or control character; one entry is one host.")
                            .arg(quoted(t)));
    }
    if (t.contains(QLatin1Char(',')))
        return fail(EgressEntry::tr("%1 contains a comma; put each host in its own entry.").arg(quoted(t)));
    if (t.contains(QStringLiteral("://")))
        return fail(EgressEntry::tr("%1 is a URL; type only its host, e.g. %2.")
                        .arg(quoted(t), quoted(QUrl(t).host())));
    if (t == QLatin1String("*") || t == QLatin1String("*.*"))
        return fail(EgressEntry::tr("A lone wildcard would allow every host; choose \"Any host\" instead."));

    QString addressPart = t;
    QString portPart;
    bool hasPort = false;
    bool bracketed = false;
    bool wantV6 = false;
    if (t.startsWith(QLatin1Char('['))) {
        const qsizetype close = t.indexOf(QLatin1Char(']'));
        if (close < 0)
            return fail(EgressEntry::tr("%1 opens a bracket but does not close it; write [IPv6]:port.")
                            .arg(quoted(t)));
        const QString rest = t.mid(close + 1);
        addressPart = t.mid(1, close - 1);
        bracketed = true;
        wantV6 = true;
        if (!rest.isEmpty()) {
            if (!rest.startsWith(QLatin1Char(':')))
                return fail(EgressEntry::tr("After the closing bracket only :port may follow, not %1.")
                                .arg(quoted(rest)));
            portPart = rest.mid(1);
            hasPort = true;
        }
        if (!addressPart.contains(QLatin1Char(':')))
            return fail(EgressEntry::tr("Brackets are only for IPv6 addresses; write %1 without them.")
                            .arg(quoted(addressPart)));
    } else if (t.count(QLatin1Char(':')) >= 2) {
        wantV6 = true; // a bare IPv6 address or block; a port needs brackets
    } else if (t.contains(QLatin1Char(':'))) {
        const qsizetype colon = t.indexOf(QLatin1Char(':')); // the only one
        addressPart = t.left(colon);
        portPart = t.mid(colon + 1);
        hasPort = true;
    }
    if (hasPort) {
        QString portError;
        entry.port = parsePort(portPart, &portError);
        if (!portError.isEmpty())
            return fail(portError);
    }
    if (addressPart.isEmpty())
        return fail(EgressEntry::tr("%1 has a port but no host before it.").arg(quoted(t)));

    if (wantV6 || looksLikeIpv4(addressPart)) {
        AddressResult address = parseAddress(addressPart, wantV6);
        if (!address.error.isEmpty()) {
            if (wantV6 && !bracketed && t.count(QLatin1Char(':')) >= 2 && !address.address.isNull())
                return fail(address.error);
            if (wantV6 && !bracketed)
                return fail(address.error + QLatin1Char(' ') +
                            EgressEntry::tr("To give an IPv6 address a port, write it as [ADDRESS]:PORT."));
            return fail(address.error);
        }
        entry.ipv6 = wantV6;
        const int bits = wantV6 ? 128 : 32;
        const QByteArray bytes = addressBytes(address.address);
        if (address.prefix >= 0) {
            entry.kind = Kind::Block;
            entry.prefix = address.prefix;
            entry.network = maskBytes(bytes, address.prefix);
            if (entry.network != bytes) {
                QHostAddress base;
                if (wantV6) {
                    Q_IPV6ADDR v6;
                    memcpy(v6.c, entry.network.constData(), 16);
                    base.setAddress(v6);
                } else {
                    quint32 v4 = 0;
                    for (int i = 0; i < 4; ++i)
                        v4 = (v4 << 8) | uchar(entry.network.at(i));
                    base.setAddress(v4);
                }
                return fail(EgressEntry::tr("%1 has bits set after the prefix; the block is %2/%3.")
                                .arg(quoted(addressPart), base.toString())
                                .arg(address.prefix));
            }
        } else {
            entry.kind = Kind::Address;
            entry.prefix = bits;
            entry.network = bytes;
        }
        entry.host = address.address.toString();
        return entry;
    }

    QString name = addressPart;
    bool wildcard = false;
    if (name.startsWith(QStringLiteral("*."))) {
        wildcard = true;
        name = name.mid(2);
    }
    if (name.contains(QLatin1Char('*')))
        return fail(
            EgressEntry::tr("A wildcard is allowed only as the whole leftmost label, as in *.example.com."));
    if (name.contains(QLatin1Char('/')))
        return fail(EgressEntry::tr("%1 has a \"/\": a CIDR block needs an IP address, e.g. 10.0.0.0/8.")
                        .arg(quoted(t)));
    QString nameError;
    const QString ascii = asciiName(name, &nameError);
    if (!nameError.isEmpty())
        return fail(nameError);
    // A name whose ASCII form is only digits and dots ("²" becomes "2", full-width digits become
    // digits) is what kosa8 reads as an IPv4 address, so it is parsed as one, from that ASCII
    // form (found by tests/fuzz/egress_entry.cpp: it was a name kosa8 refuses).
    if (!wildcard && ascii != name && looksLikeIpv4(ascii))
        return parse(hasPort ? ascii + QLatin1Char(':') + portPart : ascii);
    if (wildcard && !ascii.contains(QLatin1Char('.')))
        return fail(
            EgressEntry::tr(
                "%1 would allow every name under a top-level domain; use at least two labels after \"*.\".")
                .arg(quoted(t)));
    entry.kind = wildcard ? Kind::Wildcard : Kind::Name;
    entry.host = ascii;
    return entry;
}

QString EgressEntry::sentForm() const
{
    QString base;
    switch (kind) {
    case Kind::Invalid:
        return {};
    case Kind::Name:
        base = host;
        break;
    case Kind::Wildcard:
        base = QStringLiteral("*.") + host;
        break;
    case Kind::Address:
    case Kind::Block: {
        // As typed (without the port): kosa8 gets the spelling the person chose.
        QString address = typed;
        if (port > 0)
            address = address.left(address.lastIndexOf(QLatin1Char(':')));
        return port > 0 ? address + QLatin1Char(':') + QString::number(port) : address;
    }
    }
    return port > 0 ? base + QLatin1Char(':') + QString::number(port) : base;
}

QString EgressEntry::key() const
{
    QString base;
    switch (kind) {
    case Kind::Invalid:
        return QStringLiteral("invalid:") + typed;
    case Kind::Name:
        base = QStringLiteral("name:") + host;
        break;
    case Kind::Wildcard:
        base = QStringLiteral("wild:") + host;
        break;
    case Kind::Address:
    case Kind::Block:
        base = QStringLiteral("net:") + QString::fromLatin1(network.toHex()) + QLatin1Char('/') +
               QString::number(prefix);
        break;
    }
    return base + QLatin1Char('#') + QString::number(port);
}

bool EgressEntry::covers(const EgressEntry& narrower) const
{
    if (!isValid() || !narrower.isValid())
        return false;
    if (port != 0 && port != narrower.port)
        return false;
    switch (kind) {
    case Kind::Invalid:
        return false;
    case Kind::Name:
        return narrower.kind == Kind::Name && narrower.host == host;
    case Kind::Wildcard:
        if (narrower.kind == Kind::Name)
            return narrower.host.endsWith(QLatin1Char('.') + host);
        if (narrower.kind == Kind::Wildcard)
            return narrower.host == host || narrower.host.endsWith(QLatin1Char('.') + host);
        return false;
    case Kind::Address:
    case Kind::Block:
        if (narrower.kind != Kind::Address && narrower.kind != Kind::Block)
            return false;
        return narrower.ipv6 == ipv6 && narrower.prefix >= prefix &&
               inBlock(network, prefix, narrower.network);
    }
    return false;
}

Destination Destination::parse(const QString& text)
{
    Destination destination;
    destination.typed = text.trimmed();
    // Same grammar as an entry, minus wildcards and blocks.
    const EgressEntry entry = EgressEntry::parse(destination.typed);
    if (!entry.isValid()) {
        destination.error = entry.error;
        return destination;
    }
    if (entry.kind == EgressEntry::Kind::Wildcard || entry.kind == EgressEntry::Kind::Block) {
        destination.error = EgressEntry::tr("Type one host to test, not a wildcard or a block.");
        return destination;
    }
    destination.host = entry.host;
    destination.port = entry.port;
    destination.isAddress = entry.kind == EgressEntry::Kind::Address;
    destination.ipv6 = entry.ipv6;
    destination.address = entry.network;
    return destination;
}

bool entryAllows(const EgressEntry& entry, const Destination& destination)
{
    if (!entry.isValid() || !destination.isValid())
        return false;
    if (entry.port != 0 && entry.port != destination.port)
        return false;
    switch (entry.kind) {
    case EgressEntry::Kind::Invalid:
        return false;
    case EgressEntry::Kind::Name:
        return !destination.isAddress && destination.host == entry.host;
    case EgressEntry::Kind::Wildcard:
        return !destination.isAddress && destination.host.endsWith(QLatin1Char('.') + entry.host);
    case EgressEntry::Kind::Address:
    case EgressEntry::Kind::Block:
        return destination.isAddress && destination.ipv6 == entry.ipv6 &&
               inBlock(entry.network, entry.prefix, destination.address);
    }
    return false;
}

} // namespace k8::policy
