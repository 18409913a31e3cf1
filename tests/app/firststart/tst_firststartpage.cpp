// SPDX-License-Identifier: Apache-2.0
// The first-start page: shown and selected when kosa8 is missing; an executable pointed at is
// checked with `kosa8 version` (the stand-in) and only a working one is offered and chosen; the
// remote worker form is validated and its Test runs with KOSA8_HOST/KOSA8_TOKEN; once kosa8
// answers the page says so and its entry goes; and the inbox works while the page is shown.
#include "agent/AgentService.h"
#include "agent/canonical/Sha256.h"
#include "composition/AppComposition.h"
#include "firststart/ExecutableCard.h"
#include "firststart/FirstStartPage.h"
#include "firststart/RemoteWorkerCard.h"
#include "firststart/RemoteWorkerInput.h"
#include "health/HealthMonitor.h"
#include "health/HealthPanel.h"
#include "inbox/InboxPage.h"
#include "kosa8/ConnectionProfile.h"
#include "kosa8/ConnectionProfiles.h"
#include "mainwindow/MainWindow.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "setup/SetupDialog.h"
#include "support/AgentTestClient.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"
#include "widgets/CommandPreviewField.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include <memory>

using namespace k8;
using app::MainWindow;

namespace {

constexpr int Slow = test::waits::Standin;

// A main window whose kosa8 is a path that does not exist, monitoring started.
struct MissingKosa8Window
{
    test::StandinEnvironment env;
    QString missing = env.root() + QStringLiteral("/missing/kosa8");
    app::AppContext context{env.options(missing)};
    MainWindow window{&context};

    MissingKosa8Window()
    {
        window.show();
        window.startMonitoring();
    }
    bool waitForPage()
    {
        return QTest::qWaitFor([this] { return window.currentPage() == MainWindow::Page::FirstStart; }, Slow);
    }
    app::FirstStartPage* page() const { return window.builtFirstStartPage(); }
    app::ExecutableCard* executable() const { return page()->executableCard(); }
    app::RemoteWorkerCard* remote() const { return page()->remoteWorkerCard(); }
    // Whether "Get started" is in the navigation (the last row).
    bool entryShown() const
    {
        QListWidgetItem* entry = window.navigation()->item(int(MainWindow::Page::FirstStart));
        return entry && entry->text() == QStringLiteral("Get started");
    }
};

// Types `text` into `edit` with real key events, replacing what it held.
void typeInto(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    QTest::keyClicks(edit, text);
}

// The stand-in's record of every call (argv, host, token), in order.
QList<QJsonObject> standinCalls(const test::StandinEnvironment& env)
{
    return test::readJsonLines(env.statePath() + QStringLiteral("/calls.jsonl"));
}

} // namespace

class TestFirstStartPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void missingKosa8SelectsTheFirstStartPage()
    {
        MissingKosa8Window fixture;
        QVERIFY(fixture.waitForPage());
        QCOMPARE(fixture.window.health()->state(), app::HealthMonitor::State::Missing);
        app::FirstStartPage* page = fixture.page();
        QVERIFY(page);
        QVERIFY(page->isVisible());
        QVERIFY(fixture.entryShown());
        QCOMPARE(fixture.window.navigation()->currentRow(), int(MainWindow::Page::FirstStart));
        QVERIFY(page->statusText().contains(fixture.missing));
        QVERIFY(!page->setupButton()->isEnabled()); // the set-up needs a working kosa8
        QVERIFY(page->inboxText().contains(QStringLiteral("inbox already works")));
        // Keyboard: Tab goes from the file dialog's button to the path it fills in, then to Check.
        app::ExecutableCard* card = fixture.executable();
        card->browseButton()->setFocus();
        QTest::keyClick(card->browseButton(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), card->pathEdit());
        QTest::keyClicks(card->pathEdit(), QStringLiteral("/bin/true"));
        QTest::keyClick(card->pathEdit(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), card->checkButton());
        // The page says it all: no "not found" banner above it.
        QVERIFY(fixture.window.healthPanel()->isHidden());

        // Another page, by keyboard: the banner is back there, the entry stays while kosa8 is missing.
        fixture.window.navigation()->setFocus();
        QTest::keyClick(fixture.window.navigation(), Qt::Key_Up);
        QCOMPARE(fixture.window.currentPage(), MainWindow::Page::History);
        QVERIFY(fixture.window.healthPanel()->isVisible());
        QVERIFY(fixture.entryShown());
        QTest::keyClick(fixture.window.navigation(), Qt::Key_Down);
        QCOMPARE(fixture.window.currentPage(), MainWindow::Page::FirstStart);
    }

    void kosa8FoundShowsNoFirstStartPage()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        MainWindow window(&context);
        window.show();
        window.startMonitoring();
        QTRY_COMPARE_WITH_TIMEOUT(window.health()->state(), app::HealthMonitor::State::Ok, Slow);
        QCOMPARE(window.currentPage(), MainWindow::Page::Sandboxes);
        QCOMPARE(window.navigation()->count(), int(MainWindow::Page::FirstStart)); // no "Get started"
        // End goes to the last entry there is, History.
        window.navigation()->setFocus();
        QTest::keyClick(window.navigation(), Qt::Key_End);
        QCOMPARE(window.currentPage(), MainWindow::Page::History);
        QVERIFY(!window.builtFirstStartPage()); // not even built
    }

    void theChosenStandinIsCheckedUsedAndThePageSaysFound()
    {
        MissingKosa8Window fixture;
        QVERIFY(fixture.waitForPage());
        app::ExecutableCard* card = fixture.executable();
        QSignalSpy chosen(fixture.page(), &app::FirstStartPage::executableChosen);
        const QString standin = test::StandinEnvironment::standin();
        QVERIFY(!card->useButton()->isEnabled());

        typeInto(card->pathEdit(), standin);
        QCOMPARE(card->previewField()->command(), kosa8::shellQuote(standin) + QStringLiteral(" version"));
        QTest::keyClick(card->pathEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(card->resultText().contains(QStringLiteral("kosa8 0.9.0-standin")), Slow);
        QVERIFY(fixture.env.wasCalledWith({QStringLiteral("version")}));
        QVERIFY(card->useButton()->isEnabled());
        QCOMPARE(card->workingExecutable(), standin);
        QCOMPARE(chosen.count(), 0); // checked, not used yet
        QCOMPARE(fixture.window.health()->state(), app::HealthMonitor::State::Missing);

        // The check moved the focus to "Use this executable": Space presses it.
        QCOMPARE(QApplication::focusWidget(), card->useButton());
        QTest::keyClick(card->useButton(), Qt::Key_Space);
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.first().at(0).toString(), standin);

        // AppContext::useExecutable re-checks health: kosa8 is found.
        QTRY_COMPARE_WITH_TIMEOUT(fixture.window.health()->state(), app::HealthMonitor::State::Ok, Slow);
        QCOMPARE(fixture.context.runner()->connection().executable, standin);
        app::FirstStartPage* page = fixture.page();
        QVERIFY(page->isFound());
        QVERIFY(page->statusText().contains(QStringLiteral("kosa8 found")));
        QVERIFY(page->setupButton()->isEnabled());
        QVERIFY(page->sandboxesButton()->isVisible());
        QVERIFY(fixture.window.healthPanel()->isHidden());
        // The entry stays while the page is shown, and goes once the person moves on.
        QVERIFY(fixture.entryShown());
        page->sandboxesButton()->setFocus();
        QTest::keyClick(page->sandboxesButton(), Qt::Key_Space);
        QCOMPARE(fixture.window.currentPage(), MainWindow::Page::Sandboxes);
        QVERIFY(!fixture.entryShown());
    }

    // An executable that checked out but then fails: the page says so, and the health panel, with
    // the command and its error, is shown above it (only "not found" is left to the page alone).
    void aChosenKosa8ThatStopsAnsweringIsToldWithItsDetails()
    {
        MissingKosa8Window fixture;
        QVERIFY(fixture.waitForPage());
        app::ExecutableCard* card = fixture.executable();
        typeInto(card->pathEdit(), test::StandinEnvironment::standin());
        QTest::keyClick(card->pathEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(card->useButton()->isEnabled(), Slow);
        fixture.env.setFaults(
            {{QStringLiteral("version"),
              QJsonObject{{QStringLiteral("mode"), QStringLiteral("exit")},
                          {QStringLiteral("code"), 3},
                          {QStringLiteral("message"), QStringLiteral("worker unreachable")}}}});
        card->useButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(fixture.window.health()->state(), app::HealthMonitor::State::NotAnswering,
                                  Slow);
        QCOMPARE(fixture.window.currentPage(), MainWindow::Page::FirstStart);
        QVERIFY(fixture.page()->statusText().contains(QStringLiteral("not answering")));
        QVERIFY(!fixture.page()->setupButton()->isEnabled());
        QVERIFY(fixture.window.healthPanel()->isVisible());
        QVERIFY(fixture.window.healthPanel()->detailsText().contains(QStringLiteral("worker unreachable")));
    }

    void theSetUpIsOfferedOnceKosa8Works()
    {
        MissingKosa8Window fixture;
        QVERIFY(fixture.waitForPage());
        fixture.context.useExecutable(test::StandinEnvironment::standin());
        QTRY_VERIFY_WITH_TIMEOUT(fixture.page()->setupButton()->isEnabled(), Slow);
        fixture.page()->setupButton()->setFocus();
        QTest::keyClick(fixture.page()->setupButton(), Qt::Key_Space);
        QTRY_VERIFY_WITH_TIMEOUT(fixture.window.findChild<app::SetupDialog*>(), Slow);
    }

    void aFileThatIsNotExecutableIsRefused()
    {
        MissingKosa8Window fixture;
        QVERIFY(fixture.waitForPage());
        app::ExecutableCard* card = fixture.executable();
        QSignalSpy chosen(fixture.page(), &app::FirstStartPage::executableChosen);
        const QString notExecutable = fixture.env.root() + QStringLiteral("/notes.txt");
        {
            QFile file(notExecutable);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not a program\n");
            file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        }
        // Chosen through the file dialog, as a person would.
        card->browseButton()->setFocus();
        QTest::keyClick(card->browseButton(), Qt::Key_Space);
        QTRY_VERIFY_WITH_TIMEOUT(card->fileDialog() && card->fileDialog()->isVisible(), Slow);
        card->fileDialog()->selectFile(notExecutable);
        static_cast<QDialog*>(card->fileDialog())->accept(); // QFileDialog::accept, as its Open button
        QCOMPARE(card->pathEdit()->text(), notExecutable);
        QTRY_VERIFY_WITH_TIMEOUT(!card->resultText().isEmpty() && !card->resultText().endsWith(QChar(0x2026)),
                                 Slow);
        QVERIFY2(card->resultText().contains(notExecutable), qPrintable(card->resultText()));
        QVERIFY(!card->resultText().contains(QStringLiteral("It works")));
        QVERIFY(!card->useButton()->isEnabled());
        QVERIFY(card->workingExecutable().isEmpty());
        card->useButton()->click(); // disabled: nothing happens
        QCOMPARE(chosen.count(), 0);
        QCOMPARE(fixture.window.health()->state(), app::HealthMonitor::State::Missing);
    }

    void aProgramThatIsNotKosa8IsRefused()
    {
        MissingKosa8Window fixture;
        QVERIFY(fixture.waitForPage());
        app::ExecutableCard* card = fixture.executable();
        typeInto(card->pathEdit(), QStringLiteral("/bin/true"));
        QTest::mouseClick(card->checkButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(card->resultText().contains(QStringLiteral("no kosa8 version")), Slow);
        QVERIFY(!card->useButton()->isEnabled());
    }

    void editingTheCheckedPathTakesTheOfferBack()
    {
        MissingKosa8Window fixture;
        QVERIFY(fixture.waitForPage());
        app::ExecutableCard* card = fixture.executable();
        typeInto(card->pathEdit(), test::StandinEnvironment::standin());
        QTest::keyClick(card->pathEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(card->useButton()->isEnabled(), Slow);
        card->pathEdit()->setFocus();
        QTest::keyClick(card->pathEdit(), Qt::Key_X);
        QVERIFY(!card->useButton()->isEnabled());
        QVERIFY(card->resultText().isEmpty());
    }

    void remoteWorkerInputSaysWhatIsWrong_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("problem"); // a word of the message; empty: usable
        QTest::newRow("fine") << "studio"
                              << "worker.example.com:7443"
                              << "abc123"
                              << "";
        QTest::newRow("blanks around are dropped") << " studio "
                                                   << " worker.example.com "
                                                   << "abc123\n"
                                                   << "";
        QTest::newRow("no name") << "  "
                                 << "h"
                                 << "t"
                                 << "name";
        QTest::newRow("name too long") << QString(65, QLatin1Char('n')) << "h"
                                       << "t"
                                       << "too long";
        QTest::newRow("name with bidi control") << QStringLiteral("a\u202Eb") << "h"
                                                << "t"
                                                << "invisible";
        QTest::newRow("no host") << "n"
                                 << ""
                                 << "t"
                                 << "host";
        QTest::newRow("host with space") << "n"
                                         << "worker example"
                                         << "t"
                                         << "spaces";
        QTest::newRow("host with tab") << "n"
                                       << "worker\texample"
                                       << "t"
                                       << "spaces";
        QTest::newRow("host too long") << "n" << QString(300, QLatin1Char('h')) << "t"
                                       << "too long";
        QTest::newRow("no token") << "n"
                                  << "h"
                                  << " "
                                  << "token";
        QTest::newRow("token with line break") << "n"
                                               << "h"
                                               << "ab\ncd"
                                               << "line breaks";
        QTest::newRow("token with zero-width space") << "n"
                                                     << "h" << QStringLiteral("ab\u200Bcd") << "invisible";
    }

    void remoteWorkerInputSaysWhatIsWrong()
    {
        QFETCH(QString, name);
        QFETCH(QString, host);
        QFETCH(QString, token);
        QFETCH(QString, problem);
        const QString found = app::RemoteWorkerInput{name, host, token}.problem();
        if (problem.isEmpty())
            QVERIFY2(found.isEmpty(), qPrintable(found));
        else
            QVERIFY2(found.contains(problem), qPrintable(found));
    }

    void theRemoteFormValidatesAndTestsWithKosa8Host()
    {
        MissingKosa8Window fixture;
        QVERIFY(fixture.waitForPage());
        // The client first: the test runs the executable that checked out.
        app::ExecutableCard* executable = fixture.executable();
        typeInto(executable->pathEdit(), test::StandinEnvironment::standin());
        QTest::keyClick(executable->pathEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(executable->useButton()->isEnabled(), Slow);

        app::RemoteWorkerCard* card = fixture.remote();
        QSignalSpy requested(fixture.page(), &app::FirstStartPage::remoteProfileRequested);
        QSignalSpy chosen(fixture.page(), &app::FirstStartPage::executableChosen);
        QVERIFY(!card->testButton()->isEnabled());
        QVERIFY(card->problemText().isEmpty()); // nothing typed: nothing to complain about yet

        typeInto(card->nameEdit(), QStringLiteral("studio mac"));
        typeInto(card->hostEdit(), QStringLiteral("worker example"));
        QVERIFY(card->problemText().contains(QStringLiteral("spaces")));
        QVERIFY(!card->testButton()->isEnabled());
        QVERIFY(!card->addButton()->isEnabled());
        QVERIFY(!card->previewField()->isAvailable());

        const QString host = QStringLiteral("worker.example:7443");
        const QString token = QStringLiteral("s3cret-t0ken");
        typeInto(card->hostEdit(), host);
        QVERIFY(card->problemText().contains(QStringLiteral("token")));
        QVERIFY(!card->testButton()->isEnabled());
        QCOMPARE(card->tokenEdit()->echoMode(), QLineEdit::Password);
        typeInto(card->tokenEdit(), token);
        QVERIFY(card->problemText().isEmpty());
        QVERIFY(card->testButton()->isEnabled());
        // The preview names the worker and masks the token.
        const QString preview = card->previewField()->command();
        QVERIFY2(preview.contains(QStringLiteral("KOSA8_HOST=") + host), qPrintable(preview));
        QVERIFY(preview.contains(kosa8::ConnectionProfile::maskedToken()));
        QVERIFY(!preview.contains(token));
        QVERIFY(preview.endsWith(kosa8::shellQuote(test::StandinEnvironment::standin()) +
                                 QStringLiteral(" version")));
        // Reveal (Ctrl+R in the token field, or the eye button) and hide again.
        QTest::keyClick(card->tokenEdit(), Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(card->tokenEdit()->echoMode(), QLineEdit::Normal);
        card->revealTokenAction()->trigger();
        QCOMPARE(card->tokenEdit()->echoMode(), QLineEdit::Password);

        card->testButton()->setFocus();
        QTest::keyClick(card->testButton(), Qt::Key_Space);
        // The stand-in prints the worker it was told about (KOSA8_HOST) on a third line.
        QTRY_VERIFY_WITH_TIMEOUT(card->resultText().contains(QStringLiteral("worker: ") + host), Slow);
        QVERIFY(!card->resultText().contains(token));
        const QList<QJsonObject> calls = standinCalls(fixture.env);
        QVERIFY(!calls.isEmpty());
        const QJsonObject last = calls.last();
        QCOMPARE(last.value(QStringLiteral("argv")).toArray(), QJsonArray{QStringLiteral("version")});
        QCOMPARE(last.value(QStringLiteral("host")).toString(), host);
        QCOMPARE(last.value(QStringLiteral("token")).toString(), token);
        QCOMPARE(requested.count(), 0); // tested, not added

        card->addButton()->setFocus();
        QTest::keyClick(card->addButton(), Qt::Key_Space);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.first().at(0).toString(), QStringLiteral("studio mac"));
        QCOMPARE(requested.first().at(1).toString(), host);
        QCOMPARE(requested.first().at(2).toString(), token);
        // The client the test ran (checked, not "used" yet) is chosen with the worker.
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.first().at(0).toString(), test::StandinEnvironment::standin());
        // A new remote profile, made active, and kosa8 is found through it.
        QCOMPARE(fixture.context.profiles()->active().name, QStringLiteral("studio mac"));
        QCOMPARE(fixture.context.profiles()->active().host, host);
        QCOMPARE(fixture.context.runner()->connection().host, host);
        QCOMPARE(fixture.context.runner()->connection().executable, test::StandinEnvironment::standin());
        QTRY_COMPARE_WITH_TIMEOUT(fixture.window.health()->state(), app::HealthMonitor::State::Ok, Slow);
        QTRY_VERIFY_WITH_TIMEOUT(fixture.page()->isFound(), Slow);
    }

    // Agents are served while kosa8 is missing and the first-start page is on screen.
    void theInboxWorksWhileThePageIsShown()
    {
        test::StandinEnvironment env;
        app::AppOptions options = env.options(env.root() + QStringLiteral("/missing/kosa8"));
        options.socketPath = QDir(env.root()).filePath(QStringLiteral("agent.sock"));
        app::AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        composition.show();
        QTRY_COMPARE_WITH_TIMEOUT(composition.window()->currentPage(), MainWindow::Page::FirstStart, Slow);
        QVERIFY(composition.window()->builtFirstStartPage()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(composition.builtInboxPage(), Slow);
        app::InboxPage* inbox = composition.builtInboxPage();

        test::AgentTestClient client;
        QSignalSpy connected(&client, &test::AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Slow));
        QSignalSpy arrived(inbox, &app::InboxPage::requestArrived);
        client.request(QStringLiteral("review"),
                       {{QStringLiteral("payload"),
                         QJsonObject{{QStringLiteral("question"), QStringLiteral("Run this?")},
                                     {QStringLiteral("code"), QStringLiteral("print(1)")}}},
                        {QStringLiteral("title"), QStringLiteral("Count the rows")},
                        {QStringLiteral("agent"), QStringLiteral("research-bot")}});
        QVERIFY(arrived.wait(Slow));
        QCOMPARE(arrived.first().at(0).toString(), QStringLiteral("Count the rows"));
        QTRY_COMPARE_WITH_TIMEOUT(inbox->pendingCount(), 1, Slow);
        QCOMPARE(composition.window()->health()->state(), app::HealthMonitor::State::Missing);
    }

    // Issue 24, finding 12: the page says what happens to a run while kosa8 is missing, and it is
    // true: a run a standing rule approves fails at once, and its agent is told why.
    void anApprovedRunFailsAtOnceWhileKosa8IsMissing()
    {
        test::StandinEnvironment env;
        const QString missing = env.root() + QStringLiteral("/missing/kosa8");
        app::AppOptions options = env.options(missing);
        options.socketPath = QDir(env.root()).filePath(QStringLiteral("agent.sock"));
        const QString code = QStringLiteral("print('needs kosa8')");
        options.rulesFile = QDir(env.root()).filePath(QStringLiteral("rules.json"));
        {
            QFile rules(options.rulesFile);
            QVERIFY(rules.open(QIODevice::WriteOnly));
            rules.write(
                QStringLiteral(R"({"rules": [{"name": "ok", "decision": "approve", "code_sha256": "%1"}]})")
                    .arg(agent::sha256Hex(code.toUtf8()))
                    .toUtf8());
        }
        app::AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        composition.show();
        QTRY_COMPARE_WITH_TIMEOUT(composition.window()->currentPage(), MainWindow::Page::FirstStart, Slow);
        const QString said = composition.window()->builtFirstStartPage()->inboxText();
        QVERIFY2(said.contains(QStringLiteral("an approved run fails at once")) &&
                     !said.contains(QStringLiteral("wait")),
                 qPrintable(said));

        test::AgentTestClient client;
        QSignalSpy connected(&client, &test::AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Slow));
        const QJsonValue id =
            client.request(QStringLiteral("run"), {{QStringLiteral("code"), code},
                                                   {QStringLiteral("agent"), QStringLiteral("bot")}});
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Slow);
        const QJsonObject answer = client.response(id);
        QVERIFY2(answer.contains(QStringLiteral("error")), QJsonDocument(answer).toJson().constData());
        const QString told = QString::fromUtf8(QJsonDocument(answer).toJson());
        QVERIFY2(told.contains(missing), qPrintable(told));
    }
};

QTEST_MAIN(TestFirstStartPage)
#include "tst_firststartpage.moc"
