// SPDX-License-Identifier: Apache-2.0
// The real kosa8-desk binary, offscreen, against the stand-in: without any click it asks kosa8
// for its version and the sandbox list, keeps running, writes its log, and SIGTERM ends it
// cleanly with exit code 0; started again with nothing changed, it leaves its settings file
// alone (issue 26). Also --version and --help.

#include "support/AppTestSupport.h"
#include "support/Waits.h"

#include <QDir>
#include <QLocalSocket>
#include <QProcess>
#include <QtTest>

#include <sys/stat.h>

using namespace k8;

namespace {
constexpr int Slow = k8::test::waits::Binary;

QString binary()
{
    return qEnvironmentVariable("KOSA8_DESK_BINARY");
}

// Which file is at `path` and when it last changed: inode, size, and modification and change
// times to the nanosecond (a rename puts another inode there, a chmod moves the change time).
// Empty when there is none.
QByteArray fileIdentity(const QString& path)
{
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return QByteArray::number(quint64(info.st_ino)) + " size " + QByteArray::number(qint64(info.st_size)) +
           " mtime " + QByteArray::number(qint64(info.st_mtim.tv_sec)) + '.' +
           QByteArray::number(qint64(info.st_mtim.tv_nsec)) + " ctime " +
           QByteArray::number(qint64(info.st_ctim.tv_sec)) + '.' +
           QByteArray::number(qint64(info.st_ctim.tv_nsec));
}

QByteArray contentsOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

class TestStartup : public QObject
{
    Q_OBJECT

    static QProcessEnvironment environment(const test::StandinEnvironment& env)
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        e.insert(QStringLiteral("KOSA8_STANDIN_STATE"), env.statePath());
        e.remove(QStringLiteral("KOSA8_DESK_KOSA8"));
        return e;
    }

    // Starts the app on `env`'s data folder and socket, with the stand-in as kosa8, its output
    // passed through.
    static void startApp(QProcess& app, const test::StandinEnvironment& env)
    {
        app.setProcessEnvironment(environment(env));
        app.setProcessChannelMode(QProcess::ForwardedChannels);
        app.start(binary(), {QStringLiteral("--kosa8"), test::StandinEnvironment::standin(),
                             QStringLiteral("--data-dir"), env.dataPath(), QStringLiteral("--socket"),
                             env.root() + QStringLiteral("/agent.sock")});
    }

