// SPDX-License-Identifier: Apache-2.0
// The timeline's merge (TimelineBuilder), its model, the store and the ledger runs: pure data,
// no processes.
#include "timeline/TimelineModel.h"
#include "timeline/TimelineStore.h"

#include "kosa8/ListParser.h"
#include "kosa8/Names.h"

#include <QAbstractItemModelTester>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace k8::timeline;
using k8::kosa8::Checkpoint;
using k8::kosa8::Snapshot;
using Kind = TimelineItem::Kind;

namespace {

QDateTime at(int minute, int second = 0)
{
    return QDateTime(QDate(2026, 11, 30), QTime(10, minute, second), Qt::UTC);
}

Checkpoint checkpoint(const QString& label, const QDateTime& created, bool current = false)
{
    Checkpoint c;
    c.label = label;
    c.id = QStringLiteral("ckpt-") + label;
    c.created = created;
    c.createdText = created.isValid() ? created.toString(Qt::ISODate) : QStringLiteral("garbled");
    c.size = QStringLiteral("120MB");
    c.current = current;
    return c;
}

Snapshot snapshot(const QString& id, const QDateTime& created)
{
    Snapshot s;
    s.id = id;
    s.created = created;
    s.createdText = created.toString(Qt::ISODate);
    s.size = QStringLiteral("2.1GB");
    return s;
}

RunRecord run(const QString& requestId, const QDateTime& time, const QString& label,
              const QString& sandbox = QStringLiteral("box"))
{
    RunRecord r;
    r.requestId = requestId;
    r.time = time;
    r.checkpointLabel = label;
    r.sandbox = sandbox;
    r.agent = QStringLiteral("coder");
    r.decision = k8::agent::DecisionKind::Approve;
    r.decidedBy = QStringLiteral("person");
    return r;
}

QStringList order(const TimelineBuild& build)
{
    QStringList names;
    for (const TimelineItem& item : build.items) {
        const char* prefix = item.kind == Kind::Checkpoint ? "c:"
                             : item.kind == Kind::Snapshot ? "s:"
                             : item.kind == Kind::Run      ? "r:"
                             : item.kind == Kind::Fork     ? "f:"
                                                           : "from:";
        names << QString::fromLatin1(prefix) + (item.kind == Kind::Run ? item.run.requestId : item.label);
    }
    return names;
}

} // namespace

class TestTimelineModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void mergesAllFourKindsInTimeOrder();
    void runSitsAfterItsCheckpointAlthoughDecidedBefore();
    void tiesFollowKindThenInputOrder();
    void unreadableTimeFollowsItsPredecessor();
    void currentMarker();
    void severalCurrentMarksShowNone();
    void runWhoseCheckpointIsGone();
    void runsOfOtherSandboxesAreLeftOut();
    void emptyInput();
    void malformedListOutput();
    void rowsAfterAreWhatARewindLoses();
    void runsInTheSecondOfTheNextCheckpointStayBeforeIt();
    void suggestedLabelIsFreeAndValid();
    void modelPassesTesterAndKeepsRowsWhenStale();
    void storeKeepsBaseResetAndForks();
    void storeRefusesToOverwriteADamagedFile();
    void ledgerRunsJoinResults();
};

void TestTimelineModel::mergesAllFourKindsInTimeOrder()
{
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = {checkpoint(QStringLiteral("clean"), at(0)),
                         checkpoint(QStringLiteral("before-1"), at(10), true)};
    input.snapshots = {snapshot(QStringLiteral("snap-0001"), at(5))};
    input.runs = {run(QStringLiteral("1"), at(10), QStringLiteral("before-1"))};
    ForkRecord fork;
    fork.time = at(20);
    fork.sandbox = QStringLiteral("box");
    fork.forkedSandboxes = {QStringLiteral("box-fork1"), QStringLiteral("box-fork2")};
    input.forks = {fork};
    input.baseLabel = QStringLiteral("clean");
    const TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(order(build), (QStringList{QStringLiteral("c:clean"), QStringLiteral("s:snap-0001"),
                                        QStringLiteral("c:before-1"), QStringLiteral("r:1"),
                                        QStringLiteral("f:box-fork1, box-fork2")}));
    QVERIFY(build.items[0].base);
    QCOMPARE(build.currentRow, 2);
    QCOMPARE(build.items[3].checkpointRow, 2);
    QVERIFY(build.problems.isEmpty());

    // The forked sandbox's own timeline starts with where it came from.
    input.sandbox = QStringLiteral("box-fork2");
    input.checkpoints.clear();
    input.snapshots.clear();
    const TimelineBuild child = TimelineBuilder::build(input);
    QCOMPARE(order(child), QStringList{QStringLiteral("from:box")});
}

