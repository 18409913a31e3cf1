// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QObject>
#include <QProcessEnvironment>
#include <QString>

class QLocalServer;
class QLocalSocket;

namespace k8::app {

// One window per data folder: the first launch listens on a small local channel, a second launch
// with the same data folder asks it to bring its window to the front and exits instead of
// starting a second app (which would then find the agent socket taken).
//
// The channel is a Unix socket named after a hash of the data folder, in the folder the agent
// socket uses by default ($XDG_RUNTIME_DIR/kosa8-desk, /tmp/kosa8-desk-UID), which is checked the
// same way (agent::SocketPath::prepareFolder: the user's own, mode 0700). Any local process of
// the user can still connect, so the first launch reads at most MaxMessageBytes, accepts only
// the exact activation line and acts on nothing but "raise the window"; the only content it takes
// is a desktop activation token of a few safe characters (for focus-stealing prevention).
//
// Wire format, one line each way:
//   second -> first: "kosa8-desk activate\n" or "kosa8-desk activate TOKEN\n"
//   first -> second: "ok\n"
class SingleInstance : public QObject
{
    Q_OBJECT

public:
    explicit SingleInstance(const QString& dataDir,
                            const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(),
                            QObject* parent = nullptr);
    ~SingleInstance() override;

    enum class Claim
    {
        First,          // this process listens on the channel: it is the app for this data folder
        AlreadyRunning, // another app for this data folder acknowledged the activation
        Unavailable,    // neither (unsafe folder, no answer): the app starts without the channel
    };
    // Asks a running app to come to the front, else listens. A channel left by a crashed app (no
    // one accepts) is removed and taken over. Blocks for at most a few seconds, before any window
    // exists (a running app answers at once). *error says why for Unavailable.
    Claim claim(QString* error);

    // The channel's path for this data folder (short: hash-named, below sun_path's limit).
    QString channelPath() const { return m_channelPath; }
    static QString channelPathFor(const QString& dataDir, const QProcessEnvironment& environment);

    // The activation line a second launch sends; `token` is dropped when it is not a valid one.
    static QByteArray activationMessage(const QString& token);
    // The token of a well-formed activation line (possibly empty); false for anything else.
    static bool parseActivation(const QByteArray& line, QString* token);
    // DESKTOP_STARTUP_ID / XDG_ACTIVATION_TOKEN values are opaque but short and plain: anything
    // else is not passed on.
    static bool isValidToken(const QString& token);

    static constexpr int MaxMessageBytes = 256;
    static constexpr int ConnectTimeoutMs = 1000;
    static constexpr int AcknowledgeTimeoutMs = 3000;
    static constexpr int ClientIdleTimeoutMs = 2000;
    static constexpr int MaxClients = 8;

Q_SIGNALS:
    // A second launch asked for the window. `activationToken` is its desktop startup token
    // (validated) or empty.
    void activationRequested(const QString& activationToken);
    // A client sent something other than the activation line; it was disconnected.
    void clientRefused(const QString& reason);

private:
    // Sends the activation line to a running app; true once it acknowledged. *connected tells
    // whether anything accepted the connection at all.
    bool activateRunning(bool* connected);
    bool listen(QString* error);
    void acceptClients();
    void readFrom(QLocalSocket* client);

    QString m_channelPath;
    QString m_token; // this launch's activation token, sent when another app is running
    QLocalServer* m_server = nullptr;
    int m_clients = 0;
};

} // namespace k8::app
