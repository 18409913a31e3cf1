// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/PeerCredentials.h"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace k8::agent {

bool PeerCredentials::read(qintptr socketDescriptor, uint* uid, qint64* pid, QString* error)
{
    if (socketDescriptor < 0) {
        *error = tr("the connection has no socket descriptor");
        return false;
    }
    const int fd = int(socketDescriptor);
#if defined(SO_PEERCRED) && !defined(Q_OS_MACOS)
    ucred credentials = {};
    socklen_t length = sizeof(credentials);
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0 ||
        length != sizeof(credentials)) {
        *error = tr("SO_PEERCRED failed: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    *uid = uint(credentials.uid);
    *pid = qint64(credentials.pid);
    return true;
#else
    uid_t effectiveUid = 0;
    gid_t effectiveGid = 0;
    if (::getpeereid(fd, &effectiveUid, &effectiveGid) != 0) {
        *error = tr("getpeereid failed: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    *uid = uint(effectiveUid);
    *pid = -1;
    return true;
#endif
}

bool PeerCredentials::isSameUser(qintptr socketDescriptor, QString* why)
{
    uint uid = 0;
    qint64 pid = -1;
    QString error;
    if (!read(socketDescriptor, &uid, &pid, &error)) {
        *why = tr("cannot identify the peer (%1)").arg(error);
        return false;
    }
    if (uid != uint(::geteuid())) {
        *why = tr("peer runs as user id %1 (process %2), not as this app's user id %3")
                   .arg(uid)
                   .arg(pid)
                   .arg(::geteuid());
        return false;
    }
    return true;
}

} // namespace k8::agent
