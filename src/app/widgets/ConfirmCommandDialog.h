// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

class QLabel;
class QPushButton;

namespace k8::app {

class CommandPreviewField;

// "Are you sure?" that also shows the exact command the action will run, so the person can
// copy it or check it before saying yes. Opened with open(), never exec(): nothing blocks.
class ConfirmCommandDialog : public QDialog
{
    Q_OBJECT
public:
    ConfirmCommandDialog(const QString& title, const QString& question, const QString& command,
                         const QString& acceptText, QWidget* parent = nullptr);

    // A destructive action gets a red accept button and Cancel as the default.
    void setDestructive(bool destructive);
    QString questionText() const;
    QString command() const;
    QPushButton* acceptButton() const { return m_accept; }

private:
    QLabel* m_question;
    CommandPreviewField* m_command;
    QPushButton* m_accept;
    QPushButton* m_cancel;
};

} // namespace k8::app
