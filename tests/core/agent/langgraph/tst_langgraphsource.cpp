// SPDX-License-Identifier: Apache-2.0
// A LangGraph server as a source of the desk's requests (issue 27): the real AgentService with its
// ledger and rules, a LangGraphSource polling a server in the test that answers as langgraph-api
// 0.16.7 did (RecordedThreads.h). What a person or a rule decides resumes exactly the interrupt
// shown; what someone else resumes leaves the inbox as decided "elsewhere"; the quit leaves the
// server's interrupts pending; an answer the server could not take is tried again.
#include "agent/AgentService.h"
#include "agent/langgraph/LangGraphSource.h"
#include "agent/review/InboxModel.h"
#include "core/agent/langgraph/FakeLangGraphServer.h"
#include "core/agent/langgraph/RecordedThreads.h"
#include "support/ServiceFixture.h"
#include "support/TestJson.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace k8::agent;
using namespace k8::agent::langgraph;
using k8::test::FakeHttpRequest;
using k8::test::FakeHttpResponse;
using k8::test::FakeLangGraphServer;
using k8::test::recordedResponse;
using k8::test::RecordedThreads;
namespace waits = k8::test::waits;

namespace {

PersonDecision approveOne()
{
    PersonDecision decision;
    decision.actions.append(ActionDecision{DecisionKind::Approve, {}, {}});
    return decision;
}

QString idOf(const QJsonObject* thread)
{
    return thread->value(QStringLiteral("thread_id")).toString();
}

} // namespace

class TestLangGraphSource : public QObject, private k8::test::ServiceFixture
{
    Q_OBJECT

private:
    std::optional<FakeLangGraphServer> m_server;
    RecordedThreads m_threads;
    QList<FakeHttpResponse> m_runAnswers; // answers to resume runs, in turn; then the recorded one
    std::unique_ptr<LangGraphSource> m_source;
    // A second server, for rules limited to one of them (issue 27); its own threads.
    std::optional<FakeLangGraphServer> m_otherServer;
    RecordedThreads m_otherThreads;
    std::unique_ptr<LangGraphSource> m_otherSource;

    QList<QJsonObject> ledgerLines() const { return k8::test::readJsonLines(m_service->ledgerPath()); }
    QList<FakeHttpRequest> runsPosted() const { return m_server->runsPosted(); }
    void startSource()
    {
        LangGraphServerConfig config{QStringLiteral("dev-server"), m_server->url(), {}, {}};
        m_source = std::make_unique<LangGraphSource>(config, m_service.get());
        m_source->watcher()->setPollIntervalMs(50);
        m_source->watcher()->setBackoffMs(50, 200);
        m_source->start();
    }
    bool waitPolls(int polls)
    {
        QSignalSpy finished(m_source->watcher(), &InterruptWatcher::pollFinished);
        return QTest::qWaitFor([&] { return finished.size() >= polls; }, waits::InProcess);
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(setUpService());
        QVERIFY(startService(baseSettings()));
        m_threads = RecordedThreads();
        m_runAnswers.clear();
        m_server.emplace();
        QVERIFY(m_server->listen());
        m_server->setHandler([this](const FakeHttpRequest& request) {
            if (request.method == "POST" && request.path.startsWith("/threads/") &&
                request.path.endsWith("/runs"))
                return m_runAnswers.isEmpty() ? recordedResponse(QStringLiteral("resume_run"))
                                              : m_runAnswers.takeFirst();
            return m_threads.answer(request);
        });
    }
    // The desk first (it asks the source whether its requests stay pending), then the source.
    void cleanup()
    {
        tearDownService();
        m_source.reset();
        m_server.reset();
        m_otherSource.reset();
        m_otherServer.reset();
    }

    // Every pending interrupt of the server is a review in the inbox: the graph is the agent, the
    // title comes from the value as for a socket review, the origin says where it waits.
    void everyInterruptIsAReviewInTheInbox()
    {
        startSource();
        // Five interrupted threads, one of them with two parallel interrupts.
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        const QJsonObject* gate = m_threads.byCode(QStringLiteral("print(1)"));
        const Request* request = m_service->request(inboxKeyOfThread(idOf(gate)));
        QVERIFY(request);
        QCOMPARE(request->agent, QStringLiteral("gate"));
        QCOMPARE(request->title, QStringLiteral("Run this code?"));
        QCOMPARE(request->threadId, idOf(gate));
        QCOMPARE(request->actions.first().code, QStringLiteral("print(1)"));
        QCOMPARE(request->origin.server, m_server->url().toString());
        QCOMPARE(request->origin.serverName, QStringLiteral("dev-server"));
        QCOMPARE(request->origin.interruptId, gate->value(QStringLiteral("interrupts"))
                                                  .toObject()
                                                  .begin()
                                                  ->toArray()
                                                  .at(0)
                                                  .toObject()
                                                  .value(QStringLiteral("id")));
        QVERIFY(!request->origin.assistantId.isEmpty());
        // Polls that find nothing new hand in nothing again.
        QVERIFY(waitPolls(3));
        QCOMPARE(m_service->inbox()->rowCount(), 6);
    }

