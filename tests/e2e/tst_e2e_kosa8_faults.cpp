// SPDX-License-Identifier: Apache-2.0
// issue 14, fault injection: kosa8 hangs past its timeout, crashes mid-output, prints a flood.
// The real kosa8-desk (offscreen) runs an agent's `run` that a standing rule approved, against
// the stand-in told to misbehave. A second connection pings at a steady rate: the agent service
// runs on the app's UI thread, so the ping round trip is the event loop's heartbeat. Checked:
// the heartbeat never stalls past a generous bound, the app's peak memory stays under the
// output caps plus a margin, the agent gets a clear failure or truncated result, nothing but
// what the rule approved is approved, nothing kosa8 started survives, and the ledger verifies.
// Issue 24: a hung checkpoint ends with the run's timeout_s (one budget from the approval to the
// answer) or with the settings' limit, and the runs behind it in that sandbox go on.
#include "support/AgentTestClient.h"
#include "support/DeskProcess.h"
#include "support/E2eBinaries.h"
#include "support/ProcessScan.h"
#include "support/ServiceFolders.h"
#include "support/TestJson.h"
#include "support/Waits.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <unistd.h>

using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Process;
constexpr int PingEveryMs = 20;
// The longest heartbeat accepted: generous, so that a loaded two-core machine does not fail it;
// the measured figure is printed. Sanitized builds run several times slower.
constexpr qint64 MaxStallMs = 2000 * k8::test::waits::Slowdown;
// The app's default output cap per stream (AppSettings::DefaultOutputCapBytes); the peak may
// exceed the resident size before the run by both streams' caps plus this margin.
constexpr qint64 OutputCapKiB = 4 * 1024;
constexpr qint64 MarginKiB = 96 * 1024;
// How late after its budget a run may be answered: the kill, the exit and the answer on a busy
// machine.
constexpr qint64 MaxLateMs = 4000 * k8::test::waits::Slowdown;
// The stand-in hangs in the checkpoint before a run in code-runner (once: the next call works).
const QString HangingCheckpoint =
    QStringLiteral(R"({"checkpoint code-runner": {"mode": "hang", "once": true}})");

// Pings over its own connection, one at a time, every PingEveryMs; keeps the longest round trip.
class Heartbeat : public QObject
{
public:
    explicit Heartbeat(AgentTestClient* client)
        : m_client(client)
    {
        m_timer.setInterval(PingEveryMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
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

private:
    AgentTestClient* m_client;
    QTimer m_timer;
    QElapsedTimer m_clock;
    QJsonValue m_id;
    bool m_waiting = false;
    qint64 m_longest = 0;
    int m_count = 0;
};

} // namespace

class TestE2eKosa8Faults : public QObject, private k8::test::ServiceFolders, private k8::test::E2eBinaries
{
    Q_OBJECT

private:
    int standin(const QStringList& arguments)
    {
        QProcess process;
        process.start(m_standin, arguments);
        return process.waitForFinished(Wait) ? process.exitCode() : -1;
    }

    QString logPath() const { return m_dir->filePath(QStringLiteral("desk.log")); }
    QString hangPidPath() const { return stateDir() + QStringLiteral("/hang-child.pid"); }

