// SPDX-License-Identifier: Apache-2.0
// Reading what a LangGraph server says (agent/langgraph/LangGraphThreads.h), from responses the
// real server gave (recorded/README.md) and from hostile ones.
#include "agent/langgraph/LangGraphThreads.h"

#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "core/agent/langgraph/FakeLangGraphServer.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace k8::agent::langgraph;
using k8::test::recordedBody;

class TestLangGraphThreads : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void listingHoldsNoInterrupts();
    void threadsWithInterrupts();
    void twoParallelInterruptsAreTwo();
    void hitlMiddlewareValue();
    void oneThread();
    void resumedThreadHoldsNothing();
    void unusableResponses_data();
    void unusableResponses();
    void badEntriesAreSkippedAndCounted();
    void idsThatCouldReachAUrlAreRefused();
    void assistantFallsBackToGraph();
    void infoRunAndErrorDetail();
    void aNumberSpelledOtherwiseMarksTheInterrupts();
};

void TestLangGraphThreads::listingHoldsNoInterrupts()
{
    const ThreadsRead read = readThreadList(recordedBody(QStringLiteral("search_all")));
    QVERIFY(read.error.isEmpty());
    QCOMPARE(read.skipped, 0);
    QCOMPARE(read.threads.size(), 5);
    for (const LangGraphThread& thread : read.threads) {
        QCOMPARE(thread.status, QStringLiteral("interrupted"));
        QVERIFY(!thread.interruptsIncluded);
        QVERIFY(!thread.updatedAt.isEmpty());
        QCOMPARE(thread.assistantId.size(), 36); // langgraph-api keeps the assistant's UUID
    }
    // Newest first, as asked.
    QCOMPARE(read.threads.first().graphId, QStringLiteral("gate"));
    QCOMPARE(read.threads.at(1).graphId, QStringLiteral("hitl"));
    QVERIFY(read.threads.first().updatedAt > read.threads.last().updatedAt);
}

void TestLangGraphThreads::threadsWithInterrupts()
{
    const ThreadsRead read = readThreadList(recordedBody(QStringLiteral("interrupts_all")));
    QVERIFY(read.error.isEmpty());
    QCOMPARE(read.threads.size(), 5);
    int interrupts = 0;
    for (const LangGraphThread& thread : read.threads) {
        QVERIFY(thread.interruptsIncluded);
        interrupts += int(thread.interrupts.size());
        for (const PendingInterrupt& interrupt : thread.interrupts) {
            QCOMPARE(interrupt.threadId, thread.threadId);
            QCOMPARE(interrupt.graphId, thread.graphId);
            QCOMPARE(interrupt.assistantId, thread.assistantId);
            QCOMPARE(interrupt.threadUpdatedAt, thread.updatedAt);
            QCOMPARE(interrupt.interruptId.size(), 32);
            QCOMPARE(interrupt.valueSha256, k8::agent::sha256Hex(k8::agent::canonicalJson(interrupt.value)));
        }
    }
    QCOMPARE(interrupts, 6);
    const PendingInterrupt& newest = read.threads.first().interrupts.first();
    QCOMPARE(newest.value.toObject().value(QStringLiteral("question")).toString(),
             QStringLiteral("Run this code?"));
    QCOMPARE(newest.value.toObject().value(QStringLiteral("code")).toString(), QStringLiteral("print(2)"));
}

void TestLangGraphThreads::twoParallelInterruptsAreTwo()
{
    const ThreadsRead read = readThread(recordedBody(QStringLiteral("thread_parallel")));
    QVERIFY(read.error.isEmpty());
    const LangGraphThread& thread = read.threads.first();
    QCOMPARE(thread.graphId, QStringLiteral("parallel"));
    QCOMPARE(thread.interrupts.size(), 2);
    const PendingInterrupt& a = thread.interrupts.at(0);
    const PendingInterrupt& b = thread.interrupts.at(1);
    QVERIFY(a.interruptId != b.interruptId);
    QVERIFY(a.taskId != b.taskId); // one per branch, grouped by the task that raised it
    QVERIFY(a.valueSha256 != b.valueSha256);
    QVERIFY(!a.sameAs(b));

    // One resumed: the other is still there, the same interrupt.
    const ThreadsRead after = readThread(recordedBody(QStringLiteral("thread_parallel_one_resumed")));
    QCOMPARE(after.threads.first().status, QStringLiteral("interrupted"));
    QCOMPARE(after.threads.first().interrupts.size(), 1);
    const PendingInterrupt& left = after.threads.first().interrupts.first();
    QVERIFY(left.sameAs(a) || left.sameAs(b));
}

