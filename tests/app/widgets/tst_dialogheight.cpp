// SPDX-License-Identifier: Apache-2.0
#include "widgets/DialogHeight.h"
#include "widgets/FitToLines.h"

#include <QDialog>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>
#include <QtTest>

using k8::app::keepDialogHighEnough;

namespace {
const QString wrappedQuestion = QStringLiteral(
    "Rewind code-runner to the checkpoint before-w1? Its memory, processes and disk go back to that "
    "moment. Lost: what 2 runs and 1 later checkpoint captured, the first of them a run of sum numbers "
    "by rule-bot decided by a person, the second one decided by a rule.");

// A dialog with a word-wrapped question above a field, shown at the height it asks for.
struct QuestionDialog
{
    QDialog dialog;
    QLabel* question = new QLabel(wrappedQuestion, &dialog);
    QWidget* field = new QWidget(&dialog);

    QuestionDialog()
    {
        auto* layout = new QVBoxLayout(&dialog);
        question->setWordWrap(true);
        layout->addWidget(question);
        layout->addWidget(field);
        field->setFixedHeight(20);
        dialog.setMinimumWidth(420);
    }
    bool questionWhole() const { return question->height() >= question->heightForWidth(question->width()); }
    // setFixedHeight() resizes the field at once; the dialog lays it out when it next gets events.
    bool growFieldTo(int height)
    {
        field->setFixedHeight(height);
        const bool laidOut = QTest::qWaitFor([&] { return dialog.minimumHeight() > height; });
        QCoreApplication::sendPostedEvents();
        return laidOut;
    }
    bool inside(const QWidget* child) const
    {
        return dialog.rect().contains(QRect(child->mapTo(&dialog, QPoint()), child->size()));
    }
};
} // namespace

// keepDialogHighEnough(): a dialog grows with a field that grows after it is shown, so its
// word-wrapped text keeps every line; without it, Qt takes the field's room out of the text.
class TestDialogHeight : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void withoutItTheWrappedTextIsSqueezed()
    {
        // The defect the helper exists for, shown on plain Qt: this test fails when Qt starts
        // counting a wrapped label's lines in a window's minimum height, and the helper can go.
        QuestionDialog shown;
        shown.dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&shown.dialog));
        QVERIFY(shown.questionWhole());
        QVERIFY(shown.growFieldTo(80));
        QVERIFY(!shown.questionWhole());
    }

    void theDialogGrowsWithAFieldThatGrowsAfterItIsShown()
    {
        QuestionDialog shown;
        keepDialogHighEnough(&shown.dialog);
        keepDialogHighEnough(&shown.dialog); // a second call adds no second keeper
        QCOMPARE(shown.dialog.findChildren<QObject*>(QStringLiteral("dialogHeightKeeper")).size(), 1);
        shown.dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&shown.dialog));
        const int before = shown.dialog.height();
        QVERIFY(shown.growFieldTo(80));
        QVERIFY(shown.questionWhole());
        QVERIFY(shown.dialog.height() >= before + 60);
        QVERIFY(shown.inside(shown.question));
        QVERIFY(shown.inside(shown.field));
    }

    // It never shrinks a dialog the person made higher, and never grows past the screen.
    void itOnlyGrowsAndStopsAtTheScreen()
    {
        QuestionDialog shown;
        keepDialogHighEnough(&shown.dialog);
        shown.dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&shown.dialog));
        shown.dialog.resize(shown.dialog.width(), shown.dialog.height() + 200);
        const int higher = shown.dialog.height();
        QVERIFY(shown.growFieldTo(40));
        QCOMPARE(shown.dialog.height(), higher);

        // A question longer than the screen is high: the dialog stops at the screen.
        QuestionDialog tall;
        tall.question->setText(QStringList(200, wrappedQuestion).join(QLatin1Char(' ')));
        keepDialogHighEnough(&tall.dialog);
        tall.dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tall.dialog));
        QVERIFY(tall.growFieldTo(40));
        QVERIFY(tall.dialog.height() <= tall.dialog.screen()->availableGeometry().height());
    }

    // Through fitHeightToLines: a text field in a dialog that wraps to more lines once shown.
    void aFittedTextFieldMakesRoomInItsDialog()
    {
        QuestionDialog shown;
        auto* edit = new QPlainTextEdit(&shown.dialog);
        shown.dialog.layout()->addWidget(edit);
        k8::app::keepHeightFittedToLines(edit, 1, 12);
        shown.dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&shown.dialog));
        QVERIFY(shown.questionWhole());
        edit->setPlainText(QString(600, QLatin1Char('x'))); // wraps anywhere: many lines
        QTRY_VERIFY(edit->height() > 4 * edit->fontMetrics().lineSpacing());
        QTRY_VERIFY(shown.inside(edit));
        QVERIFY(shown.questionWhole());
        QVERIFY(shown.inside(edit));
    }
};

QTEST_MAIN(TestDialogHeight)
#include "tst_dialogheight.moc"
