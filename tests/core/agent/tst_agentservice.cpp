// SPDX-License-Identifier: Apache-2.0
// AgentService in-process, over a real local socket in a temp folder, with the kosa8 stand-in.
#include "agent/AgentService.h"
#include "agent/canonical/Sha256.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/payload/PreparedText.h"
#include "agent/review/DecisionNotice.h"
#include "agent/review/InboxModel.h"
#include "agent/review/ReviewState.h"
#include "agent/runs/SandboxDirectory.h"
#include "agent/socket/LinePreparer.h"
#include "kosa8/Kosa8Runner.h"
#include "support/AgentTestClient.h"
#include "support/FileSizeLimit.h"
#include "support/HitlPayloads.h"
#include "support/ProcessScan.h"
#include "support/ServiceFixture.h"
#include "support/TestJson.h"
#include "support/UnixSockets.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <cstring>
#include <memory>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace k8::agent;
using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Service;

using k8::test::hitlPayload;
using k8::test::readJsonLines;

QJsonObject genericPayload(const QString& code)
{
    return QJsonObject{{QStringLiteral("question"), QStringLiteral("Run this?")},
                       {QStringLiteral("code"), code}};
}

QJsonObject reviewParams(const QString& code, const QString& agent = QStringLiteral("test-agent"))
{
    return QJsonObject{{QStringLiteral("payload"), genericPayload(code)},
                       {QStringLiteral("agent"), agent},
                       {QStringLiteral("title"), QStringLiteral("Review %1").arg(code.left(20))}};
}

PersonDecision oneDecision(DecisionKind kind, const QJsonObject& editedArgs = {}, const QString& message = {})
{
    ActionDecision action;
    action.kind = kind;
    action.editedArgs = editedArgs;
    action.message = message;
    PersonDecision decision;
    decision.actions.append(action);
    return decision;
}

QJsonValue resultOf(const QJsonObject& message)
{
    return message.value(QStringLiteral("result"));
}

using k8::test::errorCodeOf;

// SHA-256 of canonical JSON written out by hand in the test, independent of the app's own
// canonical form.
QString handHash(const QByteArray& canonical)
{
    return QString::fromLatin1(QCryptographicHash::hash(canonical, QCryptographicHash::Sha256).toHex());
}

// The ledger line's action_sha256 (issue 7): what was approved, after any edit.
#define K8_COMPARE_LEDGER_ACTION_SHA256(entry, expected)                                                     \
    do {                                                                                                     \
        QVERIFY((entry).contains(QStringLiteral("action_sha256")));                                          \
        QCOMPARE((entry).value(QStringLiteral("action_sha256")).toString(), QString(expected));              \
    } while (false)
} // namespace

class TestAgentService : public QObject, private k8::test::ServiceFixture
{
    Q_OBJECT

private:
    void writeFile(const QString& path, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(bytes);
    }

    // rules.json with one standing rule, `name`, that approves `code` by its hash.
    void writeApproveCodeRule(const QString& name, const QString& code)
    {
        writeFile(dataDir() + QStringLiteral("/rules.json"),
                  QStringLiteral(R"({"rules": [{"name": "%1", "decision": "approve", "code_sha256": "%2"}]})")
                      .arg(name, sha256Hex(code.toUtf8()))
                      .toUtf8());
    }

    // Each kosa8 call the stand-in received, oldest first, as its first two words
    // ("sandbox run", "rewind box1", "checkpoint box1").
    QStringList callsInOrder() const
    {
        QStringList commands;
        for (const QStringList& argv : k8::test::readStandinCalls(stateDir()))
            commands.append(argv.mid(0, 2).join(QLatin1Char(' ')));
        return commands;
    }

    // "box1" resets to "clean" after every run, "box3" would but has no base, others do not.
    static RunResetPlan resetPlanFor(const QString& sandbox)
    {
        if (sandbox == QLatin1String("box1"))
            return {true, QStringLiteral("clean")};
        if (sandbox == QLatin1String("box3"))
            return {true, QString()};
        return {};
    }

