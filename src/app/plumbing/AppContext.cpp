// SPDX-License-Identifier: Apache-2.0
#include "plumbing/AppContext.h"

#include "kosa8/CommandProfile.h"
#include "kosa8/ConnectionProfiles.h"
#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"
#include "plumbing/AppSettings.h"
#include "secrets/KeychainSecretStore.h"
#include "secrets/MemorySecretStore.h"
#include "secrets/ProfileSecrets.h"
#include "secrets/ServerApiKeys.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTimer>

#include <spdlog/spdlog.h>

namespace k8::app {

namespace {
secrets::SecretStore* defaultSecretStore()
{
    if (qEnvironmentVariable("KOSA8_DESK_SECRET_STORE") == QStringLiteral("test-memory")) {
        auto* fake = new secrets::MemorySecretStore;
        fake->setPersistent(true);
        return fake;
    }
    return new secrets::KeychainSecretStore;
}

bool sameConnection(const kosa8::ConnectionProfile& a, const kosa8::ConnectionProfile& b)
{
    return a.name == b.name && a.executable == b.executable && a.host == b.host && a.token == b.token &&
           a.extraEnvironment == b.extraEnvironment;
}
} // namespace

AppContext::AppContext(const AppOptions& options, QObject* parent)
    : AppContext(options, defaultSecretStore(), parent)
{}

AppContext::AppContext(const AppOptions& options, secrets::SecretStore* secretStore, QObject* parent)
    : QObject(parent)
    , m_options(options)
    , m_settings(nullptr)
    , m_runner(new kosa8::Kosa8Runner(this))
{
    qRegisterMetaType<k8::app::UserMessage>();
    QDir().mkpath(m_options.dataDir);
    m_settings = new AppSettings(m_options.dataDir, this);
    secretStore->setParent(this);
    m_secrets = new secrets::ProfileSecrets(m_settings->profiles(), m_settings->store(), secretStore, this);
    m_serverApiKeys = new secrets::ServerApiKeys(secretStore, this);
    connect(m_settings, &AppSettings::changed, this, [this] {
        applyConnectionSettings();
        Q_EMIT configurationChanged();
    });
    kosa8::ConnectionProfiles* profiles = m_settings->profiles();
    connect(profiles, &kosa8::ConnectionProfiles::activeChanged, this, [this, profiles](const QString& id) {
        const kosa8::SavedProfile* profile = profiles->find(id);
        const QString name = profile ? profile->name : id;
        spdlog::info("profiles: switched to \"{}\"", name.toStdString());
        applyConnectionSettings();
        // First the lists drop what came from the old connection, then everything re-reads.
        Q_EMIT activeProfileChanged(id);
        Q_EMIT configurationChanged();
        UserMessage message;
        message.severity = UserMessage::Severity::Info;
        message.title = tr("Connected to the profile \"%1\"").arg(name);
        message.text = profile && profile->kind == kosa8::SavedProfile::Kind::Remote
                           ? tr("kosa8 commands now go to the remote worker %1.").arg(profile->host)
                           : tr("kosa8 commands now go to the local daemon.");
        message.key = QStringLiteral("profile-switched");
        postMessage(message);
    });
    connect(profiles, &kosa8::ConnectionProfiles::profileChanged, this, &AppContext::scheduleConnectionCheck);
    connect(m_secrets, &secrets::ProfileSecrets::problem, this,
            [this](const QString& title, const QString& text) {
                UserMessage message;
                message.severity = UserMessage::Severity::Warning;
                message.title = title;
                message.text = text;
                message.key = QStringLiteral("profile-token");
                // Deferred: at start the window connects to messagePosted after the context exists.
                QTimer::singleShot(0, this, [this, message] { postMessage(message); });
            });
    loadProfile();
    applyConnectionSettings();
    m_secrets->migrateLegacyToken();
    m_secrets->loadTokens();
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
    // The first-start page's choice is kept in the active profile. It also replaces a --kosa8
    // given for this run: that executable was the one found missing.
    QString error;
    if (!profiles()->setExecutable(profiles()->activeId(), path, &error))
        spdlog::error("kosa8: could not keep {} in the active profile: {}", path.toStdString(),
                      error.toStdString());
    spdlog::info("kosa8: using {}", path.toStdString());
    if (!executableOverride().isEmpty())
        m_options.kosa8Path = path;
    applyConnectionSettings();
    Q_EMIT configurationChanged();
}

bool AppContext::addRemoteProfile(const QString& name, const QString& host, const QString& token,
                                  QString* error)
{
    const QString id = m_secrets->addRemote(name, host, token, error);
    if (id.isEmpty())
        return false;
    // The worker is reached through the client the page just checked, not a bare "kosa8".
    profiles()->setExecutable(id, m_runner->connection().executable);
    m_settings->sync();
    return switchProfile(id);
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

kosa8::ConnectionProfiles* AppContext::profiles() const
{
    return m_settings->profiles();
}

QString AppContext::executableOverride() const
{
    // AppOptions fills in "kosa8" when neither --kosa8 nor $KOSA8_DESK_KOSA8 was given: that
    // default is the profile's business, not an override.
    const QString path = m_options.kosa8Path;
    return path == QStringLiteral("kosa8") ? QString() : path;
}

bool AppContext::switchProfile(const QString& id)
{
    return profiles()->setActive(id);
}

void AppContext::scheduleConnectionCheck()
{
    if (m_connectionCheckScheduled)
        return;
    m_connectionCheckScheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_connectionCheckScheduled = false;
        const kosa8::ConnectionProfiles* list = profiles();
        if (sameConnection(m_runner->connection(), list->connection(list->activeId(), executableOverride())))
            return;
        applyConnectionSettings();
        Q_EMIT configurationChanged();
    });
}

void AppContext::applyConnectionSettings()
{
    const kosa8::ConnectionProfiles* list = profiles();
    m_runner->setConnection(list->connection(list->activeId(), executableOverride()));
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
