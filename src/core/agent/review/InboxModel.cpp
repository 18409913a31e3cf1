// SPDX-License-Identifier: Apache-2.0
#include "agent/review/InboxModel.h"

#include "agent/payload/HiddenText.h"

#include <QDateTime>
#include <QLocale>

namespace k8::agent {

namespace {

QString ageText(const QDateTime& receivedAt, const QDateTime& now)
{
    const qint64 seconds = qMax<qint64>(0, receivedAt.secsTo(now));
    if (seconds < 60)
        return InboxModel::tr("%n s", nullptr, int(seconds));
    if (seconds < 3600)
        return InboxModel::tr("%n min", nullptr, int(seconds / 60));
    if (seconds < 86400)
        return InboxModel::tr("%n h", nullptr, int(seconds / 3600));
    return InboxModel::tr("%n d", nullptr, int(seconds / 86400));
}

} // namespace

InboxModel::InboxModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

int InboxModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_requests.size());
}

int InboxModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant InboxModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= m_requests.size())
        return {};
    const Request& request = m_requests.at(index.row());
    switch (role) {
    case KeyRole:
        return QVariant::fromValue(request.key);
    case ShapeRole:
        return shapeName(request.shape);
    case ReceivedAtRole:
        return request.receivedAt;
    case UnreachableRole:
        return m_unreachable.contains(request.key);
    case Qt::DisplayRole:
        switch (index.column()) {
        // Agent text with its bidi controls and invisible characters named, never applied.
        case AgentColumn:
            return HiddenText::revealedInline(request.agent);
        case TitleColumn:
            return HiddenText::revealedInline(request.title);
        case MethodColumn:
            return kindText(request);
        case AgeColumn: {
            const QString age = ageText(request.receivedAt, QDateTime::currentDateTimeUtc());
            //: The Waiting column of a request whose LangGraph server cannot be reached now; %1 is
            //: how long it has waited ("2 min").
            return m_unreachable.contains(request.key) ? tr("%1, server unreachable").arg(age) : age;
        }
        case SandboxColumn:
            return request.method == Method::Run ? request.run.sandbox : QString();
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == AgeColumn) {
            const QString since = QLocale().toString(request.receivedAt.toLocalTime(), QLocale::LongFormat);
            if (m_unreachable.contains(request.key))
                return tr("%1. Its server cannot be reached now: it can be decided once the server answers "
                          "again.")
                    .arg(since);
            return since;
        }
        // Titles and agent names elide in a narrow list: the tooltip has them in full.
        if (index.column() == TitleColumn)
            return HiddenText::revealedInline(request.title);
        if (index.column() == AgentColumn)
            return HiddenText::revealedInline(request.agent);
        if (index.column() == MethodColumn)
            return kindText(request);
        return {};
    default:
        return {};
    }
}

QVariant InboxModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case AgentColumn:
        return tr("Agent");
    case TitleColumn:
        return tr("Title");
    case MethodColumn:
        return tr("Kind");
    case AgeColumn:
        return tr("Waiting");
    case SandboxColumn:
        return tr("Sandbox");
    default:
        return {};
    }
}

QString InboxModel::kindText(const Request& request)
{
    switch (request.shape) {
    case PayloadShape::Run:
        return methodText(Method::Run);
    case PayloadShape::HumanInTheLoop:
        return request.actions.size() > 1
                   ? tr("%n LangChain tool calls", nullptr, int(request.actions.size()))
                   : tr("LangChain tool call");
    case PayloadShape::ToolApproval:
        return tr("LangChain tool call");
    case PayloadShape::AgentInbox:
        return tr("Agent Inbox interrupt");
    case PayloadShape::Generic:
        return tr("question");
    }
    return tr("question");
}

QString InboxModel::methodText(Method method)
{
    switch (method) {
    case Method::Run:
        return tr("sandbox run");
    case Method::Review:
        return tr("answer to the agent");
    }
    return {};
}

QString InboxModel::methodDescription(Method method)
{
    switch (method) {
    case Method::Run:
        return tr("Approved code ran in a kosa8 sandbox, checkpointed first.");
    case Method::Review:
        return tr("The answer went back to the agent, which acted on it itself, outside kosa8.");
    }
    return {};
}

void InboxModel::append(const Request& request)
{
    const int row = int(m_requests.size());
    beginInsertRows({}, row, row);
    m_requests.append(request);
    endInsertRows();
}

bool InboxModel::remove(quint64 key)
{
    const int row = rowOf(key);
    if (row < 0)
        return false;
    beginRemoveRows({}, row, row);
    m_requests.removeAt(row);
    m_unreachable.remove(key);
    endRemoveRows();
    return true;
}

void InboxModel::setUnreachable(quint64 key, bool unreachable)
{
    const int row = rowOf(key);
    if (row < 0 || m_unreachable.contains(key) == unreachable)
        return;
    if (unreachable)
        m_unreachable.insert(key);
    else
        m_unreachable.remove(key);
    Q_EMIT dataChanged(index(row, AgeColumn), index(row, AgeColumn),
                       {Qt::DisplayRole, Qt::ToolTipRole, UnreachableRole});
}

const Request* InboxModel::find(quint64 key) const
{
    const int row = rowOf(key);
    return row < 0 ? nullptr : &m_requests.at(row);
}

int InboxModel::rowOf(quint64 key) const
{
    for (int row = 0; row < m_requests.size(); ++row) {
        if (m_requests.at(row).key == key)
            return row;
    }
    return -1;
}

quint64 InboxModel::keyAt(int row) const
{
    return row >= 0 && row < m_requests.size() ? m_requests.at(row).key : 0;
}

void InboxModel::refreshAges()
{
    if (m_requests.isEmpty())
        return;
    Q_EMIT dataChanged(index(0, AgeColumn), index(int(m_requests.size()) - 1, AgeColumn), {Qt::DisplayRole});
}

} // namespace k8::agent
