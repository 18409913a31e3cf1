// SPDX-License-Identifier: Apache-2.0
// kosa8::percentInLine: the progress a line of kosa8 output reports, or -1.
#include "kosa8/OutputProgress.h"

#include <QtTest>

class TestOutputProgress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsThePercentage_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("percent");
        QTest::newRow("plain") << QStringLiteral("Pulling python:3.12-slim: 45%") << 45;
        QTest::newRow("bar with decimals") << QStringLiteral("[=====>   ] 45.5 %") << 45;
        QTest::newRow("last one counts") << QStringLiteral("layer 2/3 40% total 75%") << 75;
        QTest::newRow("complete") << QStringLiteral("done 100%") << 100;
        QTest::newRow("none") << QStringLiteral("Extracting layers") << -1;
        QTest::newRow("over a hundred is not progress") << QStringLiteral("CPU 250%") << -1;
        QTest::newRow("empty") << QString() << -1;
    }
    void readsThePercentage()
    {
        QFETCH(QString, line);
        QFETCH(int, percent);
        QCOMPARE(k8::kosa8::percentInLine(line), percent);
    }
};

QTEST_GUILESS_MAIN(TestOutputProgress)
#include "tst_outputprogress.moc"
