// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

namespace k8::policy {

// One allow-list entry as the person typed it, parsed: a host name, a wildcard (*.example.com),
// an IPv4 or IPv6 address or a CIDR block, each optionally with a port. Internationalised names
// keep the typed spelling for display and carry their ASCII (punycode) form for kosa8.
struct EgressEntry
{
    Q_DECLARE_TR_FUNCTIONS(k8::policy::EgressEntry)
public:
    enum class Kind
    {
        Invalid,
        Name,     // pypi.org
        Wildcard, // *.pythonhosted.org: subdomains only, not the name itself
        Address,  // 10.0.0.5, ::1
        Block     // 10.0.0.0/8, 2001:db8::/32
    };

    QString typed; // exactly what was typed (trimmed)
    Kind kind = Kind::Invalid;
    QString error; // why it is invalid (Kind::Invalid only), through tr()
    QString host;  // Name: ASCII lower case, no trailing dot. Wildcard: the suffix ("pythonhosted.org").
                   // Address/Block: the address in canonical text form.
    bool ipv6 = false;
    int prefix = -1;    // Address: 32 or 128; Block: the prefix length
    int port = 0;       // 0: every port
    QByteArray network; // Address/Block: the address bytes (4 or 16), host bits cleared for Block

    bool isValid() const { return kind != Kind::Invalid; }
    // The form sent to kosa8: ASCII (punycode) names in lower case without a trailing dot,
    // addresses and blocks as typed, the port as typed.
    QString sentForm() const;
    // Identity for duplicates: two entries with the same key allow exactly the same traffic.
    QString key() const;
    // True when this entry allows everything `narrower` allows (names and addresses never cover
    // each other: nothing is resolved).
    bool covers(const EgressEntry& narrower) const;

    static EgressEntry parse(const QString& text);
};

// A destination someone wants to reach (from the "test a host" field or the code scan):
// a host name or address and an optional port. Parsed with the same rules as entries.
struct Destination
{
    QString typed;
    QString host; // ASCII lower case, or canonical address text
    bool isAddress = false;
    bool ipv6 = false;
    QByteArray address; // 4 or 16 bytes for addresses
    int port = 0;       // 0: not given
    QString error;
    bool isValid() const { return error.isEmpty() && !host.isEmpty(); }
    static Destination parse(const QString& text);
};

// True when `entry` lets `destination` through. An entry without a port allows every port; an
// entry with a port allows only a destination with that same port (a destination without a
// port is not "allowed" by it: which port it would use is not known).
bool entryAllows(const EgressEntry& entry, const Destination& destination);

// One to `most` ASCII digits and nothing else (toInt() also takes a sign, spaces and the digits of
// other scripts): how a port or a prefix length is written.
bool isAsciiDigits(QStringView text, qsizetype most);

} // namespace k8::policy
