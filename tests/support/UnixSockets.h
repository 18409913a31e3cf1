// SPDX-License-Identifier: Apache-2.0
#pragma once

// Plain POSIX local sockets for tests that need what QLocalSocket hides: a socket file nobody
// listens on, or a client that reads only when the test says so.

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace k8::test {

inline sockaddr_un unixAddress(const QString& path)
{
    sockaddr_un address = {};
    address.sun_family = AF_UNIX;
    const QByteArray bytes = QFile::encodeName(path);
    std::memcpy(address.sun_path, bytes.constData(),
                qMin(size_t(bytes.size()), sizeof(address.sun_path) - 1));
    return address;
}

// What a crashed app leaves behind: a socket file at `path` with nobody listening (bound, then
// closed without listen).
inline bool makeStaleSocket(const QString& path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    const sockaddr_un address = unixAddress(path);
    const bool ok = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) == 0;
    ::close(fd);
    return ok;
}

// A blocking socket connected to `path`; -1 when nobody accepts. The caller closes it.
inline int connectUnixSocket(const QString& path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    const sockaddr_un address = unixAddress(path);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace k8::test
