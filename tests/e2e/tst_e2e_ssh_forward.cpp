// SPDX-License-Identifier: Apache-2.0
// Agents on another machine over SSH (issue 27; docs/protocol.md, "Agents on other machines over
// SSH"). A real sshd on 127.0.0.1, with its own host key, stands for the remote machine; `ssh -R
// REMOTE:LOCAL` forwards a socket there to the real app's socket, and tests/e2e/ssh_agent.py, run
// by sshd as the login user with KOSA8_DESK_SOCKET=REMOTE, talks to the app with the project's
// client (clients/python). Checked: what each side's uid check sees, that the forwarded socket is
// owner-only, a standing rule approving a remote review by its hash, a review nobody decides
// pending and then timed out, the tunnel dropping (the app withdraws the request, the agent gets
// no approval), and the app not running (the agent is told so).
#include "support/DeskProcess.h"
#include "support/E2eBinaries.h"
#include "support/ServiceFolders.h"
#include "support/TestJson.h"
#include "support/UnixSockets.h"
#include "support/Waits.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cerrno>
#include <functional>
#include <memory>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using k8::test::DeskProcess;
using k8::test::parseJsonLines;
using k8::test::readJsonLines;
namespace waits = k8::test::waits;

constexpr const char* Agent = "remote-bot";
constexpr const char* RuleName = "remote-code";

QString sha256(const QString& text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

// One word for the remote login shell, which runs the command sshd is given.
QString shellQuoted(QString word)
{
    word.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + word + QLatin1Char('\'');
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Runs the event loop until `done` holds, `process` ends or `timeoutMs` pass; woken by the
// process's output and its end, never by polling. Returns done().
bool waitFor(QProcess& process, const std::function<bool()>& done, int timeoutMs)
{
    if (done() || process.state() == QProcess::NotRunning)
        return done();
    QEventLoop loop;
    QTimer limit;
    limit.setSingleShot(true);
    QObject::connect(&limit, &QTimer::timeout, &loop, &QEventLoop::quit);
    const auto check = [&] {
        if (done() || process.state() == QProcess::NotRunning)
            loop.quit();
    };
    // Queued: the output is appended (by a direct connection made at start) before it is checked.
    QObject::connect(&process, &QProcess::readyReadStandardOutput, &loop, check, Qt::QueuedConnection);
    QObject::connect(&process, &QProcess::readyReadStandardError, &loop, check, Qt::QueuedConnection);
    QObject::connect(&process, &QProcess::finished, &loop, check, Qt::QueuedConnection);
    limit.start(timeoutMs);
    loop.exec();
    return done();
}

// A child process whose output is kept as it arrives (sshd, an ssh session), killed and reaped
// when it goes out of scope, on every path out of a test.
class Child
{
public:
    Child()
    {
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput, &m_process,
                         [this] { m_out += m_process.readAllStandardOutput(); });
        QObject::connect(&m_process, &QProcess::readyReadStandardError, &m_process,
                         [this] { m_err += m_process.readAllStandardError(); });
    }
    ~Child() { stop(); }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    QProcess& process() { return m_process; }
    const QByteArray& out() const { return m_out; }
    const QByteArray& err() const { return m_err; }
    QList<QJsonObject> lines() const { return parseJsonLines(m_out); }
    bool running() const { return m_process.state() != QProcess::NotRunning; }
    void clearOutput()
    {
        m_out.clear();
        m_err.clear();
    }

    bool waitUntil(const std::function<bool()>& done, int timeoutMs)
    {
        return waitFor(m_process, done, timeoutMs);
    }
    bool waitForExit(int timeoutMs)
    {
        return waitUntil([this] { return !running(); }, timeoutMs);
    }
    // The first line of standard output whose "step" is `step`; empty when there is none yet.
    QJsonObject line(const QString& step) const
    {
        for (const QJsonObject& line : lines()) {
            if (line.value(QStringLiteral("step")).toString() == step)
                return line;
        }
        return {};
    }
    // SIGTERM, then SIGKILL if it does not end in time; always reaped.
    void stop()
    {
        if (!running())
            return;
        m_process.terminate();
        if (!waitForExit(waits::Process)) {
            m_process.kill();
            m_process.waitForFinished(waits::Process);
        }
    }
    QString diagnostics() const
    {
        return QStringLiteral("exit %1 (%2); stdout: %3; stderr: %4")
            .arg(m_process.exitCode())
            .arg(m_process.exitStatus() == QProcess::NormalExit ? QStringLiteral("normal")
                                                                : QStringLiteral("crashed"))
            .arg(QString::fromUtf8(m_out), QString::fromUtf8(m_err));
    }

private:
    QProcess m_process;
    QByteArray m_out;
    QByteArray m_err;
};

} // namespace