void TestLangGraphThreads::hitlMiddlewareValue()
{
    const ThreadsRead read = readThread(recordedBody(QStringLiteral("thread_hitl")));
    QVERIFY(read.error.isEmpty());
    QCOMPARE(read.threads.first().interrupts.size(), 1);
    const QJsonObject value = read.threads.first().interrupts.first().value.toObject();
    const QJsonObject action = value.value(QStringLiteral("action_requests")).toArray().first().toObject();
    QCOMPARE(action.value(QStringLiteral("name")).toString(), QStringLiteral("execute_python"));
    QCOMPARE(action.value(QStringLiteral("args")).toObject().value(QStringLiteral("code")).toString(),
             QStringLiteral("print(2 + 2)"));
    QCOMPARE(value.value(QStringLiteral("review_configs")).toArray().size(), 1);
}

void TestLangGraphThreads::oneThread()
{
    const ThreadsRead read = readThread(recordedBody(QStringLiteral("thread_gate")));
    QVERIFY(read.error.isEmpty());
    QCOMPARE(read.threads.size(), 1);
    QCOMPARE(read.threads.first().interrupts.size(), 1);
    QCOMPARE(
        read.threads.first().interrupts.first().value.toObject().value(QStringLiteral("code")).toString(),
        QStringLiteral("print(1)"));
}

void TestLangGraphThreads::resumedThreadHoldsNothing()
{
    const ThreadsRead read = readThread(recordedBody(QStringLiteral("thread_gate_resumed")));
    QVERIFY(read.error.isEmpty());
    QCOMPARE(read.threads.first().status, QStringLiteral("idle"));
    QVERIFY(read.threads.first().interruptsIncluded);
    QVERIFY(read.threads.first().interrupts.isEmpty());
}

void TestLangGraphThreads::unusableResponses_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("list");
    QTest::newRow("empty") << QByteArray() << true;
    QTest::newRow("html") << QByteArray("<html><body>502 Bad Gateway</body></html>") << true;
    QTest::newRow("truncated") << recordedBody(QStringLiteral("search_all")).left(100) << true;
    QTest::newRow("object for a list") << recordedBody(QStringLiteral("thread_gate")) << true;
    QTest::newRow("number for a list") << QByteArray("42") << true;
    QTest::newRow("list for a thread") << recordedBody(QStringLiteral("search_all")) << false;
    QTest::newRow("thread without id") << QByteArray(R"({"status":"interrupted","interrupts":{}})") << false;
    QTest::newRow("error detail for a thread") << recordedBody(QStringLiteral("thread_missing")) << false;
}

void TestLangGraphThreads::unusableResponses()
{
    QFETCH(QByteArray, body);
    QFETCH(bool, list);
    const ThreadsRead read = list ? readThreadList(body) : readThread(body);
    QVERIFY(!read.error.isEmpty());
    QVERIFY(read.threads.isEmpty());
}

void TestLangGraphThreads::badEntriesAreSkippedAndCounted()
{
    const QByteArray body = R"([
        1, "x", null, [],
        {"thread_id": 7},
        {"thread_id": "good-1", "status": "interrupted", "updated_at": "t", "metadata": {"graph_id": "g"},
         "interrupts": {"task": [
            {"id": "a1", "value": {"code": "x"}},
            {"value": "no id"},
            {"id": 12, "value": 1},
            {"id": "no-value"},
            "not an object",
            {"id": "n1", "value": null}
         ], "bad-task": {"id": "b", "value": 1}}},
        {"thread_id": "good-2", "metadata": "not an object", "interrupts": ["a list"]}
    ])";
    const ThreadsRead read = readThreadList(body);
    QVERIFY(read.error.isEmpty());
    QCOMPARE(read.threads.size(), 2);
    // 5 bad threads, 4 bad interrupts, 1 bad task, 1 thread whose interrupts are not an object.
    QCOMPARE(read.skipped, 11);
    const LangGraphThread& good = read.threads.first();
    QCOMPARE(good.interrupts.size(), 2);
    QCOMPARE(good.interrupts.at(1).interruptId, QStringLiteral("n1"));
    QVERIFY(good.interrupts.at(1).value.isNull()); // interrupt(None) is a value too
    QVERIFY(read.threads.at(1).graphId.isEmpty());
    QVERIFY(!read.threads.at(1).interruptsIncluded);
}

