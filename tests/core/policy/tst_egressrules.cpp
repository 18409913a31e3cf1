// SPDX-License-Identifier: Apache-2.0
#include "kosa8/CommandProfile.h"
#include "kosa8/Names.h"
#include "policy/EgressPresets.h"
#include "policy/EgressRules.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace k8::policy;
using Kind = EgressEntry::Kind;
using Mode = EgressRules::Mode;

class TestEgressRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void entry_data();
    void entry();
    void duplicatesAndCoverage_data();
    void duplicatesAndCoverage();
    void matching_data();
    void matching();
    void argv_data();
    void argv();
    void sentFormsPassTheRunnersCheck();
    void roundTrip_data();
    void roundTrip();
    void malformedFile_data();
    void malformedFile();
    void malformedFileLeavesPolicyUnchanged();
    void presets();
    void userPresetsSaveAndLoad();
    void describeChange();
    void glance_data();
    void glance();
};

static EgressRules allowList(const QStringList& entries)
{
    EgressRules rules;
    rules.mode = Mode::Allow;
    for (const QString& entry : entries)
        rules.items.append({entry, {}});
    return rules;
}

void TestEgressRules::entry_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("sent"); // sent form, or for invalid entries a part of the error
    QTest::addColumn<int>("port");

    auto ok = [](const char* name, const QString& text, Kind kind, const QString& sent, int port = 0) {
        QTest::newRow(name) << text << int(kind) << sent << port;
    };
    auto bad = [](const char* name, const QString& text, const QString& errorPart) {
        QTest::newRow(name) << text << int(Kind::Invalid) << errorPart << 0;
    };
    // Names
    ok("name", u"pypi.org"_s, Kind::Name, u"pypi.org"_s);
    ok("name upper case", u"PyPI.org"_s, Kind::Name, u"pypi.org"_s);
    ok("name spaces trimmed", u"  pypi.org \t"_s, Kind::Name, u"pypi.org"_s);
    ok("name with port", u"pypi.org:443"_s, Kind::Name, u"pypi.org:443"_s, 443);
    ok("name port 1", u"a.example:1"_s, Kind::Name, u"a.example:1"_s, 1);
    ok("name port 65535", u"a.example:65535"_s, Kind::Name, u"a.example:65535"_s, 65535);
    ok("single label", u"localhost"_s, Kind::Name, u"localhost"_s);
    ok("trailing dot", u"pypi.org."_s, Kind::Name, u"pypi.org"_s);
    ok("trailing dot with port", u"pypi.org.:443"_s, Kind::Name, u"pypi.org:443"_s, 443);
    ok("digits in labels", u"1password.com"_s, Kind::Name, u"1password.com"_s);
    ok("hyphen inside", u"cdn-lfs.huggingface.co"_s, Kind::Name, u"cdn-lfs.huggingface.co"_s);
    ok("label of 63", QString(63, u'a') + u".com"_s, Kind::Name, QString(63, u'a') + u".com"_s);
    ok("IDN", u"bücher.example"_s, Kind::Name, u"xn--bcher-kva.example"_s);
    ok("IDN upper case", u"BÜCHER.example"_s, Kind::Name, u"xn--bcher-kva.example"_s);
    ok("IDN with port", u"münchen.de:8443"_s, Kind::Name, u"xn--mnchen-3ya.de:8443"_s, 8443);
    ok("IDN wildcard", u"*.bücher.example"_s, Kind::Wildcard, u"*.xn--bcher-kva.example"_s);
    ok("punycode typed", u"xn--bcher-kva.example"_s, Kind::Name, u"xn--bcher-kva.example"_s);
    // Wildcards
    ok("wildcard", u"*.pythonhosted.org"_s, Kind::Wildcard, u"*.pythonhosted.org"_s);
    ok("wildcard with port", u"*.example.com:8080"_s, Kind::Wildcard, u"*.example.com:8080"_s, 8080);
    ok("wildcard deep", u"*.a.b.example.com"_s, Kind::Wildcard, u"*.a.b.example.com"_s);
    // IPv4
    ok("ipv4", u"10.0.0.5"_s, Kind::Address, u"10.0.0.5"_s);
    ok("ipv4 port", u"10.0.0.5:5432"_s, Kind::Address, u"10.0.0.5:5432"_s, 5432);
    ok("ipv4 zero", u"0.0.0.0"_s, Kind::Address, u"0.0.0.0"_s);
    ok("ipv4 broadcast", u"255.255.255.255"_s, Kind::Address, u"255.255.255.255"_s);
    // IPv6
    ok("ipv6 bare", u"::1"_s, Kind::Address, u"::1"_s);
    ok("ipv6 full", u"2001:db8:0:0:0:0:0:1"_s, Kind::Address, u"2001:db8:0:0:0:0:0:1"_s);
    ok("ipv6 brackets", u"[::1]"_s, Kind::Address, u"[::1]"_s);
    ok("ipv6 brackets port", u"[::1]:8080"_s, Kind::Address, u"[::1]:8080"_s, 8080);
    ok("ipv6 mapped v4", u"::ffff:10.0.0.1"_s, Kind::Address, u"::ffff:10.0.0.1"_s);
    // CIDR
    ok("cidr v4", u"10.0.0.0/8"_s, Kind::Block, u"10.0.0.0/8"_s);
    ok("cidr v4 /0", u"0.0.0.0/0"_s, Kind::Block, u"0.0.0.0/0"_s);
    ok("cidr v4 /32", u"10.1.2.3/32"_s, Kind::Block, u"10.1.2.3/32"_s);
    ok("cidr v4 port", u"10.0.0.0/8:5432"_s, Kind::Block, u"10.0.0.0/8:5432"_s, 5432);
    ok("cidr v6", u"2001:db8::/32"_s, Kind::Block, u"2001:db8::/32"_s);
    ok("cidr v6 /128", u"2001:db8::1/128"_s, Kind::Block, u"2001:db8::1/128"_s);
    ok("cidr v6 /0", u"::/0"_s, Kind::Block, u"::/0"_s);
    ok("cidr v6 brackets port", u"[2001:db8::/32]:443"_s, Kind::Block, u"[2001:db8::/32]:443"_s, 443);

    // Invalid
    bad("empty", QString(), u"The entry is empty"_s);
    bad("only spaces", u"   "_s, u"The entry is empty"_s);
    bad("inner space", u"pypi .org"_s, u"space"_s);
    bad("comma", u"pypi.org,github.com"_s, u"comma"_s);
    bad("url", u"https://pypi.org/simple"_s, u"is a URL; type only its host, e.g. \"pypi.org\""_s);
    bad("lone star", u"*"_s, u"every host"_s);
    bad("empty label", u"pypi..org"_s, u"empty label"_s);
    bad("leading dot", u".pypi.org"_s, u"empty label"_s);
    bad("two trailing dots", u"pypi.org.."_s, u"empty label"_s);
    bad("label of 64", QString(64, u'a') + u".com"_s, u"64 characters long; labels have at most 63"_s);
    bad("name of 254", (QString(62, u'a') + u"."_s).repeated(4) + u"abc"_s, u"names have at most 253"_s);
    bad("leading hyphen", u"-pypi.org"_s, u"starts with a hyphen"_s);
    bad("trailing hyphen", u"pypi-.org"_s, u"ends with a hyphen"_s);
    bad("hyphen last label", u"pypi.org-"_s, u"ends with a hyphen"_s);
    bad("underscore", u"my_host.example"_s, u"contains \"_\""_s);
    bad("wildcard middle", u"a.*.example.com"_s, u"only as the whole leftmost label"_s);
    bad("wildcard end", u"example.*"_s, u"only as the whole leftmost label"_s);
    bad("wildcard partial label", u"*foo.example.com"_s, u"only as the whole leftmost label"_s);
    bad("double wildcard", u"*.*.example.com"_s, u"only as the whole leftmost label"_s);
    bad("wildcard tld", u"*.com"_s, u"top-level domain"_s);
    bad("port 0", u"pypi.org:0"_s, u"out of range: use a number from 1 to 65535"_s);
    bad("port 65536", u"pypi.org:65536"_s, u"out of range"_s);
    bad("port text", u"pypi.org:https"_s, u"is not a number"_s);
    bad("port missing", u"pypi.org:"_s, u"port after \":\" is missing"_s);
    bad("port negative", u"pypi.org:-1"_s, u"is not a number"_s);
    bad("only port", u":443"_s, u"no host"_s);
    bad("ipv4 octet 256", u"256.1.1.1"_s, u"256 is more than 255"_s);
    bad("ipv4 three parts", u"10.0.0"_s, u"not an IPv4 address"_s);
    bad("ipv4 five parts", u"1.2.3.4.5"_s, u"not an IPv4 address"_s);
    bad("ipv4 leading zero", u"10.01.0.1"_s, u"leading zero"_s);
    bad("ipv4 in brackets", u"[10.0.0.1]:80"_s, u"Brackets are only for IPv6"_s);
    bad("ipv6 bad", u"2001:db8:::1"_s, u"not a valid IPv6 address"_s);
    bad("ipv6 port without brackets", u"2001:db8::1:99999"_s, u"not a valid IPv6"_s);
    bad("ipv6 unclosed bracket", u"[::1:80"_s, u"does not close"_s);
    bad("ipv6 junk after bracket", u"[::1]80"_s, u"only :port may follow"_s);
    bad("ipv6 bracket port 0", u"[::1]:0"_s, u"out of range"_s);
    bad("ipv6 zone", u"fe80::1%eth0"_s, u"not a valid IPv6"_s);
    bad("cidr v4 /33", u"10.0.0.0/33"_s, u"/33 is out of range for IPv4: use /0 to /32"_s);
    bad("cidr v6 /129", u"2001:db8::/129"_s, u"/129 is out of range for IPv6: use /0 to /128"_s);
    bad("cidr negative", u"10.0.0.0/-1"_s, u"out of range for IPv4"_s);
    bad("cidr empty prefix", u"10.0.0.0/"_s, u"out of range for IPv4"_s);
    bad("cidr host bits", u"10.0.0.1/8"_s, u"the block is 10.0.0.0/8"_s);
    bad("cidr v6 host bits", u"2001:db8::1/32"_s, u"the block is 2001:db8::/32"_s);
    bad("cidr on a name", u"example.com/24"_s, u"needs an IP address"_s);
    bad("bad IDN", u"a\u0000b.com"_s, u"control character"_s);
}

