// SPDX-License-Identifier: Apache-2.0
#include "kosa8/InterpreterLoader.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "kosa8/ProcessTree.h"
#include "support/ProcessScan.h"
#include "support/TestJson.h"
#include "support/Waits.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <csignal>
#include <memory>
#include <sstream>

using namespace Qt::StringLiterals;
using namespace k8::kosa8;
using Outcome = JobResult::Outcome;

Q_DECLARE_METATYPE(k8::kosa8::JobResult)

namespace {

constexpr int WaitMs = k8::test::waits::Standin;

QString standinPath()
{
    const QString fromEnv = qEnvironmentVariable("KOSA8_STANDIN");
    if (!fromEnv.isEmpty())
        return fromEnv;
    return QDir::cleanPath(QStringLiteral(QT_TESTCASE_SOURCEDIR) + u"/../../standin/kosa8"_s);
}

// True when the process is gone or only a zombie waiting to be reaped: either way it is dead.
bool processDead(qint64 pid)
{
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return true;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close < 0 || text.mid(close + 2, 1) == "Z";
}

} // namespace

class TestKosa8Runner : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();

    void successStreamsLinesInOrder();
    void listOutputParses();
    void nonZeroExitKeepsStderr();
    void runDirectivesAndExitCode();
    void runOutputPipeHoldsMore();
    void timeoutKillsTheProcessTree();
    void cancelKillsTheProcessTree();
    void cancelRightAfterStart();
    void cancelAllAndCancelAfterTheEnd();
    void crashMidOutputKeepsPartialStdout();
    void missingBinary_data();
    void missingBinary();
    void hugeOutputIsCapped();
    void nonUtf8OutputIsReplaced();
    void invalidNameStartsNoProcess_data();
    void invalidNameStartsNoProcess();
    void codeArrivesExactly();
    void largeCodeGoesOnStandardInput();
    void tokenIsMaskedEverywhere();
    void tokenSplitAcrossTwoReadsIsMasked();
    void finishedIsNeverSynchronous();
    void jobDeletesItselfAndRunnerForgetsIt();
    void auditVerifyFindsTampering();
    void profileOverrideIsUsed();
    void exitEndsWhatKosa8LeftBehind_data();
    void aCancelAfterKosa8ExitedLeavesItsResult();
    void exitEndsWhatKosa8LeftBehind();
    void daemonStartKeepsItsDaemon();
    void destroyingTheRunnerEndsEveryTree();

private:
    Kosa8Runner* makeRunner(const QMap<QString, QString>& env = {});
    JobResult run(Kosa8Runner* runner, Operation op, const QVariantMap& params = {},
                  const JobOptions& options = {});
    JobResult waitFor(Kosa8Job* job);
    QList<QStringList> calls() const;
    QList<QJsonObject> runs() const;
    void writeFaults(const QByteArray& json);
    qint64 hangChildPid() const;
    qint64 lastStandinPid() const;

    std::unique_ptr<QTemporaryDir> m_state;
    QList<QPointer<Kosa8Runner>> m_runners;
};

void TestKosa8Runner::init()
{
    m_state = std::make_unique<QTemporaryDir>();
    QVERIFY(m_state->isValid());
    QVERIFY2(QFileInfo(standinPath()).isExecutable(), qPrintable(standinPath()));
}

void TestKosa8Runner::cleanup()
{
    for (const auto& runner : m_runners)
        delete runner.data();
    m_runners.clear();
    // Whatever a failed test left hanging must not outlive it.
    const qint64 pid = hangChildPid();
    if (pid > 0 && !processDead(pid))
        ::kill(pid_t(pid), SIGKILL);
    if (m_state) {
        for (const auto& [mode, orphan] : k8::test::standinOrphans(m_state->path())) {
            if (orphan > 0 && !processDead(orphan))
                ::kill(pid_t(orphan), SIGKILL);
        }
    }
    m_state.reset();
}

Kosa8Runner* TestKosa8Runner::makeRunner(const QMap<QString, QString>& env)
{
    auto* runner = new Kosa8Runner;
    ConnectionProfile connection;
    connection.executable = standinPath();
    connection.extraEnvironment = env;
    connection.extraEnvironment.insert(u"KOSA8_STANDIN_STATE"_s, m_state->path());
    // The stand-in starts through `env python3`; a version manager's shim first on PATH can cost
    // a second per call, so the system interpreter goes first when there is one.
    if (QFileInfo(u"/usr/bin/python3"_s).isExecutable())
        connection.extraEnvironment.insert(u"PATH"_s, u"/usr/bin:"_s + qEnvironmentVariable("PATH"));
    runner->setConnection(connection);
    m_runners.append(runner);
    return runner;
}

JobResult TestKosa8Runner::waitFor(Kosa8Job* job)
{
    QSignalSpy spy(job, &Kosa8Job::finished);
    if (!spy.wait(WaitMs)) {
        qWarning("job did not finish");
        return {};
    }
    return spy.first().first().value<JobResult>();
}

JobResult TestKosa8Runner::run(Kosa8Runner* runner, Operation op, const QVariantMap& params,
                               const JobOptions& options)
{
    return waitFor(runner->start(op, params, options));
}

QList<QStringList> TestKosa8Runner::calls() const
{
    return k8::test::readStandinCalls(m_state->path());
}

QList<QJsonObject> TestKosa8Runner::runs() const
{
    return k8::test::readStandinRuns(m_state->path());
}

void TestKosa8Runner::writeFaults(const QByteArray& json)
{
    QFile file(m_state->filePath(u"faults.json"_s));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(json);
}

qint64 TestKosa8Runner::hangChildPid() const
{
    if (!m_state)
        return -1;
    QFile file(m_state->filePath(u"hang-child.pid"_s));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    bool ok = false;
    const qint64 pid = file.readAll().trimmed().toLongLong(&ok);
    return ok ? pid : -1;
}

