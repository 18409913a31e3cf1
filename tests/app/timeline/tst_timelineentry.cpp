// SPDX-License-Identifier: Apache-2.0
// The ways into the timeline through the main window: the sandbox list's "Timeline…", and the
// public entry points other features call: showTimeline(sandbox, request) ("show on timeline" in
// the history) and rewindToBeforeRun(sandbox, label) (the run console).

#include "history/DecisionHistoryView.h"
#include "kosa8/SandboxListModel.h"
#include "mainwindow/MainWindow.h"
#include "plumbing/AppContext.h"
#include "sandboxes/SandboxRefresher.h"
#include "sandboxes/SandboxesPage.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"
#include "timeline/TimelineLoader.h"
#include "timeline/TimelineModel.h"
#include "timeline/TimelinePage.h"
#include "timeline/TimelineView.h"
#include "widgets/ConfirmCommandDialog.h"

#include <QAction>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

using namespace k8;
using k8::test::argv;

namespace {
constexpr int Slow = k8::test::waits::Standin;
} // namespace

class TestTimelineEntry : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fromTheSandboxList()
    {
        test::StandinEnvironment env;
        QCOMPARE(env.runStandin(argv({"sandbox", "create", "box"})), 0);
        QCOMPARE(env.runStandin(argv({"checkpoint", "box", "--label", "clean"})), 0);
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        app::SandboxesPage* sandboxes = window.sandboxesPage();
        sandboxes->refresher()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(sandboxes->model()->rowOf(QStringLiteral("box")) >= 0, Slow);
        sandboxes->selectSandbox(QStringLiteral("box"));
        QVERIFY(sandboxes->timelineAction()->isEnabled());
        QVERIFY(sandboxes->timelineAction()->toolTip().contains(QStringLiteral("checkpoint ls box")));
        QSignalSpy loaded(window.timelinePage()->loader(), &timeline::TimelineLoader::loaded);
        sandboxes->timelineAction()->trigger();
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Timeline);
        QVERIFY(loaded.wait(Slow));
        QCOMPARE(window.timelinePage()->sandbox(), QStringLiteral("box"));
        QCOMPARE(window.timelinePage()->model()->checkpointLabels(), QStringList{QStringLiteral("clean")});
    }

    void showTimelineSelectsTheRunAndRewindToBeforeRunAsks()
    {
        test::StandinEnvironment env;
        QCOMPARE(env.runStandin(argv({"sandbox", "create", "box"})), 0);
        QCOMPARE(env.runStandin(argv({"checkpoint", "box", "--label", "clean"})), 0);
        QCOMPARE(env.runStandin(argv({"checkpoint", "box", "--label", "before-9"})), 0);
        {
            QFile ledger(QDir(env.dataPath()).filePath(QStringLiteral("ledger.jsonl")));
            QVERIFY(ledger.open(QIODevice::WriteOnly));
            const QJsonObject entry{
                {QStringLiteral("seq"), 1},
                {QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
                {QStringLiteral("request"), QStringLiteral("9")},
                {QStringLiteral("agent"), QStringLiteral("coder")},
                {QStringLiteral("method"), QStringLiteral("run")},
                {QStringLiteral("decision"), QStringLiteral("approve")},
                {QStringLiteral("decided_by"), QStringLiteral("person")},
                {QStringLiteral("sandbox"), QStringLiteral("box")},
                {QStringLiteral("checkpoint"), QStringLiteral("before-9")}};
            ledger.write(QJsonDocument(entry).toJson(QJsonDocument::Compact) + '\n');
        }
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        app::TimelinePage* page = window.timelinePage();

        QSignalSpy loaded(page->loader(), &timeline::TimelineLoader::loaded);
        window.showTimeline(QStringLiteral("box"), QStringLiteral("9"));
        QCOMPARE(window.currentPage(), app::MainWindow::Page::Timeline);
        QVERIFY(loaded.wait(Slow));
        QCOMPARE(page->view()->currentRow(), page->model()->rowOfRun(QStringLiteral("9")));

        // The history offers "Show on timeline" for the approved run and says where it is.
        app::DecisionHistoryView history;
        history.show(); // it reads the ledger while on screen
        QSignalSpy reloaded(&history, &app::DecisionHistoryView::reloaded);
        history.setLedgerPath(QDir(env.dataPath()).filePath(QStringLiteral("ledger.jsonl")));
        QVERIFY(reloaded.wait(Slow));
        QVERIFY(!history.showOnTimelineAction()->isEnabled());
        history.table()->selectRow(0);
        QVERIFY(history.showOnTimelineAction()->isEnabled());
        QSignalSpy show(&history, &app::DecisionHistoryView::showOnTimelineRequested);
        history.showOnTimelineAction()->trigger();
        QCOMPARE(show.size(), 1);
        QCOMPARE(show.first().at(0).toString(), QStringLiteral("box"));
        QCOMPARE(show.first().at(1).toString(), QStringLiteral("9"));

        window.rewindToBeforeRun(QStringLiteral("box"), QStringLiteral("before-9"));
        QTRY_VERIFY_WITH_TIMEOUT(
            page->findChild<app::ConfirmCommandDialog*>(QStringLiteral("confirmRewindDialog")), Slow);
        auto* confirm = page->findChild<app::ConfirmCommandDialog*>(QStringLiteral("confirmRewindDialog"));
        QVERIFY(confirm->command().endsWith(QStringLiteral("rewind box --to before-9 --yes")));
        QVERIFY2(confirm->questionText().contains(QStringLiteral("Run: 9")),
                 qPrintable(confirm->questionText()));
        QSignalSpy finished(page, &app::TimelinePage::operationFinished);
        QTest::mouseClick(confirm->acceptButton(), Qt::LeftButton);
        QVERIFY(finished.wait(Slow));
        QVERIFY(env.wasCalledWith(argv({"rewind", "box", "--to", "before-9", "--yes"})));
    }
};

QTEST_MAIN(TestTimelineEntry)
#include "tst_timelineentry.moc"
