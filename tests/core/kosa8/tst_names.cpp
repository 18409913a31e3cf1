// SPDX-License-Identifier: Apache-2.0
#include "kosa8/Names.h"

#include <QTest>

using namespace Qt::StringLiterals;

using k8::kosa8::Names;

// Every checker returns an empty string for an accepted value, else a message that says what is
// allowed. Hostile inputs (flags, shell metacharacters, unicode, control characters) are refused.
class TestNames : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sandbox_data();
    void sandbox();
    void label_data();
    void label();
    void image_data();
    void image();
    void host_data();
    void host();
    void mount_data();
    void mount();
    void snapshotId_data();
    void snapshotId();
    void messagesSayWhatIsAllowed();
};

static void columns()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("accepted");
}

void TestNames::sandbox_data()
{
    columns();
    QTest::newRow("simple") << u"demo"_s << true;
    QTest::newRow("digits, dot, dash, underscore") << u"a1.b-c_d"_s << true;
    QTest::newRow("digit first") << u"1box"_s << true;
    QTest::newRow("63 chars") << QString(63, u'a') << true;
    QTest::newRow("64 chars") << QString(64, u'a') << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("leading dash (flag)") << u"-rf"_s << false;
    QTest::newRow("leading double dash") << u"--egress"_s << false;
    QTest::newRow("upper case") << u"Demo"_s << false;
    QTest::newRow("space") << u"my box"_s << false;
    QTest::newRow("semicolon") << u"a;rm -rf /"_s << false;
    QTest::newRow("dollar") << u"$(id)"_s << false;
    QTest::newRow("backtick") << u"a`id`"_s << false;
    QTest::newRow("slash") << u"a/b"_s << false;
    QTest::newRow("unicode") << u"sandböx"_s << false;
    QTest::newRow("newline") << u"demo\n"_s << false;
    QTest::newRow("leading dot") << u".hidden"_s << false;
}

void TestNames::sandbox()
{
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    QCOMPARE(Names::checkSandbox(value).isEmpty(), accepted);
}

void TestNames::label_data()
{
    columns();
    QTest::newRow("simple") << u"before-run"_s << true;
    QTest::newRow("mixed case") << u"Run_42.v2"_s << true;
    QTest::newRow("128 chars") << QString(128, u'x') << true;
    QTest::newRow("129 chars") << QString(129, u'x') << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("leading dash") << u"-yes"_s << false;
    QTest::newRow("space") << u"before run"_s << false;
    QTest::newRow("pipe") << u"a|b"_s << false;
    QTest::newRow("unicode") << u"étiquette"_s << false;
    QTest::newRow("tab") << u"a\tb"_s << false;
}

void TestNames::label()
{
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    QCOMPARE(Names::checkLabel(value).isEmpty(), accepted);
}

void TestNames::image_data()
{
    columns();
    QTest::newRow("name:tag") << u"python:3.12-slim"_s << true;
    QTest::newRow("plain") << u"alpine"_s << true;
    QTest::newRow("path") << u"library/python"_s << true;
    QTest::newRow("registry with port") << u"localhost:5000/team/tool:1.0"_s << true;
    QTest::newRow("registry domain") << u"ghcr.io/azmx/kosa8-base:latest"_s << true;
    QTest::newRow("digest") << u"alpine@sha256:"_s + QString(64, u'a') << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("leading dash") << u"-v"_s << false;
    QTest::newRow("upper-case repo") << u"Python:3"_s << false;
    QTest::newRow("space") << u"python 3"_s << false;
    QTest::newRow("shell") << u"python;id"_s << false;
    QTest::newRow("unicode") << u"pythön"_s << false;
    QTest::newRow("too long") << QString(256, u'a') << false;
    QTest::newRow("bad digest") << u"alpine@sha256:xyz"_s << false;
}

void TestNames::image()
{
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    QCOMPARE(Names::checkImage(value).isEmpty(), accepted);
}

