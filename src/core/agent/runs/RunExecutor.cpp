// SPDX-License-Identifier: Apache-2.0
#include "agent/runs/RunExecutor.h"

#include "agent/runs/OutputPieces.h"
#include "kosa8/Kosa8Runner.h"

#include <QJsonValue>
#include <QTimer>

#include <utility>

#include <spdlog/spdlog.h>

namespace k8::agent {

using kosa8::JobOptions;
using kosa8::JobResult;
using kosa8::Operation;

namespace {

// "120" for 120000 ms, "1.5" for 1500 ms.
QString secondsText(int ms)
{
    return QString::number(ms / 1000.0, 'g', 6);
}

} // namespace

RunExecutor::RunExecutor(kosa8::Kosa8Runner* runner, QObject* parent)
    : QObject(parent)
    , m_runner(runner)
    , m_budgetTimer(new QTimer(this))
{
    m_budgetTimer->setSingleShot(true);
    m_budgetTimer->setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5% late or early
    connect(m_budgetTimer, &QTimer::timeout, this, &RunExecutor::budgetEnded);
}

RunExecutor::~RunExecutor()
{
    if (m_job) {
        m_job->disconnect(this);
        if (!m_job->isFinished())
            m_job->cancel();
    }
}

QString RunExecutor::stepName(Step step)
{
    switch (step) {
    case Step::Approved:
        return QStringLiteral("queue");
    case Step::Checkpoint:
        return QStringLiteral("checkpoint");
    case Step::Reset:
        return QStringLiteral("reset");
    case Step::Run:
    case Step::Done:
        break;
    }
    return QStringLiteral("run");
}

void RunExecutor::approve(const RunSpec& spec)
{
    if (m_approved)
        return;
    m_approved = true;
    m_spec = spec;
    m_budgetClock.start();
    if (m_spec.timeoutS > 0) {
        m_budgetTimer->setInterval(m_spec.timeoutS * 1000);
        m_budgetTimer->start();
    }
}

void RunExecutor::start(const RunSpec& spec)
{
    approve(spec);
    start();
}

void RunExecutor::start()
{
    // Not approved, already going, or answered while it waited (its budget ran out): nothing starts.
    if (!m_approved || m_running || m_answered)
        return;
    m_running = true;
    m_step = Step::Run;
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
    m_cancelled = true;
    if (m_job && !m_job->isFinished())
        m_job->cancel();
}

qint64 RunExecutor::budgetLeftMs() const
{
    if (m_spec.timeoutS <= 0)
        return -1;
    return qMax<qint64>(0, qint64(m_spec.timeoutS) * 1000 - m_budgetClock.elapsed());
}

int RunExecutor::stepLimitMs(int cap, bool* fromBudget) const
{
    const qint64 left = budgetLeftMs();
    *fromBudget = false;
    if (left < 0)
        return cap;
    if (cap > 0 && cap < left)
        return cap;
    *fromBudget = true;
    return int(left);
}

void RunExecutor::budgetEnded()
{
    switch (m_step) {
    case Step::Approved: {
        // Still waiting for its sandbox: it never starts, and the sandbox is untouched.
        JobResult result;
        result.outcome = JobResult::Outcome::TimedOut;
        result.errorText = tr("The run waited for another run in %1 until its time limit of %2 s (timeout_s, "
                              "counted from its approval) ran out, so the code was not run.")
                               .arg(m_spec.sandbox)
                               .arg(m_spec.timeoutS);
        fail(result.errorText, result);
        break;
    }
    case Step::Checkpoint:
    case Step::Run:
        // The step's own time limit is what was left of the budget: the runner ends it now.
        break;
    case Step::Reset:
        answerBeforeTheReset();
        break;
    case Step::Done:
        break;
    }
}

void RunExecutor::startCheckpoint()
{
    m_step = Step::Checkpoint;
    JobOptions options;
    options.timeoutMs = stepLimitMs(m_stepLimitMs, &m_limitFromBudget);
    if (options.timeoutMs <= 0) {
        JobResult result;
        result.outcome = JobResult::Outcome::TimedOut;
        result.errorText = tr("The run's time limit of %1 s (timeout_s, counted from its approval) ran out "
                              "before its checkpoint could start, so the code was not run.")
                               .arg(m_spec.timeoutS);
        fail(result.errorText, result);
        return;
    }
    m_stepLimitUsedMs = options.timeoutMs;
    const QVariantMap params{{QStringLiteral("name"), m_spec.sandbox},
                             {QStringLiteral("label"), m_spec.checkpointLabel}};
    m_job = m_runner->start(Operation::CheckpointCreate, params, options);
    m_kosa8Touched = true;
    Q_EMIT stepStarted(m_job->preview());
    connect(m_job, &kosa8::Kosa8Job::finished, this, &RunExecutor::checkpointFinished);
}

void RunExecutor::checkpointFinished(const JobResult& result)
{
    m_job = nullptr;
    if (result.outcome == JobResult::Outcome::TimedOut) {
        // kosa8's "did not finish within N s" counts from the step's start; the agent knows its
        // timeout_s, the person the setting.
        JobResult said = result;
        said.errorText =
            m_limitFromBudget
                ? tr("The checkpoint before the run did not finish within the run's time limit of %1 s "
                     "(timeout_s, counted from its approval); it was stopped, and the code was not run.")
                      .arg(m_spec.timeoutS)
                : tr("The checkpoint before the run did not finish within %1 s (the checkpoint and reset "
                     "time limit in Settings); it was stopped, and the code was not run.")
                      .arg(secondsText(m_stepLimitUsedMs));
        fail(said.errorText, said);
        return;
    }
    if (!result.ok() || m_cancelled) {
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
    m_step = Step::Run;
    JobOptions options;
    // What is left of the budget; without timeout_s the runner's own limit for a run.
    options.timeoutMs = stepLimitMs(0, &m_limitFromBudget);
    if (m_spec.timeoutS > 0 && options.timeoutMs <= 0) {
        JobResult result;
        result.outcome = JobResult::Outcome::TimedOut;
        result.errorText = tr("The run's time limit of %1 s (timeout_s, counted from its approval) ran out "
                              "before the code could start, so it was not run.")
                               .arg(m_spec.timeoutS);
        fail(result.errorText, result);
        return;
    }
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
    connect(m_job, &kosa8::Kosa8Job::outputChunk, this, &RunExecutor::takeOutput);
    connect(m_job, &kosa8::Kosa8Job::finished, this, &RunExecutor::runFinished);
}

void RunExecutor::takeOutput(bool isStderr, const QByteArray& data)
{
    // Handed on as bytes, cut only after whole characters: each piece decodes alone as it would
    // in one piece, so whoever shows or sends output decodes only what it shows or sends (of a
    // fast run's 100 MB, the agent's 16 MiB and the console's last lines).
    QByteArray& held = isStderr ? m_stderrHeld : m_stdoutHeld;
    QByteArray bytes = held.isEmpty() ? data : held + data;
    const qsizetype whole = wholeUtf8Length(bytes);
    held = bytes.sliced(whole);
    if (whole == 0)
        return;
    if (whole < bytes.size())
        bytes.truncate(whole);
    // A byte order mark that starts the stream is no output (a decoder of the whole stream, as
    // this was, drops it); readers keep one anywhere else (decodeUtf8Piece).
    bool& started = isStderr ? m_stderrStarted : m_stdoutStarted;
    if (!std::exchange(started, true) && bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    if (!bytes.isEmpty())
        Q_EMIT output(isStderr, bytes);
}

void RunExecutor::releaseHeldOutput()
{
    // The stream ended inside a character: those bytes go as they are (they decode to U+FFFD).
    for (const bool isStderr : {false, true}) {
        const QByteArray held = std::exchange(isStderr ? m_stderrHeld : m_stdoutHeld, {});
        if (!held.isEmpty())
            Q_EMIT output(isStderr, held);
    }
}

void RunExecutor::runFinished(const JobResult& result)
{
    m_job = nullptr;
    releaseHeldOutput();
    // Stopped where the budget ended: said in terms of the run's timeout_s, which the agent knows
    // (kosa8's own message counts from the step's start).
    if (result.outcome == JobResult::Outcome::TimedOut && m_limitFromBudget) {
        JobResult said = result;
        said.errorText = tr("The code did not finish within the run's time limit of %1 s (timeout_s, counted "
                            "from its approval); it and its child processes were stopped.")
                             .arg(m_spec.timeoutS);
        fail(said.errorText, said);
        return;
    }
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
        {QStringLiteral("step"), stepName(m_step)},
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

void RunExecutor::emitFinished(bool ran, const RunOutcome& outcome, const QString& message)
{
    m_answered = true;
    m_budgetTimer->stop();
    Q_EMIT finished(ran, outcome, message);
}

void RunExecutor::becomeIdle()
{
    m_step = Step::Done;
    m_running = false;
    m_budgetTimer->stop();
    Q_EMIT idle();
}

void RunExecutor::finishAfterReset(bool ran, const RunOutcome& outcome, const QString& message)
{
    // A run that never reached kosa8 changed nothing; any other, a timed-out one most of all,
    // may have left things behind. A cancelled one is going away (the app quits, or its agent
    // withdrew it before the code started).
    const RunResetPlan plan = m_resetPolicy && m_kosa8Touched && m_runner && !m_cancelled
                                  ? m_resetPolicy(m_spec.sandbox)
                                  : RunResetPlan{};
    if (!plan.resetAfterRun) {
        m_step = Step::Done;
        m_running = false;
        emitFinished(ran, outcome, message);
        becomeIdle();
        return;
    }
    if (plan.baseLabel.isEmpty()) {
        const QString reason =
            tr("%1 resets after every run, but has no base checkpoint.").arg(m_spec.sandbox);
        m_resetOutcome = QJsonObject{{QStringLiteral("skipped"), reason}};
        Q_EMIT resetSkipped(m_spec.sandbox, reason);
        m_step = Step::Done;
        m_running = false;
        emitFinished(ran, outcome, message);
        becomeIdle();
        return;
    }
    m_pendingRan = ran;
    m_pendingOutcome = outcome;
    m_pendingMessage = message;
    m_step = Step::Reset;
    // Its own limit whatever the budget: the next run in the sandbox waits for it, so it always
    // runs (a timed-out run needs it most) and never for long.
    JobOptions options;
    options.timeoutMs = m_stepLimitMs;
    m_job = m_runner->start(
        Operation::Rewind,
        {{QStringLiteral("name"), m_spec.sandbox}, {QStringLiteral("label"), plan.baseLabel}}, options);
    m_resetOutcome =
        QJsonObject{{QStringLiteral("base"), plan.baseLabel}, {QStringLiteral("command"), m_job->preview()}};
    spdlog::info("resetting sandbox {} to its base {} after a run", m_spec.sandbox.toStdString(),
                 plan.baseLabel.toStdString());
    Q_EMIT stepStarted(m_job->preview());
    Q_EMIT resetStarted(m_spec.sandbox, plan.baseLabel, m_job->preview());
    connect(m_job, &kosa8::Kosa8Job::finished, this, &RunExecutor::resetFinishedWith);
    // The run used up its budget (it timed out): the answer does not wait for the reset.
    if (budgetLeftMs() == 0)
        answerBeforeTheReset();
}

void RunExecutor::answerBeforeTheReset()
{
    if (m_answered)
        return;
    m_resetOutcome.insert(QStringLiteral("ok"), false);
    m_resetOutcome.insert(QStringLiteral("error"),
                          tr("still going when the run's time limit of %1 s (timeout_s) ran out; the next "
                             "run in %2 waits for it")
                              .arg(m_spec.timeoutS)
                              .arg(m_spec.sandbox));
    spdlog::warn("sandbox {}: the run's time limit ran out during its reset; answered before the reset ended",
                 m_spec.sandbox.toStdString());
    // Handed over; the executor keeps no reference to the output.
    const RunOutcome outcome = std::exchange(m_pendingOutcome, {});
    emitFinished(m_pendingRan, outcome, m_pendingMessage);
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
    } else {
        m_resetOutcome.remove(QStringLiteral("error"));
    }
    Q_EMIT resetFinished(m_spec.sandbox, result);
    if (!m_answered) {
        m_step = Step::Done;
        m_running = false;
        // Handed over; the executor keeps no reference to the output.
        const RunOutcome outcome = std::exchange(m_pendingOutcome, {});
        emitFinished(m_pendingRan, outcome, m_pendingMessage);
    }
    becomeIdle();
}

} // namespace k8::agent
