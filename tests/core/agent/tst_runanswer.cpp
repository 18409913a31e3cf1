// SPDX-License-Identifier: Apache-2.0
// RunAnswerBuilder: the answers to finished runs are built on its own thread and handed back in
// the order the runs finished; settle() hands out everything in flight before it returns; a failed
// run's answer is the -32010 error the service always wrote (stderr decoded, then what went wrong).
#include "agent/runs/RunAnswer.h"
#include "agent/socket/JsonRpc.h"

#include <QJsonArray>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace k8::agent;

namespace {

// A run that printed `text` (as bytes) and exited 0, answered to the request with `key`.
RunAnswerJob ranJob(quint64 key, const QByteArray& text)
{
    RunAnswerJob job;
    job.request.key = key;
    job.request.origin.id = QJsonValue(qint64(key));
    job.ran = true;
    job.rpcId = job.request.origin.id;
    job.outcome.fields = QJsonObject{{QStringLiteral("exit_code"), 0},
                                     {QStringLiteral("truncated"), false},
                                     {QStringLiteral("duration_ms"), 12},
                                     {QStringLiteral("sandbox"), QStringLiteral("box1")},
                                     {QStringLiteral("image"), QStringLiteral("python:3.12-slim")},
                                     {QStringLiteral("checkpoint"), QJsonValue(QJsonValue::Null)}};
    job.outcome.withStdout = true;
    job.outcome.stdoutData = text;
    job.decision = QStringLiteral("edit");
    job.code = QStringLiteral("print('x')");
    job.droppedBytes = 5;
    job.sandbox = QStringLiteral("box1");
    return job;
}

} // namespace

class TestRunAnswer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Built on the builder's thread, not the caller's; out in the order build() was called even
    // when a later, smaller answer would be ready first on more threads.
    void answersComeOutInOrderFromAnotherThread()
    {
        RunAnswerBuilder builder;
        QSemaphore gate;
        std::atomic<bool> offThread{false};
        builder.worker().post([&gate, &offThread, caller = QThread::currentThread()] {
            offThread = QThread::currentThread() != caller;
            gate.acquire();
        });
        // On an early return: let go, and wait until the thread has (`gate` goes first).
        auto release = qScopeGuard([&builder, &gate] {
            gate.release();
            builder.worker().waitForIdle();
        });
        QList<quint64> order;
        connect(&builder, &RunAnswerBuilder::built, this,
                [&order](const RunAnswerJob& job, const RunAnswer&) { order.append(job.request.key); });
        builder.build(ranJob(1, QByteArray(2 * 1024 * 1024, 'a')));
        builder.build(ranJob(2, "b\n"));
        builder.build(ranJob(3, "c\n"));
        QCOMPARE(builder.inFlightCount(), 3);
        QCoreApplication::processEvents();
        QVERIFY(order.isEmpty()); // the thread is held: nothing can be built yet
        gate.release();
        release.dismiss();
        QTRY_COMPARE(order.size(), 3);
        QCOMPARE(order, (QList<quint64>{1, 2, 3}));
        QVERIFY(offThread);
        QVERIFY(builder.isIdle());
    }

    // settle() waits for every build and hands each out before it returns (the quit).
    void settleHandsOutEverything()
    {
        RunAnswerBuilder builder;
        QSignalSpy built(&builder, &RunAnswerBuilder::built);
        for (quint64 key = 1; key <= 3; ++key)
            builder.build(ranJob(key, QByteArray(512 * 1024, 'x')));
        builder.settle();
        QCOMPARE(built.count(), 3);
        QVERIFY(builder.isIdle());
    }

    // A run's answer: the run's fields, the output decoded as lossy UTF-8, what the notifications
    // dropped, the decision and the code; the window's copy adds the reset.
    void ranAnswerIsTheRunsFields()
    {
        RunAnswerJob job = ranJob(4, "caf\xc3\xa9 \xff\n");
        job.outcome.stderrData = "warn\n";
        job.resetOutcome = QJsonObject{{QStringLiteral("base"), QStringLiteral("base-1")}};
        const RunAnswer built = buildRunAnswer(job);
        const QJsonObject expected{{QStringLiteral("exit_code"), 0},
                                   {QStringLiteral("truncated"), false},
                                   {QStringLiteral("duration_ms"), 12},
                                   {QStringLiteral("sandbox"), QStringLiteral("box1")},
                                   {QStringLiteral("image"), QStringLiteral("python:3.12-slim")},
                                   {QStringLiteral("checkpoint"), QJsonValue(QJsonValue::Null)},
                                   {QStringLiteral("stdout"), QStringLiteral("caf\u00e9 \ufffd\n")},
                                   {QStringLiteral("stderr"), QStringLiteral("warn\n")},
                                   {QStringLiteral("output_dropped_bytes"), 5},
                                   {QStringLiteral("decision"), QStringLiteral("edit")},
                                   {QStringLiteral("code"), QStringLiteral("print('x')")}};
        QCOMPARE(built.line, rpcResult(QJsonValue(4), expected));
        QJsonObject shown = expected;
        shown.insert(QStringLiteral("reset"), job.resetOutcome);
        QCOMPARE(built.shown, shown);
    }

    // kosa8 failed: -32010 with {command, exit_code, stderr, outcome, checkpoint}; stderr is what
    // kosa8 printed, then what went wrong (RunExecutor puts it on a line of its own).
    void failedAnswerIsTheKosa8Error()
    {
        RunAnswerJob job;
        job.request.key = 5;
        job.rpcId = QJsonValue(QStringLiteral("r5"));
        job.ran = false;
        job.message = QStringLiteral("kosa8 could not run the code.");
        job.sandbox = QStringLiteral("box1");
        job.outcome.fields =
            QJsonObject{{QStringLiteral("command"), QStringLiteral("kosa8 sandbox run box1")},
                        {QStringLiteral("exit_code"), QJsonValue(QJsonValue::Null)},
                        {QStringLiteral("outcome"), QStringLiteral("crashed")},
                        {QStringLiteral("checkpoint"), QStringLiteral("before-5")}};
        job.outcome.stderrData = "half a line";
        job.outcome.stderrTail = QStringLiteral("\nkosa8 stopped unexpectedly.");
        const RunAnswer built = buildRunAnswer(job);
        QJsonObject data = job.outcome.fields;
        data.insert(QStringLiteral("stderr"), QStringLiteral("half a line\nkosa8 stopped unexpectedly."));
        QCOMPARE(built.line, rpcError(job.rpcId, makeRpcError(ErrorCode::Kosa8Failed, job.message, data)));
        QCOMPARE(built.shown.value(QStringLiteral("error")).toString(), job.message);
        QCOMPARE(built.shown.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box1"));
        QVERIFY(!built.shown.contains(QStringLiteral("stdout")));
    }
};

QTEST_GUILESS_MAIN(TestRunAnswer)
#include "tst_runanswer.moc"