void TestTimelineModel::runSitsAfterItsCheckpointAlthoughDecidedBefore()
{
    // The ledger's time is the decision's; the checkpoint is taken a moment later.
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = {checkpoint(QStringLiteral("a"), at(1, 1)),
                         checkpoint(QStringLiteral("b"), at(2, 5))};
    input.runs = {run(QStringLiteral("7"), at(2, 4), QStringLiteral("b"))};
    const TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(order(build),
             (QStringList{QStringLiteral("c:a"), QStringLiteral("c:b"), QStringLiteral("r:7")}));
    QCOMPARE(build.items[2].checkpointRow, 1);
    QCOMPARE(build.items[2].time, at(2, 4)); // shown as recorded
}

void TestTimelineModel::tiesFollowKindThenInputOrder()
{
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.runs = {run(QStringLiteral("r1"), at(3), QString()), run(QStringLiteral("r2"), at(3), QString())};
    input.snapshots = {snapshot(QStringLiteral("s2"), at(3)), snapshot(QStringLiteral("s1"), at(3))};
    input.checkpoints = {checkpoint(QStringLiteral("y"), at(3)), checkpoint(QStringLiteral("x"), at(3))};
    const TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(order(build),
             (QStringList{QStringLiteral("c:y"), QStringLiteral("c:x"), QStringLiteral("s:s2"),
                          QStringLiteral("s:s1"), QStringLiteral("r:r1"), QStringLiteral("r:r2")}));
    // A run without a checkpoint of its own follows the last checkpoint before it.
    QCOMPARE(build.items[4].checkpointRow, 1);
}

void TestTimelineModel::unreadableTimeFollowsItsPredecessor()
{
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = {
        checkpoint(QStringLiteral("first-unknown"), QDateTime()), checkpoint(QStringLiteral("a"), at(1)),
        checkpoint(QStringLiteral("b-unknown"), QDateTime()), checkpoint(QStringLiteral("c"), at(5))};
    input.snapshots = {snapshot(QStringLiteral("s"), at(3))};
    const TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(order(build),
             (QStringList{QStringLiteral("c:first-unknown"), QStringLiteral("c:a"),
                          QStringLiteral("c:b-unknown"), QStringLiteral("s:s"), QStringLiteral("c:c")}));
    QVERIFY(!build.items[0].sortTime.isValid());
    QCOMPARE(build.items[2].sortTime, at(1));
    QVERIFY(TimelineBuilder::describe(build.items[2]).contains(QStringLiteral("garbled")));
}

void TestTimelineModel::currentMarker()
{
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = {checkpoint(QStringLiteral("a"), at(1), true),
                         checkpoint(QStringLiteral("b"), at(2))};
    TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(build.currentRow, 0);
    QVERIFY(TimelineBuilder::describe(build.items[0]).contains(QStringLiteral("you are here")));
    QVERIFY(!TimelineBuilder::describe(build.items[1]).contains(QStringLiteral("you are here")));
    input.checkpoints[0].current = false;
    build = TimelineBuilder::build(input);
    QCOMPARE(build.currentRow, -1);
}

void TestTimelineModel::severalCurrentMarksShowNone()
{
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = {checkpoint(QStringLiteral("a"), at(1), true),
                         checkpoint(QStringLiteral("b"), at(2), true)};
    const TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(build.currentRow, -1);
    QVERIFY(!build.items[0].current && !build.items[1].current);
    QCOMPARE(build.problems.size(), 1);
    QVERIFY2(build.problems[0].contains(QStringLiteral("2 checkpoints")), qPrintable(build.problems[0]));
}

void TestTimelineModel::runWhoseCheckpointIsGone()
{
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = {checkpoint(QStringLiteral("a"), at(1))};
    input.runs = {run(QStringLiteral("9"), at(4), QStringLiteral("deleted-label"))};
    const TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(order(build), (QStringList{QStringLiteral("c:a"), QStringLiteral("r:9")}));
    QVERIFY(build.items[1].checkpointMissing);
    QCOMPARE(build.items[1].checkpointRow, 0); // the last one before it
    QVERIFY(
        TimelineBuilder::describe(build.items[1]).contains(QStringLiteral("checkpoint deleted-label gone")));
    QCOMPARE(build.problems.size(), 1);

    // With no checkpoint before it at all.
    input.checkpoints.clear();
    const TimelineBuild bare = TimelineBuilder::build(input);
    QCOMPARE(bare.items[0].checkpointRow, -1);
    QVERIFY(bare.items[0].checkpointMissing);
}

