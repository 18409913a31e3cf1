#include "timeline/TimelineLoader.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "timeline/TimelineModel.h"
#include "timeline/TimelineStore.h"

#include <spdlog/spdlog.h>

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
    if (!m_checkpointDone || !m_snapshotDone)
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
    if (!m_ledgerPath.isEmpty()) {
        QString warning;
        input.runs = LedgerRuns::read(m_ledgerPath, m_resultsPath, m_ledgerLimit, &warning);
        if (!warning.isEmpty())
            m_problems.append(warning);
    }
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
