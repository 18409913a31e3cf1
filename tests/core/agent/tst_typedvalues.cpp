// SPDX-License-Identifier: Apache-2.0
// Methods, decisions and who decided: strings on the wire and in the ledger, enums inside the app,
// converted in one place each (agent/request/Request.h, agent/request/RequestEnd.h).
#include "agent/request/Request.h"
#include "agent/request/RequestEnd.h"
#include "agent/review/DecisionNotice.h"
#include "agent/review/InboxModel.h"
#include "agent/rules/Rules.h"

#include <QFile>
#include <QTemporaryDir>
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
        notice.method = Method::Run;
        notice.sandbox = QStringLiteral("box1");
        notice.decision = DecisionKind::Edit;
        QCOMPARE(notice.headline(), QStringLiteral("Approved by rule r: run in box1"));
        notice.decision = DecisionKind::Reject;
        QCOMPARE(notice.headline(), QStringLiteral("Rejected by rule r: run in box1"));
        notice.method = Method::Review;
        notice.decision = DecisionKind::Approve;
        QCOMPARE(notice.headline(), QStringLiteral("Approved by rule r: review"));
    }

    // rules.json spells a rule's decision as the person's; only approve and reject are rules.
    void ruleDecisionsRoundTrip()
    {
        for (Rule::Decision decision : {Rule::Decision::Approve, Rule::Decision::Reject})
            QCOMPARE(RuleSet::decisionFrom(RuleSet::decisionName(decision)), std::optional(decision));
        QCOMPARE(RuleSet::decisionName(Rule::Decision::Approve), decisionName(DecisionKind::Approve));
        QCOMPARE(RuleSet::decisionName(Rule::Decision::Reject), decisionName(DecisionKind::Reject));
        QVERIFY(!RuleSet::decisionFrom(decisionName(DecisionKind::Edit)));
        QVERIFY(!RuleSet::decisionFrom(decisionName(DecisionKind::Respond)));
        QVERIFY(!RuleSet::decisionFrom(QStringLiteral("Approve")));
        QVERIFY(!RuleSet::decisionFrom(QString()));
    }

    // A rule's method goes into rules.json by its wire name and comes back as the enum; an empty
    // "method" names none, as an absent one.
    void ruleMethodsThroughTheFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rules.json"));
        RuleSet rules;
        QString error;
        for (Method method : {Method::Review, Method::Run}) {
            Rule rule;
            rule.name = QStringLiteral("no-") + methodName(method);
            rule.decision = Rule::Decision::Reject;
            rule.method = method;
            QVERIFY2(rules.add(rule, &error), qPrintable(error));
        }
        QVERIFY2(rules.save(path, &error), qPrintable(error));
        RuleSet loaded;
        QVERIFY2(loaded.load(path, false, &error), qPrintable(error));
        QCOMPARE(loaded.rules().size(), 2);
        QCOMPARE(loaded.rules().at(0).method, std::optional(Method::Review));
        QCOMPARE(loaded.rules().at(1).method, std::optional(Method::Run));

        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(R"({"rules": [{"name": "x", "decision": "reject", "agent": "a", "method": ""}]})");
        file.close();
        QVERIFY2(loaded.load(path, false, &error), qPrintable(error));
        QCOMPARE(loaded.rules().size(), 1);
        QVERIFY(!loaded.rules().at(0).method);
    }

    // The history reads the ledger's method back through methodFrom(); every method has words.
    void everyMethodHasWords()
    {
        for (Method method : {Method::Review, Method::Run}) {
            QVERIFY(!InboxModel::methodText(method).isEmpty());
            QVERIFY(!InboxModel::methodDescription(method).isEmpty());
        }
        QVERIFY(InboxModel::methodText(Method::Run) != InboxModel::methodText(Method::Review));
    }
};

QTEST_GUILESS_MAIN(TestTypedValues)
#include "tst_typedvalues.moc"
