// SPDX-License-Identifier: Apache-2.0
#include "agent/RunExecutor.h"

#include "agent/OutputPieces.h"
#include "kosa8/Kosa8Runner.h"

#include <QJsonValue>

#include <utility>

#include <spdlog/spdlog.h>

namespace k8::agent {

using kosa8::JobOptions;
using kosa8::JobResult;
using kosa8::Operation;

RunExecutor::RunExecutor(kosa8::Kosa8Runner* runner, QObject* parent)
    : QObject(parent)
    , m_runner(runner)
{}

RunExecutor::~RunExecutor()
{
    if (m_job) {
        m_job->disconnect(this);
        if (!m_job->isFinished())
            m_job->cancel();
    }
}

void RunExecutor::start(const RunSpec& spec)
{
    m_spec = spec;
    m_running = true;
    if (!m_runner) {
        fail(tr("No kosa8 runner is available."), QString());
        return;
    }
    // Decided before the checkpoint, so that code that cannot run exactly as approved changes
    // nothing in the sandbox.
    QString problem;
    if (!planRun(&problem)) {
        fail(problem, QString());
        return;
    }
    if (m_spec.checkpoint)
        startCheckpoint();
    else
        startRun();
}

void RunExecutor::cancel()
{
    if (m_job && !m_job->isFinished())
        m_job->cancel();
}

void RunExecutor::startCheckpoint()
{
    const QVariantMap params{{QStringLiteral("name"), m_spec.sandbox},
                             {QStringLiteral("label"), m_spec.checkpointLabel}};
    m_job = m_runner->start(Operation::CheckpointCreate, params);
    m_kosa8Touched = true;
    Q_EMIT stepStarted(m_job->preview());
    connect(m_job, &kosa8::Kosa8Job::finished, this, &RunExecutor::checkpointFinished);
}

void RunExecutor::checkpointFinished(const JobResult& result)
{
    m_job = nullptr;
    if (!result.ok()) {
        fail(tr("The checkpoint before the run failed, so the code was not run."), result);
        return;
    }
    m_checkpointTaken = m_spec.checkpointLabel;
    startRun();
}

bool RunExecutor::planRun(QString* problem)
{
    // The code that runs must be exactly the code that was shown and hashed: its UTF-8 bytes go
    // to the interpreter unchanged, as one argument only where that holds by construction, on
    // standard input otherwise, and not at all when neither can carry them.
    if (!kosa8::CommandProfile::encodesExactly(m_spec.code)) {
        *problem = tr("The code holds a lone UTF-16 surrogate, which has no UTF-8 form: what would run "
                      "differs from what was approved, so it was not run.");
        return false;
    }
    const kosa8::CommandProfile& profile = m_runner->profile();
    m_codeBytes = m_spec.code.toUtf8();
    m_viaStdin = !kosa8::CommandProfile::fitsOneArgument(m_codeBytes, m_stdinThreshold);
    if (!m_viaStdin) {
        m_interpreter = profile.interpreterArguments(m_spec.language, m_spec.code, false);
        // A profile template that does not hand the code over as one whole argument: stdin.
        if (!m_interpreter.isEmpty() && !m_interpreter.contains(m_spec.code))
            m_viaStdin = true;
    }
    if (m_viaStdin) {
        // Expanded without the code: on standard input it never reaches argv as well.
        m_interpreter = profile.interpreterArguments(m_spec.language, QString(), true);
        if (m_interpreter.isEmpty() &&
            !profile.interpreterArguments(m_spec.language, QString(), false).isEmpty()) {
            *problem = tr("This code cannot be passed intact as one argument (it is large, holds a NUL "
                          "byte or characters outside ASCII, or starts with '-'), and the command profile "
                          "has no standard-input form (\"%1.stdin\") for the language '%1', so it was not "
                          "run.")
                           .arg(m_spec.language);
            return false;
        }
        const QString refusal = profile.stdinRefusal(m_spec.language, m_spec.code);
        if (!refusal.isEmpty()) {
            *problem = refusal;
            return false;
        }
    }
    if (m_interpreter.isEmpty()) {
        *problem = tr("The command profile has no interpreter for the language '%1'.").arg(m_spec.language);
        return false;
    }
    return true;
}

void RunExecutor::startRun()
{
    const QVariantMap params{{QStringLiteral("name"), m_spec.sandbox},
                             {QStringLiteral("image"), m_spec.image},
                             {QStringLiteral("interpreter"), m_interpreter}};
    JobOptions options;
    if (m_spec.timeoutS > 0)
        options.timeoutMs = m_spec.timeoutS * 1000;
    if (m_viaStdin)
        options.standardInput = m_codeBytes;
    // The output goes on in chunks (outputChunk); splitting it into line signals as well was
    // work for every line that nobody took.
    options.splitLines = false;
    const Operation operation = m_viaStdin ? Operation::SandboxRunStdin : Operation::SandboxRun;

    m_job = m_runner->start(operation, params, options);
    m_kosa8Touched = true;
    m_runPreview = m_job->preview();
    Q_EMIT stepStarted(m_runPreview);
    connect(m_job, &kosa8::Kosa8Job::outputChunk, this, [this](bool isStderr, const QByteArray& data) {
        const QString text = isStderr ? m_stderrDecoder.decode(data) : m_stdoutDecoder.decode(data);
        // Bounded pieces: a stream without line ends reaches the console and the agent in the
        // same small steps as one with them.
        for (const QString& piece : splitUtf8Pieces(text))
            Q_EMIT output(isStderr, piece);
    });
    connect(m_job, &kosa8::Kosa8Job::finished, this, &RunExecutor::runFinished);
}

void RunExecutor::runFinished(const JobResult& result)
{
    m_job = nullptr;
    // Only an exit of the process counts as the code having run; the code's own non-zero exit
    // is a result, not a kosa8 failure.
    if (result.outcome != JobResult::Outcome::Finished) {
        fail(tr("kosa8 could not run the code."), result);
        return;
    }
    m_done = true;
    RunOutcome outcome;
    outcome.fields = QJsonObject{
        {QStringLiteral("exit_code"), result.exitCode},
        {QStringLiteral("truncated"), result.truncated()},
        {QStringLiteral("duration_ms"), result.durationMs},
        {QStringLiteral("sandbox"), m_spec.sandbox},
        {QStringLiteral("image"), m_spec.image},
        {QStringLiteral("checkpoint"),
         m_checkpointTaken.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m_checkpointTaken)},
    };
    // Up to 4 MiB each (RunnerLimits::outputCapBytes): shared, not decoded here.
    outcome.withStdout = true;
    outcome.stdoutData = result.stdoutData;
    outcome.stderrData = result.stderrData;
    finishAfterReset(true, outcome, QString());
}

