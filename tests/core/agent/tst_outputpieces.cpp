// SPDX-License-Identifier: Apache-2.0
// Run output is handed on in bounded pieces: sizes in UTF-8 and cuts that never split a character.
#include "agent/OutputPieces.h"

#include <QTest>

using namespace k8::agent;

class TestOutputPieces : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void utf8SizeMatchesToUtf8()
    {
        const QString text = QStringLiteral("a\u00e9\u4e16\U0001F600z");
        QCOMPARE(utf8Size(text), text.toUtf8().size());
        QCOMPARE(utf8Size(QString()), 0);
    }

    void piecesAreBoundedAndJoinBack_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("limit");
        QTest::newRow("ascii, no newline") << QString(100000, QLatin1Char('x')) << 16 * 1024;
        QTest::newRow("three-byte characters") << QString(20000, QChar(0x4e16)) << 16 * 1024;
        QString emoji;
        for (int i = 0; i < 9000; ++i)
            emoji += QStringLiteral("\U0001F600");
        QTest::newRow("surrogate pairs, odd limit") << emoji << 4097;
        QTest::newRow("mixed, tiny limit") << QStringLiteral("a\u00e9\U0001F600\u4e16b") << 4;
        QTest::newRow("short") << QStringLiteral("hello\n") << 16 * 1024;
    }

    void piecesAreBoundedAndJoinBack()
    {
        QFETCH(QString, text);
        QFETCH(int, limit);
        const QStringList pieces = splitUtf8Pieces(text, limit);
        QCOMPARE(pieces.join(QString()), text);
        for (const QString& piece : pieces) {
            QVERIFY(!piece.isEmpty());
            QVERIFY2(piece.toUtf8().size() <= limit, qPrintable(QString::number(piece.toUtf8().size())));
            // Never half a surrogate pair at either end.
            QVERIFY(!piece.back().isHighSurrogate());
            QVERIFY(!piece.front().isLowSurrogate());
        }
    }

    void emptyGivesNoPiece() { QVERIFY(splitUtf8Pieces(QString()).isEmpty()); }
};

QTEST_APPLESS_MAIN(TestOutputPieces)
#include "tst_outputpieces.moc"
