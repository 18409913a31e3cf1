// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/PeerCredentials.h"
#include "agent/socket/SocketPath.h"
#include "support/UnixSockets.h"

#include <QDir>
#include <QFile>
#include <QLocalServer>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

using k8::agent::PeerCredentials;
using k8::agent::SocketPath;

namespace {

int modeOf(const QString& path)
{
    struct stat info = {};
    if (::lstat(QFile::encodeName(path).constData(), &info) != 0)
        return -1;
    return int(info.st_mode & 07777);
}

using k8::test::makeStaleSocket;

} // namespace

class TestSocketPath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resolutionOrder()
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("KOSA8_DESK_SOCKET"), QStringLiteral("/run/env/agent.sock"));
        environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), QStringLiteral("/run/user/1000"));
        QCOMPARE(SocketPath::resolve(QStringLiteral("/flag/agent.sock"), environment),
                 QStringLiteral("/flag/agent.sock"));
        QCOMPARE(SocketPath::resolve(QString(), environment), QStringLiteral("/run/env/agent.sock"));
        environment.remove(QStringLiteral("KOSA8_DESK_SOCKET"));
#ifdef Q_OS_MACOS
        environment.insert(QStringLiteral("TMPDIR"), QStringLiteral("/var/folders/xy/T/"));
        QCOMPARE(SocketPath::resolve(QString(), environment),
                 QStringLiteral("/var/folders/xy/T/kosa8-desk/agent.sock"));
#else
        QCOMPARE(SocketPath::resolve(QString(), environment),
                 QStringLiteral("/run/user/1000/kosa8-desk/agent.sock"));
        environment.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        QCOMPARE(SocketPath::resolve(QString(), environment),
                 QStringLiteral("/tmp/kosa8-desk-%1/agent.sock").arg(::geteuid()));