    // rules.json with one code_sha256 approval per code: "fault-run", then "fault-run-2", ...
    QString writeRules(const QStringList& codes)
    {
        QJsonArray rules;
        for (qsizetype i = 0; i < codes.size(); ++i) {
            const QString hash = QString::fromLatin1(
                QCryptographicHash::hash(codes.at(i).toUtf8(), QCryptographicHash::Sha256).toHex());
            rules.append(
                QJsonObject{{QStringLiteral("name"), i == 0 ? QStringLiteral("fault-run")
                                                            : QStringLiteral("fault-run-%1").arg(i + 1)},
                            {QStringLiteral("decision"), QStringLiteral("approve")},
                            {QStringLiteral("code_sha256"), hash}});
        }
        const QString path = m_dir->filePath(QStringLiteral("rules.json"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(QJsonDocument(QJsonObject{{QStringLiteral("rules"), rules}}).toJson());
        return path;
    }

    // The app, offscreen, against the stand-in with `fault` (KOSA8_STANDIN_FAULT) and the rules.
    bool startDesk(QProcess& desk, const QString& rules, const QString& fault)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), stateDir());
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        if (!fault.isEmpty())
            environment.insert(QStringLiteral("KOSA8_STANDIN_FAULT"), fault);
        desk.setProcessEnvironment(environment);
        // Its log goes to a file: a pipe nobody reads while the run goes on would block it.
        desk.setStandardOutputFile(logPath());
        desk.setStandardErrorFile(logPath(), QIODevice::Append);
        desk.start(m_binary,
                   {QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("--kosa8"),
                    m_standin, QStringLiteral("--data-dir"), dataDir(), QStringLiteral("--socket"),
                    socketPath(), QStringLiteral("--rules"), rules, QStringLiteral("--verbose")});
        return desk.waitForStarted(Wait);
    }

    // Connects once the app listens; false when it never did.
    bool connectToDesk(AgentTestClient& client, const QProcess& desk)
    {
        QSignalSpy connected(&client, &AgentTestClient::connected);
        QElapsedTimer clock;
        clock.start();
        while (!client.isConnected() && clock.elapsed() < Wait && desk.state() == QProcess::Running) {
            client.connectTo(socketPath());
            if (!client.isConnected())
                connected.wait(100);
        }
        return client.isConnected();
    }

    // Waits for the answer to `id` at most `ms`; true when it came.
    static bool waitForAnswer(AgentTestClient& client, const QJsonValue& id, qint64 ms)
    {
        QSignalSpy responses(&client, &AgentTestClient::responseReceived);
        QElapsedTimer clock;
        clock.start();
        while (!client.hasResponse(id) && clock.elapsed() < ms && client.isConnected())
            responses.wait(int(qBound(qint64(1), ms - clock.elapsed(), qint64(200))));
        return client.hasResponse(id);
    }

    // The stand-in's `hang` child of the current hang, once it has started (0 before).
    qint64 hangChild() const
    {
        QFile file(hangPidPath());
        return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toLongLong() : 0;
    }

    // Every `sandbox run` the stand-in received, its code.
    QStringList codesRun() const
    {
        QStringList codes;
        for (const QJsonObject& run : k8::test::readStandinRuns(stateDir()))
            codes.append(run.value(QStringLiteral("code")).toString());
        return codes;
    }

    void stopDeskAndVerifyLedger(QProcess& desk, int entries)
    {
        QSignalSpy finished(&desk, &QProcess::finished);
        desk.terminate();
        QVERIFY(finished.wait(Wait));
        QCOMPARE(desk.exitCode(), 0);
        QProcess verify;
        verify.start(m_binary, {QStringLiteral("--verify-ledger"), ledgerPath()});
        QVERIFY(verify.waitForFinished(Wait));
        QCOMPARE(verify.exitCode(), 0);
        QVERIFY(verify.readAllStandardOutput().contains(QByteArray::number(entries) + " entries chain"));
    }

    QString readLog() const
    {
        QFile log(logPath());
        return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString();
    }
    qint64 m_kosa8Pid = 0;

    // rules.json with one rule, "fault-run", approving exactly `code`; its path (empty on failure).
    QString writeRule(const QString& code) { return writeRules({code}); }

    // The pid of the newest stand-in call whose argv starts with `first` `second` (calls.jsonl), 0: none.
    qint64 standinPid(const QString& first, const QString& second) const
    {
        qint64 pid = 0;
        for (const QJsonObject& call : k8::test::readJsonLines(stateDir() + QStringLiteral("/calls.jsonl"))) {
            const QJsonArray argv = call.value(QStringLiteral("argv")).toArray();
            if (argv.size() >= 2 && argv.at(0).toString() == first && argv.at(1).toString() == second)
                pid = call.value(QStringLiteral("pid")).toInteger();
        }
        return pid;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = locateBinaries();
        QVERIFY2(missing.isEmpty(), qPrintable(missing));
    }

