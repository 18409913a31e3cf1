// SPDX-License-Identifier: Apache-2.0
#include "kosa8/CodingDeclaration.h"

#include <QTest>

using namespace Qt::StringLiterals;
using k8::kosa8::CodingDeclaration;

// What Python honours (line 1 or 2 of a program it reads from a file or standard input) and what
// the review warns about (anything that looks like a declaration, on any line).
class TestCodingDeclaration : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void utf8Names_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("utf8");
        for (const char* name : {"utf-8", "UTF-8", "utf_8", "utf8", "UTF8", "u8", "utf", "cp65001",
                                 "utf-8-sig", "utf_8_sig", "utf8_ucs4"})
            QTest::newRow(name) << QString::fromLatin1(name) << true;
        for (const char* name : {"utf-7", "unicode_escape", "raw_unicode_escape", "latin-1", "iso-8859-1",
                                 "utf-16", "utf8-sig", "cp1252", "ascii", "rot13", "utf-8x"})
            QTest::newRow(name) << QString::fromLatin1(name) << false;
    }
    void utf8Names()
    {
        QFETCH(QString, name);
        QFETCH(bool, utf8);
        QCOMPARE(CodingDeclaration::namesUtf8(name), utf8);
    }

    void honoured_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("line"); // -1: none honoured
        QTest::addColumn<QString>("name");
        QTest::newRow("line 1") << u"# coding: unicode_escape\nprint(1)\n"_s << 0 << u"unicode_escape"_s;
        QTest::newRow("equals") << u"#coding=utf-7\n"_s << 0 << u"utf-7"_s;
        QTest::newRow("emacs") << u"# -*- coding: raw_unicode_escape -*-\n"_s << 0 << u"raw_unicode_escape"_s;
        QTest::newRow("vim after a shebang")
            << u"#!/usr/bin/python3\n# vim: set fileencoding=utf-7 :\n"_s << 1 << u"utf-7"_s;
        QTest::newRow("indented, form feed") << u" \f\t# coding:\tlatin-1\n"_s << 0 << u"latin-1"_s;
        QTest::newRow("after a BOM") << u"\ufeff# coding: latin-1\n"_s << 0 << u"latin-1"_s;
        QTest::newRow("CR line end") << u"# a\r# coding: utf-7\r"_s << 1 << u"utf-7"_s;
        QTest::newRow("CRLF line end") << u"# a\r\n# coding: utf-7\r\n"_s << 1 << u"utf-7"_s;
        QTest::newRow("upper case") << u"# CODING: utf-7\n"_s << 0 << u"utf-7"_s;
        QTest::newRow("utf-8 is fine") << u"# -*- coding: utf-8 -*-\n"_s << -1 << QString();
        QTest::newRow("utf8 alias is fine") << u"# coding=utf8\n"_s << -1 << QString();
        QTest::newRow("line 3 is not read") << u"#\n#\n# coding: utf-7\n"_s << -1 << QString();
        QTest::newRow("not a comment") << u"coding = 'utf-7'\n"_s << -1 << QString();
        QTest::newRow("keyword argument") << u"open(p, encoding='utf-16')\n"_s << -1 << QString();
        QTest::newRow("empty") << QString() << -1 << QString();
    }
    void honoured()
    {
        QFETCH(QString, code);
        QFETCH(int, line);
        QFETCH(QString, name);
        const auto found = CodingDeclaration::honoured(code);
        QCOMPARE(found.has_value(), line >= 0);
        if (!found)
            return;
        QCOMPARE(found->line, line);
        QCOMPARE(found->name, name);
        QVERIFY(code.mid(found->offset, found->length).startsWith(u"coding"_s, Qt::CaseInsensitive));
        QVERIFY(code.mid(found->offset, found->length).endsWith(name));
    }

    void lookalikes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QList<int>>("lines");
        QTest::newRow("line 3 counts here")
            << u"x = 1\ny = 2\n# coding: utf-7\n"_s << QStringList{u"utf-7"_s} << QList<int>{2};
        QTest::newRow("after code on a line")
            << u"x = 1  # vim: fileencoding=latin-1\n"_s << QStringList{u"latin-1"_s} << QList<int>{0};
        // A tool's argument as the review shows it: JSON, the code's line breaks written "\n".
        QTest::newRow("inside a JSON string")
            << u"{\"content\": \"# note\\n# coding: unicode_escape\\n# \\\\nprint(1)\"}"_s
            << QStringList{u"unicode_escape"_s} << QList<int>{0};
        QTest::newRow("two") << u"# coding: utf-7\n\n# -*- coding: rot13 -*-\n"_s
                             << QStringList{u"utf-7"_s, u"rot13"_s} << QList<int>{0, 2};
        QTest::newRow("utf-8 is fine") << u"# -*- coding: utf-8 -*-\n"_s << QStringList() << QList<int>();
        QTest::newRow("no hash before it") << u"f(encoding=enc)\n"_s << QStringList() << QList<int>();
        QTest::newRow("hash after it") << u"f(encoding=enc)  # read it\n"_s << QStringList() << QList<int>();
        QTest::newRow("nothing") << u"print(1)\n"_s << QStringList() << QList<int>();
    }
    void lookalikes()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, names);
        QFETCH(QList<int>, lines);
        QStringList foundNames;
        QList<int> foundLines;
        for (const CodingDeclaration::Match& match : CodingDeclaration::lookalikes(text)) {
            foundNames.append(match.name);
            foundLines.append(match.line);
            QVERIFY(text.mid(match.offset, match.length).startsWith(u"coding"_s));
        }
        QCOMPARE(foundNames, names);
        QCOMPARE(foundLines, lines);
    }
};

QTEST_GUILESS_MAIN(TestCodingDeclaration)
#include "tst_codingdeclaration.moc"
