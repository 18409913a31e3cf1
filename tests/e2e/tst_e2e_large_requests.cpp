// SPDX-License-Identifier: Apache-2.0
// issue 24, finding 2: one request within the limits must not take the app down. The real
// kosa8-desk (offscreen) gets the largest `review` the framing allows (a line just under 8 MiB: an
// array of about four million small numbers) and the largest `run` (4 MiB of code in short lines)
// over the real socket, and shows each in its review (the inbox shows a request as it arrives).
// A second connection pings every 20 ms: the agent service answers pings on the app's UI thread,
// so the ping's round trip is how long the window could not react. Checked: the app's peak resident
// memory stays under a multiple of the request's size, the heartbeat never stalls past a bound,
// the request is answered in its shape (here by its timeout) and recorded, and the memory goes
// back once the request has ended. Each row prints its figures (QINFO).
#include "support/AgentTestClient.h"
#include "support/DeskProcess.h"
#include "support/E2eBinaries.h"
#include "support/ServiceFolders.h"
#include "support/TestJson.h"
#include "support/Waits.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Process;
constexpr int PingEveryMs = 20;
// The issue's bound: a request costs at most this many times its size in peak memory.
constexpr qint64 MaxCostPerByte = 20;
// How long the event loop may stall. The issue's target, 50 ms, is measured by
// bench_large_requests (bench/README.md: about 20 to 30 ms now, the parse, shape, hash, format and
// scan of a large request running off the UI thread in LinePreparer). This bound is far above it,
// so that a loaded machine does not fail the test, and far below what the UI thread took when it
// did that work itself (about 2.5 s of CPU for the review), so that moving it back fails.
constexpr qint64 MaxStallMs = 2'000 * k8::test::waits::Slowdown;
// After the request has ended the app keeps at most this much more than before it.
constexpr qint64 MaxKeptAfterKiB = 24 * 1024;

// Pings over its own connection, one at a time, every PingEveryMs; keeps the longest round trip,
// and samples the app's resident memory at the same pace (its largest value).
class Heartbeat : public QObject
{
public:
    Heartbeat(AgentTestClient* client, qint64 pid)
        : m_client(client)
        , m_pid(pid)
    {
        m_timer.setInterval(PingEveryMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            m_largestRss = qMax(m_largestRss, k8::test::procStatusKiB(m_pid, "VmRSS"));
            if (m_waiting)
                return;
            m_waiting = true;
            m_id = m_client->request(QStringLiteral("ping"));
            m_clock.start();
        });
        connect(m_client, &AgentTestClient::responseReceived, this, [this](const QJsonValue& id) {
            if (!m_waiting || AgentTestClient::idKey(id) != AgentTestClient::idKey(m_id))
                return;
            m_waiting = false;
            m_longest = qMax(m_longest, m_clock.elapsed());
            ++m_count;
        });
    }
    void start() { m_timer.start(); }
    void stop()
    {
        m_timer.stop();
        if (m_waiting) // a stall still going on counts too
            m_longest = qMax(m_longest, m_clock.elapsed());
    }
    qint64 longestMs() const { return m_longest; }
    int count() const { return m_count; }
    qint64 largestRssKiB() const { return m_largestRss; }

private:
    AgentTestClient* m_client;
    qint64 m_pid;
    QTimer m_timer;
    QElapsedTimer m_clock;
    QJsonValue m_id;
    bool m_waiting = false;
    qint64 m_longest = 0;
    int m_count = 0;
    qint64 m_largestRss = 0;
};

// The largest review the framing takes: {"payload": [1,1,...]} in one line just under 8 MiB.
QByteArray largestReviewLine(const QByteArray& id, int timeoutS)
{
    const QByteArray head =
        R"({"jsonrpc":"2.0","id":")" + id +
        R"(","method":"review","params":{"agent":"big-bot","title":"four million numbers",)"
        R"("timeout_s":)" +
        QByteArray::number(timeoutS) + R"(,"payload":[)";
    const QByteArray tail = "1]}}\n";
    const qsizetype limit = 8 * 1024 * 1024 - 1024; // the line limit, less a margin
    QByteArray line;
    line.reserve(limit + 16);
    line += head;
    const qsizetype pairs = (limit - head.size() - tail.size()) / 2;
    line += QByteArray("1,").repeated(pairs);
    line += tail;
    return line;
}

// The largest run: 4 MiB of code (the limit, RunShape.cpp) in lines of four bytes.
QByteArray largestRunLine(const QByteArray& id, int timeoutS)
{
    const QString code = QStringLiteral("x=1\n").repeated(1024 * 1024);
    const QJsonObject message{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), QString::fromLatin1(id)},
        {QStringLiteral("method"), QStringLiteral("run")},
        {QStringLiteral("params"), QJsonObject{{QStringLiteral("code"), code},
                                               {QStringLiteral("sandbox"), QStringLiteral("code-runner")},
                                               {QStringLiteral("agent"), QStringLiteral("big-bot")},
                                               {QStringLiteral("timeout_s"), timeoutS}}}};
    return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

