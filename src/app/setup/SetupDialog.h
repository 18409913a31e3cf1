// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>
#include <QList>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace k8::app {

class CodeSandboxSetup;

// The "Set up a code sandbox" wizard: the steps with their exact commands before anything
// runs, then each step's progress, and at the first failure a clear message with the command,
// exit code and stderr. Non-modal use: open(), never exec().
class SetupDialog : public QDialog
{
    Q_OBJECT
public:
    SetupDialog(CodeSandboxSetup* setup, QWidget* parent = nullptr);

    CodeSandboxSetup* setup() const { return m_setup; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    QString resultText() const;
    QString stepStateText(int index) const;
    QString outputText() const;

public Q_SLOTS:
    void reject() override;

private:
    struct StepRow
    {
        QLabel* icon = nullptr;
        QLabel* title = nullptr;
        QLabel* command = nullptr;
        QLabel* state = nullptr;
        QProgressBar* progress = nullptr;
    };
    void updateStep(int index);
    void onFinished(bool ok);

    CodeSandboxSetup* m_setup;
    QList<StepRow> m_rows;
    QLabel* m_result;
    QPlainTextEdit* m_output;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QPushButton* m_close;
};

} // namespace k8::app
