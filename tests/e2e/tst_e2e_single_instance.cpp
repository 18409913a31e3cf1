// SPDX-License-Identifier: Apache-2.0
// One app per data folder, with the real binary (issue 16, "One app, visible problems"): a second
// launch with the same data folder asks the running app to bring its window to the front and
// exits 0 with one line; another data folder starts its own app; a client that sends anything but
// the activation line is dropped and the app stays up; the channel of an app that was killed is
// taken over by the next launch.
#include "support/AgentTestClient.h"
#include "support/DeskProcess.h"
#include "support/E2eBinaries.h"
#include "support/ServiceFolders.h"
#include "support/Waits.h"

#include <QDir>
#include <QFile>
#include <QLocalSocket>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <sys/stat.h>

using k8::test::AgentTestClient;
using k8::test::DeskProcess;
using k8::test::roundTrip;

namespace {

constexpr int Wait = k8::test::waits::Process;

const QString RaisedLine =
    QStringLiteral("kosa8 Desk is already running; its window was brought to the front");
const QString RaisedLogLine = QStringLiteral("a second launch asked for the window; brought it to the front");

QString readLog(const QString& dataDir)
{
    QFile log(QDir(dataDir).filePath(QStringLiteral("logs/kosa8-desk.log")));
    return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString();
}

// Which file is at `path` (inode and change time: an inode number may be reused), empty when none.
QByteArray fileIdentity(const QString& path)
{
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return QByteArray::number(quint64(info.st_ino)) + '/' + QByteArray::number(qint64(info.st_ctim.tv_sec)) +
           '.' + QByteArray::number(qint64(info.st_ctim.tv_nsec));
}

// The channel's path, as the app logs it when it starts listening there.
QString channelFromLog(const QString& dataDir)
{
    static const QRegularExpression line(QStringLiteral("single instance: listening on (\\S+)"));
    const QRegularExpressionMatch match = line.match(readLog(dataDir));
    return match.hasMatch() ? match.captured(1) : QString();
}

} // namespace

class TestE2eSingleInstance : public QObject, private k8::test::ServiceFolders, private k8::test::E2eBinaries
{
    Q_OBJECT

private:
    // Every app of a test keeps its channel in the test's own runtime folder (0700, as
    // $XDG_RUNTIME_DIR is), so that tests running at once cannot meet.
    std::unique_ptr<DeskProcess> makeDesk(const QString& data, const QString& socket)
    {
        auto desk = std::make_unique<DeskProcess>(m_binary, m_standin, data, socket, stateDir());
        desk->setEnvironmentValue(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime->path());
        return desk;
    }
    std::unique_ptr<DeskProcess> makeDesk() { return makeDesk(dataDir(), socketPath()); }

    // Starts the first app and waits until agents can connect (the window is up by then).
    std::unique_ptr<DeskProcess> startFirst(AgentTestClient& client)
    {
        auto first = makeDesk();
        first->start();
        if (!first->connect(client))
            qWarning("%s", first->process().readAllStandardError().constData());
        return first;
    }

