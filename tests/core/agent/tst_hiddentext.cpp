// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/HiddenText.h"

#include <QTest>

using k8::agent::HiddenText;

namespace {

QString kindName(HiddenText::Kind kind)
{
    switch (kind) {
    case HiddenText::BidiControl:
        return QStringLiteral("bidi");
    case HiddenText::Invisible:
        return QStringLiteral("invisible");
    case HiddenText::ControlCharacter:
        return QStringLiteral("control");
    case HiddenText::CrLfLineEnd:
        return QStringLiteral("crlf");
    case HiddenText::LoneCarriageReturn:
        return QStringLiteral("cr");
    case HiddenText::LineSeparator:
        return QStringLiteral("separator");
    case HiddenText::UnusualSpace:
        return QStringLiteral("space");
    case HiddenText::NonAsciiInIdentifier:
        return QStringLiteral("identifier");
    case HiddenText::LongLine:
        return QStringLiteral("long");
    case HiddenText::RightToLeftText:
        return QStringLiteral("rtl");
    case HiddenText::EncodingDeclaration:
        return QStringLiteral("encoding");
    case HiddenText::KindCount:
        break;
    }
    return QStringLiteral("?");
}

// "kind line:column+length" (and the code point or the line length where there is one), so that
// a failure prints what was found in a form a person can read against the table.
QStringList describe(const HiddenText::Report& report)
{
    QStringList out;
    for (const HiddenText::Finding& finding : report.findings) {
        QString text = QStringLiteral("%1 %2:%3+%4")
                           .arg(kindName(finding.kind))
                           .arg(finding.line)
                           .arg(finding.column)
                           .arg(finding.length);
        if (finding.kind != HiddenText::NonAsciiInIdentifier && finding.kind != HiddenText::LongLine &&
            finding.kind != HiddenText::RightToLeftText && finding.kind != HiddenText::EncodingDeclaration)
            text += QStringLiteral(" U+%1").arg(uint(finding.codePoint), 4, 16, QLatin1Char('0')).toUpper();
        if (finding.kind == HiddenText::LongLine)
            text += QStringLiteral(" of %1").arg(finding.lineLength);
        out.append(text);
    }
    return out;
}

QString fromUcs4(std::initializer_list<char32_t> codePoints)
{
    QString text;
    for (char32_t c : codePoints)
        text += QString::fromUcs4(&c, 1);
    return text;
}

} // namespace

class TestHiddenText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void findings_data();
    void findings();
    void offsetsPointAtTheCharacters();
    void countsStayExactPastTheFindingsCap();
    void longLineLimitIsAParameter();
    void markerLabels();
    void whatNeedsAMarker();
    void revealedInlineNamesWhatHides();
    void whatCanHideCode();
};

