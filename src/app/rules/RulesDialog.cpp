// SPDX-License-Identifier: Apache-2.0
#include "rules/RulesDialog.h"

#include "ui_RulesDialog.h"

#include "rules/RulesTableModel.h"
#include "widgets/MessageBox.h"

#include <QHeaderView>
#include <QPushButton>
#include <QShortcut>

namespace k8::app {

RulesDialog::RulesDialog(agent::ReviewCoordinator* coordinator, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::RulesDialog>())
    , m_model(new RulesTableModel(coordinator, this))
{
    m_ui->setupUi(this);
    m_ui->table->setModel(m_model);
    m_ui->table->horizontalHeader()->setSectionResizeMode(RulesTableModel::MatchColumn, QHeaderView::Stretch);
    m_ui->table->verticalHeader()->hide();
    m_ui->table->resizeColumnsToContents();
    m_ui->deleteButton->setToolTip(
        tr("Delete the selected rule (%1)")
            .arg(QKeySequence(QKeySequence::Delete).toString(QKeySequence::NativeText)));
    setMessage({});

    auto* deleteShortcut = new QShortcut(QKeySequence::Delete, m_ui->table);
    deleteShortcut->setContext(Qt::WidgetShortcut);
    connect(deleteShortcut, &QShortcut::activated, this, &RulesDialog::deleteSelected);
    connect(m_ui->deleteButton, &QPushButton::clicked, this, &RulesDialog::deleteSelected);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_model, &RulesTableModel::failed, this, &RulesDialog::setMessage);
    connect(m_model, &QAbstractItemModel::modelReset, this, &RulesDialog::updateButtons);
    connect(m_ui->table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &RulesDialog::updateButtons);
    updateButtons();
}

RulesDialog::~RulesDialog() = default;

QString RulesDialog::messageText() const
{
    return m_ui->messageLabel->isHidden() ? QString() : m_ui->messageLabel->text();
}

QString RulesDialog::detailsText() const
{
    return m_ui->detailsLabel->isHidden() ? QString() : m_ui->detailsLabel->text();
}

void RulesDialog::setMessage(const QString& text)
{
    m_ui->messageLabel->setText(text);
    m_ui->messageLabel->setVisible(!text.isEmpty());
}

void RulesDialog::updateButtons()
{
    const agent::Rule* rule = m_model->ruleAt(m_ui->table->currentIndex().row());
    m_ui->deleteButton->setEnabled(rule && !rule->readOnly);
    m_ui->emptyLabel->setVisible(m_model->rowCount() == 0);
    // Plain text (the label's format): rule fields may come from agents.
    m_ui->detailsLabel->setText(rule ? RulesTableModel::describeRule(*rule) : QString());
    m_ui->detailsLabel->setVisible(rule != nullptr);
}

void RulesDialog::deleteSelected()
{
    const int row = m_ui->table->currentIndex().row();
    const agent::Rule* rule = m_model->ruleAt(row);
    if (!rule)
        return;
    if (rule->readOnly) {
        setMessage(tr("The rule \"%1\" comes from %2 and is read-only here.").arg(rule->name, rule->source));
        return;
    }
    const QString name = rule->name;
    // MessageBox shows plain text: a rule name may hold a tool name an agent chose.
    MessageBox::Question question;
    question.objectName = QStringLiteral("deleteRuleQuestion");
    question.title = tr("Delete rule?");
    question.text = tr("Delete the standing rule \"%1\"? Matching requests will ask you again.").arg(name);
    question.destructive = true;
    if (MessageBox::ask(this, question) != MessageBox::Answer::Accept)
        return;
    // The rules may have been re-read while the question was open: delete the rule by its name.
    QString error;
    if (!m_model->removeRule(m_model->rowOf(name), &error))
        setMessage(error);
    else
        setMessage({});
}

} // namespace k8::app
