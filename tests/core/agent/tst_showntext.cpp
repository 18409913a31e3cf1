// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/ShownText.h"

#include <QTest>

using k8::agent::ShownText;

class TestShownText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aShortTextIsShownWholeAndShared()
    {
        const QString text = QStringLiteral("print(1)\nprint(2)\n");
        const ShownText shown = ShownText::of(text);
        QVERIFY(!shown.isPartial());
        QCOMPARE(shown.shown(), text);
        QVERIFY(shown.shown().constData() == text.constData()); // no copy of a text shown whole
        QCOMPARE(shown.totalLines(), 3);
        QCOMPARE(shown.shownLines(), 3);
        QVERIFY(shown.notShownText().isEmpty());
    }

    void manyLinesAreCutAtTheLineLimit()
    {
        QString text;
        for (int i = 0; i < 10; ++i)
            text += QStringLiteral("line %1\n").arg(i);
        text += QStringLiteral("last");
        const ShownText shown = ShownText::of(text, 4, 1000);
        QVERIFY(shown.isPartial());
        QCOMPARE(shown.shown(), QStringLiteral("line 0\nline 1\nline 2\nline 3\n"));
        QCOMPARE(shown.shownLines(), 4);
        QCOMPARE(shown.totalLines(), 11);
        QCOMPARE(shown.totalChars(), text.size());
        QCOMPARE(shown.notShownText(),
                 QStringLiteral("Showing the first 4 of 11 lines: the rest is not shown."));
    }

    void everyLineEndTheEditorBreaksAtCounts()
    {
        // "\r\n" is one line end; a lone "\r", U+2028 and U+2029 are line ends too (HiddenText).
        const QString text = QStringLiteral("a\r\nb\rc") + QChar(0x2028) + QStringLiteral("d") +
                             QChar(0x2029) + QStringLiteral("e\nf");
        const ShownText whole = ShownText::of(text, 100, 1000);
        QCOMPARE(whole.totalLines(), 6);
        const ShownText cut = ShownText::of(text, 2, 1000);
        QCOMPARE(cut.shown(), QStringLiteral("a\r\nb\r"));
        QCOMPARE(cut.totalLines(), 6);
    }

    void oneHugeLineIsCutAtTheCharacterLimitNeverInASurrogatePair()
    {
        QString text(99, QLatin1Char('x'));
        text += QString::fromUcs4(U"\U0001F600"); // characters 99 and 100: a surrogate pair
        text += QString(50, QLatin1Char('y'));
        const ShownText shown = ShownText::of(text, 5000, 100);
        QVERIFY(shown.isPartial());
        QCOMPARE(shown.shown(), QString(99, QLatin1Char('x')));
        QCOMPARE(shown.shownLines(), 1);
        QCOMPARE(shown.totalLines(), 1);
        QCOMPARE(
            shown.notShownText(),
            QStringLiteral("Showing the first 99 of 151 characters (line 1 of 1): the rest is not shown."));
    }

    void theCharacterLimitEndsAtALineEndNearIt()
    {
        QString text;
        for (int i = 0; i < 100; ++i)
            text += QStringLiteral("0123456789\n"); // 11 characters a line
        const ShownText shown = ShownText::of(text, 5000, 100);
        QVERIFY(shown.isPartial());
        QCOMPARE(shown.shown().size(), 99); // 9 whole lines
        QVERIFY(shown.shown().endsWith(QLatin1Char('\n')));
        QCOMPARE(shown.shownLines(), 9);
        QCOMPARE(shown.totalLines(), 101);
    }

    void millionsOfLinesAreCountedQuickly()
    {
        // The size a review may carry: about four million lines. Counting stays one pass.
        const QString text = QStringLiteral("1,\n").repeated(4'000'000);
        const ShownText shown = ShownText::of(text);
        QVERIFY(shown.isPartial());
        QCOMPARE(shown.shownLines(), ShownText::DefaultMaxLines);
        QCOMPARE(shown.totalLines(), 4'000'001);
        QCOMPARE(shown.shown().size(), 3 * ShownText::DefaultMaxLines);
        QCOMPARE(shown.notShownText(),
                 QStringLiteral("Showing the first 5,000 of 4,000,001 lines: the rest is not shown."));
    }
};

QTEST_GUILESS_MAIN(TestShownText)
#include "tst_showntext.moc"
