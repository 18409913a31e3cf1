// SPDX-License-Identifier: Apache-2.0
// The sandbox list against the kosa8 stand-in: create through the dialog like a person, see the
// new sandbox in the list, and the exact argv that reached kosa8; start/stop/delete; pull with
// progress; and a clear message when `sandbox ls` fails.

#include "kosa8/SandboxListModel.h"
#include "plumbing/AppContext.h"
#include "sandboxes/CreateSandboxDialog.h"
#include "sandboxes/ImagesDialog.h"
#include "sandboxes/PullImageDialog.h"
#include "sandboxes/SandboxRefresher.h"
#include "sandboxes/SandboxesPage.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"
#include "widgets/ConfirmCommandDialog.h"
#include "widgets/MessageArea.h"
#include "widgets/ValidatedListEditor.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

namespace {
// Clicks on the indicator, where a person clicks (the button may be wider than its text).
void clickRadio(QRadioButton* radio)
{
    QTest::mouseClick(radio, Qt::LeftButton, {}, QPoint(8, radio->height() / 2));
}
} // namespace

using namespace k8;

namespace {
constexpr int Slow = k8::test::waits::Standin;
}

class TestSandboxesPage : public QObject
{
    Q_OBJECT

    // A page and a message area wired like the main window does.
    struct Fixture
    {
        test::StandinEnvironment env;
        std::unique_ptr<app::AppContext> context;
        std::unique_ptr<app::MessageArea> messages;
        std::unique_ptr<app::SandboxesPage> page;
        // The list and the filter over it, checked through every refresh (declared after the page:
        // they go first).
        std::unique_ptr<QAbstractItemModelTester> modelTester;
        std::unique_ptr<QAbstractItemModelTester> proxyTester;

        void open()
        {
            context = std::make_unique<app::AppContext>(env.options());
            messages = std::make_unique<app::MessageArea>();
            QObject::connect(context.get(), &app::AppContext::messagePosted, messages.get(),
                             &app::MessageArea::post);
            QObject::connect(context.get(), &app::AppContext::messageCleared, messages.get(),
                             &app::MessageArea::clearKey);
            page = std::make_unique<app::SandboxesPage>(context.get());
            modelTester = std::make_unique<QAbstractItemModelTester>(
                page->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
            proxyTester = std::make_unique<QAbstractItemModelTester>(
                page->proxy(), QAbstractItemModelTester::FailureReportingMode::Fatal);
            page->resize(1000, 600);
            page->show();
            page->refresher()->start();
        }
    };

private Q_SLOTS:
    // The empty state's picture and styled button are made when it is first shown, not while the
    // page waits for kosa8 at start (bench_startup).
    void theEmptyStateIsDressedWhenFirstShown()
    {
        Fixture f;
        f.context = std::make_unique<app::AppContext>(f.env.options());
        f.page = std::make_unique<app::SandboxesPage>(f.context.get());
        auto* icon = f.page->findChild<QLabel*>(QStringLiteral("emptyIcon"));
        auto* setup = f.page->findChild<QPushButton*>(QStringLiteral("emptySetupButton"));
        QVERIFY(icon && setup);
        QVERIFY(!f.page->isShowingEmptyState());
        QVERIFY(icon->pixmap().isNull());
        QVERIFY(setup->styleSheet().isEmpty());
        f.page.reset();
        f.open();
        QTRY_VERIFY_WITH_TIMEOUT(f.page->isShowingEmptyState(), Slow);
        icon = f.page->findChild<QLabel*>(QStringLiteral("emptyIcon"));
        setup = f.page->findChild<QPushButton*>(QStringLiteral("emptySetupButton"));
        // (The picture itself comes from the app's resources, which this test does not link.)
        QVERIFY(icon);
        QVERIFY(!setup->styleSheet().isEmpty());
    }

