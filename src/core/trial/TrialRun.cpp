// SPDX-License-Identifier: Apache-2.0
#include "trial/TrialRun.h"

#include "agent/canonical/Sha256.h"
#include "agent/runs/RunExecutor.h"
#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "kosa8/Names.h"
#include "trial/CopyRemoval.h"
#include "trial/TrialCopies.h"

#include <QTimer>

namespace k8::trial {

using kosa8::JobResult;
using kosa8::Operation;

TrialRun::TrialRun(kosa8::Kosa8Runner* runner, TrialCopies* copies, QObject* parent)
    : QObject(parent)
    , m_runner(runner)
    , m_copies(copies)
{
    m_limit = new QTimer(this);
    m_limit->setSingleShot(true);
    connect(m_limit, &QTimer::timeout, this, &TrialRun::limitReached);
}

TrialRun::~TrialRun()
{
    // The app quits mid-trial: whatever runs is stopped with the runner; the copy stays written
    // down in TrialCopies and is removed at the next start.
    if (m_job)
        m_job->disconnect(this);
    if (m_executor)
        m_executor->disconnect(this);
    if (m_removal)
        m_removal->disconnect(this);
}

void TrialRun::start(const TrialSpec& spec)
{
    Q_ASSERT(m_step == Step::Idle);
    m_spec = spec;
    m_result = {};
    m_result.codeSha256 = agent::sha256Hex(spec.code.toUtf8());
    startListBefore();
}

kosa8::Kosa8Job* TrialRun::startJob(const QString& what, Operation operation, const QVariantMap& params)
{
    kosa8::Kosa8Job* job = m_runner->start(operation, params);
    m_job = job;
    m_result.commands.append(job->preview());
    Q_EMIT stepStarted(what, job->preview());
    return job;
}

void TrialRun::startListBefore()
{
    m_step = Step::ListBefore;
    if (!m_runner) {
        stopAndRemove(tr("kosa8 is not available."));
        return;
    }
    kosa8::Kosa8Job* job = startJob(tr("Reading the sandbox list"), Operation::SandboxList, {});
    connect(job, &kosa8::Kosa8Job::finished, this, &TrialRun::listBeforeFinished);
}

void TrialRun::listBeforeFinished(const JobResult& result)
{
    m_job = nullptr;
    if (!result.ok()) {
        stopAndRemove(tr("kosa8 could not list the sandboxes, so nothing was forked. %1")
                          .arg(result.describeFailure()));
        return;
    }
    const kosa8::Parsed<kosa8::Sandbox> listed = kosa8::ListParser::sandboxes(result.stdoutData);
    bool running = false;
    for (const kosa8::Sandbox& sandbox : listed.items) {
        m_before.append(sandbox.name);
        running = running || (sandbox.name == m_spec.sandbox && sandbox.status == QLatin1String("running"));
    }
    if (!running) {
        stopAndRemove(tr("kosa8 does not list %1 as running, so it was not forked.").arg(m_spec.sandbox));
        return;
    }
    goOn(&TrialRun::startFork);
}

void TrialRun::startFork()
{
    m_step = Step::Fork;
    kosa8::Kosa8Job* job = startJob(tr("Making a throwaway copy of %1").arg(m_spec.sandbox), Operation::Fork,
                                    kosa8::params::fork(m_spec.sandbox, 1));
    connect(job, &kosa8::Kosa8Job::finished, this, &TrialRun::forkFinished);
}

void TrialRun::forkFinished(const JobResult& result)
{
    m_job = nullptr;
    // Every new name kosa8 printed is a copy that may exist: each is written down and removed. A
    // name that was there before the fork is not a copy, whatever kosa8 says: it is never touched.
    QStringList names;
    QStringList existing;
    for (const QString& line : result.stdoutText().split(QLatin1Char('\n'))) {
        const QString name = line.trimmed();
        if (name.isEmpty() || !kosa8::Names::checkSandbox(name).isEmpty())
            continue;
        QStringList& into = m_before.contains(name) ? existing : names;
        if (!into.contains(name))
            into.append(name);
    }
    if (!existing.isEmpty() && names.isEmpty()) {
        stopAndRemove(
            tr("kosa8 named %1 as the copy, but it existed before the fork; it was not touched, and "
               "nothing was run.")
                .arg(existing.join(QStringLiteral(", "))));
        return;
    }
    // Nothing is removed before it is written down; with no new name there is nothing to remove.
    m_toRemove = names;
    if (!names.isEmpty())
        m_result.copy = names.first();
    for (const QString& name : std::as_const(names)) {
        QString error;
        if (!m_copies->recordMade(name, m_spec.sandbox, &error)) {
            // A copy that could outlive the app unrecorded: none of the request runs in it.
            stopAndRemove(tr("The copy could not be written down, so it is removed at once. %1").arg(error));
            return;
        }
    }
    if (!result.ok()) {
        stopAndRemove(tr("kosa8 could not fork %1. %2").arg(m_spec.sandbox, result.describeFailure()));
        return;
    }
    if (names.isEmpty()) {
        stopAndRemove(tr("kosa8 forked %1 but printed no name for the copy, so the app cannot run the code "
                         "in it or remove it. Check the sandbox list for a copy of %1.")
                          .arg(m_spec.sandbox));
        return;
    }
    if (!existing.isEmpty()) {
        stopAndRemove(
            tr("kosa8 also named %1, which existed before the fork and was not touched; the new copies are "
               "removed and nothing was run.")
                .arg(existing.join(QStringLiteral(", "))));
        return;
    }
    if (names.size() > 1) {
        stopAndRemove(
            tr("kosa8 made %1 copies where one was asked for; they are removed.").arg(names.size()));
        return;
    }
    goOn(&TrialRun::startEgress);
}

void TrialRun::goOn(void (TrialRun::*next)())
{
    if (m_cancelled)
        stopAndRemove(tr("The trial was stopped."));
    else
        (this->*next)();
}

void TrialRun::startEgress()
{
    m_step = Step::Egress;
    kosa8::Kosa8Job* job =
        startJob(tr("Cutting the copy's network"), Operation::SandboxEgress,
                 kosa8::params::egress(m_runner->profile(), m_result.copy, kosa8::EgressPolicy::deny()));
    connect(job, &kosa8::Kosa8Job::finished, this, &TrialRun::egressFinished);
}

void TrialRun::egressFinished(const JobResult& result)
{
    m_job = nullptr;
    if (!result.ok()) {
        stopAndRemove(tr("kosa8 could not cut the copy's network, so the code was not run. %1")
                          .arg(result.describeFailure()));
        return;
    }
    goOn(&TrialRun::startCheck);
}

void TrialRun::startCheck()
{
    m_step = Step::Check;
    kosa8::Kosa8Job* job = startJob(tr("Reading the copy's network back"), Operation::SandboxList, {});
    connect(job, &kosa8::Kosa8Job::finished, this, &TrialRun::checkFinished);
}

void TrialRun::checkFinished(const JobResult& result)
{
    m_job = nullptr;
    if (!result.ok()) {
        stopAndRemove(tr("kosa8 could not list the sandboxes, so the copy's network could not be checked and "
                         "the code was not run. %1")
                          .arg(result.describeFailure()));
        return;
    }
    const kosa8::Parsed<kosa8::Sandbox> listed = kosa8::ListParser::sandboxes(result.stdoutData);
    const kosa8::Sandbox* copy = nullptr;
    for (const kosa8::Sandbox& sandbox : listed.items) {
        if (sandbox.name == m_result.copy)
            copy = &sandbox;
    }
    // Only "deny" as kosa8 prints it counts: a list without the EGRESS column, an unknown word or
    // anything else means the code does not run.
    const bool denied = copy && copy->egress.mode == kosa8::EgressPolicy::Mode::Deny &&
                        copy->egress.raw.trimmed().compare(QLatin1String("deny"), Qt::CaseInsensitive) == 0;
    if (!denied) {
        const QString shown = !copy ? tr("the copy is not in the list")
                                    : tr("its egress reads \"%1\"").arg(copy->egress.raw.left(80));
        stopAndRemove(
            tr("The copy's network could not be confirmed as cut (%1), so the code was not run.").arg(shown));
        return;
    }
    goOn(&TrialRun::startCode);
}

void TrialRun::startCode()
{
    m_step = Step::Run;
    m_executor = new agent::RunExecutor(m_runner, this);
    if (m_spec.stdinThresholdBytes > 0)
        m_executor->setStdinThresholdBytes(m_spec.stdinThresholdBytes);
    connect(m_executor, &agent::RunExecutor::stepStarted, this, [this](const QString& command) {
        m_result.commands.append(command);
        Q_EMIT stepStarted(tr("Running the code in the copy"), command);
    });
    connect(m_executor, &agent::RunExecutor::output, this, &TrialRun::output);
    connect(m_executor, &agent::RunExecutor::finished, this, &TrialRun::codeFinished);
    agent::RunSpec run;
    run.code = m_spec.code;
    run.language = m_spec.language;
    run.sandbox = m_result.copy;
    run.image = m_spec.image;
    run.checkpoint = false; // the copy is thrown away: nothing to go back to
    m_limit->start(m_spec.limitMs > 0 ? m_spec.limitMs : TrialSpec::DefaultLimitMs);
    m_executor->start(run);
}

void TrialRun::limitReached()
{
    if (m_step != Step::Run || !m_executor)
        return;
    m_result.timedOut = true;
    m_executor->cancel();
}

void TrialRun::codeFinished(bool ran, const agent::RunOutcome& outcome, const QString& message)
{
    m_limit->stop();
    if (m_executor) {
        m_executor->disconnect(this);
        m_executor->deleteLater();
        m_executor = nullptr;
    }
    m_result.stdoutData = outcome.stdoutData;
    m_result.stderrData = outcome.stderrData;
    if (ran && !m_result.timedOut) {
        m_result.ran = true;
        m_result.exitCode = outcome.fields.value(QStringLiteral("exit_code")).toInt();
        m_result.durationMs = qint64(outcome.fields.value(QStringLiteral("duration_ms")).toDouble());
        m_result.truncated = outcome.fields.value(QStringLiteral("truncated")).toBool();
        stopAndRemove(QString());
        return;
    }
    if (m_result.timedOut)
        stopAndRemove(tr("The code did not finish within the trial's time limit of %1 s; it was stopped.")
                          .arg((m_spec.limitMs + 999) / 1000));
    else if (m_cancelled)
        stopAndRemove(tr("The trial was stopped while the code ran."));
    else
        stopAndRemove(message);
}

void TrialRun::stopAndRemove(const QString& problem)
{
    if (m_result.problem.isEmpty())
        m_result.problem = problem;
    if (m_toRemove.isEmpty()) {
        finish();
        return;
    }
    m_step = Step::Remove;
    m_removal = new CopyRemoval(m_runner, m_copies, this);
    connect(m_removal, &CopyRemoval::stepStarted, this, [this](const QString& what, const QString& command) {
        m_result.commands.append(command);
        Q_EMIT stepStarted(what, command);
    });
    connect(m_removal, &CopyRemoval::finished, this, &TrialRun::removed);
    m_removal->start(m_toRemove);
}

void TrialRun::removed(const QStringList& removed, const QStringList& problems)
{
    m_result.copyRemoved = removed.contains(m_result.copy);
    m_result.removalProblem = problems.join(QLatin1Char('\n'));
    finish();
}

void TrialRun::cancel()
{
    if (!isRunning() || m_cancelled)
        return;
    m_cancelled = true;
    switch (m_step) {
    case Step::ListBefore:
    case Step::Fork:
    case Step::Egress:
    case Step::Check:
        // Let the step end (a fork cut short could leave a copy nobody named); the next step
        // does not start, and the copy is removed.
        break;
    case Step::Run:
        m_limit->stop();
        if (m_executor)
            m_executor->cancel();
        break;
    case Step::Remove:
    case Step::Idle:
    case Step::Done:
        break; // the removal goes on: it is what a stop would do
    }
}

void TrialRun::finish()
{
    m_step = Step::Done;
    Q_EMIT finished(m_result);
}

} // namespace k8::trial
