// SPDX-License-Identifier: Apache-2.0
#include "plumbing/AppSettings.h"

#include "agent/langgraph/SavedLangGraphServers.h"
#include "agent/payload/PayloadShapes.h"
#include "files/OwnerOnly.h"
#include "files/SettingsValue.h"
#include "kosa8/ConnectionProfiles.h"

#include <QDir>
#include <QFile>
#include <QSettings>

namespace k8::app {

namespace {
const QString KeyDefaultSandbox = QStringLiteral("agent/defaultSandbox");
const QString KeyImagePrefix = QStringLiteral("images/");
const QString KeyOutputCap = QStringLiteral("kosa8/outputCapBytes");
const QString KeyRefreshInterval = QStringLiteral("sandboxes/refreshIntervalS");
const QString KeyApproveArmDelay = QStringLiteral("inbox/approveArmDelayMs");
const QString KeyRunStepLimit = QStringLiteral("agent/runStepLimitS");
const QString KeyTrialLimit = QStringLiteral("inbox/trialLimitS");
} // namespace

namespace {
// QSettings keeps an existing file's permissions when it rewrites it; made first, it would take
// the umask's (files/OwnerOnly.h).
QString ownerOnlySettingsFile(const QString& dataDir)
{
    const QString path = QDir(dataDir).filePath(QStringLiteral("kosa8-desk.ini"));
    files::OwnerOnly::ensureFile(path);
    return path;
}
} // namespace

AppSettings::AppSettings(const QString& dataDir, QObject* parent)
    : QObject(parent)
    , m_settings(new QSettings(ownerOnlySettingsFile(dataDir), QSettings::IniFormat, this))
    , m_profiles(new kosa8::ConnectionProfiles(m_settings, this))
    , m_langGraphServers(new agent::langgraph::SavedLangGraphServers(m_settings, this))
{
    sync();
}

AppSettings::~AppSettings() = default;

QString AppSettings::filePath() const
{
    return m_settings->fileName();
}

QString AppSettings::defaultSandbox() const
{
    return m_settings->value(KeyDefaultSandbox, QStringLiteral("code-runner")).toString();
}

void AppSettings::setDefaultSandbox(const QString& name)
{
    setIfChanged(KeyDefaultSandbox, name);
    Q_EMIT changed();
}

QStringList AppSettings::languages()
{
    return {QStringLiteral("python"), QStringLiteral("bash"), QStringLiteral("node")};
}

QString AppSettings::builtInImage(const QString& language)
{
    // One table of protocol defaults, shared with the agent service.
    return agent::defaultImageFor(language);
}

QString AppSettings::image(const QString& language) const
{
    const QString value = m_settings->value(KeyImagePrefix + language).toString();
    return value.isEmpty() ? builtInImage(language) : value;
}

void AppSettings::setImage(const QString& language, const QString& image)
{
    if (image.isEmpty() || image == builtInImage(language))
        m_settings->remove(KeyImagePrefix + language);
    else
        setIfChanged(KeyImagePrefix + language, image);
    Q_EMIT changed();
}

qint64 AppSettings::outputCapBytes() const
{
    bool ok = false;
    const qint64 value = m_settings->value(KeyOutputCap, DefaultOutputCapBytes).toLongLong(&ok);
    // A hand-edited nonsense value falls back to the default rather than capturing nothing.
    return ok && value >= 1024 ? value : DefaultOutputCapBytes;
}

void AppSettings::setOutputCapBytes(qint64 bytes)
{
    setIfChanged(KeyOutputCap, bytes);
    Q_EMIT changed();
}

int AppSettings::refreshIntervalS() const
{
    bool ok = false;
    const int value = m_settings->value(KeyRefreshInterval, DefaultRefreshIntervalS).toInt(&ok);
    return ok && value >= 1 ? value : DefaultRefreshIntervalS;
}

void AppSettings::setRefreshIntervalS(int seconds)
{
    setIfChanged(KeyRefreshInterval, seconds);
    Q_EMIT changed();
}

int AppSettings::approveArmDelayMs() const
{
    bool ok = false;
    const int value = m_settings->value(KeyApproveArmDelay, DefaultApproveArmDelayMs).toInt(&ok);
    // A hand-edited nonsense value falls back to the default rather than to no delay.
    return ok && value >= 0 && value <= MaxApproveArmDelayMs ? value : DefaultApproveArmDelayMs;
}

void AppSettings::setApproveArmDelayMs(int ms)
{
    setIfChanged(KeyApproveArmDelay, qBound(0, ms, MaxApproveArmDelayMs));
    Q_EMIT changed();
}

int AppSettings::boundedInt(const QString& key, int fallback, int lowest, int highest) const
{
    bool ok = false;
    const int value = m_settings->value(key, fallback).toInt(&ok);
    // A hand-edited nonsense value falls back to the default rather than to no limit.
    return ok && value >= lowest && value <= highest ? value : fallback;
}

int AppSettings::runStepLimitS() const
{
    return boundedInt(KeyRunStepLimit, DefaultRunStepLimitS, MinRunStepLimitS, MaxRunStepLimitS);
}

void AppSettings::setRunStepLimitS(int seconds)
{
    setIfChanged(KeyRunStepLimit, qBound(MinRunStepLimitS, seconds, MaxRunStepLimitS));
    Q_EMIT changed();
}

int AppSettings::trialLimitS() const
{
    return boundedInt(KeyTrialLimit, DefaultTrialLimitS, MinTrialLimitS, MaxTrialLimitS);
}

void AppSettings::setTrialLimitS(int seconds)
{
    setIfChanged(KeyTrialLimit, qBound(MinTrialLimitS, seconds, MaxTrialLimitS));
    Q_EMIT changed();
}

void AppSettings::setIfChanged(const QString& key, const QVariant& value)
{
    files::SettingsValue::setIfChanged(*m_settings, key, value);
}

void AppSettings::sync()
{
    m_settings->sync();
    files::OwnerOnly::restrictFile(m_settings->fileName());
}

QVariant AppSettings::windowValue(const QString& key) const
{
    return m_settings->value(QStringLiteral("window/") + key);
}

void AppSettings::setWindowValue(const QString& key, const QVariant& value)
{
    setIfChanged(QStringLiteral("window/") + key, value);
}

} // namespace k8::app