    void createThroughTheDialogShowsTheSandbox()
    {
        Fixture f;
        f.open();
        QTRY_VERIFY_WITH_TIMEOUT(f.page->isShowingEmptyState(), Slow);

        f.page->createAction()->trigger();
        auto* dialog = f.page->findChild<app::CreateSandboxDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QTest::keyClicks(dialog->findChild<QLineEdit*>(QStringLiteral("nameEdit")),
                         QStringLiteral("analysis-box"));
        clickRadio(dialog->findChild<QRadioButton*>(QStringLiteral("allowRadio")));
        QTest::keyClicks(dialog->hostsEditor()->input(), QStringLiteral("pypi.org"));
        QTest::keyClick(dialog->hostsEditor()->input(), Qt::Key_Return);
        QTest::keyClicks(dialog->hostsEditor()->input(), QStringLiteral("files.pythonhosted.org"));
        QTest::mouseClick(dialog->hostsEditor()->addButton(), Qt::LeftButton);
        QTest::keyClicks(dialog->mountsEditor()->input(), QStringLiteral("/tmp/project:/work"));
        QTest::mouseClick(dialog->mountsEditor()->addButton(), Qt::LeftButton);
        QVERIFY(dialog->commandPreview().endsWith(QStringLiteral(
            " sandbox create analysis-box --egress-allow pypi.org --egress-allow files.pythonhosted.org "
            "-v /tmp/project:/work")));
        QVERIFY(dialog->okButton()->isEnabled());
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);