qint64 TestKosa8Runner::lastStandinPid() const
{
    const QList<QJsonObject> entries = k8::test::readJsonLines(m_state->filePath(u"calls.jsonl"_s));
    return entries.isEmpty() ? -1 : entries.last().value(u"pid"_s).toInteger(-1);
}

void TestKosa8Runner::successStreamsLinesInOrder()
{
    Kosa8Runner* runner = makeRunner();
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"demo"_s}}).ok());

    QSignalSpy runnerFinished(runner, &Kosa8Runner::jobFinished);
    Kosa8Job* job =
        runner->start(Operation::SandboxPull, {{u"name"_s, u"demo"_s}, {u"image"_s, u"python:3.12-slim"_s}});
    QStringList lines;
    connect(job, &Kosa8Job::stdoutLine, this, [&lines](const QString& line) { lines.append(line); });
    QSignalSpy started(job, &Kosa8Job::started);
    const JobResult result = waitFor(job);

    QCOMPARE(started.count(), 1);
    QCOMPARE(result.outcome, Outcome::Finished);
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.ok());
    const QStringList expected{u"Pulling python:3.12-slim: 0%"_s,   u"Pulling python:3.12-slim: 25%"_s,
                               u"Pulling python:3.12-slim: 50%"_s,  u"Pulling python:3.12-slim: 75%"_s,
                               u"Pulling python:3.12-slim: 100%"_s, u"Pulled python:3.12-slim"_s};
    QCOMPARE(lines, expected);
    QCOMPARE(result.stdoutText(), expected.join(u'\n') + u'\n');
    QCOMPARE(result.operation, Operation::SandboxPull);
    QCOMPARE(result.arguments, (QStringList{u"sandbox"_s, u"pull"_s, u"demo"_s, u"python:3.12-slim"_s}));
    QVERIFY(result.preview.endsWith(u"kosa8 sandbox pull demo python:3.12-slim"_s));
    QVERIFY(result.durationMs >= 0);
    QVERIFY(result.startedAt.isValid());
    QCOMPARE(runnerFinished.count(), 1);
    QCOMPARE(calls().last(), result.arguments);
    // The create before it went out with the fail-closed default egress.
    QCOMPARE(calls().first(), (QStringList{u"sandbox"_s, u"create"_s, u"demo"_s, u"--egress"_s, u"deny"_s}));
}

void TestKosa8Runner::listOutputParses()
{
    Kosa8Runner* runner = makeRunner();
    QVERIFY(run(runner, Operation::SandboxCreate,
                {{u"name"_s, u"web"_s},
                 {u"hosts"_s, QStringList{u"pypi.org"_s, u"files.pythonhosted.org"_s}},
                 {u"mount_list"_s, QStringList{u"/tmp:/work"_s}}})
                .ok());
    QVERIFY(
        run(runner, Operation::SandboxCreate, {{u"name"_s, u"quiet"_s}, {u"egress"_s, u"fakenet"_s}}).ok());
    QCOMPARE(calls().first(),
             (QStringList{u"sandbox"_s, u"create"_s, u"web"_s, u"--egress-allow"_s, u"pypi.org"_s,
                          u"--egress-allow"_s, u"files.pythonhosted.org"_s, u"-v"_s, u"/tmp:/work"_s}));

    const JobResult list = run(runner, Operation::SandboxList);
    QVERIFY(list.ok());
    const auto parsed = ListParser::sandboxes(list.stdoutData);
    QVERIFY(parsed.problems.isEmpty());
    QCOMPARE(parsed.items.size(), 2);
    QCOMPARE(parsed.items[0].name, u"web"_s);
    QCOMPARE(parsed.items[0].egress, EgressPolicy::allow({u"pypi.org"_s, u"files.pythonhosted.org"_s}));
    QCOMPARE(parsed.items[1].egress.mode, EgressPolicy::Mode::Fakenet);
    QVERIFY(parsed.items[1].created.isValid());

    const JobResult version = run(runner, Operation::Version);
    const VersionInfo info = ListParser::version(version.stdoutData);
    QCOMPARE(info.client, u"0.9.0-standin"_s);
    QCOMPARE(info.serverLabel, u"daemon"_s);
}

void TestKosa8Runner::nonZeroExitKeepsStderr()
{
    Kosa8Runner* runner = makeRunner();
    const JobResult result = run(runner, Operation::SandboxRemove, {{u"name"_s, u"nope"_s}});
    QCOMPARE(result.outcome, Outcome::Finished);
    QCOMPARE(result.exitCode, 1);
    QVERIFY(!result.ok());
    QVERIFY2(result.stderrText().contains(u"sandbox \"nope\" not found"_s), qPrintable(result.stderrText()));
    const QString description = result.describeFailure();
    QVERIFY2(description.contains(u"sandbox rm nope"_s), qPrintable(description));
    QVERIFY2(description.contains(u"code 1"_s), qPrintable(description));
    QVERIFY2(description.contains(u"not found"_s), qPrintable(description));

    // A profile entry the user's kosa8 rejects: exact command, exit code 2, stderr.
    writeFaults(
        R"({"audit ls": {"mode": "exit", "code": 2, "message": "kosa8: unknown command \"ls\" for \"kosa8 audit\""}})");
    const JobResult rejected = run(runner, Operation::AuditList);
    QCOMPARE(rejected.exitCode, 2);
    QVERIFY(rejected.stderrText().contains(u"unknown command"_s));
}