    void init() { QVERIFY(setUpFolders()); }
    void cleanup()
    {
        // Whatever a failed run left must not outlive the test.
        const qint64 pid = hangChild();
        if (pid > 1 && !k8::test::processIsDead(pid))
            ::kill(pid_t(pid), SIGKILL);
        // And the kosa8 of a run the app was killed in (a failed killedAppEndsKosa8AndReportsTheCutOffRun).
        if (m_kosa8Pid > 1 && !k8::test::processIsDead(m_kosa8Pid))
            ::kill(-pid_t(m_kosa8Pid), SIGKILL);
        m_kosa8Pid = 0;
        tearDownFolders();
    }

    void faultyRunKeepsTheAppResponsive_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("fault");
        QTest::addColumn<int>("timeoutS");
        QTest::addColumn<QString>("outcome"); // the error's data.outcome; empty: a result
        QTest::addColumn<QString>("says");    // in the error's data.stderr (what the person reads too)

        QTest::newRow("hangs past its timeout")
            << QStringLiteral("# stdout: started\nprint('hang')")
            << QStringLiteral(R"({"sandbox run": {"mode": "hang"}})") << 3 << QStringLiteral("timed out")
            << QStringLiteral("did not finish within the run's time limit of 3 s");
        QTest::newRow("SIGSEGV mid-output")
            << QStringLiteral(
                   "# stdout: before the crash\n# stdout-fill: 300000\n# crash: SIGSEGV\n# stdout: never")
            << QString() << 0 << QStringLiteral("crashed")
            << QStringLiteral("killed by signal %1, SIGSEGV").arg(SIGSEGV);
        QTest::newRow("abort mid-output")
            << QStringLiteral(
                   "# stdout: before the crash\n# stdout-fill: 300000\n# crash: SIGABRT\n# stdout: never")
            << QString() << 0 << QStringLiteral("crashed")
            << QStringLiteral("killed by signal %1, SIGABRT").arg(SIGABRT);
        // KOSA8_E2E_FLOOD_BYTES sets the size; the default is the 1 GiB of issue 14, about 4 s on
        // the two-core test machine since the run console shows output in slices
        // (tests/e2e/README.md).
        bool ok = false;
        qint64 flood = qEnvironmentVariable("KOSA8_E2E_FLOOD_BYTES").toLongLong(&ok);
        if (!ok || flood <= 0)
            flood = qint64(1) << 30;
        flood = qMax(flood, 2 * OutputCapKiB * 1024); // past the cap, so the answer says truncated
        QTest::newRow("floods stdout") << QStringLiteral("# stdout: flood\n# stdout-fill: %1").arg(flood)
                                       << QString() << 0 << QString() << QString();
    }

    void faultyRunKeepsTheAppResponsive()
    {
        QFETCH(QString, code);
        QFETCH(QString, fault);
        QFETCH(int, timeoutS);
        QFETCH(QString, outcome);
        QFETCH(QString, says);

        QCOMPARE(
            standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")}), 0);
        const QString rules = writeRules({code});
        QVERIFY(!rules.isEmpty());

        QProcess desk;
        QVERIFY(startDesk(desk, rules, fault));
        const auto killDesk = qScopeGuard([&] {
            if (desk.state() != QProcess::NotRunning) {
                desk.kill();
                desk.waitForFinished(Wait);
            }
        });

        AgentTestClient agent;
        AgentTestClient pinger;
        for (AgentTestClient* client : {&agent, &pinger})
            QVERIFY2(connectToDesk(*client, desk), "the app did not listen");
        QVERIFY(!pinger.waitForResult(pinger.request(QStringLiteral("ping")), Wait).isUndefined());
        const qint64 pid = desk.processId();
        const qint64 residentBefore = k8::test::procStatusKiB(pid, "VmRSS");
        QVERIFY(residentBefore > 0);

        Heartbeat heartbeat(&pinger);
        heartbeat.start();
        QElapsedTimer clock;
        clock.start();
        QJsonObject params{{QStringLiteral("code"), code},
                           {QStringLiteral("agent"), QStringLiteral("fault-bot")}};
        if (timeoutS > 0)
            params.insert(QStringLiteral("timeout_s"), timeoutS);
        const QJsonValue id = agent.request(QStringLiteral("run"), params);
        QSignalSpy responses(&agent, &AgentTestClient::responseReceived);
        while (!agent.hasResponse(id) && clock.elapsed() < 10 * Wait && agent.isConnected())
            responses.wait(1000);
        heartbeat.stop();
        const qint64 elapsed = clock.elapsed();
        QVERIFY2(agent.hasResponse(id), "no answer to the run");
        const qint64 peak = k8::test::procStatusKiB(pid, "VmHWM");
        const QJsonObject answer = agent.response(id);
        const double cpuS = k8::test::processCpuSeconds(pid);

        qInfo("%s: answered after %lld ms; heartbeat: %d pings, longest round trip %lld ms; RSS %lld KiB "
              "before, peak %lld KiB; the app used %.1f s of CPU so far",
              QTest::currentDataTag(), elapsed, heartbeat.count(), heartbeat.longestMs(), residentBefore,
              peak, cpuS);
        QVERIFY2(heartbeat.count() > 0, "no ping was answered while the run went on");
        QVERIFY2(heartbeat.longestMs() < MaxStallMs,
                 qPrintable(QStringLiteral("the event loop stalled for %1 ms").arg(heartbeat.longestMs())));
        if constexpr (k8::test::MemoryBoundsHold) {
            QVERIFY2(peak - residentBefore < 2 * OutputCapKiB + MarginKiB,
                     qPrintable(
                         QStringLiteral("peak %1 KiB, %2 KiB before the run").arg(peak).arg(residentBefore)));
        }

        if (outcome.isEmpty()) {
            const QJsonObject result = answer.value(QStringLiteral("result")).toObject();
            QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
            QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(-1), 0);
            QVERIFY2(result.value(QStringLiteral("truncated")).toBool(),
                     "a flood past the cap says truncated");
            const QString out = result.value(QStringLiteral("stdout")).toString();
            QVERIFY(out.startsWith(QStringLiteral("flood\n")));
            QVERIFY(out.size() <= OutputCapKiB * 1024);
        } else {
            const QJsonObject error = answer.value(QStringLiteral("error")).toObject();
            QCOMPARE(error.value(QStringLiteral("code")).toInt(), -32010);
            const QJsonObject data = error.value(QStringLiteral("data")).toObject();
            QCOMPARE(data.value(QStringLiteral("outcome")).toString(), outcome);
            QVERIFY2(data.value(QStringLiteral("stderr")).toString().contains(says),
                     qPrintable(data.value(QStringLiteral("stderr")).toString()));
            QVERIFY(data.value(QStringLiteral("command")).toString().contains(QStringLiteral("sandbox run")));
            // The output up to the crash reached the agent while it ran (a hang fault stops the
            // stand-in before the code's directives, so nothing is printed there).
            QString streamed;
            for (const QJsonObject& note : agent.notifications(QStringLiteral("run.output")))
                streamed += note.value(QStringLiteral("data")).toString();
            if (fault.isEmpty())
                QVERIFY2(streamed.startsWith(QStringLiteral("before the crash\n")),
                         qPrintable(streamed.left(200)));
            QVERIFY(!streamed.contains(QStringLiteral("never")));
        }

        // What a hang left running was ended with it.
        if (const qint64 child = hangChild(); child > 0)
            QTRY_VERIFY_WITH_TIMEOUT(k8::test::processIsDead(child), Wait);

        // Exactly what the rule approved, once; the app still answers; a clean exit.
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(entries.first().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:fault-run"));
        QVERIFY(!pinger.waitForResult(pinger.request(QStringLiteral("ping")), Wait).isUndefined());
        stopDeskAndVerifyLedger(desk, 1);
        if (QTest::currentTestFailed())
            return;

        // The person is told what happened (the window's message is logged as it is posted).
        QFile log(logPath());
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QString logText = QString::fromUtf8(log.readAll());
        if (!outcome.isEmpty())
            QVERIFY2(logText.contains(says), qPrintable(logText.right(3000)));
    }

    // Issue 24, finding 9: kosa8 hangs in the checkpoint before a run. The run's timeout_s is one
    // budget from its approval (here a rule's, at once) to its answer: the checkpoint is stopped
    // when it ends, and the agent hears -32010 naming the checkpoint at about that time, not when
    // kosa8's 30-minute limit for a checkpoint would have ended it. The run behind it in the same
    // sandbox is not stuck: it runs once the first is answered. A run whose checkpoint hangs can
    // still be withdrawn (`cancel` answers cancelled: true), and its checkpoint is stopped.
    void hungCheckpointEndsWithTheRunsBudget()
    {
        QCOMPARE(
            standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")}), 0);
        const QString first = QStringLiteral("# stdout: first\n");
        const QString second = QStringLiteral("# stdout: second\n");
        const QString third = QStringLiteral("# stdout: third\n");
        const QString rules = writeRules({first, second, third});
        QVERIFY(!rules.isEmpty());
        QProcess desk;
        QVERIFY(startDesk(desk, rules, HangingCheckpoint));
        const auto killDesk = qScopeGuard([&] {
            if (desk.state() != QProcess::NotRunning) {
                desk.kill();
                desk.waitForFinished(Wait);
            }
        });
        AgentTestClient agent;
        QVERIFY2(connectToDesk(agent, desk), "the app did not listen");

        constexpr int BudgetS = 5;
        QElapsedTimer clock;
        clock.start();
        const QJsonValue firstId =
            agent.request(QStringLiteral("run"), {{QStringLiteral("code"), first},
                                                  {QStringLiteral("agent"), QStringLiteral("budget-bot")},
                                                  {QStringLiteral("timeout_s"), BudgetS}});
        // Approved by its rule at once too; it waits for code-runner behind the first.
        const QJsonValue secondId =
            agent.request(QStringLiteral("run"), {{QStringLiteral("code"), second},
                                                  {QStringLiteral("agent"), QStringLiteral("budget-bot")},
                                                  {QStringLiteral("timeout_s"), 600}});
        const bool firstAnswered = waitForAnswer(agent, firstId, BudgetS * 1000 + MaxLateMs);
        const qint64 firstAfter = clock.elapsed();
        QVERIFY2(firstAnswered,
                 qPrintable(
                     QStringLiteral("no answer to a run with timeout_s %1 after %2 ms (its checkpoint hangs)")
                         .arg(BudgetS)
                         .arg(firstAfter)));
        qInfo("the run with the hung checkpoint was answered after %lld ms (timeout_s %d)", firstAfter,
              BudgetS);
        // Not before its budget: the budget counts from the approval, after the request was sent.
        QVERIFY2(firstAfter >= BudgetS * 1000 - 500, qPrintable(QString::number(firstAfter)));
        const QJsonObject error = agent.response(firstId).value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toInt(), -32010);
        const QString message = error.value(QStringLiteral("message")).toString();
        QVERIFY2(message.contains(QStringLiteral("checkpoint")) &&
                     message.contains(QStringLiteral("time limit of %1 s").arg(BudgetS)),
                 qPrintable(message));
        const QJsonObject data = error.value(QStringLiteral("data")).toObject();
        QCOMPARE(data.value(QStringLiteral("step")).toString(), QStringLiteral("checkpoint"));
        QCOMPARE(data.value(QStringLiteral("outcome")).toString(), QStringLiteral("timed out"));
        QVERIFY2(data.value(QStringLiteral("command"))
                     .toString()
                     .contains(QStringLiteral("checkpoint code-runner")),
                 qPrintable(data.value(QStringLiteral("command")).toString()));
        QVERIFY(data.value(QStringLiteral("checkpoint")).isNull());
        // The hung checkpoint was ended, all of it.
        const qint64 firstHang = hangChild();
        QVERIFY(firstHang > 0);
        QTRY_VERIFY_WITH_TIMEOUT(k8::test::processIsDead(firstHang), Wait);

        // The second run was not stuck behind it: its checkpoint (kosa8 answers this one), its code.
        QVERIFY2(waitForAnswer(agent, secondId, Wait), "the second run in the sandbox got no answer");
        const QJsonObject result = agent.response(secondId).value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QVERIFY2(result.value(QStringLiteral("stdout")).toString().startsWith(QStringLiteral("second\n")),
                 qPrintable(result.value(QStringLiteral("stdout")).toString()));
        QVERIFY(result.value(QStringLiteral("checkpoint")).toString().startsWith(QStringLiteral("before-")));
        QCOMPARE(codesRun(), QStringList{second});

        // The third run's checkpoint hangs as well; its agent withdraws it while it hangs.
        QFile::remove(hangPidPath());
        {
            QFile faults(stateDir() + QStringLiteral("/faults.json"));
            QVERIFY(faults.open(QIODevice::WriteOnly));
            faults.write(HangingCheckpoint.toUtf8());
        }
        const QJsonValue thirdId =
            agent.request(QStringLiteral("run"), {{QStringLiteral("code"), third},
                                                  {QStringLiteral("agent"), QStringLiteral("budget-bot")},
                                                  {QStringLiteral("timeout_s"), 600}});
        QTRY_VERIFY_WITH_TIMEOUT(hangChild() > 0, Wait);
        const qint64 thirdHang = hangChild();
        const QJsonValue cancelled = agent.waitForResult(
            agent.request(QStringLiteral("cancel"), {{QStringLiteral("id"), thirdId}}), Wait);
        QCOMPARE(cancelled.toObject().value(QStringLiteral("cancelled")), QJsonValue(true));
        QVERIFY(waitForAnswer(agent, thirdId, Wait));
        const QJsonObject withdrawn = agent.response(thirdId).value(QStringLiteral("result")).toObject();
        QCOMPARE(withdrawn.value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
        QTRY_VERIFY_WITH_TIMEOUT(k8::test::processIsDead(thirdHang), Wait);
        QCOMPARE(codesRun(), QStringList{second});

        // The three approvals, then the withdrawal of the third; nothing else.
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 4);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(entries.at(i).value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(entries.at(3).value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
        QCOMPARE(entries.at(3).value(QStringLiteral("decided_by")).toString(), QStringLiteral("withdrawn"));
        stopDeskAndVerifyLedger(desk, 4);
    }

    // A run without timeout_s gets a bounded checkpoint too: the limit in the settings (here 2 s,
    // written in the data folder's kosa8-desk.ini as the Settings page saves it), not 30 minutes.
    void hungCheckpointWithoutTimeoutEndsAtTheSettingsLimit()
    {
        QCOMPARE(
            standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")}), 0);
        QVERIFY(QDir().mkpath(dataDir()));
        {
            QFile ini(dataDir() + QStringLiteral("/kosa8-desk.ini"));
            QVERIFY(ini.open(QIODevice::WriteOnly));
            ini.write("[agent]\nrunStepLimitS=2\n");
        }
        const QString code = QStringLiteral("# stdout: no timeout\n");
        const QString rules = writeRules({code});
        QVERIFY(!rules.isEmpty());
        QProcess desk;
        QVERIFY(startDesk(desk, rules, HangingCheckpoint));
        const auto killDesk = qScopeGuard([&] {
            if (desk.state() != QProcess::NotRunning) {
                desk.kill();
                desk.waitForFinished(Wait);
            }
        });
        AgentTestClient agent;
        QVERIFY2(connectToDesk(agent, desk), "the app did not listen");

        QElapsedTimer clock;
        clock.start();
        const QJsonValue id =
            agent.request(QStringLiteral("run"),
                          {{QStringLiteral("code"), code}, {QStringLiteral("agent"), QStringLiteral("bot")}});
        const bool answered = waitForAnswer(agent, id, 2000 + MaxLateMs);
        QVERIFY2(
            answered,
            qPrintable(QStringLiteral("no answer after %1 ms (its checkpoint hangs)").arg(clock.elapsed())));
        const QJsonObject error = agent.response(id).value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toInt(), -32010);
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("within 2 s")),
                 qPrintable(error.value(QStringLiteral("message")).toString()));
        const QJsonObject data = error.value(QStringLiteral("data")).toObject();
        QCOMPARE(data.value(QStringLiteral("step")).toString(), QStringLiteral("checkpoint"));
        QCOMPARE(data.value(QStringLiteral("outcome")).toString(), QStringLiteral("timed out"));
        const qint64 hang = hangChild();
        QVERIFY(hang > 0);
        QTRY_VERIFY_WITH_TIMEOUT(k8::test::processIsDead(hang), Wait);
        QVERIFY(codesRun().isEmpty());
        stopDeskAndVerifyLedger(desk, 1);
    }

    // issue 24, finding 10: kosa8 prints noise between the rows of `sandbox ls` (the stand-in's
    // "noise" fault: 13 lines, 7 of them starting with a valid sandbox name). Agents asking
    // `sandboxes` get the one real sandbox, and are told the list is partial and by how much.
    void noisySandboxListIsPartialForAgents()
    {
        QCOMPARE(
            standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")}), 0);
        k8::test::DeskProcess desk(m_binary, m_standin, dataDir(), socketPath(), stateDir());
        desk.setEnvironmentValue(QStringLiteral("KOSA8_STANDIN_FAULT"),
                                 QStringLiteral(R"({"sandbox ls": {"mode": "noise"}})"));
        desk.process().setStandardOutputFile(logPath());
        desk.process().setStandardErrorFile(logPath(), QIODevice::Append);
        desk.start();
        AgentTestClient agent;
        QVERIFY2(desk.connect(agent), "the app did not listen");
        QJsonObject answer;
        const auto listed = [&] {
            answer = agent.waitForResult(agent.request(QStringLiteral("sandboxes")), Wait).toObject();
            return answer.value(QStringLiteral("listed")).toBool();
        };
        QTRY_VERIFY_WITH_TIMEOUT(listed(), Wait);
        QStringList names;
        for (const QJsonValue& sandbox : answer.value(QStringLiteral("sandboxes")).toArray())
            names.append(sandbox.toObject().value(QStringLiteral("name")).toString());
        QCOMPARE(names, QStringList{QStringLiteral("code-runner")});
        QCOMPARE(answer.value(QStringLiteral("partial")).toBool(), true);
        QCOMPARE(answer.value(QStringLiteral("unreadable_lines")).toInt(), 13);
        QCOMPARE(desk.terminate(), 0);
    }

    // issue 24, finding 11: the app killed with SIGKILL while kosa8 runs an approved run that
    // hangs. Nothing kosa8 started may outlive the app (kosa8 itself and the child it spawned are
    // gone, waited on with a bound), and the next start says the run was cut off: in the window
    // (its message is logged as it is posted) and in run-results.jsonl with "cut_off": true,
    // which History and the sandbox's timeline read.
    void killedAppEndsKosa8AndReportsTheCutOffRun()
    {
        const QString code = QStringLiteral("# stdout: started\nprint('cut off')");
        QCOMPARE(
            standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")}), 0);
        const QString rules = writeRule(code);
        QVERIFY(!rules.isEmpty());
        const QString hangChildFile = stateDir() + QStringLiteral("/hang-child.pid");
        QJsonValue runId;
        {
            k8::test::DeskProcess desk(m_binary, m_standin, dataDir(), socketPath(), stateDir());
            desk.setEnvironmentValue(QStringLiteral("KOSA8_STANDIN_FAULT"),
                                     QStringLiteral(R"({"sandbox run": {"mode": "hang"}})"));
            desk.process().setStandardOutputFile(logPath());
            desk.process().setStandardErrorFile(logPath(), QIODevice::Append);
            desk.start({QStringLiteral("--rules"), rules, QStringLiteral("--verbose")});
            AgentTestClient agent;
            QVERIFY2(desk.connect(agent), "the app did not listen");
            runId = agent.request(QStringLiteral("run"),
                                  QJsonObject{{QStringLiteral("code"), code},
                                              {QStringLiteral("agent"), QStringLiteral("cut-bot")}});
            // The rule approved it and kosa8 hangs in it: its child is written down, kosa8 is in calls.jsonl.
            QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(hangChildFile) && QFile(hangChildFile).size() > 0, Wait);
            m_kosa8Pid = standinPid(QStringLiteral("sandbox"), QStringLiteral("run"));
            QVERIFY(m_kosa8Pid > 1);
            QFile pidFile(hangChildFile);
            QVERIFY(pidFile.open(QIODevice::ReadOnly));
            const qint64 child = pidFile.readAll().trimmed().toLongLong();
            QVERIFY(child > 1);
            QVERIFY(!k8::test::processIsDead(m_kosa8Pid));
            QVERIFY(!k8::test::processIsDead(child));
            QVERIFY(!agent.hasResponse(runId));

            QVERIFY(desk.killHard());
            // Gone with the app, not left to init: kosa8 and what it started.
            QTRY_VERIFY2_WITH_TIMEOUT(k8::test::processIsDead(m_kosa8Pid),
                                      "kosa8 (the stand-in) outlived the app killed with SIGKILL", Wait);
            QTRY_VERIFY2_WITH_TIMEOUT(k8::test::processIsDead(child),
                                      "the process kosa8 started outlived the app killed with SIGKILL", Wait);
        }
        QCOMPARE(ledger().size(), 1);
        QCOMPARE(ledger().first().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:fault-run"));

        // The next start says so, once.
        QFile::remove(logPath());
        k8::test::DeskProcess again(m_binary, m_standin, dataDir(), socketPath(), stateDir());
        again.process().setStandardOutputFile(logPath());
        again.process().setStandardErrorFile(logPath(), QIODevice::Append);
        again.start({QStringLiteral("--rules"), rules, QStringLiteral("--verbose")});
        AgentTestClient agent;
        QVERIFY2(again.connect(agent), "the app did not listen after the restart");
        QTRY_VERIFY2_WITH_TIMEOUT(readLog().contains(QStringLiteral("A run was cut off")),
                                  qPrintable(readLog().right(3000)), Wait);
        const QString logText = readLog();
        QCOMPARE(logText.count(QStringLiteral("A run was cut off")), 1);
        QVERIFY2(logText.contains(QStringLiteral("code-runner")), qPrintable(logText.right(3000)));

        const QList<QJsonObject> results =
            k8::test::readJsonLines(dataDir() + QStringLiteral("/run-results.jsonl"));
        QCOMPARE(results.size(), 1);
        const QJsonObject cutOff = results.first();
        QVERIFY(cutOff.value(QStringLiteral("cut_off")).toBool());
        QVERIFY(!cutOff.value(QStringLiteral("ran")).toBool(true));
        QCOMPARE(cutOff.value(QStringLiteral("sandbox")).toString(), QStringLiteral("code-runner"));
        QCOMPARE(cutOff.value(QStringLiteral("agent")).toString(), QStringLiteral("cut-bot"));
        QCOMPARE(cutOff.value(QStringLiteral("request")).toString(), AgentTestClient::idKey(runId));
        // The journal is owner-only and holds no run still open.
        const QString journal = dataDir() + QStringLiteral("/run-journal.jsonl");
        QVERIFY(QFile::exists(journal));
        QCOMPARE(QFile::permissions(journal) &
                     (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther),
                 QFileDevice::Permissions());
        QCOMPARE(again.terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestE2eKosa8Faults)
#include "tst_e2e_kosa8_faults.moc"