    // The person's approval resumes exactly that interrupt, by its id, after the ledger holds the
    // decision with where it waited.
    void aPersonsApprovalResumesThatInterrupt()
    {
        startSource();
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        const QJsonObject* gate = m_threads.byCode(QStringLiteral("print(2)"));
        const quint64 key = inboxKeyOfThread(idOf(gate));
        QVERIFY(key != 0);
        const QString interruptId = m_service->request(key)->origin.interruptId;
        QSignalSpy resumed(m_source.get(), &LangGraphSource::resumed);
        QString error;
        QVERIFY2(m_service->decide(key, approveOne(), &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(resumed.size(), 1, waits::InProcess);
        const QList<FakeHttpRequest> runs = runsPosted();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first().path, QByteArray("/threads/" + idOf(gate).toUtf8() + "/runs"));
        const QJsonObject body = runs.first().json();
        QCOMPARE(body.value(QStringLiteral("command")).toObject().value(QStringLiteral("resume")).toObject(),
                 (QJsonObject{{interruptId, QStringLiteral("approve")}}));
        QCOMPARE(body.value(QStringLiteral("multitask_strategy")).toString(), QStringLiteral("reject"));
        const QJsonObject entry = ledgerLines().last();
        QCOMPARE(entry.value(QStringLiteral("source")).toString(), QStringLiteral("langgraph"));
        QCOMPARE(entry.value(QStringLiteral("server")).toString(), m_server->url().toString());
        QCOMPARE(entry.value(QStringLiteral("thread_id")).toString(), idOf(gate));
        QCOMPARE(entry.value(QStringLiteral("interrupt_id")).toString(), interruptId);
        QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("person"));
        QCOMPARE(entry.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(m_source->undeliveredCount(), 0);
    }

    // A standing rule decides a server's interrupt as it would the same value on the socket.
    void aRuleDecidesAnInterrupt()
    {
        QString error;
        QVERIFY2(m_service->addRejectAgentRule(QStringLiteral("hitl"), &error), qPrintable(error));
        startSource();
        const QJsonObject* hitl = m_threads.byGraph(QStringLiteral("hitl"));
        QTRY_COMPARE_WITH_TIMEOUT(runsPosted().size(), 1, waits::InProcess);
        QCOMPARE(runsPosted().first().path, QByteArray("/threads/" + idOf(hitl).toUtf8() + "/runs"));
        // The HITL middleware's shape: one rejection per action.
        const QJsonObject resume = runsPosted()
                                       .first()
                                       .json()
                                       .value(QStringLiteral("command"))
                                       .toObject()
                                       .value(QStringLiteral("resume"))
                                       .toObject();
        QCOMPARE(resume.size(), 1);
        const QJsonArray decisions = resume.begin()->toObject().value(QStringLiteral("decisions")).toArray();
        QCOMPARE(decisions.size(), 1);
        QCOMPARE(decisions.first().toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("reject"));
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 5, waits::InProcess);
        QVERIFY(inboxKeyOfThread(idOf(hitl)) == 0);
        QVERIFY(ledgerLines()
                    .last()
                    .value(QStringLiteral("decided_by"))
                    .toString()
                    .startsWith(QStringLiteral("rule:")));
    }

