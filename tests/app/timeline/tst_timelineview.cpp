// SPDX-License-Identifier: Apache-2.0
// The painted view alone: layout on the time axis, keyboard, zoom, hit testing, accessibility.
#include "timeline/TimelineModel.h"
#include "timeline/TimelineView.h"

#include <QAccessible>
#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

using namespace k8;
using timeline::TimelineItem;

namespace {
timeline::TimelineBuild sample()
{
    timeline::TimelineInput input;
    input.sandbox = QStringLiteral("box");
    const QDateTime t0(QDate(2026, 11, 30), QTime(9, 0), Qt::UTC);
    for (int i = 0; i < 5; ++i) {
        kosa8::Checkpoint c;
        c.label = QStringLiteral("cp%1").arg(i);
        c.created = t0.addSecs(i * 3600);
        c.createdText = c.created.toString(Qt::ISODate);
        c.size = QStringLiteral("100MB");
        c.current = i == 2;
        input.checkpoints.append(c);
    }
    timeline::RunRecord run;
    run.sandbox = QStringLiteral("box");
    run.requestId = QStringLiteral("1");
    run.agent = QStringLiteral("coder");
    run.decidedBy = QStringLiteral("person");
    run.time = t0.addSecs(3600 + 1); // one second after cp1
    input.runs.append(run);
    return timeline::TimelineBuilder::build(input);
}
} // namespace

class TestTimelineView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // First in the file on purpose: the crash it guards against needs the first TimelineView of the
    // process (the accessibility factory was installed while that view was being built, too late).
    void focusOnTheFirstViewOfTheProcess()
    {
        QWidget parent;
        timeline::TimelineModel model(&parent);
        auto* view = new app::TimelineView(&parent);
        view->setModel(&model);
        parent.resize(800, 320);
        parent.show();
        QVERIFY(QTest::qWaitForWindowExposed(&parent));
        model.setBuild(QStringLiteral("box"), sample());
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Home);
        QCOMPARE(view->currentRow(), 0);
    }

    void layoutFollowsTimeWithReadableGaps()
    {
        timeline::TimelineModel model;
        model.setBuild(QStringLiteral("box"), sample());
        app::TimelineView view;
        view.setModel(&model);
        view.resize(800, 320);
        for (int row = 1; row < model.rowCount(); ++row)
            QVERIFY(view.contentX(row) > view.contentX(row - 1));
        // One second apart still gets room to click; an hour gets more, but is capped.
        const int runGap = view.contentX(2) - view.contentX(1);
        const int hourGap = view.contentX(4) - view.contentX(3);
        QVERIFY2(runGap >= 20, qPrintable(QString::number(runGap)));
        QVERIFY(hourGap > runGap);
        QVERIFY(hourGap <= 260);
        const int before = view.contentWidth();
        view.zoomBy(2.0);
        QVERIFY(view.contentWidth() > before);
    }

    void keyboardMovesAndAnnounces()
    {
        timeline::TimelineModel model;
        app::TimelineView view;
        view.setModel(&model);
        model.setBuild(QStringLiteral("box"), sample());
        view.resize(800, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // A fresh model selects the checkpoint the sandbox runs from.
        QCOMPARE(view.currentRow(), model.currentRow());
        view.setFocus();
        QSignalSpy details(&view, &app::TimelineView::detailsRequested);
        QTest::keyClick(&view, Qt::Key_Home);
        QCOMPARE(view.currentRow(), 0);
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Right);
        QCOMPARE(view.currentRow(), 2);
        QCOMPARE(model.item(2)->kind, TimelineItem::Kind::Run);
        QVERIFY(view.accessibleDescription().startsWith(QStringLiteral("Run: ")));
        QCOMPARE(view.accessibleDescription(), view.focusedItemText());
        QTest::keyClick(&view, Qt::Key_End);
        QCOMPARE(view.currentRow(), model.rowCount() - 1);
        QTest::keyClick(&view, Qt::Key_Right); // stays at the end
        QCOMPARE(view.currentRow(), model.rowCount() - 1);
        QTest::keyClick(&view, Qt::Key_Return);
        QCOMPARE(details.size(), 1);
        QCOMPARE(details.first().first().toInt(), model.rowCount() - 1);
        QVERIFY(!view.accessibleName().isEmpty());
    }

    void clickSelectsTheItemUnderTheMouse()
    {
        timeline::TimelineModel model;
        model.setBuild(QStringLiteral("box"), sample());
        app::TimelineView view;
        view.setModel(&model);
        view.resize(1600, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const int x = view.contentX(3) - view.horizontalScrollBar()->value();
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, QPoint(x + 2, 124));
        QCOMPARE(view.currentRow(), 3);
        QCOMPARE(view.rowAt(QPoint(x + 100, 124)), -1);
    }

    void itemsAreAccessibleChildren()
    {
        timeline::TimelineModel model;
        app::TimelineView view;
        view.setModel(&model);
        model.setBuild(QStringLiteral("box"), sample());
        view.resize(800, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QAccessibleInterface* list = QAccessible::queryAccessibleInterface(&view);
        QVERIFY(list);
        QCOMPARE(list->role(), QAccessible::List);
        QCOMPARE(list->childCount(), model.rowCount());
        QAccessibleInterface* run = list->child(2);
        QVERIFY(run);
        QCOMPARE(run->role(), QAccessible::ListItem);
        QCOMPARE(run->text(QAccessible::Name), timeline::TimelineBuilder::describe(*model.item(2)));
        QVERIFY(run->text(QAccessible::Description).contains(QStringLiteral("Agent: coder")));
        QCOMPARE(list->indexOfChild(run), 2);
        QCOMPARE(run->parent(), list);
        QCOMPARE(list->child(2), run); // the same interface each time
        QVERIFY(!list->child(model.rowCount()));
        view.setFocus();
        view.setCurrentRow(2);
        QVERIFY(run->state().focused);
        QVERIFY(run->state().selected);
        QCOMPARE(list->focusChild(), run);
        QVERIFY(!list->child(0)->state().selected);
        const QRect where = run->rect();
        QCOMPARE(list->childAt(where.center().x(), view.viewport()->mapToGlobal(QPoint(0, 124)).y()), run);
    }

    void emptyModelPaintsAndIgnoresKeys()
    {
        timeline::TimelineModel model;
        app::TimelineView view;
        view.setModel(&model);
        view.resize(400, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Return);
        QCOMPARE(view.currentRow(), -1);
        QVERIFY(view.focusedItemText().isEmpty());
        const QImage image = view.viewport()->grab().toImage();
        QVERIFY(!image.isNull());
    }
};

QTEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
