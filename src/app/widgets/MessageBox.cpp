// SPDX-License-Identifier: Apache-2.0
#include "widgets/MessageBox.h"

#include <QMessageBox>
#include <QPushButton>

#include <utility>

namespace k8::app {

std::optional<MessageBox::Answer> MessageBox::s_nextAnswer;
MessageBox::Question MessageBox::s_lastQuestion;

MessageBox::Answer MessageBox::ask(QWidget* parent, const Question& question)
{
    s_lastQuestion = question;
    if (s_nextAnswer)
        return *std::exchange(s_nextAnswer, std::nullopt);

    const std::unique_ptr<QMessageBox> box = createBox(parent, question);
    box->exec();
    return answerOf(*box);
}

std::unique_ptr<QMessageBox> MessageBox::createBox(QWidget* parent, const Question& question)
{
    auto box =
        std::make_unique<QMessageBox>(question.destructive ? QMessageBox::Warning : QMessageBox::Question,
                                      question.title, question.text, QMessageBox::NoButton, parent);
    box->setObjectName(question.objectName);
    box->setTextFormat(Qt::PlainText);
    // A standard button or role (renamed where asked), so tools and tests find it by its role.
    if (question.destructive) {
        box->addButton(question.acceptText.isEmpty() ? tr("&Delete") : question.acceptText,
                       QMessageBox::DestructiveRole);
    } else {
        QPushButton* accept = box->addButton(QMessageBox::Save);
        // The standard button's text has no mnemonic on every platform: Alt+S saves everywhere.
        accept->setText(question.acceptText.isEmpty() ? tr("&Save") : question.acceptText);
    }
    if (!question.extraText.isEmpty())
        box->addButton(question.extraText, QMessageBox::ActionRole);
    QPushButton* cancel = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(cancel);
    box->setEscapeButton(cancel);
    return box;
}

MessageBox::Answer MessageBox::answerOf(const QMessageBox& box)
{
    QAbstractButton* clicked = box.clickedButton();
    if (!clicked)
        return Answer::Cancel;
    switch (box.buttonRole(clicked)) {
    case QMessageBox::AcceptRole:
    case QMessageBox::DestructiveRole:
        return Answer::Accept;
    case QMessageBox::ActionRole:
        return Answer::Extra;
    default:
        return Answer::Cancel;
    }
}

void MessageBox::setNextAnswer(Answer answer)
{
    s_nextAnswer = answer;
}

std::optional<MessageBox::Answer> MessageBox::takeNextAnswer()
{
    return std::exchange(s_nextAnswer, std::nullopt);
}

MessageBox::Question MessageBox::lastQuestion()
{
    return s_lastQuestion;
}

} // namespace k8::app
