// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLabel;

namespace k8::agent {
struct Rule;
}

namespace k8::app {

class CodeEditor;

// What a standing rule approves, shown as the review showed it when the person saved it: where a
// run goes (sandbox, image, language, checkpoint), the tool, the code highlighted and with
// hidden characters revealed (CodeEditor), and the other arguments. A hash alone tells a person
// nothing; a rule that does not carry its action (an older file, one written by hand) says that
// only its hash is known.
class RuleActionView : public QWidget
{
    Q_OBJECT
public:
    explicit RuleActionView(QWidget* parent = nullptr);

    // Shows `rule`'s action; null or a rule without one shows what is known in words.
    void showRule(const agent::Rule* rule);

    // For tests: the line about where and how it runs (or which tool), and the editors.
    QString placeText() const;
    CodeEditor* codeEditor() const { return m_code; }
    CodeEditor* argsEditor() const { return m_args; }

private:
    void showCode(const QString& code, const QString& language);
    void showArgs(const QJsonObject& args);

    QLabel* m_place;
    QLabel* m_codeLabel;
    CodeEditor* m_code;
    QLabel* m_argsLabel;
    CodeEditor* m_args;
};

} // namespace k8::app
