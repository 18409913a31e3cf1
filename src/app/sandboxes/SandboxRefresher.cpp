// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/SandboxRefresher.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/SandboxListModel.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"

#include <QTimer>

#include <climits>

namespace k8::app {

using kosa8::JobResult;

SandboxRefresher::SandboxRefresher(AppContext* context, kosa8::SandboxListModel* model, QObject* parent)
    : QObject(parent)
    , m_context(context)
    , m_model(model)
    , m_timer(new QTimer(this))
    , m_backoff(context->settings()->refreshIntervalS() * 1000)
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &SandboxRefresher::refresh);
    connect(context, &AppContext::configurationChanged, this, [this] {
        m_backoff.setNormalInterval(m_context->settings()->refreshIntervalS() * 1000);
        // New connection settings: try at once rather than waiting out a long back-off.
        if (m_started)
            refresh();
    });
    // Another connection profile: what the list shows belongs to the old connection. It is
    // emptied at once and an answer still coming from the old connection is dropped; the
    // configurationChanged that follows reads the list from the new one.
    connect(context, &AppContext::activeProfileChanged, this, [this] {
        if (m_job) {
            m_job->disconnect(this);
            m_job->cancel();
            m_job = nullptr;
            m_again = false;
            Q_EMIT busyChanged(false);
        }
        m_model->clear();
    });
}

void SandboxRefresher::start()
{
    if (m_started)
        return;
    m_started = true;
    refresh();
}

int SandboxRefresher::nextRefreshMs() const
{
    return m_timer->isActive() ? m_timer->remainingTime() : -1;
}

void SandboxRefresher::refresh()
{
    if (m_context->isShuttingDown())
        return;
    m_started = true;
    if (m_job) {
        m_again = true;
        return;
    }
    m_timer->stop();
    m_job = m_context->runner()->start(kosa8::Operation::SandboxList, {});
    connect(m_job, &kosa8::Kosa8Job::finished, this, &SandboxRefresher::onFinished);
    Q_EMIT busyChanged(true);
}

void SandboxRefresher::onFinished(const JobResult& result)
{
    m_job = nullptr;
    m_lastResult = result;
    if (result.ok()) {
        const kosa8::Parsed<kosa8::Sandbox> parsed = kosa8::ListParser::sandboxes(result.stdoutData);
        m_model->setSandboxes(parsed.items, int(qMin<qsizetype>(parsed.problems.size(), INT_MAX)));
        m_problems = parsed.problems;
        m_lastSuccess = QDateTime::currentDateTime();
        m_context->clearMessage(FailureMessageKey);
        if (m_problems.isEmpty()) {
            m_context->clearMessage(ProblemsMessageKey);
        } else {
            UserMessage message;
            message.severity = UserMessage::Severity::Warning;
            message.title = (m_problems.size() == 1
                                 ? tr("1 line of `%1` could not be read").arg(result.preview)
                                 : tr("%n lines of `%1` could not be read", nullptr, int(m_problems.size()))
                                       .arg(result.preview));
            message.text =
                tr("The sandboxes that could be read are shown. Click Details for the lines and why.");
            QStringList lines;
            for (const kosa8::ParseProblem& problem : std::as_const(m_problems))
                lines << tr("line %1: %2\n    %3")
                             .arg(problem.lineNumber)
                             .arg(problem.reason, problem.lineText);
            message.details = lines.join(QLatin1Char('\n'));
            message.key = ProblemsMessageKey;
            m_context->postMessage(message);
        }
        schedule(m_backoff.recordSuccess());
        Q_EMIT busyChanged(false);
        Q_EMIT refreshed();
    } else {
        const int delay = m_backoff.recordFailure();
        // Cancelled at shutdown is not a problem to report; a kosa8 that cannot even start is
        // explained by the health panel (missing executable, how to install it), not twice.
        if (result.outcome != JobResult::Outcome::Cancelled &&
            result.outcome != JobResult::Outcome::FailedToStart)
            m_context->reportFailure(tr("Could not list sandboxes"), result, FailureMessageKey);
        schedule(delay);
        Q_EMIT busyChanged(false);
        Q_EMIT failed(result);
    }
    if (m_again) {
        m_again = false;
        refresh();
    }
}

void SandboxRefresher::schedule(int delayMs)
{
    if (!m_context->isShuttingDown())
        m_timer->start(delayMs);
}

} // namespace k8::app
