// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

#include <memory>

// The form (ui/<feature>/<Class>.ui) names its class k8::app::<Class>, so its strings share this class's
// translation context.
namespace k8::app::Ui {
class RulesDialog;
}
namespace k8::agent {
class ReviewCoordinator;
}

namespace k8::app {

class RulesTableModel;

// Lists the standing rules, switches the app's own on and off and deletes them.
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

public Q_SLOTS:
    // Deletes the selected rule after asking through MessageBox (Cancel is the default).
    void deleteSelected();

private:
    void updateButtons();
    void setMessage(const QString& text);

    std::unique_ptr<Ui::RulesDialog> m_ui;
    RulesTableModel* m_model;
};

} // namespace k8::app
