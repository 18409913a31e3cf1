// SPDX-License-Identifier: Apache-2.0
// The inbox's History tab is the history browser's model over the ledger's decisions
// (issue 13): its desk columns (agent, title, kind, decision, decided by, where, reason), read from
// the ledger line the store keeps. For each run, where it ran or would have run (issue 7, finding 10).
#include "agent/review/InboxModel.h"
#include "history/AuditFilter.h"
#include "history/AuditHistory.h"
#include "history/AuditStore.h"
#include "history/AuditTableModel.h"
#include "history/DecisionFields.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using k8::history::AuditColumn;
using k8::history::AuditTableModel;
using k8::history::DecisionFields;

namespace {

// The tab's model: ledger entries stored as desk rows the way LedgerSource stores them (the whole
// line as the extra text), shown filtered to the desk's decisions, newest first.
struct Decisions
{
    std::shared_ptr<k8::history::AuditStore> store = std::make_shared<k8::history::AuditStore>();
    AuditTableModel model;

    Decisions() { model.setStore(store); }

    // Appends entries (oldest first) and shows every decision.
    void add(const QList<QJsonObject>& oldestFirst)
    {
        for (const QJsonObject& entry : oldestFirst) {
            const qint64 seq = store->rowCount() + 1;
            const QByteArray line = QJsonDocument(entry).toJson(QJsonDocument::Indented);
            const QByteArray hash = entry.value(QStringLiteral("hash")).toString().toUtf8();
            const QByteArray decidedBy = entry.value(QStringLiteral("decided_by")).toString().toUtf8();
            const QByteArray action =
                "decision." + entry.value(QStringLiteral("decision")).toString().toUtf8();
            k8::history::AuditRowInput input;
            input.source = k8::history::Source::Desk;
            input.seq = seq;
            input.timeMs = 1'767'225'600'000 + seq * 1000;
            input.line = qint32(seq);
            input.text[int(k8::history::TextField::Extra)] = line;
            input.text[int(k8::history::TextField::Hash)] = hash;
            input.names[int(k8::history::NameColumn::Action)] = action;
            input.names[int(k8::history::NameColumn::DecidedBy)] = decidedBy;
            store->append(input);
        }
        model.setRows(decisionsNewestFirst(0));
    }
    // The decisions from store row `from` on, newest first.
    QList<qint32> decisionsNewestFirst(qsizetype from) const
    {
        k8::history::AuditFilter decisions;
        decisions.source = int(k8::history::Source::Desk);
        QList<qint32> rows =
            k8::history::AuditFilterEngine::match(*store, from, store->rowCount(), decisions);
        k8::history::AuditFilterEngine::sort(*store, &rows, {AuditColumn::Time, Qt::DescendingOrder});
        return rows;
    }
    int rowOfRequest(const QString& request, const QString& agent, const QString& payload) const
    {
        return DecisionFields::rowOfRequest(*store, model.rows(), request, agent, payload);
    }
};

} // namespace

