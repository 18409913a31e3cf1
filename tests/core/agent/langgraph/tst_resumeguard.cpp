// SPDX-License-Identifier: Apache-2.0
// ResumeGuard: the check right before a resume, and the resume it sends, against a server in the
// test answering as langgraph-api 0.16.7 did (RecordedThreads.h).
#include "agent/langgraph/ResumeGuard.h"

#include "agent/langgraph/LangGraphApi.h"
#include "core/agent/langgraph/FakeLangGraphServer.h"
#include "core/agent/langgraph/RecordedThreads.h"
#include "support/Waits.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace k8::agent::langgraph;
using k8::test::FakeHttpRequest;
using k8::test::FakeHttpResponse;
using k8::test::FakeLangGraphServer;
using k8::test::recordedResponse;
using k8::test::RecordedThreads;
namespace waits = k8::test::waits;

class TestResumeGuard : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void checksThenResumes();
    void parallelInterruptsEachByItsId();
    void resumedElsewhereIsNotResumed();
    void changedValueIsNotResumed();
    void absentInterruptIsNotResumed();
    void deletedThreadIsNotResumed();
    void busyThreadRefusedWith409();
    void failedCheckResumesNothing_data();
    void failedCheckResumesNothing();
    void failedResume();
    void unreadableRunIsStillResumed();

private:
    PendingInterrupt pendingOf(const QString& graph, int index = 0);
    ResumeOutcome resume(const PendingInterrupt& interrupt, const QJsonValue& answer);
    QList<FakeHttpRequest> runsPosted() const { return m_server->runsPosted(); }

    std::optional<FakeLangGraphServer> m_server;
    RecordedThreads m_threads;
    std::optional<FakeHttpResponse> m_runAnswer;
    LangGraphApi* m_api = nullptr;
};

void TestResumeGuard::init()
{
    m_threads = RecordedThreads();
    m_runAnswer.reset();
    m_server.emplace();
    QVERIFY(m_server->listen());
    m_server->setHandler([this](const FakeHttpRequest& request) {
        if (request.method == "POST" && request.path.startsWith("/threads/") &&
            request.path.endsWith("/runs"))
            return m_runAnswer.value_or(recordedResponse(QStringLiteral("resume_run")));
        return m_threads.answer(request);
    });
    m_api = new LangGraphApi({QStringLiteral("local"), m_server->url(), QStringLiteral("k"), {}});
}

void TestResumeGuard::cleanup()
{
    delete m_api;
    m_api = nullptr;
    m_server.reset();
}

PendingInterrupt TestResumeGuard::pendingOf(const QString& graph, int index)
{
    const QJsonObject* thread = m_threads.byGraph(graph);
    const ThreadsRead read = readThread(QJsonDocument(*thread).toJson());
    PendingInterrupt interrupt = read.threads.first().interrupts.at(index);
    interrupt.server = QStringLiteral("local");
    return interrupt;
}

ResumeOutcome TestResumeGuard::resume(const PendingInterrupt& interrupt, const QJsonValue& answer)
{
    ResumeGuard guard(m_api);
    QSignalSpy finished(&guard, &ResumeGuard::finished);
    guard.resume(interrupt, answer);
    if (!finished.wait(waits::InProcess))
        return {};
    // Once, and only once.
    QTest::qWait(0);
    if (finished.size() != 1)
        return {};
    return finished.first().first().value<ResumeOutcome>();
}

void TestResumeGuard::checksThenResumes()
{
    const PendingInterrupt interrupt = pendingOf(QStringLiteral("gate"));
    const ResumeOutcome outcome = resume(interrupt, QJsonObject{{QStringLiteral("approved"), true}});
    QCOMPARE(outcome.result, ResumeOutcome::Result::Resumed);
    QCOMPARE(outcome.runId, QStringLiteral("01a24c05-d98b-72f8-a6be-29c4c102c967"));
    QVERIFY(outcome.interrupt.sameAs(interrupt));
    // First the check (that thread alone, with its interrupts), then the resume.
    QCOMPARE(m_server->requests().size(), 2);
    const FakeHttpRequest& check = m_server->requests().at(0);
    QVERIFY(check.is("POST", "/threads/search"));
    QCOMPARE(check.json().value(QStringLiteral("ids")).toArray(), QJsonArray{interrupt.threadId});
    const FakeHttpRequest& run = m_server->requests().at(1);
    QCOMPARE(run.path, QByteArray("/threads/" + interrupt.threadId.toLatin1() + "/runs"));
    QCOMPARE(run.headers.value("x-api-key"), QByteArray("k"));
    const QJsonObject expected{
        {QStringLiteral("assistant_id"), QStringLiteral("938fdfa4-6ada-5da4-99ea-62a3205cb478")},
        {QStringLiteral("command"),
         QJsonObject{
             {QStringLiteral("resume"),
              QJsonObject{{interrupt.interruptId, QJsonObject{{QStringLiteral("approved"), true}}}}}}},
        {QStringLiteral("multitask_strategy"), QStringLiteral("reject")}};
    QCOMPARE(run.json(), expected);
}

