// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

namespace k8::agent {

// Who is on the other end of a local socket, from the kernel (SO_PEERCRED on Linux,
// getpeereid on macOS): the server accepts only its own effective user (protocol.md).
class PeerCredentials
{
    Q_DECLARE_TR_FUNCTIONS(PeerCredentials)

public:
    // Reads the peer's effective user id (and process id where the platform tells it; -1
    // otherwise). False with *error when the kernel cannot say.
    static bool read(qintptr socketDescriptor, uint* uid, qint64* pid, QString* error);

    // True when the peer runs as this process's effective user. False with *why otherwise,
    // also when the peer cannot be identified (fail closed).
    static bool isSameUser(qintptr socketDescriptor, QString* why);
};

} // namespace k8::agent
