// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"

#include <QAbstractTableModel>
#include <QList>
#include <QSet>

namespace k8::agent {

// Pending requests, oldest first (newest at the bottom). Columns: agent, title, kind, age,
// sandbox. Owned and filled by the coordinator; views only read it.
class InboxModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        AgentColumn,
        TitleColumn,
        MethodColumn,
        AgeColumn,
        SandboxColumn,
        ColumnCount
    };
    enum Role
    {
        KeyRole = Qt::UserRole + 1,
        ShapeRole,
        ReceivedAtRole,
        // bool: the request's source cannot reach its agent now (a LangGraph server that is
        // away), so it cannot be decided until it can (ReviewCoordinator::whyUndecidable()).
        UnreachableRole
    };

    explicit InboxModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // What the request is, in a reviewer's words ("sandbox run", "LangChain tool call", "question"),
    // not the protocol's method or payload shape names.
    static QString kindText(const Request& request);
    // The same words for what the ledger keeps of a request, its protocol method: a run is a
    // "sandbox run"; a review (whose payload shape the ledger does not record) is an "answer to
    // the agent".
    static QString methodText(Method method);
    // One sentence on what that method leads to, for a tooltip.
    static QString methodDescription(Method method);

    void append(const Request& request);
    bool remove(quint64 key);
    const Request* find(quint64 key) const;
    int rowOf(quint64 key) const;
    quint64 keyAt(int row) const;
    int count() const { return int(m_requests.size()); }
    // Re-renders the age column (the coordinator calls this on a timer).
    void refreshAges();
    // Marks a waiting request whose source cannot reach its agent now: its row says so in the
    // "Waiting" column, in text a screen reader reads with the row.
    void setUnreachable(quint64 key, bool unreachable);
    bool isUnreachable(quint64 key) const { return m_unreachable.contains(key); }

private:
    QList<Request> m_requests;
    QSet<quint64> m_unreachable;
};

} // namespace k8::agent
