// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariant>

class QSettings;

namespace k8::kosa8 {
class ConnectionProfiles;
}
namespace k8::agent::langgraph {
class SavedLangGraphServers;
}

namespace k8::app {

// The user's settings, kept in an INI file in the data folder (so --data-dir keeps profiles
// apart). Reading and writing go through named accessors so the keys are spelled once.
class AppSettings : public QObject
{
    Q_OBJECT
public:
    explicit AppSettings(const QString& dataDir, QObject* parent = nullptr);
    ~AppSettings() override;

    QString filePath() const;

    // The sandbox that agent `run` requests go to when they name none.
    QString defaultSandbox() const;
    void setDefaultSandbox(const QString& name);

    // Image per language ("python", "bash", "node").
    static QStringList languages();
    static QString builtInImage(const QString& language);
    QString image(const QString& language) const;
    void setImage(const QString& language, const QString& image);

    // Per-stream cap of captured kosa8 output.
    static constexpr qint64 DefaultOutputCapBytes = 4 * 1024 * 1024;
    qint64 outputCapBytes() const;
    void setOutputCapBytes(qint64 bytes);

    // The kosa8 connections (local daemon, remote workers), one active; saved in this file
    // without their tokens (those live in the secret store: AppContext::profileSecrets()).
    kosa8::ConnectionProfiles* profiles() const { return m_profiles; }
    // The LangGraph servers added in Settings; saved here without their API keys (those live in
    // the secret store: AppContext::serverApiKeys()).
    agent::langgraph::SavedLangGraphServers* langGraphServers() const { return m_langGraphServers; }
    // The underlying settings (the profile secrets migrate the old token key through it).
    QSettings* store() const { return m_settings; }

    // How often the sandbox list refreshes while kosa8 answers.
    static constexpr int DefaultRefreshIntervalS = 10;
    int refreshIntervalS() const;
    void setRefreshIntervalS(int seconds);

    // How long approving stays disarmed after the request in view changes (0: not at all), so a
    // key meant for one request never approves another that just took its place.
    static constexpr int DefaultApproveArmDelayMs = 500;
    static constexpr int MaxApproveArmDelayMs = 5000;
    int approveArmDelayMs() const;
    void setApproveArmDelayMs(int ms);

    // The longest the checkpoint before an agent's run and the reset to base after it may take,
    // with or without the run's own timeout_s (agent::AgentSettings::runStepLimitMs).
    static constexpr int DefaultRunStepLimitS = 120; // agent::RunExecutor::DefaultStepLimitMs
    static constexpr int MinRunStepLimitS = 1;
    static constexpr int MaxRunStepLimitS = 3600;
    int runStepLimitS() const;
    void setRunStepLimitS(int seconds);

    // The longest the code of a trial in a throwaway copy may run (trial::TrialSpec::limitMs).
    static constexpr int DefaultTrialLimitS = 60;
    static constexpr int MinTrialLimitS = 1;
    static constexpr int MaxTrialLimitS = 3600;
    int trialLimitS() const;
    void setTrialLimitS(int seconds);

    // Writes to disk (and restricts the file to the owner: older versions kept a token in it,
    // and one may still be there until it could be moved to a keychain).
    void sync();

    // The main window's look as the person left it (mainwindow/WindowState): geometry, splitter
    // positions, the last page. Kept under "window/" apart from the preferences above, and
    // setting one does not emit changed(): nothing else depends on them.
    QVariant windowValue(const QString& key) const;
    void setWindowValue(const QString& key, const QVariant& value);

Q_SIGNALS:
    // Emitted after any setter changed a value.
    void changed();

private:
    // Every setter writes through this: a value the file already holds is not set again, so
    // sync() finds nothing to write and leaves the file alone (files/SettingsValue.h).
    void setIfChanged(const QString& key, const QVariant& value);
    // The integer under `key` when it lies within [lowest, highest], else `fallback`.
    int boundedInt(const QString& key, int fallback, int lowest, int highest) const;

    QSettings* m_settings;
    kosa8::ConnectionProfiles* m_profiles;
    agent::langgraph::SavedLangGraphServers* m_langGraphServers;
};

} // namespace k8::app
