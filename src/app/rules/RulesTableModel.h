// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/rules/Rules.h"

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QPointer>

namespace k8::agent {
class ReviewCoordinator;
}

namespace k8::app {

// The standing rules in force, from the coordinator: the app's own (switchable, deletable) and
// those of a --rules FILE (shown, never changed). Switching a rule goes straight to the
// coordinator, which saves rules.json; the model then re-reads.
class RulesTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        EnabledColumn,
        NameColumn,
        DecisionColumn,
        MatchColumn,
        SourceColumn,
        ColumnCount
    };
    enum Role
    {
        NameRole = Qt::UserRole + 1,
        ReadOnlyRole,
        DetailsRole // describeRule(): plain text, several lines
    };

    explicit RulesTableModel(agent::ReviewCoordinator* coordinator, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    const agent::Rule* ruleAt(int row) const;
    int rowOf(const QString& name) const;
    bool removeRule(int row, QString* error);
    // Renames one of the app's own rules (its old name joins its earlier names).
    bool renameRule(const QString& name, const QString& newName, QString* error);

    // One line for the table: what the action is when the rule carries it ("run python in box1:
    // print(1)"), then "exact action 3f2a…, agent \"bot\" (…)", "method run", "only from
    // LangGraph server http://…", ...
    static QString describeMatch(const agent::Rule& rule);
    // That first part: the action's kind, place and the start of its code, on one line.
    static QString summarizeAction(const QJsonObject& action);
    // Everything the rule names and what that binds, in words, for the details pane: the
    // decision, the full hash and what it covers, the agent (with the warning that agents choose
    // their own names), the method, the server it is limited to (or that it has none), where
    // the rule comes from and whether it is on. Plain text:
    // names in it may come from agents.
    static QString describeRule(const agent::Rule& rule);

public Q_SLOTS:
    void reload();

Q_SIGNALS:
    // A change the coordinator refused, with its reason.
    void failed(const QString& message);

private:
    QPointer<agent::ReviewCoordinator> m_coordinator;
    QList<agent::Rule> m_rules;
};

} // namespace k8::app
