// SPDX-License-Identifier: Apache-2.0
// DurableAnswers (src/core/agent/DurableAnswers.h): no answer leaves before its ledger record is
// on disk, answers leave in the order they were queued, and a failed flush turns approvals into
// rejections. The ledger is real and writes to a temporary folder; a failing disk is made with
// RLIMIT_FSIZE (tests/support/FileSizeLimit.h).
#include "agent/DurableAnswers.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/socket/JsonRpc.h"
#include "support/FileSizeLimit.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace k8::agent;

namespace {

// A HITL review with one action, whose shape carries a reject reason.
Request hitlRequest(int id)
{
    const QJsonObject payload{
        {QStringLiteral("action_requests"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("shell")},
                                {QStringLiteral("args"), QJsonObject{{QStringLiteral("command"),
                                                                      QStringLiteral("ls %1").arg(id)}}}}}},
        {QStringLiteral("review_configs"),
         QJsonArray{QJsonObject{{QStringLiteral("action_name"), QStringLiteral("shell")},
                                {QStringLiteral("allowed_decisions"),
                                 QJsonArray{QStringLiteral("approve"), QStringLiteral("reject")}}}}}};
    Request request;
    RpcError error;
    if (!requestFromReview(QJsonObject{{QStringLiteral("payload"), payload}}, &request, &error))
        qFatal("test request refused: %s", qPrintable(error.message));
    request.key = quint64(id);
    request.origin.id = id;
    request.agent = QStringLiteral("tester");
    return request;
}

DurableAnswer approval(int id)
{
    DurableAnswer answer;
    answer.request = hitlRequest(id);
    answer.record.requestId = rpcIdText(answer.request.origin.id);
    answer.record.agent = answer.request.agent;
    answer.record.method = methodName(answer.request.method);
    answer.record.payloadSha256 = answer.request.payloadSha256;
    answer.record.decision = QStringLiteral("approve");
    answer.record.decidedBy = QStringLiteral("rule:ok");
    answer.result = approvalFor(answer.request);
    answer.approves = true;
    return answer;
}

// The request ids of the entries in the ledger file as it is on disk now.
QStringList idsOnDisk(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList ids;
    for (const QByteArray& line : file.readAll().split('\n')) {
        const QJsonObject entry = QJsonDocument::fromJson(line).object();
        if (!entry.isEmpty())
            ids.append(entry.value(QLatin1String("request")).toString());
    }
    return ids;
}

} // namespace

class TestDurableAnswers : public QObject
{
    Q_OBJECT

    // A ledger at `path` holding one entry, then `queued` answered while the disk takes no more
    // (RLIMIT_FSIZE): its flush fails, and so does its retry. What was answered, and how many
    // problems were said.
    void answerOnAFailingDisk(const QString& path, const DurableAnswer& queued,
                              QList<DurableAnswer>* answered, int* problems)
    {
        Ledger ledger;
        QString error;
        QVERIFY2(ledger.open(path, &error), qPrintable(error));
        QVERIFY(ledger.append(approval(1).record, &error));
        const qint64 durableSize = QFileInfo(path).size();
        DurableAnswers answers(&ledger);
        connect(&answers, &DurableAnswers::answerReady, this,
                [answered](const DurableAnswer& ready) { answered->append(ready); });
        QSignalSpy problemSpy(&answers, &DurableAnswers::problem);
        {
            k8::test::FileSizeLimit limit(rlim_t(durableSize + 10));
            QVERIFY(limit.isActive());
            QVERIFY(answers.enqueue(queued, &error));
            answers.settle();
        }
        *problems = int(problemSpy.count());
    }

private Q_SLOTS:
    void answersOnlyOnceOnDiskAndInOrder()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY2(ledger.open(path, &error), qPrintable(error));
        DurableAnswers answers(&ledger);

        QStringList answeredIds;
        QStringList missingAtAnswer; // answers that left while their record was not on disk
        connect(&answers, &DurableAnswers::answerReady, this, [&](const DurableAnswer& ready) {
            answeredIds.append(ready.record.requestId);
            if (!idsOnDisk(path).contains(ready.record.requestId))
                missingAtAnswer.append(ready.record.requestId);
        });
        QSignalSpy batches(&answers, &DurableAnswers::batchAnswered);