void RunExecutor::fail(const QString& message, const JobResult& result)
{
    if (m_done)
        return;
    m_done = true;
    const bool exited = result.outcome == JobResult::Outcome::Finished;
    RunOutcome outcome;
    outcome.fields = QJsonObject{
        {QStringLiteral("command"), result.preview},
        {QStringLiteral("exit_code"), exited ? QJsonValue(result.exitCode) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("outcome"), JobResult::outcomeName(result.outcome)},
        {QStringLiteral("checkpoint"),
         m_checkpointTaken.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m_checkpointTaken)},
    };
    outcome.stderrData = result.stderrData;
    if (!exited && !result.errorText.isEmpty()) {
        // On its own line after what kosa8 printed (a '\n' byte is a '\n' once decoded).
        if (!result.stderrData.isEmpty() && !result.stderrData.endsWith('\n'))
            outcome.stderrTail = QStringLiteral("\n");
        outcome.stderrTail += result.errorText;
    }
    spdlog::warn("run in sandbox {} failed: {} ({})", m_spec.sandbox.toStdString(), message.toStdString(),
                 result.preview.toStdString());
    finishAfterReset(false, outcome, message);
}

void RunExecutor::fail(const QString& message, const QString& command)
{
    JobResult result;
    result.preview = command;
    result.outcome = JobResult::Outcome::Invalid;
    result.errorText = message;
    fail(message, result);
}

void RunExecutor::finishAfterReset(bool ran, const RunOutcome& outcome, const QString& message)
{
    // A run that never reached kosa8 changed nothing; any other, a timed-out one most of all,
    // may have left things behind.
    const RunResetPlan plan =
        m_resetPolicy && m_kosa8Touched && m_runner ? m_resetPolicy(m_spec.sandbox) : RunResetPlan{};
    if (!plan.resetAfterRun) {
        m_running = false;
        Q_EMIT finished(ran, outcome, message);
        return;
    }
    if (plan.baseLabel.isEmpty()) {
        const QString reason =
            tr("%1 resets after every run, but has no base checkpoint.").arg(m_spec.sandbox);
        m_resetOutcome = QJsonObject{{QStringLiteral("skipped"), reason}};
        Q_EMIT resetSkipped(m_spec.sandbox, reason);
        m_running = false;
        Q_EMIT finished(ran, outcome, message);
        return;
    }
    m_pendingRan = ran;
    m_pendingOutcome = outcome;
    m_pendingMessage = message;
    m_job = m_runner->start(Operation::Rewind, {{QStringLiteral("name"), m_spec.sandbox},
                                                {QStringLiteral("label"), plan.baseLabel}});
    m_resetOutcome =
        QJsonObject{{QStringLiteral("base"), plan.baseLabel}, {QStringLiteral("command"), m_job->preview()}};
    spdlog::info("resetting sandbox {} to its base {} after a run", m_spec.sandbox.toStdString(),
                 plan.baseLabel.toStdString());
    Q_EMIT stepStarted(m_job->preview());
    Q_EMIT resetStarted(m_spec.sandbox, plan.baseLabel, m_job->preview());
    connect(m_job, &kosa8::Kosa8Job::finished, this, &RunExecutor::resetFinishedWith);
}

void RunExecutor::resetFinishedWith(const JobResult& result)
{
    m_job = nullptr;
    m_resetOutcome.insert(QStringLiteral("ok"), result.ok());
    if (!result.ok()) {
        QString error = result.stderrText().trimmed();
        if (error.isEmpty())
            error = result.errorText;
        if (error.isEmpty())
            error = JobResult::outcomeName(result.outcome);
        m_resetOutcome.insert(QStringLiteral("error"), error);
        spdlog::warn("reset of sandbox {} after a run failed: {}", m_spec.sandbox.toStdString(),
                     error.toStdString());
    }
    Q_EMIT resetFinished(m_spec.sandbox, result);
    m_running = false;
    // Handed over; the executor keeps no reference to the output.
    const RunOutcome outcome = std::exchange(m_pendingOutcome, {});
    Q_EMIT finished(m_pendingRan, outcome, m_pendingMessage);
}

} // namespace k8::agent
