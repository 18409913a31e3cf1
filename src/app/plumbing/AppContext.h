// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "plumbing/AppOptions.h"
#include "plumbing/UserMessage.h"

#include <QObject>
#include <QString>

namespace k8::kosa8 {
class ConnectionProfiles;
class Kosa8Runner;
struct JobResult;
} // namespace k8::kosa8

namespace k8::secrets {
class ProfileSecrets;
class SecretStore;
class ServerApiKeys;
} // namespace k8::secrets

namespace k8::agent::langgraph {
class LangGraphServers;
}

namespace k8::app {

class AppSettings;

// Everything a feature needs from the running app, made once in main() and handed to the
// main window, the pages, the inbox and the agent service:
//   - the parsed command line (options()) and the data folder,
//   - the settings (settings()),
//   - the one Kosa8Runner that every kosa8 command goes through (runner()), configured from the
//     active connection profile and the command profile file,
//   - the connection profiles (profiles()) and their tokens in the secret store (profileSecrets()),
//   - a message hub: postMessage()/reportFailure() put a message in the main window's
//     message area (non-modal), from any feature,
//   - the shutdown sequence: requestShutdown() emits shuttingDown() so that services can answer
//     what is pending; they may hold the quit for a moment with holdShutdown()/releaseShutdown().
// It has no widgets, so it can be created in tests without a window.
class AppContext : public QObject
{
    Q_OBJECT
public:
    // Tokens go to the system keychain (KeychainSecretStore); with KOSA8_DESK_SECRET_STORE=test-memory
    // in the environment, to a fake in memory instead (tests/support/AppTestSupport.h sets it, so
    // no test touches a person's keychain).
    explicit AppContext(const AppOptions& options, QObject* parent = nullptr);
    // With this secret store (taken over: parented to the context). Tests inject fakes.
    AppContext(const AppOptions& options, secrets::SecretStore* secretStore, QObject* parent = nullptr);
    ~AppContext() override;

    const AppOptions& options() const { return m_options; }
    QString dataDir() const { return m_options.dataDir; }
    AppSettings* settings() const { return m_settings; }
    kosa8::Kosa8Runner* runner() const { return m_runner; }
    kosa8::ConnectionProfiles* profiles() const;
    secrets::ProfileSecrets* profileSecrets() const { return m_secrets; }
    // The API keys of the LangGraph servers saved in Settings, in the same secret store.
    secrets::ServerApiKeys* serverApiKeys() const { return m_serverApiKeys; }
    // The LangGraph servers watched now, with their health (AppComposition sets it when it
    // starts the agent service; null before, and in tests without one).
    agent::langgraph::LangGraphServers* watchedLangGraphServers() const { return m_watchedLangGraphServers; }
    void setWatchedLangGraphServers(agent::langgraph::LangGraphServers* servers)
    {
        m_watchedLangGraphServers = servers;
    }
    // The command line's --kosa8 (or $KOSA8_DESK_KOSA8): it replaces the executable of the
    // active profile for this run. Empty when neither was given.
    QString executableOverride() const;
    // Makes `id` the active profile: the runner gets its connection, configurationChanged and
    // activeProfileChanged follow, and the switch is logged and posted. False: no such profile.
    bool switchProfile(const QString& id);

    // The command profile override file: `kosa8-profile.json` in the data folder.
    QString profilePath() const;
    // Why the override file was not used (names the file); empty when it was used or absent.
    QString profileError() const { return m_profileError; }
    // Re-reads the profile file and pushes settings (connection, output cap) into the runner.
    // Posts a message when the profile file is invalid.
    void reloadConfiguration();
    // The first-start page's "use this executable": kept as the active profile's executable (and
    // in place of a --kosa8 given for this run); re-checks kosa8's health through
    // configurationChanged().
    void useExecutable(const QString& path);
    // The first-start page's "add a remote worker": a new remote profile with its token in the
    // secret store, made the active one. False with *error when the name or host is refused.
    bool addRemoteProfile(const QString& name, const QString& host, const QString& token,
                          QString* error = nullptr);

    void postMessage(const UserMessage& message);
    // Withdraws the message with this key (e.g. a refresh that failed before now worked).
    void clearMessage(const QString& key);
    // A failed kosa8 job, shown with its command, exit code and stderr.
    void reportFailure(const QString& title, const kosa8::JobResult& result, const QString& key = {});

    // Clean quit, e.g. on SIGTERM or the Quit action. Safe to call more than once.
    void requestShutdown(const QString& reason);
    bool isShuttingDown() const { return m_shuttingDown; }
    // A service with work to finish before quitting (answering pending agent requests) holds
    // the quit and releases it when done; the app quits anyway after MaxShutdownHoldMs.
    void holdShutdown();
    void releaseShutdown();
    static constexpr int MaxShutdownHoldMs = 3000;

Q_SIGNALS:
    void messagePosted(const k8::app::UserMessage& message);
    void messageCleared(const QString& key);
    void configurationChanged();
    // The active connection profile is another one now (the runner has its connection already;
    // configurationChanged follows). Lists of what kosa8 holds (sandboxes) drop what they
    // showed: it came from the old connection.
    void activeProfileChanged(const QString& id);
    void shuttingDown();

private:
    void applyConnectionSettings();
    // A profile's fields or token changed: when that changes the runner's connection, apply it
    // and say so (once, later, so a burst of changes is one re-check).
    void scheduleConnectionCheck();
    void loadProfile();
    void quitIfReleased();

    AppOptions m_options;
    AppSettings* m_settings;
    kosa8::Kosa8Runner* m_runner;
    secrets::ProfileSecrets* m_secrets = nullptr;
    secrets::ServerApiKeys* m_serverApiKeys = nullptr;
    agent::langgraph::LangGraphServers* m_watchedLangGraphServers = nullptr;
    bool m_connectionCheckScheduled = false;
    QString m_profileError;
    bool m_shuttingDown = false;
    int m_shutdownHolds = 0;
};

} // namespace k8::app
