// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"
#include "kosa8/Types.h"
#include "timeline/TimelineTypes.h"

#include <QObject>
#include <QPointer>

namespace k8::kosa8 {
class Kosa8Job;
class Kosa8Runner;
} // namespace k8::kosa8

namespace k8::timeline {

class TimelineModel;
class TimelineStore;

// Reads one sandbox's timeline: `checkpoint ls NAME` and `snapshot ls NAME` through the runner
// (both at once, asynchronously), the runs from the ledger and the results beside it (on a worker
// thread, at the same time), the forks
// and the base from the store, and hands the merge to the model. When a list fails, the model
// keeps its rows and is marked stale; failed() carries kosa8's command, exit code and stderr.
// A refresh started while one runs replaces it (the older answers are ignored).
class TimelineLoader : public QObject
{
    Q_OBJECT
public:
    TimelineLoader(kosa8::Kosa8Runner* runner, TimelineModel* model, TimelineStore* store,
                   QObject* parent = nullptr);
    ~TimelineLoader() override;

    // <dataDir>/ledger.jsonl and <dataDir>/run-results.jsonl; empty: no runs shown.
    void setRunSources(const QString& ledgerPath, const QString& resultsPath);
    // How many ledger entries are read (newest first); the rest are older than the timeline shows.
    void setLedgerLimit(int entries) { m_ledgerLimit = entries; }

    void refresh(const QString& sandbox);
    bool isLoading() const { return !m_checkpointDone || !m_snapshotDone || !m_runsDone; }
    QString sandbox() const { return m_sandbox; }
    // Lines of the last lists that could not be read (shown, never dropped).
    QStringList problems() const { return m_problems; }

Q_SIGNALS:
    void loaded();
    void failed(const QString& message, const k8::kosa8::JobResult& result);

private:
    void jobDone();
    kosa8::Kosa8Runner* m_runner;
    TimelineModel* m_model;
    TimelineStore* m_store;
    QString m_ledgerPath;
    QString m_resultsPath;
    int m_ledgerLimit = 100000;
    QString m_sandbox;
    quint64 m_generation = 0;
    QPointer<kosa8::Kosa8Job> m_checkpointJob;
    QPointer<kosa8::Kosa8Job> m_snapshotJob;
    bool m_checkpointDone = true;
    bool m_snapshotDone = true;
    bool m_runsDone = true;
    QList<RunRecord> m_runs;
    QString m_runsWarning;
    kosa8::JobResult m_checkpointResult;
    kosa8::JobResult m_snapshotResult;
    QStringList m_problems;
};

} // namespace k8::timeline
