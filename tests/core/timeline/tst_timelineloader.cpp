// SPDX-License-Identifier: Apache-2.0
// TimelineLoader and RunResultRecorder against the kosa8 stand-in: real processes, real lists.
#include "support/TestJson.h"
#include "support/Waits.h"
#include "timeline/RunResultRecorder.h"

#include "agent/review/ReviewCoordinator.h"
#include "agent/socket/JsonRpc.h"
#include "timeline/TimelineLoader.h"
#include "timeline/TimelineModel.h"
#include "timeline/TimelineStore.h"

#include "kosa8/Kosa8Runner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace k8::timeline;

namespace {
// Just enough of a coordinator to emit the run signals the recorder listens to.
class FakeCoordinator : public k8::agent::ReviewCoordinator
{
public:
    QHash<quint64, k8::agent::Request> requests;
    k8::agent::InboxModel* inbox() const override { return nullptr; }
    const k8::agent::Request* request(quint64 key) const override
    {
        const auto it = requests.constFind(key);
        return it == requests.constEnd() ? nullptr : &it.value();
    }
    bool decide(quint64, const k8::agent::PersonDecision&, QString*) override { return false; }
    bool addApproveActionRule(quint64, const k8::agent::PersonDecision&, QString*, const QString&) override
    {
        return false;
    }
    bool addRejectAgentRule(const QString&, QString*, const QString&) override { return false; }
};
} // namespace
using k8::kosa8::JobResult;
using k8::kosa8::Kosa8Runner;

class TestTimelineLoader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void loadsCheckpointsSnapshotsAndRuns();
    void failedListKeepsLastGoodViewAsStale();
    void recorderWritesWhatTheTimelineJoins();

private:
    int standin(const QStringList& arguments);
    QList<QStringList> calls() const;
    void setFault(const QString& prefix, const QJsonObject& fault);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Kosa8Runner> m_runner;
};

void TestTimelineLoader::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("state")));
    m_runner = std::make_unique<Kosa8Runner>();
    k8::kosa8::ConnectionProfile connection;
    connection.executable = qEnvironmentVariable("KOSA8_STANDIN");
    connection.extraEnvironment.insert(QStringLiteral("KOSA8_STANDIN_STATE"),
                                       m_dir->filePath(QStringLiteral("state")));
    connection.extraEnvironment.insert(QStringLiteral("PATH"),
                                       QStringLiteral("/usr/bin:") + qEnvironmentVariable("PATH"));
    m_runner->setConnection(connection);
    QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box")}), 0);
    QCOMPARE(standin({QStringLiteral("checkpoint"), QStringLiteral("box"), QStringLiteral("--label"),
                      QStringLiteral("clean")}),
             0);
    QCOMPARE(standin({QStringLiteral("checkpoint"), QStringLiteral("box"), QStringLiteral("--label"),
                      QStringLiteral("before-1")}),
             0);
    QCOMPARE(standin({QStringLiteral("snapshot"), QStringLiteral("create"), QStringLiteral("box")}), 0);
}

void TestTimelineLoader::cleanup()
{
    m_runner.reset();
    m_dir.reset();
}

int TestTimelineLoader::standin(const QStringList& arguments)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("KOSA8_STANDIN_STATE"), m_dir->filePath(QStringLiteral("state")));
    process.setProcessEnvironment(env);
    process.start(qEnvironmentVariable("KOSA8_STANDIN"), arguments);
    if (!process.waitForFinished(k8::test::waits::Process))
        return -1;
    return process.exitCode();
}

QList<QStringList> TestTimelineLoader::calls() const
{
    return k8::test::readStandinCalls(m_dir->filePath(QStringLiteral("state")));
}

void TestTimelineLoader::setFault(const QString& prefix, const QJsonObject& fault)
{
    QFile file(QDir(m_dir->filePath(QStringLiteral("state"))).filePath(QStringLiteral("faults.json")));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(QJsonObject{{prefix, fault}}).toJson());
}