void TestTimelineModel::runsOfOtherSandboxesAreLeftOut()
{
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.runs = {run(QStringLiteral("1"), at(1), QString(), QStringLiteral("other")),
                  run(QStringLiteral("2"), at(2), QString())};
    ForkRecord unrelated;
    unrelated.time = at(3);
    unrelated.sandbox = QStringLiteral("other");
    unrelated.forkedSandboxes = {QStringLiteral("other-fork1")};
    input.forks = {unrelated};
    QCOMPARE(order(TimelineBuilder::build(input)), QStringList{QStringLiteral("r:2")});
}

void TestTimelineModel::emptyInput()
{
    const TimelineBuild build = TimelineBuilder::build(TimelineInput{});
    QVERIFY(build.items.isEmpty());
    QCOMPARE(build.currentRow, -1);
    QVERIFY(build.problems.isEmpty());
    TimelineModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setBuild(QStringLiteral("box"), build);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(TimelineBuilder::rowsAfter(build.items, 0).isEmpty());
}

void TestTimelineModel::malformedListOutput()
{
    // A row without a label is a parse problem, not a checkpoint; the rest still merge.
    const QByteArray out =
        "{\"label\": \"clean\", \"id\": \"ckpt-1\", \"created\": \"2026-11-30T10:00:00Z\", "
        "\"current\": \"*\"}\n"
        "{\"id\": \"ckpt-2\", \"created\": \"2026-11-30T10:05:00Z\"}\n";
    const auto parsed = k8::kosa8::ListParser::checkpoints(out);
    QVERIFY(!parsed.problems.isEmpty());
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = parsed.items;
    const TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(build.items.size(), parsed.items.size());
    QCOMPARE(build.items.first().label, QStringLiteral("clean"));
    QCOMPARE(build.currentRow, 0);

    // Duplicate labels are kept (nothing kosa8 printed is dropped) and said.
    input.checkpoints = {checkpoint(QStringLiteral("a"), at(1)), checkpoint(QStringLiteral("a"), at(2))};
    const TimelineBuild dup = TimelineBuilder::build(input);
    QCOMPARE(dup.items.size(), 2);
    QVERIFY(dup.problems.join(QString()).contains(QStringLiteral("more than once")));
}

void TestTimelineModel::rowsAfterAreWhatARewindLoses()
{
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = {checkpoint(QStringLiteral("a"), at(1)),
                         checkpoint(QStringLiteral("b"), at(3), true)};
    input.snapshots = {snapshot(QStringLiteral("s"), at(4))}; // snapshots survive a rewind
    input.runs = {run(QStringLiteral("1"), at(1), QStringLiteral("a")),
                  run(QStringLiteral("2"), at(3), QStringLiteral("b"))};
    const TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(order(build), (QStringList{QStringLiteral("c:a"), QStringLiteral("r:1"), QStringLiteral("c:b"),
                                        QStringLiteral("r:2"), QStringLiteral("s:s")}));
    QCOMPARE(TimelineBuilder::rowsAfter(build.items, 0), (QList<int>{1, 2, 3}));
    QCOMPARE(TimelineBuilder::rowsAfter(build.items, 2), (QList<int>{3}));
    QVERIFY(TimelineBuilder::rowsAfter(build.items, 4).isEmpty());
    QVERIFY(TimelineBuilder::rowsAfter(build.items, 99).isEmpty());
}

// kosa8 gives checkpoint times in whole seconds, the app its runs' in milliseconds: a run that
// ended in the second the next run's checkpoint was taken sorted after that checkpoint, and a
// rewind to it listed the run as lost although it ran before (issue 25, found by the window's
// whole-story test).
void TestTimelineModel::runsInTheSecondOfTheNextCheckpointStayBeforeIt()
{
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = {checkpoint(QStringLiteral("clean"), at(1)),
                         checkpoint(QStringLiteral("before-1"), at(3, 58)),
                         checkpoint(QStringLiteral("before-2"), at(4, 0), true)};
    const QDateTime runOneEnded = at(4, 0).addMSecs(300); // after "before-2"'s whole second
    const QDateTime runTwoEnded = at(4, 0).addMSecs(900);
    input.runs = {run(QStringLiteral("1"), runOneEnded, QStringLiteral("before-1")),
                  run(QStringLiteral("2"), runTwoEnded, QStringLiteral("before-2"))};
    const TimelineBuild build = TimelineBuilder::build(input);
    QCOMPARE(order(build),
             (QStringList{QStringLiteral("c:clean"), QStringLiteral("c:before-1"), QStringLiteral("r:1"),
                          QStringLiteral("c:before-2"), QStringLiteral("r:2")}));
    // Rewinding to before-2 loses run 2 only.
    QCOMPARE(TimelineBuilder::rowsAfter(build.items, 3), (QList<int>{4}));
    QCOMPARE(build.items[2].checkpointRow, 1);
    QCOMPARE(build.items[2].time, runOneEnded); // shown as recorded
    // Two checkpoints of one second keep kosa8's order, each with its run after it.
    input.checkpoints[1].created = at(4, 0);
    QCOMPARE(order(TimelineBuilder::build(input)),
             (QStringList{QStringLiteral("c:clean"), QStringLiteral("c:before-1"), QStringLiteral("r:1"),
                          QStringLiteral("c:before-2"), QStringLiteral("r:2")}));
}

