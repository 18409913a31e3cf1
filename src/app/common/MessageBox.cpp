#include "common/MessageBox.h"

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

    QMessageBox box(QMessageBox::Question, question.title, question.text, QMessageBox::NoButton, parent);
    box.setObjectName(question.objectName);
    box.setTextFormat(Qt::PlainText);
    // A standard Save button (renamed where asked), so tools and tests find it by its role.
    QPushButton* accept = box.addButton(QMessageBox::Save);
    if (!question.acceptText.isEmpty())
        accept->setText(question.acceptText);
    QPushButton* extra =
        question.extraText.isEmpty() ? nullptr : box.addButton(question.extraText, QMessageBox::ActionRole);
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    const auto* clicked = box.clickedButton();
    if (clicked && clicked == accept)
        return Answer::Accept;
    if (clicked && extra && clicked == extra)
        return Answer::Extra;
    return Answer::Cancel;
}

void MessageBox::setNextAnswer(Answer answer)
{
    s_nextAnswer = answer;
}

MessageBox::Question MessageBox::lastQuestion()
{
    return s_lastQuestion;
}

} // namespace k8::app
