// SPDX-License-Identifier: Apache-2.0
// Issue 24, finding 1: code hidden behind a Python source-encoding declaration. With
// "# coding: unicode_escape" on line 1, Python that reads the code from standard input ("python -")
// decodes the two characters "\n" inside a comment as a line break, and the rest of that comment
// runs; the review shows a comment. One non-ASCII character (the em dash) sends the code on
// standard input. The real kosa8-desk against the stand-in: what the stand-in received is run
// through the real python3 as kosa8 would run it in the sandbox (the interpreter's argv, the code
// on standard input), and the hidden line must not run; and a standing rule naming the code's
// exact hash does not approve it (a person decides).
#include "support/AgentTestClient.h"
#include "support/DeskProcess.h"
#include "support/E2eBinaries.h"
#include "support/ServiceFolders.h"
#include "support/TestJson.h"
#include "support/Waits.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <QTest>

using k8::test::AgentTestClient;
using k8::test::DeskProcess;

namespace {

constexpr int Wait = k8::test::waits::Process;

// Looks like one comment line after the declaration; to Python reading it in unicode_escape, the
// "\n" ends the comment and the print is a line of its own.
const QString HiddenCode =
    QStringLiteral("# coding: unicode_escape\n"
                   "# tidy the output \u2014 nothing else \\nprint('HIDDEN LINE RAN')\n"
                   "print('shown line ran')\n");

QString sha256(const QString& text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

struct Replay
{
    bool started = false;
    QByteArray out;
    QByteArray err;
};

// A run the stand-in recorded, as kosa8 would run it in the sandbox: the interpreter's argv (its
// program replaced by this machine's python3) with the recorded standard input.
Replay replay(const QString& python, const QJsonObject& run)
{
    QStringList argv;
    for (const QJsonValue& word : run.value(QStringLiteral("argv_b64")).toArray())
        argv.append(QString::fromUtf8(QByteArray::fromBase64(word.toString().toLatin1())));
    const QByteArray input =
        QByteArray::fromBase64(run.value(QStringLiteral("stdin_b64")).toString().toLatin1());
    Replay result;
    if (argv.isEmpty())
        return result;
    argv.removeFirst();
    // A regular file: there Python honours a declaration on standard input (on a pipe, CPython
    // 3.11 to 3.13 refuse such code with "encoding problem"); a sandbox may hand either.
    QTemporaryFile file;
    if (!file.open() || file.write(input) != input.size() || !file.flush())
        return result;
    QProcess process;
    process.setStandardInputFile(file.fileName());
    process.start(python, argv);
    if (!process.waitForStarted(Wait))
        return result;
    if (!process.waitForFinished(Wait))
        return result;
    result.started = true;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

} // namespace

class TestE2eCodingDeclaration : public QObject,
                                 private k8::test::ServiceFolders,
                                 private k8::test::E2eBinaries
{
    Q_OBJECT

private:
    QString m_python;

    int standin(const QStringList& arguments)
    {
        QProcess process;
        process.start(m_standin, arguments);
        return process.waitForFinished(Wait) ? process.exitCode() : -1;
    }

    // Every run the stand-in recorded, run through python3: the hidden line never ran.
    void checkNoRunRanTheHiddenLine()
    {
        for (const QJsonObject& run : k8::test::readStandinRuns(stateDir())) {
            const Replay ran = replay(m_python, run);
            QVERIFY2(ran.started, "python3 did not run the recorded code");
            QVERIFY2(!ran.out.contains("HIDDEN LINE RAN"),
                     qPrintable(
                         QStringLiteral("the hidden line ran: argv %1, output %2")
                             .arg(QString::fromUtf8(QJsonDocument(run.value(QStringLiteral("argv")).toArray())
                                                        .toJson(QJsonDocument::Compact)),
                                  QString::fromUtf8(ran.out))));
            QVERIFY2(ran.out.contains("shown line ran"), ran.out.constData());
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = locateBinaries();
        QVERIFY2(missing.isEmpty(), qPrintable(missing));
        m_python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (m_python.isEmpty())
            QSKIP("no python3 on PATH to run what the stand-in received");
    }

    void init() { QVERIFY(setUpFolders()); }
    void cleanup() { tearDownFolders(); }

    // A rule that names the code's exact hash (code_sha256, as a person would save for code they
    // trust) does not approve code with the declaration: no run, and the request waits for a
    // person until its timeout.
    void ruleDoesNotApproveIt()
    {
        QCOMPARE(
            standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")}), 0);
        const QString rules = m_dir->filePath(QStringLiteral("rules.json"));
        {
            QFile file(rules);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QJsonDocument(QJsonObject{{QStringLiteral("rules"),
                                                  QJsonArray{QJsonObject{
                                                      {QStringLiteral("name"), QStringLiteral("tidy")},
                                                      {QStringLiteral("decision"), QStringLiteral("approve")},
                                                      {QStringLiteral("code_sha256"), sha256(HiddenCode)}}}}})
                           .toJson());
        }
        DeskProcess desk(m_binary, m_standin, dataDir(), socketPath(), stateDir());
        desk.process().setStandardOutputFile(m_dir->filePath(QStringLiteral("desk.log")));
        desk.process().setStandardErrorFile(m_dir->filePath(QStringLiteral("desk.log")), QIODevice::Append);
        desk.start({QStringLiteral("--rules"), rules});
        AgentTestClient agent;
        QVERIFY2(desk.connect(agent), "the app did not listen");

        // The person is away: the request ends by its timeout unless a rule decides it.
        const QJsonValue id = agent.request(QStringLiteral("run"),
                                            QJsonObject{{QStringLiteral("code"), HiddenCode},
                                                        {QStringLiteral("agent"), QStringLiteral("tidy-bot")},
                                                        {QStringLiteral("timeout_s"), 2}});
        QTRY_VERIFY_WITH_TIMEOUT(agent.hasResponse(id), Wait);

        checkNoRunRanTheHiddenLine();
        if (QTest::currentTestFailed())
            return;
        const QJsonObject result = agent.response(id).value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("reject"));
        QVERIFY(k8::test::readStandinRuns(stateDir()).isEmpty());
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().value(QStringLiteral("decided_by")).toString(), QStringLiteral("timeout"));
        QCOMPARE(desk.terminate(), 0);
    }

    // A person approves the run in the real window (under Xvfb, with keys and a click from
    // xdotool, as docs/screenshots/take-review-sheet.sh does): the code goes on standard input,
    // and what the stand-in received, run through python3, does not run the hidden line.
    void personApprovesItAndTheHiddenLineDoesNotRun()
    {
        const QString xvfb = QStandardPaths::findExecutable(QStringLiteral("Xvfb"));
        const QString xdotool = QStandardPaths::findExecutable(QStringLiteral("xdotool"));
        if (xvfb.isEmpty() || xdotool.isEmpty())
            QSKIP("needs Xvfb and xdotool to approve as a person in the real window");
        int display = 90;
        while (display < 140 && (QFile::exists(QStringLiteral("/tmp/.X11-unix/X%1").arg(display)) ||
                                 QFile::exists(QStringLiteral("/tmp/.X%1-lock").arg(display))))
            ++display;
        const QString displayName = QStringLiteral(":%1").arg(display);
        QProcess server;
        server.setStandardOutputFile(QProcess::nullDevice());
        server.setStandardErrorFile(m_dir->filePath(QStringLiteral("xvfb.log")));
        server.start(xvfb, {displayName, QStringLiteral("-screen"), QStringLiteral("0"),
                            QStringLiteral("1280x800x24"), QStringLiteral("-nolisten"), QStringLiteral("tcp"),
                            QStringLiteral("-noreset")});
        QVERIFY(server.waitForStarted(Wait));
        const auto stopServer = qScopeGuard([&] {
            server.terminate();
            if (!server.waitForFinished(Wait))
                server.kill();
        });
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(QStringLiteral("/tmp/.X11-unix/X%1").arg(display)), Wait);

        QCOMPARE(
            standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")}), 0);
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("pull"), QStringLiteral("code-runner"),
                          QStringLiteral("python:3.12-slim")}),
                 0);
        QProcess desk;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), stateDir());
        environment.insert(QStringLiteral("DISPLAY"), displayName);
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        environment.remove(QStringLiteral("KOSA8_DESK_SOCKET"));
        desk.setProcessEnvironment(environment);
        desk.setStandardOutputFile(m_dir->filePath(QStringLiteral("desk.log")));
        desk.setStandardErrorFile(m_dir->filePath(QStringLiteral("desk.log")), QIODevice::Append);
        desk.start(m_binary, {QStringLiteral("--kosa8"), m_standin, QStringLiteral("--data-dir"), dataDir(),
                              QStringLiteral("--socket"), socketPath()});
        QVERIFY(desk.waitForStarted(Wait));
        const auto stopDesk = qScopeGuard([&] {
            if (desk.state() != QProcess::NotRunning) {
                desk.terminate();
                if (!desk.waitForFinished(Wait))
                    desk.kill();
            }
        });
        auto xdo = [&](const QStringList& arguments) {
            QProcess process;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("DISPLAY"), displayName);
            process.setProcessEnvironment(env);
            process.start(xdotool, arguments);
            process.waitForFinished(Wait);
            return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0
                       ? QString::fromUtf8(process.readAllStandardOutput()).trimmed()
                       : QString();
        };
        // No window manager: the window is placed and given the keyboard by hand.
        QString window;
        QTRY_VERIFY_WITH_TIMEOUT(
            !(window = xdo({QStringLiteral("search"), QStringLiteral("--name"), QStringLiteral("kosa8 Desk")})
                           .section(QLatin1Char('\n'), 0, 0))
                 .isEmpty(),
            Wait);
        xdo({QStringLiteral("windowsize"), QStringLiteral("--sync"), window, QStringLiteral("1280"),
             QStringLiteral("800"), QStringLiteral("windowmove"), QStringLiteral("--sync"), window,
             QStringLiteral("0"), QStringLiteral("0")});
        xdo({QStringLiteral("windowfocus"), QStringLiteral("--sync"), window});

        AgentTestClient agent;
        {
            QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(socketPath()), Wait);
            QSignalSpy connected(&agent, &AgentTestClient::connected);
            agent.connectTo(socketPath());
            QVERIFY(agent.isConnected() || connected.wait(Wait));
        }
        const QJsonValue id = agent.request(
            QStringLiteral("run"), QJsonObject{{QStringLiteral("code"), HiddenCode},
                                               {QStringLiteral("agent"), QStringLiteral("tidy-bot")},
                                               {QStringLiteral("sandbox"), QStringLiteral("code-runner")},
                                               {QStringLiteral("image"), QStringLiteral("python:3.12-slim")},
                                               {QStringLiteral("timeout_s"), 120}});
        QVERIFY(k8::test::roundTrip(agent)); // the request is in the inbox

        // The inbox, its first request, then Ctrl+Return (again while approval is still arming,
        // half a second after the view changed) until the stand-in has the run.
        xdo({QStringLiteral("key"), QStringLiteral("ctrl+1")});
        xdo({QStringLiteral("mousemove"), QStringLiteral("300"), QStringLiteral("138"),
             QStringLiteral("click"), QStringLiteral("1")});
        QTRY_VERIFY_WITH_TIMEOUT((xdo({QStringLiteral("key"), QStringLiteral("ctrl+Return")}),
                                  !k8::test::readStandinRuns(stateDir()).isEmpty() || agent.hasResponse(id)),
                                 Wait);
        QTRY_VERIFY_WITH_TIMEOUT(agent.hasResponse(id), Wait);
        const QJsonObject result = agent.response(id).value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(ledger().first().value(QStringLiteral("decided_by")).toString(), QStringLiteral("person"));

        const QList<QJsonObject> runs = k8::test::readStandinRuns(stateDir());
        QCOMPARE(runs.size(), 1);
        // On standard input, byte for byte what was shown and approved.
        QCOMPARE(
            QByteArray::fromBase64(runs.first().value(QStringLiteral("stdin_b64")).toString().toLatin1()),
            HiddenCode.toUtf8());
        checkNoRunRanTheHiddenLine();
        if (QTest::currentTestFailed())
            return;
    }
};

QTEST_GUILESS_MAIN(TestE2eCodingDeclaration)
#include "tst_e2e_coding_declaration.moc"
