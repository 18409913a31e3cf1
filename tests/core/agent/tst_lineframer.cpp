// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/LineFramer.h"
#include "support/Waits.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using k8::agent::LineFramer;

class TestLineFramer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splitsSeveralLinesInOneChunk()
    {
        LineFramer framer;
        const LineFramer::Result result = framer.feed("{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n");
        QCOMPARE(result.lines, (QList<QByteArray>{"{\"a\":1}", "{\"b\":2}", "{\"c\":3}"}));
        QVERIFY(!result.tooLong);
        QVERIFY(!framer.hasPartialLine());
    }

    void joinsPartialReads()
    {
        LineFramer framer;
        QVERIFY(framer.feed("{\"jsonrpc\":").lines.isEmpty());
        QVERIFY(framer.hasPartialLine());
        QVERIFY(framer.feed("\"2.0\",").lines.isEmpty());
        const LineFramer::Result result = framer.feed("\"id\":1}\n{\"x\"");
        QCOMPARE(result.lines, QList<QByteArray>{"{\"jsonrpc\":\"2.0\",\"id\":1}"});
        QCOMPARE(framer.partialLineBytes(), qint64(4));
        QCOMPARE(framer.feed(":1}\n").lines, QList<QByteArray>{"{\"x\":1}"});
        QVERIFY(!framer.hasPartialLine());
    }

    void bytesOneByOne()
    {
        LineFramer framer;
        const QByteArray stream = "{\"k\":\"v\"}\n\n{\"n\":7}\n";
        QList<QByteArray> lines;
        for (char c : stream)
            lines += framer.feed(QByteArray(1, c)).lines;
        QCOMPARE(lines, (QList<QByteArray>{"{\"k\":\"v\"}", "{\"n\":7}"}));
    }

    void ignoresBlankLines()
    {
        LineFramer framer;
        const LineFramer::Result result = framer.feed("\n\n  \n\r\n\t\n{\"a\":1}\r\n\n");
        QCOMPARE(result.lines, QList<QByteArray>{"{\"a\":1}\r"});
    }

    void completeLineOverTheLimit()
    {
        LineFramer framer;
        framer.setMaxLineBytes(16);
        const LineFramer::Result result =
            framer.feed("{\"ok\":1}\n" + QByteArray(20, 'x') + "\n{\"later\":1}\n");
        QCOMPARE(result.lines, QList<QByteArray>{"{\"ok\":1}"}); // the line before still counts
        QVERIFY(result.tooLong);
        QCOMPARE(result.tooLongSize, qint64(20));
        QVERIFY(!result.sizeIsLowerBound);
        QVERIFY(framer.hasFailed());
        const QString message = LineFramer::tooLongMessage(result, 16);
        QVERIFY2(message.contains(QLatin1String("20")) && message.contains(QLatin1String("16")),
                 qPrintable(message));
        // After the failure nothing more is framed.
        QVERIFY(framer.feed("{\"a\":1}\n").lines.isEmpty());
    }

    void unfinishedLineOverTheLimit()
    {
        LineFramer framer;
        framer.setMaxLineBytes(1000);
        QVERIFY(!framer.feed(QByteArray(600, 'a')).tooLong);
        const LineFramer::Result result = framer.feed(QByteArray(600, 'a'));
        QVERIFY(result.tooLong);
        QVERIFY(result.sizeIsLowerBound);
        QCOMPARE(result.tooLongSize, qint64(1200));
        const QString message = LineFramer::tooLongMessage(result, 1000);
        QVERIFY2(message.contains(QLatin1String("1200")) && message.contains(QLatin1String("1000")),
                 qPrintable(message));
    }

    void lineExactlyAtTheLimitPasses()
    {
        LineFramer framer;
        framer.setMaxLineBytes(10);
        const LineFramer::Result result = framer.feed(QByteArray(10, 'y') + '\n');
        QVERIFY(!result.tooLong);
        QCOMPARE(result.lines, QList<QByteArray>{QByteArray(10, 'y')});
    }

    // A line of megabytes sent in many chunks comes out whole; the framer keeps nothing of it
    // (it is handed over, not copied), and the next line is framed as usual.
    void largeLineInChunksIsHandedOverWhole()
    {
        LineFramer framer;
        const QByteArray big = QByteArray("0123456789abcdef").repeated(256 * 1024); // 4 MiB
        LineFramer::Result result;
        for (qsizetype at = 0; at < big.size(); at += 64 * 1024)
            QVERIFY(framer.feed(big.mid(at, 64 * 1024)).lines.isEmpty());
        result = framer.feed("\n");
        QCOMPARE(result.lines.size(), 1);
        QCOMPARE(result.lines.first(), big);
        QVERIFY(!framer.hasPartialLine());
        result = framer.feed("{\"a\":1}\n{\"b\":");
        QCOMPARE(result.lines, QList<QByteArray>{"{\"a\":1}"});
        QCOMPARE(framer.partialLineBytes(), 5);
        result = framer.feed(big + "2}\n");
        QCOMPARE(result.lines.size(), 1);
        QCOMPARE(result.lines.first(), "{\"b\":" + big + "2}");
    }

    void defaultLimitIsEightMiB()
    {
        LineFramer framer;
        QCOMPARE(framer.maxLineBytes(), qint64(8 * 1024 * 1024));
        QCOMPARE(framer.idleTimeoutMs(), 30'000);
    }

    void idleInTheMiddleOfALine()
    {
        LineFramer framer;
        framer.setIdleTimeoutMs(100);
        QSignalSpy idle(&framer, &LineFramer::idleTimeout);
        framer.feed("{\"half\":");
        QVERIFY(idle.wait(k8::test::waits::InProcess));
        QCOMPARE(idle.count(), 1);
    }

    void noIdleTimeoutBetweenLines()
    {
        LineFramer framer;
        framer.setIdleTimeoutMs(50);
        QSignalSpy idle(&framer, &LineFramer::idleTimeout);
        // A peer that sends whole lines and then waits is fine, however long it waits.
        framer.feed("{\"whole\":1}\n");
        QVERIFY(!idle.wait(300));
        QCOMPARE(idle.count(), 0);
    }

    // The clock runs from the first byte of a line: a peer that dribbles a byte every 100 ms
    // does not keep it open past the timeout (issue 7, finding 9).
    void dribbleDoesNotKeepTheLineAlive()
    {
        LineFramer framer;
        framer.setIdleTimeoutMs(600);
        QSignalSpy idle(&framer, &LineFramer::idleTimeout);
        QElapsedTimer clock;
        clock.start();
        framer.feed("{");
        QTimer feeder;
        connect(&feeder, &QTimer::timeout, this, [&] { framer.feed("\"a\":1,"); });
        feeder.start(100);
        QVERIFY(idle.wait(k8::test::waits::InProcess));
        feeder.stop();
        QVERIFY2(clock.elapsed() >= 600 - 50 && clock.elapsed() < 1500,
                 qPrintable(QString::number(clock.elapsed())));
    }

    // A line that ends restarts the clock for the next one.
    void eachLineGetsItsOwnClock()
    {
        LineFramer framer;
        framer.setIdleTimeoutMs(600);
        QSignalSpy idle(&framer, &LineFramer::idleTimeout);
        framer.feed("{\"a\":");
        QElapsedTimer clock;
        QTimer::singleShot(400, this, [&] {
            clock.start();
            QCOMPARE(framer.feed("1}\n{\"b\":").lines.size(), 1); // ends the first, begins the second
        });
        QVERIFY(idle.wait(k8::test::waits::InProcess));
        QVERIFY2(clock.isValid() && clock.elapsed() >= 600 - 50,
                 qPrintable(QString::number(clock.elapsed())));
    }
};

QTEST_GUILESS_MAIN(TestLineFramer)
#include "tst_lineframer.moc"
