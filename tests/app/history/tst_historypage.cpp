// SPDX-License-Identifier: Apache-2.0
// The History page against the kosa8 stand-in, driven like a person: typing in the filter,
// choosing from the combo boxes with the keyboard, clicking a row, Verify, the unparsed lines,
// Export, and the refresh after one of the app's own kosa8 actions.

#include "history/AuditHistory.h"
#include "history/AuditTableModel.h"
#include "history/AuditVerifier.h"
#include "history/HistoryDetailsPane.h"
#include "history/HistoryFilterBar.h"
#include "history/HistoryPage.h"
#include "kosa8/Kosa8Runner.h"
#include "plumbing/AppContext.h"
#include "support/AppTestSupport.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace k8;
using history::AuditColumn;
using history::AuditTableModel;

namespace {
constexpr int Slow = 60'000; // the stand-in is a Python script on a busy machine

QStringList argv(std::initializer_list<const char*> words)
{
    QStringList list;
    for (const char* word : words)
        list << QString::fromLatin1(word);
    return list;
}
} // namespace

class TestHistoryPage : public QObject
{
    Q_OBJECT

    struct Fixture
    {
        test::StandinEnvironment env;
        std::unique_ptr<app::AppContext> context;
        std::unique_ptr<app::HistoryPage> page;
        std::unique_ptr<QAbstractItemModelTester> tester;

        // box1 by a person; box2 created and run by an agent; a checkpoint of box1 by the agent.
        bool prepare()
        {
            if (env.runStandin(argv({"sandbox", "create", "box1", "--egress", "deny"})) != 0)
                return false;
            qputenv("KOSA8_ACTOR", "agent");
            const bool ok = env.runStandin(argv({"sandbox", "create", "box2", "--egress", "deny"})) == 0 &&
                            env.runStandin(argv({"sandbox", "pull", "box2", "python:3.12"})) == 0 &&
                            env.runStandin(argv({"checkpoint", "box1", "--label", "before"})) == 0;
            qunsetenv("KOSA8_ACTOR");
            return ok;
        }

        bool open()
        {
            context = std::make_unique<app::AppContext>(env.options());
            page = std::make_unique<app::HistoryPage>(context.get());
            tester = std::make_unique<QAbstractItemModelTester>(
                page->history()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
            QSignalSpy loaded(page.get(), &app::HistoryPage::loaded);
            page->resize(1200, 700);
            page->show(); // the first showing loads
            return loaded.wait(Slow) && waitFiltered();
        }

        bool waitFiltered()
        {
            if (!page->history()->isFiltering())
                return true;
            QSignalSpy applied(page->history(), &history::AuditHistory::filterApplied);
            return applied.wait(Slow);
        }

        AuditTableModel* model() const { return page->history()->model(); }
        QString cell(int row, AuditColumn column) const
        {
            return model()->index(row, int(column)).data().toString();
        }

        void clickRow(int row)
        {
            QTableView* table = page->table();
            const QRect rect = table->visualRect(model()->index(row, int(AuditColumn::Action)));
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
        }
    };

private Q_SLOTS:
    void loadsAndFiltersThroughTheUi()
    {
        Fixture f;
        QVERIFY(f.prepare());
        QVERIFY(f.open());
        QCOMPARE(f.model()->rowCount(), 4);
        QCOMPARE(f.cell(0, AuditColumn::Action), QStringLiteral("sandbox.create"));
        QCOMPARE(f.cell(0, AuditColumn::Source), QStringLiteral("kosa8"));

        // Actor: agent, chosen with the keyboard (the list is Any, agent, desk, human).
        QComboBox* actor = f.page->filterBar()->actorBox();
        actor->setFocus();
        QTest::keyClick(actor, Qt::Key_Down);
        QCOMPARE(actor->currentText(), QStringLiteral("agent"));
        QTRY_COMPARE_WITH_TIMEOUT(f.model()->rowCount(), 3, Slow);
        // Sandbox: box1 (Any, box1, box2).
        QComboBox* sandbox = f.page->filterBar()->sandboxBox();
        sandbox->setFocus();
        QTest::keyClick(sandbox, Qt::Key_Down);
        QCOMPARE(sandbox->currentText(), QStringLiteral("box1"));
        QTRY_COMPARE_WITH_TIMEOUT(f.model()->rowCount(), 1, Slow);
        QCOMPARE(f.cell(0, AuditColumn::Action), QStringLiteral("checkpoint.create"));

        // Free text, typed: only after the typing pause does the filter run.
        sandbox->setCurrentIndex(0);
        QLineEdit* text = f.page->filterBar()->textField();
        text->setFocus();
        QTest::keyClicks(text, QStringLiteral("PYTHON"));
        QTRY_COMPARE_WITH_TIMEOUT(f.model()->rowCount(), 1, Slow);
        QCOMPARE(f.cell(0, AuditColumn::Action), QStringLiteral("sandbox.pull"));

        // Click the row: the details pane shows every field, the hash and the one before it.
        f.clickRow(0);
        const QString details = f.page->details()->text();
        const qsizetype storeRow = f.model()->storeRow(0);
        const QString hash = f.page->history()->store()->textString(storeRow, history::TextField::Hash);
        const QString previous = f.page->history()->store()->previousHash(storeRow);
        QCOMPARE(hash.size(), 64);
        QCOMPARE(previous.size(), 64);
        QVERIFY2(details.contains(QStringLiteral("Hash: ") + hash), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("Previous hash: ") + previous), qPrintable(details));
        QVERIFY(details.contains(QStringLiteral("Actor: agent")));
        QVERIFY(details.contains(QStringLiteral("Detail: image=python:3.12")));
        QVERIFY(f.page->details()->timelineButton()->isEnabled());
        QSignalSpy toTimeline(f.page.get(), &app::HistoryPage::showOnTimelineRequested);
        QTest::mouseClick(f.page->details()->timelineButton(), Qt::LeftButton);
        QCOMPARE(toTimeline.size(), 1);
        QCOMPARE(toTimeline.first().at(0).toString(), QStringLiteral("box2"));
    }