    // Starts the app on `env`'s data folder, waits until its window is up and it has asked kosa8
    // for the sandbox list (from the event loop, after everything of the start), and ends it with
    // SIGTERM, as a person's quit does.
    static void startAndQuit(const test::StandinEnvironment& env)
    {
        const QStringList list{QStringLiteral("sandbox"), QStringLiteral("ls")};
        const qsizetype listedBefore = env.calls().count(list);
        QProcess app;
        startApp(app, env);
        QVERIFY(app.waitForStarted(Slow));
        QTRY_VERIFY_WITH_TIMEOUT(env.calls().count(list) > listedBefore, Slow);
        QCOMPARE(app.state(), QProcess::Running);
        app.terminate();
        QVERIFY(app.waitForFinished(Slow));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QFileInfo(binary()).isExecutable(), qPrintable(binary())); }

    void startsWithoutClicksAndStopsCleanlyOnSigterm()
    {
        test::StandinEnvironment env;
        QProcess app;
        startApp(app, env);
        QVERIFY(app.waitForStarted(Slow));

        // No click: the app asks kosa8 on its own.
        QTRY_VERIFY_WITH_TIMEOUT(env.wasCalledWith({QStringLiteral("version")}), Slow);
        QTRY_VERIFY_WITH_TIMEOUT(env.wasCalledWith({QStringLiteral("sandbox"), QStringLiteral("ls")}), Slow);
        QCOMPARE(app.state(), QProcess::Running);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(env.dataPath() + QStringLiteral("/logs/kosa8-desk.log")),
                                 Slow);

        app.terminate(); // SIGTERM
        QVERIFY(app.waitForFinished(Slow));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);

        QFile log(env.dataPath() + QStringLiteral("/logs/kosa8-desk.log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray text = log.readAll();
        QVERIFY(text.contains("starting"));
        QVERIFY2(text.contains("shutting down: signal 15"), text.constData());
    }

#ifdef Q_OS_LINUX
    // The files the process `pid` has mapped now (/proc/PID/maps); empty when it cannot be read.
    static QByteArray mappedBy(qint64 pid)
    {
        QFile maps(QStringLiteral("/proc/%1/maps").arg(pid));
        return maps.open(QIODevice::ReadOnly) ? maps.readAll() : QByteArray();
    }

    // The files a running app has mapped (/proc/PID/maps), read once its window is up and it has
    // asked kosa8 for the sandbox list (after everything of the start), or empty when it did not
    // get there; the app is then ended.
    static QByteArray mappedWhileRunning()
    {
        test::StandinEnvironment env;
        const QStringList list{QStringLiteral("sandbox"), QStringLiteral("ls")};
        QProcess app;
        startApp(app, env);
        if (!app.waitForStarted(Slow) || !QTest::qWaitFor([&] { return env.calls().contains(list); }, Slow))
            return {};
        const QByteArray mapped = mappedBy(app.processId());
        app.terminate();
        app.waitForFinished(Slow);
        return mapped;
    }

    // The window is built and painted, and kosa8 asked, without loading any image-format plugin:
    // Qt's common style read its tool bar and clear-button icons from PNGs through QImageReader,
    // which loaded every plugin (svg, gif, ico, jpeg) to ask whether it reads them (issue 26).
    void theWindowLoadsNoImagePluginAtStart()
    {
        const QByteArray mapped = mappedWhileRunning();
        QVERIFY(mapped.contains("libQt6Widgets")); // the app's own map, read while it runs
        QVERIFY2(!mapped.contains("/imageformats/"), mapped.constData());
    }

    // Nor OpenSSL's libcrypto: the app opens it when the first agent connects or at its first
    // hash (agent/canonical/Sha256.cpp), neither of which a start with no agent and no rules
    // makes. Linked, the dynamic loader mapped and relocated it before main(), about a millisecond
    // of every start (bench/README.md, bench_startup; issue 26).
    void theWindowLoadsNoLibcryptoAtStart()
    {
        const QByteArray mapped = mappedWhileRunning();
        QVERIFY(mapped.contains("libQt6Widgets"));
        QVERIFY2(!mapped.contains("/libcrypto.so"), mapped.constData());
    }

    // An agent that connects has libcrypto opened for the hashes of its requests before it sends
    // anything, on the agent server's parser thread (agent/socket/AgentServer.cpp): the first
    // request paid for it on the UI thread, a millisecond or two of a frozen window (issue 26).
    void anAgentConnectingHasLibcryptoOpened()
    {
        test::StandinEnvironment env;
        const QStringList list{QStringLiteral("sandbox"), QStringLiteral("ls")};
        const QString socketPath = env.root() + QStringLiteral("/agent.sock");
        QProcess app;
        startApp(app, env);
        QVERIFY(app.waitForStarted(Slow));
        QTRY_VERIFY_WITH_TIMEOUT(env.calls().contains(list) && QFile::exists(socketPath), Slow);
        const qint64 pid = app.processId();
        QVERIFY(mappedBy(pid).contains("libQt6Widgets"));
        QVERIFY(!mappedBy(pid).contains("/libcrypto.so"));

        QLocalSocket agent;
        agent.connectToServer(socketPath);
        QVERIFY(agent.waitForConnected(Slow));
        QTRY_VERIFY_WITH_TIMEOUT(mappedBy(pid).contains("/libcrypto.so"), Slow);
        QCOMPARE(agent.bytesAvailable(), 0); // nothing asked, nothing answered

        app.terminate();
        QVERIFY(app.waitForFinished(Slow));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);
    }