#endif
    }

    void createsTheFolderPrivate()
    {
        QTemporaryDir dir;
        const QString socket = dir.filePath(QStringLiteral("kosa8-desk/agent.sock"));
        QString error;
        QVERIFY2(SocketPath::prepareToListen(socket, &error), qPrintable(error));
        QCOMPARE(modeOf(dir.filePath(QStringLiteral("kosa8-desk"))), 0700);
    }

    void refusesAFolderOthersCanEnter()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("open"));
        QVERIFY(QDir().mkdir(folder));
        QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0755) == 0);
        QString error;
        QVERIFY(!SocketPath::prepareToListen(folder + QStringLiteral("/agent.sock"), &error));
        QVERIFY2(error.contains(folder) && error.contains(QLatin1String("0755")) &&
                     error.contains(QLatin1String("other users")),
                 qPrintable(error));
        // Group access alone is refused too.
        QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0710) == 0);
        QVERIFY(!SocketPath::prepareFolder(folder + QStringLiteral("/agent.sock"), &error));
        QVERIFY2(error.contains(QLatin1String("0710")), qPrintable(error));
        // And nothing was created in it.
        QVERIFY(!QFile::exists(folder + QStringLiteral("/agent.sock")));
    }

    void refusesAFolderOfAnotherUser()
    {
        if (::geteuid() != 0)
            QSKIP("needs root to give a folder to another user");
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("theirs"));
        QVERIFY(QDir().mkdir(folder));
        QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0700) == 0);
        QVERIFY(::chown(QFile::encodeName(folder).constData(), 65534, 65534) == 0);
        QString error;
        QVERIFY(!SocketPath::prepareToListen(folder + QStringLiteral("/agent.sock"), &error));
        QVERIFY2(error.contains(QLatin1String("65534")) && error.contains(QLatin1String("not to you")),
                 qPrintable(error));
    }

    void refusesASymlinkedFolder()
    {
        QTemporaryDir dir;
        const QString real = dir.filePath(QStringLiteral("real"));
        QVERIFY(QDir().mkdir(real));
        QVERIFY(::chmod(QFile::encodeName(real).constData(), 0700) == 0);
        const QString link = dir.filePath(QStringLiteral("link"));
        QVERIFY(QFile::link(real, link));
        QString error;
        QVERIFY(!SocketPath::prepareToListen(link + QStringLiteral("/agent.sock"), &error));
        QVERIFY2(error.contains(QLatin1String("symbolic link")), qPrintable(error));
    }

    void probeTellsAbsentStaleLiveAndOther()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("agent.sock"));
        QCOMPARE(SocketPath::probe(path), SocketPath::Probe::Absent);

        QVERIFY(makeStaleSocket(path));
        QCOMPARE(SocketPath::probe(path), SocketPath::Probe::Stale);
        QString error;
        QVERIFY2(SocketPath::prepareToListen(path, &error), qPrintable(error));
        QVERIFY(!QFile::exists(path)); // the stale file was removed

        QLocalServer server;
        QVERIFY(server.listen(path));
        QCOMPARE(SocketPath::probe(path), SocketPath::Probe::Live);
        QVERIFY(!SocketPath::prepareToListen(path, &error));
        QCOMPARE(error, QStringLiteral("Another kosa8 Desk is already listening on %1.").arg(path));
        server.close();

        const QString plain = dir.filePath(QStringLiteral("plain"));
        QFile file(plain);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QCOMPARE(SocketPath::probe(plain), SocketPath::Probe::NotASocket);
        QVERIFY(!SocketPath::prepareToListen(plain, &error));
        QVERIFY2(error.contains(QLatin1String("not a socket")), qPrintable(error));
        QVERIFY(QFile::exists(plain)); // never removed
    }

    void refusesAPathTooLongForASocket()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QString(120, QLatin1Char('a')));
        QString error;
        QVERIFY(!SocketPath::prepareToListen(path, &error));
        QVERIFY2(error.contains(QString::number(SocketPath::maxPathBytes())), qPrintable(error));
    }

    void socketFileIsPrivate()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("agent.sock"));
        QLocalServer server;
        QVERIFY(server.listen(path));
        QString error;
        QVERIFY2(SocketPath::restrictSocketFile(path, &error), qPrintable(error));
        QCOMPARE(modeOf(path), 0600);
    }

    void peerOfTheSameUserIsAccepted()
    {
        int fds[2];
        QVERIFY(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
        uint uid = 12345;
        qint64 pid = 0;
        QString error;
        QVERIFY2(PeerCredentials::read(fds[0], &uid, &pid, &error), qPrintable(error));
        QCOMPARE(uid, uint(::geteuid()));
        QString why;
        QVERIFY2(PeerCredentials::isSameUser(fds[0], &why), qPrintable(why));
        ::close(fds[0]);
        ::close(fds[1]);
    }

    void peerOfAnotherUserIsRefused()
    {
        if (::geteuid() != 0)
            QSKIP("needs root to connect as another user");
        // A listener others may reach (this test only: the app itself never listens so openly),
        // and a child that becomes user 65534 before it connects.
        QTemporaryDir dir;
        QVERIFY(::chmod(QFile::encodeName(dir.path()).constData(), 0777) == 0);
        const QByteArray path = QFile::encodeName(dir.filePath(QStringLiteral("peer.sock")));
        const int listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address = {};
        address.sun_family = AF_UNIX;
        std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
        QVERIFY(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0);
        QVERIFY(::chmod(path.constData(), 0777) == 0);
        QVERIFY(::listen(listener, 1) == 0);

        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            if (::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(2);
            const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
            if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0)
                ::_exit(3);
            char byte = 0;
            (void)::read(fd, &byte, 1); // until the parent closes
            ::_exit(0);
        }
        const int accepted = ::accept(listener, nullptr, nullptr);
        QVERIFY(accepted >= 0);
        uint uid = 0;
        qint64 pid = 0;
        QString error;
        QVERIFY2(PeerCredentials::read(accepted, &uid, &pid, &error), qPrintable(error));
        QCOMPARE(uid, 65534u);
        QCOMPARE(pid, qint64(child));
        QString why;
        QVERIFY(!PeerCredentials::isSameUser(accepted, &why));
        QVERIFY2(why.contains(QLatin1String("65534")), qPrintable(why));
        ::close(accepted);
        ::close(listener);
        int status = 0;
        ::waitpid(child, &status, 0);
        QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
};

QTEST_GUILESS_MAIN(TestSocketPath)
#include "tst_socketpath.moc"
