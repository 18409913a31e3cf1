// The command log holds every command the runner ran, how it ended, and its output; the
// command can be copied for a terminal.

#include "app/support/AppTestSupport.h"
#include "commandlog/CommandLogModel.h"
#include "commandlog/CommandLogPage.h"
#include "common/AppContext.h"
#include "kosa8/Kosa8Runner.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QPlainTextEdit>
#include <QTableView>
#include <QtTest>

using namespace k8;

namespace {
constexpr int Slow = 60'000;
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
        model.attach(context.runner());
        app::CommandLogPage page(&model);
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

        // Hiding the routine refreshes keeps the failed command in view.
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

    void invalidCommandsAreLoggedToo()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::CommandLogModel model;
        model.attach(context.runner());
        context.runner()->start(kosa8::Operation::SandboxStart,
                                {{QStringLiteral("name"), QStringLiteral("-rf")}});
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, Slow);
        QTRY_VERIFY_WITH_TIMEOUT(!model.entryAt(0)->running, Slow);
        QCOMPARE(model.index(0, app::CommandLogModel::ResultColumn).data().toString(),
                 QStringLiteral("not run (invalid)"));
        QVERIFY(env.calls().isEmpty());
    }

    void keepsTheLastEntriesOnly()
    {
        app::CommandLogModel model;
        for (int i = 0; i < app::CommandLogModel::MaxEntries + 5; ++i) {
            kosa8::JobResult result;
            result.jobId = quint64(i + 1);
            result.preview = QStringLiteral("kosa8 version #%1").arg(i);
            result.exitCode = 0;
            model.onJobFinished(result);
        }
        QCOMPARE(model.rowCount(), app::CommandLogModel::MaxEntries);
        QCOMPARE(model.entryAt(0)->preview, QStringLiteral("kosa8 version #5"));
    }
};

QTEST_MAIN(TestCommandLog)
#include "tst_commandlog.moc"
