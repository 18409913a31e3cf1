// SPDX-License-Identifier: Apache-2.0
#include "widgets/MessageBox.h"

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