void TestKosa8Runner::runDirectivesAndExitCode()
{
    Kosa8Runner* runner = makeRunner();
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"demo"_s}}).ok());
    Kosa8Job* job = runner->start(
        Operation::SandboxRun, {{u"name"_s, u"demo"_s},
                                {u"image"_s, u"python:3.12-slim"_s},
                                {u"code"_s, u"# stdout: one\n# stderr: oops\n# stdout: two\n# exit: 3\n"_s}});
    QStringList out, err;
    connect(job, &Kosa8Job::stdoutLine, this, [&out](const QString& l) { out.append(l); });
    connect(job, &Kosa8Job::stderrLine, this, [&err](const QString& l) { err.append(l); });
    const JobResult result = waitFor(job);
    QCOMPARE(result.outcome, Outcome::Finished);
    QCOMPARE(result.exitCode, 3);
    QCOMPARE(out, (QStringList{u"one"_s, u"two"_s, u"ran 53 bytes of python in demo"_s}));
    QCOMPARE(err, QStringList{u"oops"_s});
    QCOMPARE(result.stderrText(), u"oops\n"_s);
}

void TestKosa8Runner::timeoutKillsTheProcessTree()
{
    Kosa8Runner* runner = makeRunner({{u"KOSA8_STANDIN_FAULT"_s, uR"({"version": {"mode": "hang"}})"_s}});
    JobOptions options;
    options.timeoutMs = 5000; // long enough for python to start and spawn its child on a busy machine
    const JobResult result = run(runner, Operation::Version, {}, options);
    QCOMPARE(result.outcome, Outcome::TimedOut);
    QVERIFY(result.durationMs >= 4900);
    QVERIFY(!result.errorText.isEmpty());
    QVERIFY(result.describeFailure().contains(u"timed out"_s));
    const qint64 child = hangChildPid();
    QVERIFY2(child > 0, "the hang fault did not get to spawn its child");
    QTRY_VERIFY_WITH_TIMEOUT(processDead(child), WaitMs);
}

void TestKosa8Runner::cancelKillsTheProcessTree()
{
    Kosa8Runner* runner = makeRunner({{u"KOSA8_STANDIN_FAULT"_s, uR"({"*": {"mode": "hang"}})"_s}});
    Kosa8Job* job = runner->start(Operation::DaemonStatus);
    QSignalSpy finished(job, &Kosa8Job::finished);
    QTRY_VERIFY_WITH_TIMEOUT(hangChildPid() > 0, WaitMs);
    QCOMPARE(runner->runningCount(), 1);
    job->cancel();
    QVERIFY(finished.wait(WaitMs));
    const JobResult result = finished.first().first().value<JobResult>();
    QCOMPARE(result.outcome, Outcome::Cancelled);
    QVERIFY(result.describeFailure().contains(u"cancelled"_s));
    QVERIFY(result.describeFailure().contains(u"daemon status"_s));
    QTRY_VERIFY_WITH_TIMEOUT(processDead(hangChildPid()), WaitMs);
    QCOMPARE(runner->runningCount(), 0);
}

void TestKosa8Runner::cancelRightAfterStart()
{
    Kosa8Runner* runner = makeRunner({{u"KOSA8_STANDIN_FAULT"_s, uR"({"*": {"mode": "hang"}})"_s}});
    Kosa8Job* job = runner->start(Operation::Version);
    QSignalSpy finished(job, &Kosa8Job::finished);
    job->cancel(); // before the process has even started
    QVERIFY(finished.wait(WaitMs));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().value<JobResult>().outcome, Outcome::Cancelled);
}

void TestKosa8Runner::cancelAllAndCancelAfterTheEnd()
{
    Kosa8Runner* runner =
        makeRunner({{u"KOSA8_STANDIN_FAULT"_s, uR"({"*": {"mode": "delay", "ms": 60000}})"_s}});
    QSignalSpy all(runner, &Kosa8Runner::jobFinished);
    runner->start(Operation::Version);
    runner->start(Operation::SandboxList);
    Kosa8Job* invalid = runner->start(Operation::SandboxStart, {{u"name"_s, u"-x"_s}});
    invalid->cancel(); // it never ran: it still ends as Invalid
    QCOMPARE(runner->runningCount(), 3);
    runner->cancelAll();
    QTRY_COMPARE_WITH_TIMEOUT(all.count(), 3, WaitMs);
    QCOMPARE(runner->runningCount(), 0);
    QList<Outcome> outcomes;
    for (const auto& args : all)
        outcomes.append(args.first().value<JobResult>().outcome);
    QCOMPARE(outcomes.count(Outcome::Cancelled), 2);
    QCOMPARE(outcomes.count(Outcome::Invalid), 1);

    // Cancelling a finished job changes nothing.
    Kosa8Runner* plain = makeRunner();
    Kosa8Job* job = plain->start(Operation::Version);
    const JobResult result = waitFor(job);
    QVERIFY(result.ok());
}

void TestKosa8Runner::crashMidOutputKeepsPartialStdout()
{
    Kosa8Runner* runner = makeRunner();
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"one"_s}}).ok());
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"two"_s}}).ok());
    const JobResult full = run(runner, Operation::SandboxList);
    writeFaults(R"({"sandbox ls": {"mode": "crash", "once": true}})");
    const JobResult result = run(runner, Operation::SandboxList);
    QCOMPARE(result.outcome, Outcome::Crashed);
    QVERIFY(!result.ok());
    // The person reads which signal ended it (the stand-in's crash is a SIGKILL by default).
    QVERIFY2(result.errorText.contains(u"SIGKILL"_s), qPrintable(result.errorText));
    QVERIFY(!result.stdoutData.isEmpty());
    QCOMPARE(result.stdoutData, full.stdoutData.left(full.stdoutData.size() / 2));
    // `once`: the next call behaves again.
    QVERIFY(run(runner, Operation::SandboxList).ok());
}