void TestHiddenText::findings_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("plain ascii code")
        << QStringLiteral("import os\n\tprint(os.getcwd())  # fine\n") << QStringList();
    QTest::newRow("tab and lf are ordinary") << QStringLiteral("a\tb\n\n\nc") << QStringList();

    // Trojan Source, "stretched string" pattern: the RLO and isolates make the editor draw the
    // comment outside the string, so the comparison looks like it tests "user" while the string
    // really holds the comment text.
    QTest::newRow("trojan source stretched string")
        << QStringLiteral(
               "role = 'guest'\nif role != \"user\u202E \u2066# only admins\u2069 \u2066\":\n    grant()\n")
        << QStringList{QStringLiteral("bidi 1:16+1 U+202E"), QStringLiteral("bidi 1:18+1 U+2066"),
                       QStringLiteral("bidi 1:32+1 U+2069"), QStringLiteral("bidi 1:34+1 U+2066")};

    // Trojan Source, "early return" pattern: an RLI inside a docstring makes the return look like
    // part of the docstring.
    QTest::newRow("trojan source early return")
        << QStringLiteral("def pay(amount):\n    \"\"\"Pays out.\u2067\"\"\" ;return\n    send(amount)\n")
        << QStringList{QStringLiteral("bidi 1:16+1 U+2067")};

    QTest::newRow("zero-width joiner inside an identifier")
        << QStringLiteral("pass\u200Dword = 1\npassword = 2\n")
        << QStringList{QStringLiteral("invisible 0:4+1 U+200D")};
    QTest::newRow("zero-width space and BOM")
        << QStringLiteral("\uFEFFx = 1\u200B\n")
        << QStringList{QStringLiteral("invisible 0:0+1 U+FEFF"), QStringLiteral("invisible 0:6+1 U+200B")};
    QTest::newRow("homoglyph: Cyrillic a in password")
        << QStringLiteral("if p\u0430ssword == secret:\n") << QStringList{QStringLiteral("identifier 0:4+1")};
    QTest::newRow("homoglyph: two runs in one word")
        << QStringLiteral("\u0441ode_\u0435val()")
        << QStringList{QStringLiteral("identifier 0:0+1"), QStringLiteral("identifier 0:5+1")};
    QTest::newRow("homoglyph: a word made only of look-alikes")
        << QStringLiteral("x = \u0440\u0430\u0443\n") << QStringList{QStringLiteral("identifier 0:4+3")};
    QTest::newRow("a Russian word is not a look-alike")
        << QStringLiteral("# \u043F\u0440\u0438\u0432\u0435\u0442\n") << QStringList();
    QTest::newRow("a combining accent on an ascii letter")
        << QStringLiteral("cafe\u0301 = 1") << QStringList{QStringLiteral("identifier 0:4+1")};
    QTest::newRow("homoglyph in a number literal")
        << QStringLiteral("n = 1\u04355") << QStringList{QStringLiteral("identifier 0:5+1")};

    // No control at all: "א = 1" is drawn "1 = א" because the number joins the Hebrew run.
    QTest::newRow("right-to-left letters")
        << QStringLiteral("\u05D0 = 1; s = '\u05E9\u05B8\u05DC\u05D5\u05DD'\n")
        << QStringList{QStringLiteral("rtl 0:0+1"), QStringLiteral("rtl 0:12+5")};
    QTest::newRow("arabic in a mixed word")
        << QStringLiteral("x\u0627y")
        << QStringList{QStringLiteral("identifier 0:1+1"), QStringLiteral("rtl 0:1+1")};
    QTest::newRow("nul") << QStringLiteral("print('a')") + QChar(u'\0') + QStringLiteral("import os")
                         << QStringList{QStringLiteral("control 0:10+1 U+0000")};
    QTest::newRow("escape, del, C1 next line")
        << QStringLiteral("a\u001B[2Jb\u007Fc\u0085d")
        << QStringList{QStringLiteral("control 0:1+1 U+001B"), QStringLiteral("control 0:6+1 U+007F"),
                       QStringLiteral("control 0:8+1 U+0085")};
    QTest::newRow("lone surrogate") << QStringLiteral("x = '") + QChar(char16_t(0xD800)) + QStringLiteral("'")
                                    << QStringList{QStringLiteral("control 0:5+1 U+D800")};
    QTest::newRow("noncharacter") << QStringLiteral("a\uFDD0b")
                                  << QStringList{QStringLiteral("control 0:1+1 U+FDD0")};

    QTest::newRow("crlf line ends") << QStringLiteral("a = 1\r\nb = 2\r\n")
                                    << QStringList{QStringLiteral("crlf 0:5+2 U+000D"),
                                                   QStringLiteral("crlf 1:5+2 U+000D")};
    QTest::newRow("lone cr ends a line")
        << QStringLiteral("# note\rimport os") + QChar(u'\0')
        << QStringList{QStringLiteral("cr 0:6+1 U+000D"), QStringLiteral("control 1:9+1 U+0000")};
    QTest::newRow("mixed line ends count lines")
        << QStringLiteral("a\nb\r\nc\rd\u2028e\u2029f\u00A0")
        << QStringList{QStringLiteral("crlf 1:1+2 U+000D"), QStringLiteral("cr 2:1+1 U+000D"),
                       QStringLiteral("separator 3:1+1 U+2028"), QStringLiteral("separator 4:1+1 U+2029"),
                       QStringLiteral("space 5:1+1 U+00A0")};
    QTest::newRow("unusual spaces") << QStringLiteral("x\u00A0=\u20031\u3000\u202F")
                                    << QStringList{QStringLiteral("space 0:1+1 U+00A0"),
                                                   QStringLiteral("space 0:3+1 U+2003"),
                                                   QStringLiteral("space 0:5+1 U+3000"),
                                                   QStringLiteral("space 0:6+1 U+202F")};
    QTest::newRow("soft hyphen, variation selector, hangul filler")
        << QStringLiteral("a\u00ADb\uFE0Fc\u3164d")
        << QStringList{QStringLiteral("invisible 0:1+1 U+00AD"), QStringLiteral("invisible 0:3+1 U+FE0F"),
                       QStringLiteral("invisible 0:5+1 U+3164")};
    QTest::newRow("tag characters spell text invisibly")
        << QStringLiteral("ok") + fromUcs4({0xE0001, 0xE0068, 0xE0069})
        << QStringList{QStringLiteral("invisible 0:2+2 U+E0001"), QStringLiteral("invisible 0:4+2 U+E0068"),
                       QStringLiteral("invisible 0:6+2 U+E0069")};

    QTest::newRow("default-ignorable code points not yet assigned")
        << QStringLiteral("a") + fromUcs4({0xE0080, 0xE0FFF}) + QStringLiteral("\uFFF0\u17B4")
        << QStringList{QStringLiteral("invisible 0:1+2 U+E0080"), QStringLiteral("invisible 0:3+2 U+E0FFF"),
                       QStringLiteral("invisible 0:5+1 U+FFF0"), QStringLiteral("invisible 0:6+1 U+17B4")};
    // Python decodes a file that declares another encoding with that codec: with unicode_escape
    // the "\n" inside the comment is a line break and the print runs; the review shows a comment.
    QTest::newRow("unicode_escape declaration")
        << QStringLiteral("# coding: unicode_escape\n# note \\nprint('hidden')\n")
        << QStringList{QStringLiteral("encoding 0:2+22")};
    QTest::newRow("vim and emacs forms, any line")
        << QStringLiteral("import os\n\n# vim: set fileencoding=utf-7 :\nx = 1  # -*- coding: latin-1 -*-\n")
        << QStringList{QStringLiteral("encoding 2:17+12"), QStringLiteral("encoding 3:13+15")};
    QTest::newRow("after a BOM") << QStringLiteral("\uFEFF# coding=utf-7\n")
                                 << QStringList{QStringLiteral("invisible 0:0+1 U+FEFF"),
                                                QStringLiteral("encoding 0:3+12")};
    QTest::newRow("line numbers past a U+2028")
        << QStringLiteral("a\u2028b\n# coding: utf-7")
        << QStringList{QStringLiteral("separator 0:1+1 U+2028"), QStringLiteral("encoding 2:2+13")};
    QTest::newRow("UTF-8 declarations are fine")
        << QStringLiteral("# -*- coding: utf-8 -*-\n# vim: fileencoding=UTF8\n# coding=utf_8_sig\n")
        << QStringList();
    QTest::newRow("line of exactly the limit") << QString(200, QLatin1Char('x')) << QStringList();
    QTest::newRow("long line: the tail past the limit")
        << QStringLiteral("short\n") + QString(250, QLatin1Char('x')) + QStringLiteral("\r\nend")
        << QStringList{QStringLiteral("long 1:200+50 of 250"), QStringLiteral("crlf 1:250+2 U+000D")};
    QTest::newRow("long line counts code points")
        << QString(199, QLatin1Char('x')) + fromUcs4({0x1F600, 0x1F600})
        << QStringList{QStringLiteral("long 0:201+2 of 201")};
}

