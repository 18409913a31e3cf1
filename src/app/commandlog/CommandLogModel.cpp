// SPDX-License-Identifier: Apache-2.0
#include "commandlog/CommandLogModel.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/Operation.h"
#include "style/Style.h"

#include <QLocale>

namespace k8::app {

using kosa8::JobResult;

CommandLogModel::CommandLogModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void CommandLogModel::attach(kosa8::Kosa8Runner* runner)
{
    connect(runner, &kosa8::Kosa8Runner::jobStarted, this, &CommandLogModel::onJobStarted);
    connect(runner, &kosa8::Kosa8Runner::jobFinished, this, &CommandLogModel::onJobFinished);
}

int CommandLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int CommandLogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CommandLogModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const Entry& entry = m_entries.at(index.row());
    const bool ok = !entry.running && entry.result.ok();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return QLocale().toString(entry.startedAt.time(), QStringLiteral("HH:mm:ss"));
        case CommandColumn:
            return entry.preview;
        case DurationColumn:
            if (entry.running)
                return QString();
            return entry.result.durationMs < 1000
                       ? tr("%1 ms").arg(entry.result.durationMs)
                       : tr("%1 s").arg(double(entry.result.durationMs) / 1000.0, 0, 'f', 1);
        case ResultColumn:
            return resultText(entry);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == CommandColumn)
            return entry.preview;
        if (index.column() == TimeColumn)
            return QLocale().toString(entry.startedAt, QLocale::LongFormat);
        if (index.column() == ResultColumn && !entry.running && !ok)
            return entry.result.describeFailure();
        break;
    case Qt::DecorationRole:
        if (index.column() == ResultColumn) {
            if (entry.running)
                return style::dotIcon(style::warningColor());
            return style::dotIcon(ok ? style::successColor() : style::errorColor());
        }
        break;
    case Qt::FontRole:
        if (index.column() == CommandColumn)
            return style::monospaceFont();
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == DurationColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case JobIdRole:
        return entry.jobId;
    case OkRole:
        return ok;
    case RunningRole:
        return entry.running;
    case PreviewRole:
        return entry.preview;
    case RoutineRole:
        return isRoutine(entry);
    default:
        break;
    }
    return {};
}

QVariant CommandLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case CommandColumn:
        return tr("Command");
    case DurationColumn:
        return tr("Duration");
    case ResultColumn:
        return tr("Result");
    }
    return {};
}

const CommandLogModel::Entry* CommandLogModel::entryAt(int row) const
{
    return row >= 0 && row < m_entries.size() ? &m_entries.at(row) : nullptr;
}

int CommandLogModel::rowOfJob(quint64 jobId) const
{
    // Newest entries are at the end and most lookups are for running (recent) jobs.
    for (int row = int(m_entries.size()) - 1; row >= 0; --row) {
        if (m_entries.at(row).jobId == jobId)
            return row;
    }
    return -1;
}

void CommandLogModel::clear()
{
    beginResetModel();
    m_entries.clear();
    endResetModel();
}

bool CommandLogModel::isListRefresh(kosa8::Operation operation)
{
    // doctor and audit verify only read too, but a person asks for them: they are not refreshes.
    return kosa8::readsOnly(operation) && operation != kosa8::Operation::Doctor &&
           operation != kosa8::Operation::AuditVerify;
}

bool CommandLogModel::isRoutine(const Entry& entry)
{
    // A failed refresh stays in view: it is news (kosa8 down, a sandbox gone).
    return isListRefresh(entry.operation) && !entry.running && entry.result.ok();
}

QString CommandLogModel::resultText(const Entry& entry)
{
    if (entry.running)
        return tr("running…");
    const JobResult& r = entry.result;
    switch (r.outcome) {
    case JobResult::Outcome::Finished:
        return tr("exit %1").arg(r.exitCode);
    case JobResult::Outcome::Crashed:
        return tr("crashed");
    case JobResult::Outcome::FailedToStart:
        return tr("failed to start");
    case JobResult::Outcome::Invalid:
        return tr("not run (invalid)");
    case JobResult::Outcome::Cancelled:
        return tr("cancelled");
    case JobResult::Outcome::TimedOut:
        return tr("timed out");
    }
    return {};
}

QString CommandLogModel::detailsText(const Entry& entry)
{
    QString text = entry.preview + QStringLiteral("\n\n");
    text +=
        tr("Started: %1").arg(QLocale().toString(entry.startedAt, QLocale::LongFormat)) + QLatin1Char('\n');
    if (entry.running)
        return text + tr("Still running.");
    const JobResult& r = entry.result;
    text += tr("Result: %1").arg(resultText(entry)) + QLatin1Char('\n');
    text += tr("Duration: %1 ms").arg(r.durationMs) + QLatin1Char('\n');
    if (!r.errorText.isEmpty())
        text += tr("Error: %1").arg(r.errorText) + QLatin1Char('\n');
    auto stream = [&text](const QString& title, const QString& body, bool truncated, qint64 dropped) {
        text += QStringLiteral("\n── %1 ──\n").arg(title);
        text += body.isEmpty() ? tr("(empty)") : body;
        if (!text.endsWith(QLatin1Char('\n')))
            text += QLatin1Char('\n');
        if (truncated)
            text += tr("[output truncated: %1 more bytes were not kept]").arg(dropped) + QLatin1Char('\n');
    };
    stream(tr("standard output"), r.stdoutText(), r.stdoutTruncated, r.stdoutDroppedBytes);
    stream(tr("standard error"), r.stderrText(), r.stderrTruncated, r.stderrDroppedBytes);
    return text;
}

void CommandLogModel::onJobStarted(kosa8::Kosa8Job* job)
{
    if (!job || rowOfJob(job->id()) >= 0)
        return;
    Entry entry;
    entry.jobId = job->id();
    entry.startedAt = QDateTime::currentDateTime();
    entry.preview = job->preview();
    entry.operation = job->operation();
    const int row = int(m_entries.size());
    beginInsertRows({}, row, row);
    m_entries.append(entry);
    endInsertRows();
    trim();
}

void CommandLogModel::onJobFinished(const JobResult& result)
{
    int row = rowOfJob(result.jobId);
    if (row < 0) {
        // Jobs rejected before starting (invalid names) never signal jobStarted: log them too.
        Entry entry;
        entry.jobId = result.jobId;
        entry.startedAt = result.startedAt.isValid() ? result.startedAt : QDateTime::currentDateTime();
        entry.preview = result.preview;
        entry.operation = result.operation;
        row = int(m_entries.size());
        beginInsertRows({}, row, row);
        m_entries.append(entry);
        endInsertRows();
    }
    Entry& entry = m_entries[row];
    entry.running = false;
    entry.result = result;
    if (!result.preview.isEmpty())
        entry.preview = result.preview;
    if (result.startedAt.isValid())
        entry.startedAt = result.startedAt;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    trim();
}

void CommandLogModel::trim()
{
    const int excess = int(m_entries.size()) - MaxEntries;
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, excess - 1);
    m_entries.erase(m_entries.begin(), m_entries.begin() + excess);
    endRemoveRows();
}

} // namespace k8::app
