// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>
#include <QList>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;

namespace k8::app {

class CodeSandboxSetup;

namespace Ui {
class SetupDialog;
}

// The "Set up a code sandbox" wizard: the steps with their exact commands before anything
// runs, then each step's progress, and at the first failure a clear message with the command,
// exit code and stderr. Non-modal use: open(), never exec().
class SetupDialog : public QDialog
{
    Q_OBJECT
public:
    SetupDialog(CodeSandboxSetup* setup, QWidget* parent = nullptr);
    ~SetupDialog() override;

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
    // The three grid rows of each step, from the steps the setup holds.
    void addStepRows();
    void updateStep(int index);
    void onFinished(bool ok);

    // The fixed layout (ui/setup/SetupDialog.ui); the step rows and buttons are added in code.
    std::unique_ptr<Ui::SetupDialog> m_ui;
    CodeSandboxSetup* m_setup;
    QList<StepRow> m_rows;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QPushButton* m_close;
};

} // namespace k8::app
