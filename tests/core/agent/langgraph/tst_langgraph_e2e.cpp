// SPDX-License-Identifier: Apache-2.0
// The LangGraph client against a real `langgraph dev` (langgraph-cli[inmem], pinned in
// clients/python/requirements-test.txt) serving graph/gate.py: a run stops at the gate's
// interrupt, the watcher finds it, ResumeGuard resumes it, the thread ends with the resume value.
// Without the CLI this test fails: it names what to install.
#include "agent/langgraph/InterruptWatcher.h"
#include "agent/langgraph/LangGraphApi.h"
#include "agent/langgraph/ResumeGuard.h"

#include "support/Waits.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace k8::agent::langgraph;
namespace waits = k8::test::waits;

class TestLangGraphE2e : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void interruptFoundResumedAndFinished();

private:
    QJsonObject call(const QByteArray& verb, const QString& path, const QJsonObject& body = {});

    QTemporaryDir m_folder;
    QProcess m_server;
    QUrl m_url;
    QNetworkAccessManager m_network;
};

void TestLangGraphE2e::initTestCase()
{
    const QString cli = qEnvironmentVariable("KOSA8_LANGGRAPH_CLI");
    QVERIFY2(
        !cli.isEmpty() && QFileInfo(cli).isExecutable(),
        qPrintable(QStringLiteral("no langgraph CLI at '%1': install langgraph-cli[inmem] into the test venv "
                                  "(./dev.sh test does, from clients/python/requirements-test.txt) or "
                                  "configure with -DKOSA8DESK_LANGGRAPH=/path/to/venv/bin/langgraph")
                       .arg(cli)));
    // The graph in a folder of its own: langgraph dev keeps its threads in .langgraph_api there.
    QVERIFY(m_folder.isValid());
    for (const char* name : {"gate.py", "agent.py", "langgraph.json"})
        QVERIFY(QFile::copy(QStringLiteral(K8_LANGGRAPH_GRAPH "/") + QLatin1String(name),
                            m_folder.filePath(QLatin1String(name))));

    // A free port: taken, then let go for the server.
    quint16 port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    }
    m_url = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LANGGRAPH_CLI_NO_ANALYTICS"), QStringLiteral("1"));
    environment.insert(QStringLiteral("LANGSMITH_TRACING"), QStringLiteral("false"));
    environment.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    m_server.setProcessEnvironment(environment);
    m_server.setWorkingDirectory(m_folder.path());
    m_server.setProcessChannelMode(QProcess::MergedChannels);
    m_server.start(cli,
                   {QStringLiteral("dev"), QStringLiteral("--no-browser"), QStringLiteral("--no-reload"),
                    QStringLiteral("--host"), QStringLiteral("127.0.0.1"), QStringLiteral("--port"),
                    QString::number(port), QStringLiteral("--config"), QStringLiteral("langgraph.json")});
    QVERIFY2(m_server.waitForStarted(waits::Process), qPrintable(m_server.errorString()));
}

void TestLangGraphE2e::cleanupTestCase()
{
    if (m_server.state() != QProcess::NotRunning) {
        m_server.terminate();
        if (!m_server.waitForFinished(waits::Process))
            m_server.kill();
        m_server.waitForFinished(waits::Process);
    }
    if (QTest::currentTestFailed())
        qWarning().noquote() << "langgraph dev said:\n" << m_server.readAll().right(4000);
}

