// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>
#include <QHash>
#include <QPointer>

#include <memory>

class QComboBox;
class QGroupBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace k8::kosa8 {
class SandboxListModel;
}

namespace k8::app {

class AppContext;
class LangGraphServersEditor;
class ProfilesEditor;

namespace Ui {
class SettingsDialog;
}

// Settings: default sandbox for agent runs (picked from the existing sandboxes, or typed),
// image per language, the connection profiles (ProfilesEditor: local daemon and remote workers,
// tokens in the keychain, health per profile), the LangGraph servers watched for interrupts
// (LangGraphServersEditor: API keys in the keychain, health per server), output cap, refresh interval, and
// the command profile file (path, status, "Open folder", "Reload"). Values are checked as typed; Save stays
// disabled while any is wrong.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(AppContext* context, QWidget* parent = nullptr);
    ~SettingsDialog() override;

    // The existing sandboxes to choose the default from (the sandboxes page's list); the current
    // value is kept when it is not among them, with a note that says so.
    void setSandboxModel(kosa8::SandboxListModel* model);
    QComboBox* defaultSandboxCombo() const;
    // The combo's text field.
    QLineEdit* defaultSandboxEdit() const;
    // "There is no sandbox named …" under the combo; empty when the name exists or is empty.
    QString defaultSandboxNote() const;
    QLineEdit* imageEdit(const QString& language) const { return m_images.value(language); }
    // The profiles section; hostEdit() and tokenEdit() are its fields for the selected profile.
    ProfilesEditor* profilesEditor() const { return m_profiles; }
    // The LangGraph servers section.
    LangGraphServersEditor* langGraphServersEditor() const { return m_langGraphServers; }
    QLineEdit* hostEdit() const;
    QLineEdit* tokenEdit() const;
    QSpinBox* outputCapSpin() const;
    QSpinBox* refreshSpin() const;
    QSpinBox* armDelaySpin() const;
    QSpinBox* runStepLimitSpin() const;
    QPushButton* saveButton() const;
    QString problem() const { return m_problem; }
    QString profileStatusText() const;

public Q_SLOTS:
    void save();
    // Opens the command profile file editor; its Save updates the status line here.
    void editProfile();

private:
    void scrollWhenTallerThanTheScreen();
    // The "LangGraph servers" group, before the kosa8 group.
    void addLangGraphGroup();
    void revalidate();
    void updateProfileStatus();
    void fillSandboxes();
    void updateSandboxNote();
    // One "Image for <language>" row per language of AppSettings::languages(), added to the form.
    void addImageRows();
    // The fixed layout (ui/settings/SettingsDialog.ui); the image rows are added in code.
    std::unique_ptr<Ui::SettingsDialog> m_ui;
    AppContext* m_context;
    QPointer<kosa8::SandboxListModel> m_sandboxes;
    QHash<QString, QLineEdit*> m_images;
    QGroupBox* m_langGraphGroup = nullptr;
    ProfilesEditor* m_profiles;
    LangGraphServersEditor* m_langGraphServers;
    QString m_problem;
};

} // namespace k8::app
