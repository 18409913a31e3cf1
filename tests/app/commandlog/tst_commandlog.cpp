// SPDX-License-Identifier: Apache-2.0
// The command log holds every command the runner ran, how it ended, and its output; the
// command can be copied for a terminal.

#include "commandlog/CommandLogModel.h"
#include "commandlog/CommandLogPage.h"
#include "kosa8/Kosa8Runner.h"
#include "plumbing/AppContext.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTextDocument>
#include <QToolTip>
#include <QtTest>

using namespace k8;

namespace {
constexpr int Slow = k8::test::waits::Standin;
}

class TestCommandLog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void recordsEveryCommandWithItsOutcome()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::CommandLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.attach(context.runner());
        app::CommandLogPage page(&model);
        QAbstractItemModelTester filterTester(page.view()->model(),
                                              QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.show();

        context.runner()->start(kosa8::Operation::Version, {});
        context.runner()->start(kosa8::Operation::SandboxStart,
                                {{QStringLiteral("name"), QStringLiteral("nosuch")}});
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, Slow);
        QTRY_VERIFY_WITH_TIMEOUT(!model.entryAt(0)->running && !model.entryAt(1)->running, Slow);

        const int versionRow = model.entryAt(0)->preview.endsWith(QStringLiteral(" version")) ? 0 : 1;
        const int startRow = 1 - versionRow;
        QCOMPARE(model.index(versionRow, app::CommandLogModel::ResultColumn).data().toString(),
                 QStringLiteral("exit 0"));
        QVERIFY(model.index(versionRow, 0).data(app::CommandLogModel::OkRole).toBool());
        QCOMPARE(model.index(startRow, app::CommandLogModel::ResultColumn).data().toString(),
                 QStringLiteral("exit 1"));
        QVERIFY(!model.index(startRow, 0).data(app::CommandLogModel::OkRole).toBool());
        QVERIFY(model.index(startRow, app::CommandLogModel::CommandColumn)
                    .data()
                    .toString()
                    .endsWith(QStringLiteral(" sandbox start nosuch")));

        // Selecting the failed one shows its stderr; Copy puts the exact command on the clipboard.
        page.selectRow(startRow);
        QVERIFY(page.detailsView()->toPlainText().contains(QStringLiteral("nosuch")));
        QVERIFY(page.detailsView()->toPlainText().contains(QStringLiteral("standard error")));
        page.copySelectedCommand();
        QCOMPARE(QApplication::clipboard()->text(), model.entryAt(startRow)->preview);

        // The routine refreshes are hidden by default; the failed command stays in view.
        page.routineToggle()->setChecked(true);
        QCOMPARE(page.view()->model()->rowCount(), 2);
        page.routineToggle()->setChecked(false);
        QCOMPARE(page.view()->model()->rowCount(), 1);
        QVERIFY(page.view()
                    ->model()
                    ->index(0, app::CommandLogModel::CommandColumn)
                    .data()
                    .toString()
                    .endsWith(QStringLiteral(" sandbox start nosuch")));
        page.routineToggle()->setChecked(true);
        QCOMPARE(page.view()->model()->rowCount(), 2);
    }

    // Issue 8: every read-only list command is a list refresh, hidden until "Show list refreshes"
    // is ticked; commands that change something, and failed refreshes, always show.
    void listRefreshesAreHiddenByDefault()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::CommandLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.attach(context.runner());
        app::CommandLogPage page(&model);
        QAbstractItemModelTester filterTester(page.view()->model(),
                                              QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.show();
        QVERIFY(!page.routineToggle()->isChecked());
        QCOMPARE(page.routineToggle()->text(), QStringLiteral("Show list refreshes"));

        kosa8::Kosa8Runner* runner = context.runner();
        const QVariantMap box{{QStringLiteral("name"), QStringLiteral("box1")}};
        QSignalSpy created(runner, &kosa8::Kosa8Runner::jobFinished);
        runner->start(kosa8::Operation::SandboxCreate, box);
        QTRY_COMPARE_WITH_TIMEOUT(created.count(), 1, Slow);
        for (kosa8::Operation op :
             {kosa8::Operation::SandboxList, kosa8::Operation::CheckpointList, kosa8::Operation::SnapshotList,
              kosa8::Operation::SandboxImages, kosa8::Operation::AuditList})
            runner->start(op, op == kosa8::Operation::SandboxList || op == kosa8::Operation::AuditList
                                  ? QVariantMap()
                                  : box);
        runner->start(kosa8::Operation::CheckpointList, {{QStringLiteral("name"), QStringLiteral("nosuch")}});
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 7, Slow);
        for (int row = 0; row < model.rowCount(); ++row)
            QTRY_VERIFY_WITH_TIMEOUT(!model.entryAt(row)->running, Slow);
        for (int row = 1; row < 6; ++row)
            QVERIFY2(model.entryAt(row)->result.ok(), qPrintable(model.entryAt(row)->preview));

        // Only the create and the failed `checkpoint ls nosuch` are in view.
        QStringList shown;
        for (int row = 0; row < page.view()->model()->rowCount(); ++row)
            shown << page.view()->model()->index(row, app::CommandLogModel::CommandColumn).data().toString();
        QCOMPARE(shown.size(), 2);
        QVERIFY2(shown.at(0).endsWith(QLatin1String(" sandbox create box1")) ||
                     shown.at(0).contains(QLatin1String(" sandbox create box1 ")),
                 qPrintable(shown.join(QLatin1Char('\n'))));
        QVERIFY2(shown.at(1).contains(QLatin1String("nosuch")), qPrintable(shown.join(QLatin1Char('\n'))));

        // Ticked: all seven.
        QTest::mouseClick(page.routineToggle(), Qt::LeftButton);
        QVERIFY(page.routineToggle()->isChecked());
        QCOMPARE(page.view()->model()->rowCount(), 7);
    }

    void invalidCommandsAreLoggedToo()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::CommandLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.attach(context.runner());
        context.runner()->start(kosa8::Operation::SandboxStart,
                                {{QStringLiteral("name"), QStringLiteral("-rf")}});
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, Slow);
        QTRY_VERIFY_WITH_TIMEOUT(!model.entryAt(0)->running, Slow);
        QCOMPARE(model.index(0, app::CommandLogModel::ResultColumn).data().toString(),
                 QStringLiteral("not run (invalid)"));
        QVERIFY(env.calls().isEmpty());
    }

    // Issue 24, finding 4: agent code in a command and kosa8's stderr are text in the log's
    // tooltips too: markup (a huge font, an <img> of a local file) is shown as written.
    void tooltipsShowAgentCodeAndKosa8OutputAsText()
    {
        app::CommandLogModel model;
        app::CommandLogPage page(&model);
        kosa8::JobResult result;
        result.jobId = 1;
        result.preview = QStringLiteral("kosa8 sandbox run code-runner python:3.12 python3 -c "
                                        "'<font size=7>BIG</font><img src=\"/etc/hostname\">'");
        result.exitCode = 1;
        result.stderrData = "<font size=7>kosa8</font> <img src=\"/etc/hostname\"> failed";
        model.onJobFinished(result);
        page.resize(900, 500);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QCOMPARE(page.view()->model()->rowCount(), 1);
        for (int column :
             {int(app::CommandLogModel::CommandColumn), int(app::CommandLogModel::ResultColumn)}) {
            const QModelIndex index = page.view()->model()->index(0, column);
            const QString raw = index.data(Qt::ToolTipRole).toString();
            QVERIFY2(raw.contains(QLatin1String("<font size=7>")), qPrintable(raw));
            const QPoint at = page.view()->visualRect(index).center();
            QHelpEvent help(QEvent::ToolTip, at, page.view()->viewport()->mapToGlobal(at));
            QApplication::sendEvent(page.view()->viewport(), &help);
            QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), Slow);
            // What the tooltip shows, read as Qt reads it (rich text when it looks like markup).
            const QString tip = QToolTip::text();
            QString shown = tip;
            if (Qt::mightBeRichText(tip)) {
                QTextDocument document;
                document.setHtml(tip);
                shown = document.toPlainText();
            }
            QCOMPARE(shown, raw);
            QToolTip::hideText();
        }
    }

    void keepsTheLastEntriesOnly()
    {
        app::CommandLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        for (int i = 0; i < app::CommandLogModel::MaxEntries + 5; ++i) {
            kosa8::JobResult result;
            result.jobId = quint64(i + 1);
            result.preview = QStringLiteral("kosa8 version #%1").arg(i);
            result.exitCode = 0;
            model.onJobFinished(result);
        }
        QCOMPARE(model.rowCount(), app::CommandLogModel::MaxEntries);
        QCOMPARE(model.entryAt(0)->preview, QStringLiteral("kosa8 version #5"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestCommandLog)
#include "tst_commandlog.moc"
