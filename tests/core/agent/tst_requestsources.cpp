// SPDX-License-Identifier: Apache-2.0
// The desk with a source of requests that is not the socket (issue 27's request sources): a
// recording RequestSource hands requests to a started AgentService, and everything the desk does
// with them (rules, the inbox, the ledger, runs, withdrawals, the quit) comes back through that
// source and never through the socket, which stays as protocol.md says (the rest of the suite).
#include "agent/AgentService.h"
#include "agent/review/InboxModel.h"
#include "support/AgentTestClient.h"
#include "support/ServiceFixture.h"
#include "support/TestJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace k8::agent;
using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Service;

// A source that keeps what the desk tells it. Its "agent" is always there and reads everything.
class RecordingSource : public RequestSource
{
public:
    struct Answer
    {
        RequestOrigin origin;
        QJsonValue result;
    };
    QList<Answer> answers;
    QList<QPair<RequestOrigin, RpcError>> refusals;
    QList<QPair<RequestOrigin, QByteArray>> encoded;
    QByteArray runOutput;
    bool reachable = true;

    QString sourceName() const override { return QStringLiteral("recording"); }
    bool answer(const RequestOrigin& origin, const QJsonValue& result) override
    {
        answers.append({origin, result});
        return reachable;
    }
    bool refuse(const RequestOrigin& origin, const RpcError& error) override
    {
        refusals.append({origin, error});
        return reachable;
    }
    bool answerEncoded(const RequestOrigin& origin, const QByteArray& line) override
    {
        encoded.append({origin, line});
        return reachable;
    }
    bool sendRunOutput(const RequestOrigin&, bool, QByteArrayView utf8) override
    {
        runOutput += utf8;
        return reachable;
    }
    qint64 backlog(const RequestOrigin&) const override { return 0; }
    bool reaches(const RequestOrigin&) const override { return reachable; }

    int delivered() const { return int(answers.size() + refusals.size() + encoded.size()); }

    IncomingRequest review(quint64 channel, const QJsonValue& id, const QString& code,
                           const QString& agent = QStringLiteral("graph-a")) const
    {
        IncomingRequest incoming;
        incoming.origin.source = sourceNumber();
        incoming.origin.channel = channel;
        incoming.origin.id = id;
        incoming.method = QStringLiteral("review");
        incoming.params = QJsonObject{
            {QStringLiteral("payload"), QJsonObject{{QStringLiteral("question"), QStringLiteral("Run this?")},
                                                    {QStringLiteral("code"), code}}},
            {QStringLiteral("agent"), agent},
            {QStringLiteral("title"), QStringLiteral("From elsewhere")}};
        return incoming;
    }

    IncomingRequest run(quint64 channel, const QJsonValue& id, const QString& code) const
    {
        IncomingRequest incoming = review(channel, id, QString());
        incoming.method = QStringLiteral("run");
        incoming.params =
            QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("agent"), QStringLiteral("graph-a")}};
        return incoming;
    }
};

PersonDecision approveOne()
{
    PersonDecision decision;
    decision.actions.append(ActionDecision{DecisionKind::Approve, {}, {}});
    return decision;
}

} // namespace

class TestRequestSources : public QObject, private k8::test::ServiceFixture
{
    Q_OBJECT

private:
    std::unique_ptr<RecordingSource> m_one;
    std::unique_ptr<RecordingSource> m_two;

    // The ledger's lines, oldest first.
    QList<QJsonObject> ledgerLines() const { return k8::test::readJsonLines(m_service->ledgerPath()); }

    // The key of the request the inbox shows last.
    quint64 lastQueuedKey() const
    {
        const InboxModel* inbox = m_service->inbox();
        return inbox->rowCount() == 0 ? 0 : inbox->keyAt(inbox->rowCount() - 1);
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(setUpService());
        QVERIFY(startService(baseSettings()));
        m_one = std::make_unique<RecordingSource>();
        m_two = std::make_unique<RecordingSource>();
    }
    // The sources outlive the desk, which answers what still waits as it ends.
    void cleanup()
    {
        tearDownService();
        m_one.reset();
        m_two.reset();
    }

