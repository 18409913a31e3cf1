// SPDX-License-Identifier: Apache-2.0
#include "profiles/ProfileHealthCheck.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "plumbing/AppContext.h"

namespace k8::app {

ProfileHealthCheck::ProfileHealthCheck(AppContext* context, const kosa8::ConnectionProfile& connection,
                                       QObject* parent)
    : QObject(parent)
    , m_runner(new kosa8::Kosa8Runner(this))
{
    m_runner->setProfile(context->runner()->profile());
    m_runner->setLimits(context->runner()->limits());
    m_runner->setConnection(connection);
}

void ProfileHealthCheck::setConnection(const kosa8::ConnectionProfile& connection)
{
    m_runner->setConnection(connection);
}

QString ProfileHealthCheck::preview() const
{
    return m_runner->preview(kosa8::Operation::Version, {});
}

void ProfileHealthCheck::start()
{
    if (m_job)
        return;
    m_state = State::Checking;
    m_job = m_runner->start(kosa8::Operation::Version, {});
    connect(m_job, &kosa8::Kosa8Job::finished, this, &ProfileHealthCheck::onFinished);
}

void ProfileHealthCheck::onFinished(const kosa8::JobResult& result)
{
    m_job = nullptr;
    m_result = result;
    if (result.ok()) {
        m_version = kosa8::ListParser::version(result.stdoutData);
        m_state = m_version.server.isEmpty() ? State::NoServer : State::Ok;
    } else {
        m_version = {};
        m_state =
            result.outcome == kosa8::JobResult::Outcome::FailedToStart ? State::Missing : State::NotAnswering;
    }
    Q_EMIT finished();
}

QString ProfileHealthCheck::summary() const
{
    switch (m_state) {
    case State::Unknown:
        return tr("Not checked yet.");
    case State::Checking:
        return tr("Checking…");
    case State::Ok: {
        const QString label = m_version.serverLabel.isEmpty() ? tr("daemon") : m_version.serverLabel;
        return tr("kosa8 %1 · %2 %3 reachable").arg(m_version.client, label, m_version.server);
    }
    case State::NoServer:
        return tr("kosa8 %1 · no daemon or worker answered").arg(m_version.client);
    case State::Missing:
        return tr("kosa8 not found: %1").arg(m_result.describeFailure());
    case State::NotAnswering:
        return tr("kosa8 is not answering: %1").arg(m_result.describeFailure());
    }
    return {};
}

} // namespace k8::app
