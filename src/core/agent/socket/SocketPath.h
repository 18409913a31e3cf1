// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QString>

namespace k8::agent {

// Where the agent socket lives and whether it is safe to listen there (protocol.md,
// "Transport"). Everything here is quick and non-blocking: the liveness probe uses a
// non-blocking connect(2), which a Unix socket answers at once.
class SocketPath
{
    Q_DECLARE_TR_FUNCTIONS(SocketPath)

public:
    // First that applies: the --socket flag, KOSA8_DESK_SOCKET, then the platform default.
    static QString resolve(const QString& flagPath,
                           const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());
    // $XDG_RUNTIME_DIR/kosa8-desk/agent.sock, else /tmp/kosa8-desk-UID/agent.sock (Linux);
    // $TMPDIR/kosa8-desk/agent.sock (macOS).
    static QString platformDefault(const QProcessEnvironment& environment);

    // Creates the socket's folder with mode 0700 when missing. Refuses a folder that another
    // user owns, that group or others can enter, or that is a symbolic link; *error says why.
    static bool prepareFolder(const QString& socketPath, QString* error);

    enum class Probe
    {
        Absent,     // nothing at the path
        Stale,      // a socket file with nobody listening behind it
        Live,       // another process accepts connections there
        NotASocket, // a file of another kind: never removed
        Failed,     // could not tell; see detail
    };
    static Probe probe(const QString& socketPath, QString* detail = nullptr);

    // Folder checks, then the one-app-per-socket check: a live socket is refused ("another kosa8
    // Desk is already listening on PATH"), a stale one removed. True when listening may go ahead.
    static bool prepareToListen(const QString& socketPath, QString* error);

    // chmod 0600 on the socket file after listening.
    static bool restrictSocketFile(const QString& socketPath, QString* error);

    // One line for the person (the empty inbox, About): where agents connect and whether the app
    // listens there, or why not.
    // With `problem` (AgentService::listenProblem()) a socket that could not be used says why.
    static QString statusText(const QString& socketPath, bool listening, const QString& problem = {});

    // sun_path holds this many bytes including the terminating NUL.
    static int maxPathBytes();
};

} // namespace k8::agent