    // Issue 27: a rule limited to one server decides that server's interrupts only. The second
    // server holds the same threads: its interrupt of the same graph waits for a person.
    void aServerRuleDecidesOnlyThatServersInterrupts()
    {
        m_otherThreads = RecordedThreads();
        m_otherServer.emplace();
        QVERIFY(m_otherServer->listen());
        m_otherServer->setHandler([this](const FakeHttpRequest& request) {
            if (request.method == "POST" && request.path.endsWith("/runs"))
                return recordedResponse(QStringLiteral("resume_run"));
            return m_otherThreads.answer(request);
        });
        QString error;
        // Spelled with the '/' a person may copy from a browser: the same server.
        QVERIFY2(m_service->addRejectAgentRule(QStringLiteral("hitl"), &error,
                                               m_server->url().toString() + QLatin1Char('/')),
                 qPrintable(error));
        startSource();
        LangGraphServerConfig otherConfig{QStringLiteral("other-server"), m_otherServer->url(), {}, {}};
        m_otherSource = std::make_unique<LangGraphSource>(otherConfig, m_service.get());
        m_otherSource->watcher()->setPollIntervalMs(50);
        m_otherSource->start();

        // Six interrupts on each server; the rule rejected one of the first server's.
        QTRY_COMPARE_WITH_TIMEOUT(runsPosted().size(), 1, waits::InProcess);
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 11, waits::InProcess);
        const QString hitlThread = idOf(m_threads.byGraph(QStringLiteral("hitl")));
        QCOMPARE(runsPosted().first().path, QByteArray("/threads/" + hitlThread.toUtf8() + "/runs"));
        QStringList hitlServers;
        for (int row = 0; row < m_service->inbox()->rowCount(); ++row) {
            const Request* request = m_service->request(m_service->inbox()->keyAt(row));
            if (request && request->agent == QStringLiteral("hitl"))
                hitlServers.append(request->origin.server);
        }
        QCOMPARE(hitlServers, QStringList{m_otherServer->url().toString()});
        for (const FakeHttpRequest& request : m_otherServer->requests())
            QVERIFY2(request.method != "POST" || !request.path.endsWith("/runs"), request.path.constData());
        const QJsonObject entry = ledgerLines().last();
        QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:reject-agent-hitl"));
        QCOMPARE(entry.value(QStringLiteral("server")).toString(), m_server->url().toString());
    }

    // An interrupt someone resumed outside this app leaves the inbox at once, recorded as decided
    // elsewhere, and nothing is sent for it.
    void anInterruptResumedElsewhereLeavesAsElsewhere()
    {
        startSource();
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        QJsonObject* gate = m_threads.byCode(QStringLiteral("print(3)"));
        const quint64 key = inboxKeyOfThread(idOf(gate));
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        gate->insert(QStringLiteral("status"), QStringLiteral("idle"));
        gate->insert(QStringLiteral("interrupts"), QJsonObject());
        RecordedThreads::touch(gate, 7);
        QTRY_COMPARE_WITH_TIMEOUT(removed.size(), 1, waits::InProcess);
        QCOMPARE(removed.first().at(0).toULongLong(), key);
        QCOMPARE(removed.first().at(1).toString(), QStringLiteral("elsewhere"));
        QCOMPARE(m_service->inbox()->rowCount(), 5);
        QTRY_VERIFY_WITH_TIMEOUT(!ledgerLines().isEmpty(), waits::InProcess);
        const QJsonObject entry = ledgerLines().last();
        QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("elsewhere"));
        QCOMPARE(entry.value(QStringLiteral("decision")).toString(), QStringLiteral("unknown"));
        QCOMPARE(entry.value(QStringLiteral("thread_id")).toString(), idOf(gate));
        QVERIFY(runsPosted().isEmpty());
    }

    // The quit answers nothing on the server and records nothing: its interrupts stay pending
    // there for the next start.
    void theQuitLeavesTheServersInterruptsPending()
    {
        startSource();
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        QCOMPARE(m_service->keptAtQuitCount(), 6);
        QSignalSpy done(m_service.get(), &AgentService::shutdownComplete);
        m_service->shutdown();
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, waits::InProcess);
        QCOMPARE(m_service->inbox()->rowCount(), 0);
        QVERIFY(runsPosted().isEmpty());
        QVERIFY(ledgerLines().isEmpty());
    }

    // A resume the server refused for now (it was away, or busy) is kept and tried again after a
    // poll that reaches it, checked again first; the decision is never sent twice.
    void anUndeliveredDecisionIsTriedAgain()
    {
        m_runAnswers.append(FakeHttpResponse::json(R"({"detail":"restarting"})", 503));
        startSource();
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        const QJsonObject* gate = m_threads.byCode(QStringLiteral("print(1)"));
        const quint64 key = inboxKeyOfThread(idOf(gate));
        QSignalSpy resumed(m_source.get(), &LangGraphSource::resumed);
        QString error;
        QVERIFY2(m_service->decide(key, approveOne(), &error), qPrintable(error));
        // The first try is refused; the next poll's retry goes through.
        QTRY_COMPARE_WITH_TIMEOUT(resumed.size(), 1, waits::InProcess);
        QCOMPARE(runsPosted().size(), 2);
        QCOMPARE(runsPosted().at(1).json(), runsPosted().at(0).json());
        QCOMPARE(m_source->undeliveredCount(), 0);
        // One decision in the ledger, however many tries it took to deliver.
        int entries = 0;
        for (const QJsonObject& line : ledgerLines())
            entries += line.value(QStringLiteral("thread_id")).toString() == idOf(gate);
        QCOMPARE(entries, 1);
    }

    // Two parallel interrupts decided in one turn: the first resume makes the thread busy, so the
    // second one's check finds a run on it. It is not given up (the thread stops again at that very
    // interrupt), but tried again once the thread stops: each is resumed by its own id, once.
    void parallelInterruptsDecidedTogetherAreEachResumed()
    {
        QString error;
        QVERIFY2(m_service->addRejectAgentRule(QStringLiteral("parallel"), &error), qPrintable(error));
        QJsonObject* parallel = m_threads.byGraph(QStringLiteral("parallel"));
        const QString threadId = idOf(parallel);
        // The server: a resume takes the thread's interrupt away and leaves the thread busy; a
        // resume while it is busy is refused.
        m_server->setHandler([this, threadId](const FakeHttpRequest& request) {
            if (request.method == "POST" && request.path.endsWith("/runs")) {
                QJsonObject* thread = m_threads.byGraph(QStringLiteral("parallel"));
                // multitask_strategy "reject", as langgraph-api answers it.
                if (thread->value(QStringLiteral("status")) == QStringLiteral("busy"))
                    return recordedResponse(QStringLiteral("resume_busy"), 409);
                const QString resumed = request.json()
                                            .value(QStringLiteral("command"))
                                            .toObject()
                                            .value(QStringLiteral("resume"))
                                            .toObject()
                                            .begin()
                                            .key();
                QJsonObject interrupts = thread->value(QStringLiteral("interrupts")).toObject();
                for (auto task = interrupts.begin(); task != interrupts.end();) {
                    if (task->toArray().at(0).toObject().value(QStringLiteral("id")).toString() == resumed)
                        task = interrupts.erase(task);
                    else
                        ++task;
                }
                thread->insert(QStringLiteral("interrupts"), interrupts);
                thread->insert(QStringLiteral("status"), QStringLiteral("busy"));
                RecordedThreads::touch(thread, 8 + int(runsPosted().size()));
                return recordedResponse(QStringLiteral("resume_run"));
            }
            return m_threads.answer(request);
        });
        startSource();
        QSignalSpy resumed(m_source.get(), &LangGraphSource::resumed);
        QTRY_COMPARE_WITH_TIMEOUT(resumed.size(), 1, waits::InProcess);
        // The second decision waits while the first one's run is on the thread (its check, or the
        // server's 409, said so), and is not given up.
        QVERIFY(waitPolls(3));
        QCOMPARE(resumed.size(), 1);
        QCOMPARE(m_source->undeliveredCount(), 1);
        // The run stops at the other interrupt: the thread is interrupted again.
        parallel = m_threads.byGraph(QStringLiteral("parallel"));
        parallel->insert(QStringLiteral("status"), QStringLiteral("interrupted"));
        RecordedThreads::touch(parallel, 20);
        QTRY_COMPARE_WITH_TIMEOUT(resumed.size(), 2, waits::InProcess);
        QStringList ids;
        for (const QList<QVariant>& signal : resumed) {
            const auto interrupt = signal.at(0).value<PendingInterrupt>();
            QCOMPARE(interrupt.threadId, threadId);
            ids.append(interrupt.interruptId);
        }
        QCOMPARE(ids.size(), 2);
        QVERIFY(ids.at(0) != ids.at(1));
        // Every resume sent named one of the two, by its own id.
        QStringList taken;
        for (const FakeHttpRequest& run : runsPosted()) {
            QCOMPARE(run.path, QByteArray("/threads/" + threadId.toUtf8() + "/runs"));
            taken.append(run.json()
                             .value(QStringLiteral("command"))
                             .toObject()
                             .value(QStringLiteral("resume"))
                             .toObject()
                             .begin()
                             .key());
        }
        QVERIFY(taken.contains(ids.at(0)) && taken.contains(ids.at(1)));
        QCOMPARE(m_source->undeliveredCount(), 0);
    }

    // A server that cannot be reached hands in nothing and says why; once it answers, its
    // interrupts arrive, once each.
    // While its server cannot be reached, a server's request is read only: a decision is refused,
    // saying why, and nothing is recorded (the interrupt may be resumed elsewhere meanwhile); once
    // a poll reaches the server again it can be decided.
    void aRequestOfAServerThatIsAwayCannotBeDecided()
    {
        startSource();
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        const quint64 key = inboxKeyOfThread(idOf(m_threads.byCode(QStringLiteral("print(2)"))));
        QVERIFY(key != 0);
        QCOMPARE(m_service->whyUndecidable(key), QString());
        QSignalSpy changed(m_service.get(), &ReviewCoordinator::decidabilityChanged);
        const quint16 port = m_server->port();
        m_server->close();
        QTRY_VERIFY_WITH_TIMEOUT(!m_service->whyUndecidable(key).isEmpty(), waits::InProcess);
        QCOMPARE(changed.size(), 1);
        QVERIFY2(m_service->whyUndecidable(key).contains(QStringLiteral("dev-server cannot be reached")),
                 qPrintable(m_service->whyUndecidable(key)));
        // Its row in the inbox says so, in words a screen reader reads with the row; the others of
        // the same server too.
        const auto rowSays = [this](quint64 rowKey, int role) {
            InboxModel* inbox = m_service->inbox();
            return inbox->data(inbox->index(inbox->rowOf(rowKey), InboxModel::AgeColumn), role);
        };
        QVERIFY(rowSays(key, InboxModel::UnreachableRole).toBool());
        QVERIFY2(rowSays(key, Qt::DisplayRole).toString().endsWith(QStringLiteral(", server unreachable")),
                 qPrintable(rowSays(key, Qt::DisplayRole).toString()));
        QVERIFY(rowSays(key, Qt::ToolTipRole).toString().contains(QStringLiteral("cannot be reached now")));
        for (int row = 0; row < m_service->inbox()->rowCount(); ++row)
            QVERIFY(rowSays(m_service->inbox()->keyAt(row), InboxModel::UnreachableRole).toBool());
        QString error;
        QVERIFY(!m_service->decide(key, approveOne(), &error));
        QCOMPARE(error, m_service->whyUndecidable(key));
        QVERIFY(m_service->request(key)); // still waiting, undecided
        QVERIFY(ledgerLines().isEmpty());
        QCOMPARE(m_source->undeliveredCount(), 0);

        QVERIFY(m_server->listen(port));
        QTRY_COMPARE_WITH_TIMEOUT(m_service->whyUndecidable(key), QString(), waits::InProcess);
        QCOMPARE(changed.size(), 2);
        QVERIFY(!rowSays(key, InboxModel::UnreachableRole).toBool());
        QVERIFY(!rowSays(key, Qt::DisplayRole).toString().contains(QStringLiteral("server unreachable")));
        QSignalSpy resumed(m_source.get(), &LangGraphSource::resumed);
        QVERIFY2(m_service->decide(key, approveOne(), &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(resumed.size(), 1, waits::InProcess);
        QCOMPARE(ledgerLines().size(), 1);
    }

    void aServerThatComesBackIsPickedUp()
    {
        const quint16 port = m_server->port();
        m_server->close();
        LangGraphServerConfig config{QStringLiteral("dev-server"), m_server->url(), {}, {}};
        m_source = std::make_unique<LangGraphSource>(config, m_service.get());
        m_source->watcher()->setPollIntervalMs(50);
        m_source->watcher()->setBackoffMs(50, 200);
        QSignalSpy status(m_source.get(), &LangGraphSource::statusChanged);
        m_source->start();
        QTRY_VERIFY_WITH_TIMEOUT(!status.isEmpty(), waits::InProcess);
        const auto unreachable = status.last().first().value<LangGraphServerStatus>();
        QVERIFY(!unreachable.reachable);
        QVERIFY(!unreachable.error.isEmpty());
        QCOMPARE(m_service->inbox()->rowCount(), 0);
        QVERIFY(m_server->listen(port));
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        QVERIFY(m_source->watcher()->status().reachable);
        QVERIFY(waitPolls(2));
        QCOMPARE(m_service->inbox()->rowCount(), 6);
    }
};

QTEST_GUILESS_MAIN(TestLangGraphSource)
#include "tst_langgraphsource.moc"
