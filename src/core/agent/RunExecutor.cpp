#include "agent/RunExecutor.h"

#include "kosa8/Kosa8Runner.h"

#include <QJsonValue>

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

void RunExecutor::startRun()
{
    const QByteArray codeBytes = m_spec.code.toUtf8();
    const bool viaStdin = codeBytes.size() > m_stdinThreshold;
    const QStringList interpreter =
        m_runner->profile().interpreterArguments(m_spec.language, m_spec.code, viaStdin);
    if (interpreter.isEmpty()) {
        fail(tr("The command profile has no interpreter for the language '%1'.").arg(m_spec.language),
             QString());
        return;
    }
    const QVariantMap params{{QStringLiteral("name"), m_spec.sandbox},
                             {QStringLiteral("image"), m_spec.image},
                             {QStringLiteral("interpreter"), interpreter}};
    JobOptions options;
    if (m_spec.timeoutS > 0)
        options.timeoutMs = m_spec.timeoutS * 1000;
    if (viaStdin)
        options.standardInput = codeBytes;
    const Operation operation = viaStdin ? Operation::SandboxRunStdin : Operation::SandboxRun;

    m_job = m_runner->start(operation, params, options);
    m_runPreview = m_job->preview();
    Q_EMIT stepStarted(m_runPreview);
    connect(m_job, &kosa8::Kosa8Job::outputChunk, this, [this](bool isStderr, const QByteArray& data) {
        const QString text = isStderr ? m_stderrDecoder.decode(data) : m_stdoutDecoder.decode(data);
        if (!text.isEmpty())
            Q_EMIT output(isStderr, text);
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
    m_running = false;
    m_done = true;
    const QJsonObject answer{
        {QStringLiteral("exit_code"), result.exitCode},
        {QStringLiteral("stdout"), result.stdoutText()},
        {QStringLiteral("stderr"), result.stderrText()},
        {QStringLiteral("truncated"), result.truncated()},
        {QStringLiteral("duration_ms"), result.durationMs},
        {QStringLiteral("sandbox"), m_spec.sandbox},
        {QStringLiteral("image"), m_spec.image},
        {QStringLiteral("checkpoint"),
         m_checkpointTaken.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m_checkpointTaken)},
    };
    Q_EMIT finished(true, answer, QString());
}

void RunExecutor::fail(const QString& message, const JobResult& result)
{
    if (m_done)
        return;
    m_running = false;
    m_done = true;
    const bool exited = result.outcome == JobResult::Outcome::Finished;
    QString stderrText = result.stderrText();
    if (!exited && !result.errorText.isEmpty()) {
        if (!stderrText.isEmpty() && !stderrText.endsWith(QLatin1Char('\n')))
            stderrText += QLatin1Char('\n');
        stderrText += result.errorText;
    }
    const QJsonObject data{
        {QStringLiteral("command"), result.preview},
        {QStringLiteral("exit_code"), exited ? QJsonValue(result.exitCode) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("stderr"), stderrText},
        {QStringLiteral("outcome"), JobResult::outcomeName(result.outcome)},
        {QStringLiteral("checkpoint"),
         m_checkpointTaken.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m_checkpointTaken)},
    };
    spdlog::warn("run in sandbox {} failed: {} ({})", m_spec.sandbox.toStdString(), message.toStdString(),
                 result.preview.toStdString());
    Q_EMIT finished(false, data, message);
}

void RunExecutor::fail(const QString& message, const QString& command)
{
    JobResult result;
    result.preview = command;
    result.outcome = JobResult::Outcome::Invalid;
    result.errorText = message;
    fail(message, result);
}

} // namespace k8::agent
