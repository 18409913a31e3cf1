#pragma once

#include "kosa8/EgressPolicy.h"

#include <QDialog>
#include <QSet>
#include <QVariantMap>

#include <memory>

namespace Ui {
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

    QPushButton* okButton() const;
    ValidatedListEditor* hostsEditor() const;
    ValidatedListEditor* mountsEditor() const;
    CommandPreviewField* commandField() const;

private:
    void revalidate();
    void tryAccept();
    std::unique_ptr<Ui::CreateSandboxDialog> m_ui;
    const kosa8::Kosa8Runner* m_runner;
    QSet<QString> m_existing;
    QString m_problem;
};

} // namespace k8::app
