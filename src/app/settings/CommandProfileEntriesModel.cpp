// SPDX-License-Identifier: Apache-2.0
#include "settings/CommandProfileEntriesModel.h"

#include "style/Style.h"

#include <QFont>

namespace k8::app {

using kosa8::CommandProfileDocument;

CommandProfileEntriesModel::CommandProfileEntriesModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void CommandProfileEntriesModel::setDocument(const CommandProfileDocument& document)
{
    beginResetModel();
    m_document = document;
    endResetModel();
    Q_EMIT documentChanged();
}

void CommandProfileEntriesModel::setWords(int row, const QStringList& words)
{
    if (row < 0 || row >= rowCount())
        return;
    m_document.setWords(row, words);
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    Q_EMIT documentChanged();
}

bool CommandProfileEntriesModel::resetEntry(int row)
{
    if (row < 0 || row >= rowCount())
        return false;
    bool removed = false;
    if (m_document.entry(row).builtIn.isEmpty()) {
        beginRemoveRows({}, row, row);
        removed = m_document.reset(row);
        endRemoveRows();
    } else {
        m_document.reset(row);
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    Q_EMIT documentChanged();
    return removed;
}

void CommandProfileEntriesModel::resetAll()
{
    beginResetModel();
    m_document.resetAll();
    endResetModel();
    Q_EMIT documentChanged();
}

void CommandProfileEntriesModel::dropUnreadableParts()
{
    m_document.dropUnreadableParts();
    Q_EMIT documentChanged();
}

int CommandProfileEntriesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_document.count();
}

int CommandProfileEntriesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CommandProfileEntriesModel::statusText(int row) const
{
    const QString problem = m_document.problem(row);
    if (!problem.isEmpty())
        return tr("Invalid: %1").arg(problem);
    const CommandProfileDocument::Entry& entry = m_document.entry(row);
    if (entry.builtIn.isEmpty())
        return tr("Added by the file");
    return CommandProfileDocument::isOverridden(entry) ? tr("Overridden") : tr("Built-in");
}

QVariant CommandProfileEntriesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const int row = index.row();
    const CommandProfileDocument::Entry& entry = m_document.entry(row);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case KeyColumn:
            return CommandProfileDocument::qualifiedKey(entry);
        case PurposeColumn:
            return CommandProfileDocument::purpose(entry);
        case BuiltInColumn:
            return entry.builtIn.isEmpty() ? tr("(none)") : CommandProfileDocument::argvText(entry.builtIn);
        case CurrentColumn:
            return CommandProfileDocument::argvText(entry.words);
        case StatusColumn:
            return statusText(row);
        default:
            return {};
        }
    case Qt::FontRole:
        if (index.column() == BuiltInColumn || index.column() == CurrentColumn) {
            QFont font = style::monospaceFont();
            font.setBold(index.column() == CurrentColumn && CommandProfileDocument::isOverridden(entry));
            return font;
        }
        if (CommandProfileDocument::isOverridden(entry)) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == StatusColumn && !m_document.problem(row).isEmpty())
            return style::errorColor();
        return {};
    case Qt::DecorationRole:
        if (index.column() == KeyColumn && !m_document.problem(row).isEmpty())
            return style::icon(QStringLiteral("warning"), QStringLiteral("dialog-warning"));
        return {};
    case ProblemRole:
        return m_document.problem(row);
    case OverriddenRole:
        return CommandProfileDocument::isOverridden(entry);
    default:
        return {};
    }
}

QVariant CommandProfileEntriesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Entry");
    case PurposeColumn:
        return tr("What it is for");
    case BuiltInColumn:
        return tr("Built-in");
    case CurrentColumn:
        return tr("Current");
    case StatusColumn:
        return tr("Status");
    default:
        return {};
    }
}

} // namespace k8::app