        for (int id = 1; id <= 5; ++id)
            QVERIFY2(answers.enqueue(approval(id), &error), qPrintable(error));
        // Nothing leaves within the turn that queued it.
        QVERIFY(answeredIds.isEmpty());
        QVERIFY(!answers.isIdle());

        QTRY_COMPARE(answeredIds.size(), 5);
        QCOMPARE(answeredIds, (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
                                           QStringLiteral("4"), QStringLiteral("5")}));
        QVERIFY2(missingAtAnswer.isEmpty(), qPrintable(missingAtAnswer.join(u',')));
        QVERIFY(batches.count() >= 1);
        QVERIFY(answers.isIdle());
        QCOMPARE(idsOnDisk(path), answeredIds);
    }

    void settleAnswersHereAndNow()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY2(ledger.open(path, &error), qPrintable(error));
        DurableAnswers answers(&ledger);
        QStringList answeredIds;
        connect(&answers, &DurableAnswers::answerReady, this,
                [&](const DurableAnswer& ready) { answeredIds.append(ready.record.requestId); });

        QVERIFY(answers.enqueue(approval(7), &error));
        QVERIFY(answers.enqueue(approval(8), &error));
        answers.settle(); // no event loop in between
        QCOMPARE(answeredIds, (QStringList{QStringLiteral("7"), QStringLiteral("8")}));
        QVERIFY(answers.isIdle());
        QCOMPARE(idsOnDisk(path), answeredIds);
        // A record appended directly afterwards comes after them.
        LedgerRecord later = approval(9).record;
        QVERIFY2(ledger.append(later, &error), qPrintable(error));
        QCOMPARE(idsOnDisk(path).last(), QStringLiteral("9"));
    }

    void failedFlushTurnsApprovalsIntoRejections()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QList<DurableAnswer> answered;
        int problems = 0;
        answerOnAFailingDisk(path, approval(2), &answered, &problems);
        QCOMPARE(answered.size(), 1);
        const DurableAnswer& rejected = answered.first();
        QVERIFY(!rejected.approves);
        QCOMPARE(rejected.record.decision, QStringLiteral("reject"));
        QVERIFY2(rejected.record.reason.startsWith(QStringLiteral("The decision could not be recorded: ")),
                 qPrintable(rejected.record.reason));
        // The answer is the rejection in the request's shape, never the approval.
        QCOMPARE(rejected.result, rejectionFor(rejected.request, rejected.record.reason));
        QVERIFY(rejected.result != approvalFor(rejected.request));
        QVERIFY(problems >= 1);
        QCOMPARE(idsOnDisk(path), QStringList{QStringLiteral("1")});
    }

    // A request decided at its source (a LangGraph interrupt resumed elsewhere) is only recorded:
    // a failed flush leaves its record as it was ("unknown", decided "elsewhere"), not a rejection
    // nobody made, and it still answers nothing.
    void failedFlushKeepsARecordThatAnswersNothing()
    {
        QTemporaryDir dir;
        DurableAnswer elsewhere = approval(2);
        elsewhere.record.decision = QStringLiteral("unknown");
        elsewhere.record.decidedBy = QStringLiteral("elsewhere");
        elsewhere.result = QJsonValue();
        elsewhere.approves = false;
        elsewhere.answersSource = false;
        QList<DurableAnswer> answered;
        int problems = 0;
        answerOnAFailingDisk(dir.filePath(QStringLiteral("ledger.jsonl")), elsewhere, &answered, &problems);
        QCOMPARE(answered.size(), 1);
        QCOMPARE(answered.first().record.decision, QStringLiteral("unknown"));
        QCOMPARE(answered.first().record.decidedBy, QStringLiteral("elsewhere"));
        QVERIFY(answered.first().record.reason.isEmpty());
        QVERIFY(!answered.first().answersSource);
    }
};

QTEST_GUILESS_MAIN(TestDurableAnswers)
#include "tst_durableanswers.moc"
