// SPDX-License-Identifier: Apache-2.0
// The single-instance channel in one process: the channel's path (per data folder, short, in a
// folder only the user can enter), the one line it accepts, and what it does with other clients.
// Two real launches meeting over it are tests/e2e/tst_e2e_single_instance.cpp.
#include "plumbing/SingleInstance.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <thread>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using k8::app::SingleInstance;

namespace {

constexpr int Wait = 10000;

QProcessEnvironment runtimeIn(const QString& folder)
{
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), folder);
    environment.insert(QStringLiteral("DESKTOP_STARTUP_ID"), QStringLiteral("kde-menu_TIME42"));
    return environment;
}

} // namespace

class TestSingleInstance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theChannelBelongsToTheDataFolder()
    {
        QTemporaryDir runtime;
        QTemporaryDir data;
        const QProcessEnvironment environment = runtimeIn(runtime.path());
        const QString one = SingleInstance::channelPathFor(data.filePath(QStringLiteral("a")), environment);
        QCOMPARE(QFileInfo(one).absolutePath(), QDir(runtime.path()).filePath(QStringLiteral("kosa8-desk")));
        // The same folder by another spelling is the same channel; another folder is not.
        QCOMPARE(SingleInstance::channelPathFor(data.filePath(QStringLiteral("x/../a")), environment), one);
        QVERIFY(SingleInstance::channelPathFor(data.filePath(QStringLiteral("b")), environment) != one);
        // Short whatever the data folder's length (sun_path holds 104 bytes on macOS).
        const QString deep = data.filePath(QString(150, QLatin1Char('d')));
        QCOMPARE(QFileInfo(SingleInstance::channelPathFor(deep, environment)).fileName().size(),
                 QStringLiteral("desk-0123456789abcdef.sock").size());
    }

    void onlyTheExactActivationLineIsAccepted()
    {
        QString token = QStringLiteral("unset");
        QVERIFY(SingleInstance::parseActivation("kosa8-desk activate\n", &token));
        QVERIFY(token.isEmpty());
        QVERIFY(SingleInstance::parseActivation(
            SingleInstance::activationMessage(QStringLiteral("kde-menu_TIME42")), &token));
        QCOMPARE(token, QStringLiteral("kde-menu_TIME42"));
        for (const QByteArray& bad :
             {QByteArray("kosa8-desk activate"), QByteArray("kosa8-desk activate \n"),
              QByteArray("kosa8-desk activatex\n"), QByteArray("hello\n"),
              QByteArray("kosa8-desk activate a b\n"), QByteArray("kosa8-desk activate <b>x</b>\n"),
              QByteArray("kosa8-desk activate \xe2\x80\xae\n"),
              QByteArray("kosa8-desk activate " + QByteArray(300, 'a') + "\n")})
            QVERIFY2(!SingleInstance::parseActivation(bad, &token), bad.constData());
        // A token that would not be accepted is not sent either.
        QCOMPARE(SingleInstance::activationMessage(QStringLiteral("a b")),
                 QByteArray("kosa8-desk activate\n"));
    }

    void theFirstListensInAFolderOnlyTheUserCanEnter()
    {
        QTemporaryDir runtime;
        QTemporaryDir data;
        SingleInstance first(data.path(), runtimeIn(runtime.path()));
        QString error;
        QCOMPARE(first.claim(&error), SingleInstance::Claim::First);
        QVERIFY(QFileInfo::exists(first.channelPath()));
        struct stat info = {};
        QCOMPARE(::stat(QFile::encodeName(QFileInfo(first.channelPath()).absolutePath()).constData(), &info),
                 0);
        QCOMPARE(info.st_mode & 0777, 0700u);

        // An activation from another process of the user: acknowledged, with its token.
        QSignalSpy activated(&first, &SingleInstance::activationRequested);
        QLocalSocket client;
        client.connectToServer(first.channelPath());
        QVERIFY(client.waitForConnected(Wait));
        client.write(SingleInstance::activationMessage(QStringLiteral("kde-menu_TIME42")));
        QVERIFY(activated.wait(Wait));
        QCOMPARE(activated.first().first().toString(), QStringLiteral("kde-menu_TIME42"));
        QByteArray answer;
        QTRY_VERIFY_WITH_TIMEOUT((answer += client.readAll()) == "ok\n", Wait);

        // Anything else: dropped, no activation.
        QSignalSpy refused(&first, &SingleInstance::clientRefused);
        QLocalSocket garbage;
        garbage.connectToServer(first.channelPath());
        QVERIFY(garbage.waitForConnected(Wait));
        QSignalSpy dropped(&garbage, &QLocalSocket::disconnected);
        garbage.write("raise --exec rm -rf /\n");
        QVERIFY(dropped.wait(Wait));
        QCOMPARE(refused.count(), 1);
        QCOMPARE(activated.count(), 1);
    }

    // Two launches at once take turns: the second waits while the first holds the lock beside the
    // channel (an flock() here, as another launch's would be) and claims once it is let go. The
    // lock is a file that stays empty: nothing is written, nor synced, before the window exists
    // (bench/README.md, bench_startup), and the claim lets it go when it is done.
    void aClaimWaitsForAnotherLaunchsLockAndWritesNothing()
    {
        QTemporaryDir runtime;
        QTemporaryDir data;
        SingleInstance instance(data.path(), runtimeIn(runtime.path()));
        const QString folder = QFileInfo(instance.channelPath()).absolutePath();
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0700) == 0);
        const QByteArray lockPath = QFile::encodeName(instance.channelPath().chopped(int(qstrlen(".sock"))) +
                                                      QStringLiteral(".lock"));
        const int other = ::open(lockPath.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        QVERIFY(other >= 0);
        QCOMPARE(::flock(other, LOCK_EX | LOCK_NB), 0);
        constexpr auto heldFor = std::chrono::milliseconds(300);
        std::thread release([other, heldFor] {
            std::this_thread::sleep_for(heldFor);
            ::close(other);
        });
        QElapsedTimer waited;
        waited.start();
        QString error;
        const SingleInstance::Claim claim = instance.claim(&error);
        release.join();
        QCOMPARE(claim, SingleInstance::Claim::First);
        QVERIFY2(waited.elapsed() >= heldFor.count() - 20, qPrintable(QString::number(waited.elapsed())));
        QVERIFY2(waited.elapsed() < SingleInstance::ConnectTimeoutMs + SingleInstance::AcknowledgeTimeoutMs,
                 qPrintable(QString::number(waited.elapsed())));
        QCOMPARE(QFileInfo(QFile::decodeName(lockPath)).size(), 0);
        const int after = ::open(lockPath.constData(), O_RDWR | O_CLOEXEC);
        QVERIFY(after >= 0);
        QCOMPARE(::flock(after, LOCK_EX | LOCK_NB), 0); // let go
        ::close(after);
    }

    void anUnsafeFolderIsNotUsed()
    {
        QTemporaryDir runtime;
        QTemporaryDir data;
        const QString folder = QDir(runtime.path()).filePath(QStringLiteral("kosa8-desk"));
        QVERIFY(QDir().mkdir(folder));
        QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0755) == 0);
        SingleInstance instance(data.path(), runtimeIn(runtime.path()));
        QString error;
        QCOMPARE(instance.claim(&error), SingleInstance::Claim::Unavailable);
        QVERIFY2(error.contains(folder), qPrintable(error));
        QVERIFY(!QFileInfo::exists(instance.channelPath()));
    }
};

QTEST_GUILESS_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