void TestEgressRules::entry()
{
    QFETCH(QString, text);
    QFETCH(int, kind);
    QFETCH(QString, sent);
    QFETCH(int, port);
    const EgressEntry entry = EgressEntry::parse(text);
    if (kind == int(Kind::Invalid)) {
        QVERIFY2(!entry.isValid(), qPrintable(entry.sentForm()));
        QVERIFY2(entry.error.contains(sent), qPrintable(entry.error));
        return;
    }
    QVERIFY2(entry.isValid(), qPrintable(entry.error));
    QCOMPARE(int(entry.kind), kind);
    QCOMPARE(entry.sentForm(), sent);
    QCOMPARE(entry.port, port);
    QCOMPARE(entry.typed, text.trimmed()); // shown as typed
}

void TestEgressRules::duplicatesAndCoverage_data()
{
    QTest::addColumn<QStringList>("entries");
    QTest::addColumn<QList<int>>("duplicateOf");
    QTest::addColumn<QList<int>>("coveredBy");

    QTest::newRow("independent") << QStringList{u"pypi.org"_s, u"github.com"_s} << QList<int>{-1, -1}
                                 << QList<int>{-1, -1};
    QTest::newRow("duplicate") << QStringList{u"pypi.org"_s, u"PYPI.org."_s} << QList<int>{-1, 0}
                               << QList<int>{-1, -1};
    QTest::newRow("duplicate IDN as punycode") << QStringList{u"bücher.example"_s, u"xn--bcher-kva.example"_s}
                                               << QList<int>{-1, 0} << QList<int>{-1, -1};
    QTest::newRow("wildcard covers name below it")
        << QStringList{u"files.pythonhosted.org"_s, u"*.pythonhosted.org"_s} << QList<int>{-1, -1}
        << QList<int>{1, -1};
    QTest::newRow("wildcard does not cover apex")
        << QStringList{u"*.github.com"_s, u"github.com"_s} << QList<int>{-1, -1} << QList<int>{-1, -1};
    QTest::newRow("wider wildcard covers narrower")
        << QStringList{u"*.example.com"_s, u"*.cdn.example.com"_s} << QList<int>{-1, -1} << QList<int>{-1, 0};
    QTest::newRow("portless covers port")
        << QStringList{u"pypi.org"_s, u"pypi.org:443"_s} << QList<int>{-1, -1} << QList<int>{-1, 0};
    QTest::newRow("port does not cover portless")
        << QStringList{u"pypi.org:443"_s, u"pypi.org"_s} << QList<int>{-1, -1} << QList<int>{1, -1};
    QTest::newRow("different ports") << QStringList{u"pypi.org:443"_s, u"pypi.org:80"_s} << QList<int>{-1, -1}
                                     << QList<int>{-1, -1};
    QTest::newRow("block covers address")
        << QStringList{u"10.1.2.3"_s, u"10.0.0.0/8"_s} << QList<int>{-1, -1} << QList<int>{1, -1};
    QTest::newRow("block covers smaller block")
        << QStringList{u"10.0.0.0/8"_s, u"10.20.0.0/16"_s} << QList<int>{-1, -1} << QList<int>{-1, 0};
    QTest::newRow("address equals /32")
        << QStringList{u"10.1.2.3"_s, u"10.1.2.3/32"_s} << QList<int>{-1, 0} << QList<int>{-1, -1};
    QTest::newRow("v6 block covers v6 address")
        << QStringList{u"2001:db8::/32"_s, u"[2001:db8::5]:443"_s} << QList<int>{-1, -1} << QList<int>{-1, 0};
    QTest::newRow("v6 spellings are duplicates")
        << QStringList{u"::1"_s, u"[0:0:0:0:0:0:0:1]"_s} << QList<int>{-1, 0} << QList<int>{-1, -1};
    QTest::newRow("v4 block does not cover v6")
        << QStringList{u"0.0.0.0/0"_s, u"::1"_s} << QList<int>{-1, -1} << QList<int>{-1, -1};
    QTest::newRow("names never cover addresses")
        << QStringList{u"*.example.com"_s, u"10.0.0.1"_s} << QList<int>{-1, -1} << QList<int>{-1, -1};
}