void TestKosa8Runner::missingBinary_data()
{
    QTest::addColumn<QString>("executable");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("absolute path") << u"/nonexistent/bin/kosa8"_s << u"/nonexistent/bin/kosa8"_s;
    QTest::newRow("name on PATH") << u"kosa8-not-installed-here"_s << u"PATH"_s;
    QTest::newRow("not executable") << QStringLiteral(QT_TESTCASE_SOURCEDIR "/CMakeLists.txt")
                                    << u"not found"_s;
}

void TestKosa8Runner::missingBinary()
{
    QFETCH(QString, executable);
    QFETCH(QString, mentions);
    Kosa8Runner* runner = makeRunner();
    ConnectionProfile connection = runner->connection();
    connection.executable = executable;
    runner->setConnection(connection);
    Kosa8Job* job = runner->start(Operation::Version);
    QSignalSpy finished(job, &Kosa8Job::finished);
    QCOMPARE(finished.count(), 0);
    QVERIFY(finished.wait(WaitMs));
    const JobResult result = finished.first().first().value<JobResult>();
    QCOMPARE(result.outcome, Outcome::FailedToStart);
    QVERIFY2(result.errorText.contains(mentions), qPrintable(result.errorText));
    QVERIFY2(result.errorText.contains(u"Settings"_s), qPrintable(result.errorText));
    QVERIFY(result.describeFailure().contains(result.errorText));
}

// A run's output goes through a pipe of 256 KiB, so code printing fast is not stopped every
// 64 KiB (Linux's default) until the app has read them; other commands keep the default.
void TestKosa8Runner::runOutputPipeHoldsMore()
{
#ifndef Q_OS_LINUX
    QSKIP("a pipe's size is set on Linux only (F_SETPIPE_SZ)");
#endif
    Kosa8Runner* runner = makeRunner();
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"demo"_s}}).ok());
    const JobResult result = run(runner, Operation::SandboxRun,
                                 {{u"name"_s, u"demo"_s},
                                  {u"image"_s, u"python:3.12-slim"_s},
                                  {u"code"_s, u"# stdout-pipe-size:\n"_s}});
    QCOMPARE(result.outcome, Outcome::Finished);
    QVERIFY2(result.stdoutData.startsWith("stdout pipe 262144\n"), result.stdoutData.constData());
}

void TestKosa8Runner::hugeOutputIsCapped()
{
    const qint64 total = 2 * 1024 * 1024;
    Kosa8Runner* runner =
        makeRunner({{u"KOSA8_STANDIN_FAULT"_s, uR"({"version": {"mode": "huge", "bytes": 2097152}})"_s}});
    RunnerLimits limits;
    limits.outputCapBytes = 64 * 1024;
    runner->setLimits(limits);
    Kosa8Job* job = runner->start(Operation::Version);
    qint64 streamedLines = 0;
    qint64 streamedBytes = 0;
    connect(job, &Kosa8Job::stdoutLine, this, [&streamedLines](const QString&) { ++streamedLines; });
    connect(job, &Kosa8Job::outputChunk, this,
            [&streamedBytes](bool, const QByteArray& d) { streamedBytes += d.size(); });
    const JobResult result = waitFor(job);
    QVERIFY(result.ok());
    QCOMPARE(result.stdoutData.size(), limits.outputCapBytes);
    QVERIFY(result.stdoutTruncated);
    QVERIFY(result.truncated());
    QVERIFY(!result.stderrTruncated);
    QCOMPARE(result.stdoutDroppedBytes, total - limits.outputCapBytes);
    QVERIFY(result.stdoutData.startsWith("huge output line 000000000 "));
    // Every line was still streamed, even past the cap.
    QCOMPARE(streamedBytes, total);
    QCOMPARE(streamedLines, (total + 97) / 98);
}

void TestKosa8Runner::nonUtf8OutputIsReplaced()
{
    Kosa8Runner* runner = makeRunner({{u"KOSA8_STANDIN_FAULT"_s, uR"({"version": {"mode": "not-utf8"}})"_s}});
    Kosa8Job* job = runner->start(Operation::Version);
    QStringList lines;
    connect(job, &Kosa8Job::stdoutLine, this, [&lines](const QString& l) { lines.append(l); });
    const JobResult result = waitFor(job);
    QVERIFY(result.ok());
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0], u"kosa8 0.9.0-standin"_s);
    QVERIFY(lines[2].startsWith(u"caf\uFFFD"_s));
    QVERIFY(result.stdoutText().contains(QChar(0xFFFD)));
    QVERIFY(result.stdoutData.contains("caf\xe9"));
    QCOMPARE(ListParser::version(result.stdoutData).client, u"0.9.0-standin"_s);
}

