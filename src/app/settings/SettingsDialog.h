// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>
#include <QHash>
#include <QPointer>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace k8::kosa8 {
class SandboxListModel;
}

namespace k8::app {

class AppContext;

// Settings: default sandbox for agent runs (picked from the existing sandboxes, or typed),
// image per language, remote worker (host + token in
// a password field), output cap, refresh interval, and the command profile file (path, status,
// "Open folder", "Reload"). Values are checked as typed; Save stays disabled while any is wrong.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(AppContext* context, QWidget* parent = nullptr);

    // The existing sandboxes to choose the default from (the sandboxes page's list); the current
    // value is kept when it is not among them, with a note that says so.
    void setSandboxModel(kosa8::SandboxListModel* model);
    QComboBox* defaultSandboxCombo() const { return m_defaultSandbox; }
    // The combo's text field.
    QLineEdit* defaultSandboxEdit() const;
    // "There is no sandbox named …" under the combo; empty when the name exists or is empty.
    QString defaultSandboxNote() const;
    QLineEdit* imageEdit(const QString& language) const { return m_images.value(language); }
    QLineEdit* hostEdit() const { return m_host; }
    QLineEdit* tokenEdit() const { return m_token; }
    QSpinBox* outputCapSpin() const { return m_outputCapMiB; }
    QSpinBox* refreshSpin() const { return m_refreshS; }
    QSpinBox* armDelaySpin() const { return m_armDelayMs; }
    QPushButton* saveButton() const { return m_save; }
    QString problem() const { return m_problem; }
    QString profileStatusText() const;

public Q_SLOTS:
    void save();

private:
    void revalidate();
    void updateProfileStatus();
    void fillSandboxes();
    void updateSandboxNote();
    AppContext* m_context;
    QPointer<kosa8::SandboxListModel> m_sandboxes;
    QComboBox* m_defaultSandbox;
    QLabel* m_sandboxNote;
    QHash<QString, QLineEdit*> m_images;
    QLineEdit* m_host;
    QLineEdit* m_token;
    QSpinBox* m_outputCapMiB;
    QSpinBox* m_refreshS;
    QSpinBox* m_armDelayMs;
    QLabel* m_profilePath;
    QLabel* m_profileStatus;
    QLabel* m_message;
    QPushButton* m_save;
    QString m_problem;
};

} // namespace k8::app