void TestEgressRules::duplicatesAndCoverage()
{
    QFETCH(QStringList, entries);
    QFETCH(QList<int>, duplicateOf);
    QFETCH(QList<int>, coveredBy);
    const QList<EntryCheck> checks = checkEntries(allowList(entries).items);
    QCOMPARE(checks.size(), entries.size());
    for (int i = 0; i < checks.size(); ++i) {
        QCOMPARE(checks.at(i).duplicateOf, duplicateOf.at(i));
        QCOMPARE(checks.at(i).coveredBy, coveredBy.at(i));
        QCOMPARE(checks.at(i).isUsable(), duplicateOf.at(i) < 0); // covered: warned, not refused
        if (coveredBy.at(i) >= 0)
            QVERIFY(
                checks.at(i).warning.contains(u"Already allowed by entry %1 (%2)"_s.arg(coveredBy.at(i) + 1)
                                                  .arg(entries.at(coveredBy.at(i)))));
        if (duplicateOf.at(i) >= 0)
            QVERIFY(checks.at(i).error.startsWith(u"Duplicate of entry %1"_s.arg(duplicateOf.at(i) + 1)));
    }
}

void TestEgressRules::matching_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("entries");
    QTest::addColumn<QString>("destination");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<int>("entryIndex");
    QTest::addColumn<QString>("reason");

    const int allowed = int(MatchResult::Verdict::Allowed);
    const int blocked = int(MatchResult::Verdict::Blocked);
    const QStringList list{u"pypi.org"_s,        u"*.pythonhosted.org"_s, u"files.pythonhosted.org"_s,
                           u"api.example:443"_s, u"10.0.0.0/8"_s,         u"[2001:db8::1]:8080"_s,
                           u"bücher.example"_s,  u"*.github.com"_s};
    auto row = [&](const char* name, const QString& mode, const QString& dest, int verdict, int index,
                   const QString& reason) {
        QTest::newRow(name) << mode << list << dest << verdict << index << reason;
    };
    row("exact name", u"allow"_s, u"pypi.org"_s, allowed, 0, u"allowed by pypi.org"_s);
    row("exact name any port", u"allow"_s, u"pypi.org:443"_s, allowed, 0, u"allowed by pypi.org"_s);
    row("upper case and dot", u"allow"_s, u"PYPI.ORG."_s, allowed, 0, u"allowed by pypi.org"_s);
    row("exact beats wildcard", u"allow"_s, u"files.pythonhosted.org"_s, allowed, 2,
        u"allowed by files.pythonhosted.org"_s);
    row("wildcard", u"allow"_s, u"cdn.pythonhosted.org:443"_s, allowed, 1,
        u"allowed by *.pythonhosted.org"_s);
    row("wildcard not apex", u"allow"_s, u"pythonhosted.org"_s, blocked, -1,
        u"blocked: *.pythonhosted.org covers subdomains only, not pythonhosted.org itself; add pythonhosted.org"_s);
    row("wildcard deep", u"allow"_s, u"a.b.github.com"_s, allowed, 7, u"allowed by *.github.com"_s);
    row("port right", u"allow"_s, u"api.example:443"_s, allowed, 3, u"allowed by api.example:443"_s);
    row("port wrong", u"allow"_s, u"api.example:80"_s, blocked, -1,
        u"blocked: api.example:443 allows only port 443, not 80"_s);
    row("port unknown", u"allow"_s, u"api.example"_s, blocked, -1,
        u"blocked: api.example:443 allows only port 443"_s);
    row("in block", u"allow"_s, u"10.200.3.4"_s, allowed, 4, u"allowed by 10.0.0.0/8"_s);
    row("in block with port", u"allow"_s, u"10.200.3.4:5432"_s, allowed, 4, u"allowed by 10.0.0.0/8"_s);
    row("outside block", u"allow"_s, u"11.0.0.1"_s, blocked, -1, u"blocked: not in the allow-list"_s);
    row("v6 with port", u"allow"_s, u"[2001:db8::1]:8080"_s, allowed, 5, u"allowed by [2001:db8::1]:8080"_s);
    row("v6 other spelling", u"allow"_s, u"[2001:db8:0::1]:8080"_s, allowed, 5,
        u"allowed by [2001:db8::1]:8080"_s);
    row("v6 wrong port", u"allow"_s, u"[2001:db8::1]:80"_s, blocked, -1,
        u"blocked: [2001:db8::1]:8080 allows only port 8080, not 80"_s);
    row("IDN typed", u"allow"_s, u"BÜCHER.example"_s, allowed, 6, u"allowed by bücher.example"_s);
    row("IDN as punycode", u"allow"_s, u"xn--bcher-kva.example"_s, allowed, 6,
        u"allowed by bücher.example"_s);
    row("not listed", u"allow"_s, u"evil.example.net"_s, blocked, -1,
        u"blocked: not in the allow-list (names are not resolved to match address entries)"_s);
    row("suffix trick", u"allow"_s, u"notpypi.org"_s, blocked, -1,
        u"blocked: not in the allow-list (names are not resolved to match address entries)"_s);
    row("deny", u"deny"_s, u"pypi.org"_s, blocked, -1, u"blocked: the sandbox has no network"_s);
    row("any", u"any"_s, u"evil.example.net"_s, allowed, -1, u"allowed: the sandbox may reach any host"_s);
    row("fakenet", u"fakenet"_s, u"pypi.org"_s, int(MatchResult::Verdict::Simulated), -1,
        u"simulated: fakenet answers inside kosa8, nothing reaches the real host"_s);
    row("invalid destination", u"allow"_s, u"bad host"_s, int(MatchResult::Verdict::Invalid), -1, u"space"_s);
}

