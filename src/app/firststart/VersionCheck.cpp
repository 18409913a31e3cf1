// SPDX-License-Identifier: Apache-2.0
#include "firststart/VersionCheck.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"

namespace k8::app {

namespace {

// kosa8's output is shown as it came, but a binary that is not kosa8 may print anything: a few
// short lines are enough to recognise it.
constexpr int MaxShownLines = 4;
constexpr int MaxShownLineLength = 200;
// A failure's text (command, error, standard error) is capped: stderr may hold megabytes.
constexpr int MaxFailureLength = 2000;

QString shortened(const QString& text, int length)
{
    return text.size() > length ? text.left(length) + QChar(0x2026) : text;
}

} // namespace

VersionCheck::VersionCheck(const kosa8::Kosa8Runner* appRunner, QObject* parent)
    : QObject(parent)
    , m_appRunner(appRunner)
    , m_runner(new kosa8::Kosa8Runner(this))
{}

void VersionCheck::prepare(const kosa8::ConnectionProfile& connection)
{
    m_runner->setProfile(m_appRunner->profile());
    m_runner->setLimits(m_appRunner->limits());
    m_runner->setConnection(connection);
}

QString VersionCheck::preview(const kosa8::ConnectionProfile& connection)
{
    prepare(connection);
    return m_runner->preview(kosa8::Operation::Version, {});
}

void VersionCheck::start(const kosa8::ConnectionProfile& connection)
{
    cancel();
    prepare(connection);
    kosa8::Kosa8Job* job = m_runner->start(kosa8::Operation::Version, {});
    m_job = job;
    connect(job, &kosa8::Kosa8Job::finished, this, [this, job](const kosa8::JobResult& result) {
        if (m_job != job)
            return; // cancelled: a newer check (or none) is wanted
        m_job = nullptr;
        const kosa8::VersionInfo version =
            result.ok() ? kosa8::ListParser::version(result.stdoutData) : kosa8::VersionInfo{};
        Q_EMIT finished(result, version);
    });
}

void VersionCheck::cancel()
{
    if (!m_job)
        return;
    kosa8::Kosa8Job* job = m_job;
    m_job = nullptr;
    job->cancel();
}

bool VersionCheck::works(const kosa8::JobResult& result, const kosa8::VersionInfo& version)
{
    return result.ok() && !version.client.isEmpty();
}

QString VersionCheck::describe(const kosa8::JobResult& result, const kosa8::VersionInfo& version)
{
    if (result.ok() && version.client.isEmpty())
        return tr("It ran, but printed no kosa8 version. Is this the kosa8 executable?");
    if (!result.ok())
        return shortened(result.describeFailure(), MaxFailureLength);
    QStringList lines;
    for (const QString& line : version.rawLines) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        lines << shortened(trimmed, MaxShownLineLength);
        if (lines.size() == MaxShownLines)
            break;
    }
    QString text = tr("It works: %1").arg(lines.join(QStringLiteral(" · ")));
    if (version.server.isEmpty())
        text += QLatin1Char('\n') + tr("No daemon or worker answered yet; sandbox actions need one.");
    return text;
}

} // namespace k8::app