void TestResumeGuard::parallelInterruptsEachByItsId()
{
    const PendingInterrupt left = pendingOf(QStringLiteral("parallel"), 0);
    const PendingInterrupt right = pendingOf(QStringLiteral("parallel"), 1);
    QCOMPARE(resume(left, QStringLiteral("yes")).result, ResumeOutcome::Result::Resumed);
    QCOMPARE(resume(right, QStringLiteral("no")).result, ResumeOutcome::Result::Resumed);
    const QList<FakeHttpRequest> runs = runsPosted();
    QCOMPARE(runs.size(), 2);
    const auto resumeMap = [](const FakeHttpRequest& run) {
        return run.json()
            .value(QStringLiteral("command"))
            .toObject()
            .value(QStringLiteral("resume"))
            .toObject();
    };
    QCOMPARE(resumeMap(runs.at(0)), (QJsonObject{{left.interruptId, QStringLiteral("yes")}}));
    QCOMPARE(resumeMap(runs.at(1)), (QJsonObject{{right.interruptId, QStringLiteral("no")}}));
    QCOMPARE(runs.at(0).json().value(QStringLiteral("assistant_id")).toString(),
             QStringLiteral("10ce8902-8525-5cd9-bfe5-80f35baee448"));
}

void TestResumeGuard::resumedElsewhereIsNotResumed()
{
    const PendingInterrupt interrupt = pendingOf(QStringLiteral("gate"));
    QJsonObject* thread = m_threads.byGraph(QStringLiteral("gate"));
    thread->insert(QStringLiteral("status"), QStringLiteral("idle"));
    thread->insert(QStringLiteral("interrupts"), QJsonObject());
    const ResumeOutcome outcome = resume(interrupt, true);
    QCOMPARE(outcome.result, ResumeOutcome::Result::NoLongerPending);
    QCOMPARE(outcome.message,
             QStringLiteral("Not resumed: the interrupt is no longer pending (the thread is idle)"));
    QCOMPARE(runsPosted().size(), 0);

    // Busy with a run (a parallel sibling's resume, or someone else's): not judged until it stops,
    // so not resumed now and not given up either.
    thread->insert(QStringLiteral("status"), QStringLiteral("busy"));
    const ResumeOutcome busy = resume(interrupt, true);
    QCOMPARE(busy.result, ResumeOutcome::Result::Failed);
    QCOMPARE(busy.message, QStringLiteral("Not resumed yet: the thread is busy with a run"));
    QCOMPARE(runsPosted().size(), 0);
}

void TestResumeGuard::changedValueIsNotResumed()
{
    PendingInterrupt interrupt = pendingOf(QStringLiteral("gate"));
    // What the person saw was another value under the same id.
    interrupt.valueSha256 = valueSha256(QJsonObject{{QStringLiteral("code"), QStringLiteral("print(9)")}});
    const ResumeOutcome outcome = resume(interrupt, true);
    QCOMPARE(outcome.result, ResumeOutcome::Result::NoLongerPending);
    QVERIFY(outcome.message.contains(QStringLiteral("resumed elsewhere, or its value changed")));
    QCOMPARE(runsPosted().size(), 0);
}

void TestResumeGuard::absentInterruptIsNotResumed()
{
    // One of the two parallel interrupts resumed elsewhere (recorded): the other is still
    // resumable, the resumed one is not.
    const PendingInterrupt first = pendingOf(QStringLiteral("parallel"), 0);
    const PendingInterrupt second = pendingOf(QStringLiteral("parallel"), 1);
    const QJsonObject after =
        QJsonDocument::fromJson(recordedResponse(QStringLiteral("thread_parallel_one_resumed")).body)
            .object();
    m_threads.byGraph(QStringLiteral("parallel"))
        ->insert(QStringLiteral("interrupts"), after.value(QStringLiteral("interrupts")));
    const bool firstGone =
        readThread(QJsonDocument(after).toJson()).threads.first().interrupts.first().interruptId ==
        second.interruptId;
    const PendingInterrupt& gone = firstGone ? first : second;
    const PendingInterrupt& left = firstGone ? second : first;
    QCOMPARE(resume(gone, 1).result, ResumeOutcome::Result::NoLongerPending);
    QCOMPARE(runsPosted().size(), 0);
    QCOMPARE(resume(left, 2).result, ResumeOutcome::Result::Resumed);
    QCOMPARE(runsPosted().size(), 1);
}