void TestEgressRules::matching()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, entries);
    QFETCH(QString, destination);
    QFETCH(int, verdict);
    QFETCH(int, entryIndex);
    QFETCH(QString, reason);
    EgressRules rules = allowList(entries);
    QVERIFY(EgressRules::modeFromKey(mode, &rules.mode));
    const MatchResult result = match(rules, destination);
    QCOMPARE(int(result.verdict), verdict);
    QCOMPARE(result.entryIndex, entryIndex);
    if (verdict == int(MatchResult::Verdict::Invalid))
        QVERIFY2(result.reason.contains(reason), qPrintable(result.reason));
    else
        QCOMPARE(result.reason, reason);
}

void TestEgressRules::argv_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("entries");
    QTest::addColumn<QByteArray>("profileJson");
    QTest::addColumn<QStringList>("createArgv");
    QTest::addColumn<QStringList>("egressArgv");

    QTest::newRow("deny") << u"deny"_s << QStringList() << QByteArray()
                          << QStringList{u"sandbox"_s, u"create"_s, u"box"_s, u"--egress"_s, u"deny"_s}
                          << QStringList{u"sandbox"_s, u"egress"_s, u"box"_s, u"--egress"_s, u"deny"_s};
    QTest::newRow("any") << u"any"_s << QStringList() << QByteArray()
                         << QStringList{u"sandbox"_s, u"create"_s, u"box"_s, u"--egress"_s, u"any"_s}
                         << QStringList{u"sandbox"_s, u"egress"_s, u"box"_s, u"--egress"_s, u"any"_s};
    QTest::newRow("fakenet") << u"fakenet"_s << QStringList() << QByteArray()
                             << QStringList{u"sandbox"_s, u"create"_s, u"box"_s, u"--egress"_s, u"fakenet"_s}
                             << QStringList{u"sandbox"_s, u"egress"_s, u"box"_s, u"--egress"_s, u"fakenet"_s};
    QTest::newRow("allow, IDN, port, CIDR, wildcard, trailing dot")
        << u"allow"_s
        << QStringList{u"pypi.org."_s, u"bücher.example"_s, u"[::1]:8080"_s, u"10.0.0.0/8:5432"_s,
                       u"*.github.com"_s}
        << QByteArray()
        << QStringList{u"sandbox"_s,
                       u"create"_s,
                       u"box"_s,
                       u"--egress-allow"_s,
                       u"pypi.org"_s,
                       u"--egress-allow"_s,
                       u"xn--bcher-kva.example"_s,
                       u"--egress-allow"_s,
                       u"[::1]:8080"_s,
                       u"--egress-allow"_s,
                       u"10.0.0.0/8:5432"_s,
                       u"--egress-allow"_s,
                       u"*.github.com"_s}
        << QStringList{u"sandbox"_s,
                       u"egress"_s,
                       u"box"_s,
                       u"--egress-allow"_s,
                       u"pypi.org"_s,
                       u"--egress-allow"_s,
                       u"xn--bcher-kva.example"_s,
                       u"--egress-allow"_s,
                       u"[::1]:8080"_s,
                       u"--egress-allow"_s,
                       u"10.0.0.0/8:5432"_s,
                       u"--egress-allow"_s,
                       u"*.github.com"_s};
    QTest::newRow("profile override")
        << u"allow"_s << QStringList{u"pypi.org"_s}
        << QByteArray(R"({"operations": {"sandbox.egress": ["sandbox", "network", "{name}", "{egress...}"]},
                          "fragments": {"egress.allow": ["--allow={host}"], "egress.mode": ["--net", "{mode}"]}})")
        << QStringList{u"sandbox"_s, u"create"_s, u"box"_s, u"--allow=pypi.org"_s}
        << QStringList{u"sandbox"_s, u"network"_s, u"box"_s, u"--allow=pypi.org"_s};
    QTest::newRow("profile override mode")
        << u"fakenet"_s << QStringList()
        << QByteArray(R"({"fragments": {"egress.mode": ["--net", "{mode}"]}})")
        << QStringList{u"sandbox"_s, u"create"_s, u"box"_s, u"--net"_s, u"fakenet"_s}
        << QStringList{u"sandbox"_s, u"egress"_s, u"box"_s, u"--net"_s, u"fakenet"_s};
}

