// SPDX-License-Identifier: Apache-2.0
// The real kosa8-desk binary, offscreen, against the stand-in: without any click it asks kosa8
// for its version and the sandbox list, keeps running, writes its log, and SIGTERM ends it
// cleanly with exit code 0. Also --version and --help.

#include "support/AppTestSupport.h"
#include "support/Waits.h"

#include <QProcess>
#include <QtTest>

using namespace k8;

namespace {
constexpr int Slow = k8::test::waits::Binary;

QString binary()
{
    return qEnvironmentVariable("KOSA8_DESK_BINARY");
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

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QFileInfo(binary()).isExecutable(), qPrintable(binary())); }

    void startsWithoutClicksAndStopsCleanlyOnSigterm()
    {
        test::StandinEnvironment env;
        QProcess app;
        app.setProcessEnvironment(environment(env));
        app.setProcessChannelMode(QProcess::ForwardedChannels);
        app.start(binary(), {QStringLiteral("--kosa8"), test::StandinEnvironment::standin(),
                             QStringLiteral("--data-dir"), env.dataPath(), QStringLiteral("--socket"),
                             env.root() + QStringLiteral("/agent.sock")});
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
