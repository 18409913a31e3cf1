// SPDX-License-Identifier: Apache-2.0
#pragma once

// The real kosa8-desk binary as a child process, for the end-to-end tests (tests/e2e): started
// offscreen with the kosa8 stand-in, a data folder and a socket; connected to with
// AgentTestClient; stopped with SIGTERM or killed. Plus what those tests read about it (its
// memory in /proc, its ledger).

#include "support/AgentTestClient.h"
#include "support/Waits.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <utility>

namespace k8::test {

// Bounds on the app's resident memory hold for the normal build only. Under ASan every freed
// block waits in a quarantine (256 MiB by default) before it is reused, and TSan adds shadow
// memory for every byte, so RSS there says nothing about the app; in the ASan build
// LeakSanitizer checks the app for leaks at exit instead (tests/sanitize/README.md).
#ifdef K8_TEST_SANITIZED
inline constexpr bool MemoryBoundsHold = false;
#else
inline constexpr bool MemoryBoundsHold = true;
#endif

// A field of /proc/PID/status in KiB (VmRSS, VmHWM); -1 when it cannot be read.
inline qint64 procStatusKiB(qint64 pid, const char* field)
{
    QFile file(QStringLiteral("/proc/%1/status").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

// How many ledger entries were decided by `decidedBy` ("withdrawn", "rule:NAME", ...).
inline int countDecidedBy(const QList<QJsonObject>& entries, const QString& decidedBy)
{
    int count = 0;
    for (const QJsonObject& entry : entries)
        count += entry.value(QStringLiteral("decided_by")).toString() == decidedBy;
    return count;
}

// `review` params for a plain payload with code: {"question": "Run this?", "code": CODE}.
inline QJsonObject codeReviewParams(const QString& code, const QString& agent)
{
    return QJsonObject{
        {QStringLiteral("payload"), QJsonObject{{QStringLiteral("question"), QStringLiteral("Run this?")},
                                                {QStringLiteral("code"), code}}},
        {QStringLiteral("agent"), agent}};
}

// One running kosa8-desk.
class DeskProcess
{
public:
    DeskProcess(const QString& binary, const QString& standin, const QString& dataDir, const QString& socket,
                const QString& stateDir)
        : m_binary(binary)
        , m_standin(standin)
        , m_dataDir(dataDir)
        , m_socket(socket)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), stateDir);
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.remove(QStringLiteral("KOSA8_DESK_SOCKET"));
        m_process.setProcessEnvironment(environment);
    }
    ~DeskProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    DeskProcess(const DeskProcess&) = delete;
    DeskProcess& operator=(const DeskProcess&) = delete;

    // One more variable in the app's environment (before start()).
    void setEnvironmentValue(const QString& name, const QString& value)
    {
        QProcessEnvironment environment = m_process.processEnvironment();
        environment.insert(name, value);
        m_process.setProcessEnvironment(environment);
    }

    // Runs in the child between fork and exec (async-signal-safe calls only): a resource limit
    // the app must live with, set without a hook in the app.
    void setChildSetup(std::function<void()> setup) { m_process.setChildProcessModifier(std::move(setup)); }

    void start(const QStringList& extra = {})
    {
        QStringList arguments{QStringLiteral("-platform"),  QStringLiteral("offscreen"),
                              QStringLiteral("--kosa8"),    m_standin,
                              QStringLiteral("--data-dir"), m_dataDir,
                              QStringLiteral("--socket"),   m_socket};
        m_process.start(m_binary, arguments + extra);
    }
    QProcess& process() { return m_process; }
    qint64 pid() const { return m_process.processId(); }
    QString socketPath() const { return m_socket; }

    // Connects `client`, retrying on a timer while the app comes up. False when the app exited
    // or did not listen in time.
    bool connect(AgentTestClient& client)
    {
        QTimer retry;
        retry.setSingleShot(true);
        retry.setInterval(50);
        QObject::connect(&retry, &QTimer::timeout, &client, [&] { client.connectTo(m_socket); });
        const QMetaObject::Connection failed =
            QObject::connect(&client, &AgentTestClient::connectFailed, &retry, [&] { retry.start(); });
        client.connectTo(m_socket);
        QSignalSpy connected(&client, &AgentTestClient::connected);
        QElapsedTimer clock;
        clock.start();
        while (!client.isConnected() && clock.elapsed() < waits::Process &&
               m_process.state() != QProcess::NotRunning)
            connected.wait(200);
        QObject::disconnect(failed);
        return client.isConnected();
    }

    // SIGTERM, then wait for the exit. Returns the exit code, -1 when it did not exit normally.
    int terminate()
    {
        QSignalSpy finished(&m_process, &QProcess::finished);
        m_process.terminate();
        if (m_process.state() != QProcess::NotRunning && !finished.wait(waits::Process))
            return -1;
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }

    // SIGKILL, as a crash or the OOM killer ends it: nothing of the app runs after it. True once
    // the process is gone.
    bool killHard()
    {
        QSignalSpy finished(&m_process, &QProcess::finished);
        m_process.kill();
        return m_process.state() == QProcess::NotRunning || finished.wait(waits::Process);
    }

    int waitForExit()
    {
        QSignalSpy finished(&m_process, &QProcess::finished);
        if (m_process.state() != QProcess::NotRunning && !finished.wait(waits::Process))
            return -1000;
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }

private:
    QString m_binary;
    QString m_standin;
    QString m_dataDir;
    QString m_socket;
    QProcess m_process;
};

// Sends ping and waits for pong: everything sent before it on this connection has been read and
// handled by the app (a connection is handled in order).
inline bool roundTrip(AgentTestClient& client, int timeoutMs = waits::Process)
{
    const QJsonValue ping = client.request(QStringLiteral("ping"));
    QSignalSpy received(&client, &AgentTestClient::responseReceived);
    QElapsedTimer clock;
    clock.start();
    while (!client.hasResponse(ping) && clock.elapsed() < timeoutMs && client.isConnected())
        received.wait(500);
    return client.hasResponse(ping);
}

// `kosa8-desk ARGUMENTS` for a console answer (--verify-ledger): its exit code (-1000 when it
// did not end in time, -1 when it crashed), and what it printed.
inline int runConsole(const QString& binary, const QStringList& arguments, QString* out, QString* err)
{
    QProcess process;
    process.start(binary, arguments);
    if (!process.waitForFinished(waits::Process))
        return -1000;
    *out = QString::fromUtf8(process.readAllStandardOutput());
    *err = QString::fromUtf8(process.readAllStandardError());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

} // namespace k8::test
