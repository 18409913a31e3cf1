// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditFilter.h"
#include "history/AuditStore.h"

#include <QAbstractTableModel>
#include <QList>

#include <memory>

namespace k8::history {

// The history table: a store plus the rows the filter let through, in display order (a vector of
// row indices, 4 bytes a row). Display text is built from the store when the view asks for it.
// Sorting a few rows happens at once; a long list asks its owner to sort off the UI thread
// (sortRequested()), which then hands the sorted rows back with setRows().
class AuditTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // Rows up to this many are sorted on the spot in sort().
    static constexpr qsizetype SyncSortLimit = 50'000;

    enum Role
    {
        StoreRowRole = Qt::UserRole + 1, // qlonglong: the row in the store
        SourceRole,                      // int(Source)
        SeqRole,                         // qlonglong
        TimeMsRole,                      // qlonglong; NoTime when unknown
        HashRole,
        HighlightRole, // bool: verify's first entry that does not chain (the view paints it)
    };

    explicit AuditTableModel(QObject* parent = nullptr);

    void setStore(std::shared_ptr<const AuditStore> store);
    std::shared_ptr<const AuditStore> store() const { return m_store; }

    // Replaces the rows (a new filter or sort result).
    void setRows(const QList<qint32>& storeRows);
    // Appends rows that came in while loading (already filtered, in store order).
    void appendRows(const QList<qint32>& storeRows);
    const QList<qint32>& rows() const { return m_rows; }
    qsizetype storeRow(int viewRow) const;
    // The view row showing store row `storeRow`, or -1.
    int viewRowOf(qsizetype storeRow) const;

    AuditSort sortOrder() const { return m_sort; }
    void setSortOrder(const AuditSort& sort) { m_sort = sort; }
    // The row to highlight (verify's first entry that does not chain); -1: none.
    void setHighlightedStoreRow(qsizetype storeRow);
    qsizetype highlightedStoreRow() const { return m_highlighted; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // "kosa8" or "desk"
    static QString sourceName(Source source);
    // The display text of one column of a store row (also the export's).
    static QString cellText(const AuditStore& store, qsizetype storeRow, AuditColumn column);

Q_SIGNALS:
    // sort() on more than SyncSortLimit rows: the owner sorts off the UI thread.
    void sortRequested(const k8::history::AuditSort& sort);

private:
    std::shared_ptr<const AuditStore> m_store;
    QList<qint32> m_rows;
    AuditSort m_sort;
    qsizetype m_highlighted = -1;
};

} // namespace k8::history