void TestNames::host_data()
{
    columns();
    QTest::newRow("domain") << u"pypi.org"_s << true;
    QTest::newRow("subdomain") << u"files.pythonhosted.org"_s << true;
    QTest::newRow("wildcard") << u"*.example.com"_s << true;
    QTest::newRow("port") << u"api.example.com:8443"_s << true;
    QTest::newRow("ipv4") << u"10.0.0.1"_s << true;
    QTest::newRow("ipv4 port") << u"10.0.0.1:443"_s << true;
    QTest::newRow("ipv6") << u"2001:db8::1"_s << true;
    QTest::newRow("ipv6 bracket port") << u"[2001:db8::1]:443"_s << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("leading dash") << u"-x.com"_s << false;
    QTest::newRow("scheme") << u"https://pypi.org"_s << false;
    QTest::newRow("path") << u"pypi.org/simple"_s << false;
    QTest::newRow("space") << u"pypi .org"_s << false;
    QTest::newRow("comma (would split the list)") << u"a.com,b.com"_s << false;
    QTest::newRow("shell") << u"a.com;id"_s << false;
    QTest::newRow("unicode") << u"bücher.de"_s << false;
    QTest::newRow("bad ipv4") << u"300.1.1.1"_s << false;
    QTest::newRow("port zero") << u"a.com:0"_s << false;
    QTest::newRow("port too big") << u"a.com:70000"_s << false;
    QTest::newRow("label too long") << QString(64, u'a') + u".com"_s << false;
    QTest::newRow("wildcard in middle") << u"a.*.com"_s << false;
    // CIDR blocks, as the egress editor sends them (issue 11).
    QTest::newRow("cidr v4") << u"10.0.0.0/8"_s << true;
    QTest::newRow("cidr v4 port") << u"10.0.0.0/8:5432"_s << true;
    QTest::newRow("cidr v6") << u"2001:db8::/32"_s << true;
    QTest::newRow("cidr v6 bracket port") << u"[2001:db8::/32]:443"_s << true;
    QTest::newRow("cidr v4 prefix 33") << u"10.0.0.0/33"_s << false;
    QTest::newRow("cidr v6 prefix 129") << u"2001:db8::/129"_s << false;
    QTest::newRow("cidr short v4") << u"10.0/8"_s << false;
    QTest::newRow("cidr empty prefix") << u"10.0.0.0/"_s << false;
    QTest::newRow("cidr on a name") << u"a.com/8"_s << false;
}

void TestNames::host()
{
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    QCOMPARE(Names::checkHost(value).isEmpty(), accepted);
}

void TestNames::mount_data()
{
    columns();
    QTest::newRow("simple") << u"/home/me/data:/data"_s << true;
    QTest::newRow("spaces inside") << u"/home/me/my data:/data"_s << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("relative host") << u"data:/data"_s << false;
    QTest::newRow("relative guest") << u"/data:data"_s << false;
    QTest::newRow("leading dash") << u"-v:/x"_s << false;
    QTest::newRow("three parts") << u"/a:/b:ro"_s << false;
    QTest::newRow("no guest") << u"/a"_s << false;
    QTest::newRow("newline") << u"/a\n:/b"_s << false;
}

void TestNames::mount()
{
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    QCOMPARE(Names::checkMount(value).isEmpty(), accepted);
}

void TestNames::snapshotId_data()
{
    columns();
    QTest::newRow("snap") << u"snap-0003"_s << true;
    QTest::newRow("colon") << u"snap:2024-05-01"_s << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("leading dash") << u"-rf"_s << false;
    QTest::newRow("space") << u"snap 1"_s << false;
    QTest::newRow("too long") << QString(129, u's') << false;
    QTest::newRow("shell") << u"s$(id)"_s << false;
}

void TestNames::snapshotId()
{
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    QCOMPARE(Names::checkSnapshotId(value).isEmpty(), accepted);
}

void TestNames::messagesSayWhatIsAllowed()
{
    const QString sandbox = Names::checkSandbox(u"-rf"_s);
    QVERIFY2(sandbox.contains(u"\"-rf\""_s), qPrintable(sandbox));
    QVERIFY2(sandbox.contains(u"lower-case letters"_s), qPrintable(sandbox));
    QVERIFY(Names::checkSandbox(QString()).contains(u"empty"_s));
    QVERIFY(Names::checkSandbox(QString(70, u'a')).contains(u"70"_s));
    QVERIFY(Names::checkLabel(u"a b"_s).contains(u"Checkpoint labels"_s));
    QVERIFY(Names::checkImage(u"-x"_s).contains(u"python:3.12-slim"_s));
    QVERIFY(Names::checkHost(u"a b"_s).contains(u"pypi.org"_s));
    QVERIFY(Names::checkMount(u"x"_s).contains(u"HOSTPATH:GUESTPATH"_s));
    // Control characters are made visible in the message.
    QVERIFY(Names::checkSandbox(u"a\nb"_s).contains(u"a\\nb"_s));
}

QTEST_GUILESS_MAIN(TestNames)
#include "tst_names.moc"
