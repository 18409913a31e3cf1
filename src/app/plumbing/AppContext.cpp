// SPDX-License-Identifier: Apache-2.0
#include "plumbing/AppContext.h"

#include "kosa8/CommandProfile.h"
#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"
#include "plumbing/AppSettings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTimer>

#include <spdlog/spdlog.h>

namespace k8::app {

AppContext::AppContext(const AppOptions& options, QObject* parent)
    : QObject(parent)
    , m_options(options)
    , m_settings(nullptr)
    , m_runner(new kosa8::Kosa8Runner(this))
{
    qRegisterMetaType<k8::app::UserMessage>();
    QDir().mkpath(m_options.dataDir);
    m_settings = new AppSettings(m_options.dataDir, this);
    connect(m_settings, &AppSettings::changed, this, [this] {
        applyConnectionSettings();
        Q_EMIT configurationChanged();
    });
    loadProfile();
    applyConnectionSettings();
}

AppContext::~AppContext() = default;

QString AppContext::profilePath() const
{
    return QDir(m_options.dataDir).filePath(QStringLiteral("kosa8-profile.json"));
}

void AppContext::reloadConfiguration()
{
    loadProfile();
    applyConnectionSettings();
    Q_EMIT configurationChanged();
}

void AppContext::useExecutable(const QString& path)
{
    spdlog::info("kosa8: using {} for this session", path.toStdString());
    m_options.kosa8Path = path;
    applyConnectionSettings();
    Q_EMIT configurationChanged();
}

void AppContext::loadProfile()
{
    kosa8::CommandProfile profile = kosa8::CommandProfile::builtIn();
    m_profileError.clear();
    const QString path = profilePath();
    // A small local file read once at startup (and on request): not worth an async read.
    if (QFile::exists(path)) {
        QString error;
        if (profile.loadOverrides(path, &error)) {
            spdlog::info("command profile: using overrides from {} ({} entries)", path.toStdString(),
                         profile.overriddenKeys().size());
        } else {
            profile = kosa8::CommandProfile::builtIn();
            m_profileError =
                error.isEmpty() ? tr("The command profile %1 could not be read.").arg(path) : error;
            if (!m_profileError.contains(path))
                m_profileError = tr("%1: %2").arg(path, m_profileError);
            spdlog::error("command profile: {}; using the built-in defaults", m_profileError.toStdString());
            UserMessage message;
            message.severity = UserMessage::Severity::Warning;
            message.title = tr("The command profile file is invalid; the built-in commands are used");
            message.text = m_profileError;
            message.key = QStringLiteral("profile");
            // Deferred: the window connects to messagePosted after the context exists.
            QTimer::singleShot(0, this, [this, message] { postMessage(message); });
        }
    }
    m_runner->setProfile(profile);
}

void AppContext::applyConnectionSettings()
{
    m_runner->setConnection(m_settings->connectionProfile(m_options.kosa8Path));
    kosa8::RunnerLimits limits = m_runner->limits();
    limits.outputCapBytes = m_settings->outputCapBytes();
    m_runner->setLimits(limits);
}

void AppContext::postMessage(const UserMessage& message)
{
    switch (message.severity) {
    case UserMessage::Severity::Info:
        spdlog::info("message: {}: {}", message.title.toStdString(), message.text.toStdString());
        break;
    case UserMessage::Severity::Warning:
        spdlog::warn("message: {}: {}", message.title.toStdString(), message.text.toStdString());
        break;
    case UserMessage::Severity::Error:
        spdlog::error("message: {}: {}", message.title.toStdString(), message.text.toStdString());
        break;
    }
    Q_EMIT messagePosted(message);
}

void AppContext::clearMessage(const QString& key)
{
    if (!key.isEmpty())
        Q_EMIT messageCleared(key);
}

void AppContext::reportFailure(const QString& title, const kosa8::JobResult& result, const QString& key)
{
    UserMessage message;
    message.severity = UserMessage::Severity::Error;
    message.title = title;
    message.text = result.describeFailure();
    QString details = tr("Command: %1").arg(result.preview);
    if (!result.stderrData.isEmpty())
        details += QStringLiteral("\n\n") + tr("Standard error:") + QLatin1Char('\n') + result.stderrText();
    if (!result.stdoutData.isEmpty())
        details += QStringLiteral("\n\n") + tr("Standard output:") + QLatin1Char('\n') + result.stdoutText();
    message.details = details;
    message.key = key;
    postMessage(message);
}

void AppContext::requestShutdown(const QString& reason)
{
    if (m_shuttingDown)
        return;
    m_shuttingDown = true;
    spdlog::info("shutting down: {}", reason.toStdString());
    Q_EMIT shuttingDown();
    m_runner->cancelAll();
    QTimer::singleShot(MaxShutdownHoldMs, this, [] {
        spdlog::warn("shutdown: services did not finish in time; quitting anyway");
        QCoreApplication::quit();
    });
    // Deferred so that slots of shuttingDown() can queue their last writes first.
    QTimer::singleShot(0, this, &AppContext::quitIfReleased);
}

void AppContext::holdShutdown()
{
    ++m_shutdownHolds;
}

void AppContext::releaseShutdown()
{
    if (m_shutdownHolds > 0)
        --m_shutdownHolds;
    if (m_shuttingDown)
        QTimer::singleShot(0, this, &AppContext::quitIfReleased);
}

void AppContext::quitIfReleased()
{
    if (m_shuttingDown && m_shutdownHolds == 0)
        QCoreApplication::quit();
}

} // namespace k8::app
