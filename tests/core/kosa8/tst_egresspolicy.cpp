// SPDX-License-Identifier: Apache-2.0
#include "kosa8/EgressPolicy.h"

#include <QTest>

using namespace Qt::StringLiterals;

using k8::kosa8::EgressPolicy;
using Mode = EgressPolicy::Mode;

class TestEgressPolicy : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data();
    void parse();
    void allowDropsDuplicatesAndBlanks();
    void equalityIgnoresSpellingOfKnownModes();
    void unknownKeepsRawText();
};

void TestEgressPolicy::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("mode");
    QTest::addColumn<QStringList>("hosts");
    QTest::addColumn<QString>("normalised");
    QTest::addColumn<QString>("summary");
    QTest::addColumn<QString>("modeName");

    QTest::newRow("deny") << u"deny"_s << int(Mode::Deny) << QStringList() << u"deny"_s << u"No network"_s
                          << u"deny"_s;
    QTest::newRow("any") << u"any"_s << int(Mode::Any) << QStringList() << u"any"_s << u"Any network"_s
                         << u"any"_s;
    QTest::newRow("fakenet") << u"fakenet"_s << int(Mode::Fakenet) << QStringList() << u"fakenet"_s
                             << u"Simulated network"_s << u"fakenet"_s;
    QTest::newRow("upper case, spaces")
        << u"  DENY \r"_s << int(Mode::Deny) << QStringList() << u"deny"_s << u"No network"_s << u"deny"_s;
    QTest::newRow("allow one") << u"allow:pypi.org"_s << int(Mode::Allow) << QStringList{u"pypi.org"_s}
                               << u"allow:pypi.org"_s << u"Allow: pypi.org"_s << QString();
    QTest::newRow("allow three, spaces")
        << u"allow:pypi.org, files.pythonhosted.org ,github.com"_s << int(Mode::Allow)
        << QStringList{u"pypi.org"_s, u"files.pythonhosted.org"_s, u"github.com"_s}
        << u"allow:pypi.org,files.pythonhosted.org,github.com"_s << u"Allow: pypi.org and 2 more"_s
        << QString();
    QTest::newRow("allow empty") << u"allow:"_s << int(Mode::Allow) << QStringList() << u"allow:"_s
                                 << u"Allow: nothing"_s << QString();
    QTest::newRow("empty") << QString() << int(Mode::Unknown) << QStringList() << QString() << u"Unknown"_s
                           << QString();
    QTest::newRow("other text") << u"proxy:corp"_s << int(Mode::Unknown) << QStringList() << u"proxy:corp"_s
                                << u"proxy:corp"_s << QString();
    QTest::newRow("unicode") << u"déni"_s << int(Mode::Unknown) << QStringList() << u"déni"_s << u"déni"_s
                             << QString();
    QTest::newRow("leading dash") << u"--egress any"_s << int(Mode::Unknown) << QStringList()
                                  << u"--egress any"_s << u"--egress any"_s << QString();
}

void TestEgressPolicy::parse()
{
    QFETCH(QString, text);
    QFETCH(int, mode);
    QFETCH(QStringList, hosts);
    QFETCH(QString, normalised);
    QFETCH(QString, summary);
    QFETCH(QString, modeName);
    const EgressPolicy policy = EgressPolicy::parse(text);
    QCOMPARE(int(policy.mode), mode);
    QCOMPARE(policy.hosts, hosts);
    QCOMPARE(policy.raw, text);
    QCOMPARE(policy.toString(), normalised);
    QCOMPARE(policy.summary(), summary);
    QCOMPARE(policy.modeName(), modeName);
    // What toString() prints parses back to the same policy.
    if (policy.mode != Mode::Unknown)
        QCOMPARE(EgressPolicy::parse(policy.toString()), policy);
}

void TestEgressPolicy::allowDropsDuplicatesAndBlanks()
{
    const EgressPolicy policy = EgressPolicy::allow({u"a.com"_s, u" "_s, u"b.com"_s, u"a.com"_s});
    QCOMPARE(policy.mode, Mode::Allow);
    QCOMPARE(policy.hosts, (QStringList{u"a.com"_s, u"b.com"_s}));
    QCOMPARE(policy.toString(), u"allow:a.com,b.com"_s);
}

void TestEgressPolicy::equalityIgnoresSpellingOfKnownModes()
{
    QCOMPARE(EgressPolicy::parse(u"deny"_s), EgressPolicy::deny());
    QCOMPARE(EgressPolicy::parse(u" Deny"_s), EgressPolicy::deny());
    QCOMPARE(EgressPolicy::parse(u"allow:a.com, b.com"_s), EgressPolicy::allow({u"a.com"_s, u"b.com"_s}));
    QVERIFY(!(EgressPolicy::parse(u"any"_s) == EgressPolicy::deny()));
    QVERIFY(!(EgressPolicy::allow({u"a.com"_s}) == EgressPolicy::allow({u"b.com"_s})));
}

void TestEgressPolicy::unknownKeepsRawText()
{
    QVERIFY(!(EgressPolicy::parse(u"x"_s) == EgressPolicy::parse(u"y"_s)));
    QCOMPARE(EgressPolicy::parse(u"x"_s), EgressPolicy::parse(u"x"_s));
    QCOMPARE(EgressPolicy::parse(u"weird"_s).toString(), u"weird"_s);
}

QTEST_GUILESS_MAIN(TestEgressPolicy)
#include "tst_egresspolicy.moc"
