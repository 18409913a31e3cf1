// SPDX-License-Identifier: Apache-2.0
#include "history/AuditTableModel.h"

#include "history/DecisionFields.h"
#include "history/TimeText.h"

namespace k8::history {

namespace {

// A cell shows one line: a long detail (agent text) is cut; the details pane shows all of it.
constexpr qsizetype MaxCellChars = 500;

QString oneLine(QString text)
{
    if (text.size() > MaxCellChars) {
        text.truncate(MaxCellChars);
        text += QStringLiteral("…");
    }
    for (QChar& c : text) {
        if (c == QLatin1Char('\n') || c == QLatin1Char('\r') || c == QLatin1Char('\t'))
            c = QLatin1Char(' ');
    }
    return text;
}

} // namespace

AuditTableModel::AuditTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    qRegisterMetaType<k8::history::AuditSort>();
}

void AuditTableModel::setStore(std::shared_ptr<const AuditStore> store)
{
    beginResetModel();
    m_store = std::move(store);
    m_rows.clear();
    m_highlighted = -1;
    endResetModel();
}

void AuditTableModel::setRows(const QList<qint32>& storeRows)
{
    if (storeRows.size() == m_rows.size() && storeRows == m_rows)
        return;
    if (storeRows.size() != m_rows.size()) {
        // Another number of rows is a reset (a layout change may not add or remove rows); the
        // owner selects its entry again by store row.
        beginResetModel();
        m_rows = storeRows;
        endResetModel();
        return;
    }
    // Same rows in another order: a layout change keeps the selection on the same entries where they still
    // show.
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList persistent = persistentIndexList();
    QList<qsizetype> persistentStoreRows;
    persistentStoreRows.reserve(persistent.size());
    for (const QModelIndex& index : persistent)
        persistentStoreRows.append(storeRow(index.row()));
    m_rows = storeRows;
    if (!persistent.isEmpty()) {
        QHash<qsizetype, int> where;
        for (qsizetype i = 0; i < persistent.size(); ++i)
            where.insert(persistentStoreRows[i], -1);
        for (int r = 0; r < m_rows.size(); ++r) {
            const auto it = where.find(m_rows[r]);
            if (it != where.end())
                it.value() = r;
        }
        QModelIndexList to;
        to.reserve(persistent.size());
        for (qsizetype i = 0; i < persistent.size(); ++i) {
            const int r = where.value(persistentStoreRows[i], -1);
            to.append(r < 0 ? QModelIndex() : index(r, persistent[i].column()));
        }
        changePersistentIndexList(persistent, to);
    }
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void AuditTableModel::appendRows(const QList<qint32>& storeRows)
{
    if (storeRows.isEmpty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + storeRows.size() - 1));
    m_rows.append(storeRows);
    endInsertRows();
}

qsizetype AuditTableModel::storeRow(int viewRow) const
{
    return viewRow >= 0 && viewRow < m_rows.size() ? m_rows[viewRow] : -1;
}

int AuditTableModel::viewRowOf(qsizetype row) const
{
    const qsizetype at = m_rows.indexOf(qint32(row));
    return int(at);
}

void AuditTableModel::setHighlightedStoreRow(qsizetype row)
{
    const qsizetype before = m_highlighted;
    m_highlighted = row;
    for (const qsizetype r : {before, row}) {
        const int view = r < 0 ? -1 : viewRowOf(r);
        if (view >= 0)
            Q_EMIT dataChanged(index(view, 0), index(view, columnCount() - 1));
    }
}

int AuditTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AuditTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(AuditColumn::Count);
}

QString AuditTableModel::sourceName(Source source)
{
    return source == Source::Desk ? QStringLiteral("desk") : QStringLiteral("kosa8");
}