void TestTimelineModel::suggestedLabelIsFreeAndValid()
{
    const QDateTime now = at(7, 9);
    const QString first = TimelineBuilder::suggestLabel({}, now);
    QCOMPARE(first, QStringLiteral("manual-20261130-100709"));
    QVERIFY(k8::kosa8::Names::checkLabel(first).isEmpty());
    QCOMPARE(TimelineBuilder::suggestLabel({first, first + QStringLiteral("-2")}, now),
             first + QStringLiteral("-3"));
}

void TestTimelineModel::modelPassesTesterAndKeepsRowsWhenStale()
{
    TimelineModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    TimelineInput input;
    input.sandbox = QStringLiteral("box");
    input.checkpoints = {checkpoint(QStringLiteral("a"), at(1)),
                         checkpoint(QStringLiteral("b"), at(2), true)};
    RunRecord r = run(QStringLiteral("5"), at(2), QStringLiteral("b"));
    r.hasResult = true;
    r.ran = true;
    r.exitCode = 3;
    input.runs = {r};
    model.setBuild(QStringLiteral("box"), TimelineBuilder::build(input));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.currentRow(), 1);
    QCOMPARE(model.rowOfCheckpoint(QStringLiteral("b")), 1);
    QCOMPARE(model.rowOfRun(QStringLiteral("5")), 2);
    QCOMPARE(model.checkpointLabels(), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    const QModelIndex runIndex = model.index(2);
    QCOMPARE(model.data(runIndex, TimelineModel::ExitCodeRole).toInt(), 3);
    QCOMPARE(model.data(runIndex, TimelineModel::AgentRole).toString(), QStringLiteral("coder"));
    QVERIFY(model.data(runIndex, Qt::AccessibleTextRole).toString().contains(QStringLiteral("exit code 3")));
    QVERIFY(model.data(runIndex, TimelineModel::DetailsRole)
                .toString()
                .contains(QStringLiteral("Decided by: person")));
    QVERIFY(!model.data(model.index(0), TimelineModel::ExitCodeRole).isValid());

    QSignalSpy stale(&model, &TimelineModel::staleChanged);
    model.setStale(true, QStringLiteral("checkpoint ls failed"));
    QCOMPARE(stale.size(), 1);
    QCOMPARE(model.rowCount(), 3); // the last good view stays
    QVERIFY(model.isStale());
    model.setBuild(QStringLiteral("box"), TimelineBuilder::build(input));
    QVERIFY(!model.isStale());
    QCOMPARE(stale.size(), 2);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestTimelineModel::storeKeepsBaseResetAndForks()
{
    QTemporaryDir dir;
    QString error;
    {
        TimelineStore store(dir.path());
        QVERIFY(store.load(&error));
        QVERIFY(store.baseCheckpoint(QStringLiteral("box")).isEmpty());
        QVERIFY(store.setBaseCheckpoint(QStringLiteral("box"), QStringLiteral("clean"), &error));
        QVERIFY(store.setResetAfterRun(QStringLiteral("box"), true, &error));
        ForkRecord fork;
        fork.time = at(9);
        fork.sandbox = QStringLiteral("box");
        fork.fromCheckpoint = QStringLiteral("clean");
        fork.forkedSandboxes = {QStringLiteral("box-fork1")};
        QVERIFY(store.addFork(fork, &error));
    }
    TimelineStore again(dir.path());
    QVERIFY2(again.load(&error), qPrintable(error));
    QCOMPARE(again.baseCheckpoint(QStringLiteral("box")), QStringLiteral("clean"));
    QVERIFY(again.resetAfterRun(QStringLiteral("box")));
    QVERIFY(!again.resetAfterRun(QStringLiteral("other")));
    QCOMPARE(again.sandboxesResettingAfterRun(), QStringList{QStringLiteral("box")});
    QCOMPARE(again.forks().size(), 1);
    QCOMPARE(again.forks()[0].forkedSandboxes, QStringList{QStringLiteral("box-fork1")});
    QCOMPARE(again.forks()[0].time, at(9));
    QCOMPARE(again.forks()[0].fromCheckpoint, QStringLiteral("clean"));
}

void TestTimelineModel::storeRefusesToOverwriteADamagedFile()
{
    QTemporaryDir dir;
    TimelineStore store(dir.path());
    QFile file(store.path());
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{ broken");
    file.close();
    QString error;
    QVERIFY(!store.load(&error));
    QVERIFY(error.contains(store.path()));
    QVERIFY(!store.setResetAfterRun(QStringLiteral("box"), true, &error));
    QFile check(store.path());
    QVERIFY(check.open(QIODevice::ReadOnly));
    QCOMPARE(check.readAll(), QByteArray("{ broken"));
}

void TestTimelineModel::ledgerRunsJoinResults()
{
    auto entry = [](const QString& request, const QString& decision, const QString& label,
                    const QString& time) {
        QJsonObject o{{QStringLiteral("method"), QStringLiteral("run")},
                      {QStringLiteral("request"), request},
                      {QStringLiteral("agent"), QStringLiteral("coder")},
                      {QStringLiteral("decision"), decision},
                      {QStringLiteral("decided_by"), QStringLiteral("rule:ok")},
                      {QStringLiteral("sandbox"), QStringLiteral("box")},
                      {QStringLiteral("time"), time}};
        if (!label.isEmpty())
            o.insert(QStringLiteral("checkpoint"), label);
        return o;
    };
    const QList<QJsonObject> ledger{
        entry(QStringLiteral("1"), QStringLiteral("approve"), QStringLiteral("before-1-x"),
              QStringLiteral("2026-11-30T10:00:00Z")),
        entry(QStringLiteral("2"), QStringLiteral("reject"), QStringLiteral("before-2-x"),
              QStringLiteral("2026-11-30T10:01:00Z")),
        entry(QStringLiteral("3"), QStringLiteral("edit"), QString(), QStringLiteral("2026-11-30T10:02:00Z")),
        QJsonObject{{QStringLiteral("method"), QStringLiteral("review")},
                    {QStringLiteral("decision"), QStringLiteral("approve")}},
    };
    QTemporaryDir dir;
    const QString resultsPath = RunResultLog::pathIn(dir.path());
    RunResult first;
    first.time = at(0, 5);
    first.sandbox = QStringLiteral("box");
    first.requestId = QStringLiteral("1");
    first.agent = QStringLiteral("coder");
    first.checkpointLabel = QStringLiteral("before-1-x");
    first.ran = true;
    first.exitCode = 2;
    RunResult third;
    third.time = at(2, 9);
    third.sandbox = QStringLiteral("box");
    third.requestId = QStringLiteral("3");
    third.agent = QStringLiteral("coder");
    third.error = QStringLiteral("kosa8 could not run the code.");
    QString error;
    QVERIFY(RunResultLog::append(resultsPath, first, &error));
    QVERIFY(RunResultLog::append(resultsPath, third, &error));
    {
        QFile file(resultsPath);
        QVERIFY(file.open(QIODevice::Append));
        file.write("torn {\n");
    }
    int skipped = 0;
    const QList<RunResult> results = RunResultLog::read(resultsPath, &skipped);
    QCOMPARE(results.size(), 2);
    QCOMPARE(skipped, 1);

    const QList<RunRecord> runs = LedgerRuns::fromLedger(ledger, results);
    QCOMPARE(runs.size(), 2); // the rejected run and the review are not on the timeline
    QCOMPARE(runs[0].requestId, QStringLiteral("1"));
    QVERIFY(runs[0].hasResult && runs[0].ran);
    QCOMPARE(runs[0].exitCode, 2);
    QCOMPARE(runs[0].decidedBy, QStringLiteral("rule:ok"));
    QCOMPARE(runs[1].requestId, QStringLiteral("3"));
    QVERIFY(runs[1].hasResult && !runs[1].ran);
    QCOMPARE(runs[1].error, QStringLiteral("kosa8 could not run the code."));
    QVERIFY(runs[1].checkpointLabel.isEmpty());
}

QTEST_GUILESS_MAIN(TestTimelineModel)
#include "tst_timelinemodel.moc"