QJsonObject TestLangGraphE2e::call(const QByteArray& verb, const QString& path, const QJsonObject& body)
{
    QNetworkRequest request(m_url.resolved(QUrl(path)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply* reply = m_network.sendCustomRequest(
        request, verb, body.isEmpty() && verb == "GET" ? QByteArray() : QJsonDocument(body).toJson());
    QSignalSpy finished(reply, &QNetworkReply::finished);
    const bool done = reply->isFinished() || finished.wait(waits::Process);
    const QByteArray answer = reply->readAll();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->deleteLater();
    if (!done || status != 200) {
        qWarning("%s %s: HTTP %d %s", verb.constData(), qPrintable(path), status,
                 answer.left(300).constData());
        return {};
    }
    return QJsonDocument::fromJson(answer).object();
}

void TestLangGraphE2e::interruptFoundResumedAndFinished()
{
    LangGraphApi api({QStringLiteral("dev"), m_url, {}, {QStringLiteral("gate")}});
    InterruptWatcher watcher(&api);
    watcher.setBackoffMs(250, 1000); // the server takes seconds to start: tried often meanwhile
    QSignalSpy appeared(&watcher, &InterruptWatcher::interruptAppeared);
    QSignalSpy gone(&watcher, &InterruptWatcher::interruptGone);
    watcher.start();
    QTRY_VERIFY_WITH_TIMEOUT(watcher.status().reachable || m_server.state() == QProcess::NotRunning,
                             waits::Binary);
    QVERIFY2(watcher.status().reachable, m_server.readAll().right(4000).constData());
    QVERIFY(!watcher.status().version.isEmpty());
    qInfo("langgraph-api %s", qPrintable(watcher.status().version));

    // A run that stops at the gate.
    const QString threadId =
        call("POST", QStringLiteral("/threads")).value(QStringLiteral("thread_id")).toString();
    QVERIFY(!threadId.isEmpty());
    const QJsonObject run = call(
        "POST", QStringLiteral("/threads/%1/runs").arg(threadId),
        {{QStringLiteral("assistant_id"), QStringLiteral("gate")},
         {QStringLiteral("input"), QJsonObject{{QStringLiteral("code"), QStringLiteral("print('hi')")}}}});
    const QString runId = run.value(QStringLiteral("run_id")).toString();
    QVERIFY(!runId.isEmpty());
    call("GET", QStringLiteral("/threads/%1/runs/%2/join").arg(threadId, runId));
    QElapsedTimer sinceStop;
    sinceStop.start();
    // Seen within 3 s of the run stopping (the bound), whatever the poll was doing.
    QTRY_COMPARE_WITH_TIMEOUT(appeared.size(), 1, 3000 * waits::Slowdown);
    qInfo("interrupt seen %lld ms after the run stopped", sinceStop.elapsed());
    const PendingInterrupt interrupt = appeared.first().first().value<PendingInterrupt>();
    QCOMPARE(interrupt.threadId, threadId);
    QCOMPARE(interrupt.graphId, QStringLiteral("gate"));
    QVERIFY(!interrupt.assistantId.isEmpty());
    QCOMPARE(interrupt.value.toObject().value(QStringLiteral("code")).toString(),
             QStringLiteral("print('hi')"));
    QCOMPARE(interrupt.value.toObject().value(QStringLiteral("question")).toString(),
             QStringLiteral("Run this code?"));

    // Resumed through the guard; the watcher is told, and says so when it goes.
    ResumeGuard guard(&api);
    QSignalSpy finished(&guard, &ResumeGuard::finished);
    const QJsonObject answer{{QStringLiteral("approved"), true},
                             {QStringLiteral("by"), QStringLiteral("kosa8 Desk")}};
    guard.resume(interrupt, answer);
    QVERIFY(finished.wait(waits::Process));
    const ResumeOutcome outcome = finished.first().first().value<ResumeOutcome>();
    QVERIFY2(outcome.result == ResumeOutcome::Result::Resumed, qPrintable(outcome.message));
    watcher.markResumedHere(interrupt);
    QTRY_COMPARE_WITH_TIMEOUT(gone.size(), 1, waits::Process);
    QCOMPARE(gone.first().at(1).value<InterruptWatcher::GoneReason>(),
             InterruptWatcher::GoneReason::ResumedHere);

    // The thread ran to its end with the answer as interrupt()'s return value.
    call("GET", QStringLiteral("/threads/%1/runs/%2/join").arg(threadId, outcome.runId));
    const QJsonObject thread = call("GET", QStringLiteral("/threads/%1").arg(threadId));
    QCOMPARE(thread.value(QStringLiteral("status")).toString(), QStringLiteral("idle"));
    QCOMPARE(thread.value(QStringLiteral("values")).toObject().value(QStringLiteral("decision")).toObject(),
             answer);

    // Answering it again is refused before anything is sent.
    finished.clear();
    guard.resume(interrupt, answer);
    QVERIFY(finished.wait(waits::Process));
    QCOMPARE(finished.first().first().value<ResumeOutcome>().result, ResumeOutcome::Result::NoLongerPending);
    watcher.stop();
}

QTEST_GUILESS_MAIN(TestLangGraphE2e)
#include "tst_langgraph_e2e.moc"
