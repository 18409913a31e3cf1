// SPDX-License-Identifier: Apache-2.0
#include "widgets/MessageBox.h"

#include <QCheckBox>
#include <QMessageBox>
#include <QPushButton>
#include <QtTest>

using k8::app::MessageBox;

namespace {
MessageBox::Question question(bool destructive, const QString& extra = {})
{
    MessageBox::Question q;
    q.objectName = QStringLiteral("testQuestion");
    q.title = QStringLiteral("Title");
    q.text = QStringLiteral("<b>agent</b> text");
    q.acceptText = destructive ? QString() : QStringLiteral("&Keep");
    q.extraText = extra;
    q.destructive = destructive;
    return q;
}
} // namespace

// The box MessageBox::ask() shows, checked without showing it (no nested event loop), and the
// answers tests give through setNextAnswer().
class TestMessageBox : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void boxIsPlainTextWithCancelAsDefault()
    {
        const auto box = MessageBox::createBox(nullptr, question(false, QStringLiteral("&More")));
        QCOMPARE(box->objectName(), QStringLiteral("testQuestion"));
        QCOMPARE(box->textFormat(), Qt::PlainText);
        QCOMPARE(box->text(), QStringLiteral("<b>agent</b> text"));
        QCOMPARE(box->icon(), QMessageBox::Question);
        QVERIFY(box->button(QMessageBox::Save));
        QCOMPARE(box->button(QMessageBox::Save)->text(), QStringLiteral("&Keep"));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
        QCOMPARE(box->escapeButton(), box->button(QMessageBox::Cancel));
        QCOMPARE(box->buttons().size(), 3);
    }

    void destructiveBoxWarnsAndKeepsCancelDefault()
    {
        const auto box = MessageBox::createBox(nullptr, question(true));
        QCOMPARE(box->icon(), QMessageBox::Warning);
        QVERIFY(!box->button(QMessageBox::Save));
        QAbstractButton* destroy = nullptr;
        for (QAbstractButton* button : box->buttons()) {
            if (box->buttonRole(button) == QMessageBox::DestructiveRole)
                destroy = button;
        }
        QVERIFY(destroy);
        QCOMPARE(destroy->text(), QStringLiteral("&Delete"));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
    }

    // The button clicked maps to the answer by its role; a box closed without a click cancels.
    void answerFollowsTheButtonClicked()
    {
        const auto box = MessageBox::createBox(nullptr, question(true, QStringLiteral("&More")));
        QCOMPARE(MessageBox::answerOf(*box), MessageBox::Answer::Cancel);
        for (QAbstractButton* button : box->buttons()) {
            button->click();
            const QMessageBox::ButtonRole role = box->buttonRole(button);
            const MessageBox::Answer expected =
                role == QMessageBox::DestructiveRole ? MessageBox::Answer::Accept
                : role == QMessageBox::ActionRole    ? MessageBox::Answer::Extra
                                                     : MessageBox::Answer::Cancel;
            QCOMPARE(MessageBox::answerOf(*box), expected);
        }
    }

    // A check box under the text, with its accessible name, reached by Tab before the buttons
    // (reading order); the state it closes with is what ask() reports.
    void checkBoxComesBeforeTheButtons()
    {
        MessageBox::Question q = question(false, QStringLiteral("&More"));
        q.checkText = QStringLiteral("&Only this");
        q.checkAccessibleName = QStringLiteral("Only for this one");
        q.checked = true;
        const auto box = MessageBox::createBox(nullptr, q);
        QCheckBox* check = box->checkBox();
        QVERIFY(check);
        QCOMPARE(check->text(), QStringLiteral("&Only this"));
        QCOMPARE(check->accessibleName(), QStringLiteral("Only for this one"));
        QVERIFY(check->isChecked());
        // From the check box, Tab visits every button before it comes back.
        QList<QAbstractButton*> visited;
        for (QWidget* next = check->nextInFocusChain(); next != check; next = next->nextInFocusChain()) {
            if (auto* button = qobject_cast<QAbstractButton*>(next))
                visited.append(button);
        }
        QCOMPARE(visited.size(), 3);
        // And no button comes between the box's start and the check box.
        for (QWidget* before = box->nextInFocusChain(); before != check; before = before->nextInFocusChain())
            QVERIFY2(!qobject_cast<QAbstractButton*>(before), qPrintable(before->objectName()));

        // None asked for: none shown.
        QVERIFY(!MessageBox::createBox(nullptr, question(false))->checkBox());
    }

    void nextCheckedIsReportedOnce()
    {
        MessageBox::Question q = question(false);
        q.checkText = QStringLiteral("&Only this");
        q.checked = true;
        bool checked = false;
        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        QCOMPARE(MessageBox::ask(nullptr, q, &checked), MessageBox::Answer::Accept);
        QVERIFY(checked); // untouched: as the question opened it
        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        MessageBox::setNextChecked(false);
        QCOMPARE(MessageBox::ask(nullptr, q, &checked), MessageBox::Answer::Accept);
        QVERIFY(!checked);
        MessageBox::setNextAnswer(MessageBox::Answer::Cancel);
        QCOMPARE(MessageBox::ask(nullptr, q, &checked), MessageBox::Answer::Cancel);
        QVERIFY(checked);
    }

    void nextAnswerIsGivenOnceAndTheQuestionKept()
    {
        MessageBox::setNextAnswer(MessageBox::Answer::Extra);
        QCOMPARE(MessageBox::ask(nullptr, question(false)), MessageBox::Answer::Extra);
        QCOMPARE(MessageBox::lastQuestion().objectName, QStringLiteral("testQuestion"));
        QCOMPARE(MessageBox::lastQuestion().text, QStringLiteral("<b>agent</b> text"));
        QVERIFY(!MessageBox::takeNextAnswer());

        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        QCOMPARE(MessageBox::takeNextAnswer(), std::optional(MessageBox::Answer::Accept));
        QVERIFY(!MessageBox::takeNextAnswer());
    }
};

QTEST_MAIN(TestMessageBox)
#include "tst_messagebox.moc"