void TestLangGraphThreads::idsThatCouldReachAUrlAreRefused()
{
    for (const char* id : {"../info", "..", ".", "a/b", "a?b", "a%2F", "a b", "a\nb", "ü"}) {
        const QJsonObject thread{{QStringLiteral("thread_id"), QString::fromUtf8(id)}};
        QCOMPARE(readThreadList(QJsonDocument(QJsonArray{thread}).toJson()).threads.size(), 0);
        const QJsonObject withInterrupt{
            {QStringLiteral("thread_id"), QStringLiteral("t")},
            {QStringLiteral("interrupts"),
             QJsonObject{{QStringLiteral("task"),
                          QJsonArray{QJsonObject{{QStringLiteral("id"), QString::fromUtf8(id)},
                                                 {QStringLiteral("value"), 1}}}}}}};
        QCOMPARE(readThread(QJsonDocument(withInterrupt).toJson()).threads.first().interrupts.size(), 0);
    }
    const QJsonObject longId{{QStringLiteral("thread_id"), QString(MaxIdLength + 1, QLatin1Char('a'))}};
    QCOMPARE(readThreadList(QJsonDocument(QJsonArray{longId}).toJson()).threads.size(), 0);
}

void TestLangGraphThreads::assistantFallsBackToGraph()
{
    const ThreadsRead read = readThread(R"({"thread_id":"t","metadata":{"graph_id":"gate"}})");
    QCOMPARE(read.threads.first().assistantId, QStringLiteral("gate"));
    const ThreadsRead bad =
        readThread(R"({"thread_id":"t","metadata":{"graph_id":"gate","assistant_id":"a/b"}})");
    QCOMPARE(bad.threads.first().assistantId, QStringLiteral("gate"));
}

void TestLangGraphThreads::infoRunAndErrorDetail()
{
    QString error;
    QCOMPARE(readServerVersion(recordedBody(QStringLiteral("info")), &error), QStringLiteral("0.16.7"));
    QVERIFY(error.isEmpty());
    QVERIFY(readServerVersion("[]", &error).isEmpty());
    QVERIFY(!error.isEmpty());

    error.clear();
    QCOMPARE(readRunId(recordedBody(QStringLiteral("resume_run")), &error).size(), 36);
    QVERIFY(error.isEmpty());
    QVERIFY(readRunId("{}", &error).isEmpty());
    QVERIFY(!error.isEmpty());

    QCOMPARE(readErrorDetail(recordedBody(QStringLiteral("resume_busy"))),
             QStringLiteral(
                 "Thread is already running a task. Wait for it to finish or choose a different multitask "
                 "strategy."));
    // The first line only (the 422's detail goes on over several).
    QCOMPARE(readErrorDetail(recordedBody(QStringLiteral("resume_bad_assistant"))),
             QStringLiteral("Invalid assistant: 'no-such-graph'. Must be either:"));
    QVERIFY(readErrorDetail("<html>").isEmpty());
    QVERIFY(readErrorDetail(R"({"detail": {"nested": 1}})").isEmpty());
}

// Python writes 1.0 for a float and 1 for an int; the value's hash cannot tell them apart, so a
// body that spells a number otherwise than canonical JSON keeps it from every standing rule.
void TestLangGraphThreads::aNumberSpelledOtherwiseMarksTheInterrupts()
{
    const QByteArray canonical =
        R"j({"thread_id":"t","status":"interrupted","metadata":{"graph_id":"gate"},)j"
        R"j("interrupts":{"task":[{"id":"i1","value":{"code":"x()","retries":1}}]}})j";
    const ThreadsRead plain = readThread(canonical);
    QCOMPARE(plain.threads.first().interrupts.size(), 1);
    QVERIFY(!plain.threads.first().interrupts.first().nonCanonicalNumber);

    QByteArray floatSpelled = canonical;
    floatSpelled.replace("\"retries\":1", "\"retries\":1.0");
    const ThreadsRead spelled = readThread(floatSpelled);
    const PendingInterrupt& interrupt = spelled.threads.first().interrupts.first();
    QVERIFY(interrupt.nonCanonicalNumber);
    QCOMPARE(interrupt.nonCanonicalNumber->written, QByteArray("1.0"));
    // The same value to every hash.
    QCOMPARE(interrupt.valueSha256, plain.threads.first().interrupts.first().valueSha256);
    QVERIFY(readThreadList("[" + floatSpelled + "]").threads.first().interrupts.first().nonCanonicalNumber);
}

QTEST_GUILESS_MAIN(TestLangGraphThreads)
#include "tst_langgraphthreads.moc"
