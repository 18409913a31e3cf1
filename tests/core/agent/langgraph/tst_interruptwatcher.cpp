// SPDX-License-Identifier: Apache-2.0
// InterruptWatcher polling a server in the test that answers as langgraph-api 0.16.7 did
// (RecordedThreads.h): what it finds, what it reports gone, how few requests a quiet poll takes,
// and how it backs off and comes back.
#include "agent/langgraph/InterruptWatcher.h"

#include "agent/langgraph/LangGraphApi.h"
#include "core/agent/langgraph/FakeLangGraphServer.h"
#include "core/agent/langgraph/RecordedThreads.h"
#include "support/Waits.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

#include <climits>
#include <optional>

using namespace k8::agent::langgraph;
using k8::test::FakeHttpRequest;
using k8::test::FakeHttpResponse;
using k8::test::FakeLangGraphServer;
using k8::test::recordedResponse;
using k8::test::RecordedThreads;
namespace waits = k8::test::waits;

Q_DECLARE_METATYPE(k8::test::FakeHttpResponse)

namespace {

// Requests of a poll's two kinds: the listing, and the fetch of threads by id.
int listings(const FakeLangGraphServer& server)
{
    int n = 0;
    for (const FakeHttpRequest& request : server.requests())
        n += request.is("POST", "/threads/search") && !request.json().contains(QStringLiteral("ids")) ? 1 : 0;
    return n;
}

QList<QJsonArray> fetches(const FakeLangGraphServer& server)
{
    QList<QJsonArray> ids;
    for (const FakeHttpRequest& request : server.requests())
        if (request.is("POST", "/threads/search") && request.json().contains(QStringLiteral("ids")))
            ids.append(request.json().value(QStringLiteral("ids")).toArray());
    return ids;
}

QString idOf(const QJsonObject* thread)
{
    return thread->value(QStringLiteral("thread_id")).toString();
}

} // namespace

class TestInterruptWatcher : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void discoversRecordedInterrupts();
    void watchesOnlyListedGraphs();
    void readsEveryPage();
    void readsRecordedPages();
    void quietPollFetchesNothing();
    void changedThreadIsFetchedAlone();
    void resumedElsewhereIsGone();
    void resumedHereIsSaidSo();
    void oneOfTwoParallelResumed();
    void busyThreadIsJudgedWhenItStops();
    void deletedThreadIsGone();
    void changedValueIsAnotherInterrupt();
    void backoffDoublesUpToTheCap();
    void unreachableLosesNothingAndComesBack();
    void badAnswersFailThePoll_data();
    void badAnswersFailThePoll();
    void hangingServerIsRetried();

private:
    InterruptWatcher* makeWatcher(const QStringList& graphs = {});
    bool waitPolls(int count);

    std::optional<FakeLangGraphServer> m_server;
    RecordedThreads m_threads;
    LangGraphApi* m_api = nullptr;
    InterruptWatcher* m_watcher = nullptr;
    std::optional<QSignalSpy> m_polls;
    std::optional<QSignalSpy> m_appeared;
    std::optional<QSignalSpy> m_gone;
};

void TestInterruptWatcher::initTestCase()
{
    qRegisterMetaType<PendingInterrupt>();
    qRegisterMetaType<LangGraphServerStatus>();
}

void TestInterruptWatcher::init()
{
    m_threads = RecordedThreads();
    m_server.emplace();
    QVERIFY(m_server->listen());
    m_server->setHandler([this](const FakeHttpRequest& request) { return m_threads.answer(request); });
}

void TestInterruptWatcher::cleanup()
{
    m_polls.reset();
    m_appeared.reset();
    m_gone.reset();
    delete m_watcher;
    m_watcher = nullptr;
    delete m_api;
    m_api = nullptr;
    m_server.reset();
}

InterruptWatcher* TestInterruptWatcher::makeWatcher(const QStringList& graphs)
{
    m_api = new LangGraphApi({QStringLiteral("local"), m_server->url(), {}, graphs});
    m_api->setTimeoutMs(2000);
    m_watcher = new InterruptWatcher(m_api);
    m_watcher->setPollIntervalMs(20);
    m_watcher->setBackoffMs(20, 160);
    m_polls.emplace(m_watcher, &InterruptWatcher::pollFinished);
    m_appeared.emplace(m_watcher, &InterruptWatcher::interruptAppeared);
    m_gone.emplace(m_watcher, &InterruptWatcher::interruptGone);
    return m_watcher;
}