class TestE2eLargeRequests : public QObject, private k8::test::ServiceFolders, private k8::test::E2eBinaries
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = locateBinaries();
        QVERIFY2(missing.isEmpty(), qPrintable(missing));
    }

    void init() { QVERIFY(setUpFolders()); }
    void cleanup() { tearDownFolders(); }

    void theLargestRequestCostsAMultipleOfItsSize_data()
    {
        QTest::addColumn<QString>("method");
        QTest::newRow("review of four million numbers") << QStringLiteral("review");
        QTest::newRow("run of a million short lines") << QStringLiteral("run");
    }

    void theLargestRequestCostsAMultipleOfItsSize()
    {
        QFETCH(QString, method);
        {
            QProcess standin;
            standin.start(m_standin, {QStringLiteral("sandbox"), QStringLiteral("create"),
                                      QStringLiteral("code-runner")});
            QVERIFY(standin.waitForFinished(Wait));
            QCOMPARE(standin.exitCode(), 0);
        }
        k8::test::DeskProcess desk(m_binary, m_standin, dataDir(), socketPath(), stateDir());
        // Its log goes to a file: a pipe nobody reads would block it.
        desk.process().setStandardOutputFile(m_dir->filePath(QStringLiteral("desk.log")));
        desk.process().setStandardErrorFile(m_dir->filePath(QStringLiteral("desk.log")), QIODevice::Append);
        desk.start();
        AgentTestClient agent;
        AgentTestClient pinger;
        QVERIFY2(desk.connect(agent), "the app did not listen");
        QVERIFY(desk.connect(pinger));
        QVERIFY(!pinger.waitForResult(pinger.request(QStringLiteral("ping")), Wait).isUndefined());
        // The inbox page is built after the first paint; a request shown before it would count
        // the page's own cost (a few MiB) against the request.
        QVERIFY(!agent.waitForResult(agent.request(QStringLiteral("ping")), Wait).isUndefined());
        const qint64 pid = desk.pid();
        const qint64 before = k8::test::procStatusKiB(pid, "VmRSS");
        QVERIFY(before > 0);

        // Long enough for the review to be built and shown, short enough for the test.
        const int timeoutS = 6 * k8::test::waits::Slowdown;
        const QByteArray id = "big";
        const QByteArray line =
            method == u"review" ? largestReviewLine(id, timeoutS) : largestRunLine(id, timeoutS);
        QVERIFY(line.size() < 8 * 1024 * 1024);
        const qint64 lineKiB = line.size() / 1024;

        Heartbeat heartbeat(&pinger, pid);
        heartbeat.start();
        QElapsedTimer clock;
        clock.start();
        agent.sendRaw(line);
        const QJsonValue rpcId(QString::fromLatin1(id));
        QSignalSpy responses(&agent, &AgentTestClient::responseReceived);
        while (!agent.hasResponse(rpcId) && clock.elapsed() < 4 * Wait && agent.isConnected())
            responses.wait(500);
        heartbeat.stop();
        QVERIFY2(agent.hasResponse(rpcId), "no answer to the request");
        const qint64 answeredMs = clock.elapsed();
        const qint64 peak = k8::test::procStatusKiB(pid, "VmHWM");

        qInfo("%s: line %lld KiB; answered after %lld ms; heartbeat %d pings, longest round trip %lld ms; "
              "RSS %lld KiB before, largest sampled %lld KiB, peak (VmHWM) %lld KiB = %.1fx the line over "
              "before; %lld KiB right after the answer",
              QTest::currentDataTag(), lineKiB, answeredMs, heartbeat.count(), heartbeat.longestMs(), before,
              heartbeat.largestRssKiB(), peak, double(peak - before) / double(lineKiB),
              k8::test::procStatusKiB(pid, "VmRSS"));

        // Answered in its shape, by the timeout, and recorded so.
        const QJsonObject answer = agent.response(rpcId);
        if (method == u"review") {
            QCOMPARE(answer.value(QStringLiteral("result")).toString(), QStringLiteral("reject"));
        } else {
            QCOMPARE(answer.value(QStringLiteral("result"))
                         .toObject()
                         .value(QStringLiteral("decision"))
                         .toString(),
                     QStringLiteral("reject"));
        }
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().value(QStringLiteral("decided_by")).toString(), QStringLiteral("timeout"));
        QCOMPARE(entries.first().value(QStringLiteral("method")).toString(), method);

        QVERIFY2(heartbeat.count() > 0, "no ping was answered while the request waited");
        QVERIFY2(heartbeat.longestMs() < MaxStallMs,
                 qPrintable(QStringLiteral("the event loop stalled for %1 ms").arg(heartbeat.longestMs())));
        if constexpr (k8::test::MemoryBoundsHold) {
            QVERIFY2(peak - before < MaxCostPerByte * lineKiB,
                     qPrintable(QStringLiteral("peak %1 KiB, %2 KiB before: %3x the request's %4 KiB")
                                    .arg(peak)
                                    .arg(before)
                                    .arg(double(peak - before) / double(lineKiB), 0, 'f', 1)
                                    .arg(lineKiB)));
            // The memory goes back once the request has ended (the review that ended stays in
            // view). The app has no signal for it: look until it has, or the wait is over.
            qint64 after = 0;
            QTRY_VERIFY2_WITH_TIMEOUT(
                (after = k8::test::procStatusKiB(pid, "VmRSS")) - before <= MaxKeptAfterKiB,
                qPrintable(
                    QStringLiteral("%1 KiB after the request ended, %2 KiB before").arg(after).arg(before)),
                Wait);
            qInfo("%s: %lld KiB once the memory went back", QTest::currentDataTag(), after);
        }

        // Still answering, and a clean exit.
        QVERIFY(!pinger.waitForResult(pinger.request(QStringLiteral("ping")), Wait).isUndefined());
        QCOMPARE(desk.terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestE2eLargeRequests)
#include "tst_e2e_large_requests.moc"
