// SPDX-License-Identifier: Apache-2.0
#include "kosa8/SandboxListModel.h"

#include <QLocale>
#include <QSet>

namespace k8::kosa8 {

namespace {

bool sameSandbox(const Sandbox& a, const Sandbox& b)
{
    return a.name == b.name && a.status == b.status && a.egress == b.egress && a.egress.raw == b.egress.raw &&
           a.images == b.images && a.created == b.created && a.createdText == b.createdText &&
           a.extra == b.extra;
}

QString rawEgress(const Sandbox& sandbox)
{
    return sandbox.egress.raw.isEmpty() ? sandbox.egress.toString() : sandbox.egress.raw;
}

} // namespace

SandboxListModel::SandboxListModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

int SandboxListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_sandboxes.size());
}

int SandboxListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SandboxListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= m_sandboxes.size())
        return {};
    const Sandbox& sandbox = m_sandboxes.at(index.row());
    switch (role) {
    case SandboxNameRole:
        return sandbox.name;
    case StatusRole:
        return sandbox.status;
    case EgressRawRole:
        return rawEgress(sandbox);
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return sandbox.name;
        case StatusColumn:
            return sandbox.status;
        case EgressColumn:
            return sandbox.egress.summary();
        case ImagesColumn:
            return sandbox.images.join(QStringLiteral(", "));
        case CreatedColumn:
            if (sandbox.created.isValid())
                return QLocale().toString(sandbox.created.toLocalTime(), QLocale::ShortFormat);
            return sandbox.createdText;
        default:
            return {};
        }
    case Qt::AccessibleDescriptionRole:
        if (index.column() == NameColumn && m_annotation)
            return m_annotation(sandbox.name);
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NameColumn:
            return m_annotation ? m_annotation(sandbox.name) : QString();
        case EgressColumn:
            return rawEgress(sandbox);
        case ImagesColumn:
            return sandbox.images.join(QLatin1Char('\n'));
        case CreatedColumn:
            return sandbox.createdText;
        default:
            return {};
        }
    default:
        return {};
    }
}

void SandboxListModel::setAnnotation(std::function<QString(const QString& name)> annotation)
{
    m_annotation = std::move(annotation);
    if (!m_sandboxes.isEmpty())
        Q_EMIT dataChanged(index(0, NameColumn), index(int(m_sandboxes.size()) - 1, NameColumn));
}

QVariant SandboxListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case StatusColumn:
        return tr("Status");
    case EgressColumn:
        return tr("Egress");
    case ImagesColumn:
        return tr("Images");
    case CreatedColumn:
        return tr("Created");
    default:
        return {};
    }
}

void SandboxListModel::clear()
{
    beginResetModel();
    m_sandboxes.clear();
    m_loaded = false;
    m_unreadableLines = 0;
    endResetModel();
}

void SandboxListModel::setSandboxes(const QList<Sandbox>& sandboxes, int unreadableLines)
{
    m_unreadableLines = qMax(0, unreadableLines);
    // Incoming list without duplicate names (the first one wins).
    QList<Sandbox> incoming;
    QSet<QString> seen;
    for (const Sandbox& sandbox : sandboxes) {
        if (!seen.contains(sandbox.name)) {
            seen.insert(sandbox.name);
            incoming.append(sandbox);
        }
    }

    // Rows whose name is gone, from the bottom so indexes stay valid.
    for (int row = int(m_sandboxes.size()) - 1; row >= 0; --row) {
        if (!seen.contains(m_sandboxes.at(row).name)) {
            beginRemoveRows({}, row, row);
            m_sandboxes.removeAt(row);
            endRemoveRows();
        }
    }

    // Rows that stay: change in place and say which.
    for (const Sandbox& sandbox : incoming) {
        const int row = rowOf(sandbox.name);
        if (row >= 0 && !sameSandbox(m_sandboxes.at(row), sandbox)) {
            m_sandboxes[row] = sandbox;
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        }
    }

    // New names go at the end, in the order kosa8 printed them.
    QList<Sandbox> added;
    for (const Sandbox& sandbox : incoming) {
        if (rowOf(sandbox.name) < 0)
            added.append(sandbox);
    }
    if (!added.isEmpty()) {
        const int first = int(m_sandboxes.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        m_sandboxes.append(added);
        endInsertRows();
    }
    m_loaded = true;
    Q_EMIT listed();
}

const Sandbox* SandboxListModel::find(const QString& name) const
{
    const int row = rowOf(name);
    return row >= 0 ? &m_sandboxes.at(row) : nullptr;
}

int SandboxListModel::rowOf(const QString& name) const
{
    for (qsizetype row = 0; row < m_sandboxes.size(); ++row) {
        if (m_sandboxes.at(row).name == name)
            return int(row);
    }
    return -1;
}

} // namespace k8::kosa8
