// SPDX-License-Identifier: Apache-2.0
#include "timeline/TimelineModel.h"

namespace k8::timeline {

TimelineModel::TimelineModel(QObject* parent)
    : QAbstractListModel(parent)
{}

void TimelineModel::setBuild(const QString& sandbox, const TimelineBuild& build)
{
    beginResetModel();
    m_sandbox = sandbox;
    m_items = build.items;
    m_currentRow = build.currentRow;
    m_problems = build.problems;
    m_loadedAt = QDateTime::currentDateTimeUtc();
    endResetModel();
    setStale(false);
}

void TimelineModel::clear()
{
    setBuild(QString(), TimelineBuild());
}

const TimelineItem* TimelineModel::item(int row) const
{
    return row >= 0 && row < m_items.size() ? &m_items[row] : nullptr;
}

int TimelineModel::rowOfCheckpoint(const QString& label) const
{
    for (int row = 0; row < m_items.size(); ++row) {
        if (m_items[row].kind == TimelineItem::Kind::Checkpoint && m_items[row].label == label)
            return row;
    }
    return -1;
}

int TimelineModel::rowOfRun(const QString& requestId) const
{
    for (int row = int(m_items.size()) - 1; row >= 0; --row) {
        if (m_items[row].kind == TimelineItem::Kind::Run && m_items[row].run.requestId == requestId)
            return row;
    }
    return -1;
}

QStringList TimelineModel::checkpointLabels() const
{
    QStringList labels;
    for (const TimelineItem& item : m_items) {
        if (item.kind == TimelineItem::Kind::Checkpoint)
            labels.append(item.label);
    }
    return labels;
}

void TimelineModel::setStale(bool stale, const QString& reason)
{
    const bool changed = stale != m_stale;
    m_stale = stale;
    m_staleReason = stale ? reason : QString();
    if (changed)
        Q_EMIT staleChanged(stale);
}

int TimelineModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

QVariant TimelineModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TimelineItem& item = m_items[index.row()];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        return TimelineBuilder::describe(item);
    case Qt::ToolTipRole:
    case DetailsRole:
        return TimelineBuilder::details(item);
    case KindRole:
        return int(item.kind);
    case LabelRole:
        return item.label;
    case TimeRole:
        return item.time;
    case SizeRole:
        return item.size;
    case CurrentRole:
        return item.current;
    case BaseRole:
        return item.base;
    case ExitCodeRole:
        return item.kind == TimelineItem::Kind::Run && item.run.hasResult && item.run.ran
                   ? QVariant(item.run.exitCode)
                   : QVariant();
    case AgentRole:
        return item.run.agent;
    case DecidedByRole:
        return item.run.decidedBy;
    case CheckpointMissingRole:
        return item.checkpointMissing;
    case CheckpointRowRole:
        return item.checkpointRow;
    default:
        return {};
    }
}

QHash<int, QByteArray> TimelineModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(KindRole, "kind");
    names.insert(LabelRole, "label");
    names.insert(TimeRole, "time");
    names.insert(SizeRole, "size");
    names.insert(CurrentRole, "current");
    names.insert(BaseRole, "base");
    names.insert(ExitCodeRole, "exitCode");
    names.insert(AgentRole, "agent");
    names.insert(DecidedByRole, "decidedBy");
    names.insert(CheckpointMissingRole, "checkpointMissing");
    names.insert(CheckpointRowRole, "checkpointRow");
    names.insert(DetailsRole, "details");
    return names;
}

} // namespace k8::timeline