void TestKosa8Runner::invalidNameStartsNoProcess_data()
{
    QTest::addColumn<Operation>("op");
    QTest::addColumn<QVariantMap>("params");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("flag as name") << Operation::SandboxCreate << QVariantMap{{u"name"_s, u"-rf"_s}}
                                  << u"\"-rf\""_s;
    QTest::newRow("empty name") << Operation::SandboxStart << QVariantMap{} << u"empty"_s;
    QTest::newRow("shell in label") << Operation::CheckpointCreate
                                    << QVariantMap{{u"name"_s, u"demo"_s}, {u"label"_s, u"a;rm -rf /"_s}}
                                    << u"label"_s;
    QTest::newRow("bad image") << Operation::SandboxPull
                               << QVariantMap{{u"name"_s, u"demo"_s}, {u"image"_s, u"--privileged"_s}}
                               << u"image"_s;
    QTest::newRow("bad host") << Operation::SandboxEgress
                              << QVariantMap{{u"name"_s, u"demo"_s},
                                             {u"hosts"_s, QStringList{u"pypi.org"_s, u"-x"_s}}}
                              << u"\"-x\""_s;
    QTest::newRow("bad mount") << Operation::SandboxCreate
                               << QVariantMap{{u"name"_s, u"demo"_s},
                                              {u"mount_list"_s, QStringList{u"rel:/x"_s}}}
                               << u"HOSTPATH:GUESTPATH"_s;
    QTest::newRow("bad mode") << Operation::SandboxEgress
                              << QVariantMap{{u"name"_s, u"demo"_s}, {u"mode"_s, u"everything"_s}}
                              << u"everything"_s;
    QTest::newRow("egress missing") << Operation::SandboxEgress << QVariantMap{{u"name"_s, u"demo"_s}}
                                    << u"egress"_s;
    QTest::newRow("unknown language") << Operation::SandboxRun
                                      << QVariantMap{{u"name"_s, u"demo"_s},
                                                     {u"image"_s, u"alpine"_s},
                                                     {u"language"_s, u"cobol"_s},
                                                     {u"code"_s, u"x"_s}}
                                      << u"cobol"_s;
    QTest::newRow("fork count") << Operation::Fork << QVariantMap{{u"name"_s, u"demo"_s}, {u"count"_s, 0}}
                                << u"64"_s;
}

void TestKosa8Runner::invalidNameStartsNoProcess()
{
    QFETCH(Operation, op);
    QFETCH(QVariantMap, params);
    QFETCH(QString, mentions);
    Kosa8Runner* runner = makeRunner();
    QVERIFY(run(runner, Operation::Version).ok()); // so calls.jsonl exists
    const qsizetype callsBefore = calls().size();

    QString previewError;
    QVERIFY(runner->preview(op, params, &previewError).isEmpty());
    QVERIFY2(previewError.contains(mentions), qPrintable(previewError));

    Kosa8Job* job = runner->start(op, params);
    QVERIFY(job);
    QSignalSpy finished(job, &Kosa8Job::finished);
    QSignalSpy started(job, &Kosa8Job::started);
    QCOMPARE(finished.count(), 0);
    QVERIFY(finished.wait(WaitMs));
    const JobResult result = finished.first().first().value<JobResult>();
    QCOMPARE(result.outcome, Outcome::Invalid);
    QVERIFY2(result.errorText.contains(mentions), qPrintable(result.errorText));
    QCOMPARE(started.count(), 0);
    QCOMPARE(calls().size(), callsBefore);
}

void TestKosa8Runner::codeArrivesExactly()
{
    Kosa8Runner* runner = makeRunner();
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"demo"_s}}).ok());
    const QString asciiCode =
        u"import sys\nprint('hello \"world\"  $(id) `x` ; | & \\\\')\n\n\t# stdout: done\n"_s;
    const QString code =
        u"import sys\nprint('héllo \"wörld\"  $(id) `x` ; | & \\\\')\n\n\t# stdout: done\n"_s;

    const JobResult asArgument =
        run(runner, Operation::SandboxRun,
            {{u"name"_s, u"demo"_s}, {u"image"_s, u"python:3.12-slim"_s}, {u"code"_s, asciiCode}});
    QVERIFY(asArgument.ok());
    QCOMPARE(runs().last().value(u"code"_s).toString(), asciiCode);
    QCOMPARE(runs().last().value(u"argv"_s).toArray().size(), 3);
    QVERIFY(runs().last().value(u"stdin"_s).isNull());
    QCOMPARE(asArgument.stdoutText().split(u'\n').first(), u"done"_s);

    // Code outside ASCII (or with a NUL) never goes as an argument: standard input, byte for byte.
    const QString withNul = code + QChar(u'\0') + u"import os\n"_s;
    const JobResult switched =
        run(runner, Operation::SandboxRun,
            {{u"name"_s, u"demo"_s}, {u"image"_s, u"python:3.12-slim"_s}, {u"code"_s, withNul}});
    QVERIFY(switched.ok());
    QCOMPARE(switched.operation, Operation::SandboxRunStdin);
    QCOMPARE(QByteArray::fromBase64(runs().last().value(u"stdin_b64"_s).toString().toLatin1()),
             withNul.toUtf8());
    // python -c LOADER: Python compiles the code as a str, so no encoding declaration counts.
    QCOMPARE(runs().last().value(u"argv"_s).toArray().size(), 3);
    QCOMPARE(runs().last().value(u"argv"_s).toArray().last().toString(),
             k8::kosa8::InterpreterLoader::pythonProgram());

    const JobResult onStdin = run(runner, Operation::SandboxRunStdin,
                                  {{u"name"_s, u"demo"_s},
                                   {u"image"_s, u"python:3.12-slim"_s},
                                   {u"code"_s, code},
                                   {u"language"_s, u"bash"_s}});
    QVERIFY(onStdin.ok());
    QCOMPARE(onStdin.arguments, (QStringList{u"sandbox"_s, u"run"_s, u"-i"_s, u"demo"_s,
                                             u"python:3.12-slim"_s, u"bash"_s, u"-s"_s}));
    QCOMPARE(runs().last().value(u"stdin"_s).toString(), code);
    QCOMPARE(runs().last().value(u"code"_s).toString(), code);
    QCOMPARE(runs().last().value(u"language"_s).toString(), u"bash"_s);
    const QByteArray bytes = code.toUtf8();
    QVERIFY(onStdin.stdoutText().contains(u"ran %1 bytes of bash in demo"_s.arg(bytes.size())));
}

