// SPDX-License-Identifier: Apache-2.0
#include "setup/CodeSandboxSetup.h"

#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "kosa8/OutputProgress.h"

#include <spdlog/spdlog.h>

namespace k8::app {

using kosa8::JobResult;
using kosa8::Operation;

CodeSandboxSetup::CodeSandboxSetup(kosa8::Kosa8Runner* runner, const QString& sandbox, const QString& image,
                                   const QString& label, QObject* parent)
    : QObject(parent)
    , m_runner(runner)
    , m_sandbox(sandbox)
    , m_image(image)
    , m_label(label)
{
    Step create;
    create.title = tr("Create the sandbox %1 with no network").arg(sandbox);
    create.operation = Operation::SandboxCreate;
    create.params = kosa8::params::create(runner->profile(), sandbox, kosa8::EgressPolicy::deny(), {});
    Step pull;
    pull.title = tr("Pull the image %1").arg(image);
    pull.operation = Operation::SandboxPull;
    pull.params = kosa8::params::pull(sandbox, image);
    Step checkpoint;
    checkpoint.title = tr("Take the checkpoint %1 to rewind to").arg(label);
    checkpoint.operation = Operation::CheckpointCreate;
    checkpoint.params = kosa8::params::checkpoint(sandbox, label);
    m_steps = {create, pull, checkpoint};
    for (Step& step : m_steps) {
        QString error;
        step.command = runner->preview(step.operation, step.params, &error);
        if (step.command.isEmpty())
            step.command = error;
    }
}

CodeSandboxSetup::~CodeSandboxSetup()
{
    if (m_job)
        m_job->cancel();
}

void CodeSandboxSetup::setSandboxExists(bool exists)
{
    if (m_job || m_finished)
        return;
    m_steps[0].state = exists ? StepState::Skipped : StepState::Pending;
    Q_EMIT stepChanged(0);
}

void CodeSandboxSetup::start()
{
    if (m_job)
        return;
    m_finished = false;
    m_cancelled = false;
    m_failedStep = -1;
    for (int i = 0; i < m_steps.size(); ++i) {
        // A retry continues where it stopped: steps already done are not run again.
        if (m_steps[i].state != StepState::Skipped && m_steps[i].state != StepState::Done) {
            m_steps[i].state = StepState::Pending;
            m_steps[i].percent = -1;
            m_steps[i].result = {};
        }
        Q_EMIT stepChanged(i);
    }
    runStep(0);
}

void CodeSandboxSetup::cancel()
{
    if (!m_job)
        return;
    m_cancelled = true;
    m_job->cancel();
}

void CodeSandboxSetup::runStep(int index)
{
    while (index < m_steps.size() &&
           (m_steps[index].state == StepState::Skipped || m_steps[index].state == StepState::Done))
        ++index;
    if (index >= m_steps.size()) {
        finish();
        return;
    }
    Step& step = m_steps[index];
    step.state = StepState::Running;
    Q_EMIT stepChanged(index);
    spdlog::info("setup: step {}: {}", index + 1, step.command.toStdString());
    m_job = m_runner->start(step.operation, step.params);
    connect(m_job, &kosa8::Kosa8Job::stdoutLine, this, [this, index](const QString& line) {
        const QString clean = kosa8::ListParser::stripAnsi(line);
        const int percent = kosa8::percentInLine(clean);
        if (percent >= 0 && percent != m_steps[index].percent) {
            m_steps[index].percent = percent;
            Q_EMIT stepChanged(index);
        }
        Q_EMIT stepOutput(index, clean, false);
    });
    connect(m_job, &kosa8::Kosa8Job::stderrLine, this, [this, index](const QString& line) {
        Q_EMIT stepOutput(index, kosa8::ListParser::stripAnsi(line), true);
    });
    connect(m_job, &kosa8::Kosa8Job::finished, this,
            [this, index](const JobResult& result) { onStepFinished(index, result); });
}

void CodeSandboxSetup::onStepFinished(int index, const JobResult& result)
{
    m_job = nullptr;
    Step& step = m_steps[index];
    step.result = result;
    if (result.ok()) {
        step.state = StepState::Done;
        if (step.percent >= 0)
            step.percent = 100;
        Q_EMIT stepChanged(index);
        runStep(index + 1);
        return;
    }
    step.state = result.outcome == JobResult::Outcome::Cancelled ? StepState::Cancelled : StepState::Failed;
    m_failedStep = step.state == StepState::Failed ? index : -1;
    if (step.state == StepState::Cancelled)
        m_cancelled = true;
    Q_EMIT stepChanged(index);
    finish();
}

void CodeSandboxSetup::finish()
{
    m_finished = true;
    if (succeeded())
        spdlog::info("setup: {} is ready", m_sandbox.toStdString());
    else
        spdlog::warn("setup: stopped: {}", failureText().toStdString());
    Q_EMIT finished(succeeded());
}

QString CodeSandboxSetup::failureText() const
{
    if (m_cancelled)
        return tr("The setup was cancelled.");
    if (m_failedStep < 0)
        return {};
    const Step& step = m_steps.at(m_failedStep);
    return tr("Step %1 of %2 failed: %3").arg(m_failedStep + 1).arg(m_steps.size()).arg(step.title) +
           QStringLiteral("\n") + step.result.describeFailure();
}

} // namespace k8::app
