// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>
#include <QStringList>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace k8::kosa8 {
class Kosa8Runner;
}

namespace k8::app {

class CommandPreviewField;

// "Checkpoint now": a label (a free one suggested), checked as it is typed against kosa8's
// rules and the labels the sandbox already has, and the exact command. Opened with open().
class CheckpointLabelDialog : public QDialog
{
    Q_OBJECT
public:
    CheckpointLabelDialog(kosa8::Kosa8Runner* runner, const QString& sandbox,
                          const QStringList& existingLabels, QWidget* parent = nullptr);

    QString label() const;
    QLineEdit* labelEdit() const { return m_label; }
    QLabel* problemLabel() const { return m_problem; }
    QPushButton* acceptButton() const { return m_accept; }
    CommandPreviewField* commandField() const { return m_command; }

private:
    void validate();
    kosa8::Kosa8Runner* m_runner;
    QString m_sandbox;
    QStringList m_existing;
    QLineEdit* m_label;
    QLabel* m_problem;
    CommandPreviewField* m_command;
    QPushButton* m_accept;
};

// "Fork": how many copies (1 to 64, kosa8's limit) and the exact command.
class ForkDialog : public QDialog
{
    Q_OBJECT
public:
    ForkDialog(kosa8::Kosa8Runner* runner, const QString& sandbox, QWidget* parent = nullptr);
    int count() const;
    QSpinBox* countBox() const { return m_count; }
    QPushButton* acceptButton() const { return m_accept; }

private:
    kosa8::Kosa8Runner* m_runner;
    QString m_sandbox;
    QSpinBox* m_count;
    CommandPreviewField* m_command;
    QPushButton* m_accept;
};

} // namespace k8::app