class TestE2eSshForward : public QObject, private k8::test::ServiceFolders, private k8::test::E2eBinaries
{
    Q_OBJECT

    // The "remote machine": keys, sshd's files, and the folder sshd makes the forwarded socket in.
    std::unique_ptr<QTemporaryDir> m_sshDir;
    Child m_sshd;
    QString m_ssh;
    quint16 m_port = 0;
    QString m_user;
    QString m_python;
    QString m_clientSource;
    QString m_agentScript;

    QString sshFile(const QString& name) const { return m_sshDir->filePath(name); }
    QString remoteSocket() const { return sshFile(QStringLiteral("remote/agent.sock")); }

    // What the login shell on the remote side runs: the agent script with the client on its
    // path and the forwarded socket in KOSA8_DESK_SOCKET (sshd passes no environment of ours).
    QString remoteCommand(const QStringList& steps) const
    {
        QStringList words{QStringLiteral("env"),
                          QStringLiteral("PYTHONDONTWRITEBYTECODE=1"),
                          QStringLiteral("PYTHONPATH=") + m_clientSource,
                          QStringLiteral("KOSA8_DESK_SOCKET=") + remoteSocket(),
                          m_python,
                          m_agentScript};
        words += steps;
        QStringList quoted;
        for (const QString& word : std::as_const(words))
            quoted.append(shellQuoted(word));
        return quoted.join(QLatin1Char(' '));
    }

    // ssh with no configuration but ours: the test's key only, the sshd's host key pinned, no
    // prompts; `forward` adds `-R REMOTE:LOCAL`, and ExitOnForwardFailure makes a forward that
    // sshd refuses end the session before the command runs.
    QStringList sshArguments(const QString& command, bool forward) const
    {
        QStringList arguments{QStringLiteral("-F"), QStringLiteral("none"),
                              QStringLiteral("-n"), QStringLiteral("-T"),
                              QStringLiteral("-p"), QString::number(m_port),
                              QStringLiteral("-i"), sshFile(QStringLiteral("client_key"))};
        const QStringList options{QStringLiteral("IdentitiesOnly=yes"),
                                  QStringLiteral("IdentityAgent=none"),
                                  QStringLiteral("BatchMode=yes"),
                                  QStringLiteral("StrictHostKeyChecking=yes"),
                                  QStringLiteral("UserKnownHostsFile=") +
                                      sshFile(QStringLiteral("known_hosts")),
                                  QStringLiteral("GlobalKnownHostsFile=/dev/null"),
                                  QStringLiteral("ExitOnForwardFailure=yes"),
                                  QStringLiteral("LogLevel=ERROR")};
        for (const QString& option : options)
            arguments << QStringLiteral("-o") << option;
        if (forward)
            arguments << QStringLiteral("-R") << remoteSocket() + QLatin1Char(':') + socketPath();
        arguments << m_user + QStringLiteral("@127.0.0.1") << command;
        return arguments;
    }

