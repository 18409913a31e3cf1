// SPDX-License-Identifier: Apache-2.0
#include "rules/RulesDialog.h"

#include "ui_RulesDialog.h"

#include "rules/RuleActionView.h"
#include "rules/RulesTableModel.h"
#include "widgets/MessageBox.h"
#include "widgets/ReturnKey.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>

namespace k8::app {

RulesDialog::RulesDialog(agent::ReviewCoordinator* coordinator, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::RulesDialog>())
    , m_model(new RulesTableModel(coordinator, this))
    , m_nameEdit(new QLineEdit(this))
    , m_renameButton(new QPushButton(tr("Re&name"), this))
    , m_earlierNames(new QLabel(this))
    , m_actionView(new RuleActionView(this))
{
    m_ui->setupUi(this);
    resize(860, 720);
    // The selected rule's name, to rename it (Return or the button); its earlier names under it;
    // what it approves under its description.
    auto* nameLabel = new QLabel(tr("N&ame:"), this);
    nameLabel->setBuddy(m_nameEdit);
    m_nameEdit->setObjectName(QStringLiteral("ruleNameEdit"));
    m_nameEdit->setAccessibleName(tr("Name of the selected rule"));
    m_renameButton->setObjectName(QStringLiteral("renameRuleButton"));
    m_renameButton->setAccessibleName(tr("Rename the selected rule"));
    m_renameButton->setAutoDefault(false); // Return in the name field renames, nothing else
    m_ui->deleteButton->setAutoDefault(false);
    m_earlierNames->setObjectName(QStringLiteral("ruleEarlierNames"));
    m_earlierNames->setTextFormat(Qt::PlainText);
    m_earlierNames->setWordWrap(true);
    m_earlierNames->setAccessibleDescription(tr("Earlier names of the selected rule"));
    auto* nameRow = new QHBoxLayout;
    nameRow->addWidget(nameLabel);
    nameRow->addWidget(m_nameEdit, 1);
    nameRow->addWidget(m_renameButton);
    const int detailsAt = m_ui->layout->indexOf(m_ui->detailsLabel);
    m_ui->layout->insertLayout(detailsAt, nameRow);
    m_ui->layout->insertWidget(detailsAt + 1, m_earlierNames);
    m_ui->layout->insertWidget(m_ui->layout->indexOf(m_ui->detailsLabel) + 1, m_actionView);
    m_ui->layout->setStretchFactor(m_ui->table, 1);
    takeReturnKey(m_nameEdit, [this] { renameSelected(); });
    connect(m_renameButton, &QPushButton::clicked, this, &RulesDialog::renameSelected);
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
    m_nameEdit->setText(rule ? rule->name : QString());
    m_nameEdit->setEnabled(rule != nullptr);
    m_nameEdit->setReadOnly(!rule || rule->readOnly);
    m_renameButton->setEnabled(rule && !rule->readOnly);
    m_earlierNames->setText(rule && !rule->earlierNames.isEmpty()
                                ? tr("Earlier names (the ledger keeps the name that decided): %1")
                                      .arg(rule->earlierNames.join(QStringLiteral(", ")))
                                : QString());
    m_earlierNames->setVisible(!m_earlierNames->text().isEmpty());
    m_actionView->showRule(rule);
    m_ui->emptyLabel->setVisible(m_model->rowCount() == 0);
    // Plain text (the label's format): rule fields may come from agents.
    m_ui->detailsLabel->setText(rule ? RulesTableModel::describeRule(*rule) : QString());
    m_ui->detailsLabel->setVisible(rule != nullptr);
}

void RulesDialog::renameSelected()
{
    const agent::Rule* rule = m_model->ruleAt(m_ui->table->currentIndex().row());
    if (!rule || rule->readOnly || m_nameEdit->text().trimmed() == rule->name)
        return;
    const QString newName = m_nameEdit->text().trimmed();
    QString error;
    if (!m_model->renameRule(rule->name, newName, &error)) {
        setMessage(error);
        return;
    }
    setMessage({});
    const int row = m_model->rowOf(newName);
    if (row >= 0)
        m_ui->table->setCurrentIndex(m_model->index(row, RulesTableModel::NameColumn));
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
