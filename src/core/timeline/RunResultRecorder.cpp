// SPDX-License-Identifier: Apache-2.0
#include "timeline/RunResultRecorder.h"

#include "agent/request/RequestOrigin.h"
#include "agent/review/ReviewCoordinator.h"
#include "timeline/RunJournal.h"

#include <QScopeGuard>

#include <spdlog/spdlog.h>

namespace k8::timeline {

RunResultRecorder::RunResultRecorder(agent::ReviewCoordinator* coordinator, const QString& resultsPath,
                                     const QString& journalPath, QObject* parent)
    : QObject(parent)
    , m_coordinator(coordinator)
    , m_path(resultsPath)
    , m_journalPath(journalPath)
{
    // Direct: the journal holds the start before the executor starts kosa8.
    connect(coordinator, &agent::ReviewCoordinator::runStarting, this, &RunResultRecorder::onRunStarted,
            Qt::DirectConnection);
    connect(coordinator, &agent::ReviewCoordinator::runStarted, this,
            [this](quint64 key, const QString&) { onRunStarted(key); });
    connect(coordinator, &agent::ReviewCoordinator::runFinished, this, &RunResultRecorder::onRunFinished);
}

void RunResultRecorder::onRunStarted(quint64 key)
{
    // Emitted for the checkpoint step and again for the run step; the first has what we need.
    if (m_started.contains(key) || !m_coordinator)
        return;
    const agent::Request* request = m_coordinator->request(key);
    if (!request)
        return;
    RunResult result;
    result.sandbox = request->run.sandbox;
    result.requestId = agent::requestIdText(request->origin.id);
    result.agent = request->agent;
    result.checkpointLabel = request->run.checkpoint ? request->run.checkpointLabel : QString();
    m_started.insert(key, result);
    if (m_journalPath.isEmpty() || result.sandbox.isEmpty())
        return;
    RunResult start = result;
    start.time = QDateTime::currentDateTimeUtc();
    QString error;
    const QString id = RunJournal::recordStart(m_journalPath, start, &error);
    if (id.isEmpty())
        spdlog::warn("run start not journalled: {}", error.toStdString());
    else
        m_journalIds.insert(key, id);
}

void RunResultRecorder::onRunFinished(quint64 key, const QJsonObject& answer)
{
    RunResult result = m_started.take(key);
    const QString journalId = m_journalIds.take(key);
    // The end goes into the journal after the result is in its log (a kill in between leaves
    // the run both recorded and open: reported once more as cut off, never lost).
    const auto endInJournal = qScopeGuard([this, &journalId] {
        QString error;
        if (!journalId.isEmpty() && !RunJournal::recordEnd(m_journalPath, journalId, &error))
            spdlog::warn("run end not journalled: {}", error.toStdString());
    });
    if (result.sandbox.isEmpty())
        result.sandbox = answer.value(QStringLiteral("sandbox")).toString();
    if (result.sandbox.isEmpty())
        return; // nothing to place on a timeline
    result.time = QDateTime::currentDateTimeUtc();
    result.ran = !answer.contains(QStringLiteral("error"));
    if (result.ran)
        result.exitCode = answer.value(QStringLiteral("exit_code")).toInt(-1);
    else
        result.error = answer.value(QStringLiteral("error")).toString();
    // The label actually taken (none when the checkpoint step failed).
    const QJsonValue taken = answer.value(QStringLiteral("checkpoint"));
    if (taken.isString())
        result.checkpointLabel = taken.toString();
    result.reset = answer.value(QStringLiteral("reset")).toObject();
    QString error;
    if (!m_path.isEmpty() && !RunResultLog::append(m_path, result, &error))
        spdlog::warn("run result not recorded: {}", error.toStdString());
    Q_EMIT runEnded(result);
}

} // namespace k8::timeline
