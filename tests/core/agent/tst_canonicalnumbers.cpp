// SPDX-License-Identifier: Apache-2.0
// CanonicalNumbers (src/core/agent/canonical/CanonicalNumbers.h): the numbers of a JSON text that are not
// written as canonical JSON writes them, read from the text's own bytes (issue 24, finding 5).
#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/CanonicalNumbers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace k8::agent;

class TestCanonicalNumbers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Every number here is what ECMAScript's Number-to-string writes (RFC 8785 section 3.2.2.3).
    void canonicalTextHasNone_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("no numbers") << QByteArray(R"j({"a":"x","b":[true,false,null]})j");
        QTest::newRow("integers") << QByteArray("[0,1,-1,42,-17,123456789012345,9007199254740991]");
        QTest::newRow("fractions") << QByteArray("[0.5,-2.25,0.1,1.5,123.456]");
        QTest::newRow("small plain") << QByteArray("[0.000001,0.0000015]");
        QTest::newRow("exponents") << QByteArray("[1e-7,1.5e-7,1e+21,-1.5e+300,5e-324]");
        QTest::newRow("large plain") << QByteArray("[100000000000000000000,9007199254740992]");
        QTest::newRow("digits in strings") << QByteArray("{\"1.0\":\"1.0\",\"x\":\"1e0 \\\"2.50\\\" -0\"}");
        QTest::newRow("escaped quote before digits") << QByteArray("[\"a\\\\\",1,\"\\\"1.0\"]");
        QTest::newRow("empty") << QByteArray();
    }

    void canonicalTextHasNone()
    {
        QFETCH(QByteArray, json);
        const std::optional<NumberSpelling> found = CanonicalNumbers::firstNonCanonical(json);
        QVERIFY2(!found, found ? found->written.constData() : "");
    }

    // 1, 1.0, 1e0 and 10e-1 are one number to RFC 8785; only the first is its canonical text.
    void otherSpellingsAreFound_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QByteArray>("written");
        QTest::addColumn<QByteArray>("canonical");
        QTest::addColumn<qsizetype>("offset");
        QTest::newRow("1.0") << QByteArray(R"j({"n":1.0})j") << QByteArray("1.0") << QByteArray("1")
                             << qsizetype(5);
        QTest::newRow("1e0") << QByteArray(R"j({"n":1e0})j") << QByteArray("1e0") << QByteArray("1")
                             << qsizetype(5);
        QTest::newRow("10e-1") << QByteArray(R"j({"n":10e-1})j") << QByteArray("10e-1") << QByteArray("1")
                               << qsizetype(5);
        QTest::newRow("1E2") << QByteArray("[1E2]") << QByteArray("1E2") << QByteArray("100") << qsizetype(1);
        QTest::newRow("1e+2") << QByteArray("[1e+2]") << QByteArray("1e+2") << QByteArray("100")
                              << qsizetype(1);
        QTest::newRow("-0") << QByteArray("[1, -0]") << QByteArray("-0") << QByteArray("0") << qsizetype(4);
        QTest::newRow("-0.0") << QByteArray("[-0.0]") << QByteArray("-0.0") << QByteArray("0")
                              << qsizetype(1);
        QTest::newRow("trailing zero")
            << QByteArray("[2.50]") << QByteArray("2.50") << QByteArray("2.5") << qsizetype(1);
        QTest::newRow("python exponent")
            << QByteArray("[1e-07]") << QByteArray("1e-07") << QByteArray("1e-7") << qsizetype(1);
        QTest::newRow("plain where ES writes an exponent")
            << QByteArray("[0.0000001]") << QByteArray("0.0000001") << QByteArray("1e-7") << qsizetype(1);
        QTest::newRow("exponent where ES writes plain")
            << QByteArray("[1.5e2]") << QByteArray("1.5e2") << QByteArray("150") << qsizetype(1);
        QTest::newRow("1e21 without its sign")
            << QByteArray("[1e21]") << QByteArray("1e21") << QByteArray("1e+21") << qsizetype(1);
        QTest::newRow("too many digits")
            << QByteArray("[0.10000000000000001]") << QByteArray("0.10000000000000001") << QByteArray("0.1")
            << qsizetype(1);
        QTest::newRow("beyond 2^53") << QByteArray("[9007199254740993]") << QByteArray("9007199254740993")
                                     << QByteArray("9007199254740992") << qsizetype(1);
        QTest::newRow("leading zero")
            << QByteArray("[007]") << QByteArray("007") << QByteArray("7") << qsizetype(1);
        QTest::newRow("first of several") << QByteArray(R"j({"a":1,"b":"2.0","c":[3.0,4.0]})j")
                                          << QByteArray("3.0") << QByteArray("3") << qsizetype(22);
        QTest::newRow("in an id") << QByteArray(R"j({"id":7.0,"jsonrpc":"2.0"})j") << QByteArray("7.0")
                                  << QByteArray("7") << qsizetype(6);
        QTest::newRow("overflow") << QByteArray("[1e400]") << QByteArray("1e400") << QByteArray()
                                  << qsizetype(1);
    }

    void otherSpellingsAreFound()
    {
        QFETCH(QByteArray, json);
        QFETCH(QByteArray, written);
        QFETCH(QByteArray, canonical);
        QFETCH(qsizetype, offset);
        const std::optional<NumberSpelling> found = CanonicalNumbers::firstNonCanonical(json);
        QVERIFY(found);
        QCOMPARE(found->written, written);
        QCOMPARE(found->canonical, canonical);
        QCOMPARE(found->offset, offset);
    }

    // The canonical form is canonicalJson()'s, whatever the spelling.
    void canonicalFormIsCanonicalJsons()
    {
        for (const QByteArray& token : {QByteArray("1.0"), QByteArray("0.1e1"), QByteArray("-2.5e-3"),
                                        QByteArray("123456789012345678"), QByteArray("1e-7")}) {
            const QJsonDocument doc = QJsonDocument::fromJson("[" + token + "]");
            QCOMPARE(CanonicalNumbers::canonicalForm(token), canonicalJson(doc.array().at(0)));
        }
        QVERIFY(CanonicalNumbers::canonicalForm("-").isEmpty());
        QVERIFY(CanonicalNumbers::canonicalForm("1e999").isEmpty());
    }

    // What canonicalJson() writes never holds a number in another form.
    void canonicalJsonOutputHasNone()
    {
        const QJsonDocument doc =
            QJsonDocument::fromJson("[1.0, 1e0, 10e-1, -0, 2.50, 1e-07, 1e21, 0.10000000000000001, 1.5e2, "
                                    "5e-324, 1.7976931348623157e308]");
        const QByteArray canonical = canonicalJson(doc.array());
        QVERIFY2(!CanonicalNumbers::firstNonCanonical(canonical), canonical.constData());
    }

    // Bytes that are not JSON are scanned without harm: an unterminated string, a lone sign, a
    // backslash at the end.
    void anyBytesAreScannedSafely()
    {
        QVERIFY(!CanonicalNumbers::firstNonCanonical("\"1.0"));
        QVERIFY(!CanonicalNumbers::firstNonCanonical("\"\\"));
        const std::optional<NumberSpelling> sign = CanonicalNumbers::firstNonCanonical("[-]");
        QVERIFY(sign);
        QVERIFY(sign->canonical.isEmpty());
        QVERIFY(CanonicalNumbers::firstNonCanonical(QByteArray(100000, '9')));
    }

    // The reason names the number as written and its canonical form, shortened when long.
    void reasonNamesTheNumber()
    {
        const QString reason = CanonicalNumbers::reason({"1.0", "1", 5});
        QVERIFY2(reason.contains(QLatin1String("1.0")) && reason.contains(QLatin1String("canonical form 1")),
                 qPrintable(reason));
        const QString huge = CanonicalNumbers::reason({QByteArray(1000, '9'), QByteArray(), 0});
        QVERIFY2(huge.size() < 200, qPrintable(huge));
    }
};

QTEST_GUILESS_MAIN(TestCanonicalNumbers)
#include "tst_canonicalnumbers.moc"
