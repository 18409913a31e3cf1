#include "rules/RulesTableModel.h"

#include "agent/ReviewCoordinator.h"

#include <QFileInfo>

namespace k8::app {

RulesTableModel::RulesTableModel(agent::ReviewCoordinator* coordinator, QObject* parent)
    : QAbstractTableModel(parent)
    , m_coordinator(coordinator)
{
    if (coordinator)
        connect(coordinator, &agent::ReviewCoordinator::rulesChanged, this, &RulesTableModel::reload);
    reload();
}

void RulesTableModel::reload()
{
    beginResetModel();
    m_rules = m_coordinator ? m_coordinator->rules() : QList<agent::Rule>();
    endResetModel();
}

int RulesTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rules.size());
}

int RulesTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const agent::Rule* RulesTableModel::ruleAt(int row) const
{
    return row >= 0 && row < m_rules.size() ? &m_rules.at(row) : nullptr;
}

int RulesTableModel::rowOf(const QString& name) const
{
    for (int row = 0; row < m_rules.size(); ++row) {
        if (m_rules.at(row).name == name)
            return row;
    }
    return -1;
}

QString RulesTableModel::describeMatch(const agent::Rule& rule)
{
    QStringList parts;
    if (!rule.agent.isEmpty())
        parts << tr("agent \"%1\"").arg(rule.agent);
    if (!rule.method.isEmpty())
        parts << tr("method %1").arg(rule.method);
    if (!rule.codeSha256.isEmpty())
        parts << tr("exact code %1…").arg(rule.codeSha256.left(12));
    return parts.isEmpty() ? tr("nothing") : parts.join(tr(", "));
}

QVariant RulesTableModel::data(const QModelIndex& index, int role) const
{
    const agent::Rule* rule = index.isValid() ? ruleAt(index.row()) : nullptr;
    if (!rule)
        return {};
    if (role == NameRole)
        return rule->name;
    if (role == ReadOnlyRole)
        return rule->readOnly;
    if (role == Qt::ToolTipRole) {
        if (rule->readOnly)
            return tr("From %1, given with --rules: read-only here. Edit that file to change it.")
                .arg(rule->source);
        if (index.column() == MatchColumn && !rule->codeSha256.isEmpty())
            return tr("SHA-256 of the exact code: %1").arg(rule->codeSha256);
        return {};
    }
    if (role == Qt::CheckStateRole && index.column() == EnabledColumn)
        return rule->enabled ? Qt::Checked : Qt::Unchecked;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return rule->name;
    case DecisionColumn:
        return rule->decision == agent::Rule::Decision::Approve ? tr("approve") : tr("reject");
    case MatchColumn:
        return describeMatch(*rule);
    case SourceColumn:
        if (rule->readOnly)
            return tr("%1 (read-only)").arg(QFileInfo(rule->source).fileName());
        return rule->source.isEmpty() ? tr("this app") : QFileInfo(rule->source).fileName();
    default:
        return {};
    }
}

QVariant RulesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case EnabledColumn:
        return tr("On");
    case NameColumn:
        return tr("Name");
    case DecisionColumn:
        return tr("Decision");
    case MatchColumn:
        return tr("Matches");
    case SourceColumn:
        return tr("Source");
    default:
        return {};
    }
}

Qt::ItemFlags RulesTableModel::flags(const QModelIndex& index) const
{
    const agent::Rule* rule = index.isValid() ? ruleAt(index.row()) : nullptr;
    if (!rule)
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    if (index.column() == EnabledColumn && !rule->readOnly)
        flags |= Qt::ItemIsUserCheckable;
    return flags;
}

bool RulesTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    const agent::Rule* rule = index.isValid() ? ruleAt(index.row()) : nullptr;
    if (!rule || role != Qt::CheckStateRole || index.column() != EnabledColumn || !m_coordinator)
        return false;
    if (rule->readOnly) {
        Q_EMIT failed(
            tr("The rule \"%1\" comes from %2 and is read-only here.").arg(rule->name, rule->source));
        return false;
    }
    const bool enabled = value.toInt() == Qt::Checked;
    const QString name = rule->name;
    QString error;
    if (!m_coordinator->setRuleEnabled(name, enabled, &error)) {
        Q_EMIT failed(tr("The rule \"%1\" was not changed: %2").arg(name, error));
        return false;
    }
    reload();
    return true;
}

bool RulesTableModel::removeRule(int row, QString* error)
{
    const agent::Rule* rule = ruleAt(row);
    if (!rule || !m_coordinator) {
        if (error)
            *error = tr("There is no such rule.");
        return false;
    }
    if (rule->readOnly) {
        if (error)
            *error = tr("The rule \"%1\" comes from %2 and is read-only here.").arg(rule->name, rule->source);
        return false;
    }
    const QString name = rule->name;
    QString why;
    if (!m_coordinator->removeRule(name, &why)) {
        if (error)
            *error = tr("The rule \"%1\" was not deleted: %2").arg(name, why);
        return false;
    }
    reload();
    return true;
}

} // namespace k8::app
