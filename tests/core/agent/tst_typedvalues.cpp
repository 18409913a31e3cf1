// SPDX-License-Identifier: Apache-2.0
// Methods, decisions and who decided: strings on the wire and in the ledger, enums inside the app,
// converted in one place each (agent/Request.h, agent/RequestEnd.h).
#include "agent/DecisionNotice.h"
#include "agent/Request.h"
#include "agent/RequestEnd.h"

#include <QTest>

using namespace k8::agent;

class TestTypedValues : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void methodsRoundTrip()
    {
        for (Method method : {Method::Review, Method::Run})
            QCOMPARE(methodFrom(methodName(method)), std::optional(method));
        QCOMPARE(methodName(Method::Run), QStringLiteral("run"));
        QCOMPARE(methodName(Method::Review), QStringLiteral("review"));
        // The wire spelling only: no case folding, no other methods.
        QVERIFY(!methodFrom(QStringLiteral("Run")));
        QVERIFY(!methodFrom(QStringLiteral("ping")));
        QVERIFY(!methodFrom(QString()));
    }

    void decisionsRoundTrip()
    {
        for (DecisionKind kind :
             {DecisionKind::Approve, DecisionKind::Edit, DecisionKind::Reject, DecisionKind::Respond})
            QCOMPARE(decisionKindFrom(decisionName(kind)), std::optional(kind));
        // A ledger entry of several actions names several decisions: none of them alone.
        QVERIFY(!decisionKindFrom(QStringLiteral("approve, reject")));
        QVERIFY(!decisionKindFrom(QStringLiteral("unknown")));
        QVERIFY(goesAhead(DecisionKind::Approve));
        QVERIFY(goesAhead(DecisionKind::Edit));
        QVERIFY(!goesAhead(DecisionKind::Reject));
        QVERIFY(!goesAhead(DecisionKind::Respond));
    }

    void noticeCausesFollowRequestEnd_data()
    {
        QTest::addColumn<QString>("decidedBy");
        QTest::addColumn<bool>("notice");
        QTest::addColumn<int>("cause");
        QTest::addColumn<QString>("ruleName");
        QTest::newRow("person") << QStringLiteral("person") << false << 0 << QString();
        QTest::newRow("rule") << QStringLiteral("rule:no-runs") << true << int(DecisionNotice::Cause::Rule)
                              << QStringLiteral("no-runs");
        QTest::newRow("timeout") << QStringLiteral("timeout") << true << int(DecisionNotice::Cause::Timeout)
                                 << QString();
        QTest::newRow("withdrawn") << QStringLiteral("withdrawn") << true
                                   << int(DecisionNotice::Cause::Withdrawn) << QString();
        QTest::newRow("shutdown") << QStringLiteral("shutdown") << true
                                  << int(DecisionNotice::Cause::Shutdown) << QString();
        QTest::newRow("other") << QStringLiteral("ruler") << false << 0 << QString();
    }

    void noticeCausesFollowRequestEnd()
    {
        QFETCH(QString, decidedBy);
        QFETCH(bool, notice);
        QFETCH(int, cause);
        QFETCH(QString, ruleName);
        DecisionNotice::Cause got = DecisionNotice::Cause::Rule;
        QString gotRule = QStringLiteral("left over");
        QCOMPARE(DecisionNotice::causeFromDecidedBy(decidedBy, &got, &gotRule), notice);
        if (notice)
            QCOMPARE(int(got), cause);
        QCOMPARE(gotRule, ruleName);
    }

    // The headline reads the ledger's decision and method through their enums.
    void ruleHeadlines()
    {
        DecisionNotice notice;
        notice.cause = DecisionNotice::Cause::Rule;
        notice.ruleName = QStringLiteral("r");
        notice.method = methodName(Method::Run);
        notice.sandbox = QStringLiteral("box1");
        notice.decision = decisionName(DecisionKind::Edit);
        QCOMPARE(notice.headline(), QStringLiteral("Approved by rule r: run in box1"));
        notice.decision = decisionName(DecisionKind::Reject);
        QCOMPARE(notice.headline(), QStringLiteral("Rejected by rule r: run in box1"));
        notice.method = methodName(Method::Review);
        notice.decision = decisionName(DecisionKind::Approve);
        QCOMPARE(notice.headline(), QStringLiteral("Approved by rule r: review"));
    }
};

QTEST_GUILESS_MAIN(TestTypedValues)
#include "tst_typedvalues.moc"