    // Starts an ssh session that forwards the remote socket to the app's and runs the agent
    // script with `steps`.
    std::unique_ptr<Child> startAgent(const QStringList& steps)
    {
        auto child = std::make_unique<Child>();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("SSH_AUTH_SOCK"));
        child->process().setProcessEnvironment(environment);
        child->process().start(m_ssh, sshArguments(remoteCommand(steps), true));
        return child;
    }

    // The last part of sshd's log, for failure messages (why a login or a forward was refused).
    QString sshdLog() const
    {
        return QStringLiteral("; sshd: ") + QString::fromUtf8(m_sshd.err().right(2000));
    }

    QString runProgram(const QString& program, const QStringList& arguments)
    {
        Child child;
        child.process().start(program, arguments);
        if (!child.waitForExit(waits::Process))
            return QStringLiteral("%1 did not end within %2 ms").arg(program).arg(waits::Process);
        if (child.process().exitStatus() != QProcess::NormalExit || child.process().exitCode() != 0)
            return program + QStringLiteral(" failed: ") + child.diagnostics();
        return {};
    }

    // sshd -D -e on a free port of 127.0.0.1. Empty when it listens, else why not.
    QString startSshd()
    {
        const bool root = ::geteuid() == 0;
        QString why;
        // The port is free when asked; another process may take it before sshd binds, so a few
        // tries.
        for (int attempt = 0; attempt < 3; ++attempt) {
            {
                QTcpServer probe;
                if (!probe.listen(QHostAddress::LocalHost, 0))
                    return QStringLiteral("no free port on 127.0.0.1: ") + probe.errorString();
                m_port = probe.serverPort();
            }
            const QString config =
                QStringLiteral("ListenAddress 127.0.0.1\n"
                               "Port %1\n"
                               "HostKey %2\n"
                               "PidFile %3\n"
                               "AuthorizedKeysFile %4\n"
                               "AllowUsers %5\n"
                               // Not root: sshd runs as the test's user and logs in only that user.
                               // Root (CI): a key, never a password.
                               "PermitRootLogin prohibit-password\n"
                               "PubkeyAuthentication yes\n"
                               "PasswordAuthentication no\n"
                               "KbdInteractiveAuthentication no\n"
                               // PAM would need the system's login set-up; the files are in a temp
                               // folder that StrictModes would refuse.
                               "UsePAM no\n"
                               "StrictModes no\n"
                               // AllowTcpForwarding stays at its default (yes): "no" or "local"
                               // also refuses `-R` to a socket path (OpenSSH 9.2: "remote port
                               // forwarding failed for listen path").
                               "AllowAgentForwarding no\n"
                               "X11Forwarding no\n"
                               "PermitTTY no\n"
                               "AllowStreamLocalForwarding remote\n"
                               // A socket file left at the path (sshd leaves its own behind when a
                               // session ends) is replaced; this is sshd's setting, not ssh's.
                               "StreamLocalBindUnlink yes\n")
                    .arg(m_port)
                    .arg(sshFile(QStringLiteral("host_key")), sshFile(QStringLiteral("sshd.pid")),
                         sshFile(QStringLiteral("authorized_keys")), m_user);
            // StreamLocalBindMask stays at its default (0177): the socket must come out owner-only.
            if (!writeFile(sshFile(QStringLiteral("sshd_config")), config.toUtf8()))
                return QStringLiteral("cannot write sshd_config");

            m_sshd.stop();
            m_sshd.clearOutput();
            // umask 0: an owner-only socket then comes from sshd's StreamLocalBindMask, not from
            // a umask that happened to be strict.
            m_sshd.process().setChildProcessModifier([] { ::umask(0); });
            m_sshd.process().start(QStringLiteral("/usr/sbin/sshd"),
                                   {QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"),
                                    sshFile(QStringLiteral("sshd_config"))});
            const QByteArray ready =
                QStringLiteral("Server listening on 127.0.0.1 port %1.").arg(m_port).toUtf8();
            if (m_sshd.waitUntil([&] { return m_sshd.err().contains(ready); }, waits::Process))
                return {};
            why = QStringLiteral("sshd did not listen within %1 ms (%2): %3")
                      .arg(waits::Process)
                      .arg(root ? QStringLiteral("as root") : QStringLiteral("as user ") + m_user,
                           QString::fromUtf8(m_sshd.err()));
            if (!m_sshd.err().contains("Address already in use"))
                break;
        }
        return why;
    }

    // The rules file: approve the exact code `approvedCode()` by its hash.
    QString writeRules()
    {
        const QString path = m_dir->filePath(QStringLiteral("rules.json"));
        const QJsonObject rule{{QStringLiteral("name"), QLatin1String(RuleName)},
                               {QStringLiteral("decision"), QStringLiteral("approve")},
                               {QStringLiteral("code_sha256"), sha256(approvedCode())}};
        return writeFile(path,
                         QJsonDocument(QJsonObject{{QStringLiteral("rules"), QJsonArray{rule}}}).toJson())
                   ? path
                   : QString();
    }
    static QString approvedCode() { return QStringLiteral("print('hello from the remote agent')"); }

    std::unique_ptr<DeskProcess> startDesk()
    {
        auto desk = std::make_unique<DeskProcess>(m_binary, m_standin, dataDir(), socketPath(), stateDir());
        desk->start({QStringLiteral("--rules"), writeRules()});
        return desk;
    }

    // The app listens: a local client gets an answer to ping.
    static bool deskAnswers(DeskProcess& desk)
    {
        k8::test::AgentTestClient client;
        return desk.connect(client) && k8::test::roundTrip(client);
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = locateBinaries();
        QVERIFY2(missing.isEmpty(), qPrintable(missing));
        m_agentScript = qEnvironmentVariable("KOSA8_SSH_AGENT");
        m_clientSource = qEnvironmentVariable("KOSA8_CLIENT_SOURCE");
        QVERIFY2(QFile::exists(m_agentScript), "KOSA8_SSH_AGENT must name tests/e2e/ssh_agent.py");
        QVERIFY2(QFile::exists(m_clientSource + QStringLiteral("/kosa8_desk/client.py")),
                 "KOSA8_CLIENT_SOURCE must name clients/python/src");
        // The project's venv (./dev.sh test makes it) where there is one; the client itself is
        // standard library only, so python3 does where there is not.
        m_python = qEnvironmentVariable("KOSA8_AGENT_PYTHON");
        if (m_python.isEmpty())
            m_python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        QVERIFY2(!m_python.isEmpty() && QFileInfo(m_python).isExecutable(),
                 "no python for the agent: KOSA8_AGENT_PYTHON or python3 on PATH");
        m_python = QFileInfo(m_python).absoluteFilePath();

        const bool root = ::geteuid() == 0;
        m_ssh = QStandardPaths::findExecutable(QStringLiteral("ssh"));
        const QString keygen = QStandardPaths::findExecutable(QStringLiteral("ssh-keygen"));
        if (m_ssh.isEmpty() || keygen.isEmpty() ||
            !QFileInfo(QStringLiteral("/usr/sbin/sshd")).isExecutable()) {
            const char* why = "needs ssh, ssh-keygen and /usr/sbin/sshd (packaging/deps-debian.sh --test "
                              "installs openssh-client and openssh-server)";
            if (root)
                QFAIL(why); // CI runs as root and installs them: there it must run
            QSKIP(why);
        }
        const passwd* user = ::getpwuid(::geteuid());
        QVERIFY(user);
        m_user = QString::fromLocal8Bit(user->pw_name);
        if (root) {
            // sshd running as root needs its privilege separation folder (Debian's service makes it
            // at boot; CI containers have none).
            if (::mkdir("/run/sshd", 0755) != 0 && errno != EEXIST)
                QFAIL(qPrintable(QStringLiteral("cannot make /run/sshd: %1").arg(qt_error_string(errno))));
        }

        m_sshDir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_sshDir->isValid());
        QVERIFY(QDir().mkdir(sshFile(QStringLiteral("remote"))));
        QVERIFY(QFile::setPermissions(sshFile(QStringLiteral("remote")),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        for (const char* key : {"host_key", "client_key"}) {
            const QString error = runProgram(
                keygen, {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                         QStringLiteral("-N"), QString(), QStringLiteral("-f"), sshFile(QLatin1String(key))});
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        QVERIFY(QFile::copy(sshFile(QStringLiteral("client_key.pub")),
                            sshFile(QStringLiteral("authorized_keys"))));

        const QString sshdError = startSshd();
        if (!sshdError.isEmpty()) {
            if (root)
                QFAIL(qPrintable(sshdError));
            QSKIP(qPrintable(QStringLiteral("sshd cannot run as a non-root user here: ") + sshdError));
        }
        // Pin the host key: the client trusts exactly this sshd.
        QVERIFY(writeFile(sshFile(QStringLiteral("known_hosts")),
                          QStringLiteral("[127.0.0.1]:%1 ").arg(m_port).toUtf8() +
                              readFile(sshFile(QStringLiteral("host_key.pub")))));
        // A login with no forward: whether this user can log in at all.
        Child login;
        login.process().start(m_ssh, sshArguments(QStringLiteral("true"), false));
        const bool loggedIn = login.waitForExit(waits::Process) &&
                              login.process().exitStatus() == QProcess::NormalExit &&
                              login.process().exitCode() == 0;
        if (!loggedIn) {
            const QString why =
                QStringLiteral("ssh %1@127.0.0.1 failed: %2%3").arg(m_user, login.diagnostics(), sshdLog());
            if (root)
                QFAIL(qPrintable(why));
            QSKIP(qPrintable(QStringLiteral("cannot log in to a non-root sshd here: ") + why));
        }
    }

    void cleanupTestCase() { m_sshd.stop(); }

    void init() { QVERIFY(setUpFolders()); }

    void cleanup() { tearDownFolders(); }

    // The socket sshd makes on the remote side is owner-only and served by sshd's session process
    // as the login user (what the client's uid check sees); a stale socket file at the path is
    // replaced; hello and ping go through.
    void forwardedSocketIsOwnerOnlyAndServedBySshd()
    {
        auto desk = startDesk();
        QVERIFY2(deskAnswers(*desk), desk->process().readAllStandardError().constData());
        QFile::remove(remoteSocket());
        QVERIFY(k8::test::makeStaleSocket(remoteSocket()));

        auto agent = startAgent({QStringLiteral("look")});
        QVERIFY2(agent->waitForExit(waits::Binary),
                 qPrintable(QStringLiteral("the ssh session did not end within %1 ms: %2")
                                .arg(waits::Binary)
                                .arg(agent->diagnostics())));
        QVERIFY2(agent->process().exitCode() == 0, qPrintable(agent->diagnostics() + sshdLog()));
        const QJsonObject look = agent->line(QStringLiteral("look"));
        QVERIFY2(!look.isEmpty(), qPrintable(agent->diagnostics()));
        const int uid = int(::geteuid());
        QVERIFY(look.value(QStringLiteral("is_socket")).toBool());
        const int mode = look.value(QStringLiteral("mode")).toInt(-1);
        QVERIFY2(
            mode >= 0 && (mode & 077) == 0,
            qPrintable(QStringLiteral("the forwarded socket is mode %1, not owner-only").arg(mode, 0, 8)));
        QCOMPARE(look.value(QStringLiteral("owner")).toInt(-1), uid);
        QCOMPARE(look.value(QStringLiteral("uid")).toInt(-1), uid);
        // The client's check compares this with its own uid: sshd's session process, as the login
        // user, listens (not the ssh client on the app's side, not the app).
        QCOMPARE(look.value(QStringLiteral("listener_uid")).toInt(-1), uid);
        QCOMPARE(look.value(QStringLiteral("listener_name")).toString(), QStringLiteral("sshd"));
        QCOMPARE(look.value(QStringLiteral("server")).toString(), QStringLiteral("kosa8-desk"));
        QVERIFY(look.value(QStringLiteral("pong")).toBool());
        QVERIFY(readJsonLines(ledgerPath()).isEmpty());
        QCOMPARE(desk->terminate(), 0);
    }

    // A standing rule approves a remote agent's review by the code's hash, as it would a local one.
    void ruleApprovesARemoteReviewByItsHash()
    {
        auto desk = startDesk();
        QVERIFY2(deskAnswers(*desk), desk->process().readAllStandardError().constData());
        auto agent = startAgent({QStringLiteral("review"), approvedCode()});
        QVERIFY2(agent->waitForExit(waits::Binary), qPrintable(agent->diagnostics()));
        QVERIFY2(agent->process().exitCode() == 0, qPrintable(agent->diagnostics() + sshdLog()));
        QCOMPARE(agent->line(QStringLiteral("review")).value(QStringLiteral("result")).toString(),
                 QStringLiteral("approve"));

        const QList<QJsonObject> entries = readJsonLines(ledgerPath());
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("rule:") + QLatin1String(RuleName));
        QCOMPARE(entries.first().value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(entries.first().value(QStringLiteral("agent")).toString(), QLatin1String(Agent));
        QCOMPARE(entries.first().value(QStringLiteral("code_sha256")).toString(), sha256(approvedCode()));
        QCOMPARE(desk->terminate(), 0);
    }

    // A review no rule decides waits in the app (a ping after it comes back first, the ledger is
    // empty) and its timeout's rejection reaches the remote agent through the tunnel.
    void undecidedRemoteReviewWaitsThenTimesOut()
    {
        auto desk = startDesk();
        QVERIFY2(deskAnswers(*desk), desk->process().readAllStandardError().constData());
        auto agent = startAgent({QStringLiteral("pending"), QStringLiteral("print('nobody approved this')"),
                                 QStringLiteral("3")});
        QVERIFY2(agent->waitUntil([&] { return !agent->line(QStringLiteral("pending")).isEmpty(); },
                                  waits::Binary),
                 qPrintable(agent->diagnostics() + sshdLog()));
        QCOMPARE(agent->line(QStringLiteral("pending")).value(QStringLiteral("answered")).toBool(true),
                 false);
        QVERIFY(readJsonLines(ledgerPath()).isEmpty());

        QVERIFY2(agent->waitForExit(waits::Binary), qPrintable(agent->diagnostics()));
        QVERIFY2(agent->process().exitCode() == 0, qPrintable(agent->diagnostics()));
        QCOMPARE(agent->line(QStringLiteral("answer")).value(QStringLiteral("result")).toString(),
                 QStringLiteral("reject"));
        const QList<QJsonObject> entries = readJsonLines(ledgerPath());
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().value(QStringLiteral("decided_by")).toString(), QStringLiteral("timeout"));
        QCOMPARE(entries.first().value(QStringLiteral("agent")).toString(), QLatin1String(Agent));
        QCOMPARE(desk->terminate(), 0);
    }

    // The SSH session ends while a remote review waits: the app sees its connection from the ssh
    // client close and withdraws the request; the agent is told the app is unavailable, never
    // that it approved.
    void droppedTunnelWithdrawsTheRemoteReview()
    {
        auto desk = startDesk();
        QVERIFY2(deskAnswers(*desk), desk->process().readAllStandardError().constData());
        const QString outcome = m_dir->filePath(QStringLiteral("outcome.json"));
        auto agent =
            startAgent({QStringLiteral("withdrawn"), QStringLiteral("print('the tunnel drops')"), outcome});
        QVERIFY2(agent->waitUntil([&] { return !agent->line(QStringLiteral("pending")).isEmpty(); },
                                  waits::Binary),
                 qPrintable(agent->diagnostics() + sshdLog()));
        QVERIFY(readJsonLines(ledgerPath()).isEmpty());

        agent->stop();
        QTRY_COMPARE_WITH_TIMEOUT(readJsonLines(ledgerPath()).size(), 1, waits::Process);
        const QJsonObject entry = readJsonLines(ledgerPath()).first();
        QCOMPARE(entry.value(QStringLiteral("decided_by")).toString(), QStringLiteral("withdrawn"));
        QCOMPARE(entry.value(QStringLiteral("agent")).toString(), QLatin1String(Agent));
        // The agent process on the remote side outlives the session; it ends on its own.
        QTRY_VERIFY2_WITH_TIMEOUT(QFile::exists(outcome),
                                  "the remote agent did not end after the tunnel dropped", waits::Process);
        const QJsonObject ended = QJsonDocument::fromJson(readFile(outcome)).object();
        QCOMPARE(ended.value(QStringLiteral("error")).toString(), QStringLiteral("DeskUnavailable"));
        QVERIFY(!ended.contains(QStringLiteral("result")));
        QCOMPARE(desk->terminate(), 0);
    }

    // No app behind the tunnel: sshd accepts the agent's connection and closes it when the ssh
    // client cannot reach the app's socket; the client says the app is unavailable.
    void appNotRunningIsUnavailable()
    {
        QVERIFY(!QFile::exists(socketPath()));
        auto agent = startAgent({QStringLiteral("review"), approvedCode()});
        QVERIFY2(agent->waitForExit(waits::Binary), qPrintable(agent->diagnostics()));
        QVERIFY2(agent->process().exitCode() == 0, qPrintable(agent->diagnostics() + sshdLog()));
        const QJsonObject review = agent->line(QStringLiteral("review"));
        QCOMPARE(review.value(QStringLiteral("error")).toString(), QStringLiteral("DeskUnavailable"));
        QVERIFY(!review.contains(QStringLiteral("result")));
    }
};

QTEST_GUILESS_MAIN(TestE2eSshForward)
#include "tst_e2e_ssh_forward.moc"
