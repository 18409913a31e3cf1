// SPDX-License-Identifier: Apache-2.0
// Issue 24, finding 11: the run journal. A run whose start is in the journal and whose end is
// not was cut off (the app ended while it ran); at the next start it becomes a result with
// "cut_off": true, once, which the timeline's runs carry.
#include "timeline/RunJournal.h"
#include "timeline/TimelineStore.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace k8::timeline;
using namespace Qt::StringLiterals;

namespace {

RunResult started(const QString& sandbox, const QString& request, const QString& agent,
                  const QString& checkpoint = {})
{
    RunResult run;
    run.time = QDateTime(QDate(2026, 12, 3), QTime(15, 0), Qt::UTC);
    run.sandbox = sandbox;
    run.requestId = request;
    run.agent = agent;
    run.checkpointLabel = checkpoint;
    return run;
}

} // namespace

class TestRunJournal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void startsWithoutAnEndAreCutOff()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString journal = RunJournal::pathIn(dir.path());
        const QString results = RunResultLog::pathIn(dir.path());
        QCOMPARE(journal, dir.filePath(QStringLiteral("run-journal.jsonl")));
        QString error;
        const QString ended = RunJournal::recordStart(journal, started(u"box"_s, u"1"_s, u"bot"_s), &error);
        QVERIFY2(!ended.isEmpty(), qPrintable(error));
        const QString open =
            RunJournal::recordStart(journal, started(u"box"_s, u"2"_s, u"bot"_s, u"before-2"_s), &error);
        QVERIFY(!open.isEmpty());
        QVERIFY(open != ended);
        QVERIFY(RunJournal::recordEnd(journal, ended, &error));
        // Owner only: it names agents, sandboxes and requests.
        QCOMPARE(QFile::permissions(journal) &
                     (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther),
                 QFileDevice::Permissions());
        // A line torn by the kill itself is counted, not guessed at.
        {
            QFile file(journal);
            QVERIFY(file.open(QIODevice::Append));
            file.write("{\"event\": \"start\", \"run\": \"x");
        }
        int skipped = -1;
        const QList<RunResult> cutOff = RunJournal::openRuns(journal, &skipped);
        QCOMPARE(skipped, 1);
        QCOMPARE(cutOff.size(), 1);
        QCOMPARE(cutOff.first().requestId, u"2"_s);
        QCOMPARE(cutOff.first().checkpointLabel, u"before-2"_s);
        QCOMPARE(cutOff.first().time, QDateTime(QDate(2026, 12, 3), QTime(15, 0), Qt::UTC));
        QVERIFY(cutOff.first().cutOff);
        QVERIFY(!cutOff.first().ran);
        QVERIFY(!cutOff.first().error.isEmpty());

        // Recovered once: into the results, and the journal starts empty.
        const QList<RunResult> recovered = RunJournal::recoverCutOff(journal, results, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(recovered.size(), 1);
        QCOMPARE(QFileInfo(journal).size(), 0);
        QVERIFY(RunJournal::recoverCutOff(journal, results, &error).isEmpty());
        const QList<RunResult> logged = RunResultLog::read(results);
        QCOMPARE(logged.size(), 1);
        QVERIFY(logged.first().cutOff);
        QCOMPARE(logged.first().sandbox, u"box"_s);
        QFile raw(results);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(raw.readLine()).object().value(u"cut_off"_s).toBool());

        // The timeline's run for the ledger entry that approved it says cut off.
        const QJsonObject entry{{u"seq"_s, 1},
                                {u"time"_s, u"2026-12-03T14:59:59Z"_s},
                                {u"method"_s, u"run"_s},
                                {u"decision"_s, u"approve"_s},
                                {u"decided_by"_s, u"rule:r"_s},
                                {u"request"_s, u"2"_s},
                                {u"agent"_s, u"bot"_s},
                                {u"sandbox"_s, u"box"_s},
                                {u"checkpoint"_s, u"before-2"_s}};
        const QList<RunRecord> runs = LedgerRuns::fromLedger({entry}, logged);
        QCOMPARE(runs.size(), 1);
        QVERIFY(runs.first().hasResult);
        QVERIFY(runs.first().cutOff);
        QVERIFY(!runs.first().ran);
    }

    void missingJournalHoldsNothing()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY(RunJournal::recoverCutOff(RunJournal::pathIn(dir.path()), RunResultLog::pathIn(dir.path()),
                                          &error)
                    .isEmpty());
        QVERIFY(error.isEmpty());
        QVERIFY(!QFile::exists(RunResultLog::pathIn(dir.path())));
    }
};

QTEST_GUILESS_MAIN(TestRunJournal)
#include "tst_runjournal.moc"