// Waits for `count` more polls to end.
bool TestInterruptWatcher::waitPolls(int count)
{
    const qsizetype target = m_polls->size() + count;
    return QTest::qWaitFor([&] { return m_polls->size() >= target; }, waits::InProcess);
}

void TestInterruptWatcher::discoversRecordedInterrupts()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    QCOMPARE(m_polls->first().first().toBool(), true);
    QCOMPARE(m_appeared->size(), 6);
    const QList<PendingInterrupt> pending = m_watcher->pending();
    QCOMPARE(pending.size(), 6);
    // Newest thread first: the gate that asks about print(2).
    const PendingInterrupt first = m_appeared->first().first().value<PendingInterrupt>();
    QCOMPARE(first.server, QStringLiteral("local"));
    QCOMPARE(first.threadId, idOf(m_threads.byCode(QStringLiteral("print(2)"))));
    QCOMPARE(first.graphId, QStringLiteral("gate"));
    QCOMPARE(first.assistantId, QStringLiteral("938fdfa4-6ada-5da4-99ea-62a3205cb478"));
    QCOMPARE(first.threadUpdatedAt, QStringLiteral("2026-12-06T15:43:01.399263+00:00"));
    QCOMPARE(first.value.toObject().value(QStringLiteral("code")).toString(), QStringLiteral("print(2)"));
    QVERIFY(!first.valueSha256.isEmpty());

    const LangGraphServerStatus status = m_watcher->status();
    QVERIFY(status.reachable);
    QCOMPARE(status.version, QStringLiteral("0.16.7"));
    QCOMPARE(status.interruptedThreads, 5);
    QCOMPARE(status.pendingInterrupts, 6);
    QCOMPARE(status.skippedEntries, 0);
    QVERIFY(!status.truncated);
    QVERIFY(status.error.isEmpty());
    // One /info, one listing, one fetch of the five threads.
    QCOMPARE(m_server->count("GET", "/info"), 1);
    QCOMPARE(listings(*m_server), 1);
    QCOMPARE(fetches(*m_server).size(), 1);
    QCOMPARE(fetches(*m_server).first().size(), 5);
}

void TestInterruptWatcher::watchesOnlyListedGraphs()
{
    makeWatcher({QStringLiteral("parallel"), QStringLiteral("hitl")})->start();
    QVERIFY(waitPolls(1));
    QCOMPARE(m_appeared->size(), 3);
    QCOMPARE(m_watcher->status().interruptedThreads, 2);
    QCOMPARE(fetches(*m_server).first().size(), 2); // the gate threads are not even fetched
    for (const PendingInterrupt& interrupt : m_watcher->pending())
        QVERIFY(interrupt.graphId != QStringLiteral("gate"));
}

void TestInterruptWatcher::readsEveryPage()
{
    makeWatcher()->setPageSize(2);
    m_watcher->start();
    QVERIFY(waitPolls(1));
    QCOMPARE(m_appeared->size(), 6);
    QCOMPARE(listings(*m_server), 3);
    QList<int> offsets;
    for (const FakeHttpRequest& request : m_server->requests())
        if (request.is("POST", "/threads/search") && !request.json().contains(QStringLiteral("ids")))
            offsets.append(request.json().value(QStringLiteral("offset")).toInt());
    QCOMPARE(offsets, (QList<int>{0, 2, 4}));

    // More pages than one poll reads: the newest are kept, and said so.
    cleanup();
    init();
    makeWatcher()->setPageSize(2);
    m_watcher->setMaxPages(2);
    m_watcher->start();
    QVERIFY(waitPolls(1));
    QCOMPARE(m_appeared->size(), 5); // print(2), hitl, parallel's two, print(3)
    QVERIFY(m_watcher->status().truncated);
}

void TestInterruptWatcher::readsRecordedPages()
{
    // The three pages exactly as the server sent them, headers and all.
    m_server->setHandler([this](const FakeHttpRequest& request) {
        if (request.is("POST", "/threads/search") && !request.json().contains(QStringLiteral("ids"))) {
            const int offset = request.json().value(QStringLiteral("offset")).toInt();
            return recordedResponse(QStringLiteral("search_page%1").arg(offset / 2 + 1));
        }
        return m_threads.answer(request);
    });
    makeWatcher()->setPageSize(2);
    m_watcher->start();
    QVERIFY(waitPolls(1));
    QCOMPARE(listings(*m_server), 3);
    QCOMPARE(m_appeared->size(), 6);
}

