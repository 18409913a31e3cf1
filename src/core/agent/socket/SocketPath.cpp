// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/SocketPath.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace k8::agent {

namespace {

QString systemError(int code)
{
    return QString::fromLocal8Bit(std::strerror(code));
}

} // namespace

QString SocketPath::resolve(const QString& flagPath, const QProcessEnvironment& environment)
{
    if (!flagPath.isEmpty())
        return flagPath;
    const QString fromEnvironment = environment.value(QStringLiteral("KOSA8_DESK_SOCKET"));
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    return platformDefault(environment);
}

QString SocketPath::platformDefault(const QProcessEnvironment& environment)
{
#ifdef Q_OS_MACOS
    QString base = environment.value(QStringLiteral("TMPDIR"));
    if (base.isEmpty())
        base = QStringLiteral("/tmp");
    while (base.size() > 1 && base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return base + QStringLiteral("/kosa8-desk/agent.sock");
#else
    const QString runtime = environment.value(QStringLiteral("XDG_RUNTIME_DIR"));
    if (!runtime.isEmpty())
        return QDir(runtime).filePath(QStringLiteral("kosa8-desk/agent.sock"));
    return QStringLiteral("/tmp/kosa8-desk-%1/agent.sock").arg(geteuid());
#endif
}

int SocketPath::maxPathBytes()
{
    return int(sizeof(sockaddr_un::sun_path));
}

bool SocketPath::prepareFolder(const QString& socketPath, QString* error)
{
    const QString folder = QFileInfo(socketPath).absolutePath();
    const QByteArray folderBytes = QFile::encodeName(folder);

    struct stat info = {};
    if (::lstat(folderBytes.constData(), &info) != 0) {
        if (errno != ENOENT) {
            *error = tr("Cannot inspect the socket folder %1: %2").arg(folder, systemError(errno));
            return false;
        }
        if (::mkdir(folderBytes.constData(), 0700) != 0 && errno != EEXIST) {
            *error = tr("Cannot create the socket folder %1: %2").arg(folder, systemError(errno));
            return false;
        }
        if (::lstat(folderBytes.constData(), &info) != 0) {
            *error = tr("Cannot inspect the socket folder %1: %2").arg(folder, systemError(errno));
            return false;
        }
    }
    if (S_ISLNK(info.st_mode)) {
        *error = tr("Refusing the socket folder %1: it is a symbolic link; use a real folder that only you "
                    "can enter (mode 0700).")
                     .arg(folder);
        return false;
    }
    if (!S_ISDIR(info.st_mode)) {
        *error = tr("Refusing the socket folder %1: it is not a folder.").arg(folder);
        return false;
    }
    if (info.st_uid != geteuid()) {
        *error = tr("Refusing the socket folder %1: it belongs to user id %2, not to you (user id %3); "
                    "another user could replace the socket.")
                     .arg(folder)
                     .arg(info.st_uid)
                     .arg(geteuid());
        return false;
    }
    if ((info.st_mode & 077) != 0) {
        *error = tr("Refusing the socket folder %1: its mode is %2, so other users can enter it; it must be "
                    "0700 (run: chmod 700 %1).")
                     .arg(folder)
                     .arg(QString::number(info.st_mode & 07777, 8).rightJustified(4, QLatin1Char('0')));
        return false;
    }
    return true;
}

SocketPath::Probe SocketPath::probe(const QString& socketPath, QString* detail)
{
    const QByteArray pathBytes = QFile::encodeName(socketPath);
    struct stat info = {};
    if (::lstat(pathBytes.constData(), &info) != 0) {
        if (errno == ENOENT)
            return Probe::Absent;
        if (detail)
            *detail = systemError(errno);
        return Probe::Failed;
    }
    if (!S_ISSOCK(info.st_mode))
        return Probe::NotASocket;

    sockaddr_un address = {};
    address.sun_family = AF_UNIX;
    if (pathBytes.size() >= int(sizeof(address.sun_path))) {
        if (detail)
            *detail = tr("the path is too long for a socket");
        return Probe::Failed;
    }
    std::memcpy(address.sun_path, pathBytes.constData(), size_t(pathBytes.size()));

    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) {
        if (detail)
            *detail = systemError(errno);
        return Probe::Failed;
    }
    // Non-blocking, so a listener with a full backlog cannot stall start-up (EAGAIN = live).
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    const int result = ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address));
    const int connectError = result == 0 ? 0 : errno;
    ::close(fd);

    if (result == 0 || connectError == EAGAIN || connectError == EINPROGRESS)
        return Probe::Live;
    if (connectError == ECONNREFUSED)
        return Probe::Stale;
    if (connectError == ENOENT)
        return Probe::Absent;
    if (detail)
        *detail = systemError(connectError);
    return Probe::Failed;
}

bool SocketPath::prepareToListen(const QString& socketPath, QString* error)
{
    if (socketPath.isEmpty()) {
        *error = tr("No socket path was given.");
        return false;
    }
    const QByteArray pathBytes = QFile::encodeName(socketPath);
    if (pathBytes.size() >= maxPathBytes()) {
        *error = tr("The socket path %1 is %2 bytes long; a Unix socket path must be shorter than %3 bytes.")
                     .arg(socketPath)
                     .arg(pathBytes.size())
                     .arg(maxPathBytes());
        return false;
    }
    if (!prepareFolder(socketPath, error))
        return false;

    QString detail;
    switch (probe(socketPath, &detail)) {
    case Probe::Absent:
        return true;
    case Probe::Live:
        *error = tr("Another kosa8 Desk is already listening on %1.").arg(socketPath);
        return false;
    case Probe::Stale:
        if (::unlink(pathBytes.constData()) != 0 && errno != ENOENT) {
            *error = tr("Cannot remove the stale socket %1: %2").arg(socketPath, systemError(errno));
            return false;
        }
        return true;
    case Probe::NotASocket:
        *error = tr("%1 exists and is not a socket; refusing to replace it.").arg(socketPath);
        return false;
    case Probe::Failed:
        break;
    }
    *error = tr("Cannot check the socket %1: %2").arg(socketPath, detail);
    return false;
}

bool SocketPath::restrictSocketFile(const QString& socketPath, QString* error)
{
    if (::chmod(QFile::encodeName(socketPath).constData(), 0600) != 0) {
        *error = tr("Cannot set mode 0600 on the socket %1: %2").arg(socketPath, systemError(errno));
        return false;
    }
    return true;
}

QString SocketPath::statusText(const QString& socketPath, bool listening, const QString& problem)
{
    if (listening)
        return tr("Listening for agents on %1").arg(QDir::toNativeSeparators(socketPath));
    if (!problem.isEmpty())
        return tr("Agents cannot connect: %1").arg(problem);
    if (socketPath.isEmpty())
        return tr("Not listening for agents: the agent service has not started.");
    return tr("Not listening for agents on %1: the agent service has stopped.")
        .arg(QDir::toNativeSeparators(socketPath));
}

} // namespace k8::agent
