// SPDX-License-Identifier: Apache-2.0
// AppComposition builds the app as main() runs it: a review an agent sends over the socket
// reaches the inbox page inside the main window, and a socket that is taken stops the start.
#include "agent/AgentService.h"
#include "composition/AppComposition.h"
#include "inbox/InboxPage.h"
#include "mainwindow/MainWindow.h"
#include "support/AgentTestClient.h"
#include "support/AppTestSupport.h"

#include <QJsonArray>
#include <QLocalServer>
#include <QSignalSpy>
#include <QtTest>

using k8::app::AppComposition;
using k8::app::InboxPage;
using k8::test::AgentTestClient;

namespace {

constexpr int Wait = 15000;

QJsonObject reviewPayload()
{
    const QJsonObject action{
        {QStringLiteral("name"), QStringLiteral("python_repl")},
        {QStringLiteral("args"), QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")}}}};
    const QJsonObject config{{QStringLiteral("action_name"), QStringLiteral("python_repl")},
                             {QStringLiteral("allowed_decisions"),
                              QJsonArray{QStringLiteral("approve"), QStringLiteral("reject")}}};
    return {{QStringLiteral("action_requests"), QJsonArray{action}},
            {QStringLiteral("review_configs"), QJsonArray{config}}};
}

} // namespace

class TestAppComposition : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aReviewOverTheSocketShowsInTheInbox()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = env.options();
        options.socketPath = QDir(env.root()).filePath(QStringLiteral("agent.sock"));

        AppComposition composition(options);
        QVERIFY(!composition.inboxPage()); // not before the service listens
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        QVERIFY(composition.agentService()->isListening());
        InboxPage* inbox = composition.inboxPage();
        QVERIFY(inbox);
        // The window shows the real inbox page, not its placeholder.
        QCOMPARE(composition.window()->inboxPage(), static_cast<QWidget*>(inbox));
        composition.show();

        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));

        QSignalSpy arrived(inbox, &InboxPage::requestArrived);
        client.request(QStringLiteral("review"),
                       {{QStringLiteral("payload"), reviewPayload()},
                        {QStringLiteral("title"), QStringLiteral("Summarise data.csv")},
                        {QStringLiteral("agent"), QStringLiteral("research-bot")}});
        QVERIFY(arrived.wait(Wait));
        QCOMPARE(arrived.first().at(0).toString(), QStringLiteral("Summarise data.csv"));
        QCOMPARE(arrived.first().at(1).toString(), QStringLiteral("research-bot"));
        QTRY_COMPARE_WITH_TIMEOUT(inbox->pendingCount(), 1, Wait);
        // The count reaches the window (navigation and title) through the composition's wiring.
        QTRY_VERIFY_WITH_TIMEOUT(composition.window()->windowTitle().contains(QStringLiteral("1")), Wait);
    }

    void aTakenSocketStopsTheStart()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = env.options();
        options.socketPath = QDir(env.root()).filePath(QStringLiteral("taken.sock"));
        QLocalServer other;
        QVERIFY(other.listen(options.socketPath));

        AppComposition composition(options);
        QString error;
        QVERIFY(!composition.start(&error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!composition.agentService()->isListening());
        QVERIFY(!composition.inboxPage());
    }
};

QTEST_MAIN(TestAppComposition)
#include "tst_appcomposition.moc"
