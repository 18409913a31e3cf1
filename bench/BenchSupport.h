// SPDX-License-Identifier: Apache-2.0
#pragma once

// What several benchmarks read about themselves and how they reach the agent socket: their own
// memory from /proc and a plain blocking client socket (a bench's reader must not need an event
// loop of its own).

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace k8::bench {

// A field of /proc/self/status in KiB (VmRSS, VmHWM); -1 when it cannot be read.
inline qint64 statusKiB(const char* field)
{
    QFile file(QStringLiteral("/proc/self/status"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

// A blocking socket connected to the local socket at `path`; -1 when nobody accepts.
inline int connectBlocking(const QByteArray& path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.constData(), sizeof(address.sun_path) - 1);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace k8::bench