    void eachSourceHasItsOwnNumber()
    {
        RecordingSource& first = *m_one;
        RecordingSource& second = *m_two;
        const quint32 a = m_service->addSource(&first);
        const quint32 b = m_service->addSource(&second);
        QVERIFY(a != 0);
        QVERIFY(a != b);
        QCOMPARE(first.sourceNumber(), a);
        QCOMPARE(second.sourceNumber(), b);
    }

    // A person's decision on a request of another source is answered there, after the ledger.
    void aPersonsDecisionIsAnsweredThroughItsSource()
    {
        RecordingSource& source = *m_one;
        m_service->addSource(&source);
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        m_service->submit(
            &source, source.review(7, QStringLiteral("thread-1/interrupt-1"), QStringLiteral("print(1)")));
        QCOMPARE(queued.size(), 1);
        const quint64 key = queued.first().first().toULongLong();
        QCOMPARE(m_service->request(key)->agent, QStringLiteral("graph-a"));
        QCOMPARE(source.delivered(), 0); // nobody decided yet

        QString error;
        QVERIFY2(m_service->decide(key, approveOne(), &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(source.answers.size(), 1, Wait);
        QCOMPARE(source.answers.first().origin.channel, quint64(7));
        QCOMPARE(source.answers.first().origin.id, QJsonValue(QStringLiteral("thread-1/interrupt-1")));
        QCOMPARE(source.answers.first().result.toString(), QStringLiteral("approve"));
        // The answer left only after its decision was on disk, under the source's id.
        const QList<QJsonObject> lines = ledgerLines();
        QVERIFY(!lines.isEmpty());
        QCOMPARE(lines.last().value(QStringLiteral("request")).toString(),
                 QStringLiteral("thread-1/interrupt-1"));
        QCOMPARE(lines.last().value(QStringLiteral("decided_by")).toString(), QStringLiteral("person"));
        QCOMPARE(lines.last().value(QStringLiteral("source")).toString(), QStringLiteral("recording"));
        QCOMPARE(m_service->connectionCount(), 0); // the socket had nothing to do with it
    }

    // Standing rules decide another source's request exactly as a socket one.
    void aRuleDecidesARequestOfAnotherSource()
    {
        RecordingSource& source = *m_one;
        m_service->addSource(&source);
        QString error;
        QVERIFY2(m_service->addRejectAgentRule(QStringLiteral("graph-b"), &error), qPrintable(error));
        m_service->submit(&source,
                          source.review(1, 42, QStringLiteral("rm -rf /"), QStringLiteral("graph-b")));
        QTRY_COMPARE_WITH_TIMEOUT(source.answers.size(), 1, Wait);
        QCOMPARE(source.answers.first().result.toString(), QStringLiteral("reject"));
        QCOMPARE(m_service->inbox()->rowCount(), 0);
        QCOMPARE(ledgerLines().last().value(QStringLiteral("request")).toString(), QStringLiteral("42"));
        QVERIFY(ledgerLines()
                    .last()
                    .value(QStringLiteral("decided_by"))
                    .toString()
                    .startsWith(QStringLiteral("rule:")));
    }

    // A source not added, or one naming another's number, would be answered nowhere: refused.
    void aSourceNotAddedIsRefused()
    {
        RecordingSource& stranger = *m_one;
        m_service->submit(&stranger, stranger.review(1, 1, QStringLiteral("x()")));
        RecordingSource& added = *m_two;
        m_service->addSource(&added);
        IncomingRequest posing = stranger.review(1, 2, QStringLiteral("y()"));
        posing.origin.source = added.sourceNumber();
        m_service->submit(&stranger, posing);
        QCOMPARE(stranger.refusals.size(), 2);
        QCOMPARE(stranger.refusals.first().second.code, ErrorCode::InvalidRequest);
        QCOMPARE(m_service->inbox()->rowCount(), 0);
        QCOMPARE(added.delivered(), 0);
    }

    void anInvalidRequestIsRefusedThroughItsSource()
    {
        RecordingSource& source = *m_one;
        m_service->addSource(&source);
        IncomingRequest incoming = source.review(1, 5, QStringLiteral("x"));
        incoming.params = QJsonObject{{QStringLiteral("agent"), QStringLiteral("graph-a")}}; // no payload
        m_service->submit(&source, incoming);
        QCOMPARE(source.refusals.size(), 1);
        QCOMPARE(source.refusals.first().second.code, ErrorCode::InvalidParams);
        QCOMPARE(m_service->inbox()->rowCount(), 0);
    }

    // A withdrawal names its source: the same channel and id of the socket are another request.
    void aWithdrawalReachesOnlyTheRequestOfThatSource()
    {
        RecordingSource& first = *m_one;
        RecordingSource& second = *m_two;
        m_service->addSource(&first);
        m_service->addSource(&second);
        m_service->submit(&first, first.review(3, QStringLiteral("same"), QStringLiteral("a()")));
        m_service->submit(&second, second.review(3, QStringLiteral("same"), QStringLiteral("b()")));
        QCOMPARE(m_service->inbox()->rowCount(), 2);

        RequestOrigin origin;
        origin.source = second.sourceNumber();
        origin.channel = 3;
        origin.id = QStringLiteral("same");
        QVERIFY(m_service->withdraw(origin));
        QTRY_COMPARE_WITH_TIMEOUT(second.answers.size(), 1, Wait);
        QCOMPARE(m_service->inbox()->rowCount(), 1);
        QCOMPARE(m_service->request(lastQueuedKey())->origin.source, first.sourceNumber());
        QVERIFY(!m_service->withdraw(origin)); // gone already
        QCOMPARE(first.delivered(), 0);
    }

    void aClosedChannelWithdrawsOnlyItsRequests()
    {
        RecordingSource& source = *m_one;
        m_service->addSource(&source);
        m_service->submit(&source, source.review(1, 1, QStringLiteral("one()")));
        m_service->submit(&source, source.review(2, 2, QStringLiteral("two()")));
        m_service->channelClosed(source.sourceNumber(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(source.answers.size(), 1, Wait);
        QCOMPARE(source.answers.first().origin.channel, quint64(1));
        QCOMPARE(m_service->inbox()->rowCount(), 1);
        QCOMPARE(ledgerLines().last().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("withdrawn"));
    }

    // A source that goes: its waiting requests are withdrawn and recorded, and it hears nothing more.
    void aRemovedSourceIsToldNothingMore()
    {
        RecordingSource& source = *m_one;
        m_service->addSource(&source);
        m_service->submit(&source, source.review(1, QStringLiteral("gone"), QStringLiteral("g()")));
        QCOMPARE(m_service->inbox()->rowCount(), 1);
        QSignalSpy written(m_service.get(), &ReviewCoordinator::ledgerWritten);
        m_service->removeSource(&source);
        QCOMPARE(m_service->inbox()->rowCount(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!written.isEmpty(), Wait);
        const QJsonObject last = ledgerLines().last();
        QCOMPARE(last.value(QStringLiteral("request")).toString(), QStringLiteral("gone"));
        QCOMPARE(last.value(QStringLiteral("decided_by")).toString(), QStringLiteral("withdrawn"));
        QCOMPARE(last.value(QStringLiteral("source")).toString(), QStringLiteral("recording"));
        QCOMPARE(source.delivered(), 0);
    }

    // A socket request and another source's with the same id: each answer goes where it came from.
    void socketAndSourceAnswersDoNotCross()
    {
        RecordingSource& source = *m_one;
        m_service->addSource(&source);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        client.request(QStringLiteral("review"),
                       QJsonObject{{QStringLiteral("payload"),
                                    QJsonObject{{QStringLiteral("code"), QStringLiteral("s()")}}},
                                   {QStringLiteral("agent"), QStringLiteral("socket-agent")}},
                       QStringLiteral("1"));
        QTRY_COMPARE_WITH_TIMEOUT(queued.size(), 1, Wait);
        const quint64 socketKey = queued.takeFirst().first().toULongLong();
        m_service->submit(&source, source.review(1, QStringLiteral("1"), QStringLiteral("o()")));
        QCOMPARE(queued.size(), 1);
        const quint64 sourceKey = queued.takeFirst().first().toULongLong();

        QVERIFY(m_service->decide(sourceKey, approveOne()));
        QTRY_COMPARE_WITH_TIMEOUT(source.answers.size(), 1, Wait);
        QVERIFY(!client.hasResponse(QJsonValue(QStringLiteral("1"))));
        QVERIFY(m_service->decide(socketKey, approveOne()));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(QJsonValue(QStringLiteral("1"))), Wait);
        QCOMPARE(source.answers.size(), 1);
        // Each entry names the source its request came from.
        const QList<QJsonObject> lines = ledgerLines();
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0).value(QStringLiteral("source")).toString(), QStringLiteral("recording"));
        QCOMPARE(lines.at(1).value(QStringLiteral("source")).toString(), QStringLiteral("socket"));
    }

    // A run of another source: its output goes through the source, and so does its answer.
    void aRunsOutputAndAnswerGoThroughItsSource()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        RecordingSource& source = *m_one;
        m_service->addSource(&source);
        const IncomingRequest incoming =
            source.run(9, QStringLiteral("r1"), QStringLiteral("# stdout: hello from elsewhere\n"));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        m_service->submit(&source, incoming);
        QCOMPARE(queued.size(), 1);
        QVERIFY(m_service->decide(queued.first().first().toULongLong(), approveOne()));
        QTRY_COMPARE_WITH_TIMEOUT(source.encoded.size(), 1, Wait);
        QVERIFY2(source.runOutput.contains("hello from elsewhere"), source.runOutput.constData());
        const QJsonObject line = QJsonDocument::fromJson(source.encoded.first().second).object();
        QCOMPARE(line.value(QStringLiteral("id")), QJsonValue(QStringLiteral("r1")));
        QVERIFY(line.value(QStringLiteral("result"))
                    .toObject()
                    .value(QStringLiteral("stdout"))
                    .toString()
                    .contains(QStringLiteral("hello from elsewhere")));
        QCOMPARE(source.answers.size(), 0);
    }

    // A source removed and gone while its run runs: the run finishes in the app, its output and
    // its answer reach nobody, and nothing touches the source that is no more.
    void aRunOutlivesItsRemovedSource()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
        m_service->addSource(m_one.get());
        const IncomingRequest incoming =
            m_one->run(9, QStringLiteral("r2"), QStringLiteral("# sleep-ms: 300\n# stdout: after\n"));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy starting(m_service.get(), &ReviewCoordinator::runStarting);
        QSignalSpy finished(m_service.get(), &ReviewCoordinator::runFinished);
        m_service->submit(m_one.get(), incoming);
        QCOMPARE(queued.size(), 1);
        QVERIFY(m_service->decide(queued.first().first().toULongLong(), approveOne()));
        QTRY_COMPARE_WITH_TIMEOUT(starting.size(), 1, Wait);
        m_service->removeSource(m_one.get());
        m_one.reset();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, Wait);
        QVERIFY(finished.first()
                    .at(1)
                    .toJsonObject()
                    .value(QStringLiteral("stdout"))
                    .toString()
                    .contains(QStringLiteral("after")));
    }

    // Quitting answers another source's waiting request like a socket one (decided_by "shutdown"),
    // and refuses what arrives after.
    void quittingAnswersWaitingRequestsAndRefusesNewOnes()
    {
        RecordingSource& source = *m_one;
        m_service->addSource(&source);
        m_service->submit(&source, source.review(1, 1, QStringLiteral("late()")));
        m_service->shutdown();
        QCOMPARE(source.answers.size(), 1);
        QCOMPARE(source.answers.first().result.toString(), QStringLiteral("reject"));
        QCOMPARE(ledgerLines().last().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("shutdown"));
        m_service->submit(&source, source.review(1, 2, QStringLiteral("later()")));
        QCOMPARE(source.refusals.size(), 1);
        QCOMPARE(source.refusals.first().second.code, ErrorCode::Busy);
    }
};

QTEST_GUILESS_MAIN(TestRequestSources)
#include "tst_requestsources.moc"