void TestResumeGuard::deletedThreadIsNotResumed()
{
    const PendingInterrupt interrupt = pendingOf(QStringLiteral("hitl"));
    m_threads.remove(interrupt.threadId);
    const ResumeOutcome outcome = resume(interrupt, QJsonObject{{QStringLiteral("decisions"), QJsonArray{}}});
    QCOMPARE(outcome.result, ResumeOutcome::Result::NoLongerPending);
    QCOMPARE(outcome.message, QStringLiteral("Not resumed: the thread no longer exists"));
    QCOMPARE(runsPosted().size(), 0);
}

void TestResumeGuard::busyThreadRefusedWith409()
{
    m_runAnswer = recordedResponse(QStringLiteral("resume_busy"), 409);
    const ResumeOutcome outcome = resume(pendingOf(QStringLiteral("gate")), true);
    QCOMPARE(outcome.result, ResumeOutcome::Result::Failed);
    QCOMPARE(outcome.httpStatus, 409);
    QVERIFY2(outcome.message.startsWith(
                 QStringLiteral("Not resumed: the thread is busy with another run (HTTP 409)")),
             qPrintable(outcome.message));
}

void TestResumeGuard::failedCheckResumesNothing_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("says");
    QTest::newRow("401") << 401 << QByteArray(R"({"detail":"bad key"})")
                         << QStringLiteral("refused the API key");
    QTest::newRow("500") << 500 << QByteArray("x") << QStringLiteral("HTTP 500");
    QTest::newRow("garbage") << 200 << QByteArray("{{{") << QStringLiteral("not JSON");
    QTest::newRow("shape") << 200 << QByteArray(R"({"thread_id":"x"})") << QStringLiteral("not a list");
}

void TestResumeGuard::failedCheckResumesNothing()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, says);
    const PendingInterrupt interrupt = pendingOf(QStringLiteral("gate"));
    m_server->setHandler([&](const FakeHttpRequest&) { return FakeHttpResponse::json(body, status); });
    const ResumeOutcome outcome = resume(interrupt, true);
    QCOMPARE(outcome.result, ResumeOutcome::Result::Failed);
    QVERIFY2(outcome.message.startsWith(QStringLiteral("Not resumed: the check before resuming failed")),
             qPrintable(outcome.message));
    QVERIFY2(outcome.message.contains(says), qPrintable(outcome.message));
    QCOMPARE(m_server->requests().size(), 1);
}

void TestResumeGuard::failedResume()
{
    m_runAnswer = recordedResponse(QStringLiteral("resume_bad_assistant"), 422);
    ResumeOutcome outcome = resume(pendingOf(QStringLiteral("gate")), true);
    QCOMPARE(outcome.result, ResumeOutcome::Result::Failed);
    QCOMPARE(outcome.httpStatus, 422);
    QVERIFY(outcome.message.contains(QStringLiteral("Invalid assistant")));

    m_runAnswer = FakeHttpResponse::hang();
    m_api->setTimeoutMs(200);
    outcome = resume(pendingOf(QStringLiteral("gate")), true);
    QCOMPARE(outcome.result, ResumeOutcome::Result::Failed);
    QCOMPARE(outcome.message, QStringLiteral("Not resumed: the server did not answer in time"));
}

void TestResumeGuard::unreadableRunIsStillResumed()
{
    // The server took the run but its answer cannot be read: reported resumed, never sent again.
    m_runAnswer = FakeHttpResponse::json("<html>ok</html>");
    const ResumeOutcome outcome = resume(pendingOf(QStringLiteral("gate")), true);
    QCOMPARE(outcome.result, ResumeOutcome::Result::Resumed);
    QVERIFY(outcome.runId.isEmpty());
    QVERIFY(outcome.message.startsWith(QStringLiteral("Resumed, but")));
}

QTEST_GUILESS_MAIN(TestResumeGuard)
#include "tst_resumeguard.moc"