void TestKosa8Runner::largeCodeGoesOnStandardInput()
{
    Kosa8Runner* runner = makeRunner();
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"demo"_s}}).ok());
    QString code = u"# stdout: big\n"_s;
    while (code.size() < 300 * 1024)
        code += u"x = 'a line of agent code that makes the program large'\n"_s;
    Kosa8Job* job =
        runner->start(Operation::SandboxRun,
                      {{u"name"_s, u"demo"_s}, {u"image"_s, u"python:3.12-slim"_s}, {u"code"_s, code}});
    QCOMPARE(job->operation(), Operation::SandboxRunStdin);
    const JobResult result = waitFor(job);
    QVERIFY2(result.ok(), qPrintable(result.describeFailure()));
    QCOMPARE(result.arguments.mid(result.arguments.size() - 3), k8::kosa8::InterpreterLoader::pythonStdin());
    QCOMPARE(runs().last().value(u"stdin"_s).toString(), code);
    QVERIFY(!result.preview.contains(u"a line of agent code"_s));
}

void TestKosa8Runner::tokenIsMaskedEverywhere()
{
    const QString token = u"s3cr3t-T0KEN-value"_s;
    std::ostringstream log;
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(log);
    auto previous = spdlog::default_logger();
    spdlog::set_default_logger(std::make_shared<spdlog::logger>("test", sink));

    Kosa8Runner* runner = makeRunner();
    ConnectionProfile connection = runner->connection();
    connection.host = u"mac-mini.local"_s;
    connection.token = token;
    runner->setConnection(connection);
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"demo"_s}}).ok());

    const QString code = u"# stderr: the token is "_s + token + u"\n# stdout: "_s + token + u"\n"_s;
    Kosa8Job* job = runner->start(Operation::SandboxRun,
                                  {{u"name"_s, u"demo"_s}, {u"image"_s, u"alpine"_s}, {u"code"_s, code}});
    QStringList errLines;
    connect(job, &Kosa8Job::stderrLine, this, [&errLines](const QString& l) { errLines.append(l); });
    QVERIFY(!job->preview().contains(token));
    const JobResult result = waitFor(job);
    spdlog::set_default_logger(previous);

    QVERIFY(result.ok());
    QVERIFY(result.preview.startsWith(u"KOSA8_HOST=mac-mini.local KOSA8_TOKEN=••••••"_s));
    QVERIFY(!result.preview.contains(token));
    QVERIFY(!result.stderrText().contains(token));
    QVERIFY(!result.stdoutText().contains(token));
    QCOMPARE(errLines, QStringList{u"the token is ••••••"_s});
    QVERIFY(!result.describeFailure().contains(token));
    QVERIFY(!runner->preview(Operation::SandboxList, {}).contains(token));
    const std::string logged = log.str();
    QVERIFY2(logged.find("kosa8 job") != std::string::npos, logged.c_str());
    QVERIFY(logged.find(token.toStdString()) == std::string::npos);

    // The child got the real token in its environment.
    QFile file(m_state->filePath(u"calls.jsonl"_s));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject last = QJsonDocument::fromJson(file.readAll().trimmed().split('\n').last()).object();
    QCOMPARE(last.value(u"token"_s).toString(), token);
    QCOMPARE(last.value(u"host"_s).toString(), u"mac-mini.local"_s);
}

void TestKosa8Runner::tokenSplitAcrossTwoReadsIsMasked()
{
    // The first half of the token, then (once the test has read it) the second: the streamed
    // chunks, which go to the run console and to the agent, must never hold it either.
    const QString token = u"s3cr3t-T0KEN-value"_s;
    Kosa8Runner* runner = makeRunner();
    ConnectionProfile connection = runner->connection();
    connection.token = token;
    runner->setConnection(connection);
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"demo"_s}}).ok());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto write = [&dir](const QString& name, const QByteArray& bytes) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(bytes), bytes.size());
    };
    write(u"first"_s, "before " + token.left(7).toUtf8());
    write(u"second"_s, token.mid(7).toUtf8() + " after\n");
    const QString go = dir.filePath(u"go"_s);
    const QString code = u"# stdout-file: %1\n# wait-file: %2\n# stdout-file: %3\n"_s.arg(
        dir.filePath(u"first"_s), go, dir.filePath(u"second"_s));
    JobOptions chunksOnly;
    chunksOnly.splitLines = false;
    Kosa8Job* job =
        runner->start(Operation::SandboxRun,
                      {{u"name"_s, u"demo"_s}, {u"image"_s, u"alpine"_s}, {u"code"_s, code}}, chunksOnly);
    QByteArray streamed;
    QList<QByteArray> chunks;
    connect(job, &Kosa8Job::outputChunk, this, [&](bool isStderr, const QByteArray& data) {
        if (isStderr)
            return;
        chunks << data;
        streamed += data;
        if (chunks.size() == 1) {
            QFile made(go); // the second half comes only after the first was read
            QVERIFY(made.open(QIODevice::WriteOnly));
        }
    });
    const JobResult result = waitFor(job);
    QVERIFY(result.ok());
    // The first read ended inside the token: what could be its start was held back.
    QVERIFY(!chunks.isEmpty());
    QCOMPARE(chunks.first(), QByteArray("before "));
    QVERIFY(!streamed.contains(token.toUtf8()));
    QVERIFY(!streamed.contains(token.left(7).toUtf8()));
    QVERIFY2(streamed.startsWith("before •••••• after\n"), streamed.constData());
    QVERIFY(!result.stdoutText().contains(token));
}