    void verifySelectsTheFirstEntryThatDoesNotChain()
    {
        Fixture f;
        QVERIFY(f.prepare());
        QCOMPARE(f.env.runStandin(argv({"_standin", "tamper-audit", "3"})), 0);
        QVERIFY(f.open());
        // Hide the broken entry first: Verify must bring it back into view.
        QTest::keyClicks(f.page->filterBar()->textField(), QStringLiteral("box1"));
        QTRY_COMPARE_WITH_TIMEOUT(f.model()->rowCount(), 2, Slow);

        // The exact command Verify runs is on its button and where its outcome is shown.
        const QString command = f.page->history()->verifier()->commandPreview();
        QVERIFY2(command.endsWith(QStringLiteral(" audit verify")), qPrintable(command));
        QVERIFY2(f.page->verifyButton()->toolTip().contains(command),
                 qPrintable(f.page->verifyButton()->toolTip()));
        QSignalSpy finished(f.page->history()->verifier(), &history::AuditVerifier::finished);
        f.page->verifyButton()->setFocus();
        QTest::mouseClick(f.page->verifyButton(), Qt::LeftButton);
        QVERIFY2(f.page->kosa8VerifyLabel()->text().contains(command),
                 qPrintable(f.page->kosa8VerifyLabel()->text()));
        // Still enabled while it runs, so the keyboard stays on it; a second press starts nothing.
        QVERIFY(f.page->verifyButton()->isEnabled());
        QCOMPARE(f.page->verifyButton()->text(), QStringLiteral("Verifying…"));
        QTest::mouseClick(f.page->verifyButton(), Qt::LeftButton);
        QVERIFY(finished.wait(Slow));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(f.page->verifyButton()->text(), QStringLiteral("Verify"));
        QTRY_VERIFY_WITH_TIMEOUT(f.page->kosa8VerifyLabel()->text().contains(QStringLiteral("SEQ 3")), Slow);
        QVERIFY2(f.page->kosa8VerifyLabel()->text().contains(command),
                 qPrintable(f.page->kosa8VerifyLabel()->text()));
        QCOMPARE(f.page->kosa8VerifyLabel()->textFormat(), Qt::PlainText);
        QVERIFY(f.page->ledgerVerifyLabel()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(
            f.page->table()->currentIndex().isValid() &&
                f.page->table()->currentIndex().data(AuditTableModel::SeqRole).toLongLong() == 3,
            Slow);
        QVERIFY(f.page->table()->currentIndex().data(AuditTableModel::HighlightRole).toBool());
        QVERIFY(f.page->details()->text().contains(QStringLiteral("(tampered)")));
    }

    void unparsedLinesAreShownWithTheirNumbers()
    {
        Fixture f;
        f.env.setFaults(QJsonObject{
            {QStringLiteral("audit ls"), QJsonObject{{QStringLiteral("mode"), QStringLiteral("garbage")}}}});
        QVERIFY(f.open());
        QCOMPARE(f.model()->rowCount(), 0);
        QPushButton* problems = f.page->problemsButton();
        QVERIFY(problems->isVisible());
        QVERIFY2(problems->text().contains(QStringLiteral("12")), qPrintable(problems->text()));
        QTest::mouseClick(problems, Qt::LeftButton);
        QVERIFY(f.page->problemsView()->isVisible());
        const QString listed = f.page->problemsView()->toPlainText();
        QVERIFY(listed.contains(QStringLiteral("kosa8 line 1: ")));
        QVERIFY(listed.contains(QStringLiteral("kosa8 line 12: ")));
        QVERIFY(listed.contains(QStringLiteral("~11~")));
    }

    void exportsTheFilteredRows()
    {
        Fixture f;
        QVERIFY(f.prepare());
        QVERIFY(f.open());
        QComboBox* actor = f.page->filterBar()->actorBox();
        actor->setFocus();
        QTest::keyClick(actor, Qt::Key_Down); // agent
        QTRY_COMPARE_WITH_TIMEOUT(f.model()->rowCount(), 3, Slow);
        const QString path = f.env.root() + QStringLiteral("/export.csv");
        QSignalSpy done(f.page.get(), &app::HistoryPage::exportFinished);
        f.page->exportTo(path, history::AuditExport::Format::Csv);
        QVERIFY(done.wait(Slow));
        QVERIFY2(done.first().at(0).toBool(), qPrintable(done.first().at(1).toString()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QCOMPARE(lines.size(), 1 + 3 + 1); // header, three rows, the empty piece after the last CRLF
        QVERIFY(lines[0].startsWith("source,seq,time"));
        for (int i = 1; i <= 3; ++i)
            QVERIFY(lines[i].contains(",agent,"));
    }

    void stopKeepsWhatWasRead()
    {
        Fixture f;
        // Far more than can be read before Stop is pressed.
        qputenv("KOSA8_STANDIN_AUDIT_SYNTHETIC", "3000000");
        f.context = std::make_unique<app::AppContext>(f.env.options());
        f.page = std::make_unique<app::HistoryPage>(f.context.get());
        QSignalSpy loaded(f.page.get(), &app::HistoryPage::loaded);
        f.page->resize(1200, 700);
        f.page->show();
        qunsetenv("KOSA8_STANDIN_AUDIT_SYNTHETIC"); // the child has it already
        QTRY_VERIFY_WITH_TIMEOUT(f.model()->rowCount() > 0, Slow);
        QPushButton* stop = f.page->findChild<QPushButton*>(QStringLiteral("historyRefresh"));
        QVERIFY(stop);
        QCOMPARE(stop->text(), QStringLiteral("Stop"));
        QTest::mouseClick(stop, Qt::LeftButton);
        QVERIFY(loaded.wait(Slow) || !loaded.isEmpty());
        const auto result = loaded.first().at(0).value<history::AuditLoadResult>();
        QCOMPARE(result.job.outcome, kosa8::JobResult::Outcome::Cancelled);
        QVERIFY(f.waitFiltered());
        const int shown = f.model()->rowCount();
        QVERIFY(shown > 0);
        QVERIFY(shown < 3000000);
        QCOMPARE(stop->text(), QStringLiteral("Refresh"));
        QVERIFY(!f.page->history()->isLoading());
    }

    void refreshesAfterTheAppsOwnAction()
    {
        Fixture f;
        QVERIFY(f.prepare());
        QVERIFY(f.open());
        QCOMPARE(f.model()->rowCount(), 4);
        // The app stops a sandbox (any kosa8 action that changes state): the history follows.
        kosa8::Kosa8Job* job = f.context->runner()->start(kosa8::Operation::SandboxStop,
                                                          {{QStringLiteral("name"), QStringLiteral("box2")}});
        QSignalSpy jobDone(job, &kosa8::Kosa8Job::finished);
        QVERIFY(jobDone.wait(Slow));
        QTRY_COMPARE_WITH_TIMEOUT(f.model()->rowCount(), 5, Slow);
        QCOMPARE(f.cell(4, AuditColumn::Action), QStringLiteral("sandbox.stop"));
        QCOMPARE(f.cell(4, AuditColumn::Sandbox), QStringLiteral("box2"));
    }
};

QTEST_MAIN(TestHistoryPage)
#include "tst_historypage.moc"