QString AuditTableModel::cellText(const AuditStore& store, qsizetype row, AuditColumn column)
{
    const AuditRow& r = store.row(row);
    switch (column) {
    case AuditColumn::Time:
        return r.timeMs == AuditRow::NoTime ? store.textString(row, TextField::TimeText)
                                            : formatTimeMs(r.timeMs);
    case AuditColumn::Source:
        return sourceName(r.source);
    case AuditColumn::Actor:
        return store.name(NameColumn::Actor, r.names[int(NameColumn::Actor)]);
    case AuditColumn::Action:
        return store.name(NameColumn::Action, r.names[int(NameColumn::Action)]);
    case AuditColumn::Sandbox:
        return store.name(NameColumn::Sandbox, r.names[int(NameColumn::Sandbox)]);
    case AuditColumn::Detail:
        return store.textString(row, TextField::Detail);
    case AuditColumn::DecidedBy:
        return store.name(NameColumn::DecidedBy, r.names[int(NameColumn::DecidedBy)]);
    case AuditColumn::Seq:
        return r.seq < 0 ? QString() : QString::number(r.seq);
    case AuditColumn::Hash:
        return store.textString(row, TextField::Hash);
    case AuditColumn::Agent:
    case AuditColumn::Title:
    case AuditColumn::Method:
    case AuditColumn::Decision:
    case AuditColumn::DecidedByText:
    case AuditColumn::Where:
    case AuditColumn::Reason:
        return DecisionFields::cellText(store, row, column);
    case AuditColumn::Count:
        break;
    }
    return {};
}

QVariant AuditTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_store || !index.isValid() || index.row() >= m_rows.size() ||
        index.column() >= int(AuditColumn::Count))
        return {};
    const qsizetype row = m_rows[index.row()];
    const auto column = AuditColumn(index.column());
    switch (role) {
    case Qt::DisplayRole: {
        QString text = cellText(*m_store, row, column);
        if (column == AuditColumn::Hash)
            return text.left(10); // the tooltip and the details pane show all of it
        return oneLine(std::move(text));
    }
    case Qt::ToolTipRole:
        if (column == AuditColumn::Hash || column == AuditColumn::Detail)
            return oneLine(cellText(*m_store, row, column));
        return DecisionFields::toolTip(*m_store, row, column);
    case HighlightRole:
        return row == m_highlighted;
    case StoreRowRole:
        return qlonglong(row);
    case SourceRole:
        return int(m_store->row(row).source);
    case SeqRole:
        return qlonglong(m_store->row(row).seq);
    case TimeMsRole:
        return qlonglong(m_store->row(row).timeMs);
    case HashRole:
        return m_store->textString(row, TextField::Hash);
    default:
        return {};
    }
}

QVariant AuditTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (AuditColumn(section)) {
    case AuditColumn::Time:
        return tr("Time (UTC)");
    case AuditColumn::Source:
        return tr("Source");
    case AuditColumn::Actor:
        return tr("Actor");
    case AuditColumn::Action:
        return tr("Action");
    case AuditColumn::Sandbox:
        return tr("Sandbox");
    case AuditColumn::Detail:
        return tr("Detail");
    case AuditColumn::DecidedBy:
        return tr("Decided by");
    case AuditColumn::Seq:
        return tr("Seq");
    case AuditColumn::Hash:
        return tr("Hash");
    case AuditColumn::Agent:
        return tr("Agent");
    case AuditColumn::Title:
        return tr("Title");
    case AuditColumn::Method:
        return tr("Kind");
    case AuditColumn::Decision:
        return tr("Decision");
    case AuditColumn::DecidedByText:
        return tr("Decided by");
    case AuditColumn::Where:
        return tr("Where it ran");
    case AuditColumn::Reason:
        return tr("Reason sent");
    case AuditColumn::Count:
        break;
    }
    return {};
}

void AuditTableModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= int(AuditColumn::Count))
        return;
    const AuditSort wanted{AuditColumn(column), order};
    m_sort = wanted;
    if (!m_store)
        return;
    if (m_rows.size() > SyncSortLimit) {
        Q_EMIT sortRequested(wanted);
        return;
    }
    QList<qint32> sorted = m_rows;
    AuditFilterEngine::sort(*m_store, &sorted, wanted);
    setRows(sorted);
}

} // namespace k8::history