void TestInterruptWatcher::quietPollFetchesNothing()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    m_server->clearRequests();
    QVERIFY(waitPolls(5));
    // Five polls with nothing changed: five small listings, no thread fetched, no /info again.
    QVERIFY(listings(*m_server) >= 5);
    QCOMPARE(fetches(*m_server).size(), 0);
    QCOMPARE(m_server->count("GET", "/info"), 0);
    QCOMPARE(m_appeared->size(), 6);
    QCOMPARE(m_gone->size(), 0);
}

void TestInterruptWatcher::changedThreadIsFetchedAlone()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    m_server->clearRequests();
    // A run on the hitl thread that stopped at the same interrupt again (what a resume naming an
    // id the thread does not hold did on 0.16.7): updated_at moved, nothing else.
    QJsonObject* hitl = m_threads.byGraph(QStringLiteral("hitl"));
    RecordedThreads::touch(hitl, 1);
    QVERIFY(waitPolls(2));
    QCOMPARE(fetches(*m_server).size(), 1);
    QCOMPARE(fetches(*m_server).first(), QJsonArray{idOf(hitl)});
    QCOMPARE(m_appeared->size(), 6);
    QCOMPARE(m_gone->size(), 0);
}

void TestInterruptWatcher::resumedElsewhereIsGone()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    // Someone else resumed the print(1) gate: the thread is idle, without interrupts (as
    // recorded/thread_gate_resumed.json).
    QJsonObject* gate = m_threads.byCode(QStringLiteral("print(1)"));
    const QString threadId = idOf(gate);
    gate->insert(QStringLiteral("status"), QStringLiteral("idle"));
    gate->insert(QStringLiteral("interrupts"), QJsonObject());
    RecordedThreads::touch(gate, 2);
    QTRY_COMPARE_WITH_TIMEOUT(m_gone->size(), 1, waits::InProcess);
    const PendingInterrupt gone = m_gone->first().at(0).value<PendingInterrupt>();
    QCOMPARE(gone.threadId, threadId);
    QCOMPARE(m_gone->first().at(1).value<InterruptWatcher::GoneReason>(),
             InterruptWatcher::GoneReason::ResumedElsewhere);
    QCOMPARE(m_watcher->pending().size(), 5);
    QVERIFY(waitPolls(2));
    QCOMPARE(m_gone->size(), 1);
    QCOMPARE(m_watcher->status().interruptedThreads, 4);
}

void TestInterruptWatcher::resumedHereIsSaidSo()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    QJsonObject* gate = m_threads.byCode(QStringLiteral("print(3)"));
    for (const PendingInterrupt& interrupt : m_watcher->pending())
        if (interrupt.threadId == idOf(gate))
            m_watcher->markResumedHere(interrupt);
    m_threads.remove(idOf(gate)); // the thread itself deleted after our resume: still ours
    QTRY_COMPARE_WITH_TIMEOUT(m_gone->size(), 1, waits::InProcess);
    QCOMPARE(m_gone->first().at(1).value<InterruptWatcher::GoneReason>(),
             InterruptWatcher::GoneReason::ResumedHere);
}

void TestInterruptWatcher::oneOfTwoParallelResumed()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    // As recorded/thread_parallel_one_resumed.json: the left branch's interrupt resumed, the
    // right one's still pending, the thread still interrupted.
    const QJsonObject after =
        QJsonDocument::fromJson(recordedResponse(QStringLiteral("thread_parallel_one_resumed")).body)
            .object();
    QJsonObject* parallel = m_threads.byGraph(QStringLiteral("parallel"));
    parallel->insert(QStringLiteral("interrupts"), after.value(QStringLiteral("interrupts")));
    parallel->insert(QStringLiteral("updated_at"), after.value(QStringLiteral("updated_at")));
    RecordedThreads::touch(parallel, 3);
    QTRY_COMPARE_WITH_TIMEOUT(m_gone->size(), 1, waits::InProcess);
    const PendingInterrupt gone = m_gone->first().at(0).value<PendingInterrupt>();
    QCOMPARE(gone.value.toObject().value(QStringLiteral("question")).toString(),
             QStringLiteral("Left branch?"));
    QVERIFY(waitPolls(2));
    QCOMPARE(m_appeared->size(), 6); // the right one was not reported again
    int right = 0;
    for (const PendingInterrupt& interrupt : m_watcher->pending())
        right +=
            interrupt.value.toObject().value(QStringLiteral("question")) == QStringLiteral("Right branch?");
    QCOMPARE(right, 1);
}

