// SPDX-License-Identifier: Apache-2.0
#include "widgets/MessageBox.h"

#include <QCheckBox>
#include <QMessageBox>
#include <QPushButton>

#include <utility>

namespace k8::app {

std::optional<MessageBox::Answer> MessageBox::s_nextAnswer;
std::optional<bool> MessageBox::s_nextChecked;
MessageBox::Question MessageBox::s_lastQuestion;

MessageBox::Answer MessageBox::ask(QWidget* parent, const Question& question, bool* checked)
{
    s_lastQuestion = question;
    if (s_nextAnswer) {
        const bool nextChecked = std::exchange(s_nextChecked, std::nullopt).value_or(question.checked);
        if (checked)
            *checked = nextChecked;
        return *std::exchange(s_nextAnswer, std::nullopt);
    }

    const std::unique_ptr<QMessageBox> box = createBox(parent, question);
    box->exec();
    if (checked)
        *checked = box->checkBox() ? box->checkBox()->isChecked() : question.checked;
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
    if (!question.checkText.isEmpty()) {
        auto* check = new QCheckBox(question.checkText);
        check->setObjectName(QStringLiteral("questionCheck"));
        check->setChecked(question.checked);
        check->setAccessibleName(question.checkAccessibleName.isEmpty() ? question.checkText
                                                                        : question.checkAccessibleName);
        box->setCheckBox(check);
        // Reading order: the check box sits above the buttons, so Tab reaches it before them (it
        // joined the box after them, which put it last). The buttons keep their order among
        // themselves, which the button box set by where they stand.
        QList<QWidget*> buttons;
        for (QWidget* next = check->nextInFocusChain(); next != check; next = next->nextInFocusChain()) {
            if (qobject_cast<QAbstractButton*>(next))
                buttons.append(next);
        }
        QWidget* previous = check;
        for (QWidget* button : std::as_const(buttons)) {
            QWidget::setTabOrder(previous, button);
            previous = button;
        }
    }
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

void MessageBox::setNextChecked(bool checked)
{
    s_nextChecked = checked;
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
