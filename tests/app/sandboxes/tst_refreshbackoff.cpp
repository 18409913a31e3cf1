// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/RefreshBackoff.h"

#include <QtTest>

using k8::app::RefreshBackoff;

class TestRefreshBackoff : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void normalIntervalWhileKosa8Answers()
    {
        RefreshBackoff backoff(10'000);
        QCOMPARE(backoff.recordSuccess(), 10'000);
        QCOMPARE(backoff.recordSuccess(), 10'000);
        QCOMPARE(backoff.consecutiveFailures(), 0);
    }

    void failuresDoubleUpToTwoMinutes()
    {
        RefreshBackoff backoff(10'000);
        QList<int> delays;
        for (int i = 0; i < 8; ++i)
            delays << backoff.recordFailure();
        QCOMPARE(delays, (QList<int>{5'000, 10'000, 20'000, 40'000, 80'000, 120'000, 120'000, 120'000}));
        QCOMPARE(backoff.consecutiveFailures(), 8);
    }

    void successResetsTheBackoff()
    {
        RefreshBackoff backoff(10'000);
        backoff.recordFailure();
        backoff.recordFailure();
        QCOMPARE(backoff.recordSuccess(), 10'000);
        QCOMPARE(backoff.recordFailure(), 5'000);
    }
};

QTEST_GUILESS_MAIN(TestRefreshBackoff)
#include "tst_refreshbackoff.moc"