void TestInterruptWatcher::busyThreadIsJudgedWhenItStops()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    // A run started on the parallel thread: it leaves the listing (not interrupted), and is
    // busy when fetched; its interrupts are neither gone nor new while it runs.
    QJsonObject* parallel = m_threads.byGraph(QStringLiteral("parallel"));
    parallel->insert(QStringLiteral("status"), QStringLiteral("busy"));
    m_server->clearRequests();
    QVERIFY(waitPolls(3));
    QCOMPARE(m_gone->size(), 0);
    QCOMPARE(m_watcher->pending().size(), 6);
    QVERIFY(fetches(*m_server).size() >= 3); // asked after every poll, alone
    QCOMPARE(fetches(*m_server).last(), QJsonArray{idOf(parallel)});
    // The run ends back at the same two interrupts: nothing to report.
    parallel->insert(QStringLiteral("status"), QStringLiteral("interrupted"));
    RecordedThreads::touch(parallel, 4);
    QVERIFY(waitPolls(2));
    QCOMPARE(m_gone->size(), 0);
    QCOMPARE(m_appeared->size(), 6);
    // It ends idle: both are gone.
    parallel->insert(QStringLiteral("status"), QStringLiteral("idle"));
    parallel->insert(QStringLiteral("interrupts"), QJsonObject());
    RecordedThreads::touch(parallel, 5);
    QTRY_COMPARE_WITH_TIMEOUT(m_gone->size(), 2, waits::InProcess);
}

void TestInterruptWatcher::deletedThreadIsGone()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    m_threads.remove(idOf(m_threads.byGraph(QStringLiteral("hitl"))));
    QTRY_COMPARE_WITH_TIMEOUT(m_gone->size(), 1, waits::InProcess);
    QCOMPARE(m_gone->first().at(1).value<InterruptWatcher::GoneReason>(),
             InterruptWatcher::GoneReason::ThreadGone);
}

void TestInterruptWatcher::changedValueIsAnotherInterrupt()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    // Same interrupt id, another value: the old one is gone, a new one appears.
    QJsonObject* gate = m_threads.byCode(QStringLiteral("print(2)"));
    QJsonObject interrupts = gate->value(QStringLiteral("interrupts")).toObject();
    const QString task = interrupts.keys().first();
    QJsonObject entry = interrupts.value(task).toArray().first().toObject();
    entry.insert(QStringLiteral("value"), QJsonObject{{QStringLiteral("code"), QStringLiteral("rm -rf /")}});
    interrupts.insert(task, QJsonArray{entry});
    gate->insert(QStringLiteral("interrupts"), interrupts);
    RecordedThreads::touch(gate, 6);
    QTRY_COMPARE_WITH_TIMEOUT(m_appeared->size(), 7, waits::InProcess);
    QCOMPARE(m_gone->size(), 1);
    QCOMPARE(m_appeared->last().first().value<PendingInterrupt>().interruptId,
             m_gone->first().first().value<PendingInterrupt>().interruptId);
}

