// SPDX-License-Identifier: Apache-2.0
#include "history/HistoryModel.h"

#include "agent/InboxModel.h"
#include "agent/RequestEnd.h"

#include <QDateTime>
#include <QLocale>

namespace k8::app {

HistoryModel::HistoryModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

int HistoryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int HistoryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString HistoryModel::describeDecidedBy(const QString& decidedBy)
{
    switch (agent::requestEndFrom(decidedBy)) {
    case agent::RequestEnd::Person:
        return tr("you");
    case agent::RequestEnd::Rule:
        return tr("rule \"%1\"").arg(agent::ruleNameFrom(decidedBy));
    case agent::RequestEnd::TimedOut:
        return tr("timed out");
    case agent::RequestEnd::Withdrawn:
        return tr("withdrawn by the agent");
    case agent::RequestEnd::Shutdown:
        return tr("app shut down");
    case agent::RequestEnd::Pending:
    case agent::RequestEnd::Other:
        break;
    }
    return decidedBy;
}

QString HistoryModel::describeWhere(const QJsonObject& entry)
{
    const QString sandbox = entry.value(QLatin1String("sandbox")).toString();
    if (sandbox.isEmpty())
        return {}; // a review, or a run recorded before the ledger said where
    const QString checkpoint = entry.value(QLatin1String("checkpoint")).toString();
    return tr("%1 in %2 (%3), %4")
        .arg(entry.value(QLatin1String("language")).toString(), sandbox,
             entry.value(QLatin1String("image")).toString(),
             checkpoint.isEmpty() ? tr("no checkpoint") : tr("checkpoint %1").arg(checkpoint));
}

QVariant HistoryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const QJsonObject& entry = m_entries.at(index.row());
    if (role == EntryRole)
        return entry;
    if (role == DecidedByRawRole)
        return entry.value(QLatin1String("decided_by")).toString();
    if (role == Qt::ToolTipRole && index.column() == ReasonColumn)
        return entry.value(QLatin1String("reason")).toString();
    // The ledger's method text: a method this app does not know (a newer ledger, an edited file)
    // is shown as it is, without a description.
    const std::optional<agent::Method> method =
        agent::methodFrom(entry.value(QLatin1String("method")).toString());
    if (role == Qt::ToolTipRole && index.column() == MethodColumn)
        return method ? agent::InboxModel::methodDescription(*method) : QString();
    if (role == Qt::ToolTipRole && index.column() == TitleColumn)
        return tr("Request %1, payload SHA-256 %2")
            .arg(entry.value(QLatin1String("request")).toVariant().toString(),
                 entry.value(QLatin1String("payload_sha256")).toString());
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case TimeColumn: {
        const QDateTime time =
            QDateTime::fromString(entry.value(QLatin1String("time")).toString(), Qt::ISODateWithMs);
        return time.isValid() ? QLocale().toString(time.toLocalTime(), QLocale::ShortFormat)
                              : entry.value(QLatin1String("time")).toString();
    }
    case AgentColumn:
        return entry.value(QLatin1String("agent")).toString();
    case TitleColumn:
        return entry.value(QLatin1String("title")).toString();
    case MethodColumn:
        // The pending list's words, not the protocol's method names.
        return method ? agent::InboxModel::methodText(*method)
                      : entry.value(QLatin1String("method")).toString();
    case DecisionColumn:
        return entry.value(QLatin1String("decision")).toString();
    case DecidedByColumn:
        return describeDecidedBy(entry.value(QLatin1String("decided_by")).toString());
    case WhereColumn:
        return describeWhere(entry);
    case ReasonColumn:
        // One line in the table (the agent's reason may span several); the tooltip has it all.
        return entry.value(QLatin1String("reason")).toString().simplified();
    default:
        return {};
    }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("When");
    case AgentColumn:
        return tr("Agent");
    case TitleColumn:
        return tr("Title");
    case MethodColumn:
        return tr("Kind");
    case DecisionColumn:
        return tr("Decision");
    case DecidedByColumn:
        return tr("Decided by");
    case WhereColumn:
        return tr("Where it ran");
    case ReasonColumn:
        return tr("Reason sent");
    default:
        return {};
    }
}

void HistoryModel::setEntries(const QList<QJsonObject>& oldestFirst)
{
    beginResetModel();
    m_entries.clear();
    m_entries.reserve(oldestFirst.size());
    for (auto it = oldestFirst.crbegin(); it != oldestFirst.crend(); ++it)
        m_entries.append(*it);
    endResetModel();
}

QJsonObject HistoryModel::entry(int row) const
{
    return row >= 0 && row < m_entries.size() ? m_entries.at(row) : QJsonObject();
}

} // namespace k8::app

namespace k8::app {

int HistoryModel::rowOfHash(const QString& hash) const
{
    if (hash.isEmpty())
        return -1;
    for (int row = 0; row < m_entries.size(); ++row) {
        if (m_entries.at(row).value(QLatin1String("hash")).toString() == hash)
            return row;
    }
    return -1;
}

int HistoryModel::rowOfRequest(const QString& requestId, const QString& agent,
                               const QString& payloadSha256) const
{
    for (int row = 0; row < m_entries.size(); ++row) { // newest first
        const QJsonObject& entry = m_entries.at(row);
        if (entry.value(QLatin1String("request")).toVariant().toString() == requestId &&
            entry.value(QLatin1String("agent")).toString() == agent &&
            entry.value(QLatin1String("payload_sha256")).toString() == payloadSha256)
            return row;
    }
    return -1;
}

} // namespace k8::app
