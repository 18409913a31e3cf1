// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <optional>

class QMessageBox;
class QWidget;

namespace k8::app {

// A question box that tests can answer. ask() shows a modal QMessageBox (agent text in it is
// always plain text), unless a test set the next answer with setNextAnswer(): then it returns
// that answer at once, without a nested event loop that would block the test, and keeps what it
// would have asked (lastQuestion()).
class MessageBox
{
    Q_DECLARE_TR_FUNCTIONS(k8::app::MessageBox)
public:
    enum class Answer
    {
        Cancel, // Escape, closing the box, or the Cancel button
        Accept, // the Save button, or the Delete button when destructive (acceptText)
        Extra   // the extra button (extraText), when there is one
    };

    struct Question
    {
        QString objectName; // for tests and accessibility tools that look for the box
        QString title;
        QString text;       // shown as plain text
        QString acceptText; // the accept button's text; empty: "Save" (or "Delete" when destructive)
        QString extraText;  // empty: no extra button
        // The accept button deletes or discards something: a warning icon and a button in the
        // destructive role. Cancel stays the default either way.
        bool destructive = false;
        // A check box under the text that qualifies the answer ("only from this server"); empty
        // text: none. Its accessible name says what it does where the text alone is too short.
        QString checkText;
        QString checkAccessibleName;
        bool checked = false; // its state when the box opens
    };

    // Cancel is the default button, so Enter alone never accepts. `checked`: the check box's
    // state when the box closed (the question's own state when it has none or a test answered).
    static Answer ask(QWidget* parent, const Question& question, bool* checked = nullptr);

    // The box ask() shows for a question, not yet shown; answerOf() reads the button clicked.
    // Public so tests can check the box itself without a nested event loop.
    static std::unique_ptr<QMessageBox> createBox(QWidget* parent, const Question& question);
    static Answer answerOf(const QMessageBox& box);

    // Tests: the answer the next ask() gives without showing anything (once).
    static void setNextAnswer(Answer answer);
    // Tests: the check box state the next ask() answered by setNextAnswer() reports (once);
    // unset, it reports the question's `checked`, as a person who did not touch it.
    static void setNextChecked(bool checked);
    // Tests: clears and returns an answer set by setNextAnswer() that no ask() used, so a test
    // can show that nothing was asked and leaves no answer behind for the next one.
    static std::optional<Answer> takeNextAnswer();
    // Tests: the last question ask() was given (shown or answered by setNextAnswer()).
    static Question lastQuestion();

private:
    static std::optional<Answer> s_nextAnswer;
    static std::optional<bool> s_nextChecked;
    static Question s_lastQuestion;
};

} // namespace k8::app