void TestInterruptWatcher::backoffDoublesUpToTheCap()
{
    // The defaults: 1 s, doubling, never more than 10 s, for any number of failures.
    QList<int> delays;
    for (int failures = 1; failures <= 6; ++failures)
        delays.append(InterruptWatcher::backoffDelayMs(failures, 1000, 10'000));
    QCOMPARE(delays, (QList<int>{1000, 2000, 4000, 8000, 10'000, 10'000}));
    QCOMPARE(InterruptWatcher::backoffDelayMs(INT_MAX, 1000, 10'000), 10'000);
    QCOMPARE(InterruptWatcher::backoffDelayMs(1000, 3000, 10'000), 10'000);

    // A watcher with the defaults waits 1 s after its first failure.
    m_server->close();
    InterruptWatcher* watcher = makeWatcher();
    watcher->setBackoffMs(1000, 10'000);
    QSignalSpy status(watcher, &InterruptWatcher::statusChanged);
    watcher->start();
    QVERIFY(waitPolls(1));
    QCOMPARE(watcher->status().retryInMs, 1000);
    QVERIFY(!watcher->status().reachable);
    watcher->stop();
}

void TestInterruptWatcher::unreachableLosesNothingAndComesBack()
{
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    QSignalSpy status(m_watcher, &InterruptWatcher::statusChanged);
    const quint16 port = m_server->port();
    m_server->close();
    QVERIFY(waitPolls(6));
    // Nothing reported gone while the server is away; the waits grow, capped (20 ms doubling,
    // 160 ms at most in this test).
    QCOMPARE(m_gone->size(), 0);
    QCOMPARE(m_watcher->pending().size(), 6);
    QList<int> retries;
    for (const QList<QVariant>& change : std::as_const(status))
        retries.append(change.first().value<LangGraphServerStatus>().retryInMs);
    QCOMPARE(retries.mid(0, 4), (QList<int>{20, 40, 80, 160}));
    for (int retry : std::as_const(retries))
        QVERIFY(retry <= 160);
    QVERIFY(!m_watcher->status().reachable);
    QVERIFY2(m_watcher->status().error.startsWith(QStringLiteral("the server cannot be reached")),
             qPrintable(m_watcher->status().error));

    // Back, with one thread resumed meanwhile: the watcher sees it again, /info read again.
    m_threads.remove(idOf(m_threads.byGraph(QStringLiteral("hitl"))));
    QVERIFY(m_server->listen(port));
    m_server->clearRequests();
    QTRY_VERIFY_WITH_TIMEOUT(m_watcher->status().reachable, waits::InProcess);
    QCOMPARE(m_server->count("GET", "/info"), 1);
    QCOMPARE(m_gone->size(), 1);
    QCOMPARE(m_watcher->status().interruptedThreads, 4);
    QCOMPARE(m_watcher->status().retryInMs, 20);
}

void TestInterruptWatcher::badAnswersFailThePoll_data()
{
    QTest::addColumn<FakeHttpResponse>("answer");
    QTest::addColumn<QString>("says");
    QTest::newRow("garbage") << FakeHttpResponse::json("\x01\x02not json") << QStringLiteral("not JSON");
    QTest::newRow("object") << FakeHttpResponse::json(R"({"threads": []})") << QStringLiteral("not a list");
    QTest::newRow("401") << FakeHttpResponse::json(R"({"detail":"Invalid API key"})", 401)
                         << QStringLiteral("refused the API key (HTTP 401)");
    QTest::newRow("500") << FakeHttpResponse::json("oops", 500) << QStringLiteral("HTTP 500");
    QTest::newRow("huge") << FakeHttpResponse::json("[" + QByteArray(300 * 1024, ' ') + "]")
                          << QStringLiteral("larger than");
}

void TestInterruptWatcher::badAnswersFailThePoll()
{
    QFETCH(FakeHttpResponse, answer);
    QFETCH(QString, says);
    makeWatcher()->start();
    QVERIFY(waitPolls(1));
    m_api->setMaxResponseBytes(256 * 1024);
    bool bad = true;
    m_server->setHandler([&](const FakeHttpRequest& request) {
        if (bad && request.is("POST", "/threads/search"))
            return answer;
        return m_threads.answer(request);
    });
    QTRY_VERIFY_WITH_TIMEOUT(!m_watcher->status().reachable, waits::InProcess);
    QVERIFY2(m_watcher->status().error.contains(says), qPrintable(m_watcher->status().error));
    QCOMPARE(m_gone->size(), 0);
    QCOMPARE(m_watcher->pending().size(), 6);
    bad = false;
    QTRY_VERIFY_WITH_TIMEOUT(m_watcher->status().reachable, waits::InProcess);
    QCOMPARE(m_appeared->size(), 6);
}

void TestInterruptWatcher::hangingServerIsRetried()
{
    bool hang = true;
    m_server->setHandler([&](const FakeHttpRequest& request) {
        return hang ? FakeHttpResponse::hang() : m_threads.answer(request);
    });
    makeWatcher();
    m_api->setTimeoutMs(200);
    m_watcher->start();
    QVERIFY(waitPolls(1));
    QCOMPARE(m_watcher->status().error, QStringLiteral("the server did not answer in time"));
    hang = false;
    QTRY_COMPARE_WITH_TIMEOUT(m_appeared->size(), 6, waits::InProcess);
}

QTEST_GUILESS_MAIN(TestInterruptWatcher)
#include "tst_interruptwatcher.moc"