void TestKosa8Runner::finishedIsNeverSynchronous()
{
    Kosa8Runner* runner = makeRunner();
    bool insideStart = false;
    int finishedInsideStart = 0;
    connect(runner, &Kosa8Runner::jobFinished, this, [&](const JobResult&) {
        if (insideStart)
            ++finishedInsideStart;
    });
    connect(runner, &Kosa8Runner::jobStarted, this, [&](Kosa8Job* job) {
        connect(job, &Kosa8Job::finished, this, [&](const JobResult&) {
            if (insideStart)
                ++finishedInsideStart;
        });
    });
    QSignalSpy all(runner, &Kosa8Runner::jobFinished);
    auto start = [&](Operation op, const QVariantMap& params) {
        insideStart = true;
        runner->start(op, params);
        insideStart = false;
    };
    start(Operation::SandboxStart, {{u"name"_s, u"Bad Name"_s}}); // Invalid
    start(Operation::Version, {});                                // runs
    ConnectionProfile missing = runner->connection();
    missing.executable = u"/nonexistent/kosa8"_s;
    runner->setConnection(missing);
    start(Operation::Version, {}); // FailedToStart
    QCOMPARE(all.count(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(all.count(), 3, WaitMs);
    QCOMPARE(finishedInsideStart, 0);
    QList<Outcome> outcomes;
    for (const auto& args : all)
        outcomes.append(args.first().value<JobResult>().outcome);
    QVERIFY(outcomes.contains(Outcome::Invalid));
    QVERIFY(outcomes.contains(Outcome::FailedToStart));
    QVERIFY(outcomes.contains(Outcome::Finished));
}

void TestKosa8Runner::jobDeletesItselfAndRunnerForgetsIt()
{
    Kosa8Runner* runner = makeRunner();
    QPointer<Kosa8Job> job = runner->start(Operation::Version);
    QCOMPARE(runner->runningCount(), 1);
    QVERIFY(run(runner, Operation::Doctor).ok());
    QTRY_VERIFY_WITH_TIMEOUT(job.isNull(), WaitMs);
    QCOMPARE(runner->runningCount(), 0);
}

void TestKosa8Runner::auditVerifyFindsTampering()
{
    Kosa8Runner* runner = makeRunner({{u"KOSA8_ACTOR"_s, u"agent"_s}});
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"demo"_s}}).ok());
    QVERIFY(run(runner, Operation::CheckpointCreate, {{u"name"_s, u"demo"_s}, {u"label"_s, u"before-run"_s}})
                .ok());
    QVERIFY(run(runner, Operation::Rewind, {{u"name"_s, u"demo"_s}, {u"label"_s, u"before-run"_s}}).ok());

    const JobResult good = run(runner, Operation::AuditVerify);
    AuditVerifyResult verify = ListParser::auditVerify(good.exitCode, good.stdoutData, good.stderrData);
    QVERIFY(verify.ok);
    QCOMPARE(verify.verifiedCount, 3);

    const auto entries = ListParser::auditEntries(run(runner, Operation::AuditList).stdoutData);
    QVERIFY(entries.problems.isEmpty());
    QCOMPARE(entries.items.size(), 3);
    QCOMPARE(entries.items[1].action, u"checkpoint.create"_s);
    QCOMPARE(entries.items[1].actor, u"agent"_s);

    // Someone edits entry 2 without fixing the chain.
    QFile file(m_state->filePath(u"state.json"_s));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonObject state = QJsonDocument::fromJson(file.readAll()).object();
    file.close();
    QJsonArray audit = state.value(u"audit"_s).toArray();
    QJsonObject second = audit.at(1).toObject();
    second.insert(u"detail"_s, u"label=something-else"_s);
    audit.replace(1, second);
    state.insert(u"audit"_s, audit);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(state).toJson());
    file.close();

    const JobResult bad = run(runner, Operation::AuditVerify);
    verify = ListParser::auditVerify(bad.exitCode, bad.stdoutData, bad.stderrData);
    QVERIFY(!verify.ok);
    QCOMPARE(verify.brokenSeq, 2);
}

void TestKosa8Runner::profileOverrideIsUsed()
{
    Kosa8Runner* runner = makeRunner();
    CommandProfile profile = CommandProfile::builtIn();
    QString error;
    QVERIFY(profile.loadOverridesFromJson(
        R"({"operations": {"sandbox.ls": ["sandbox", "ls", "--format", "jsonl"]}})", u"test"_s, &error));
    runner->setProfile(profile);
    QVERIFY(run(runner, Operation::SandboxCreate, {{u"name"_s, u"demo"_s}}).ok());
    const JobResult list = run(runner, Operation::SandboxList);
    QCOMPARE(calls().last(), (QStringList{u"sandbox"_s, u"ls"_s, u"--format"_s, u"jsonl"_s}));
    QCOMPARE(ListParser::parse(list.stdoutData).format, ParsedList::Format::JsonLines);
    QCOMPARE(ListParser::sandboxes(list.stdoutData).items.size(), 1);
}

void TestKosa8Runner::exitEndsWhatKosa8LeftBehind_data()
{
    QTest::addColumn<QString>("orphans");
    QTest::addColumn<bool>("knownSandbox");
    // A child in kosa8's group holding its stdout; one in a group of its own; one in a session of
    // its own; all three at once, with kosa8 failing (exit 1) this time.
    QTest::newRow("pipe holder") << u"pipe"_s << true;
    QTest::newRow("own group") << u"setpgid"_s << true;
    QTest::newRow("own session") << u"setsid"_s << true;
    QTest::newRow("all three, exit 1") << u"pipe,setpgid,setsid"_s << false;
}

