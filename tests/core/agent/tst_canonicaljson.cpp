// SPDX-License-Identifier: Apache-2.0
// CanonicalJson (src/core/agent/canonical/CanonicalJson.h): the RFC 8785 form every hash of the app is
// taken over (payload_sha256, action_sha256, the ledger chain). Exact bytes from the RFC's own
// examples, and round trips: what it writes parses back to the same value and is written again
// byte for byte.
#include "agent/canonical/CanonicalJson.h"
#include "support/TestJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <bit>
#include <utility>

using namespace k8::agent;

namespace {

using k8::test::json;

} // namespace

class TestCanonicalJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void canonicalJsonForm_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("canonical");
        QTest::newRow("sorted keys") << QByteArray(R"j({"b":1,"a":2,"B":3})j")
                                     << QByteArray(R"j({"B":3,"a":2,"b":1})j");
        QTest::newRow("nested") << QByteArray(R"j([{"z":null,"y":true}, false])j")
                                << QByteArray(R"j([{"y":true,"z":null},false])j");
        QTest::newRow("integers") << QByteArray("[1, -0, 1.0, 1e3, 9007199254740991]")
                                  << QByteArray("[1,0,1,1000,9007199254740991]");
        QTest::newRow("fractions") << QByteArray("[0.5, -2.25, 0.1]") << QByteArray("[0.5,-2.25,0.1]");
        QTest::newRow("escapes") << QByteArray("[\"a\\\"b\\\\c\\n\\t\\u0001/\"]")
                                 << QByteArray("[\"a\\\"b\\\\c\\n\\t\\u0001/\"]");
        QTest::newRow("unicode raw") << QStringLiteral(R"j(["ü\u00e9✓"])j").toUtf8()
                                     << QStringLiteral(R"j(["üé✓"])j").toUtf8();
        QTest::newRow("string") << QByteArray(R"j("x")j") << QByteArray(R"j("x")j");
    }

    void canonicalJsonForm()
    {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, canonical);
        QCOMPARE(canonicalJson(json(input.constData())), canonical);
    }

    // RFC 8785 (JSON Canonicalization Scheme), appendix B: IEEE 754 doubles and the text
    // ECMAScript's Number serialisation gives them; rule and ledger hashes must be computable by
    // anyone with a JCS library, so these must agree exactly.
    void canonicalNumbersRfc8785_data()
    {
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<QByteArray>("expected");
        const std::pair<quint64, const char*> examples[] = {
            {0x0000000000000000ULL, "0"},
            {0x8000000000000000ULL, "0"},
            {0x0000000000000001ULL, "5e-324"},
            {0x8000000000000001ULL, "-5e-324"},
            {0x7fefffffffffffffULL, "1.7976931348623157e+308"},
            {0xffefffffffffffffULL, "-1.7976931348623157e+308"},
            {0x4340000000000000ULL, "9007199254740992"},
            {0xc340000000000000ULL, "-9007199254740992"},
            {0x4430000000000000ULL, "295147905179352830000"},
            {0x44b52d02c7e14af5ULL, "9.999999999999997e+22"},
            {0x44b52d02c7e14af6ULL, "1e+23"},
            {0x44b52d02c7e14af7ULL, "1.0000000000000001e+23"},
            {0x444b1ae4d6e2ef4eULL, "999999999999999700000"},
            {0x444b1ae4d6e2ef4fULL, "999999999999999900000"},
            {0x444b1ae4d6e2ef50ULL, "1e+21"},
            {0x3eb0c6f7a0b5ed8cULL, "9.999999999999997e-7"},
            {0x3eb0c6f7a0b5ed8dULL, "0.000001"},
            {0x41b3de4355555553ULL, "333333333.3333332"},
            {0x41b3de4355555554ULL, "333333333.33333325"},
            {0x41b3de4355555555ULL, "333333333.3333333"},
            {0x41b3de4355555556ULL, "333333333.3333334"},
            {0x41b3de4355555557ULL, "333333333.33333343"},
            {0xbecbf647612f3696ULL, "-0.0000033333333333333333"},
            {0x43143ff3c1cb0959ULL, "1424953923781206.2"},
        };
        for (const auto& [bits, expected] : examples)
            QTest::addRow("%016llx", static_cast<unsigned long long>(bits)) << bits << QByteArray(expected);
        // Around ECMAScript's switch between plain and exponent notation.
        QTest::newRow("1e-7") << std::bit_cast<quint64>(1e-7) << QByteArray("1e-7");
        QTest::newRow("1.5e-7") << std::bit_cast<quint64>(1.5e-7) << QByteArray("1.5e-7");
        QTest::newRow("1e20") << std::bit_cast<quint64>(1e20) << QByteArray("100000000000000000000");
        QTest::newRow("1.5e300") << std::bit_cast<quint64>(1.5e300) << QByteArray("1.5e+300");
        QTest::newRow("0.1") << std::bit_cast<quint64>(0.1) << QByteArray("0.1");
        QTest::newRow("-12.5") << std::bit_cast<quint64>(-12.5) << QByteArray("-12.5");
        QTest::newRow("123456.789") << std::bit_cast<quint64>(123456.789) << QByteArray("123456.789");
    }

    void canonicalNumbersRfc8785()
    {
        QFETCH(quint64, bits);
        QFETCH(QByteArray, expected);
        QCOMPARE(canonicalJson(QJsonValue(std::bit_cast<double>(bits))), expected);
    }

    // RFC 8785 section 3.2.4's example: input with escapes, numbers and literals, and its exact
    // canonical form.
    void canonicalExampleRfc8785()
    {
        // The input as the RFC prints it (moc cannot read this one as a raw string literal).
        const char* input =
            "{\n"
            "  \"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n"
            "  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n"
            "  \"literals\": [null, true, false]\n"
            "}";
        const QByteArray expected =
            QStringLiteral(
                u"{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                u"\"string\":\"\u20ac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}")
                .toUtf8();
        QCOMPARE(canonicalJson(json(input)), expected);
    }

    // RFC 8785 section 3.2.3: property names sorted by their UTF-16 code units (so a surrogate pair
    // sorts before U+FB33, unlike sorting by code points or by UTF-8 bytes).
    void canonicalSortingRfc8785()
    {
        const char* input = R"j({
  "\u20ac": "Euro Sign",
  "\r": "Carriage Return",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "1": "One",
  "\ud83d\ude00": "Emoji: Grinning Face",
  "\u0080": "Control",
  "\u00f6": "Latin Small Letter O With Diaeresis"
})j";
        const QByteArray expected =
            QStringLiteral(u"{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\","
                           u"\"\u00f6\":\"Latin Small Letter O With Diaeresis\",\"\u20ac\":\"Euro Sign\","
                           u"\"\U0001F600\":\"Emoji: Grinning Face\","
                           u"\"\uFB33\":\"Hebrew Letter Dalet With Dagesh\"}")
                .toUtf8();
        QCOMPARE(canonicalJson(json(input)), expected);
    }

    // Strings: only '"', '\\' and U+0000..U+001F are escaped (the five short forms, the rest as
    // lower-case \u00xx); '/', DEL, U+2028 and U+2029 stay as they are, in UTF-8.
    void canonicalStringsRfc8785()
    {
        QString text = QStringLiteral("a/b");
        for (char16_t c : {u'\x00', u'\x1f', u'\x7f', u'\u2028', u'\u2029', u'\b', u'\f'})
            text.append(QChar(c));
        QByteArray expected = "\"a/b\\u0000\\u001f\x7f";
        expected += QString(QChar(u'\u2028')).toUtf8();
        expected += QString(QChar(u'\u2029')).toUtf8();
        expected += "\\b\\f\"";
        QCOMPARE(canonicalJson(QJsonValue(text)), expected);
    }

    void roundTrips_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::newRow("object") << QByteArray(
            R"j({"b": [1, 2.5, -3e-7, {"z": null}], "a": "x\ny", "c": true})j");
        QTest::newRow("unicode keys")
            << QStringLiteral(R"j({"ü": 1, "a": {"✓": [], "\u0001": {}}})j").toUtf8();
        QTest::newRow("big numbers") << QByteArray("[1e21, 1e-7, 123456789012345680000, 0.000001]");
        QTest::newRow("empty") << QByteArray("[{}, [], \"\"]");
    }

    // Parsing the canonical form gives the same value back, and writing that value again gives
    // the very same bytes (so a hash taken by anyone over the written form can be checked).
    void roundTrips()
    {
        QFETCH(QByteArray, input);
        const QJsonValue value = json(input.constData());
        const QByteArray written = canonicalJson(value);
        const QJsonValue parsed = json(written.constData());
        QCOMPARE(parsed, value);
        QCOMPARE(canonicalJson(parsed), written);
    }

    // The appending forms write the same bytes after what is already there.
    void appendsTheSameForm()
    {
        const QJsonValue value = json(R"j({"b": 1, "a": ["é", 0.5]})j");
        QByteArray out = "prefix:";
        appendCanonicalJson(value, &out);
        QCOMPARE(out, QByteArray("prefix:") + canonicalJson(value));
        QByteArray quoted;
        appendCanonicalJsonString(u"a\"b\u2028", &quoted);
        QCOMPARE(quoted, canonicalJson(QJsonValue(QStringLiteral("a\"b\u2028"))));
    }

    // The one-pass form with the exactness flag writes the same bytes and flags what has no
    // faithful form: a lone surrogate (in a value or a key) or an integer of 2^53 or more.
    void flagsInexactValues_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("exact");
        QTest::newRow("plain") << QByteArray(R"j({"a": [1, 0.5, "x", null, true], "n": 9007199254740991})j")
                               << true;
        QTest::newRow("pair") << QByteArray(R"j(["\ud83d\ude00", "é"])j") << true;
        QTest::newRow("2^53") << QByteArray(R"j({"n": 9007199254740992})j") << false;
        QTest::newRow("negative big") << QByteArray(R"j([[-1e300]])j") << false;
        QTest::newRow("big fraction-free exponent") << QByteArray(R"j([1.5e300])j") << false;
        QTest::newRow("tiny") << QByteArray(R"j([1e-300])j") << true;
        QTest::newRow("lone high") << QByteArray(R"j(["a\ud800b"])j") << false;
        QTest::newRow("lone low at end") << QByteArray(R"j(["é\udc00"])j") << false;
        QTest::newRow("lone in key") << QByteArray(R"j({"k\ud800": 1})j") << false;
    }

    void flagsInexactValues()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, exact);
        const QJsonValue value = json(text.constData());
        bool flagged = !exact;
        QCOMPARE(canonicalJson(value, &flagged), canonicalJson(value));
        QCOMPARE(flagged, exact);
    }
};

QTEST_GUILESS_MAIN(TestCanonicalJson)
#include "tst_canonicaljson.moc"
