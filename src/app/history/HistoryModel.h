// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QList>

namespace k8::app {

// Decided requests as the ledger recorded them, newest first: when, agent, title, method,
// decision, who decided (you, a named rule, a timeout, the agent withdrawing, shutdown), for
// runs where the code ran or would have run, and the reject reason the agent received.
class HistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TimeColumn,
        AgentColumn,
        TitleColumn,
        MethodColumn,
        DecisionColumn,
        DecidedByColumn,
        WhereColumn,  // runs: language, sandbox, image and checkpoint; empty otherwise
        ReasonColumn, // the reject reason the agent received; empty when none was sent
        ColumnCount
    };
    enum Role
    {
        EntryRole = Qt::UserRole + 1,
        DecidedByRawRole
    };

    explicit HistoryModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Entries as Ledger::readRecent() returns them (oldest first); shown newest first.
    void setEntries(const QList<QJsonObject>& oldestFirst);
    QJsonObject entry(int row) const;
    // The row of the entry with this ledger hash (unique per entry); -1 when not shown.
    int rowOfHash(const QString& hash) const;
    // The newest row recording request `requestId` from `agent` with this payload hash (what a
    // decision notice knows of its entry); -1 when not shown.
    int rowOfRequest(const QString& requestId, const QString& agent, const QString& payloadSha256) const;

    // "person" -> "you", "rule:NAME" -> "rule NAME", ... for people.
    static QString describeDecidedBy(const QString& decidedBy);
    // "python in box1 (python:3.12-slim), checkpoint LABEL" from a run's entry; empty for others.
    static QString describeWhere(const QJsonObject& entry);

private:
    QList<QJsonObject> m_entries; // newest first
};

} // namespace k8::app
