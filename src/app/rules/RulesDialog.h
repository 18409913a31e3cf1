// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

#include <memory>

class QLabel;
class QLineEdit;
class QPushButton;

// The form (ui/<feature>/<Class>.ui) names its class k8::app::<Class>, so its strings share this class's
// translation context.
namespace k8::app::Ui {
class RulesDialog;
}
namespace k8::agent {
class ReviewCoordinator;
}

namespace k8::app {

class RuleActionView;
class RulesTableModel;

// Lists the standing rules, shows what the selected one approves (RuleActionView), switches the
// app's own on and off, renames and deletes them.
class RulesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RulesDialog(agent::ReviewCoordinator* coordinator, QWidget* parent = nullptr);
    ~RulesDialog() override;

    RulesTableModel* model() const { return m_model; }
    QString messageText() const;
    // What the selected rule binds, as the details pane shows it (plain text).
    QString detailsText() const;
    RuleActionView* actionView() const { return m_actionView; }
    QLineEdit* nameEdit() const { return m_nameEdit; }

public Q_SLOTS:
    // Renames the selected rule to what the name field holds.
    void renameSelected();
    // Deletes the selected rule after asking through MessageBox (Cancel is the default).
    void deleteSelected();

private:
    void updateButtons();
    void setMessage(const QString& text);

    std::unique_ptr<Ui::RulesDialog> m_ui;
    RulesTableModel* m_model;
    QLineEdit* m_nameEdit;
    QPushButton* m_renameButton;
    QLabel* m_earlierNames;
    RuleActionView* m_actionView;
};

} // namespace k8::app