void TestHiddenText::findings()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    const HiddenText::Report report = HiddenText::scan(text);
    QCOMPARE(describe(report), expected);
    QCOMPARE(report.total(), expected.size());
    QCOMPARE(report.isEmpty(), expected.isEmpty());
    QVERIFY(!report.truncated);
    int counted = 0;
    for (int kind = 0; kind < HiddenText::KindCount; ++kind)
        counted += report.count(HiddenText::Kind(kind));
    QCOMPARE(counted, expected.size());
}

void TestHiddenText::offsetsPointAtTheCharacters()
{
    const QString text = QStringLiteral("a\r\nb\u202Ec\n\u200B");
    const HiddenText::Report report = HiddenText::scan(text);
    QCOMPARE(report.findings.size(), 3);
    QCOMPARE(report.findings.at(0).offset, 1);
    QCOMPARE(text.mid(report.findings.at(0).offset, report.findings.at(0).length), QStringLiteral("\r\n"));
    QCOMPARE(text.at(report.findings.at(1).offset), QChar(0x202E));
    QCOMPARE(text.at(report.findings.at(2).offset), QChar(0x200B));
    QCOMPARE(report.findings.at(2).line, 2);
    QCOMPARE(report.count(HiddenText::BidiControl), 1);
    QCOMPARE(report.count(HiddenText::Invisible), 1);
    QCOMPARE(report.count(HiddenText::CrLfLineEnd), 1);
    QCOMPARE(report.longestLine, 3);
}

void TestHiddenText::countsStayExactPastTheFindingsCap()
{
    const QString text(HiddenText::MaxFindings * 2, QChar(u'\0'));
    const HiddenText::Report report = HiddenText::scan(text);
    QCOMPARE(report.count(HiddenText::ControlCharacter), HiddenText::MaxFindings * 2);
    QCOMPARE(report.findings.size(), HiddenText::MaxFindings);
    QVERIFY(report.truncated);
    QCOMPARE(report.count(HiddenText::LongLine), 1);
}

void TestHiddenText::longLineLimitIsAParameter()
{
    const HiddenText::Report report = HiddenText::scan(QStringLiteral("abcdef\nabc"), 4);
    QCOMPARE(describe(report), QStringList{QStringLiteral("long 0:4+2 of 6")});
    QCOMPARE(report.longLineLimit, 4);
    QCOMPARE(report.longestLine, 6);
}