    // Two runs in box1 approved back to back, the first still running when the second is
    // approved; returns both answers' results (empty on a timeout) and the events in order.
    void twoRunsBackToBack(QJsonObject* first, QJsonObject* second, QStringList* events,
                           QList<QJsonObject>* shown)
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        QCOMPARE(standin({QStringLiteral("checkpoint"), QStringLiteral("box1"), QStringLiteral("--label"),
                          QStringLiteral("clean")}),
                 0);
        QVERIFY(startService(baseSettings()));
        m_service->setRunResetPolicy(&TestAgentService::resetPlanFor);
        connect(m_service.get(), &ReviewCoordinator::runStarted, this,
                [events](quint64 key, const QString& preview) {
                    events->append(
                        QStringLiteral("step %1: %2").arg(key).arg(preview.section(QLatin1Char(' '), 1, 2)));
                });
        connect(m_service.get(), &AgentService::runResetFinished, this,
                [events](const QString& sandbox, const k8::kosa8::JobResult& result) {
                    events->append(
                        QStringLiteral("reset %1 %2")
                            .arg(sandbox, result.ok() ? QStringLiteral("ok") : QStringLiteral("failed")));
                });
        connect(m_service.get(), &ReviewCoordinator::runFinished, this,
                [events, shown](quint64 key, const QJsonObject& result) {
                    events->append(QStringLiteral("finished %1").arg(key));
                    shown->append(result);
                });
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id1 =
            client.request(QStringLiteral("run"),
                           {{QStringLiteral("code"), QStringLiteral("# sleep-ms: 800\n# stdout: one\n")}},
                           QStringLiteral("r-1"));
        const quint64 key1 = waitForQueued(queued, 1);
        const QJsonValue id2 = client.request(QStringLiteral("run"),
                                              {{QStringLiteral("code"), QStringLiteral("# stdout: two\n")}},
                                              QStringLiteral("r-2"));
        const quint64 key2 = waitForQueued(queued, 2);
        QVERIFY(key1 != 0 && key2 != 0);
        QVERIFY(decideRecorded(key1, oneDecision(DecisionKind::Approve)));
        QVERIFY(decideRecorded(key2, oneDecision(DecisionKind::Approve)));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id1) && client.hasResponse(id2), Wait);
        *first = resultOf(client.response(id1)).toObject();
        *second = resultOf(client.response(id2)).toObject();
    }

    // run1 (its checkpoint, its run), its rewind, then run2 (checkpoint, run), its rewind: never
    // anything of run2 before run1's rewind.
    void verifyRunRewindRunOrder()
    {
        const QStringList calls = callsInOrder();
        QList<qsizetype> runs, rewinds, checkpoints;
        for (qsizetype i = 0; i < calls.size(); ++i) {
            if (calls.at(i) == QLatin1String("sandbox run"))
                runs.append(i);
            else if (calls.at(i) == QLatin1String("rewind box1"))
                rewinds.append(i);
            else if (calls.at(i) == QLatin1String("checkpoint box1"))
                checkpoints.append(i);
        }
        QCOMPARE(runs.size(), 2);
        QCOMPARE(rewinds.size(), 2);
        QCOMPARE(checkpoints.size(), 3); // "clean", then one before each run
        QVERIFY2(checkpoints.at(1) < runs.at(0) && runs.at(0) < rewinds.at(0) &&
                     rewinds.at(0) < checkpoints.at(2) && checkpoints.at(2) < runs.at(1) &&
                     runs.at(1) < rewinds.at(1),
                 qPrintable(calls.join(QStringLiteral(" | "))));
    }

    // decide(), then the wait for its record: the decision is written off the UI thread and the
    // answer (or the run) follows the flush.
    bool decideRecorded(quint64 key, const PersonDecision& decision, QString* error = nullptr)
    {
        QSignalSpy written(m_service.get(), &ReviewCoordinator::ledgerWritten);
        if (!m_service->decide(key, decision, error))
            return false;
        return !written.isEmpty() || written.wait(Wait);
    }

    // box1 made, the service started, `client` connected, one run of `code` sent under `id` and
    // queued for a person: its key, or 0 when any step failed (each says why in the log).
    quint64 queueOneRun(AgentTestClient& client, const QString& code, const QString& id, QJsonValue* rpcId)
    {
        if (standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}) != 0 ||
            !startService(baseSettings()))
            return 0;
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        if (!connectClient(client))
            return 0;
        *rpcId = client.request(QStringLiteral("run"), {{QStringLiteral("code"), code}}, id);
        return waitForQueued(queued);
    }

    quint64 waitForQueued(QSignalSpy& queued, int count = 1)
    {
        if (queued.count() < count) {
            for (int i = 0; i < 100 && queued.count() < count; ++i)
                queued.wait(Wait / 10);
        }
        return queued.count() >= count ? queued.at(count - 1).at(0).toULongLong() : 0;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QFile::exists(m_standin), "KOSA8_STANDIN must name the kosa8 stand-in"); }

    void init() { QVERIFY(setUpService()); }

    void cleanup() { tearDownService(); }

    void helloAndPing()
    {
        QVERIFY(startService(baseSettings()));
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue hello =
            client.request(QStringLiteral("hello"), {{QStringLiteral("client"), QStringLiteral("tst")},
                                                     {QStringLiteral("agent"), QStringLiteral("bot-7")}});
        const QJsonValue ping = client.request(QStringLiteral("ping"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(hello) && client.hasResponse(ping), Wait);
        const QJsonObject info = resultOf(client.response(hello)).toObject();
        QCOMPARE(info.value(QStringLiteral("server")).toString(), QStringLiteral("kosa8-desk"));
        QCOMPARE(info.value(QStringLiteral("version")).toString(), QStringLiteral("9.9-test"));
        QCOMPARE(info.value(QStringLiteral("protocol")).toInt(), 1);
        QCOMPARE(
            info.value(QStringLiteral("methods")).toArray().toVariantList(),
            (QVariantList{QStringLiteral("hello"), QStringLiteral("review"), QStringLiteral("run"),
                          QStringLiteral("cancel"), QStringLiteral("ping"), QStringLiteral("sandboxes")}));
        QCOMPARE(resultOf(client.response(ping)).toObject().value(QStringLiteral("pong")).toBool(), true);

        // The hello agent label is used for requests that name none.
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        client.request(QStringLiteral("review"), {{QStringLiteral("payload"), QStringLiteral("plain text")}});
        const quint64 key = waitForQueued(queued);
        QVERIFY(key != 0);
        QCOMPARE(m_service->request(key)->agent, QStringLiteral("bot-7"));
        QCOMPARE(m_service->inbox()->data(m_service->inbox()->index(0, InboxModel::AgentColumn)).toString(),
                 QStringLiteral("bot-7"));
    }

    void sandboxesListsWhatTheAppKnows()
    {
        QVERIFY(startService(baseSettings()));
        m_service->setDefaultSandbox(QStringLiteral("box1"));
        AgentTestClient client;
        QVERIFY(connectClient(client));
        // Before the app supplies a list: nothing listed, not an empty list that was read.
        const QJsonValue unknown = client.request(QStringLiteral("sandboxes"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(unknown), Wait);
        QJsonObject answer = resultOf(client.response(unknown)).toObject();
        QCOMPARE(answer.value(QStringLiteral("listed")).toBool(true), false);
        QCOMPARE(answer.value(QStringLiteral("sandboxes")).toArray().size(), 0);
        QCOMPARE(answer.value(QStringLiteral("default_sandbox")).toString(), QStringLiteral("box1"));

        struct Listed : SandboxDirectory
        {
            bool isListed() const override { return true; }
            QList<k8::kosa8::Sandbox> sandboxes() const override
            {
                k8::kosa8::Sandbox open;
                open.name = QStringLiteral("box1");
                open.status = QStringLiteral("running");
                open.egress = k8::kosa8::EgressPolicy::allow(
                    {QStringLiteral("pypi.org"), QStringLiteral("files.pythonhosted.org")});
                open.images = {QStringLiteral("python:3.12-slim")};
                k8::kosa8::Sandbox closed;
                closed.name = QStringLiteral("box2");
                closed.status = QStringLiteral("stopped");
                return {open, closed};
            }
        } listed;
        m_service->setSandboxDirectory(&listed);
        const QJsonValue known = client.request(QStringLiteral("sandboxes"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(known), Wait);
        m_service->setSandboxDirectory(nullptr);
        answer = resultOf(client.response(known)).toObject();
        QCOMPARE(answer.value(QStringLiteral("listed")).toBool(), true);
        const QJsonArray sandboxes = answer.value(QStringLiteral("sandboxes")).toArray();
        QCOMPARE(sandboxes.size(), 2);
        const QJsonObject egress = sandboxes.at(0).toObject().value(QStringLiteral("egress")).toObject();
        QCOMPARE(egress.value(QStringLiteral("mode")).toString(), QStringLiteral("allow"));
        QCOMPARE(egress.value(QStringLiteral("hosts")).toArray(),
                 (QJsonArray{QStringLiteral("pypi.org"), QStringLiteral("files.pythonhosted.org")}));
        QCOMPARE(sandboxes.at(0).toObject().value(QStringLiteral("images")).toArray(),
                 QJsonArray{QStringLiteral("python:3.12-slim")});
        const QJsonObject denied = sandboxes.at(1).toObject().value(QStringLiteral("egress")).toObject();
        QCOMPARE(denied.value(QStringLiteral("mode")).toString(), QStringLiteral("deny"));
        QVERIFY(!denied.contains(QStringLiteral("hosts")));
        // A whole list says so (issue 24, finding 10).
        QCOMPARE(answer.value(QStringLiteral("partial")).toBool(true), false);
        QCOMPARE(answer.value(QStringLiteral("unreadable_lines")).toInt(-1), 0);

        // Lines of kosa8's list that could not be read: the agent is told the list is partial.
        struct Partial : SandboxDirectory
        {
            bool isListed() const override { return true; }
            QList<k8::kosa8::Sandbox> sandboxes() const override { return {}; }
            int unreadableLines() const override { return 13; }
        } partial;
        m_service->setSandboxDirectory(&partial);
        const QJsonValue partly = client.request(QStringLiteral("sandboxes"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(partly), Wait);
        m_service->setSandboxDirectory(nullptr);
        answer = resultOf(client.response(partly)).toObject();
        QCOMPARE(answer.value(QStringLiteral("partial")).toBool(), true);
        QCOMPARE(answer.value(QStringLiteral("unreadable_lines")).toInt(), 13);
        // Nothing was queued or recorded: the method decides nothing.
        QCOMPARE(m_service->pendingCount(), 0);
        QVERIFY(!QFile::exists(ledgerPath()) || ledger().isEmpty());
    }

    void socketFileAndFolderArePrivate()
    {
        QVERIFY(startService(baseSettings()));
        QCOMPARE(QFileInfo(socketPath()).permissions() &
                     (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther),
                 QFile::Permissions());
        QCOMPARE(m_service->socketPath(), socketPath());
        // A second service on the same socket refuses and says why.
        AgentService second(m_runner.get());
        QString error;
        AgentSettings settings = baseSettings();
        settings.dataDir = m_dir->filePath(QStringLiteral("data2"));
        QVERIFY(!second.start(settings, &error));
        QCOMPARE(error, QStringLiteral("Another kosa8 Desk is already listening on %1.").arg(socketPath()));
        // The first one still answers.
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue ping = client.request(QStringLiteral("ping"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(ping), Wait);
    }

    // A socket that could not be used is tried again (the window's Retry) with the ledger and the
    // rules already open: it listens once the socket is free, and says why until then.
    void retryListeningAfterTheSocketIsFree()
    {
        QVERIFY(startService(baseSettings()));
        AgentService second(m_runner.get());
        QSignalSpy listening(&second, &AgentService::listeningStarted);
        AgentSettings settings = baseSettings();
        settings.dataDir = m_dir->filePath(QStringLiteral("data2"));
        QString error;
        QVERIFY(!second.start(settings, &error));
        QCOMPARE(second.listenProblem(), error);
        QVERIFY(!second.retryListening(&error));
        QVERIFY(error.contains(socketPath()));
        QCOMPARE(listening.count(), 0);

        m_service->shutdown();
        QSignalSpy done(m_service.get(), &AgentService::shutdownComplete);
        QVERIFY(done.count() > 0 || done.wait(Wait));
        QVERIFY(second.retryListening(&error));
        QVERIFY(second.isListening());
        QVERIFY(second.listenProblem().isEmpty());
        QCOMPARE(listening.count(), 1);
        QVERIFY(second.retryListening(&error)); // already listening: nothing to do
        QCOMPARE(listening.count(), 1);
        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(socketPath());
        QVERIFY(client.isConnected() || connected.wait(Wait));
        const QJsonValue ping = client.request(QStringLiteral("ping"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(ping), Wait);
    }

    void envelopeErrors()
    {
        QVERIFY(startService(baseSettings()));
        AgentTestClient client;
        QVERIFY(connectClient(client));
        client.sendRaw("this is not json\n");
        client.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"nope\"}\n");
        client.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":\"y\",\"method\":\"review\",\"params\":{}}\n");
        client.sendRaw("{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}\n"); // notification: no answer
        client.sendRaw("\n\n");
        const QJsonValue ping = client.request(QStringLiteral("ping"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(ping), Wait);
        const QList<QJsonObject>& messages = client.messages();
        QCOMPARE(messages.size(), 4); // parse error, unknown method, invalid params, pong
        QCOMPARE(errorCodeOf(messages.at(0)), ErrorCode::ParseError);
        QVERIFY(messages.at(0).value(QStringLiteral("id")).isNull());
        QCOMPARE(errorCodeOf(messages.at(1)), ErrorCode::MethodNotFound);
        QCOMPARE(messages.at(1).value(QStringLiteral("id")).toString(), QStringLiteral("x"));
        QCOMPARE(errorCodeOf(messages.at(2)), ErrorCode::InvalidParams);
        QVERIFY2(messages.at(2)
                     .value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("message"))
                     .toString()
                     .contains(QLatin1String("payload")),
                 "the message names the field");
        QVERIFY(client.isConnected()); // a parse error does not close the connection
        QVERIFY(client.badLines().isEmpty());
    }

    void burstInOneWriteIsAnsweredInOrder()
    {
        QVERIFY(startService(baseSettings()));
        AgentTestClient client;
        QVERIFY(connectClient(client));
        // 5000 requests in one write (~400 KiB): handled in slices, the rest left in the kernel,
        // every one answered, in order.
        QByteArray burst;
        for (int i = 1; i <= 5000; ++i)
            burst += "{\"jsonrpc\":\"2.0\",\"id\":" + QByteArray::number(i) + ",\"method\":\"ping\"}\n";
        client.sendRaw(burst);
        QTRY_COMPARE_WITH_TIMEOUT(client.responseCount(), 5000, Wait);
        for (int i = 0; i < 5000; ++i)
            QCOMPARE(client.messages().at(i).value(QStringLiteral("id")).toInt(), i + 1);
    }

    void reviewDecidedByAPerson()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        AgentTestClient client;
        QVERIFY(connectClient(client));

        bool ledgerHadItFirst = false;
        connect(&client, &AgentTestClient::responseReceived, this,
                [&](const QJsonValue& id, const QJsonObject&) {
                    const QList<QJsonObject> entries = ledger();
                    ledgerHadItFirst =
                        !entries.isEmpty() && entries.last().value(QStringLiteral("request")).toString() ==
                                                  AgentTestClient::idKey(id);
                });

        const QJsonValue id = client.request(
            QStringLiteral("review"), reviewParams(QStringLiteral("print(6*7)")), QStringLiteral("req-1"));
        const quint64 key = waitForQueued(queued);
        QVERIFY(key != 0);
        QCOMPARE(m_service->inbox()->count(), 1);
        const Request* request = m_service->request(key);
        QVERIFY(request);
        QCOMPARE(request->shape, PayloadShape::Generic);
        QCOMPARE(request->actions.first().code, QStringLiteral("print(6*7)"));
        QVERIFY(!client.hasResponse(id)); // nobody decided yet

        // A decision that does not fit the request is refused and the request stays.
        QString error;
        PersonDecision twoActions = oneDecision(DecisionKind::Approve);
        twoActions.actions.append(twoActions.actions.first());
        QVERIFY(!m_service->decide(key, twoActions, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!m_service->decide(key, oneDecision(DecisionKind::Edit), &error)); // generic: no edits
        QCOMPARE(m_service->inbox()->count(), 1);

        QVERIFY2(decideRecorded(key, oneDecision(DecisionKind::Approve), &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        QCOMPARE(resultOf(client.response(id)), QJsonValue(QStringLiteral("approve")));
        QVERIFY(ledgerHadItFirst);
        QCOMPARE(m_service->inbox()->count(), 0);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.at(0).at(1).toString(), QStringLiteral("person"));

        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 1);
        const QJsonObject entry = entries.first();
        QCOMPARE(entry.value(QStringLiteral("request")).toString(), QStringLiteral("req-1"));
        QCOMPARE(entry.value(QStringLiteral("agent")).toString(), QStringLiteral("test-agent"));
        QCOMPARE(entry.value(QStringLiteral("method")).toString(), QStringLiteral("review"));
        QCOMPARE(entry.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("person"));
        QCOMPARE(entry.value(QStringLiteral("code_sha256")).toString(), sha256Hex("print(6*7)"));

        // Deciding again is refused: the request is gone.
        QVERIFY(!m_service->decide(key, oneDecision(DecisionKind::Reject), &error));
    }

    void humanInTheLoopDecisionsInOrder()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonObject payload{
            {QStringLiteral("action_requests"),
             QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("execute_sql")},
                                    {QStringLiteral("args"),
                                     QJsonObject{{QStringLiteral("query"), QStringLiteral("DROP TABLE x")}}}},
                        QJsonObject{{QStringLiteral("name"), QStringLiteral("python")},
                                    {QStringLiteral("args"),
                                     QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")}}}}}},
            {QStringLiteral("review_configs"),
             QJsonArray{QJsonObject{{QStringLiteral("action_name"), QStringLiteral("execute_sql")},
                                    {QStringLiteral("allowed_decisions"),
                                     QJsonArray{QStringLiteral("approve"), QStringLiteral("reject")}}},
                        QJsonObject{{QStringLiteral("action_name"), QStringLiteral("python")},
                                    {QStringLiteral("allowed_decisions"),
                                     QJsonArray{QStringLiteral("approve"), QStringLiteral("edit"),
                                                QStringLiteral("reject")}}}}}};
        const QJsonValue id =
            client.request(QStringLiteral("review"), {{QStringLiteral("payload"), payload}});
        const quint64 key = waitForQueued(queued);
        QCOMPARE(m_service->request(key)->shape, PayloadShape::HumanInTheLoop);
        PersonDecision decision = oneDecision(DecisionKind::Reject, {}, QStringLiteral("no drops"));
        decision.actions.append(
            oneDecision(DecisionKind::Edit, {{QStringLiteral("code"), QStringLiteral("print(2)")}})
                .actions.first());
        QString error;
        QVERIFY2(decideRecorded(key, decision, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        const QJsonArray decisions =
            resultOf(client.response(id)).toObject().value(QStringLiteral("decisions")).toArray();
        QCOMPARE(decisions.size(), 2);
        QCOMPARE(decisions.at(0).toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("reject"));
        QCOMPARE(decisions.at(1).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("edit"));
        QCOMPARE(ledger().last().value(QStringLiteral("decision")).toString(), QStringLiteral("reject,edit"));
    }

    void standingRulesDecide()
    {
        const QString approvedCode = QStringLiteral("import pandas as pd\nprint(pd.__version__)");
        writeFile(dataDir() + QStringLiteral("/rules.json"),
                  QJsonDocument(
                      QJsonObject{
                          {QStringLiteral("rules"),
                           QJsonArray{
                               QJsonObject{{QStringLiteral("name"), QStringLiteral("pandas-version")},
                                           {QStringLiteral("decision"), QStringLiteral("approve")},
                                           {QStringLiteral("code_sha256"), sha256Hex(approvedCode.toUtf8())}},
                               QJsonObject{{QStringLiteral("name"), QStringLiteral("no-night-bot")},
                                           {QStringLiteral("decision"), QStringLiteral("reject")},
                                           {QStringLiteral("agent"), QStringLiteral("night-bot")}}}}})
                      .toJson());
        QVERIFY(startService(baseSettings()));
        QVERIFY(m_service->startupProblems().isEmpty());
        QCOMPARE(m_service->rules().size(), 2);
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));

        const QJsonValue approved = client.request(QStringLiteral("review"), reviewParams(approvedCode));
        const QJsonValue rejected =
            client.request(QStringLiteral("review"), reviewParams(approvedCode, QStringLiteral("night-bot")));
        const QJsonValue other =
            client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(3)")));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(approved) && client.hasResponse(rejected), Wait);
        QCOMPARE(resultOf(client.response(approved)), QJsonValue(QStringLiteral("approve")));
        // Reject wins over approve, even for code an approve rule names.
        QCOMPARE(resultOf(client.response(rejected)), QJsonValue(QStringLiteral("reject")));
        QVERIFY(waitForQueued(queued) != 0);
        QVERIFY(!client.hasResponse(other));

        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries.at(0).value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:pandas-version"));
        QCOMPARE(entries.at(0).value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(entries.at(1).value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:no-night-bot"));
        QCOMPARE(entries.at(1).value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
    }

    // Rule decisions that arrive together are written together: one flush to disk for the lot,
    // and no answer leaves before its entry is in the ledger.
    void ruleDecisionsOfOneTurnShareOneFlush()
    {
        const QString code = QStringLiteral("print('batched')");
        writeFile(
            dataDir() + QStringLiteral("/rules.json"),
            QStringLiteral(R"({"rules": [{"name": "ok-code", "decision": "approve", "code_sha256": "%1"},
                                   {"name": "no-night-bot", "decision": "reject", "agent": "night-bot"}]})")
                .arg(sha256Hex(code.toUtf8()))
                .toUtf8());
        QVERIFY(startService(baseSettings()));
        AgentTestClient client;
        QVERIFY(connectClient(client));

        // What the ledger file holds when each answer arrives.
        QHash<QString, qsizetype> entriesWhenAnswered;
        QHash<QString, bool> ownEntryWhenAnswered;
        connect(&client, &AgentTestClient::responseReceived, this,
                [&](const QJsonValue& id, const QJsonObject&) {
                    const QString key = AgentTestClient::idKey(id);
                    const QList<QJsonObject> entries = ledger();
                    entriesWhenAnswered.insert(key, entries.size());
                    ownEntryWhenAnswered.insert(
                        key, std::any_of(entries.begin(), entries.end(), [&](const QJsonObject& e) {
                            return e.value(QStringLiteral("request")).toString() == key;
                        }));
                });

        constexpr int Count = 24;
        QByteArray burst;
        QStringList ids;
        for (int i = 0; i < Count; ++i) {
            const QString id = QStringLiteral("b-%1").arg(i);
            ids.append(id);
            // Every fourth comes from an agent a rule rejects: rejections share the flush too.
            const QJsonObject params =
                reviewParams(code, i % 4 == 3 ? QStringLiteral("night-bot") : QStringLiteral("test-agent"));
            burst += AgentTestClient::requestLine(QStringLiteral("review"), params, id);
        }
        const qint64 flushesBefore = m_service->ledger().syncCount();
        client.sendRaw(burst);
        QTRY_COMPARE_WITH_TIMEOUT(client.responseCount(), Count, Wait);
        const qint64 flushes = m_service->ledger().syncCount() - flushesBefore;
        qInfo("%lld flush(es) to disk for %d decisions", static_cast<long long>(flushes), Count);

        for (int i = 0; i < Count; ++i) {
            const QString& id = ids.at(i);
            QVERIFY2(ownEntryWhenAnswered.value(id),
                     qPrintable(id + QStringLiteral(" answered before its entry")));
            QCOMPARE(resultOf(client.response(QJsonValue(id))),
                     QJsonValue(i % 4 == 3 ? QStringLiteral("reject") : QStringLiteral("approve")));
        }
        // All in one turn (the usual case): the first answer left after all the entries were written.
        const QString first = AgentTestClient::idKey(client.messages().first().value(QStringLiteral("id")));
        if (flushes == 1)
            QCOMPARE(entriesWhenAnswered.value(first), qsizetype(Count));
        QVERIFY2(flushes >= 1 && flushes < Count,
                 qPrintable(QStringLiteral("%1 flushes for %2 decisions").arg(flushes).arg(Count)));

        // N chained entries, in the order the requests came, each decided by its rule.
        const LedgerVerifyResult verified = Ledger::verify(ledgerPath());
        QVERIFY2(verified.ok, qPrintable(verified.message));
        QCOMPARE(verified.entries, qint64(Count));
        const QList<QJsonObject> entries = ledger();
        for (int i = 0; i < Count; ++i) {
            QCOMPARE(entries.at(i).value(QStringLiteral("request")).toString(), ids.at(i));
            QCOMPARE(entries.at(i).value(QStringLiteral("decided_by")).toString(),
                     i % 4 == 3 ? QStringLiteral("rule:no-night-bot") : QStringLiteral("rule:ok-code"));
            QCOMPARE(entries.at(i).value(QStringLiteral("code_sha256")).toString(), sha256Hex(code.toUtf8()));
        }
    }

    // The ledger cannot be written (the file may not grow): no approval leaves; every request of
    // the batch is answered with a rejection and the person is told.
    void failedLedgerWriteAnswersRejections()
    {
        const QString code = QStringLiteral("print('approved, if recorded')");
        writeApproveCodeRule(QStringLiteral("ok-code"), code);
        QVERIFY(startService(baseSettings()));
        QSignalSpy problems(m_service.get(), &ReviewCoordinator::ledgerWriteFailed);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        QByteArray burst;
        for (int i = 1; i <= 3; ++i)
            burst += "{\"jsonrpc\":\"2.0\",\"id\":" + QByteArray::number(i) +
                     ",\"method\":\"review\",\"params\":" +
                     QJsonDocument(reviewParams(code)).toJson(QJsonDocument::Compact) + "}\n";
        {
            k8::test::FileSizeLimit limit(rlim_t(QFileInfo(ledgerPath()).size()));
            QVERIFY(limit.isActive());
            client.sendRaw(burst);
            QTRY_COMPARE_WITH_TIMEOUT(client.responseCount(), 3, Wait);
        }
        for (int i = 1; i <= 3; ++i)
            QCOMPARE(resultOf(client.response(QJsonValue(i))), QJsonValue(QStringLiteral("reject")));
        QVERIFY(problems.count() >= 1);
        QVERIFY2(problems.first().at(0).toString().contains(ledgerPath()),
                 qPrintable(problems.first().at(0).toString()));
        QVERIFY(ledger().isEmpty()); // no approval stands in the ledger without having been given

        // Once the ledger can be written again, approvals go out again, recorded.
        const QJsonValue again =
            client.request(QStringLiteral("review"), reviewParams(code), QStringLiteral("again"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(again), Wait);
        QCOMPARE(resultOf(client.response(again)), QJsonValue(QStringLiteral("approve")));
        const LedgerVerifyResult verified = Ledger::verify(ledgerPath());
        QVERIFY2(verified.ok, qPrintable(verified.message));
        QCOMPARE(verified.entries, qint64(1));
        QCOMPARE(ledger().first().value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
    }

    // A person's decision is written and flushed off the UI thread, like a rule's: decide()
    // returns before any flush (counted), and the answer leaves only once the entry is on disk.
    void personDecisionIsRecordedOffTheUiThread()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id =
            client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(7)")));
        const quint64 key = waitForQueued(queued);
        QVERIFY(key != 0);
        qsizetype entriesWhenAnswered = -1;
        connect(&client, &AgentTestClient::messageReceived, this,
                [this, &entriesWhenAnswered] { entriesWhenAnswered = ledger().size(); });
        const qint64 syncsBefore = m_service->ledger().syncCount();
        QString error;
        QVERIFY2(m_service->decide(key, oneDecision(DecisionKind::Approve), &error), qPrintable(error));
        QCOMPARE(m_service->ledger().syncCount(), syncsBefore); // no flush inside decide()
        QCOMPARE(removed.count(), 1);                           // out of the inbox at once
        QCOMPARE(m_service->inbox()->count(), 0);
        QVERIFY(m_service->request(key) == nullptr ||
                !m_service->decide(key, oneDecision(DecisionKind::Reject)));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        QCOMPARE(resultOf(client.response(id)), QJsonValue(QStringLiteral("approve")));
        QCOMPARE(entriesWhenAnswered, qsizetype(1)); // on disk before the agent saw it
        QCOMPARE(m_service->ledger().syncCount(), syncsBefore + 1);
        QCOMPARE(ledger().first().value(QStringLiteral("decided_by")).toString(), QStringLiteral("person"));
    }

    // A person's approved run starts only after its approval is on disk; a cancel while the
    // approval is being written is too late, as for a run that started.
    void personApprovedRunStartsAfterItsRecord()
    {
        AgentTestClient client;
        QJsonValue id;
        const quint64 key = queueOneRun(client, QStringLiteral("print(8)"), QStringLiteral("r-8"), &id);
        QVERIFY(key != 0);
        QSignalSpy starting(m_service.get(), &ReviewCoordinator::runStarting);
        qsizetype entriesWhenStarting = -1;
        connect(m_service.get(), &ReviewCoordinator::runStarting, this,
                [this, &entriesWhenStarting] { entriesWhenStarting = ledger().size(); });
        QString error;
        QVERIFY2(m_service->decide(key, oneDecision(DecisionKind::Approve), &error), qPrintable(error));
        QCOMPARE(starting.count(), 0);
        const QJsonValue cancel =
            client.request(QStringLiteral("cancel"), {{QStringLiteral("id"), QStringLiteral("r-8")}});
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id) && client.hasResponse(cancel), Wait);
        QCOMPARE(entriesWhenStarting, qsizetype(1));
        QCOMPARE(resultOf(client.response(cancel)).toObject().value(QStringLiteral("cancelled")).toBool(),
                 false);
        QCOMPARE(resultOf(client.response(id)).toObject().value(QStringLiteral("exit_code")).toInt(), 0);
        QVERIFY2(callsInOrder().contains(QStringLiteral("sandbox run")),
                 qPrintable(callsInOrder().join(u',')));
    }

    // Issue 28: a person's trial is recorded (decision "trial", by the person, with its copy and
    // exit code, no checkpoint) and decides nothing: the agent hears nothing, the request still
    // waits, and the person's decision afterwards is recorded and answered as usual.
    void aTrialIsRecordedAndDecidesNothing()
    {
        AgentTestClient client;
        QJsonValue id;
        const quint64 key = queueOneRun(client, QStringLiteral("print(9)"), QStringLiteral("r-9"), &id);
        QVERIFY(key != 0);
        QSignalSpy decided(m_service.get(), &ReviewCoordinator::requestDecided);
        TrialRecord trial;
        trial.codeSha256 = sha256Hex("print(9)");
        trial.copy = QStringLiteral("box1-fork1");
        trial.exitCode = 0;
        QString error;
        QVERIFY2(m_service->recordTrial(*m_service->request(key), trial, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(ledger().size(), qsizetype(1), Wait);
        const QJsonObject entry = ledger().first();
        QCOMPARE(entry.value(QStringLiteral("decision")).toString(), QStringLiteral("trial"));
        QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("person"));
        QCOMPARE(entry.value(QStringLiteral("copy")).toString(), QStringLiteral("box1-fork1"));
        QCOMPARE(entry.value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(entry.value(QStringLiteral("code_sha256")).toString(), trial.codeSha256);
        QCOMPARE(entry.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box1"));
        QVERIFY(!entry.contains(QStringLiteral("checkpoint")));
        QVERIFY(m_service->request(key));
        QCOMPARE(m_service->inbox()->rowOf(key), 0);
        QCOMPARE(decided.count(), 0);
        QVERIFY(!client.hasResponse(id));
        // A trial that ends after the request was decided is recorded all the same, after the
        // decision, and changes nothing of the answer.
        const Request shown = *m_service->request(key);
        QVERIFY2(m_service->decide(key, oneDecision(DecisionKind::Reject), &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        trial.exitCode.reset();
        trial.problem = QStringLiteral("The trial was stopped.");
        QVERIFY2(m_service->recordTrial(shown, trial, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(ledger().size(), qsizetype(3), Wait);
        QCOMPARE(ledger().at(1).value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
        QCOMPARE(ledger().at(2).value(QStringLiteral("decision")).toString(), QStringLiteral("trial"));
        QCOMPARE(ledger().at(2).value(QStringLiteral("reason")).toString(), trial.problem);
        QVERIFY(!ledger().at(2).contains(QStringLiteral("exit_code")));
        QCOMPARE(client.responseCount(), 1);
        QVERIFY(Ledger::verify(m_service->ledgerPath()).ok);
    }

    // The person's decision cannot be recorded (the ledger may not grow): nothing is answered,
    // nothing runs, and the request is back in the inbox for the person, who is told.
    void unrecordedPersonDecisionReturnsToTheInbox()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy failed(m_service.get(), &ReviewCoordinator::ledgerWriteFailed);
        QSignalSpy problems(m_service.get(), &ReviewCoordinator::problem);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue review = client.request(
            QStringLiteral("review"), reviewParams(QStringLiteral("print(9)")), QStringLiteral("v"));
        const QJsonValue run =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(10)")}},
                           QStringLiteral("r"));
        QVERIFY(waitForQueued(queued, 2) != 0);
        const quint64 reviewKey = queued.at(0).at(0).toULongLong();
        const quint64 runKey = queued.at(1).at(0).toULongLong();
        {
            k8::test::FileSizeLimit limit(rlim_t(QFileInfo(ledgerPath()).size()));
            QVERIFY(limit.isActive());
            QVERIFY(m_service->decide(reviewKey, oneDecision(DecisionKind::Approve)));
            QVERIFY(m_service->decide(runKey, oneDecision(DecisionKind::Approve)));
            QCOMPARE(m_service->inbox()->count(), 0);
            QTRY_COMPARE_WITH_TIMEOUT(queued.count(), 4, Wait); // both back
        }
        QCOMPARE(m_service->inbox()->count(), 2);
        QVERIFY(!client.hasResponse(review) && !client.hasResponse(run));
        QVERIFY(!failed.isEmpty());
        QVERIFY2(failed.first().at(0).toString().contains(ledgerPath()),
                 qPrintable(failed.first().at(0).toString()));
        QVERIFY(std::any_of(problems.cbegin(), problems.cend(), [](const QList<QVariant>& signal) {
            return signal.at(0).toString().contains(QStringLiteral("back in the inbox"));
        }));
        QVERIFY(!QFile::exists(ledgerPath()) || ledger().isEmpty());
        QVERIFY2(!callsInOrder().contains(QStringLiteral("sandbox run")),
                 qPrintable(callsInOrder().join(u',')));

        // With room again the person decides again, and it is recorded and answered.
        QVERIFY(decideRecorded(reviewKey, oneDecision(DecisionKind::Reject)));
        QVERIFY(decideRecorded(runKey, oneDecision(DecisionKind::Approve)));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(review) && client.hasResponse(run), Wait);
        QCOMPARE(resultOf(client.response(review)), QJsonValue(QStringLiteral("reject")));
        QCOMPARE(resultOf(client.response(run)).toObject().value(QStringLiteral("exit_code")).toInt(), 0);
        const LedgerVerifyResult verified = Ledger::verify(ledgerPath());
        QVERIFY2(verified.ok, qPrintable(verified.message));
        QCOMPARE(verified.entries, qint64(2));
    }

    // A rule approves a run whose approval cannot be recorded: it does not run; the agent is
    // answered with a rejection that says why.
    void unrecordedRuleApprovedRunDoesNotRun()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        const QString code = QStringLiteral("print(11)");
        writeApproveCodeRule(QStringLiteral("ok-run"), code);
        QVERIFY(startService(baseSettings()));
        QSignalSpy starting(m_service.get(), &ReviewCoordinator::runStarting);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        QJsonValue id;
        {
            k8::test::FileSizeLimit limit(rlim_t(QFileInfo(ledgerPath()).size()));
            QVERIFY(limit.isActive());
            id = client.request(QStringLiteral("run"), {{QStringLiteral("code"), code}}, QStringLiteral("r"));
            QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        }
        const QJsonObject result = resultOf(client.response(id)).toObject();
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
        QVERIFY2(QJsonDocument(result).toJson().contains("could not be recorded"),
                 QJsonDocument(result).toJson());
        QCOMPARE(starting.count(), 0);
        QVERIFY2(!callsInOrder().contains(QStringLiteral("sandbox run")),
                 qPrintable(callsInOrder().join(u',')));
        QVERIFY2(!callsInOrder().contains(QStringLiteral("checkpoint box1")),
                 qPrintable(callsInOrder().join(u',')));
    }

    // The app quits while a person's approved run is being recorded: the approval stands in the
    // ledger, the run never starts, and the quit answers it with a rejection that says so.
    void quitWhileAnApprovalIsRecordedDoesNotStartTheRun()
    {
        AgentTestClient client;
        QJsonValue id;
        const quint64 key = queueOneRun(client, QStringLiteral("print(12)"), QStringLiteral("q"), &id);
        QVERIFY(key != 0);
        QSignalSpy starting(m_service.get(), &ReviewCoordinator::runStarting);
        QVERIFY(m_service->decide(key, oneDecision(DecisionKind::Approve)));
        m_service->shutdown();
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        const QJsonObject result = resultOf(client.response(id)).toObject();
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
        QVERIFY2(QJsonDocument(result).toJson().contains("before the approved code started"),
                 QJsonDocument(result).toJson());
        QCOMPARE(starting.count(), 0);
        QVERIFY2(!callsInOrder().contains(QStringLiteral("sandbox run")),
                 qPrintable(callsInOrder().join(u',')));
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries.at(0).value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(entries.at(1).value(QStringLiteral("decided_by")).toString(), QStringLiteral("shutdown"));
    }

    void extraRulesFileAndAddedRules()
    {
        const QString extra = m_dir->filePath(QStringLiteral("extra-rules.json"));
        writeFile(extra, R"({"rules": [{"name": "no-runs", "decision": "reject", "method": "run"}]})");
        AgentSettings settings = baseSettings();
        settings.rulesFile = extra;
        QVERIFY(startService(settings));
        QSignalSpy rulesChanged(m_service.get(), &ReviewCoordinator::rulesChanged);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue run =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(1)")}});
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(run), Wait);
        QCOMPARE(resultOf(client.response(run)).toObject().value(QStringLiteral("decision")).toString(),
                 QStringLiteral("reject"));
        QCOMPARE(ledger().last().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:no-runs"));

        // "Always approve this code" from the review view: saved to rules.json, applied at once.
        QString error;
        QVERIFY2(m_service->addApproveCodeRule(QStringLiteral("print('fine')"), &error), qPrintable(error));
        QVERIFY(rulesChanged.count() >= 1);
        QVERIFY2(m_service->addRejectAgentRule(QStringLiteral("Rogue Bot"), &error), qPrintable(error));
        QFile saved(dataDir() + QStringLiteral("/rules.json"));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QByteArray rulesJson = saved.readAll();
        QVERIFY(rulesJson.contains(sha256Hex("print('fine')").toUtf8()));
        QVERIFY(rulesJson.contains("Rogue Bot"));
        QVERIFY(!rulesJson.contains("no-runs")); // the read-only file's rules are not copied
        QCOMPARE(m_service->rules().size(), 3);
        // The read-only rule cannot be switched off from the app.
        QVERIFY(!m_service->setRuleEnabled(QStringLiteral("no-runs"), false, &error));

        const QJsonValue approved =
            client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print('fine')")));
        const QJsonValue rogue = client.request(
            QStringLiteral("review"), reviewParams(QStringLiteral("x"), QStringLiteral("Rogue Bot")));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(approved) && client.hasResponse(rogue), Wait);
        QCOMPARE(resultOf(client.response(approved)), QJsonValue(QStringLiteral("approve")));
        QCOMPARE(resultOf(client.response(rogue)), QJsonValue(QStringLiteral("reject")));

        // Switched off, the approve rule no longer applies.
        const QString approveName = QStringLiteral("approve-code-") + sha256Hex("print('fine')").left(12);
        QVERIFY2(m_service->setRuleEnabled(approveName, false, &error), qPrintable(error));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print('fine')")));
        QVERIFY(waitForQueued(queued) != 0);
        QVERIFY2(m_service->removeRule(approveName, &error), qPrintable(error));
        QCOMPARE(m_service->rules().size(), 2);
    }

    // Issue 7 finding 1 over the socket: a rules.json rule naming only code_sha256 of print(1)
    // approves print(1) alone, never the same code with anything else an agent could change.
    void codeRuleApprovesOnlyBareCode()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("prod")}), 0);
        const QString code = QStringLiteral("print(1)");
        writeApproveCodeRule(QStringLiteral("print-one"), code);
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QString CodeField = QStringLiteral("code");
        const QList<QPair<QString, QJsonObject>> hostileRuns = {
            {QStringLiteral("sandbox"),
             {{CodeField, code}, {QStringLiteral("sandbox"), QStringLiteral("prod")}}},
            {QStringLiteral("image"),
             {{CodeField, code}, {QStringLiteral("image"), QStringLiteral("evil:1")}}},
            {QStringLiteral("language"),
             {{CodeField, code}, {QStringLiteral("language"), QStringLiteral("bash")}}},
            {QStringLiteral("checkpoint"), {{CodeField, code}, {QStringLiteral("checkpoint"), false}}},
        };
        QList<QJsonValue> hostile;
        for (const auto& [what, params] : hostileRuns)
            hostile.append(client.request(QStringLiteral("run"), params, QStringLiteral("run-") + what));
        hostile.append(client.request(
            QStringLiteral("review"),
            {{QStringLiteral("payload"),
              hitlPayload(QStringLiteral("python"),
                          {{CodeField, code}, {QStringLiteral("command"), QStringLiteral("rm -rf ~")}})}},
            QStringLiteral("tool-with-command")));
        hostile.append(
            client.request(QStringLiteral("review"),
                           {{QStringLiteral("payload"),
                             QJsonObject{{CodeField, code}, {QStringLiteral("question"), QJsonArray{1}}}}},
                           QStringLiteral("payload-with-list")));
        // Queued for a person, each of them; none answered.
        QVERIFY(waitForQueued(queued, int(hostile.size())) != 0);
        for (const QJsonValue& id : std::as_const(hostile))
            QVERIFY2(!client.hasResponse(id), qPrintable(AgentTestClient::idKey(id)));

        // The bare code is still approved, and the ledger says which rule and what exactly.
        const QJsonValue bareRun =
            client.request(QStringLiteral("run"), {{CodeField, code}}, QStringLiteral("bare-run"));
        const QJsonValue bareTool = client.request(
            QStringLiteral("review"),
            {{QStringLiteral("payload"), hitlPayload(QStringLiteral("python"), {{CodeField, code}})}},
            QStringLiteral("bare-tool"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(bareRun) && client.hasResponse(bareTool), Wait);
        QCOMPARE(resultOf(client.response(bareRun)).toObject().value(QStringLiteral("decision")).toString(),
                 QStringLiteral("approve"));
        QCOMPARE(resultOf(client.response(bareTool))
                     .toObject()
                     .value(QStringLiteral("decisions"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("type"))
                     .toString(),
                 QStringLiteral("approve"));
        QCOMPARE(queued.count(), hostile.size());
        for (const QJsonValue& id : std::as_const(hostile))
            QVERIFY(!client.hasResponse(id));

        QHash<QString, QJsonObject> byRequest;
        for (const QJsonObject& entry : ledger())
            byRequest.insert(entry.value(QStringLiteral("request")).toString(), entry);
        QCOMPARE(byRequest.size(), 2);
        const QJsonObject runEntry = byRequest.value(QStringLiteral("bare-run"));
        QCOMPARE(runEntry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("rule:print-one"));
        K8_COMPARE_LEDGER_ACTION_SHA256(
            runEntry, handHash(R"j({"checkpoint":true,"code":"print(1)","image":"python:3.12-slim",)j"
                               R"j("language":"python","method":"run","sandbox":"box1"})j"));
        const QJsonObject toolEntry = byRequest.value(QStringLiteral("bare-tool"));
        QCOMPARE(toolEntry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("rule:print-one"));
        K8_COMPARE_LEDGER_ACTION_SHA256(
            toolEntry, handHash(R"j({"args":{"code":"print(1)"},"method":"review","name":"python"})j"));
    }

    // Issue 7 finding 2: "Always approve" saves what the person approved (the edited action),
    // never the agent's original as well; the rule binds the tool name and every argument.
    void alwaysApproveSavesTheEditedAction()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QString CodeField = QStringLiteral("code");
        const QJsonObject original{{CodeField, QStringLiteral("print(1)")},
                                   {QStringLiteral("cwd"), QStringLiteral("/tmp")}};
        const QJsonObject edited{{CodeField, QStringLiteral("print(2)")},
                                 {QStringLiteral("cwd"), QStringLiteral("/tmp")}};
        const QJsonValue first =
            client.request(QStringLiteral("review"),
                           {{QStringLiteral("payload"), hitlPayload(QStringLiteral("python"), original)}},
                           QStringLiteral("first"));
        const quint64 key = waitForQueued(queued);
        QVERIFY(key != 0);
        const PersonDecision decision = oneDecision(DecisionKind::Edit, edited);
        QString error;
        QVERIFY2(m_service->addApproveActionRule(key, decision, &error), qPrintable(error));
        QVERIFY2(decideRecorded(key, decision, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(first), Wait);

        const QString editedHash =
            handHash(R"j({"args":{"code":"print(2)","cwd":"/tmp"},"method":"review","name":"python"})j");
        const QString originalHash =
            handHash(R"j({"args":{"code":"print(1)","cwd":"/tmp"},"method":"review","name":"python"})j");
        QFile saved(dataDir() + QStringLiteral("/rules.json"));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QJsonArray rules =
            QJsonDocument::fromJson(saved.readAll()).object().value(QStringLiteral("rules")).toArray();
        QCOMPARE(rules.size(), 1);
        const QJsonObject rule = rules.at(0).toObject();
        QCOMPARE(rule.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(rule.value(QStringLiteral("action_sha256")).toString(), editedHash);
        QVERIFY(!rule.contains(QStringLiteral("code_sha256")));
        QCOMPARE(rule.value(QStringLiteral("name")).toString(),
                 QStringLiteral("approve-python-") + editedHash.left(12));
        // The person's edit is in the ledger as what was approved.
        K8_COMPARE_LEDGER_ACTION_SHA256(ledger().last(), editedHash);
        QVERIFY(ledger().last().value(QStringLiteral("action_sha256")).toString() != originalHash);

        // The edited action now passes by the rule; the original, another tool name and one more
        // argument still go to a person.
        const QJsonValue again =
            client.request(QStringLiteral("review"),
                           {{QStringLiteral("payload"), hitlPayload(QStringLiteral("python"), edited)}},
                           QStringLiteral("again"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(again), Wait);
        QCOMPARE(ledger().last().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:approve-python-") + editedHash.left(12));
        QJsonObject more = edited;
        more.insert(QStringLiteral("command"), QStringLiteral("rm -rf ~"));
        const QList<QJsonValue> toPerson = {
            client.request(QStringLiteral("review"),
                           {{QStringLiteral("payload"), hitlPayload(QStringLiteral("python"), original)}}),
            client.request(QStringLiteral("review"),
                           {{QStringLiteral("payload"), hitlPayload(QStringLiteral("shell"), edited)}}),
            client.request(QStringLiteral("review"),
                           {{QStringLiteral("payload"), hitlPayload(QStringLiteral("python"), more)}})};
        QVERIFY(waitForQueued(queued, 4) != 0);
        for (const QJsonValue& id : toPerson)
            QVERIFY(!client.hasResponse(id));
    }

    // "Always approve" for a run binds the sandbox and image the person chose, and the run's
    // language and checkpoint.
    void alwaysApproveRunBindsWhereItRuns()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box2")}), 0);
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QString CodeField = QStringLiteral("code");
        const QJsonValue first = client.request(
            QStringLiteral("run"), {{CodeField, QStringLiteral("print(1)")}}, QStringLiteral("first"));
        const quint64 key = waitForQueued(queued);
        QVERIFY(key != 0);
        PersonDecision decision = oneDecision(DecisionKind::Edit, {{CodeField, QStringLiteral("print(2)")}});
        decision.runSandbox = QStringLiteral("box2");
        QString error;
        QVERIFY2(m_service->addApproveActionRule(key, decision, &error), qPrintable(error));
        QVERIFY2(decideRecorded(key, decision, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(first), Wait);
        const QString boundHash =
            handHash(R"j({"checkpoint":true,"code":"print(2)","image":"python:3.12-slim",)j"
                     R"j("language":"python","method":"run","sandbox":"box2"})j");
        QCOMPARE(m_service->rules().size(), 1);
        QCOMPARE(m_service->rules().first().actionSha256, boundHash);
        QVERIFY(m_service->rules().first().codeSha256.isEmpty());
        QCOMPARE(m_service->rules().first().name, QStringLiteral("approve-run-") + boundHash.left(12));
        K8_COMPARE_LEDGER_ACTION_SHA256(ledger().first(), boundHash);

        // The same code in the sandbox the agent asked for first is not what was approved.
        client.request(QStringLiteral("run"), {{CodeField, QStringLiteral("print(2)")}});
        QVERIFY(waitForQueued(queued, 2) != 0);
        const QJsonValue bound = client.request(
            QStringLiteral("run"),
            {{CodeField, QStringLiteral("print(2)")}, {QStringLiteral("sandbox"), QStringLiteral("box2")}},
            QStringLiteral("bound"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(bound), Wait);
        QCOMPARE(resultOf(client.response(bound)).toObject().value(QStringLiteral("sandbox")).toString(),
                 QStringLiteral("box2"));
        QCOMPARE(queued.count(), 2);
    }

    // addApproveActionRule refuses what it cannot bind faithfully or what approves nothing, and
    // does not save the same action twice.
    void alwaysApproveRefusals()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        QString error;
        QVERIFY(!m_service->addApproveActionRule(999, oneDecision(DecisionKind::Approve), &error));
        QVERIFY(!error.isEmpty());

        client.sendRaw(R"j({"jsonrpc":"2.0","id":"big","method":"review","params":{"payload":)j"
                       R"j({"code":"x","n":9007199254740993}}})j"
                       "\n");
        const quint64 big = waitForQueued(queued);
        QVERIFY(big != 0);
        QVERIFY(!m_service->addApproveActionRule(big, oneDecision(DecisionKind::Approve), &error));
        QVERIFY2(error.contains(QLatin1String("2^53")), qPrintable(error));
        // Rejecting approves nothing; an edit of a plain payload is not allowed.
        QVERIFY(!m_service->addApproveActionRule(big, oneDecision(DecisionKind::Reject), &error));
        QVERIFY(!m_service->addApproveActionRule(big, oneDecision(DecisionKind::Edit), &error));
        QVERIFY(m_service->rules().isEmpty());

        client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(7)")));
        const quint64 plain = waitForQueued(queued, 2);
        QVERIFY2(m_service->addApproveActionRule(plain, oneDecision(DecisionKind::Approve), &error),
                 qPrintable(error));
        QVERIFY2(m_service->addApproveActionRule(plain, oneDecision(DecisionKind::Approve), &error),
                 qPrintable(error));
        QCOMPARE(m_service->rules().size(), 1);
        QCOMPARE(m_service->rules().first().actionSha256,
                 handHash(R"j({"method":"review","payload":{"code":"print(7)","question":"Run this?"}})j"));
        // Both requests still wait for the person.
        QCOMPARE(m_service->inbox()->count(), 2);

        // Issue 24: code behind a source-encoding declaration (or a bidi control) would never be
        // approved by the rule, so none is saved, and the person is told why.
        const QString declared = QStringLiteral("# coding: unicode_escape\n# \u2014 \\nprint('hidden')\n");
        client.request(QStringLiteral("review"), reviewParams(declared));
        const quint64 hiding = waitForQueued(queued, 3);
        QVERIFY(!m_service->addApproveActionRule(hiding, oneDecision(DecisionKind::Approve), &error));
        QVERIFY2(error.contains(QLatin1String("source encoding")), qPrintable(error));
        QVERIFY(!m_service->addApproveCodeRule(declared, &error));
        QVERIFY2(error.contains(QLatin1String("source encoding")), qPrintable(error));
        QVERIFY(!m_service->addApproveCodeRule(QStringLiteral("x = 'a\u202E'"), &error));
        QVERIFY2(error.contains(QLatin1String("bidirectional")), qPrintable(error));
        QCOMPARE(m_service->rules().size(), 1);
        QCOMPARE(m_service->inbox()->count(), 3);
    }

    // Issue 24 finding 5: RFC 8785 writes 1, 1.0, 1e0 and 10e-1 alike, so their action_sha256 is
    // the same; a Python agent reads 1.0 as a float. A rule saved for {"n": 1} approves exactly
    // that spelling, and "always approve" from another spelling saves nothing.
    void rulesApproveOnlyCanonicalNumbers()
    {
        const QString boundHash = handHash(R"j({"args":{"n":1},"method":"review","name":"calc"})j");
        writeFile(dataDir() + QStringLiteral("/rules.json"),
                  QStringLiteral(
                      R"({"rules": [{"name": "calc-one", "decision": "approve", "action_sha256": "%1"}]})")
                      .arg(boundHash)
                      .toUtf8());
        QVERIFY(startService(baseSettings()));
        QVERIFY(m_service->startupProblems().isEmpty());
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        auto sendWithNumber = [&client](const QByteArray& id, const QByteArray& number) {
            client.sendRaw(R"j({"jsonrpc":"2.0","id":")j" + id +
                           R"j(","method":"review","params":{"payload":{"action_requests":[{"name":"calc",)j"
                           R"j("args":{"n":)j" +
                           number +
                           R"j(}}],"review_configs":[{"action_name":"calc","allowed_decisions":["approve",)j"
                           R"j("reject"]}]}}})j"
                           "\n");
        };
        const QList<QByteArray> spellings = {"1.0", "1e0", "10e-1", "1E0", "1.00", "0.1e1"};
        for (const QByteArray& spelling : spellings)
            sendWithNumber("n-" + spelling, spelling);
        // The canonical spelling is approved by the rule. Requests of one connection are handled
        // in order, so by its answer every spelling before it was decided or queued.
        sendWithNumber("n-1", "1");
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(QStringLiteral("n-1")), Wait);
        QCOMPARE(resultOf(client.response(QStringLiteral("n-1")))
                     .toObject()
                     .value(QStringLiteral("decisions"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("type"))
                     .toString(),
                 QStringLiteral("approve"));
        // Every other spelling waits for a person.
        QCOMPARE(queued.count(), spellings.size());
        for (const QByteArray& spelling : spellings)
            QVERIFY2(!client.hasResponse(QString::fromLatin1("n-" + spelling)), spelling.constData());
        QCOMPARE(m_service->inbox()->count(), spellings.size());

        // The person sees why a rule cannot take one over.
        quint64 floatKey = 0;
        for (const QList<QVariant>& arguments : std::as_const(queued)) {
            const quint64 key = arguments.at(0).toULongLong();
            if (m_service->request(key)->origin.id == QJsonValue(QStringLiteral("n-1.0")))
                floatKey = key;
        }
        QVERIFY(floatKey != 0);
        QString error;
        QVERIFY(!m_service->addApproveActionRule(floatKey, oneDecision(DecisionKind::Approve), &error));
        QVERIFY2(error.contains(QLatin1String("1.0")) && error.contains(QLatin1String("canonical")),
                 qPrintable(error));
        QCOMPARE(m_service->rules().size(), 1);

        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:calc-one"));
        K8_COMPARE_LEDGER_ACTION_SHA256(entries.first(), boundHash);
    }

    void invalidRulesFileAppliesNothing()
    {
        const QString code = QStringLiteral("print('would be approved')");
        writeFile(
            dataDir() + QStringLiteral("/rules.json"),
            QStringLiteral(
                "{\"rules\": [\n {\"name\": \"a\", \"decision\": \"approve\", \"code_sha256\": \"%1\"},\n"
                " {\"name\": \"b\", \"decision\": \"maybe\"}\n]}")
                .arg(sha256Hex(code.toUtf8()))
                .toUtf8());
        QVERIFY(startService(baseSettings()));
        QCOMPARE(m_service->startupProblems().size(), 1);
        QVERIFY2(m_service->startupProblems().first().contains(QLatin1String("rules.json")),
                 qPrintable(m_service->startupProblems().first()));
        QVERIFY(m_service->rules().isEmpty());
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        client.request(QStringLiteral("review"), reviewParams(code));
        QVERIFY(waitForQueued(queued) != 0); // not approved by the invalid file's rule
        // And the app refuses to overwrite the broken file with a new rule.
        QString error;
        QVERIFY(!m_service->addRejectAgentRule(QStringLiteral("x"), &error));
        QVERIFY(error.contains(QLatin1String("invalid")));
    }

    void timeoutRejects()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        QJsonObject params = reviewParams(QStringLiteral("print(1)"));
        params.insert(QStringLiteral("timeout_s"), 1);
        const QJsonValue id = client.request(QStringLiteral("review"), params);
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        QCOMPARE(resultOf(client.response(id)), QJsonValue(QStringLiteral("reject")));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.at(0).at(1).toString(), QStringLiteral("timeout"));
        QCOMPARE(ledger().last().value(QStringLiteral("decided_by")).toString(), QStringLiteral("timeout"));
        QCOMPARE(ledger().last().value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
        QCOMPARE(m_service->inbox()->count(), 0);
    }

    void cancelWithdraws()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id =
            client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(1)")), 41);
        QVERIFY(waitForQueued(queued) != 0);
        const QJsonValue cancel = client.request(QStringLiteral("cancel"), {{QStringLiteral("id"), 41}});
        const QJsonValue cancelUnknown =
            client.request(QStringLiteral("cancel"), {{QStringLiteral("id"), QStringLiteral("41")}});
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(cancel) && client.hasResponse(cancelUnknown), Wait);
        QCOMPARE(resultOf(client.response(cancel)).toObject().value(QStringLiteral("cancelled")).toBool(),
                 true);
        // The string "41" is another id than the number 41.
        QCOMPARE(
            resultOf(client.response(cancelUnknown)).toObject().value(QStringLiteral("cancelled")).toBool(),
            false);
        // The withdrawal is answered once it is on disk, which may be after the cancel's answer.
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        QCOMPARE(resultOf(client.response(id)), QJsonValue(QStringLiteral("reject")));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.at(0).at(1).toString(), QStringLiteral("withdrawn"));
        QCOMPARE(ledger().last().value(QStringLiteral("decided_by")).toString(), QStringLiteral("withdrawn"));
        QCOMPARE(m_service->inbox()->count(), 0);
    }

    // A line from LinePreparer::LargeLineBytes on is parsed, made into its request and prepared
    // for the review off the UI thread: the lines after it wait for it (the cancel finds the
    // request it follows, the answers keep their order), a large malformed line is still answered
    // with -32700, and the request is the very one the UI thread would have made.
    void largeLinesKeepTheirOrderOffTheUiThread()
    {
        // A rule names a large code by its hash: the bindings made off the UI thread decide it.
        QString ruled;
        while (ruled.size() < 2 * LinePreparer::LargeLineBytes)
            ruled += QStringLiteral("print('approved by a rule')\n");
        writeFile(
            dataDir() + QStringLiteral("/rules.json"),
            QJsonDocument(QJsonObject{{QStringLiteral("rules"),
                                       QJsonArray{QJsonObject{
                                           {QStringLiteral("name"), QStringLiteral("large-code")},
                                           {QStringLiteral("decision"), QStringLiteral("approve")},
                                           {QStringLiteral("code_sha256"), sha256Hex(ruled.toUtf8())}}}}})
                .toJson());
        QVERIFY(startService(baseSettings()));
        QCOMPARE(m_service->rules().size(), 1);
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        AgentTestClient client;
        QVERIFY(connectClient(client));

        QString code;
        while (code.size() < 2 * LinePreparer::LargeLineBytes)
            code += QStringLiteral("total = total + 1  # counting\n");
        const QJsonObject params = reviewParams(code);
        auto line = [](const QJsonObject& message) {
            return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
        };
        auto call = [](int id, const QString& method, const QJsonObject& fields) {
            return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                               {QStringLiteral("id"), id},
                               {QStringLiteral("method"), method},
                               {QStringLiteral("params"), fields}};
        };
        QByteArray burst = line(call(1, QStringLiteral("review"), params));
        QVERIFY(burst.size() >= LinePreparer::LargeLineBytes);
        burst += line(call(2, QStringLiteral("cancel"), {{QStringLiteral("id"), 1}}));
        burst += line(call(3, QStringLiteral("ping"), {}));
        burst += "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"review\",\"params\":" +
                 QByteArray(LinePreparer::LargeLineBytes, '[') + "\n";
        burst += line(call(5, QStringLiteral("ping"), {}));
        burst += line(call(6, QStringLiteral("review"), params));
        client.sendRaw(burst);

        QTRY_COMPARE_WITH_TIMEOUT(client.responseCount(), 5, Wait);
        // In the order sent (the withdrawn request's own answer waits for its ledger entry, so
        // it may come at any place).
        QStringList order;
        QJsonObject parseError;
        for (const QJsonObject& message : client.messages()) {
            const QJsonValue id = message.value(QStringLiteral("id"));
            if (id.isNull())
                parseError = message;
            if (id != QJsonValue(1))
                order.append(id.isNull() ? QStringLiteral("null") : QString::number(id.toInt()));
        }
        QCOMPARE(order.join(QLatin1Char(' ')), QStringLiteral("2 3 null 5"));
        QCOMPARE(resultOf(client.response(QJsonValue(1))), QJsonValue(QStringLiteral("reject")));
        QCOMPARE(
            resultOf(client.response(QJsonValue(2))).toObject().value(QStringLiteral("cancelled")).toBool(),
            true);
        QCOMPARE(parseError.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(),
                 -32700);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.at(0).at(1).toString(), QStringLiteral("withdrawn"));

        // The sixth waits: it is the request the UI thread makes of the same params, with the
        // review's texts prepared for that very code.
        const quint64 key = waitForQueued(queued, 2);
        QVERIFY(key != 0);
        const Request* request = m_service->request(key);
        QVERIFY(request);
        Request madeHere;
        RpcError error;
        QVERIFY(requestFromReview(params, &madeHere, &error));
        QCOMPARE(request->payloadSha256, madeHere.payloadSha256);
        QCOMPARE(request->payloadCanonical, madeHere.payloadCanonical);
        QCOMPARE(request->title, madeHere.title);
        QCOMPARE(request->actions.size(), 1);
        const ReviewAction& action = request->actions.first();
        QCOMPARE(action.code, code);
        QVERIFY(action.preparedCode);
        QVERIFY(action.preparedCode->isFor(action.code));
        QCOMPARE(action.preparedCode->findings, HiddenText::scan(code));
        QCOMPARE(action.preparedCode->shown.shown(), ShownText::of(code).shown());
        const QJsonValue byRule =
            client.request(QStringLiteral("review"), reviewParams(ruled), QStringLiteral("ruled"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(byRule), Wait);
        QCOMPARE(resultOf(client.response(byRule)), QJsonValue(QStringLiteral("approve")));
        QCOMPARE(ledger().last().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:large-code"));
        QCOMPARE(ledger().last().value(QStringLiteral("code_sha256")).toString(), sha256Hex(ruled.toUtf8()));
        // A small request is made on the UI thread, with nothing prepared.
        const QJsonValue small = client.request(
            QStringLiteral("review"), reviewParams(QStringLiteral("print(1)")), QStringLiteral("small"));
        const quint64 smallKey = waitForQueued(queued, 3);
        QVERIFY(smallKey != 0);
        QVERIFY(!m_service->request(smallKey)->actions.first().preparedCode);
        QVERIFY2(!client.hasResponse(small),
                 QJsonDocument(client.response(small)).toJson(QJsonDocument::Compact).constData());
    }

    void disconnectWithdrawsItsRequestsOnly()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        AgentTestClient leaving;
        AgentTestClient staying;
        QVERIFY(connectClient(leaving));
        QVERIFY(connectClient(staying));
        for (int i = 0; i < 3; ++i)
            leaving.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(%1)").arg(i)));
        staying.request(QStringLiteral("review"), reviewParams(QStringLiteral("print('stay')")));
        QVERIFY(waitForQueued(queued, 4) != 0);
        const qint64 flushesBefore = m_service->ledger().syncCount();
        leaving.abort();
        QTRY_COMPARE_WITH_TIMEOUT(removed.count(), 3, Wait);
        // Three withdrawals, one flush (on the ledger's thread, after they left the inbox).
        QTRY_COMPARE_WITH_TIMEOUT(m_service->ledger().syncCount() - flushesBefore, 1, Wait);
        for (const QList<QVariant>& signal : std::as_const(removed))
            QCOMPARE(signal.at(1).toString(), QStringLiteral("withdrawn"));
        QCOMPARE(m_service->inbox()->count(), 1);
        QCOMPARE(m_service->request(m_service->inbox()->keyAt(0))->actions.first().code,
                 QStringLiteral("print('stay')"));
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 3);
        for (const QJsonObject& entry : entries)
            QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("withdrawn"));
    }

    void pendingLimit()
    {
        AgentSettings settings = baseSettings();
        settings.limits.maxPendingPerConnection = 256; // the limit in all, not one connection's share
        QVERIFY(startService(settings));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient first;
        AgentTestClient second;
        QVERIFY(connectClient(first));
        QVERIFY(connectClient(second));
        for (int i = 0; i < 200; ++i)
            first.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(%1)").arg(i)));
        for (int i = 0; i < 56; ++i)
            second.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(%1)").arg(i)));
        QTRY_COMPARE_WITH_TIMEOUT(queued.count(), 256, Wait);
        const QJsonValue overLimit =
            second.request(QStringLiteral("review"), reviewParams(QStringLiteral("one more")));
        QTRY_VERIFY_WITH_TIMEOUT(second.hasResponse(overLimit), Wait);
        const QJsonObject error = second.response(overLimit).value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toInt(), ErrorCode::Busy);
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QLatin1String("256")),
                 qPrintable(error.value(QStringLiteral("message")).toString()));
        // ping still works at the limit, and after one is decided there is room again.
        const QJsonValue ping = second.request(QStringLiteral("ping"));
        QTRY_VERIFY_WITH_TIMEOUT(second.hasResponse(ping), Wait);
        QVERIFY(decideRecorded(queued.at(0).at(0).toULongLong(), oneDecision(DecisionKind::Reject)));
        second.request(QStringLiteral("review"), reviewParams(QStringLiteral("now fits")));
        QTRY_COMPARE_WITH_TIMEOUT(queued.count(), 257, Wait);
    }

    void connectionLimit()
    {
        QVERIFY(startService(baseSettings()));
        std::vector<std::unique_ptr<AgentTestClient>> clients;
        for (int i = 0; i < 64; ++i) {
            clients.push_back(std::make_unique<AgentTestClient>());
            QVERIFY(connectClient(*clients.back()));
            const QJsonValue ping = clients.back()->request(QStringLiteral("ping"));
            QTRY_VERIFY_WITH_TIMEOUT(clients.back()->hasResponse(ping), Wait);
        }
        QCOMPARE(m_service->connectionCount(), 64);
        AgentTestClient extra;
        QSignalSpy closed(&extra, &AgentTestClient::disconnected);
        QVERIFY(connectClient(extra));
        QTRY_VERIFY_WITH_TIMEOUT(!extra.messages().isEmpty(), Wait);
        const QJsonObject refusal = extra.messages().first();
        QCOMPARE(errorCodeOf(refusal), ErrorCode::Busy);
        QVERIFY(refusal.value(QStringLiteral("error"))
                    .toObject()
                    .value(QStringLiteral("message"))
                    .toString()
                    .contains(QLatin1String("64")));
        QVERIFY(closed.count() > 0 || closed.wait(Wait));
        // One leaves; a new one gets in.
        clients.front()->abort();
        QTRY_COMPARE_WITH_TIMEOUT(m_service->connectionCount(), 63, Wait);
        AgentTestClient late;
        QVERIFY(connectClient(late));
        const QJsonValue ping = late.request(QStringLiteral("ping"));
        QTRY_VERIFY_WITH_TIMEOUT(late.hasResponse(ping), Wait);
        QCOMPARE(resultOf(late.response(ping)).toObject().value(QStringLiteral("pong")).toBool(), true);
    }

    void lineTooLongClosesTheConnection()
    {
        AgentSettings settings = baseSettings();
        settings.limits.maxLineBytes = 4096;
        QVERIFY(startService(settings));
        AgentTestClient client;
        QSignalSpy closed(&client, &AgentTestClient::disconnected);
        QVERIFY(connectClient(client));
        client.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"review\",\"params\":{\"payload\":\"" +
                       QByteArray(6000, 'x') + "\"}}\n");
        QVERIFY(closed.wait(Wait));
        QCOMPARE(client.messages().size(), 1);
        const QJsonObject error = client.messages().first();
        QVERIFY(error.value(QStringLiteral("id")).isNull());
        QCOMPARE(errorCodeOf(error), ErrorCode::InvalidRequest);
        const QString message =
            error.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
        QVERIFY2(message.contains(QLatin1String("4096")) && message.contains(QLatin1String("bytes")),
                 qPrintable(message));
        QCOMPARE(m_service->inbox()->count(), 0);
    }

    void idleMidLineCloses()
    {
        AgentSettings settings = baseSettings();
        settings.limits.idleLineTimeoutMs = 200;
        QVERIFY(startService(settings));
        AgentTestClient client;
        QSignalSpy closed(&client, &AgentTestClient::disconnected);
        QVERIFY(connectClient(client));
        client.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,");
        QVERIFY(closed.wait(Wait));
        QTRY_COMPARE_WITH_TIMEOUT(m_service->connectionCount(), 0, Wait);
    }

    void runApprovedCheckpointsThenRuns()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy started(m_service.get(), &ReviewCoordinator::runStarted);
        QSignalSpy output(m_service.get(), &ReviewCoordinator::runOutput);
        QSignalSpy finished(m_service.get(), &ReviewCoordinator::runFinished);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QString code =
            QStringLiteral("# stdout: hello from the sandbox\n# stderr: a warning\nprint(42)\n");
        const QJsonValue id =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), code}}, QStringLiteral("r-1"));
        const quint64 key = waitForQueued(queued);
        QVERIFY(key != 0);
        QCOMPARE(m_service->request(key)->run.sandbox, QStringLiteral("box1"));
        QCOMPARE(m_service->inbox()->data(m_service->inbox()->index(0, InboxModel::SandboxColumn)).toString(),
                 QStringLiteral("box1"));
        QString error;
        QVERIFY2(decideRecorded(key, oneDecision(DecisionKind::Approve), &error), qPrintable(error));
        // Approved: ledger first, before anything runs.
        QCOMPARE(ledger().size(), 1);
        QCOMPARE(ledger().first().value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));

        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        const QJsonObject result = resultOf(client.response(id)).toObject();
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(result.value(QStringLiteral("code")).toString(), code);
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(), 0);
        QVERIFY(result.value(QStringLiteral("stdout"))
                    .toString()
                    .contains(QLatin1String("hello from the sandbox")));
        QVERIFY(result.value(QStringLiteral("stderr")).toString().contains(QLatin1String("a warning")));
        QCOMPARE(result.value(QStringLiteral("truncated")).toBool(), false);
        QVERIFY(result.value(QStringLiteral("duration_ms")).toDouble() >= 0);
        QCOMPARE(result.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box1"));
        QCOMPARE(result.value(QStringLiteral("image")).toString(), QStringLiteral("python:3.12-slim"));
        const QString label = result.value(QStringLiteral("checkpoint")).toString();
        QVERIFY2(
            QRegularExpression(QStringLiteral("^before-r-1-\\d{8}T\\d{6}Z-\\d+$")).match(label).hasMatch(),
            qPrintable(label));
        // The checkpoint exists in the sandbox under that label.
        QProcess list;
        list.start(m_standin, {QStringLiteral("checkpoint"), QStringLiteral("ls"), QStringLiteral("box1")});
        QVERIFY(list.waitForFinished(Wait));
        QVERIFY(list.readAllStandardOutput().contains(label.toUtf8()));

        // The output was streamed as run.output notifications before the answer.
        const QList<QJsonObject> notes = client.notifications(QStringLiteral("run.output"));
        QString streamedOut;
        QString streamedErr;
        for (const QJsonObject& note : notes) {
            QCOMPARE(note.value(QStringLiteral("id")).toString(), QStringLiteral("r-1"));
            (note.value(QStringLiteral("stream")).toString() == QLatin1String("stdout") ? streamedOut
                                                                                        : streamedErr) +=
                note.value(QStringLiteral("data")).toString();
        }
        QVERIFY2(streamedOut.contains(QLatin1String("hello from the sandbox")), qPrintable(streamedOut));
        QVERIFY2(streamedErr.contains(QLatin1String("a warning")), qPrintable(streamedErr));
        QVERIFY(output.count() >= 2);
        QCOMPARE(started.count(), 2); // checkpoint, then run
        QVERIFY(started.at(0).at(1).toString().contains(QLatin1String("checkpoint")));
        QVERIFY(started.at(1).at(1).toString().contains(QLatin1String("sandbox run")));
        QCOMPARE(finished.count(), 1);

        // What kosa8 was asked, in order: the checkpoint, then the run with exactly the code.
        const QStringList commands = callsInOrder();
        const qsizetype checkpointAt = commands.indexOf(QStringLiteral("checkpoint box1"));
        const qsizetype runAt = commands.indexOf(QStringLiteral("sandbox run"));
        QVERIFY(checkpointAt >= 0 && runAt > checkpointAt);
        const QList<QJsonObject> runs = k8::test::readStandinRuns(stateDir());
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first().value(QStringLiteral("code")).toString(), code);
        QCOMPARE(runs.first().value(QStringLiteral("sandbox")).toString(), QStringLiteral("box1"));
    }

    void resetAfterRunEndsEachRunBeforeTheNextStarts()
    {
        QJsonObject first, second;
        QStringList events;
        QList<QJsonObject> shown;
        twoRunsBackToBack(&first, &second, &events, &shown);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(first.value(QStringLiteral("stdout")).toString().contains(QLatin1String("one")));
        QVERIFY(second.value(QStringLiteral("stdout")).toString().contains(QLatin1String("two")));
        verifyRunRewindRunOrder();
        // The first run reports finished only after its reset, and the second starts after that.
        const qsizetype reset1 = events.indexOf(QStringLiteral("reset box1 ok"));
        QVERIFY2(reset1 >= 0, qPrintable(events.join(QStringLiteral(" | "))));
        QVERIFY2(events.at(reset1 + 1).startsWith(QLatin1String("finished ")),
                 qPrintable(events.join(QStringLiteral(" | "))));
        QVERIFY2(events.at(reset1 + 2).contains(QLatin1String("checkpoint box1")),
                 qPrintable(events.join(QStringLiteral(" | "))));
        // The run's record (what the inbox shows) says it; the agent's answer carries no extra field.
        QCOMPARE(shown.size(), 2);
        for (const QJsonObject& result : shown) {
            const QJsonObject reset = result.value(QStringLiteral("reset")).toObject();
            QCOMPARE(reset.value(QStringLiteral("base")).toString(), QStringLiteral("clean"));
            QCOMPARE(reset.value(QStringLiteral("ok")).toBool(), true);
        }
        QVERIFY(!first.contains(QStringLiteral("reset")));
    }

    void failedResetIsReportedAndTheNextRunStillWaits()
    {
        writeFile(
            stateDir() + QStringLiteral("/faults.json"),
            R"({"rewind": {"mode": "exit", "code": 2, "once": true, "message": "kosa8: rewind refused"}})");
        QJsonObject first, second;
        QStringList events;
        QList<QJsonObject> shown;
        twoRunsBackToBack(&first, &second, &events, &shown);
        if (QTest::currentTestFailed())
            return;
        verifyRunRewindRunOrder();
        QVERIFY2(events.indexOf(QStringLiteral("reset box1 failed")) >= 0 &&
                     events.indexOf(QStringLiteral("reset box1 failed")) <
                         events.indexOf(QStringLiteral("reset box1 ok")),
                 qPrintable(events.join(QStringLiteral(" | "))));
        // The run itself succeeded: its answer says so; the reset's failure is on its record.
        QCOMPARE(first.value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(shown.size(), 2);
        const QJsonObject reset = shown.first().value(QStringLiteral("reset")).toObject();
        QCOMPARE(reset.value(QStringLiteral("ok")).toBool(), false);
        QVERIFY2(reset.value(QStringLiteral("error")).toString().contains(QLatin1String("rewind refused")),
                 qPrintable(reset.value(QStringLiteral("error")).toString()));
        QCOMPARE(shown.last().value(QStringLiteral("reset")).toObject().value(QStringLiteral("ok")).toBool(),
                 true);
    }

    // Issue 24: a run's timeout_s is one budget from its approval to its answer. A reset that is
    // still going when it ends does not hold the answer (the code ran: the agent gets its
    // result), and the next run in the sandbox still waits for the reset to end.
    void budgetEndingDuringTheResetAnswersAndTheNextRunWaitsForIt()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        QCOMPARE(standin({QStringLiteral("checkpoint"), QStringLiteral("box1"), QStringLiteral("--label"),
                          QStringLiteral("clean")}),
                 0);
        // The first reset takes 16 s; the run's budget is 8 s (its checkpoint and run take a
        // second or two of it on a busy machine).
        writeFile(stateDir() + QStringLiteral("/faults.json"),
                  R"({"rewind": {"mode": "delay", "ms": 16000, "once": true}})");
        QVERIFY(startService(baseSettings()));
        m_service->setRunResetPolicy(&TestAgentService::resetPlanFor);
        QStringList events;
        connect(m_service.get(), &ReviewCoordinator::runStarted, this,
                [&events](quint64 key, const QString& preview) {
                    events.append(
                        QStringLiteral("step %1: %2").arg(key).arg(preview.section(QLatin1Char(' '), 1, 2)));
                });
        connect(m_service.get(), &AgentService::runResetFinished, this,
                [&events](const QString& sandbox, const k8::kosa8::JobResult& result) {
                    events.append(
                        QStringLiteral("reset %1 %2")
                            .arg(sandbox, result.ok() ? QStringLiteral("ok") : QStringLiteral("failed")));
                });
        QList<QJsonObject> shown;
        connect(m_service.get(), &ReviewCoordinator::runFinished, this,
                [&events, &shown](quint64 key, const QJsonObject& result) {
                    events.append(QStringLiteral("finished %1").arg(key));
                    shown.append(result);
                });
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id1 = client.request(
            QStringLiteral("run"),
            {{QStringLiteral("code"), QStringLiteral("# stdout: one\n")}, {QStringLiteral("timeout_s"), 8}},
            QStringLiteral("r-1"));
        const quint64 key1 = waitForQueued(queued, 1);
        const QJsonValue id2 = client.request(QStringLiteral("run"),
                                              {{QStringLiteral("code"), QStringLiteral("# stdout: two\n")}},
                                              QStringLiteral("r-2"));
        const quint64 key2 = waitForQueued(queued, 2);
        QVERIFY(key1 != 0 && key2 != 0);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(decideRecorded(key1, oneDecision(DecisionKind::Approve)));
        QVERIFY(decideRecorded(key2, oneDecision(DecisionKind::Approve)));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id1), Wait);
        const qint64 answeredAfter = clock.elapsed();
        QVERIFY2(answeredAfter < 14000, qPrintable(QString::number(answeredAfter)));
        const QJsonObject first = resultOf(client.response(id1)).toObject();
        QCOMPARE(first.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QVERIFY(first.value(QStringLiteral("stdout")).toString().contains(QLatin1String("one")));
        // What the window shows of it: the reset was still going.
        QCOMPARE(shown.size(), 1);
        const QJsonObject reset = shown.first().value(QStringLiteral("reset")).toObject();
        QCOMPARE(reset.value(QStringLiteral("ok")).toBool(true), false);
        QVERIFY2(reset.value(QStringLiteral("error")).toString().contains(QLatin1String("still going")),
                 qPrintable(reset.value(QStringLiteral("error")).toString()));
        QVERIFY2(!events.contains(QStringLiteral("reset box1 ok")),
                 qPrintable(events.join(QStringLiteral(" | "))));

        // The second run starts only after that reset ended, and runs as usual.
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id2), 2 * Wait);
        const QJsonObject second = resultOf(client.response(id2)).toObject();
        QVERIFY(second.value(QStringLiteral("stdout")).toString().contains(QLatin1String("two")));
        const qsizetype reset1 = events.indexOf(QStringLiteral("reset box1 ok"));
        const qsizetype checkpoint2 = events.indexOf(QStringLiteral("step %1: checkpoint box1").arg(key2));
        QVERIFY2(reset1 >= 0 && checkpoint2 > reset1, qPrintable(events.join(QStringLiteral(" | "))));
        verifyRunRewindRunOrder();
    }

    // Runs waiting for their sandbox: one whose timeout_s ends there is answered -32010 naming the
    // queue and never starts; one its agent cancels is withdrawn (cancelled: true). The run going
    // on is not disturbed, and the sandbox is free afterwards.
    void runsWaitingForTheirSandboxEndInTime()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QString slow = QStringLiteral("# sleep-ms: 4000\n# stdout: slow\n");
        const QString late = QStringLiteral("# stdout: late\n");
        const QString withdrawn = QStringLiteral("# stdout: withdrawn\n");
        const QJsonValue slowId = client.request(QStringLiteral("run"), {{QStringLiteral("code"), slow}});
        QVERIFY(decideRecorded(waitForQueued(queued, 1), oneDecision(DecisionKind::Approve)));
        const QJsonValue lateId = client.request(
            QStringLiteral("run"), {{QStringLiteral("code"), late}, {QStringLiteral("timeout_s"), 2}});
        QVERIFY(decideRecorded(waitForQueued(queued, 2), oneDecision(DecisionKind::Approve)));
        const QJsonValue withdrawnId =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), withdrawn}});
        QVERIFY(decideRecorded(waitForQueued(queued, 3), oneDecision(DecisionKind::Approve)));

        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(lateId), Wait);
        QVERIFY(!client.hasResponse(slowId));
        QCOMPARE(errorCodeOf(client.response(lateId)), -32010);
        const QJsonObject error = client.response(lateId).value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("data")).toObject().value(QStringLiteral("step")).toString(),
                 QStringLiteral("queue"));
        QCOMPARE(error.value(QStringLiteral("data")).toObject().value(QStringLiteral("outcome")).toString(),
                 QStringLiteral("timed out"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QLatin1String("waited")),
                 qPrintable(error.value(QStringLiteral("message")).toString()));

        const QJsonValue cancel =
            client.request(QStringLiteral("cancel"), {{QStringLiteral("id"), withdrawnId}});
        QCOMPARE(client.waitForResult(cancel, Wait).toObject().value(QStringLiteral("cancelled")),
                 QJsonValue(true));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(withdrawnId), Wait);
        QCOMPARE(
            resultOf(client.response(withdrawnId)).toObject().value(QStringLiteral("decision")).toString(),
            QStringLiteral("reject"));

        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(slowId), Wait);
        QCOMPARE(resultOf(client.response(slowId)).toObject().value(QStringLiteral("exit_code")).toInt(-1),
                 0);
        // Only the first ran; the sandbox is free for the next.
        const QString after = QStringLiteral("# stdout: after\n");
        const QJsonValue afterId = client.request(QStringLiteral("run"), {{QStringLiteral("code"), after}});
        QVERIFY(decideRecorded(waitForQueued(queued, 4), oneDecision(DecisionKind::Approve)));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(afterId), Wait);
        QStringList codes;
        for (const QJsonObject& run : k8::test::readStandinRuns(stateDir()))
            codes.append(run.value(QStringLiteral("code")).toString());
        QCOMPARE(codes, (QStringList{slow, after}));
        // The withdrawal is recorded after the approval.
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 5);
        QCOMPARE(entries.at(3).value(QStringLiteral("decided_by")).toString(), QStringLiteral("withdrawn"));
    }

    // Without timeout_s the checkpoint is bounded too: by AgentSettings::runStepLimitMs.
    void checkpointWithoutTimeoutEndsAtTheStepLimit()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        writeFile(stateDir() + QStringLiteral("/faults.json"), R"({"checkpoint box1": {"mode": "hang"}})");
        AgentSettings settings = baseSettings();
        settings.runStepLimitMs = 1500;
        QVERIFY(startService(settings));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id = client.request(QStringLiteral("run"),
                                             {{QStringLiteral("code"), QStringLiteral("# stdout: x\n")}});
        QVERIFY(decideRecorded(waitForQueued(queued), oneDecision(DecisionKind::Approve)));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        QCOMPARE(errorCodeOf(client.response(id)), -32010);
        const QJsonObject error = client.response(id).value(QStringLiteral("error")).toObject();
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QLatin1String("within 1.5 s")),
                 qPrintable(error.value(QStringLiteral("message")).toString()));
        QCOMPARE(error.value(QStringLiteral("data")).toObject().value(QStringLiteral("step")).toString(),
                 QStringLiteral("checkpoint"));
        QVERIFY(k8::test::readStandinRuns(stateDir()).isEmpty());
        QFile pid(stateDir() + QStringLiteral("/hang-child.pid"));
        QVERIFY(pid.open(QIODevice::ReadOnly));
        const qint64 child = pid.readAll().trimmed().toLongLong();
        QTRY_VERIFY_WITH_TIMEOUT(k8::test::processIsDead(child), Wait);
    }

    void sandboxWithoutTheOptionIsNotRewound()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box2")}), 0);
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box3")}), 0);
        QVERIFY(startService(baseSettings()));
        m_service->setRunResetPolicy(&TestAgentService::resetPlanFor);
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy finished(m_service.get(), &ReviewCoordinator::runFinished);
        QSignalSpy resetStarted(m_service.get(), &AgentService::runResetStarted);
        QSignalSpy skipped(m_service.get(), &AgentService::runResetSkipped);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        for (const QString& sandbox : {QStringLiteral("box2"), QStringLiteral("box3")}) {
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("# stdout: hi\n")},
                                                   {QStringLiteral("sandbox"), sandbox}});
            const quint64 key = waitForQueued(queued, int(finished.count()) + 1);
            QVERIFY(decideRecorded(key, oneDecision(DecisionKind::Approve)));
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), sandbox == QLatin1String("box2") ? 1 : 2, Wait);
        }
        QVERIFY(!finished.at(0).at(1).toJsonObject().contains(QStringLiteral("reset")));
        // box3 asks for the reset but has no base: said, nothing rewound.
        QCOMPARE(skipped.count(), 1);
        QCOMPARE(skipped.first().at(0).toString(), QStringLiteral("box3"));
        QVERIFY(finished.at(1)
                    .at(1)
                    .toJsonObject()
                    .value(QStringLiteral("reset"))
                    .toObject()
                    .contains(QStringLiteral("skipped")));
        QCOMPARE(resetStarted.count(), 0);
        for (const QString& call : callsInOrder())
            QVERIFY2(!call.startsWith(QLatin1String("rewind")), qPrintable(call));
    }

    void runEditedLargeAndWithoutCheckpoint()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box2")}), 0);
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QString big =
            QStringLiteral("# exit: 3\n") + QString(150 * 1024, QLatin1Char('#')) + QLatin1Char('\n');
        const QJsonValue id = client.request(QStringLiteral("run"),
                                             {{QStringLiteral("code"), QStringLiteral("print('original')")},
                                              {QStringLiteral("sandbox"), QStringLiteral("box2")},
                                              {QStringLiteral("checkpoint"), false},
                                              {QStringLiteral("language"), QStringLiteral("bash")}});
        const quint64 key = waitForQueued(queued);
        QString error;
        QVERIFY2(
            decideRecorded(key, oneDecision(DecisionKind::Edit, {{QStringLiteral("code"), big}}), &error),
            qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        const QJsonObject result = resultOf(client.response(id)).toObject();
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("edit"));
        QCOMPARE(result.value(QStringLiteral("code")).toString(), big);
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(), 3); // the code's own exit is a result
        QVERIFY(result.value(QStringLiteral("checkpoint")).isNull());
        QCOMPARE(result.value(QStringLiteral("image")).toString(), QStringLiteral("debian:bookworm-slim"));
        const QList<QJsonObject> runs = k8::test::readStandinRuns(stateDir());
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first().value(QStringLiteral("stdin")).toString(), big); // over 100 KiB: standard input
        for (const QStringList& argv : k8::test::readStandinCalls(stateDir()))
            QVERIFY(argv.first() != QLatin1String("checkpoint"));
        QCOMPARE(ledger().last().value(QStringLiteral("code_sha256")).toString(), sha256Hex(big.toUtf8()));
        QCOMPARE(ledger().last().value(QStringLiteral("decision")).toString(), QStringLiteral("edit"));
    }

    void runRejectedAndKosa8Failing()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy problems(m_service.get(), &ReviewCoordinator::problem);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue rejected =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("rm -rf /")}});
        const quint64 rejectKey = waitForQueued(queued);
        QVERIFY(decideRecorded(rejectKey,
                               oneDecision(DecisionKind::Reject, {}, QStringLiteral("not on my watch"))));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(rejected), Wait);
        const QJsonObject rejection = resultOf(client.response(rejected)).toObject();
        QCOMPARE(rejection.value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
        QCOMPARE(rejection.value(QStringLiteral("message")).toString(), QStringLiteral("not on my watch"));
        QVERIFY(!QFile::exists(stateDir() + QStringLiteral("/runs.jsonl")));

        // box1 does not exist in this state: the checkpoint fails, the code never runs.
        const QJsonValue failing =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(1)")}});
        const quint64 failKey = waitForQueued(queued, 2);
        QVERIFY(decideRecorded(failKey, oneDecision(DecisionKind::Approve)));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(failing), Wait);
        const QJsonObject error = client.response(failing).value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toInt(), ErrorCode::Kosa8Failed);
        const QJsonObject data = error.value(QStringLiteral("data")).toObject();
        QVERIFY2(data.value(QStringLiteral("command"))
                     .toString()
                     .contains(QLatin1String("checkpoint box1 --label")),
                 qPrintable(data.value(QStringLiteral("command")).toString()));
        QCOMPARE(data.value(QStringLiteral("exit_code")).toInt(), 1);
        QVERIFY2(data.value(QStringLiteral("stderr")).toString().contains(QLatin1String("not found")),
                 qPrintable(data.value(QStringLiteral("stderr")).toString()));
        QVERIFY(!QFile::exists(stateDir() + QStringLiteral("/runs.jsonl")));
        QVERIFY(problems.count() >= 1);

        // kosa8 missing altogether.
        k8::kosa8::ConnectionProfile missing;
        missing.executable = m_dir->filePath(QStringLiteral("no-such-kosa8"));
        m_runner->setConnection(missing);
        const QJsonValue noKosa8 =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(1)")},
                                                   {QStringLiteral("checkpoint"), false}});
        const quint64 missingKey = waitForQueued(queued, 3);
        QVERIFY(decideRecorded(missingKey, oneDecision(DecisionKind::Approve)));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(noKosa8), Wait);
        QCOMPARE(errorCodeOf(client.response(noKosa8)), ErrorCode::Kosa8Failed);
        QVERIFY(client.response(noKosa8)
                    .value(QStringLiteral("error"))
                    .toObject()
                    .value(QStringLiteral("data"))
                    .toObject()
                    .value(QStringLiteral("exit_code"))
                    .isNull());
    }

    // issue 7, finding 10: the ledger says where a run runs (the sandbox and image really used,
    // the language, the checkpoint label that is taken), for rejections too.
    void runEntriesSayWhereTheCodeRuns()
    {
        for (const char* box : {"box1", "box2"})
            QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QLatin1String(box)}), 0);
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));

        // Approved into another sandbox than the one asked for: the entry names the one used.
        const QJsonValue moved = client.request(QStringLiteral("run"),
                                                {{QStringLiteral("code"), QStringLiteral("echo hi")},
                                                 {QStringLiteral("language"), QStringLiteral("bash")}},
                                                QStringLiteral("m-1"));
        quint64 key = waitForQueued(queued);
        PersonDecision decision = oneDecision(DecisionKind::Approve);
        decision.runSandbox = QStringLiteral("box2");
        QString error;
        QVERIFY2(decideRecorded(key, decision, &error), qPrintable(error));
        QJsonObject entry = ledger().last();
        QCOMPARE(entry.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box2"));
        QCOMPARE(entry.value(QStringLiteral("image")).toString(), QStringLiteral("debian:bookworm-slim"));
        QCOMPARE(entry.value(QStringLiteral("language")).toString(), QStringLiteral("bash"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(moved), Wait);
        const QJsonObject result = resultOf(client.response(moved)).toObject();
        QCOMPARE(result.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box2"));
        // The label recorded before the run is the one the checkpoint was then taken under.
        QVERIFY(!result.value(QStringLiteral("checkpoint")).toString().isEmpty());
        QCOMPARE(entry.value(QStringLiteral("checkpoint")).toString(),
                 result.value(QStringLiteral("checkpoint")).toString());

        // No checkpoint asked for: none recorded.
        const QJsonValue bare =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(2)")},
                                                   {QStringLiteral("checkpoint"), false},
                                                   {QStringLiteral("image"), QStringLiteral("python:3.13")}});
        key = waitForQueued(queued, 2);
        QVERIFY(decideRecorded(key, oneDecision(DecisionKind::Approve), &error));
        entry = ledger().last();
        QVERIFY(!entry.contains(QStringLiteral("checkpoint")));
        QCOMPARE(entry.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box1"));
        QCOMPARE(entry.value(QStringLiteral("image")).toString(), QStringLiteral("python:3.13"));
        QCOMPARE(entry.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(bare), Wait);

        // Rejected: the entry still says where it would have run.
        const QJsonValue refused =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("rm -rf ~")}},
                           QStringLiteral("no-1"));
        key = waitForQueued(queued, 3);
        QVERIFY(decideRecorded(key, oneDecision(DecisionKind::Reject), &error));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(refused), Wait);
        entry = ledger().last();
        QCOMPARE(entry.value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
        QCOMPARE(entry.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box1"));
        QCOMPARE(entry.value(QStringLiteral("image")).toString(), QStringLiteral("python:3.12-slim"));
        QCOMPARE(entry.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
        const QString label = entry.value(QStringLiteral("checkpoint")).toString();
        QVERIFY2(
            QRegularExpression(QStringLiteral("^before-no-1-\\d{8}T\\d{6}Z-\\d+$")).match(label).hasMatch(),
            qPrintable(label));

        // Timed out, and withdrawn: the same.
        QJsonObject params{{QStringLiteral("code"), QStringLiteral("print(3)")},
                           {QStringLiteral("timeout_s"), 1}};
        const QJsonValue late = client.request(QStringLiteral("run"), params);
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(late), Wait);
        entry = ledger().last();
        QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("timeout"));
        QCOMPARE(entry.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box1"));
        QVERIFY(entry.contains(QStringLiteral("checkpoint")));
        // Review entries carry none of the run fields.
        client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(4)")));
        key = waitForQueued(queued, 5);
        QVERIFY(decideRecorded(key, oneDecision(DecisionKind::Reject), &error));
        entry = ledger().last();
        QCOMPARE(entry.value(QStringLiteral("method")).toString(), QStringLiteral("review"));
        for (const char* field : {"sandbox", "image", "language", "checkpoint"})
            QVERIFY2(!entry.contains(QLatin1String(field)), field);
        QVERIFY(Ledger::verify(ledgerPath()).ok);
    }

    void runApprovedByRuleIsRecordedWithItsSandbox()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        const QString code = QStringLiteral("# stdout: by rule\n");
        writeFile(
            dataDir() + QStringLiteral("/rules.json"),
            QStringLiteral(R"({"rules": [{"name": "ok-code", "decision": "approve", "code_sha256": "%1"},
                                   {"name": "no-night-bot", "decision": "reject", "agent": "night-bot"}]})")
                .arg(sha256Hex(code.toUtf8()))
                .toUtf8());
        QVERIFY(startService(baseSettings()));
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id = client.request(QStringLiteral("run"), {{QStringLiteral("code"), code}});
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        const QJsonObject result = resultOf(client.response(id)).toObject();
        QJsonObject entry = ledger().last();
        QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("rule:ok-code"));
        QCOMPARE(entry.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box1"));
        QCOMPARE(entry.value(QStringLiteral("image")).toString(), QStringLiteral("python:3.12-slim"));
        QCOMPARE(entry.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
        QCOMPARE(entry.value(QStringLiteral("checkpoint")).toString(),
                 result.value(QStringLiteral("checkpoint")).toString());

        // Rejected by a rule: where it would have run.
        const QJsonValue refused =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), code},
                                                   {QStringLiteral("agent"), QStringLiteral("night-bot")}});
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(refused), Wait);
        entry = ledger().last();
        QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("rule:no-night-bot"));
        QCOMPARE(entry.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box1"));
        QCOMPARE(entry.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
    }

    // The app remembers where it left the ledger, and says at the next start when the file lost
    // its tail or was rewritten in between.
    void ledgerChangedBetweenStartsIsReported_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<QString>("expected");
        QTest::newRow("tail cut") << QStringLiteral("cut") << QStringLiteral("shorter");
        QTest::newRow("file deleted") << QStringLiteral("delete") << QStringLiteral("missing or empty");
        QTest::newRow("rewritten with a valid chain") << QStringLiteral("forge") << QStringLiteral("changed");
        QTest::newRow("state removed (or a ledger from before it)")
            << QStringLiteral("no-state") << QStringLiteral("no record of where");
        QTest::newRow("untouched") << QStringLiteral("none") << QString();
    }

    void ledgerChangedBetweenStartsIsReported()
    {
        QFETCH(QString, how);
        QFETCH(QString, expected);
        QVERIFY(startService(baseSettings()));
        QVERIFY(m_service->startupProblems().isEmpty());
        {
            QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
            AgentTestClient client;
            QVERIFY(connectClient(client));
            for (int i = 1; i <= 3; ++i)
                client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(%1)").arg(i)));
            for (int i = 1; i <= 3; ++i)
                QVERIFY(decideRecorded(waitForQueued(queued, i), oneDecision(DecisionKind::Reject)));
        }
        m_service.reset();
        QCOMPARE(ledger().size(), 3);

        QFile file(ledgerPath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = file.readAll().split('\n');
        file.close();
        if (how == QLatin1String("cut")) {
            writeFile(ledgerPath(), lines.mid(0, 2).join('\n') + '\n');
        } else if (how == QLatin1String("delete")) {
            QVERIFY(QFile::remove(ledgerPath()));
        } else if (how == QLatin1String("no-state")) {
            QVERIFY(QFile::remove(Ledger::statePath(ledgerPath())));
        } else if (how == QLatin1String("forge")) {
            // Entry 2 turned into an approval, and every hash after it recomputed: the chain is
            // valid, only the remembered end tells.
            QString prev = Ledger::zeroHash();
            for (int i = 0; i < 3; ++i) {
                QJsonObject entry = QJsonDocument::fromJson(lines.at(i)).object();
                if (i == 1)
                    entry.insert(QStringLiteral("decision"), QStringLiteral("approve"));
                entry.insert(QStringLiteral("prev"), prev);
                entry.insert(QStringLiteral("hash"), Ledger::entryHash(entry));
                prev = entry.value(QStringLiteral("hash")).toString();
                lines[i] = canonicalJson(entry);
            }
            writeFile(ledgerPath(), lines.join('\n'));
            QVERIFY(Ledger::verify(ledgerPath()).ok);
        }

        QVERIFY(startService(baseSettings()));
        const QStringList problems = m_service->startupProblems();
        if (expected.isEmpty()) {
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
            return;
        }
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().contains(expected) && problems.first().contains(ledgerPath()),
                 qPrintable(problems.first()));
        // Decisions go on: the next one continues the ledger as it is now.
        AgentTestClient client;
        QVERIFY(connectClient(client));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(9)")));
        QVERIFY(decideRecorded(waitForQueued(queued), oneDecision(DecisionKind::Reject)));
        QVERIFY(Ledger::verify(ledgerPath()).ok);
    }

    void runWithoutSandbox()
    {
        AgentSettings settings = baseSettings();
        settings.defaultSandbox.clear();
        QVERIFY(startService(settings));
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(1)")}});
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        QCOMPARE(errorCodeOf(client.response(id)), ErrorCode::NoSandbox);
        QCOMPARE(m_service->inbox()->count(), 0);
    }

    void runApprovedByRule()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        const QString code = QStringLiteral("# stdout: by rule\n");
        writeApproveCodeRule(QStringLiteral("ok-code"), code);
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id = client.request(QStringLiteral("run"), {{QStringLiteral("code"), code}});
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        QCOMPARE(queued.count(), 0);
        const QJsonObject result = resultOf(client.response(id)).toObject();
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QVERIFY(result.value(QStringLiteral("stdout")).toString().contains(QLatin1String("by rule")));
        QCOMPARE(ledger().last().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:ok-code"));

        // Every client numbers its requests from 1: the same id on two connections still gets its
        // own checkpoint, and both runs happen.
        AgentTestClient other;
        QVERIFY(connectClient(other));
        const QJsonValue again = client.request(QStringLiteral("run"), {{QStringLiteral("code"), code}}, 7);
        const QJsonValue same = other.request(QStringLiteral("run"), {{QStringLiteral("code"), code}}, 7);
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(again) && other.hasResponse(same), Wait);
        const QJsonObject first = resultOf(client.response(again)).toObject();
        const QJsonObject second = resultOf(other.response(same)).toObject();
        QCOMPARE(first.value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(second.value(QStringLiteral("exit_code")).toInt(), 0);
        QVERIFY(first.value(QStringLiteral("checkpoint")).toString() !=
                second.value(QStringLiteral("checkpoint")).toString());
        QCOMPARE(k8::test::readStandinRuns(stateDir()).size(), 3);
    }

    void shutdownRejectsEverythingPending()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy runStarted(m_service.get(), &ReviewCoordinator::runStarted);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue generic =
            client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(1)")));
        const QJsonValue inbox = client.request(
            QStringLiteral("review"),
            {{QStringLiteral("payload"),
              QJsonObject{{QStringLiteral("action_request"),
                           QJsonObject{{QStringLiteral("action"), QStringLiteral("send_email")},
                                       {QStringLiteral("args"),
                                        QJsonObject{{QStringLiteral("to"), QStringLiteral("a@b.c")}}}}},
                          {QStringLiteral("config"), QJsonObject{{QStringLiteral("allow_accept"), true},
                                                                 {QStringLiteral("allow_edit"), true},
                                                                 {QStringLiteral("allow_respond"), true},
                                                                 {QStringLiteral("allow_ignore"), true}}}}}});
        const QJsonValue run =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(1)")}});
        // One more run, approved and kept running (the stand-in sleeps) while the app quits.
        const QJsonValue running = client.request(
            QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("# sleep-ms: 60000\n")},
                                    {QStringLiteral("checkpoint"), false}});
        QVERIFY(waitForQueued(queued, 4) != 0);
        QVERIFY(decideRecorded(queued.at(3).at(0).toULongLong(), oneDecision(DecisionKind::Approve)));
        QTRY_COMPARE_WITH_TIMEOUT(runStarted.count(), 1, Wait);

        QSignalSpy complete(m_service.get(), &AgentService::shutdownComplete);
        m_service->shutdown();
        QVERIFY(complete.count() == 1 || complete.wait(Wait));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(generic) && client.hasResponse(inbox) &&
                                     client.hasResponse(run) && client.hasResponse(running),
                                 Wait);
        QCOMPARE(resultOf(client.response(generic)), QJsonValue(QStringLiteral("reject")));
        const QJsonArray responses = resultOf(client.response(inbox)).toArray();
        QCOMPARE(responses.size(), 1);
        QCOMPARE(responses.first().toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("ignore"));
        QCOMPARE(resultOf(client.response(run)).toObject().value(QStringLiteral("decision")).toString(),
                 QStringLiteral("reject"));
        QCOMPARE(resultOf(client.response(running)).toObject().value(QStringLiteral("decision")).toString(),
                 QStringLiteral("reject"));
        int shutdownEntries = 0;
        for (const QJsonObject& entry : ledger())
            shutdownEntries +=
                entry.value(QStringLiteral("decided_by")).toString() == QLatin1String("shutdown");
        QCOMPARE(shutdownEntries, 4);
        QVERIFY(!QFile::exists(socketPath())); // the socket is gone
        QCOMPARE(m_service->inbox()->count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->runningCount(), 0, Wait); // the sleeping run was stopped
    }

    void destructorAnswersPending()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id =
            client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(1)")));
        QVERIFY(waitForQueued(queued) != 0);
        m_service.reset();
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
        QCOMPARE(resultOf(client.response(id)), QJsonValue(QStringLiteral("reject")));
        QCOMPARE(ledger().last().value(QStringLiteral("decided_by")).toString(), QStringLiteral("shutdown"));
    }

    // Issue 8: every decision the person did not make tells the inbox who made it, with what the
    // notice shows; rule decisions on requests that never reached the inbox included. The person's
    // own decisions make no notice. Every flushed batch says so (ledgerWritten), on this thread.
    void noticesForDecisionsThePersonDidNotMake()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        const QString runCode = QStringLiteral("# stdout: by rule\n");
        const QString reviewCode = QStringLiteral("print('summary')");
        writeFile(dataDir() + QStringLiteral("/rules.json"),
                  QStringLiteral(R"({"rules": [
                      {"name": "pandas-summary", "decision": "approve", "code_sha256": "%1"},
                      {"name": "ok-run", "decision": "approve", "code_sha256": "%2"},
                      {"name": "no-night-bot", "decision": "reject", "agent": "night-bot"}]})")
                      .arg(sha256Hex(reviewCode.toUtf8()), sha256Hex(runCode.toUtf8()))
                      .toUtf8());
        QVERIFY(startService(baseSettings()));
        QList<DecisionNotice> notices;
        connect(m_service.get(), &ReviewCoordinator::automaticDecision, this,
                [&notices](const DecisionNotice& notice) { notices.append(notice); });
        QList<qint64> written;
        connect(m_service.get(), &ReviewCoordinator::ledgerWritten, this, [&written](qint64 seq) {
            QCOMPARE(QThread::currentThread(), qApp->thread());
            written.append(seq);
        });
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));

        // Decided by rules on arrival.
        const QJsonValue approved = client.request(QStringLiteral("review"), reviewParams(reviewCode));
        const QJsonValue rejected =
            client.request(QStringLiteral("review"), reviewParams(reviewCode, QStringLiteral("night-bot")));
        const QJsonValue ran =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), runCode},
                                                   {QStringLiteral("agent"), QStringLiteral("runner-bot")}});
        QTRY_VERIFY_WITH_TIMEOUT(
            client.hasResponse(approved) && client.hasResponse(rejected) && client.hasResponse(ran), Wait);
        QCOMPARE(queued.count(), 0);
        QCOMPARE(notices.size(), 3);
        const auto byRule = [&notices](const QString& rule) {
            const auto it =
                std::find_if(notices.cbegin(), notices.cend(),
                             [&rule](const DecisionNotice& notice) { return notice.ruleName == rule; });
            return it == notices.cend() ? DecisionNotice() : *it;
        };
        const DecisionNotice summary = byRule(QStringLiteral("pandas-summary"));
        QCOMPARE(summary.cause, DecisionNotice::Cause::Rule);
        QCOMPARE(summary.decision, DecisionKind::Approve);
        QCOMPARE(summary.agent, QStringLiteral("test-agent"));
        QCOMPARE(summary.title, QStringLiteral("Review print('summary')"));
        QCOMPARE(summary.method, Method::Review);
        QCOMPARE(summary.requestId, QStringLiteral("1"));
        QVERIFY(!summary.reachedInbox);
        QCOMPARE(summary.headline(), QStringLiteral("Approved by rule pandas-summary: review"));
        const DecisionNotice night = byRule(QStringLiteral("no-night-bot"));
        QCOMPARE(night.decision, DecisionKind::Reject);
        QCOMPARE(night.headline(), QStringLiteral("Rejected by rule no-night-bot: review"));
        const DecisionNotice run = byRule(QStringLiteral("ok-run"));
        QCOMPARE(run.method, Method::Run);
        QCOMPARE(run.sandbox, QStringLiteral("box1"));
        QCOMPARE(run.agent, QStringLiteral("runner-bot"));
        QCOMPARE(run.headline(), QStringLiteral("Approved by rule ok-run: run in box1"));
        // The notice finds its ledger entry: request id, agent and payload hash.
        bool found = false;
        for (const QJsonObject& entry : ledger()) {
            found |=
                entry.value(QStringLiteral("request")).toVariant().toString() == summary.requestId &&
                entry.value(QStringLiteral("agent")).toString() == summary.agent &&
                entry.value(QStringLiteral("payload_sha256")).toString() == summary.payloadSha256 &&
                entry.value(QStringLiteral("decided_by")).toString() == QLatin1String("rule:pandas-summary");
        }
        QVERIFY(found);
        QVERIFY(!written.isEmpty());
        QCOMPARE(written.last(), qint64(ledger().size()));

        // A timeout, a withdrawal, and a person's decision (which makes none).
        notices.clear();
        QJsonObject timed = reviewParams(QStringLiteral("print('slow')"));
        timed.insert(QStringLiteral("timeout_s"), 1);
        client.request(QStringLiteral("review"), timed);
        QVERIFY(waitForQueued(queued, 1) != 0);
        QTRY_COMPARE_WITH_TIMEOUT(notices.size(), 1, Wait);
        QCOMPARE(notices.first().cause, DecisionNotice::Cause::Timeout);
        QCOMPARE(notices.first().timeoutS, 1);
        QVERIFY(notices.first().reachedInbox);
        QCOMPARE(notices.first().headline(), QStringLiteral("Rejected: timed out after 1 s"));

        client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print('mine')")));
        QVERIFY(waitForQueued(queued, 2) != 0);
        QVERIFY(decideRecorded(queued.at(1).at(0).toULongLong(), oneDecision(DecisionKind::Approve)));
        client.request(QStringLiteral("review"),
                       reviewParams(QStringLiteral("print('gone')"), QStringLiteral("research-bot")), 77);
        QVERIFY(waitForQueued(queued, 3) != 0);
        client.request(QStringLiteral("cancel"), {{QStringLiteral("id"), 77}});
        QTRY_COMPARE_WITH_TIMEOUT(notices.size(), 2, Wait);
        QCOMPARE(notices.at(1).cause, DecisionNotice::Cause::Withdrawn);
        QCOMPARE(notices.at(1).headline(), QStringLiteral("Withdrawn by research-bot"));
        QCOMPARE(notices.at(1).requestId, QStringLiteral("77"));

        // The quit answers what is left: a shutdown notice.
        client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print('late')")));
        QVERIFY(waitForQueued(queued, 4) != 0);
        m_service->shutdown();
        QTRY_COMPARE_WITH_TIMEOUT(notices.size(), 3, Wait);
        QCOMPARE(notices.at(2).cause, DecisionNotice::Cause::Shutdown);
        QCOMPARE(written.last(), qint64(ledger().size()));
    }

    // A reject reason goes into the ledger only where the agent receives it (HITL, run), and a
    // timeout's reason too for those shapes; Generic and Agent Inbox have no place for one.
    void rejectReasonsTheAgentReceivesAreRecorded()
    {
        QVERIFY(startService(baseSettings()));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue hitl = client.request(
            QStringLiteral("review"),
            {{QStringLiteral("payload"),
              hitlPayload(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("print(1)")}})},
             {QStringLiteral("agent"), QStringLiteral("research-bot")}});
        const QJsonValue generic =
            client.request(QStringLiteral("review"), reviewParams(QStringLiteral("print(2)")));
        QVERIFY(waitForQueued(queued, 2) != 0);
        QVERIFY(
            decideRecorded(queued.at(0).at(0).toULongLong(),
                           oneDecision(DecisionKind::Reject, {}, QStringLiteral("use the cached table"))));
        QVERIFY(decideRecorded(queued.at(1).at(0).toULongLong(),
                               oneDecision(DecisionKind::Reject, {}, QStringLiteral("nowhere to go"))));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(hitl) && client.hasResponse(generic), Wait);
        const QJsonObject sent = resultOf(client.response(hitl))
                                     .toObject()
                                     .value(QStringLiteral("decisions"))
                                     .toArray()
                                     .first()
                                     .toObject();
        QCOMPARE(sent.value(QStringLiteral("message")).toString(), QStringLiteral("use the cached table"));
        QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries.at(0).value(QStringLiteral("reason")).toString(),
                 QStringLiteral("use the cached table"));
        QVERIFY(!entries.at(1).contains(QStringLiteral("reason")));

        QJsonObject timed{
            {QStringLiteral("payload"),
             hitlPayload(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("print(3)")}})},
            {QStringLiteral("timeout_s"), 1}};
        const QJsonValue slow = client.request(QStringLiteral("review"), timed);
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(slow), Wait);
        entries = ledger();
        QCOMPARE(entries.last().value(QStringLiteral("decided_by")).toString(), QStringLiteral("timeout"));
        QVERIFY(
            entries.last().value(QStringLiteral("reason")).toString().contains(QLatin1String("timed out")));
        QCOMPARE(Ledger::verify(ledgerPath()).ok, true);
    }

    // Which payload shapes can carry a reject reason back (ReviewState::canCarryReason).
    void reasonCarriedPerShape()
    {
        const auto stateFor = [](const QJsonValue& payload) {
            Request request;
            RpcError error;
            const bool ok = requestFromReview({{QStringLiteral("payload"), payload}}, &request, &error);
            if (!ok)
                qWarning("%s", qPrintable(error.message));
            return ReviewState(request);
        };
        QVERIFY(
            stateFor(hitlPayload(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("x")}}))
                .canCarryReason(0));
        QVERIFY(!stateFor(genericPayload(QStringLiteral("x"))).canCarryReason(0));
        const QJsonObject inbox{
            {QStringLiteral("action_request"),
             QJsonObject{
                 {QStringLiteral("action"), QStringLiteral("send_email")},
                 {QStringLiteral("args"), QJsonObject{{QStringLiteral("to"), QStringLiteral("a@b.c")}}}}},
            {QStringLiteral("config"),
             QJsonObject{{QStringLiteral("allow_accept"), true}, {QStringLiteral("allow_ignore"), true}}}};
        QVERIFY(!stateFor(inbox).canCarryReason(0));
        QVERIFY(!stateFor(genericPayload(QStringLiteral("x"))).canCarryReason(5)); // no such action
        QVERIFY(canCarryRejectReason(PayloadShape::Run));
        // A reason typed where it cannot be carried is not sent.
        ReviewState generic = stateFor(genericPayload(QStringLiteral("x")));
        generic.setRejectReason(0, QStringLiteral("typed anyway"));
        QVERIFY(generic.reject(0));
        PersonDecision decision;
        QVERIFY(generic.decisionToSend(&decision));
        QCOMPARE(decision.actions.first().message, QString());
        ReviewState hitl =
            stateFor(hitlPayload(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("x")}}));
        hitl.setRejectReason(0, QStringLiteral("why not"));
        QVERIFY(hitl.reject(0));
        QVERIFY(hitl.decisionToSend(&decision));
        QCOMPARE(decision.actions.first().message, QStringLiteral("why not"));
        QCOMPARE(sentConfirmation(QStringLiteral("research-bot"), decision),
                 QStringLiteral("Sent to research-bot: reject"));
        // One word per action, in order.
        PersonDecision two;
        two.actions = {ActionDecision{DecisionKind::Approve, {}, {}},
                       ActionDecision{DecisionKind::Edit, {}, {}}};
        QCOMPARE(sentConfirmation(QStringLiteral("research-bot"), two),
                 QStringLiteral("Sent to research-bot: approve, edit"));
    }

    void staleSocketIsReplaced()
    {
        // What a crashed app leaves behind: a socket file with nobody listening.
        QVERIFY(QDir().mkpath(QFileInfo(socketPath()).absolutePath()));
        QFile::setPermissions(QFileInfo(socketPath()).absolutePath(),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(k8::test::makeStaleSocket(socketPath()));
        QVERIFY(QFileInfo::exists(socketPath()));

        QVERIFY(startService(baseSettings()));
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue ping = client.request(QStringLiteral("ping"));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(ping), Wait);
    }
};

QTEST_GUILESS_MAIN(TestAgentService)
#include "tst_agentservice.moc"