#endif

    void aSecondStartAndQuitLeaveTheSettingsAlone()
    {
        // The first start makes the settings file (its profile, the window's place); the second,
        // with nothing changed, must not write it again: QSettings rewrites the whole file with a
        // lock file, a temporary file and an fdatasync, on the window's thread, whenever a value
        // was set, even to what it held already.
        test::StandinEnvironment env;
        const QString settings = QDir(env.dataPath()).filePath(QStringLiteral("kosa8-desk.ini"));
        startAndQuit(env);
        if (QTest::currentTestFailed())
            return;
        const QByteArray identity = fileIdentity(settings);
        const QByteArray contents = contentsOf(settings);
        QVERIFY2(!identity.isEmpty() && contents.contains("[profiles]"), contents.constData());
        const QStringList entries =
            QDir(env.dataPath()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);

        startAndQuit(env);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(fileIdentity(settings), identity);
        QCOMPARE(contentsOf(settings), contents);
        // No lock or temporary file of a write left behind either.
        QCOMPARE(QDir(env.dataPath()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 entries);
    }

    void tokenNeverReachesTheLog()
    {
        test::StandinEnvironment env;
        {
            QFile ini(env.dataPath() + QStringLiteral("/kosa8-desk.ini"));
            QVERIFY(ini.open(QIODevice::WriteOnly));
            ini.write("[remote]\nhost=mac-worker.local\ntoken=tok-NEVER-LOG-ME\n");
        }
        QProcess app;
        app.setProcessEnvironment(environment(env));
        app.start(binary(), {QStringLiteral("--kosa8"), test::StandinEnvironment::standin(),
                             QStringLiteral("--data-dir"), env.dataPath(), QStringLiteral("--socket"),
                             env.root() + QStringLiteral("/agent.sock"), QStringLiteral("--verbose")});
        QVERIFY(app.waitForStarted(Slow));
        QTRY_VERIFY_WITH_TIMEOUT(env.wasCalledWith({QStringLiteral("sandbox"), QStringLiteral("ls")}), Slow);
        QTRY_VERIFY_WITH_TIMEOUT(env.calls().size() >= 2, Slow);
        app.terminate();
        QVERIFY(app.waitForFinished(Slow));
        QCOMPARE(app.exitCode(), 0);
        QFile log(env.dataPath() + QStringLiteral("/logs/kosa8-desk.log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray text = log.readAll();
        QVERIFY(text.contains("KOSA8_TOKEN=")); // the command was logged, masked
        QVERIFY(!text.contains("tok-NEVER-LOG-ME"));
        QVERIFY(!app.readAllStandardError().contains("tok-NEVER-LOG-ME"));
    }

    void versionPrintsAndExits()
    {
        QProcess app;
        app.start(binary(), {QStringLiteral("--version")});
        QVERIFY(app.waitForFinished(Slow));
        QCOMPARE(app.exitCode(), 0);
        const QByteArray out = app.readAllStandardOutput();
        QVERIFY(out.startsWith("kosa8-desk 0."));
        // The second line names the highlighting library and where it comes from.
        const QList<QByteArray> lines = out.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines.at(1).startsWith("KSyntaxHighlighting 6."), lines.at(1).constData());
        QVERIFY2(lines.at(1).endsWith("(built in)") || lines.at(1).endsWith("(system)"),
                 lines.at(1).constData());
    }

    void helpPrintsTheOptionsAndExits()
    {
        QProcess app;
        // No display needed: not even QT_QPA_PLATFORM.
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.remove(QStringLiteral("QT_QPA_PLATFORM"));
        e.remove(QStringLiteral("DISPLAY"));
        app.setProcessEnvironment(e);
        app.start(binary(), {QStringLiteral("--help")});
        QVERIFY(app.waitForFinished(Slow));
        QCOMPARE(app.exitCode(), 0);
        const QByteArray out = app.readAllStandardOutput();
        for (const char* option : {"--kosa8", "--data-dir", "--socket", "--rules", "--verbose", "--version"})
            QVERIFY2(out.contains(option), option);
    }

    void unknownOptionIsAnErrorWithExitCode2()
    {
        QProcess app;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        app.setProcessEnvironment(e);
        app.start(binary(), {QStringLiteral("--no-such-option")});
        QVERIFY(app.waitForFinished(Slow));
        QCOMPARE(app.exitCode(), 2);
        QVERIFY(app.readAllStandardError().contains("no-such-option"));
    }
};

QTEST_GUILESS_MAIN(TestStartup)
#include "tst_startup.moc"