void TestTimelineLoader::loadsCheckpointsSnapshotsAndRuns()
{
    // A ledger with one approved run whose checkpoint is "before-1", and its result beside it.
    const QString ledgerPath = m_dir->filePath(QStringLiteral("ledger.jsonl"));
    {
        QFile ledger(ledgerPath);
        QVERIFY(ledger.open(QIODevice::WriteOnly));
        const QJsonObject entry{
            {QStringLiteral("seq"), 1},
            {QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
            {QStringLiteral("request"), QStringLiteral("42")},
            {QStringLiteral("agent"), QStringLiteral("coder")},
            {QStringLiteral("method"), QStringLiteral("run")},
            {QStringLiteral("decision"), QStringLiteral("approve")},
            {QStringLiteral("decided_by"), QStringLiteral("person")},
            {QStringLiteral("sandbox"), QStringLiteral("box")},
            {QStringLiteral("checkpoint"), QStringLiteral("before-1")}};
        ledger.write(QJsonDocument(entry).toJson(QJsonDocument::Compact) + '\n');
    }
    const QString resultsPath = RunResultLog::pathIn(m_dir->path());
    RunResult result;
    result.time = QDateTime::currentDateTimeUtc();
    result.sandbox = QStringLiteral("box");
    result.requestId = QStringLiteral("42");
    result.checkpointLabel = QStringLiteral("before-1");
    result.ran = true;
    result.exitCode = 0;
    QString error;
    QVERIFY(RunResultLog::append(resultsPath, result, &error));

    TimelineModel model;
    TimelineStore store(m_dir->path());
    QVERIFY(store.setBaseCheckpoint(QStringLiteral("box"), QStringLiteral("clean"), &error));
    TimelineLoader loader(m_runner.get(), &model, &store);
    loader.setRunSources(ledgerPath, resultsPath);
    QSignalSpy loaded(&loader, &TimelineLoader::loaded);
    loader.refresh(QStringLiteral("box"));
    QVERIFY(loaded.wait(k8::test::waits::Process));
    QVERIFY2(loader.problems().isEmpty(), qPrintable(loader.problems().join(QLatin1Char('\n'))));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.checkpointLabels(), (QStringList{QStringLiteral("clean"), QStringLiteral("before-1")}));
    const int current = model.currentRow();
    QCOMPARE(model.item(current)->label, QStringLiteral("before-1"));
    QVERIFY(model.item(model.rowOfCheckpoint(QStringLiteral("clean")))->base);
    const int runRow = model.rowOfRun(QStringLiteral("42"));
    QVERIFY(runRow > current);
    QCOMPARE(model.item(runRow)->checkpointRow, current);
    QCOMPARE(model.data(model.index(runRow), TimelineModel::ExitCodeRole).toInt(), 0);
    QVERIFY(calls().contains(
        QStringList{QStringLiteral("checkpoint"), QStringLiteral("ls"), QStringLiteral("box")}));
    QVERIFY(calls().contains(
        QStringList{QStringLiteral("snapshot"), QStringLiteral("ls"), QStringLiteral("box")}));
}

void TestTimelineLoader::failedListKeepsLastGoodViewAsStale()
{
    TimelineModel model;
    TimelineLoader loader(m_runner.get(), &model, nullptr);
    QSignalSpy loaded(&loader, &TimelineLoader::loaded);
    QSignalSpy failed(&loader, &TimelineLoader::failed);
    loader.refresh(QStringLiteral("box"));
    QVERIFY(loaded.wait(k8::test::waits::Process));
    QCOMPARE(model.rowCount(), 3);
    QVERIFY(!model.isStale());

    setFault(QStringLiteral("snapshot ls"),
             QJsonObject{{QStringLiteral("mode"), QStringLiteral("exit")},
                         {QStringLiteral("code"), 3},
                         {QStringLiteral("message"), QStringLiteral("kosa8: worker unreachable")}});
    loader.refresh(QStringLiteral("box"));
    QVERIFY(failed.wait(k8::test::waits::Process));
    QCOMPARE(loaded.size(), 1);
    QVERIFY(model.isStale());
    QCOMPARE(model.rowCount(), 3); // the last good view stays
    const auto result = failed.first().at(1).value<JobResult>();
    QCOMPARE(result.exitCode, 3);
    QVERIFY(result.stderrText().contains(QStringLiteral("worker unreachable")));
    QVERIFY(model.staleReason().contains(QStringLiteral("snapshots")));
}

