// SPDX-License-Identifier: Apache-2.0
// Issue 28: a trial of the code under review in a throwaway copy of its sandbox with no network.
// Every step goes through the real runner to the kosa8 stand-in; what kosa8 was asked is read
// back from the stand-in's own record of its calls, and the copies from its state.
#include "agent/canonical/Sha256.h"
#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Types.h"
#include "support/ProcessScan.h"
#include "support/TestJson.h"
#include "support/Waits.h"
#include "trial/CopyRemoval.h"
#include "trial/HostMountRecord.h"
#include "trial/TrialCopies.h"
#include "trial/TrialRun.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace k8;
using namespace k8::trial;
using namespace Qt::StringLiterals;
using k8::kosa8::JobResult;
using k8::kosa8::Operation;

class TestTrialRun : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_state; // the stand-in's
    std::unique_ptr<QTemporaryDir> m_data;  // the app's data folder
    std::unique_ptr<kosa8::Kosa8Runner> m_runner;

    kosa8::Kosa8Runner* makeRunner()
    {
        m_runner = std::make_unique<kosa8::Kosa8Runner>();
        kosa8::ConnectionProfile connection;
        connection.executable = qEnvironmentVariable("KOSA8_STANDIN");
        connection.extraEnvironment.insert(u"KOSA8_STANDIN_STATE"_s, m_state->path());
        if (QFileInfo(u"/usr/bin/python3"_s).isExecutable())
            connection.extraEnvironment.insert(u"PATH"_s, u"/usr/bin:"_s + qEnvironmentVariable("PATH"));
        m_runner->setConnection(connection);
        return m_runner.get();
    }

    JobResult run(Operation op, const QVariantMap& params)
    {
        QSignalSpy finished(m_runner->start(op, params), &kosa8::Kosa8Job::finished);
        if (!finished.wait(test::waits::Standin))
            return {};
        return finished.first().first().value<JobResult>();
    }

    void writeFaults(const QByteArray& json)
    {
        QFile file(m_state->filePath(u"faults.json"_s));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(json);
    }

    // The sandboxes the stand-in holds now: name -> egress.
    QMap<QString, QString> sandboxes() const
    {
        QFile file(m_state->filePath(u"state.json"_s));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        QMap<QString, QString> names;
        for (const QJsonValue& sandbox : QJsonDocument::fromJson(file.readAll())[u"sandboxes"_s].toArray())
            names.insert(sandbox[u"name"_s].toString(), sandbox[u"egress"_s].toString());
        return names;
    }

    // Each kosa8 call's first words after the program (the stand-in's calls.jsonl).
    QStringList callsFrom(qsizetype first) const
    {
        QStringList verbs;
        const QList<QStringList> calls = test::readStandinCalls(m_state->path());
        for (qsizetype i = first; i < calls.size(); ++i)
            verbs.append(calls[i].mid(0, 2).join(u' '));
        return verbs;
    }

    qsizetype callCount() const { return test::readStandinCalls(m_state->path()).size(); }

    TrialSpec spec(const QString& code) const
    {
        TrialSpec spec;
        spec.code = code;
        spec.language = u"python"_s;
        spec.sandbox = u"box1"_s;
        spec.image = u"python:3.12-slim"_s;
        return spec;
    }

    TrialResult tryCode(const TrialSpec& trialSpec, TrialCopies* copies, QList<QStringList>* steps = nullptr,
                        QByteArray* streamed = nullptr)
    {
        TrialRun trial(m_runner.get(), copies);
        QSignalSpy finished(&trial, &TrialRun::finished);
        QSignalSpy started(&trial, &TrialRun::stepStarted);
        QByteArray out;
        connect(&trial, &TrialRun::output, this, [&out](bool, const QByteArray& bytes) { out += bytes; });
        trial.start(trialSpec);
        if (!finished.wait(test::waits::Binary)) {
            qWarning("the trial did not finish");
            return {};
        }
        if (steps) {
            for (const QList<QVariant>& step : std::as_const(started))
                steps->append({step.at(0).toString(), step.at(1).toString()});
        }
        if (streamed)
            *streamed = out;
        return finished.first().first().value<TrialResult>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<TrialResult>();
        QVERIFY2(QFileInfo::exists(qEnvironmentVariable("KOSA8_STANDIN")),
                 "KOSA8_STANDIN names the stand-in");
    }

    void init()
    {
        m_state = std::make_unique<QTemporaryDir>();
        m_data = std::make_unique<QTemporaryDir>();
        makeRunner();
        QVERIFY(run(Operation::SandboxCreate,
                    kosa8::params::create(m_runner->profile(), u"box1"_s,
                                          kosa8::EgressPolicy::allow({u"pypi.org"_s}), {}))
                    .ok());
    }

    void cleanup()
    {
        for (const auto& [mode, orphan] : test::standinOrphans(m_state->path())) {
            if (orphan > 0)
                ::kill(pid_t(orphan), SIGKILL);
        }
        m_runner.reset();
    }

    // The whole sequence: fork, written down at once, the copy's network cut and read back, the
    // code run in the copy as an approved run would run it, the copy removed and crossed out. The
    // original sandbox keeps its network and is never the one the code runs in.
    void theCodeRunsInACopyWithoutNetworkThatIsThenRemoved()
    {
        TrialCopies copies(m_data->path());
        const qsizetype before = callCount();
        QList<QStringList> steps;
        QByteArray streamed;
        const QString code = u"# stdout: tried\n# exit: 3\nprint('x')\n"_s;
        const TrialResult result = tryCode(spec(code), &copies, &steps, &streamed);

        QVERIFY2(result.problem.isEmpty(), qPrintable(result.problem));
        QVERIFY(result.ran);
        QCOMPARE(result.exitCode, 3);
        QVERIFY(result.stdoutData.contains("tried"));
        QVERIFY(streamed.contains("tried"));
        QCOMPARE(result.copy, u"box1-fork1"_s);
        QVERIFY(result.copyRemoved);
        QVERIFY(result.removalProblem.isEmpty());
        QCOMPARE(result.codeSha256, agent::sha256Hex(code.toUtf8()));
        QCOMPARE(callsFrom(before), (QStringList{u"sandbox ls"_s, u"fork box1"_s, u"sandbox egress"_s,
                                                 u"sandbox ls"_s, u"sandbox run"_s, u"sandbox rm"_s}));
        const QList<QStringList> calls = test::readStandinCalls(m_state->path());
        QCOMPARE(calls[before + 2],
                 (QStringList{u"sandbox"_s, u"egress"_s, u"box1-fork1"_s, u"--egress"_s, u"deny"_s}));
        QCOMPARE(calls[before + 5], (QStringList{u"sandbox"_s, u"rm"_s, u"box1-fork1"_s}));
        // The code ran in the copy, byte for byte, with the request's image.
        const QList<QJsonObject> runs = test::readStandinRuns(m_state->path());
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first()[u"sandbox"_s].toString(), u"box1-fork1"_s);
        QCOMPARE(runs.first()[u"image"_s].toString(), u"python:3.12-slim"_s);
        QCOMPARE(runs.first()[u"code"_s].toString(), code);
        // Every step's exact command, as shown to the person, one per kosa8 call.
        QCOMPARE(result.commands.size(), 6);
        QCOMPARE(steps.size(), 6);
        QVERIFY2(result.commands.at(1).contains(u"fork box1 -n 1"_s), qPrintable(result.commands.at(1)));
        QVERIFY(result.commands.at(4).contains(u"sandbox run box1-fork1 python:3.12-slim"_s));
        // Nothing is left: the copy is gone from kosa8 and from the app's record.
        QCOMPARE(sandboxes(), (QMap<QString, QString>{{u"box1"_s, u"allow:pypi.org"_s}}));
        QVERIFY(copies.leftovers().isEmpty());
    }

    void aForkThatFailsRunsNothing()
    {
        writeFaults(R"({"fork": {"mode": "exit", "code": 4, "message": "kosa8: no space for a fork"}})");
        TrialCopies copies(m_data->path());
        const qsizetype before = callCount();
        const TrialResult result = tryCode(spec(u"print(1)\n"_s), &copies);
        QVERIFY(!result.ran);
        QVERIFY2(result.problem.contains(u"could not fork box1"_s), qPrintable(result.problem));
        QVERIFY2(result.problem.contains(u"no space for a fork"_s), qPrintable(result.problem));
        QVERIFY(result.copy.isEmpty());
        QCOMPARE(callsFrom(before), (QStringList{u"sandbox ls"_s, u"fork box1"_s}));
        QVERIFY(test::readStandinRuns(m_state->path()).isEmpty());
        QVERIFY(copies.leftovers().isEmpty());
    }

    // The trial must not run with the original's network: when the change fails, or kosa8 says it
    // worked but the list does not show deny, nothing runs and the copy is removed.
    void theCodeNeverRunsWithTheOriginalsNetwork_data()
    {
        QTest::addColumn<QByteArray>("faults");
        QTest::addColumn<QString>("said");
        QTest::newRow("egress fails") << QByteArray(R"({"sandbox egress": {"mode": "exit", "code": 2}})")
                                      << u"could not cut the copy's network"_s;
        QTest::newRow("egress claims success, changes nothing")
            << QByteArray(R"({"sandbox egress": {"mode": "exit", "code": 0, "message": "ok"}})")
            << u"allow:pypi.org"_s;
        // The list before the fork reads normally (skip 1); the one after the egress change does not.
        QTest::newRow("list fails") << QByteArray(R"({"sandbox ls": {"mode": "exit", "code": 1, "skip": 1}})")
                                    << u"could not list the sandboxes"_s;
        QTest::newRow("list is garbage") << QByteArray(R"({"sandbox ls": {"mode": "garbage", "skip": 1}})")
                                         << u"the copy is not in the list"_s;
        // A list that does not say the copy's egress: "deny" is not assumed.
        QTest::newRow("list without an egress column")
            << QByteArray(R"({"sandbox ls": {"mode": "print", "skip": 1,
                            "message": "NAME         STATUS\nbox1         running\nbox1-fork1   running"}})")
            << u"its egress reads \"\""_s;
    }

    void theCodeNeverRunsWithTheOriginalsNetwork()
    {
        QFETCH(QByteArray, faults);
        QFETCH(QString, said);
        writeFaults(faults);
        TrialCopies copies(m_data->path());
        const qsizetype before = callCount();
        const TrialResult result = tryCode(spec(u"print(1)\n"_s), &copies);
        QVERIFY(!result.ran);
        QVERIFY2(result.problem.contains(said), qPrintable(result.problem));
        QVERIFY(!callsFrom(before).contains(u"sandbox run"_s));
        QVERIFY(test::readStandinRuns(m_state->path()).isEmpty());
        QCOMPARE(callsFrom(before).last(), u"sandbox rm"_s);
        QVERIFY(result.copyRemoved);
        QCOMPARE(sandboxes().keys(), QStringList{u"box1"_s});
        QVERIFY(copies.leftovers().isEmpty());
    }

    // What is there before the fork is never taken for the copy: kosa8 naming the original or
    // another existing sandbox as its copy touches neither (no egress change, no run, no removal).
    void anExistingSandboxIsNeverTakenForTheCopy_data()
    {
        QTest::addColumn<QString>("printed");
        QTest::newRow("the original") << u"box1"_s;
        QTest::newRow("another sandbox") << u"prod"_s;
    }

    void anExistingSandboxIsNeverTakenForTheCopy()
    {
        QFETCH(QString, printed);
        QVERIFY(run(Operation::SandboxCreate,
                    kosa8::params::create(m_runner->profile(), u"prod"_s, kosa8::EgressPolicy::deny(), {}))
                    .ok());
        writeFaults(QJsonDocument(QJsonObject{{u"fork"_s, QJsonObject{{u"mode"_s, u"print"_s},
                                                                      {u"message"_s, printed}}}})
                        .toJson());
        TrialCopies copies(m_data->path());
        const qsizetype before = callCount();
        const TrialResult result = tryCode(spec(u"print(1)\n"_s), &copies);
        QVERIFY(!result.ran);
        QVERIFY2(result.problem.contains(u"existed before the fork"_s), qPrintable(result.problem));
        QVERIFY(result.copy.isEmpty());
        QCOMPARE(callsFrom(before), (QStringList{u"sandbox ls"_s, u"fork box1"_s}));
        QCOMPARE(sandboxes(),
                 (QMap<QString, QString>{{u"box1"_s, u"allow:pypi.org"_s}, {u"prod"_s, u"deny"_s}}));
        QVERIFY(copies.leftovers().isEmpty());
    }

    // A sandbox kosa8 does not list as running is not forked.
    void aStoppedSandboxIsNotForked()
    {
        QVERIFY(run(Operation::SandboxStop, kosa8::params::sandbox(u"box1"_s)).ok());
        TrialCopies copies(m_data->path());
        const qsizetype before = callCount();
        const TrialResult result = tryCode(spec(u"print(1)\n"_s), &copies);
        QVERIFY2(result.problem.contains(u"does not list box1 as running"_s), qPrintable(result.problem));
        QCOMPARE(callsFrom(before), QStringList{u"sandbox ls"_s});
    }

    // Code that does not end is stopped at the trial's limit, and the copy still goes.
    void codeThatHangsIsStoppedAtTheLimit()
    {
        TrialCopies copies(m_data->path());
        TrialSpec hanging = spec(u"# sleep-ms: 600000\nprint(1)\n"_s);
        hanging.limitMs = 1500;
        const TrialResult result = tryCode(hanging, &copies);
        QVERIFY(result.timedOut);
        QVERIFY(!result.ran);
        QVERIFY2(result.problem.contains(u"time limit of 2 s"_s), qPrintable(result.problem));
        QVERIFY(result.copyRemoved);
        QCOMPARE(sandboxes().keys(), QStringList{u"box1"_s});
        QVERIFY(copies.leftovers().isEmpty());
    }

    // The person stops a trial while its code runs: the code is stopped and the copy still goes.
    void stoppingATrialStillRemovesTheCopy()
    {
        TrialCopies copies(m_data->path());
        TrialRun trial(m_runner.get(), &copies);
        QSignalSpy finished(&trial, &TrialRun::finished);
        QSignalSpy steps(&trial, &TrialRun::stepStarted);
        trial.start(spec(u"# sleep-ms: 600000\nprint(1)\n"_s));
        // List, fork, egress, list, then the code's own command has started.
        QTRY_COMPARE_WITH_TIMEOUT(steps.count(), 5, test::waits::Standin);
        QCOMPARE(trial.step(), TrialRun::Step::Run);
        trial.cancel();
        QVERIFY(finished.wait(test::waits::Standin));
        const TrialResult result = finished.first().first().value<TrialResult>();
        QVERIFY(!result.ran);
        QVERIFY(!result.timedOut);
        QVERIFY2(result.problem.contains(u"stopped"_s), qPrintable(result.problem));
        QVERIFY(result.copyRemoved);
        QCOMPARE(sandboxes().keys(), QStringList{u"box1"_s});
        QVERIFY(copies.leftovers().isEmpty());
    }

    // kosa8 refusing to remove a running copy: stopped, then removed.
    void aRefusedRemovalStopsTheCopyFirst()
    {
        writeFaults(
            R"({"sandbox rm": {"mode": "exit", "code": 1, "once": true, "message": "kosa8: box is running"}})");
        TrialCopies copies(m_data->path());
        const qsizetype before = callCount();
        const TrialResult result = tryCode(spec(u"print(1)\n"_s), &copies);
        QVERIFY(result.ran);
        QVERIFY(result.copyRemoved);
        QCOMPARE(callsFrom(before).mid(5),
                 (QStringList{u"sandbox rm"_s, u"sandbox stop"_s, u"sandbox rm"_s}));
        QCOMPARE(sandboxes().keys(), QStringList{u"box1"_s});
        QVERIFY(copies.leftovers().isEmpty());
    }

    // A copy kosa8 will not remove is never forgotten: it stays on the record, said in the result,
    // and is found again by a new record over the same folder (the next start).
    void aCopyThatCannotBeRemovedStaysRecorded()
    {
        writeFaults(R"({"sandbox rm": {"mode": "exit", "code": 1, "message": "kosa8: busy"}})");
        TrialCopies copies(m_data->path());
        const TrialResult result = tryCode(spec(u"print(1)\n"_s), &copies);
        QVERIFY(result.ran);
        QVERIFY(!result.copyRemoved);
        QVERIFY2(result.removalProblem.contains(u"box1-fork1"_s), qPrintable(result.removalProblem));
        QVERIFY2(result.removalProblem.contains(u"busy"_s), qPrintable(result.removalProblem));
        const QList<TrialCopy> left = TrialCopies(m_data->path()).leftovers();
        QCOMPARE(left.size(), 1);
        QCOMPARE(left.first().copy, u"box1-fork1"_s);
        QCOMPARE(left.first().sandbox, u"box1"_s);
        QVERIFY(sandboxes().contains(u"box1-fork1"_s));

        // The next start: kosa8 removes it now, and the record crosses it out.
        writeFaults("{}");
        TrialCopies next(m_data->path());
        CopyRemoval removal(m_runner.get(), &next);
        QSignalSpy removed(&removal, &CopyRemoval::finished);
        removal.start({next.leftovers().first().copy});
        QVERIFY(removed.wait(test::waits::Standin));
        QCOMPARE(removed.first().at(0).toStringList(), QStringList{u"box1-fork1"_s});
        QVERIFY(removed.first().at(1).toStringList().isEmpty());
        QVERIFY(next.leftovers().isEmpty());
        QCOMPARE(sandboxes().keys(), QStringList{u"box1"_s});
    }

    // The copy is written down before anything else happens to it: a trial cut short after the
    // fork (the app killed) leaves a record that names it.
    void theCopyIsRecordedBeforeItsNetworkIsTouched()
    {
        writeFaults(R"({"sandbox egress": {"mode": "hang"}})");
        TrialCopies copies(m_data->path());
        auto trial = std::make_unique<TrialRun>(m_runner.get(), &copies);
        QSignalSpy steps(trial.get(), &TrialRun::stepStarted);
        trial->start(spec(u"print(1)\n"_s));
        QTRY_COMPARE_WITH_TIMEOUT(steps.count(), 3, test::waits::Standin);
        // The fork ended and the egress change hangs: the record already holds the copy.
        const QList<TrialCopy> left = TrialCopies(m_data->path()).leftovers();
        QCOMPARE(left.size(), 1);
        QCOMPARE(left.first().copy, u"box1-fork1"_s);
        // The app goes away mid-trial (its runner ends what it started): the copy stays recorded.
        trial.reset();
        m_runner.reset();
        QCOMPARE(TrialCopies(m_data->path()).leftovers().size(), 1);
    }

    // The record of copies: made, removed, a line cut off by a crash, emptied when all are gone.
    void theRecordOfCopies()
    {
        TrialCopies copies(m_data->path());
        QVERIFY(copies.recordMade(u"a-fork1"_s, u"a"_s, nullptr));
        QVERIFY(copies.recordMade(u"b-fork1"_s, u"b"_s, nullptr));
        {
            QFile file(copies.path());
            QVERIFY(file.open(QIODevice::Append));
            file.write("{\"made\":\"cut-off"); // a write cut off by a crash
        }
        QVERIFY(copies.recordRemoved(u"a-fork1"_s, nullptr));
        QCOMPARE(copies.leftovers().size(), 1);
        QCOMPARE(copies.leftovers().first().copy, u"b-fork1"_s);
        QVERIFY(copies.isLeftover(u"b-fork1"_s));
        QVERIFY(!copies.isLeftover(u"a-fork1"_s));
        QVERIFY(copies.recordRemoved(u"b-fork1"_s, nullptr));
        QVERIFY(copies.leftovers().isEmpty());
        QCOMPARE(QFileInfo(copies.path()).size(), 0);
    }

    // Only sandboxes the app made without -v may be tried: the record follows every create and
    // remove the runner finishes, whoever started them.
    void onlySandboxesMadeWithoutHostMountsAreKnownMountFree()
    {
        HostMountRecord record(m_data->path());
        record.watch(m_runner.get());
        QVERIFY(record.whyNotMountFree(u"box1"_s, nullptr)
                    .contains(u"no record of creating box1"_s)); // made before
        QVERIFY(run(Operation::SandboxCreate,
                    kosa8::params::create(m_runner->profile(), u"plain"_s, kosa8::EgressPolicy::deny(), {}))
                    .ok());
        QVERIFY(run(Operation::SandboxCreate,
                    kosa8::params::create(m_runner->profile(), u"mounted"_s, kosa8::EgressPolicy::deny(),
                                          {u"/tmp:/host"_s}))
                    .ok());
        QCOMPARE(record.whyNotMountFree(u"plain"_s, nullptr), QString());
        QVERIFY(record.whyNotMountFree(u"mounted"_s, nullptr).contains(u"host folders"_s));
        // Read again at the next start.
        HostMountRecord reread(m_data->path());
        QCOMPARE(reread.whyNotMountFree(u"plain"_s, nullptr), QString());
        QVERIFY(!reread.whyNotMountFree(u"mounted"_s, nullptr).isEmpty());
        // A sandbox of the same name created later, outside the app, is not known.
        kosa8::Sandbox later;
        later.name = u"plain"_s;
        later.created = QDateTime::currentDateTimeUtc().addSecs(3600);
        QVERIFY(!reread.whyNotMountFree(u"plain"_s, &later).isEmpty());
        // Removed through the app: forgotten.
        QVERIFY(run(Operation::SandboxRemove, kosa8::params::sandbox(u"plain"_s)).ok());
        QVERIFY(!record.whyNotMountFree(u"plain"_s, nullptr).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTrialRun)
#include "tst_trialrun.moc"