// issue 14: kosa8 exits while children it forked hold its output pipe or left its group or
// session. The job ends with kosa8's exit code and output, and nothing kosa8 started survives.
void TestKosa8Runner::exitEndsWhatKosa8LeftBehind()
{
    QFETCH(QString, orphans);
    QFETCH(bool, knownSandbox);
    Kosa8Runner* plain = makeRunner();
    QVERIFY(run(plain, Operation::SandboxCreate, {{u"name"_s, u"box"_s}}).ok());
    Kosa8Runner* runner = makeRunner({{u"KOSA8_STANDIN_ORPHAN"_s, orphans}});
    Kosa8Job* job =
        runner->start(Operation::SandboxStart, {{u"name"_s, knownSandbox ? u"box"_s : u"nobox"_s}});
    QSignalSpy finished(job, &Kosa8Job::finished);
    // Not waiting for the orphans' EOF: they would hold the pipe for 100000 s.
    QVERIFY(finished.wait(WaitMs));
    const JobResult result = finished.first().first().value<JobResult>();
    QCOMPARE(result.outcome, Outcome::Finished);
    const qint64 kosa8Pid = lastStandinPid();
    QVERIFY(kosa8Pid > 0);
    const auto left = k8::test::standinOrphans(m_state->path());
    QCOMPARE(left.size(), orphans.count(u',') + 1);
    if (knownSandbox) {
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.stdoutText().contains(u"box"_s), qPrintable(result.stdoutText()));
    } else {
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.stderrText().contains(u"nobox"_s), qPrintable(result.stderrText()));
    }
    for (const auto& [mode, pid] : left)
        QTRY_VERIFY2_WITH_TIMEOUT(processDead(pid), qPrintable(u"%1 child %2 survived"_s.arg(mode).arg(pid)),
                                  WaitMs);
    QTRY_VERIFY_WITH_TIMEOUT(k8::test::liveInGroupOrSession(kosa8Pid).isEmpty(), WaitMs);
    // The pass over /proc that found them ran off this (the UI) thread.
    QVERIFY(ProcessTree::lastEndTreeThread() != nullptr);
    QVERIFY(ProcessTree::lastEndTreeThread() != QThread::currentThreadId());
}

// Between kosa8's exit and the job's end the pass over what it left behind runs on the thread
// pool; a cancel in that time (a Stop pressed as a run ends) finds nothing to stop, and the job
// ends with kosa8's own result, not "Cancelled".
void TestKosa8Runner::aCancelAfterKosa8ExitedLeavesItsResult()
{
    Kosa8Runner* plain = makeRunner();
    QVERIFY(run(plain, Operation::SandboxCreate, {{u"name"_s, u"box"_s}}).ok());
    Kosa8Runner* runner = makeRunner({{u"KOSA8_STANDIN_ORPHAN"_s, u"setsid"_s}});
    Kosa8Job* job = runner->start(Operation::SandboxStart, {{u"name"_s, u"box"_s}});
    auto* process = job->findChild<QProcess*>();
    QVERIFY(process);
    // Connected after the job's own handler: it runs once the job has handed the pass over.
    bool cancelledAfterExit = false;
    connect(process, &QProcess::finished, job, [job, &cancelledAfterExit] {
        job->cancel();
        cancelledAfterExit = true;
    });
    QSignalSpy finished(job, &Kosa8Job::finished);
    QVERIFY(finished.wait(WaitMs));
    QVERIFY(cancelledAfterExit);
    const JobResult result = finished.first().first().value<JobResult>();
    QCOMPARE(result.outcome, Outcome::Finished);
    QCOMPARE(result.exitCode, 0);
    for (const auto& [mode, pid] : k8::test::standinOrphans(m_state->path()))
        QTRY_VERIFY2_WITH_TIMEOUT(processDead(pid), qPrintable(u"%1 child %2 survived"_s.arg(mode).arg(pid)),
                                  WaitMs);
}

// `daemon start` may rightly leave its daemon running: its leftovers are not ended.
void TestKosa8Runner::daemonStartKeepsItsDaemon()
{
    QVERIFY(Kosa8Runner::leavesProcesses(Operation::DaemonStart));
    QVERIFY(!Kosa8Runner::leavesProcesses(Operation::SandboxRun));
    Kosa8Runner* runner = makeRunner({{u"KOSA8_STANDIN_ORPHAN"_s, u"setsid"_s}});
    QVERIFY(run(runner, Operation::DaemonStart).ok());
    const auto left = k8::test::standinOrphans(m_state->path());
    QCOMPARE(left.size(), 1);
    // A sweep of what a job left comes before its finished() (Kosa8Job::finishAfterLeftovers()),
    // so none is still to come: the daemon is there after the job's end.
    QVERIFY(!processDead(left.first().second));
    // ... and at quit too (cleanup() ends it).
    delete runner;
    QVERIFY(!processDead(left.first().second));
}

// The app quitting (its runners destroyed) ends every tree still running, including what left
// the session.
void TestKosa8Runner::destroyingTheRunnerEndsEveryTree()
{
    Kosa8Runner* runner = makeRunner({{u"KOSA8_STANDIN_ORPHAN"_s, u"setsid,setpgid"_s},
                                      {u"KOSA8_STANDIN_FAULT"_s, uR"({"version": {"mode": "hang"}})"_s}});
    runner->start(Operation::Version);
    QTRY_VERIFY_WITH_TIMEOUT(hangChildPid() > 0, WaitMs);
    const auto left = k8::test::standinOrphans(m_state->path());
    QCOMPARE(left.size(), 2);
    const qint64 kosa8Pid = lastStandinPid();
    delete runner;
    QTRY_VERIFY_WITH_TIMEOUT(processDead(hangChildPid()), WaitMs);
    for (const auto& [mode, pid] : left)
        QTRY_VERIFY2_WITH_TIMEOUT(processDead(pid), qPrintable(u"%1 child %2 survived"_s.arg(mode).arg(pid)),
                                  WaitMs);
    QTRY_VERIFY_WITH_TIMEOUT(k8::test::liveInGroupOrSession(kosa8Pid).isEmpty(), WaitMs);
}

QTEST_GUILESS_MAIN(TestKosa8Runner)
#include "tst_kosa8runner.moc"