    std::unique_ptr<QTemporaryDir> m_runtime;

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = locateBinaries();
        QVERIFY2(missing.isEmpty(), qPrintable(missing));
    }

    void init()
    {
        QVERIFY(setUpFolders());
        m_runtime = std::make_unique<QTemporaryDir>();
        QVERIFY(m_runtime->isValid());
    }

    void cleanup()
    {
        tearDownFolders();
        m_runtime.reset();
    }

    void secondLaunchWithTheSameDataFolderRaisesTheFirst()
    {
        AgentTestClient client;
        auto first = startFirst(client);
        QVERIFY(client.isConnected());
        QTRY_VERIFY_WITH_TIMEOUT(!channelFromLog(dataDir()).isEmpty(), Wait);
        QVERIFY(!readLog(dataDir()).contains(RaisedLogLine));

        // Launched as from a menu: the same data folder and socket, a startup token from the desktop.
        auto second = makeDesk();
        second->setEnvironmentValue(QStringLiteral("DESKTOP_STARTUP_ID"),
                                    QStringLiteral("menu-1234_TIME5678"));
        second->start();
        QCOMPARE(second->waitForExit(), 0);
        const QString stderrText = QString::fromUtf8(second->process().readAllStandardError());
        QVERIFY2(stderrText.contains(RaisedLine), qPrintable(stderrText));
        QVERIFY2(!stderrText.contains(QLatin1String("Agents cannot connect")), qPrintable(stderrText));

        // The first one heard it and is still the app agents talk to.
        QTRY_VERIFY_WITH_TIMEOUT(readLog(dataDir()).contains(RaisedLogLine), Wait);
        QCOMPARE(first->process().state(), QProcess::Running);
        QVERIFY(roundTrip(client));

        // And again: the channel keeps listening after an activation.
        auto third = makeDesk();
        third->start();
        QCOMPARE(third->waitForExit(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(readLog(dataDir()).count(RaisedLogLine), 2, Wait);
        QCOMPARE(first->terminate(), 0);
    }

    void anotherDataFolderStartsItsOwnApp()
    {
        AgentTestClient client;
        auto first = startFirst(client);
        QVERIFY(client.isConnected());

        const QString otherData = m_dir->filePath(QStringLiteral("data2"));
        const QString otherSocket = m_dir->filePath(QStringLiteral("sock2/agent.sock"));
        auto second = makeDesk(otherData, otherSocket);
        second->start();
        AgentTestClient secondClient;
        QVERIFY2(second->connect(secondClient), second->process().readAllStandardError().constData());
        QVERIFY(roundTrip(secondClient));
        QVERIFY(roundTrip(client));
        QTRY_VERIFY_WITH_TIMEOUT(!channelFromLog(otherData).isEmpty(), Wait);
        QVERIFY(channelFromLog(otherData) != channelFromLog(dataDir()));
        QVERIFY(!readLog(dataDir()).contains(RaisedLogLine));
        QCOMPARE(second->terminate(), 0);
        QCOMPARE(first->terminate(), 0);
    }

    void aClientSendingAnythingElseIsDroppedAndTheAppStaysUp()
    {
        AgentTestClient client;
        auto first = startFirst(client);
        QVERIFY(client.isConnected());
        QTRY_VERIFY_WITH_TIMEOUT(!channelFromLog(dataDir()).isEmpty(), Wait);
        const QString channel = channelFromLog(dataDir());

        const QList<QByteArray> hostile{
            QByteArrayLiteral("hello\n"),
            QByteArrayLiteral("kosa8-desk activate <b>x</b>\n"),
            QByteArrayLiteral("kosa8-desk activate\nkosa8-desk activate\n"),
            QByteArray(100000, 'A'),
        };
        for (const QByteArray& garbage : hostile) {
            QLocalSocket socket;
            socket.connectToServer(channel);
            QVERIFY(socket.waitForConnected(Wait));
            QSignalSpy disconnected(&socket, &QLocalSocket::disconnected);
            socket.write(garbage);
            QVERIFY(disconnected.wait(Wait));
            QVERIFY2(!socket.readAll().contains("ok"), garbage.left(40).constData());
        }
        // One that connects and says nothing is dropped too.
        {
            QLocalSocket silent;
            silent.connectToServer(channel);
            QVERIFY(silent.waitForConnected(Wait));
            QSignalSpy disconnected(&silent, &QLocalSocket::disconnected);
            QVERIFY(disconnected.wait(Wait));
        }
        QCOMPARE(first->process().state(), QProcess::Running);
        QVERIFY(roundTrip(client));
        QVERIFY(!readLog(dataDir()).contains(RaisedLogLine));
        QTRY_VERIFY_WITH_TIMEOUT(readLog(dataDir()).contains(QLatin1String("refused a client")), Wait);

        // The channel still answers the real thing.
        auto second = makeDesk();
        second->start();
        QCOMPARE(second->waitForExit(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(readLog(dataDir()).contains(RaisedLogLine), Wait);
        QCOMPARE(first->terminate(), 0);
    }

    void theChannelOfAKilledAppIsTakenOver()
    {
        {
            AgentTestClient client;
            auto first = startFirst(client);
            QVERIFY(client.isConnected());
            QTRY_VERIFY_WITH_TIMEOUT(!channelFromLog(dataDir()).isEmpty(), Wait);
            QVERIFY(first->killHard());
        }
        QVERIFY(QFile::exists(channelFromLog(dataDir()))); // left behind by the kill

        const QByteArray killedSocket = fileIdentity(socketPath());
        QVERIFY(!killedSocket.isEmpty());
        auto next = makeDesk();
        next->start();
        // Connected once the new app's socket replaced the killed one's: a connect to the old file
        // could land where nobody will ever answer (seen about once in ten full runs).
        QTRY_VERIFY_WITH_TIMEOUT(
            !fileIdentity(socketPath()).isEmpty() && fileIdentity(socketPath()) != killedSocket, Wait);
        AgentTestClient client;
        QVERIFY2(next->connect(client), next->process().readAllStandardError().constData());
        QVERIFY(roundTrip(client));
        // It is the app for this data folder now: a further launch raises it.
        auto again = makeDesk();
        again->start();
        QCOMPARE(again->waitForExit(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(readLog(dataDir()).contains(RaisedLogLine), Wait);
        QCOMPARE(next->terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestE2eSingleInstance)
#include "tst_e2e_single_instance.moc"
