// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timeline/TimelineStore.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

namespace k8::agent {
class ReviewCoordinator;
}

namespace k8::timeline {

// Writes the end of every approved run (exit code, or kosa8's failure) into RunResultLog, so the
// timeline shows it after a restart. Listens to the coordinator's runStarting/runFinished: the
// request's id, agent, sandbox and checkpoint label are taken when the run starts (the request
// is gone from the coordinator by the time it finishes). With a journal path, each run's start
// goes into the RunJournal before its first kosa8 process exists and its end after the result,
// so that a run the app never saw end is found at the next start.
class RunResultRecorder : public QObject
{
    Q_OBJECT
public:
    RunResultRecorder(agent::ReviewCoordinator* coordinator, const QString& resultsPath,
                      const QString& journalPath = {}, QObject* parent = nullptr);

    QString path() const { return m_path; }

Q_SIGNALS:
    // Written (or not: *error in the log) and ready for followers such as ResetAfterRun.
    void runEnded(const k8::timeline::RunResult& result);

private:
    void onRunStarted(quint64 key);
    void onRunFinished(quint64 key, const QJsonObject& result);
    QPointer<agent::ReviewCoordinator> m_coordinator;
    QString m_path;
    QString m_journalPath;
    QHash<quint64, RunResult> m_started;
    QHash<quint64, QString> m_journalIds; // request key -> its run's id in the journal
};

} // namespace k8::timeline