void TestEgressRules::argv()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, entries);
    QFETCH(QByteArray, profileJson);
    QFETCH(QStringList, createArgv);
    QFETCH(QStringList, egressArgv);
    k8::kosa8::CommandProfile profile = k8::kosa8::CommandProfile::builtIn();
    QString error;
    if (!profileJson.isEmpty())
        QVERIFY2(profile.loadOverridesFromJson(profileJson, u"test"_s, &error), qPrintable(error));
    EgressRules rules = allowList(entries);
    QVERIFY(EgressRules::modeFromKey(mode, &rules.mode));
    QVERIFY(rulesProblem(rules).isEmpty());
    const QVariantMap createParams{
        {u"name"_s, u"box"_s}, {u"egress"_s, egressArguments(profile, rules)}, {u"mounts"_s, QStringList()}};
    QCOMPARE(profile.arguments(k8::kosa8::Operation::SandboxCreate, createParams, &error), createArgv);
    QCOMPARE(profile.arguments(k8::kosa8::Operation::SandboxEgress,
                               egressChangeParams(profile, u"box"_s, rules), &error),
             egressArgv);
}

void TestEgressRules::sentFormsPassTheRunnersCheck()
{
    // The runner validates every host again before starting kosa8; whatever the editor accepts
    // must get through it unchanged (else a valid policy could never be applied).
    const QStringList entries{u"pypi.org"_s,
                              u"*.github.com:443"_s,
                              u"bücher.example"_s,
                              u"10.0.0.5:80"_s,
                              u"10.0.0.0/8"_s,
                              u"10.0.0.0/8:5432"_s,
                              u"::1"_s,
                              u"[::1]:8080"_s,
                              u"2001:db8::/32"_s,
                              u"[2001:db8::/32]:443"_s,
                              u"pypi.org."_s};
    for (const QString& text : entries) {
        const EgressEntry entry = EgressEntry::parse(text);
        QVERIFY2(entry.isValid(), qPrintable(entry.error));
        QVERIFY2(k8::kosa8::Names::checkHost(entry.sentForm()).isEmpty(),
                 qPrintable(entry.sentForm() + u": "_s + k8::kosa8::Names::checkHost(entry.sentForm())));
    }

    // Names whose ASCII form is only digits and dots are read as the address kosa8 would see
    // (found by tests/fuzz/egress_entry.cpp: "²" was the name "2", which kosa8 refuses).
    const EgressEntry superscript = EgressEntry::parse(u"\u00b2"_s);
    QVERIFY(!superscript.isValid());
    const EgressEntry fullWidth = EgressEntry::parse(u"\uff11\uff10.\uff10.\uff10.\uff15:80"_s);
    QVERIFY2(fullWidth.isValid(), qPrintable(fullWidth.error));
    QCOMPARE(fullWidth.kind, EgressEntry::Kind::Address);
    QCOMPARE(fullWidth.sentForm(), u"10.0.0.5:80"_s);
    QVERIFY(k8::kosa8::Names::checkHost(fullWidth.sentForm()).isEmpty());
}

