// SPDX-License-Identifier: Apache-2.0
// The whole window against the stand-in: it asks kosa8 on its own once monitoring starts,
// shows versions in the status bar, errors in the message area, a missing kosa8 in the health
// panel while the rest still works, and has a place for the inbox.

#include "commandlog/CommandLogModel.h"
#include "commandlog/CommandLogPage.h"
#include "health/HealthMonitor.h"
#include "health/HealthPanel.h"
#include "history/HistoryPage.h"
#include "kosa8/SandboxListModel.h"
#include "mainwindow/MainWindow.h"
#include "plumbing/AppContext.h"
#include "sandboxes/SandboxRefresher.h"
#include "sandboxes/SandboxesPage.h"
#include "setup/SetupDialog.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"
#include "timeline/TimelinePage.h"
#include "widgets/MessageArea.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QtTest>

using namespace k8;

namespace {
constexpr int Slow = k8::test::waits::Standin;
}

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void monitoringAsksKosa8AndShowsVersions()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        QVERIFY(env.calls().isEmpty()); // nothing before monitoring starts: the window comes first
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Sandboxes);
        window.startMonitoring();
        QTRY_VERIFY_WITH_TIMEOUT(env.wasCalledWith({QStringLiteral("version")}), Slow);
        QTRY_VERIFY_WITH_TIMEOUT(env.wasCalledWith({QStringLiteral("sandbox"), QStringLiteral("ls")}), Slow);
        QTRY_COMPARE_WITH_TIMEOUT(window.health()->state(), app::HealthMonitor::State::Ok, Slow);
        auto* indicator = window.statusBar()->findChild<QLabel*>(QStringLiteral("healthIndicatorText"));
        QVERIFY(indicator);
        QCOMPARE(indicator->text(), QStringLiteral("kosa8 0.9.0-standin · daemon 0.9.0-standin"));
        QVERIFY(window.healthPanel()->isHidden());
        QTRY_VERIFY_WITH_TIMEOUT(window.sandboxesPage()->isShowingEmptyState(), Slow);
        // Every command is in the command log.
        QTRY_VERIFY_WITH_TIMEOUT(window.commandLog()->rowCount() >= 2, Slow);
    }

    void listFailureAppearsInTheMessageArea()
    {
        test::StandinEnvironment env;
        env.setFaults(QJsonObject{
            {QStringLiteral("sandbox ls"),
             QJsonObject{{QStringLiteral("mode"), QStringLiteral("exit")},
                         {QStringLiteral("code"), 3},
                         {QStringLiteral("message"), QStringLiteral("kosa8: sandbox database locked")}}}});
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        window.startMonitoring();
        QTRY_COMPARE_WITH_TIMEOUT(window.messageArea()->count(), 1, Slow);
        QVERIFY(window.messageArea()->isVisible());
        const app::MessageCard* card = window.messageArea()->cards().first();
        QVERIFY(card->bodyText().contains(QStringLiteral("sandbox ls")));
        QVERIFY(card->bodyText().contains(QStringLiteral("code 3")));
        QVERIFY(card->bodyText().contains(QStringLiteral("sandbox database locked")));
        // kosa8 itself answers `version`: no health alarm for a failing list.
        QTRY_COMPARE_WITH_TIMEOUT(window.health()->state(), app::HealthMonitor::State::Ok, Slow);
        QVERIFY(window.healthPanel()->isHidden());
    }

    void missingKosa8ShowsTheHealthPanelAndTheAppStillWorks()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options(env.root() + QStringLiteral("/missing/kosa8")));
        app::MainWindow window(&context);
        window.show();
        window.startMonitoring();
        QTRY_COMPARE_WITH_TIMEOUT(window.health()->state(), app::HealthMonitor::State::Missing, Slow);
        // The window opens on the first-start page (tests/app/firststart); the panel is on the others.
        QCOMPARE(window.currentPage(), app::MainWindow::Page::FirstStart);
        window.showPage(app::MainWindow::Page::Sandboxes);
        QVERIFY(window.healthPanel()->isVisible());
        QVERIFY(window.healthPanel()->titleText().contains(QStringLiteral("not found")));
        QVERIFY(window.healthPanel()->bodyText().contains(QStringLiteral("/missing/kosa8")));
        // The rest of the app opens.
        window.showPage(app::MainWindow::Page::CommandLog);
        QCOMPARE(window.currentPage(), app::MainWindow::Page::CommandLog);
        window.showPage(app::MainWindow::Page::Inbox);
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Inbox);
    }

    void inboxPageCanBeReplaced()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        QVERIFY(window.inboxPage());
        QCOMPARE(window.inboxPage()->objectName(), QStringLiteral("inboxPlaceholder"));
        window.showPage(app::MainWindow::Page::Inbox);
        auto* inbox = new QLabel(QStringLiteral("the real inbox"));
        window.setInboxPage(inbox);
        QCOMPARE(window.inboxPage(), inbox);
        QVERIFY(inbox->isVisible());
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Inbox);
        window.setInboxCount(3);
        QCOMPARE(window.navigation()->item(0)->text(), QStringLiteral("Inbox (3)"));
        QVERIFY(window.windowTitle().contains(QStringLiteral("3")));
        window.setInboxCount(0);
        QCOMPARE(window.navigation()->item(0)->text(), QStringLiteral("Inbox"));
        // The other pages keep their places.
        window.showPage(app::MainWindow::Page::Sandboxes);
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Sandboxes);
    }

    // Start-up builds only what the first paint shows: the Timeline, Command log and History
    // pages wait until they are shown (bench/README.md, bench_startup).
    void pagesNotShownAtStartAreBuiltWhenFirstShown()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        QVERIFY(!window.builtTimelinePage());
        QVERIFY(!window.builtHistoryPage());
        QVERIFY(!window.findChild<app::CommandLogPage*>());
        // Through the navigation, with the keyboard, as a person gets there.
        window.navigation()->setFocus();
        QTest::keyClick(window.navigation(), Qt::Key_End); // History, the last entry
        QCOMPARE(window.currentPage(), app::MainWindow::Page::History);
        QVERIFY(window.builtHistoryPage());
        QVERIFY(window.builtHistoryPage()->isVisible());
        QVERIFY(!window.builtTimelinePage());
        QTest::keyClick(window.navigation(), Qt::Key_Up); // Timeline
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Timeline);
        QVERIFY(window.builtTimelinePage());
        QVERIFY(window.builtTimelinePage()->isVisible());
        // Asked for by code, a page is built without being shown; each page is built once.
        app::CommandLogPage* log = window.commandLogPage();
        QVERIFY(log);
        QVERIFY(!log->isVisible());
        QCOMPARE(window.commandLogPage(), log);
        QCOMPARE(window.findChildren<app::CommandLogPage*>().size(), 1);
        window.showPage(app::MainWindow::Page::CommandLog);
        QVERIFY(log->isVisible());
        QCOMPARE(window.timelinePage(), window.builtTimelinePage());
    }

    void emptyStateOffersTheSetup()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        window.startMonitoring();
        QTRY_VERIFY_WITH_TIMEOUT(window.sandboxesPage()->isShowingEmptyState(), Slow);
        auto* button = window.sandboxesPage()->findChild<QPushButton*>(QStringLiteral("emptySetupButton"));
        QVERIFY(button);
        QVERIFY(button->isVisible());
        QTest::mouseClick(button, Qt::LeftButton);
        auto* dialog = window.findChild<app::SetupDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->resultText().contains(QStringLiteral("is ready")),
                                 k8::test::waits::Binary);
        QTRY_VERIFY_WITH_TIMEOUT(window.sandboxesPage()->model()->rowOf(QStringLiteral("code-runner")) >= 0,
                                 Slow);
        QTRY_COMPARE_WITH_TIMEOUT(window.sandboxesPage()->selectedSandbox(), QStringLiteral("code-runner"),
                                  Slow);
    }

    void darkPaletteKeepsTheSidebarApartAndTextReadable()
    {
        const QPalette original = QApplication::palette();
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x31));
        dark.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::Base, QColor(0x1f, 0x21, 0x24));
        dark.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2d));
        dark.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3c));
        dark.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
        QApplication::setPalette(dark);
        {
            test::StandinEnvironment env;
            app::AppContext context(env.options());
            app::MainWindow window(&context);
            window.show();
            window.startMonitoring();
            QTRY_VERIFY_WITH_TIMEOUT(window.sandboxesPage()->isShowingEmptyState(), Slow);
            auto* sidebar = window.findChild<QWidget*>(QStringLiteral("sidebar"));
            QVERIFY(sidebar);
            // The sidebar is a shade lighter than the dark window, not a light block.
            const QColor sidebarColor = sidebar->palette().color(QPalette::Window);
            QVERIFY(sidebarColor.lightness() > dark.color(QPalette::Window).lightness());
            QVERIFY(sidebarColor.lightness() < 128);
            auto* subtitle = window.sandboxesPage()->findChild<QLabel*>(QStringLiteral("pageSubtitle"));
            QVERIFY(subtitle);
            QVERIFY(subtitle->palette().color(QPalette::WindowText).lightness() > 128);
            const QString shots = qEnvironmentVariable("KOSA8DESK_SCREENSHOT_DIR");
            if (!shots.isEmpty())
                window.grab().save(shots + QStringLiteral("/mainwindow-dark.png"));
        }
        QApplication::setPalette(original);
    }

    // File > Standing rules… (and its shortcut) asks for the rules editor, which main() opens
    // through the inbox page (InboxPage::openRules).
    void rulesEditorIsInTheMenu()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAction* rules = window.rulesAction();
        QVERIFY(rules);
        QCOMPARE(rules->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U));
        bool inMenu = false;
        for (QAction* menu : window.menuBar()->actions()) {
            if (menu->menu() && menu->menu()->actions().contains(rules))
                inMenu = true;
        }
        QVERIFY(inMenu);
        QSignalSpy requested(&window, &app::MainWindow::rulesRequested);
        rules->trigger();
        QCOMPARE(requested.count(), 1);
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_U, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(requested.count(), 2);
    }

    void actionsHaveAccessibleNamesAndShortcuts()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        for (QAction* action : window.sandboxesPage()->sandboxActions()) {
            QVERIFY2(!action->text().isEmpty(), qPrintable(action->objectName()));
            QVERIFY2(!action->shortcut().isEmpty(), qPrintable(action->objectName()));
        }
    }
    // As a screen reader selects: through the navigation's accessible table (selectRow) and a
    // cell's toggle action. Neither moves the current row by itself; the page must follow all the
    // same, and the current row with it, so that the keyboard goes on from there.
    void selectingThroughAccessibilitySwitchesThePage()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAccessible::setActive(true);
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Sandboxes);

        QAccessibleInterface* navigation = QAccessible::queryAccessibleInterface(window.navigation());
        QVERIFY(navigation);
        QCOMPARE(navigation->text(QAccessible::Name), QStringLiteral("Navigation"));
        QVERIFY(!navigation->text(QAccessible::Description).isEmpty());
        QAccessibleTableInterface* table = navigation->tableInterface();
        QVERIFY(table);
        QVERIFY(table->selectRow(int(app::MainWindow::Page::History)));
        QCOMPARE(window.currentPage(), app::MainWindow::Page::History);
        QVERIFY(window.builtHistoryPage() && window.builtHistoryPage()->isVisible());
        QCOMPARE(window.navigation()->currentRow(), int(app::MainWindow::Page::History));
        QCOMPARE(window.navigation()->selectedItems().size(), 1);

        // A cell's own action, with its name and description for the reader.
        QAccessibleInterface* timelineCell = table->cellAt(int(app::MainWindow::Page::Timeline), 0);
        QVERIFY(timelineCell);
        QCOMPARE(timelineCell->text(QAccessible::Name), QStringLiteral("Timeline"));
        QVERIFY(!timelineCell->text(QAccessible::Description).isEmpty());
        QAccessibleActionInterface* actions = timelineCell->actionInterface();
        QVERIFY(actions);
        QVERIFY(actions->actionNames().contains(QAccessibleActionInterface::toggleAction()));
        actions->doAction(QAccessibleActionInterface::toggleAction());
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Timeline);
        QVERIFY(window.builtTimelinePage() && window.builtTimelinePage()->isVisible());

        // Toggling the selected entry off leaves the page where it is, and its entry selected.
        actions->doAction(QAccessibleActionInterface::toggleAction());
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Timeline);
        QTRY_COMPARE(window.navigation()->selectedItems().size(), 1);
        QCOMPARE(window.navigation()->selectedItems().constFirst()->text(), QStringLiteral("Timeline"));

        // The keyboard goes on from the page the reader chose.
        window.navigation()->setFocus();
        QTest::keyClick(window.navigation(), Qt::Key_Up);
        QCOMPARE(window.currentPage(), app::MainWindow::Page::CommandLog);
        QAccessible::setActive(false);
    }

    // A second launch asks for the window (SingleInstance): a minimised window comes back.
    void bringToFrontRestoresAMinimisedWindow()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.showMinimized();
        QTRY_VERIFY(window.isMinimized());
        window.bringToFront(QStringLiteral("startup-token"));
        QVERIFY(!window.isMinimized());
        QVERIFY(window.isVisible());
        QTRY_VERIFY(QGuiApplication::focusWindow() == window.windowHandle());
    }

    void theAgentProblemShowsInTheStatusBar()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        QVERIFY(!window.agentProblemLabel()->isVisible());
        const QString problem = QStringLiteral("Refusing the socket folder /tmp/<b>x</b>: its mode is 0755");
        window.setAgentProblem(problem);
        QVERIFY(window.agentProblemLabel()->isVisible());
        QCOMPARE(window.agentProblemLabel()->textFormat(), Qt::PlainText);
        QCOMPARE(window.agentProblemLabel()->text(), QStringLiteral("Agents cannot connect"));
        QCOMPARE(window.agentProblemLabel()->toolTip(), problem);
        window.setAgentProblem({});
        QVERIFY(!window.agentProblemLabel()->isVisible());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
