// SPDX-License-Identifier: Apache-2.0
// The history shows, for each run, where it ran or would have run (issue 7, finding 10).
#include "agent/InboxModel.h"
#include "history/HistoryModel.h"

#include <QAbstractItemModelTester>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using k8::app::HistoryModel;

class TestHistoryModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runsSayWhereTheyRan()
    {
        const QJsonObject approved{
            {QStringLiteral("method"), QStringLiteral("run")},
            {QStringLiteral("decision"), QStringLiteral("approve")},
            {QStringLiteral("decided_by"), QStringLiteral("person")},
            {QStringLiteral("sandbox"), QStringLiteral("box1")},
            {QStringLiteral("image"), QStringLiteral("python:3.12-slim")},
            {QStringLiteral("language"), QStringLiteral("python")},
            {QStringLiteral("checkpoint"), QStringLiteral("before-7-20260101T000000Z-3")}};
        const QJsonObject rejected{{QStringLiteral("method"), QStringLiteral("run")},
                                   {QStringLiteral("decision"), QStringLiteral("reject")},
                                   {QStringLiteral("decided_by"), QStringLiteral("rule:no-runs")},
                                   {QStringLiteral("sandbox"), QStringLiteral("box2")},
                                   {QStringLiteral("image"), QStringLiteral("debian:bookworm-slim")},
                                   {QStringLiteral("language"), QStringLiteral("bash")}};
        const QJsonObject review{{QStringLiteral("method"), QStringLiteral("review")},
                                 {QStringLiteral("decision"), QStringLiteral("approve")},
                                 {QStringLiteral("decided_by"), QStringLiteral("person")}};
        HistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setEntries({approved, rejected, review}); // oldest first; shown newest first
        QCOMPARE(model.columnCount(), int(HistoryModel::ColumnCount));
        QCOMPARE(model.headerData(HistoryModel::WhereColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Where it ran"));
        auto where = [&model](int row) {
            return model.data(model.index(row, HistoryModel::WhereColumn)).toString();
        };
        QCOMPARE(where(0), QString());
        QCOMPARE(where(1), QStringLiteral("bash in box2 (debian:bookworm-slim), no checkpoint"));
        QCOMPARE(where(2),
                 QStringLiteral("python in box1 (python:3.12-slim), checkpoint before-7-20260101T000000Z-3"));
    }

    // Issue 8: the kind column says what each request was in the pending list's words, never the
    // protocol's "run" / "review".
    void kindInThePendingListsWords()
    {
        const QJsonObject run{{QStringLiteral("method"), QStringLiteral("run")},
                              {QStringLiteral("decision"), QStringLiteral("approve")}};
        const QJsonObject review{{QStringLiteral("method"), QStringLiteral("review")},
                                 {QStringLiteral("decision"), QStringLiteral("reject")}};
        HistoryModel model;
        model.setEntries({run, review}); // shown newest first: the review, then the run
        auto kind = [&model](int row, int role = Qt::DisplayRole) {
            return model.data(model.index(row, HistoryModel::MethodColumn), role).toString();
        };
        QCOMPARE(model.headerData(HistoryModel::MethodColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Kind"));
        QCOMPARE(kind(0), QStringLiteral("answer to the agent"));
        QCOMPARE(kind(1), QStringLiteral("sandbox run"));
        // The very words of the pending list for a run.
        k8::agent::Request pendingRun;
        pendingRun.method = k8::agent::Method::Run;
        pendingRun.shape = k8::agent::PayloadShape::Run;
        QCOMPARE(kind(1), k8::agent::InboxModel::kindText(pendingRun));
        QVERIFY(kind(0, Qt::ToolTipRole).contains(QStringLiteral("outside kosa8")));
        QVERIFY(kind(1, Qt::ToolTipRole).contains(QStringLiteral("sandbox")));
        // A method this app does not know (a newer ledger, an edited file) is shown as written.
        model.setEntries({QJsonObject{{QStringLiteral("method"), QStringLiteral("fork")},
                                      {QStringLiteral("decision"), QStringLiteral("approve")}}});
        QCOMPARE(kind(0), QStringLiteral("fork"));
        QVERIFY(kind(0, Qt::ToolTipRole).isEmpty());
    }

    // Issue 8: the reason the agent received, in one line (the tooltip has it all), and the rows a
    // reload or a decision notice looks for.
    void reasonsAndLookups()
    {
        const QJsonObject older{{QStringLiteral("request"), QStringLiteral("4")},
                                {QStringLiteral("agent"), QStringLiteral("research-bot")},
                                {QStringLiteral("payload_sha256"), QStringLiteral("aa")},
                                {QStringLiteral("decision"), QStringLiteral("reject")},
                                {QStringLiteral("reason"), QStringLiteral("use the cache\nnot the API")},
                                {QStringLiteral("hash"), QStringLiteral("h1")}};
        QJsonObject newer = older;
        newer.insert(QStringLiteral("hash"), QStringLiteral("h2"));
        newer.remove(QStringLiteral("reason"));
        HistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setEntries({older, newer});
        QCOMPARE(model.headerData(HistoryModel::ReasonColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Reason sent"));
        QCOMPARE(model.index(1, HistoryModel::ReasonColumn).data().toString(),
                 QStringLiteral("use the cache not the API"));
        QCOMPARE(model.index(1, HistoryModel::ReasonColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("use the cache\nnot the API"));
        QCOMPARE(model.index(0, HistoryModel::ReasonColumn).data().toString(), QString());
        QCOMPARE(model.rowOfHash(QStringLiteral("h1")), 1);
        QCOMPARE(model.rowOfHash(QStringLiteral("nope")), -1);
        // The newest entry of the request.
        QCOMPARE(
            model.rowOfRequest(QStringLiteral("4"), QStringLiteral("research-bot"), QStringLiteral("aa")), 0);
        QCOMPARE(model.rowOfRequest(QStringLiteral("4"), QStringLiteral("other"), QStringLiteral("aa")), -1);
    }

    // Who decided, in words, read through agent::RequestEnd; unknown text is shown as it is.
    void decidedByInWords()
    {
        QCOMPARE(HistoryModel::describeDecidedBy(QStringLiteral("person")), QStringLiteral("you"));
        QCOMPARE(HistoryModel::describeDecidedBy(QStringLiteral("rule:no-runs")),
                 QStringLiteral("rule \"no-runs\""));
        QCOMPARE(HistoryModel::describeDecidedBy(QStringLiteral("timeout")), QStringLiteral("timed out"));
        QCOMPARE(HistoryModel::describeDecidedBy(QStringLiteral("withdrawn")),
                 QStringLiteral("withdrawn by the agent"));
        QCOMPARE(HistoryModel::describeDecidedBy(QStringLiteral("shutdown")),
                 QStringLiteral("app shut down"));
        QCOMPARE(HistoryModel::describeDecidedBy(QStringLiteral("<b>x</b>")), QStringLiteral("<b>x</b>"));
    }

    // Reloads reset the model, to more rows, fewer and none, and the tester checks every step.
    void reloadsResetTheModel()
    {
        HistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QList<QJsonObject> entries;
        for (int i = 0; i < 5; ++i) {
            entries.append({{QStringLiteral("request"), QString::number(i)},
                            {QStringLiteral("method"), QStringLiteral("review")},
                            {QStringLiteral("decision"), QStringLiteral("approve")},
                            {QStringLiteral("hash"), QStringLiteral("h%1").arg(i)}});
            model.setEntries(entries);
            QCOMPARE(model.rowCount(), i + 1);
            QCOMPARE(model.rowOfHash(QStringLiteral("h%1").arg(i)), 0);
        }
        model.setEntries(entries.mid(3));
        QCOMPARE(model.rowCount(), 2);
        model.setEntries({});
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(0, 0).isValid());
        QCOMPARE(resets.size(), 7);
    }
};

QTEST_GUILESS_MAIN(TestHistoryModel)
#include "tst_historymodel.moc"