void TestEgressRules::roundTrip_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QStringList>("entries");
    QTest::addColumn<QStringList>("notes");
    QTest::newRow("deny") << u"deny"_s << QStringList() << QStringList();
    QTest::newRow("any") << u"any"_s << QStringList() << QStringList();
    QTest::newRow("fakenet") << u"fakenet"_s << QStringList() << QStringList();
    QTest::newRow("allow with notes")
        << u"allow"_s << QStringList{u"pypi.org"_s, u"*.pythonhosted.org"_s, u"[::1]:8080"_s}
        << QStringList{u"package index"_s, QString(), u"local \"dev\" server\nline two"_s};
    QTest::newRow("allow unicode, covered entries kept")
        << u"allow"_s << QStringList{u"bücher.example"_s, u"*.example.com"_s, u"a.example.com"_s}
        << QStringList{u"Bücher – Ä"_s, QString(), u"covered, kept on purpose"_s};
}

void TestEgressRules::roundTrip()
{
    QFETCH(QString, mode);
    QFETCH(QStringList, entries);
    QFETCH(QStringList, notes);
    EgressRules rules;
    QVERIFY(EgressRules::modeFromKey(mode, &rules.mode));
    for (int i = 0; i < entries.size(); ++i)
        rules.items.append({entries.at(i), notes.at(i)});
    const QByteArray json = toJson(rules);
    QVERIFY(json.contains("\"version\": 1"));
    EgressRules back;
    QString error;
    QVERIFY2(fromJson(json, &back, &error), qPrintable(error));
    QVERIFY(back == rules);
    QCOMPARE(back.items, rules.items); // typed spelling and notes survive, not just the sent form
}