        kosa8::SandboxListModel* model = f.page->model();
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(QStringLiteral("analysis-box")) >= 0, Slow);
        QVERIFY(!f.page->isShowingEmptyState());
        const kosa8::Sandbox* created = model->find(QStringLiteral("analysis-box"));
        QVERIFY(created);
        QCOMPARE(created->egress.mode, kosa8::EgressPolicy::Mode::Allow);
        QCOMPARE(created->egress.hosts,
                 (QStringList{QStringLiteral("pypi.org"), QStringLiteral("files.pythonhosted.org")}));
        QVERIFY(f.env.wasCalledWith({QStringLiteral("sandbox"), QStringLiteral("create"),
                                     QStringLiteral("analysis-box"), QStringLiteral("--egress-allow"),
                                     QStringLiteral("pypi.org"), QStringLiteral("--egress-allow"),
                                     QStringLiteral("files.pythonhosted.org"), QStringLiteral("-v"),
                                     QStringLiteral("/tmp/project:/work")}));
        // The new sandbox is selected once the list has it.
        QTRY_COMPARE_WITH_TIMEOUT(f.page->selectedSandbox(), QStringLiteral("analysis-box"), Slow);
        QCOMPARE(f.messages->count(), 0);
    }

    void listFailureShowsCommandExitCodeAndStderr()
    {
        Fixture f;
        f.env.setFaults(
            QJsonObject{{QStringLiteral("sandbox ls"),
                         QJsonObject{{QStringLiteral("mode"), QStringLiteral("exit")},
                                     {QStringLiteral("code"), 3},
                                     {QStringLiteral("message"),
                                      QStringLiteral("kosa8: cannot reach kosa8d (connection refused)")}}}});
        f.open();
        QTRY_COMPARE_WITH_TIMEOUT(f.messages->count(), 1, Slow);
        app::MessageCard* card = f.messages->cards().first();
        QCOMPARE(card->message().severity, app::UserMessage::Severity::Error);
        QCOMPARE(card->titleText(), QStringLiteral("Could not list sandboxes"));
        QVERIFY2(card->bodyText().contains(QStringLiteral("sandbox ls")), qPrintable(card->bodyText()));
        QVERIFY(card->bodyText().contains(QStringLiteral("code 3")));
        QVERIFY(card->bodyText().contains(QStringLiteral("cannot reach kosa8d (connection refused)")));
        QVERIFY(!f.page->isShowingEmptyState());
        QCOMPARE(f.page->refresher()->consecutiveFailures(), 1);
        // The next automatic attempt backs off rather than hammering kosa8.
        QVERIFY(f.page->refresher()->nextRefreshMs() > 0);
        QVERIFY(f.page->refresher()->nextRefreshMs() <= 6'000); // 5 s, with coarse-timer slack

        // Fixed: the next refresh withdraws the message and shows the (empty) list.
        f.env.clearFaults();
        f.page->refreshAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(f.messages->count(), 0, Slow);
        QTRY_VERIFY_WITH_TIMEOUT(f.page->isShowingEmptyState(), Slow);
    }

    void repeatedFailuresShowOneMessage()
    {
        Fixture f;
        f.env.setFaults(QJsonObject{
            {QStringLiteral("sandbox ls"),
             QJsonObject{{QStringLiteral("mode"), QStringLiteral("exit")}, {QStringLiteral("code"), 1}}}});
        f.open();
        QTRY_COMPARE_WITH_TIMEOUT(f.messages->count(), 1, Slow);
        f.page->refreshAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(f.page->refresher()->consecutiveFailures(), 2, Slow);
        QCOMPARE(f.messages->count(), 1);
        QCOMPARE(f.messages->cards().first()->repeatCount(), 2);
    }

    void startStopAndDeleteWithConfirmation()
    {
        Fixture f;
        QCOMPARE(
            f.env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1"),
                              QStringLiteral("--egress"), QStringLiteral("deny")}),
            0);
        f.open();
        QTRY_VERIFY_WITH_TIMEOUT(f.page->model()->rowOf(QStringLiteral("box1")) >= 0, Slow);
        f.page->selectSandbox(QStringLiteral("box1"));
        QCOMPARE(f.page->selectedSandbox(), QStringLiteral("box1"));
        QVERIFY(f.page->stopAction()->toolTip().contains(QStringLiteral("sandbox stop box1")));

        f.page->stopAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(f.page->model()->find(QStringLiteral("box1"))->status,
                                  QStringLiteral("stopped"), Slow);
        QVERIFY(
            f.env.wasCalledWith({QStringLiteral("sandbox"), QStringLiteral("stop"), QStringLiteral("box1")}));
        QTRY_VERIFY_WITH_TIMEOUT(f.page->startAction()->isEnabled(), Slow);
        f.page->startAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(f.page->model()->find(QStringLiteral("box1"))->status,
                                  QStringLiteral("running"), Slow);

        QTRY_VERIFY_WITH_TIMEOUT(f.page->removeAction()->isEnabled(), Slow);
        f.page->removeAction()->trigger();
        auto* confirm = f.page->findChild<app::ConfirmCommandDialog*>(QStringLiteral("confirmDeleteDialog"));
        QVERIFY(confirm);
        QVERIFY(confirm->questionText().contains(QStringLiteral("box1")));
        QVERIFY(confirm->command().endsWith(QStringLiteral(" sandbox rm box1")));
        QTest::mouseClick(confirm->acceptButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(f.page->model()->rowCount(), 0, Slow);
        QTRY_VERIFY_WITH_TIMEOUT(f.page->isShowingEmptyState(), Slow);
        QVERIFY(
            f.env.wasCalledWith({QStringLiteral("sandbox"), QStringLiteral("rm"), QStringLiteral("box1")}));
    }

    void cancelledDeleteRunsNothing()
    {
        Fixture f;
        QCOMPARE(
            f.env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("keep")}),
            0);
        f.open();
        QTRY_VERIFY_WITH_TIMEOUT(f.page->model()->rowOf(QStringLiteral("keep")) >= 0, Slow);
        f.page->selectSandbox(QStringLiteral("keep"));
        f.page->removeAction()->trigger();
        auto* confirm = f.page->findChild<app::ConfirmCommandDialog*>(QStringLiteral("confirmDeleteDialog"));
        QVERIFY(confirm);
        confirm->reject();
        f.page->refreshAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!f.page->refresher()->isRefreshing(), Slow);
        QVERIFY(
            !f.env.wasCalledWith({QStringLiteral("sandbox"), QStringLiteral("rm"), QStringLiteral("keep")}));
        QCOMPARE(f.page->model()->rowCount(), 1);
    }

    void pullShowsProgressAndOutput()
    {
        Fixture f;
        QCOMPARE(
            f.env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box2")}),
            0);
        f.open();
        QTRY_VERIFY_WITH_TIMEOUT(f.page->model()->rowOf(QStringLiteral("box2")) >= 0, Slow);
        f.page->selectSandbox(QStringLiteral("box2"));
        f.page->pullAction()->trigger();
        auto* dialog = f.page->findChild<app::PullImageDialog*>();
        QVERIFY(dialog);
        auto* combo = dialog->findChild<QComboBox*>(QStringLiteral("imageCombo"));
        combo->clearEditText();
        QTest::keyClicks(combo->lineEdit(), QStringLiteral("Not An Image"));
        QVERIFY(!dialog->pullButton()->isEnabled());
        combo->clearEditText();
        QTest::keyClicks(combo->lineEdit(), QStringLiteral("python:3.12-slim"));
        QVERIFY(dialog->pullButton()->isEnabled());
        QVERIFY(dialog->commandPreview().endsWith(QStringLiteral(" sandbox pull box2 python:3.12-slim")));
        QTest::mouseClick(dialog->pullButton(), Qt::LeftButton);
        QVERIFY(dialog->isPulling());
        QTRY_VERIFY_WITH_TIMEOUT(dialog->hasFinished(), Slow);
        QVERIFY(dialog->result().ok());
        QVERIFY(dialog->progressIsDeterminate());
        QCOMPARE(dialog->progressValue(), 100);
        QVERIFY(dialog->consoleText().contains(QStringLiteral("Pulled python:3.12-slim")));
        QVERIFY(dialog->statusText().contains(QStringLiteral("Pulled")));
        QTRY_VERIFY_WITH_TIMEOUT(f.page->model()
                                     ->find(QStringLiteral("box2"))
                                     ->images.contains(QStringLiteral("python:3.12-slim")),
                                 Slow);

        // The images dialog lists it, read by header name.
        f.page->imagesAction()->trigger();
        auto* images = f.page->findChild<app::ImagesDialog*>();
        QVERIFY(images);
        QTRY_VERIFY_WITH_TIMEOUT(!images->isLoading(), Slow);
        QCOMPARE(images->table()->rowCount(), 1);
        QCOMPARE(images->table()->item(0, 0)->text(), QStringLiteral("python"));
        QCOMPARE(images->table()->item(0, 1)->text(), QStringLiteral("3.12-slim"));
    }

    void failedPullSaysWhy()
    {
        Fixture f;
        QCOMPARE(
            f.env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box3")}),
            0);
        f.env.setFaults(QJsonObject{
            {QStringLiteral("sandbox pull"),
             QJsonObject{{QStringLiteral("mode"), QStringLiteral("exit")},
                         {QStringLiteral("code"), 4},
                         {QStringLiteral("message"), QStringLiteral("kosa8: registry unreachable")}}}});
        f.open();
        QTRY_VERIFY_WITH_TIMEOUT(f.page->model()->rowOf(QStringLiteral("box3")) >= 0, Slow);
        f.page->selectSandbox(QStringLiteral("box3"));
        f.page->pullAction()->trigger();
        auto* dialog = f.page->findChild<app::PullImageDialog*>();
        QVERIFY(dialog);
        QTest::mouseClick(dialog->pullButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->hasFinished(), Slow);
        QVERIFY(!dialog->result().ok());
        QVERIFY(dialog->statusText().contains(QStringLiteral("code 4")));
        QVERIFY(dialog->statusText().contains(QStringLiteral("registry unreachable")));
        QVERIFY(dialog->consoleText().contains(QStringLiteral("registry unreachable")));
    }

    void unreadableLinesAreShownNotDropped()
    {
        Fixture f;
        // Twelve lines of junk, exit 0: nothing to list, and every line is reported.
        f.env.setFaults(QJsonObject{{QStringLiteral("sandbox ls"),
                                     QJsonObject{{QStringLiteral("mode"), QStringLiteral("garbage")}}}});
        f.open();
        QTRY_COMPARE_WITH_TIMEOUT(f.messages->count(), 1, Slow);
        const app::MessageCard* card = f.messages->cards().first();
        QCOMPARE(card->message().severity, app::UserMessage::Severity::Warning);
        const int problems = int(f.page->refresher()->lastProblems().size());
        QVERIFY(problems >= 1);
        QVERIFY2(card->titleText().contains(QStringLiteral("sandbox ls` could not be read")),
                 qPrintable(card->titleText()));
        QVERIFY(card->titleText().startsWith(QString::number(problems)));
        QVERIFY(card->detailsText().contains(QStringLiteral("line 1")));
        QCOMPARE(f.page->model()->rowCount(), 0);

        // Readable output again: the warning goes away.
        f.env.clearFaults();
        f.page->refreshAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(f.messages->count(), 0, Slow);
    }

    // The table gets its model and columns when the list first has rows to show (or when asked,
    // prepareTable()): at start the page waits for `sandbox ls`, and measuring the hidden table's
    // header took time before the first paint (bench_startup). Until then nothing is selected,
    // and the list itself (model(), proxy()) exists all along.
    void theTableGetsItsModelWhenTheListFirstHasRows()
    {
        Fixture f;
        QCOMPARE(
            f.env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box-b")}),
            0);
        QCOMPARE(
            f.env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box-a")}),
            0);
        f.context = std::make_unique<app::AppContext>(f.env.options());
        f.page = std::make_unique<app::SandboxesPage>(f.context.get());
        auto* table = f.page->findChild<QTableView*>(QStringLiteral("sandboxView"));
        QVERIFY(table);
        QVERIFY(!table->model());
        QVERIFY(f.page->selectedSandbox().isEmpty());
        QVERIFY(!f.page->startAction()->isEnabled());
        f.page->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.page.get()));
        QVERIFY(!table->model()); // shown, but the page waits for kosa8
        f.page->refresher()->start();
        QTRY_COMPARE_WITH_TIMEOUT(f.page->model()->rowCount(), 2, Slow);
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(f.page->proxy()));
        QVERIFY(table->isVisible());
        // Sorted by name, the columns as set up, and the selection drives the actions.
        QCOMPARE(table->model()->index(0, 0).data().toString(), QStringLiteral("box-a"));
        QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), int(kosa8::SandboxListModel::NameColumn));
        QCOMPARE(table->columnWidth(kosa8::SandboxListModel::NameColumn), 200);
        f.page->selectSandbox(QStringLiteral("box-b"));
        QCOMPARE(f.page->selectedSandbox(), QStringLiteral("box-b"));
        QVERIFY(f.page->startAction()->isEnabled() || f.page->stopAction()->isEnabled());
    }

    // Asked for (the app does it right after the first paint), the table is set up with no row.
    void prepareTableSetsUpAnEmptyTable()
    {
        Fixture f;
        f.context = std::make_unique<app::AppContext>(f.env.options());
        f.page = std::make_unique<app::SandboxesPage>(f.context.get());
        auto* table = f.page->findChild<QTableView*>(QStringLiteral("sandboxView"));
        QVERIFY(table && !table->model());
        f.page->prepareTable();
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(f.page->proxy()));
        QCOMPARE(table->columnWidth(kosa8::SandboxListModel::StatusColumn), 120);
        QVERIFY(f.page->selectedSandbox().isEmpty());
        f.page->prepareTable(); // once only: the same model and selection model
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(f.page->proxy()));
    }

    void filterNarrowsTheList()
    {
        Fixture f;
        QCOMPARE(
            f.env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("alpha")}),
            0);
        QCOMPARE(
            f.env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("beta")}),
            0);
        f.open();
        QTRY_COMPARE_WITH_TIMEOUT(f.page->model()->rowCount(), 2, Slow);
        QTest::keyClicks(f.page->filterEdit(), QStringLiteral("bet"));
        QCOMPARE(f.page->view()->model()->rowCount(), 1);
        QCOMPARE(f.page->view()->model()->index(0, 0).data().toString(), QStringLiteral("beta"));
    }
};

QTEST_MAIN(TestSandboxesPage)
#include "tst_sandboxespage.moc"
