// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timeline/TimelineBuilder.h"

#include <QAbstractListModel>
#include <QDateTime>

namespace k8::timeline {

// One sandbox's timeline as a list model, one row per item in timeline order. The painted
// view and the tests read it; the loader fills it. A failed refresh keeps the rows and sets
// stale, so the last good view stays visible and is marked as such.
class TimelineModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role
    {
        KindRole = Qt::UserRole + 1, // int(TimelineItem::Kind)
        LabelRole,
        TimeRole, // QDateTime as printed/recorded
        SizeRole,
        CurrentRole,
        BaseRole,
        ExitCodeRole, // int, or invalid when no result
        AgentRole,
        DecidedByRole,
        CheckpointMissingRole, // runs
        CheckpointRowRole,     // runs: row of the checkpoint before it (-1: none)
        DetailsRole,           // several lines, for the details panel
    };

    explicit TimelineModel(QObject* parent = nullptr);

    void setBuild(const QString& sandbox, const TimelineBuild& build);
    void clear();
    QString sandbox() const { return m_sandbox; }
    const QList<TimelineItem>& items() const { return m_items; }
    const TimelineItem* item(int row) const;
    int currentRow() const { return m_currentRow; }
    // Row of the checkpoint with this label; -1 when not listed.
    int rowOfCheckpoint(const QString& label) const;
    // Row of the run with this request id (the newest, as ids repeat across agents); -1: none.
    int rowOfRun(const QString& requestId) const;
    QStringList checkpointLabels() const;
    QStringList problems() const { return m_problems; }

    // The last refresh failed: the rows are the last good ones. The reason is for the banner.
    void setStale(bool stale, const QString& reason = {});
    bool isStale() const { return m_stale; }
    QString staleReason() const { return m_staleReason; }
    QDateTime loadedAt() const { return m_loadedAt; }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    void staleChanged(bool stale);

private:
    QString m_sandbox;
    QList<TimelineItem> m_items;
    int m_currentRow = -1;
    QStringList m_problems;
    bool m_stale = false;
    QString m_staleReason;
    QDateTime m_loadedAt;
};

} // namespace k8::timeline