void TestEgressRules::malformedFile_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("error");
    QTest::newRow("not JSON") << QByteArray("{\n  \"version\": 1,\n  \"mode\": allow\n}")
                              << u"line 3: not valid JSON"_s;
    QTest::newRow("empty file") << QByteArray() << u"line 1: not valid JSON"_s;
    QTest::newRow("array") << QByteArray("[]") << u"line 1: the file must hold one JSON object"_s;
    QTest::newRow("no version") << QByteArray("{\"mode\": \"deny\"}")
                                << u"line 1: the \"version\" field is missing"_s;
    QTest::newRow("newer version") << QByteArray("{\n\"version\": 2,\n\"mode\": \"deny\"}")
                                   << u"line 2: version 2 is newer than this app understands"_s;
    QTest::newRow("version text") << QByteArray("{\"version\": \"1\", \"mode\": \"deny\"}")
                                  << u"line 1: \"version\" must be the number 1"_s;
    QTest::newRow("unknown mode") << QByteArray("{\"version\": 1,\n\n \"mode\": \"proxy\"}")
                                  << u"line 3: unknown mode \"proxy\""_s;
    QTest::newRow("unknown key") << QByteArray("{\"version\": 1,\n\"mode\": \"deny\",\n\"rules\": []}")
                                 << u"line 3: unknown key \"rules\""_s;
    QTest::newRow("entries not a list")
        << QByteArray("{\"version\": 1, \"mode\": \"allow\",\n\"entries\": {}}")
        << u"line 2: \"entries\" must be a list"_s;
    QTest::newRow("entries with deny")
        << QByteArray("{\"version\": 1, \"mode\": \"deny\",\n\"entries\": [{\"entry\": \"pypi.org\"}]}")
        << u"line 2: mode \"deny\" takes no entries"_s;
    QTest::newRow("empty allow") << QByteArray("{\"version\": 1, \"mode\": \"allow\", \"entries\": []}")
                                 << u"line 1: mode \"allow\" needs at least one entry"_s;
    QTest::newRow("invalid entry")
        << QByteArray(
               "{\n \"version\": 1,\n \"mode\": \"allow\",\n \"entries\": [\n  {\"entry\": \"pypi.org\"},\n"
               "  {\"entry\": \"10.0.0.0/33\"}\n ]\n}")
        << u"line 6: entry 2 (10.0.0.0/33): The prefix length /33 is out of range"_s;
    QTest::newRow("duplicate entry")
        << QByteArray("{\"version\": 1, \"mode\": \"allow\", \"entries\": [\n{\"entry\": \"pypi.org\"},\n"
                      "{\"entry\": \"PyPI.org\"}]}")
        << u"line 3: entry 2 (PyPI.org): Duplicate of entry 1"_s;
    QTest::newRow("entry not object")
        << QByteArray("{\"version\": 1, \"mode\": \"allow\", \"entries\": [\"pypi.org\"]}")
        << u"line 1: entry 1 is not an object"_s;
    QTest::newRow("entry unknown key")
        << QByteArray("{\"version\": 1, \"mode\": \"allow\", \"entries\": [\n{\"host\": \"pypi.org\"}]}")
        << u"line 2: entry 1 has an unknown key \"host\""_s;
    QTest::newRow("note not text")
        << QByteArray(
               "{\"version\": 1, \"mode\": \"allow\", \"entries\": [{\"entry\": \"pypi.org\", \"note\": 5}]}")
        << u"line 1: entry 1: \"note\" must be text"_s;
}

void TestEgressRules::malformedFile()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, error);
    EgressRules rules;
    QString message;
    QVERIFY(!fromJson(data, &rules, &message));
    QVERIFY2(message.startsWith(error), qPrintable(message));
}

