// SPDX-License-Identifier: Apache-2.0
#include "health/HealthMonitor.h"

#include "health/ExecutableWatcher.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "plumbing/AppContext.h"

#include <spdlog/spdlog.h>

namespace k8::app {

using kosa8::JobResult;

HealthMonitor::HealthMonitor(AppContext* context, QObject* parent)
    : QObject(parent)
    , m_context(context)
    , m_watcher(new ExecutableWatcher(this))
{
    connect(context, &AppContext::configurationChanged, this, &HealthMonitor::check);
    connect(m_watcher, &ExecutableWatcher::found, this, &HealthMonitor::check);
}

QString HealthMonitor::configuredExecutable() const
{
    return m_context->runner()->connection().executable;
}

QString HealthMonitor::resolvedExecutable() const
{
    return m_context->runner()->connection().resolvedExecutable();
}

void HealthMonitor::check()
{
    if (m_job)
        return;
    if (m_state == State::Unknown)
        setState(State::Checking);
    m_job = m_context->runner()->start(kosa8::Operation::Version, {});
    connect(m_job, &kosa8::Kosa8Job::finished, this, &HealthMonitor::onFinished);
}

void HealthMonitor::onFinished(const JobResult& result)
{
    m_job = nullptr;
    m_lastResult = result;
    if (result.ok()) {
        m_version = kosa8::ListParser::version(result.stdoutData);
        setState(m_version.server.isEmpty() ? State::NoServer : State::Ok);
        spdlog::info("health: kosa8 {} ({} {})", m_version.client.toStdString(),
                     m_version.serverLabel.toStdString(), m_version.server.toStdString());
    } else {
        m_version = {};
        setState(result.outcome == JobResult::Outcome::FailedToStart ? State::Missing : State::NotAnswering);
        spdlog::warn("health: {}", result.describeFailure().toStdString());
    }
    watchWhileMissing();
    Q_EMIT checked();
}

void HealthMonitor::watchWhileMissing()
{
    // Only when there is nothing to start at all: a file that is there but does not start (no
    // execute bit, a bad interpreter) is found again at once, and would be retried in a loop.
    if (m_state == State::Missing && resolvedExecutable().isEmpty())
        m_watcher->watch(m_context->runner()->connection());
    else
        m_watcher->stop();
}

void HealthMonitor::setState(State state)
{
    const bool changed = state != m_state;
    m_state = state;
    if (changed)
        Q_EMIT stateChanged(state);
}

QString HealthMonitor::summary() const
{
    switch (m_state) {
    case State::Unknown:
    case State::Checking:
        return tr("Checking kosa8…");
    case State::Ok: {
        const QString label = m_version.serverLabel.isEmpty() ? tr("daemon") : m_version.serverLabel;
        return tr("kosa8 %1 · %2 %3").arg(m_version.client, label, m_version.server);
    }
    case State::NoServer:
        return tr("kosa8 %1 · no daemon or worker answered").arg(m_version.client);
    case State::Missing:
        return tr("kosa8 not found");
    case State::NotAnswering:
        return tr("kosa8 is not answering");
    }
    return {};
}

QString HealthMonitor::problemTitle() const
{
    switch (m_state) {
    case State::Missing:
        return tr("kosa8 was not found");
    case State::NotAnswering:
        return tr("kosa8 is not answering");
    case State::NoServer:
        return tr("No kosa8 daemon or worker answered");
    default:
        return {};
    }
}

QString HealthMonitor::problemText() const
{
    const QString tried = configuredExecutable();
    const QString resolved = resolvedExecutable();
    QString where = resolved.isEmpty() || resolved == tried ? tr("Tried: %1").arg(tried)
                                                            : tr("Tried: %1 (%2)").arg(tried, resolved);
    if (resolved.isEmpty() && !tried.contains(QLatin1Char('/')))
        where += QLatin1Char(' ') + tr("— not found on PATH.");
    switch (m_state) {
    case State::Missing:
        return where + QStringLiteral("\n\n") +
               tr("kosa8 Desk runs every sandbox action through the kosa8 command line, so those actions are "
                  "unavailable until it is found. The rest of the app works.") +
               QStringLiteral("\n\n") +
               tr("How to fix it:\n"
                  "• On an Apple-silicon Mac, install kosa8; it runs sandboxes locally with its daemon "
                  "kosa8d.\n"
                  "• On Linux or an Intel Mac, kosa8 is a remote client: install it, then set the remote "
                  "worker "
                  "(KOSA8_HOST and KOSA8_TOKEN) in Settings.\n"
                  "• If kosa8 is installed elsewhere, start kosa8 Desk with --kosa8 PATH or set "
                  "KOSA8_DESK_KOSA8.");
    case State::NotAnswering:
        return where + QStringLiteral("\n\n") + m_lastResult.describeFailure() + QStringLiteral("\n\n") +
               tr("How to fix it:\n"
                  "• Check the daemon with `kosa8 daemon status` and start it with `kosa8 daemon start`.\n"
                  "• For a remote worker, check the host and token in Settings.\n"
                  "• Run `kosa8 doctor` in a terminal for more.");
    case State::NoServer:
        return tr("kosa8 %1 answered, but no daemon or worker version was printed. Sandbox actions may fail; "
                  "check `kosa8 daemon status`, or the remote worker in Settings.")
            .arg(m_version.client);
    default:
        return {};
    }
}

QString HealthMonitor::problemDetails() const
{
    if (m_lastResult.preview.isEmpty())
        return {};
    QString details = tr("Command: %1").arg(m_lastResult.preview) + QLatin1Char('\n');
    details += tr("Result: %1").arg(JobResult::outcomeName(m_lastResult.outcome));
    if (m_lastResult.outcome == JobResult::Outcome::Finished)
        details += QStringLiteral(" (") + tr("exit code %1").arg(m_lastResult.exitCode) + QLatin1Char(')');
    details += QLatin1Char('\n');
    if (!m_lastResult.errorText.isEmpty())
        details += tr("Error: %1").arg(m_lastResult.errorText) + QLatin1Char('\n');
    if (!m_lastResult.stderrData.isEmpty())
        details += tr("Standard error:") + QLatin1Char('\n') + m_lastResult.stderrText();
    return details;
}

} // namespace k8::app