void TestHiddenText::markerLabels()
{
    QCOMPARE(HiddenText::markerLabel(0x202E), QStringLiteral("RLO"));
    QCOMPARE(HiddenText::markerLabel(0x2067), QStringLiteral("RLI"));
    QCOMPARE(HiddenText::markerLabel(0x0000), QStringLiteral("NUL"));
    QCOMPARE(HiddenText::markerLabel(0x200B), QStringLiteral("ZWSP"));
    QCOMPARE(HiddenText::markerLabel(0x00A0), QStringLiteral("NBSP"));
    QCOMPARE(HiddenText::markerLabel(0xFE0F), QStringLiteral("VS16"));
    QCOMPARE(HiddenText::markerLabel(0xE0100), QStringLiteral("VS17"));
    QCOMPARE(HiddenText::markerLabel(0xE0041), QStringLiteral("TAG A"));
    QCOMPARE(HiddenText::markerLabel(0xE0001), QStringLiteral("U+E0001"));
    QCOMPARE(HiddenText::markerLabel(0x0090), QStringLiteral("U+0090"));
    QCOMPARE(HiddenText::markerLabel(0xD800), QStringLiteral("U+D800"));
}

void TestHiddenText::whatNeedsAMarker()
{
    for (char32_t c : {U'\r', char32_t(0x2028), char32_t(0x2029), char32_t(0xFFFC), char32_t(0xFDD0),
                       char32_t(0xFDD1), char32_t(0x202E), char32_t(0x00A0), char32_t(0), char32_t(0x200D)})
        QVERIFY2(HiddenText::needsMarker(c), qPrintable(QString::number(uint(c), 16)));
    for (char32_t c : {U'\t', U'\n', U'a', U' ', char32_t(0x0430), char32_t(0x00E9), char32_t(0x1F600)})
        QVERIFY2(!HiddenText::needsMarker(c), qPrintable(QString::number(uint(c), 16)));
    QVERIFY(HiddenText::looksLikeAscii(0x0430));
    QVERIFY(!HiddenText::looksLikeAscii(0x043F));
}

// Titles, questions and names are shown as text, so what hides in them is written out by name.
void TestHiddenText::revealedInlineNamesWhatHides()
{
    const QString rlo = QString(QChar(0x202E));
    QCOMPARE(HiddenText::revealedInline(QStringLiteral("safe") + rlo + QStringLiteral("txt.exe")),
             QStringLiteral("safe\u27E6RLO\u27E7txt.exe"));
    QCOMPARE(HiddenText::revealedInline(QStringLiteral("a\u200Bb")), QStringLiteral("a\u27E6ZWSP\u27E7b"));
    // A tag character (outside the BMP) is one marker, named by the letter it smuggles.
    QCOMPARE(HiddenText::revealedInline(QStringLiteral("x") + QString::fromUcs4(U"\U000E0061")),
             QStringLiteral("x\u27E6TAG a\u27E7"));
    // Ordinary text, line feeds and tabs, and non-Latin letters are left alone.
    const QString plain = QStringLiteral("Check whether\n\tthe user is an admin? Привет");
    QCOMPARE(HiddenText::revealedInline(plain), plain);
}

// The kinds that stop a standing rule (Rules.cpp): they can hide code or change what an
// interpreter reads; the others only warn.
void TestHiddenText::whatCanHideCode()
{
    for (const HiddenText::Kind kind :
         {HiddenText::BidiControl, HiddenText::Invisible, HiddenText::ControlCharacter,
          HiddenText::LoneCarriageReturn, HiddenText::LineSeparator, HiddenText::EncodingDeclaration})
        QVERIFY2(HiddenText::canHideCode(kind), qPrintable(kindName(kind)));
    for (const HiddenText::Kind kind :
         {HiddenText::CrLfLineEnd, HiddenText::UnusualSpace, HiddenText::NonAsciiInIdentifier,
          HiddenText::RightToLeftText, HiddenText::LongLine})
        QVERIFY2(!HiddenText::canHideCode(kind), qPrintable(kindName(kind)));
    QVERIFY(
        !HiddenText::firstHidingFinding(HiddenText::scan(QStringLiteral("x = 1\r\n") + QString(300, u'y')))
             .has_value());
    const auto found = HiddenText::firstHidingFinding(
        HiddenText::scan(QStringLiteral("x = 'caf\u00e9'\n# coding: utf-7\nok = '\u202E'\n")));
    QVERIFY(found.has_value());
    QCOMPARE(found->kind, HiddenText::EncodingDeclaration);
    QCOMPARE(found->line, 1);
}

QTEST_GUILESS_MAIN(TestHiddenText)
#include "tst_hiddentext.moc"