void TestTimelineLoader::recorderWritesWhatTheTimelineJoins()
{
    FakeCoordinator coordinator;
    const QString path = RunResultLog::pathIn(m_dir->path());
    RunResultRecorder recorder(&coordinator, path);
    QSignalSpy ended(&recorder, &RunResultRecorder::runEnded);

    k8::agent::Request ran;
    ran.key = 1;
    ran.origin.id = QJsonValue(7);
    ran.agent = QStringLiteral("coder");
    ran.run.sandbox = QStringLiteral("box");
    ran.run.checkpointLabel = QStringLiteral("before-7-x");
    coordinator.requests.insert(1, ran);
    Q_EMIT coordinator.runStarted(1, QStringLiteral("kosa8 checkpoint box --label before-7-x"));
    Q_EMIT coordinator.runStarted(1, QStringLiteral("kosa8 sandbox run ...")); // second step
    coordinator.requests.remove(1); // gone from the coordinator before it finishes
    Q_EMIT coordinator.runFinished(
        1, QJsonObject{
               {QStringLiteral("exit_code"), 3},
               {QStringLiteral("sandbox"), QStringLiteral("box")},
               {QStringLiteral("checkpoint"), QStringLiteral("before-7-x")},
               {QStringLiteral("reset"), QJsonObject{{QStringLiteral("base"), QStringLiteral("clean")},
                                                     {QStringLiteral("ok"), false},
                                                     {QStringLiteral("error"), QStringLiteral("refused")}}}});

    k8::agent::Request failed = ran;
    failed.key = 2;
    failed.origin.id = QJsonValue(QStringLiteral("b"));
    failed.run.checkpointLabel = QStringLiteral("before-b-x");
    coordinator.requests.insert(2, failed);
    Q_EMIT coordinator.runStarted(2, QStringLiteral("kosa8 checkpoint box --label before-b-x"));
    // The checkpoint step failed: no label was taken, kosa8's failure is the result.
    Q_EMIT coordinator.runFinished(
        2, QJsonObject{{QStringLiteral("error"), QStringLiteral("The checkpoint before the run failed")},
                       {QStringLiteral("checkpoint"), QJsonValue(QJsonValue::Null)}});

    QCOMPARE(ended.size(), 2);
    const QList<RunResult> results = RunResultLog::read(path);
    QCOMPARE(results.size(), 2);
    QCOMPARE(results[0].requestId, QStringLiteral("7"));
    QCOMPARE(results[0].agent, QStringLiteral("coder"));
    QCOMPARE(results[0].sandbox, QStringLiteral("box"));
    QCOMPARE(results[0].checkpointLabel, QStringLiteral("before-7-x"));
    QVERIFY(results[0].ran);
    QCOMPARE(results[0].exitCode, 3);
    // The reset after the run is on the run's record.
    QCOMPARE(results[0].reset.value(QStringLiteral("error")).toString(), QStringLiteral("refused"));
    QVERIFY(results[1].reset.isEmpty());
    QCOMPARE(results[1].sandbox, QStringLiteral("box")); // from the start, not the answer
    QCOMPARE(results[1].requestId, QStringLiteral("b"));
    QVERIFY(!results[1].ran);
    QVERIFY(results[1].error.contains(QStringLiteral("checkpoint")));
    QVERIFY(results[1].time.isValid());
}

QTEST_GUILESS_MAIN(TestTimelineLoader)
#include "tst_timelineloader.moc"