void TestEgressRules::malformedFileLeavesPolicyUnchanged()
{
    EgressRules rules = allowList({u"github.com"_s});
    const EgressRules before = rules;
    QString error;
    // The first entry is fine and the second is not: nothing of the file may arrive.
    QVERIFY(!fromJson("{\"version\": 1, \"mode\": \"allow\", \"entries\": [{\"entry\": \"pypi.org\"}, "
                      "{\"entry\": \"*.*\"}]}",
                      &rules, &error));
    QVERIFY(rules == before);
    QCOMPARE(rules.items, before.items);
}

void TestEgressRules::presets()
{
    const QList<EgressPreset> presets = EgressPresets::builtIns();
    QStringList names;
    for (const EgressPreset& preset : presets) {
        names << preset.name;
        QStringList entries;
        for (const auto& item : preset.items) {
            entries << item.entry;
            QVERIFY(!item.note.isEmpty());
        }
        QVERIFY2(rulesProblem(allowList(entries)).isEmpty(), qPrintable(preset.name));
        if (preset.name == u"Python packages"_s)
            QCOMPARE(entries, (QStringList{u"pypi.org"_s, u"files.pythonhosted.org"_s}));
        if (preset.name == u"GitHub"_s)
            QCOMPARE(entries, (QStringList{u"github.com"_s, u"api.github.com"_s,
                                           u"objects.githubusercontent.com"_s, u"codeload.github.com"_s}));
    }
    QCOMPARE(names, (QStringList{u"Python packages"_s, u"npm"_s, u"GitHub"_s, u"Hugging Face"_s,
                                 u"Debian packages"_s}));
}

void TestEgressRules::userPresetsSaveAndLoad()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(EgressPresets::fileName());
    QList<EgressPreset> loaded;
    QString error;
    QVERIFY(EgressPresets::loadUser(path, &loaded, &error)); // missing file: empty
    QVERIFY(loaded.isEmpty());
    QList<EgressPreset> mine{
        {u"Work"_s, {{u"git.corp.example"_s, u"our git"_s}, {u"10.0.0.0/8"_s, {}}}, false}};
    QVERIFY2(EgressPresets::saveUser(path, mine, &error), qPrintable(error));
    QVERIFY2(EgressPresets::loadUser(path, &loaded, &error), qPrintable(error));
    QCOMPARE(loaded.size(), 1);
    QCOMPARE(loaded.first().name, u"Work"_s);
    QCOMPARE(loaded.first().items, mine.first().items);
    QVERIFY(!EgressPresets::checkName(u"github"_s).isEmpty());
    QVERIFY(!EgressPresets::checkName(u"  "_s).isEmpty());
    QVERIFY(EgressPresets::checkName(u"Work"_s).isEmpty());

    QFile broken(path);
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("{\"version\": 1, \"presets\": [{\"name\": \"x\", \"entries\": [{\"entry\": \"a..b\"}]}]}");
    broken.close();
    QVERIFY(!EgressPresets::loadUser(path, &loaded, &error));
    QVERIFY2(error.contains(u"empty label"_s), qPrintable(error));
    QCOMPARE(loaded.size(), 1); // unchanged
}

void TestEgressRules::describeChange()
{
    const EgressRules current = allowList({u"pypi.org"_s, u"github.com"_s});
    const EgressRules next = allowList({u"pypi.org"_s, u"bücher.example"_s});
    QCOMPARE(k8::policy::describeChange(current, next),
             (QStringList{u"  mode: allow-list"_s, u"- github.com"_s, u"  pypi.org"_s,
                          u"+ xn--bcher-kva.example"_s}));
    EgressRules deny;
    QCOMPARE(k8::policy::describeChange(deny, next),
             (QStringList{u"- mode: no network (deny)"_s, u"+ mode: allow-list"_s, u"+ pypi.org"_s,
                          u"+ xn--bcher-kva.example"_s}));
}

void TestEgressRules::glance_data()
{
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("glance");
    QTest::newRow("deny") << u"deny"_s << u"no network"_s;
    QTest::newRow("any") << u"any"_s << u"any"_s;
    QTest::newRow("fakenet") << u"fakenet"_s << u"fakenet"_s;
    QTest::newRow("one host") << u"allow:pypi.org"_s << u"pypi.org"_s;
    QTest::newRow("three hosts") << u"allow:a.com,b.com,c.com"_s << u"3 hosts"_s;
    QTest::newRow("unknown") << u"proxy:corp"_s << u"proxy:corp"_s;
}

void TestEgressRules::glance()
{
    QFETCH(QString, column);
    QFETCH(QString, glance);
    QCOMPARE(EgressRules::glance(k8::kosa8::EgressPolicy::parse(column)), glance);
}

QTEST_GUILESS_MAIN(TestEgressRules)
#include "tst_egressrules.moc"
