// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/EgressPolicy.h"
#include "policy/EgressRules.h"

#include <QDialog>
#include <QSet>
#include <QVariantMap>

#include <memory>

// The form (ui/<feature>/<Class>.ui) names its class k8::app::<Class>, so its strings share this class's
// translation context.
namespace k8::app::Ui {
class CreateSandboxDialog;
}

namespace k8::kosa8 {
class Kosa8Runner;
}

namespace k8::app {

class CommandPreviewField;
class ValidatedListEditor;

// "Create sandbox": name (validated as you type), egress (deny / allow-list / any), host
// mounts, and the exact command it will run. OK stays disabled until everything is valid.
// The dialog only collects; the page runs the command.
class CreateSandboxDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CreateSandboxDialog(const kosa8::Kosa8Runner* runner, QWidget* parent = nullptr);
    ~CreateSandboxDialog() override;

    // Names already taken (a duplicate is refused here rather than by kosa8).
    void setExistingNames(const QSet<QString>& names);

    QString name() const;
    kosa8::EgressPolicy egress() const;
    QStringList mounts() const;
    QVariantMap params() const;
    QString commandPreview() const;
    // Why OK is disabled (empty when it is enabled).
    QString problem() const { return m_problem; }
    bool canAccept() const { return m_problem.isEmpty(); }

    // The policy as the editor holds it (notes, typed spellings) while it still matches egress();
    // otherwise egress() as rules.
    policy::EgressRules rules() const;
    // Takes a policy from the policy editor: sets the mode and the hosts shown here.
    void setEditedRules(const policy::EgressRules& rules);
    QPushButton* policyEditorButton() const;
    // Opens again after kosa8 refused to create: what the person chose, and why it failed.
    void restore(const QString& name, const policy::EgressRules& rules, const QStringList& mounts,
                 const QString& refusal);
    QString refusalText() const;

    // What one allow-list entry may be, with examples (shown under the field and in its errors).
    static QString hostFormatText();
    // The check of one allow-list entry: empty when fine; otherwise what is wrong and what is
    // allowed. Several hosts typed into one entry are told apart from a wrong host.
    static QString checkHostEntry(const QString& entry);

    QPushButton* okButton() const;
    ValidatedListEditor* hostsEditor() const;
    ValidatedListEditor* mountsEditor() const;
    CommandPreviewField* commandField() const;

Q_SIGNALS:
    // The page opens the editor (it has the app context) and calls setEditedRules().
    void policyEditorRequested();

private:
    void revalidate();
    void tryAccept();
    std::unique_ptr<Ui::CreateSandboxDialog> m_ui;
    const kosa8::Kosa8Runner* m_runner;
    QSet<QString> m_existing;
    policy::EgressRules m_editedRules;
    bool m_hasEditedRules = false;
    QString m_problem;
};

} // namespace k8::app