class TestDecisionRows : public QObject
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
        Decisions decisions;
        AuditTableModel& model = decisions.model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        decisions.add({approved, rejected, review}); // oldest first; shown newest first
        QCOMPARE(model.columnCount(), int(AuditColumn::Count));
        QCOMPARE(model.headerData(int(AuditColumn::Where), Qt::Horizontal).toString(),
                 QStringLiteral("Where it ran"));
        auto where = [&model](int row) {
            return model.data(model.index(row, int(AuditColumn::Where))).toString();
        };
        QCOMPARE(where(0), QString());
        // Who decided, in words, next to what was decided.
        QCOMPARE(model.index(1, int(AuditColumn::DecidedByText)).data().toString(),
                 QStringLiteral("rule \"no-runs\""));
        QCOMPARE(model.index(1, int(AuditColumn::Decision)).data().toString(), QStringLiteral("reject"));
        QCOMPARE(model.index(2, int(AuditColumn::DecidedByText)).data().toString(), QStringLiteral("you"));
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
        Decisions decisions;
        AuditTableModel& model = decisions.model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        decisions.add({run, review}); // shown newest first: the review, then the run
        auto kind = [&model](int row, int role = Qt::DisplayRole) {
            return model.data(model.index(row, int(AuditColumn::Method)), role).toString();
        };
        QCOMPARE(model.headerData(int(AuditColumn::Method), Qt::Horizontal).toString(),
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
        decisions.add({QJsonObject{{QStringLiteral("method"), QStringLiteral("fork")},
                                   {QStringLiteral("decision"), QStringLiteral("approve")}}});
        QCOMPARE(model.rowCount(), 3);
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
        Decisions decisions;
        AuditTableModel& model = decisions.model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        decisions.add({older, newer});
        QCOMPARE(model.headerData(int(AuditColumn::Reason), Qt::Horizontal).toString(),
                 QStringLiteral("Reason sent"));
        QCOMPARE(model.index(1, int(AuditColumn::Reason)).data().toString(),
                 QStringLiteral("use the cache not the API"));
        QCOMPARE(model.index(1, int(AuditColumn::Reason)).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("use the cache\nnot the API"));
        QCOMPARE(model.index(0, int(AuditColumn::Reason)).data().toString(), QString());
        // Each row is its own ledger entry (the hash is unique per entry).
        QCOMPARE(model.index(1, 0).data(AuditTableModel::HashRole).toString(), QStringLiteral("h1"));
        QCOMPARE(model.index(0, 0).data(AuditTableModel::HashRole).toString(), QStringLiteral("h2"));
        // The newest entry of the request.
        QCOMPARE(
            decisions.rowOfRequest(QStringLiteral("4"), QStringLiteral("research-bot"), QStringLiteral("aa")),
            0);
        QCOMPARE(decisions.rowOfRequest(QStringLiteral("4"), QStringLiteral("other"), QStringLiteral("aa")),
                 -1);
    }

    // Who decided, in words, read through agent::RequestEnd; unknown text is shown as it is.
    void decidedByInWords()
    {
        QCOMPARE(DecisionFields::describeDecidedBy(QStringLiteral("person")), QStringLiteral("you"));
        QCOMPARE(DecisionFields::describeDecidedBy(QStringLiteral("rule:no-runs")),
                 QStringLiteral("rule \"no-runs\""));
        QCOMPARE(DecisionFields::describeDecidedBy(QStringLiteral("timeout")), QStringLiteral("timed out"));
        QCOMPARE(DecisionFields::describeDecidedBy(QStringLiteral("withdrawn")),
                 QStringLiteral("withdrawn by the agent"));
        QCOMPARE(DecisionFields::describeDecidedBy(QStringLiteral("shutdown")),
                 QStringLiteral("app shut down"));
        QCOMPARE(DecisionFields::describeDecidedBy(QStringLiteral("<b>x</b>")), QStringLiteral("<b>x</b>"));
    }

    // Where a request came from, and a server's interrupt's thread on its server; a ledger line
    // edited to hold another kind of address or a thread id that changes the path gives no link.
    void originAndThreadLink()
    {
        const auto entry = [](const QString& server, const QString& threadId) {
            return QJsonObject{{QStringLiteral("source"), QStringLiteral("langgraph")},
                               {QStringLiteral("server"), server},
                               {QStringLiteral("thread_id"), threadId}};
        };
        const QString thread = QStringLiteral("1ef4-aa_9");
        QCOMPARE(DecisionFields::describeOrigin(entry(QStringLiteral("http://127.0.0.1:2024"), thread)),
                 QStringLiteral("LangGraph server http://127.0.0.1:2024"));
        QCOMPARE(
            DecisionFields::describeOrigin(QJsonObject{{QStringLiteral("source"), QStringLiteral("socket")}}),
            QStringLiteral("an agent on this machine's socket"));
        QCOMPARE(DecisionFields::describeOrigin(QJsonObject{}), QString());
        QCOMPARE(DecisionFields::threadUrl(entry(QStringLiteral("http://127.0.0.1:2024"), thread)),
                 QUrl(QStringLiteral("http://127.0.0.1:2024/threads/1ef4-aa_9")));
        QCOMPARE(DecisionFields::threadUrl(entry(QStringLiteral("https://lg.example.org/api/"), thread)),
                 QUrl(QStringLiteral("https://lg.example.org/api/threads/1ef4-aa_9")));
        for (const QString& server :
             {QStringLiteral("javascript:alert(1)"), QStringLiteral("file:///etc/passwd"),
              QStringLiteral("http://h/?q=1"), QString()})
            QVERIFY2(DecisionFields::threadUrl(entry(server, thread)).isEmpty(), qPrintable(server));
        for (const QString& id :
             {QStringLiteral("../../admin"), QStringLiteral("a/b"), QStringLiteral("a?b"), QString()})
            QVERIFY2(DecisionFields::threadUrl(entry(QStringLiteral("http://h"), id)).isEmpty(),
                     qPrintable(id));
        QVERIFY(DecisionFields::threadUrl(QJsonObject{{QStringLiteral("source"), QStringLiteral("socket")}})
                    .isEmpty());
    }

    // The tab reads the ledger alone: no kosa8 runner, no kosa8 command; an unreadable line is
    // counted, the decisions show newest first.
    void ledgerAloneWithoutKosa8()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ledger = dir.filePath(QStringLiteral("ledger.jsonl"));
        QFile file(ledger);
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (int seq = 1; seq <= 3; ++seq) {
            const QJsonObject entry{
                {QStringLiteral("seq"), seq},
                {QStringLiteral("time"), QStringLiteral("2026-01-01T10:0%1:00.000Z").arg(seq)},
                {QStringLiteral("request"), QString::number(seq)},
                {QStringLiteral("agent"), QStringLiteral("bot")},
                {QStringLiteral("method"), QStringLiteral("review")},
                {QStringLiteral("title"), QStringLiteral("<b>T%1</b>").arg(seq)},
                {QStringLiteral("decision"), QStringLiteral("approve")},
                {QStringLiteral("decided_by"), QStringLiteral("person")}};
            file.write(QJsonDocument(entry).toJson(QJsonDocument::Compact) + "\n");
            if (seq == 2)
                file.write("{not json\n");
        }
        file.close();

        k8::history::AuditHistory history(nullptr);
        QAbstractItemModelTester tester(history.model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        history.setLedgerPath(ledger);
        k8::history::AuditFilter decisions;
        decisions.source = int(k8::history::Source::Desk);
        history.setFilter(decisions);
        history.setSort({AuditColumn::Time, Qt::DescendingOrder});
        QSignalSpy finished(&history, &k8::history::AuditHistory::loadFinished);
        history.reload();
        QVERIFY(finished.wait(5000));
        const auto result = finished.first().first().value<k8::history::AuditLoadResult>();
        QCOMPARE(result.kosa8Stored, 0);
        QCOMPARE(result.problems, 1);
        QCOMPARE(history.model()->rowCount(), 3);
        // Newest first; titles as written (plain text, the view never renders them).
        QCOMPARE(history.model()->index(0, int(AuditColumn::Title)).data().toString(),
                 QStringLiteral("<b>T3</b>"));
        QCOMPARE(history.model()->index(2, int(AuditColumn::Title)).data().toString(),
                 QStringLiteral("<b>T1</b>"));

        // A ledger line written later: a refresh reads only it.
        QVERIFY(file.open(QIODevice::Append));
        file.write(
            QJsonDocument(QJsonObject{{QStringLiteral("seq"), 4},
                                      {QStringLiteral("time"), QStringLiteral("2026-01-01T10:09:00.000Z")},
                                      {QStringLiteral("request"), QStringLiteral("4")},
                                      {QStringLiteral("decision"), QStringLiteral("reject")},
                                      {QStringLiteral("decided_by"), QStringLiteral("timeout")}})
                .toJson(QJsonDocument::Compact) +
            "\n");
        file.close();
        finished.clear();
        history.refresh();
        QVERIFY(finished.wait(5000));
        QCOMPARE(history.store()->rowCount(), 4);
        QCOMPARE(history.model()->rowCount(), 4);
        QCOMPARE(history.model()->index(0, int(AuditColumn::DecidedByText)).data().toString(),
                 QStringLiteral("timed out"));
    }

    // kosa8's own entries have none of the desk's fields.
    void kosa8RowsHaveNoDeskFields()
    {
        Decisions decisions;
        const QByteArray extra = "user=alice";
        k8::history::AuditRowInput input;
        input.source = k8::history::Source::Kosa8;
        input.seq = 1;
        input.text[int(k8::history::TextField::Extra)] = extra;
        decisions.store->append(input);
        for (const AuditColumn column :
             {AuditColumn::Agent, AuditColumn::Title, AuditColumn::Method, AuditColumn::Decision,
              AuditColumn::DecidedByText, AuditColumn::Where, AuditColumn::Reason})
            QCOMPARE(DecisionFields::cellText(*decisions.store, 0, column), QString());
        QVERIFY(DecisionFields::entry(*decisions.store, 0).isEmpty());
    }

    // Reloads reset the model, to more rows, fewer and none, and the tester checks every step.
    void reloadsResetTheModel()
    {
        Decisions decisions;
        AuditTableModel& model = decisions.model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        for (int i = 0; i < 5; ++i) {
            decisions.add({{{QStringLiteral("request"), QString::number(i)},
                            {QStringLiteral("method"), QStringLiteral("review")},
                            {QStringLiteral("decision"), QStringLiteral("approve")},
                            {QStringLiteral("hash"), QStringLiteral("h%1").arg(i)}}});
            QCOMPARE(model.rowCount(), i + 1);
            // The newest entry is the first row.
            QCOMPARE(model.index(0, 0).data(AuditTableModel::HashRole).toString(),
                     QStringLiteral("h%1").arg(i));
        }
        model.setRows(decisions.decisionsNewestFirst(3));
        QCOMPARE(model.rowCount(), 2);
        model.setRows({});
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(0, 0).isValid());
        QCOMPARE(resets.size(), 7);
    }
};

QTEST_GUILESS_MAIN(TestDecisionRows)
#include "tst_decisionrows.moc"
