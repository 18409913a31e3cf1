// SPDX-License-Identifier: Apache-2.0
#include "timeline/TimelineLoader.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "timeline/TimelineModel.h"
#include "timeline/TimelineStore.h"

#include <QFutureWatcher>
#include <QPromise>
#include <QThreadPool>

#include <spdlog/spdlog.h>

#include <memory>

namespace k8::timeline {

using kosa8::JobResult;
using kosa8::Operation;

TimelineLoader::TimelineLoader(kosa8::Kosa8Runner* runner, TimelineModel* model, TimelineStore* store,
                               QObject* parent)
    : QObject(parent)
    , m_runner(runner)
    , m_model(model)
    , m_store(store)
{}

TimelineLoader::~TimelineLoader()
{
    for (kosa8::Kosa8Job* job : {m_checkpointJob.data(), m_snapshotJob.data()}) {
        if (job) {
            job->disconnect(this);
            job->cancel();
        }
    }
}

void TimelineLoader::setRunSources(const QString& ledgerPath, const QString& resultsPath)
{
    m_ledgerPath = ledgerPath;
    m_resultsPath = resultsPath;
}

void TimelineLoader::refresh(const QString& sandbox)
{
    for (kosa8::Kosa8Job* job : {m_checkpointJob.data(), m_snapshotJob.data()}) {
        if (job) {
            job->disconnect(this);
            job->cancel();
        }
    }
    const quint64 generation = ++m_generation;
    m_sandbox = sandbox;
    m_checkpointDone = m_snapshotDone = false;
    m_runsDone = m_ledgerPath.isEmpty();
    m_runs.clear();
    m_runsWarning.clear();
    if (!m_runsDone) {
        // The ledger can be long: read on a worker thread, never on the caller's (the UI) thread.
        // The worker only touches the promise; a result for an older refresh is dropped.
        using RunsRead = std::pair<QList<RunRecord>, QString>;
        auto promise = std::make_shared<QPromise<RunsRead>>();
        auto* watcher = new QFutureWatcher<RunsRead>(this);
        connect(watcher, &QFutureWatcher<RunsRead>::finished, this, [this, watcher, generation] {
            watcher->deleteLater();
            if (generation != m_generation || watcher->future().resultCount() == 0)
                return;
            std::tie(m_runs, m_runsWarning) = watcher->future().result();
            m_runsDone = true;
            jobDone();
        });
        watcher->setFuture(promise->future());
        QThreadPool::globalInstance()->start(
            [promise, ledger = m_ledgerPath, results = m_resultsPath, limit = m_ledgerLimit] {
                promise->start();
                QString warning;
                QList<RunRecord> runs = LedgerRuns::read(ledger, results, limit, &warning);
                promise->addResult(RunsRead(std::move(runs), warning));
                promise->finish();
            });
    }
    const QVariantMap params{{QStringLiteral("name"), sandbox}};
    m_checkpointJob = m_runner->start(Operation::CheckpointList, params);
    m_snapshotJob = m_runner->start(Operation::SnapshotList, params);
    connect(m_checkpointJob, &kosa8::Kosa8Job::finished, this, [this, generation](const JobResult& result) {
        if (generation != m_generation)
            return;
        m_checkpointResult = result;
        m_checkpointDone = true;
        m_checkpointJob = nullptr;
        jobDone();
    });
    connect(m_snapshotJob, &kosa8::Kosa8Job::finished, this, [this, generation](const JobResult& result) {
        if (generation != m_generation)
            return;
        m_snapshotResult = result;
        m_snapshotDone = true;
        m_snapshotJob = nullptr;
        jobDone();
    });
}

void TimelineLoader::jobDone()
{
    if (!m_checkpointDone || !m_snapshotDone || !m_runsDone)
        return;
    for (const JobResult* result : {&m_checkpointResult, &m_snapshotResult}) {
        if (!result->ok()) {
            const QString message = result->operation == Operation::CheckpointList
                                        ? tr("The checkpoints of %1 could not be listed.").arg(m_sandbox)
                                        : tr("The snapshots of %1 could not be listed.").arg(m_sandbox);
            // Keep the last good view; say that it is not current.
            m_model->setStale(true, message);
            Q_EMIT failed(message, *result);
            return;
        }
    }
    const auto checkpoints = kosa8::ListParser::checkpoints(m_checkpointResult.stdoutData);
    const auto snapshots = kosa8::ListParser::snapshots(m_snapshotResult.stdoutData);
    m_problems.clear();
    for (const kosa8::ParseProblem& problem : checkpoints.problems)
        m_problems.append(tr("checkpoint ls, line %1: %2 (%3)")
                              .arg(problem.lineNumber)
                              .arg(problem.lineText, problem.reason));
    for (const kosa8::ParseProblem& problem : snapshots.problems)
        m_problems.append(tr("snapshot ls, line %1: %2 (%3)")
                              .arg(problem.lineNumber)
                              .arg(problem.lineText, problem.reason));

    TimelineInput input;
    input.sandbox = m_sandbox;
    input.checkpoints = checkpoints.items;
    input.snapshots = snapshots.items;
    input.runs = m_runs;
    if (!m_runsWarning.isEmpty())
        m_problems.append(m_runsWarning);
    if (m_store) {
        input.forks = m_store->forks();
        input.baseLabel = m_store->baseCheckpoint(m_sandbox);
    }
    TimelineBuild build = TimelineBuilder::build(input);
    m_problems.append(build.problems);
    build.problems = m_problems;
    m_model->setBuild(m_sandbox, build);
    Q_EMIT loaded();
}

} // namespace k8::timeline
