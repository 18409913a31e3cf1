// SPDX-License-Identifier: Apache-2.0
#pragma once

// The real kosa8-desk as a bench meets it: the binary started offscreen with its own data folder,
// agent socket and the kosa8 stand-in (one sandbox, code-runner), and a probe that pings it on a
// connection of its own. The agent service answers on the app's UI thread, so the longest ping
// round trip is the longest time the window could not react.

#include "BenchSupport.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QThread>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <thread>
#include <unistd.h>

namespace k8::bench {

// Reads until one '\n' has arrived; keeps what follows it in `buffer`.
inline bool readLine(int fd, std::string& buffer)
{
    while (true) {
        const size_t newline = buffer.find('\n');
        if (newline != std::string::npos) {
            buffer.erase(0, newline + 1);
            return true;
        }
        char chunk[65536];
        const ssize_t got = ::read(fd, chunk, sizeof(chunk));
        if (got <= 0)
            return false;
        buffer.append(chunk, size_t(got));
    }
}

// Reads lines until the one that answers a request (a run's output notifications come before
// it), and keeps that line in `answer` when given.
inline bool readAnswer(int fd, std::string& buffer, std::string* answer = nullptr)
{
    while (true) {
        const size_t newline = buffer.find('\n');
        if (newline != std::string::npos) {
            // Answers are written without spaces, and a quote inside a string is escaped, so
            // only a notification holds this text as it stands.
            const bool notification =
                std::string_view(buffer).substr(0, newline).find("\"method\":\"run.output\"") !=
                std::string_view::npos;
            if (!notification && answer)
                answer->assign(buffer, 0, newline);
            buffer.erase(0, newline + 1);
            if (!notification)
                return true;
            continue;
        }
        char chunk[65536];
        const ssize_t got = ::read(fd, chunk, sizeof(chunk));
        if (got <= 0)
            return false;
        buffer.append(chunk, size_t(got));
    }
}

inline bool writeAll(int fd, const char* data, size_t size)
{
    while (size > 0) {
        const ssize_t written = ::write(fd, data, size);
        if (written <= 0)
            return false;
        data += written;
        size -= size_t(written);
    }
    return true;
}

class DeskUnderTest
{
public:
    // `folder` holds the app's data folder, the stand-in's state and the app's log; the socket
    // goes in `socketFolder` (a socket path has a short length limit).
    DeskUnderTest(QString binary, QString standin, const QString& folder, const QString& socketFolder)
        : m_binary(std::move(binary))
        , m_standin(std::move(standin))
        , m_folder(folder)
        , m_socket(QDir(socketFolder).filePath(QStringLiteral("desk.sock")))
    {
        m_environment = QProcessEnvironment::systemEnvironment();
        m_environment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), standinState());
        m_environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    }
    ~DeskUnderTest() { stop(); }
    DeskUnderTest(const DeskUnderTest&) = delete;
    DeskUnderTest& operator=(const DeskUnderTest&) = delete;

    // More options for the app (before start()).
    void setExtraArguments(QStringList arguments) { m_extraArguments = std::move(arguments); }
    QString logPath() const { return QDir(m_folder).filePath(QStringLiteral("desk.log")); }
    QString dataDir() const { return QDir(m_folder).filePath(QStringLiteral("data")); }
    QString standinState() const { return QDir(m_folder).filePath(QStringLiteral("standin")); }
    QByteArray socketPath() const { return QFile::encodeName(m_socket); }
    const QProcessEnvironment& environment() const { return m_environment; }
    qint64 pid() const { return m_process.processId(); }

    // Starts the app and waits until its socket answers a ping; false (with `error`) otherwise.
    bool start(QString* error)
    {
        QDir().mkpath(dataDir());
        QProcess create;
        create.setProcessEnvironment(m_environment);
        create.start(m_standin,
                     {QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")});
        if (!create.waitForFinished(60000) || create.exitCode() != 0) {
            *error = QStringLiteral("the stand-in could not create the sandbox");
            return false;
        }
        m_process.setProcessEnvironment(m_environment);
        const QString log = QDir(m_folder).filePath(QStringLiteral("desk.log"));
        m_process.setStandardOutputFile(log);
        m_process.setStandardErrorFile(log, QIODevice::Append);
        m_process.start(m_binary,
                        QStringList{QStringLiteral("--kosa8"), m_standin, QStringLiteral("--data-dir"),
                                    dataDir(), QStringLiteral("--socket"), m_socket} +
                            m_extraArguments);
        if (!m_process.waitForStarted(30000)) {
            *error = QStringLiteral("%1 did not start: %2").arg(m_binary, m_process.errorString());
            return false;
        }
        // The app listens once its window is up; until then a connect is refused. Each refusal
        // is answered at once, so this polls with the app's own start as the only wait.
        const QDeadlineTimer deadline(60000);
        while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
            const int fd = connectBlocking(socketPath());
            if (fd >= 0) {
                const std::string ping = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}\n";
                std::string buffer;
                const bool answered = writeAll(fd, ping.data(), ping.size()) && readLine(fd, buffer);
                ::close(fd);
                if (answered)
                    return true;
            }
            m_process.waitForFinished(20); // returns at once if the app exits meanwhile
        }
        *error =
            QStringLiteral("%1 did not answer on %2 (see %3/desk.log)").arg(m_binary, m_socket, m_folder);
        return false;
    }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate(); // SIGTERM: the app quits as from its menu
        if (!m_process.waitForFinished(30000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

private:
    QString m_binary;
    QString m_standin;
    QString m_folder;
    QString m_socket;
    QProcessEnvironment m_environment;
    QStringList m_extraArguments;
    QProcess m_process;
};

// Pings the app on a connection of its own every millisecond, from a thread of its own, and keeps
// the longest round trip seen between start() and stop().
class PingProbe
{
public:
    explicit PingProbe(QByteArray socketPath)
        : m_socketPath(std::move(socketPath))
    {}
    ~PingProbe() { stop(); }
    PingProbe(const PingProbe&) = delete;
    PingProbe& operator=(const PingProbe&) = delete;

    bool start()
    {
        m_fd = connectBlocking(m_socketPath);
        if (m_fd < 0)
            return false;
        m_longestNs = 0;
        m_failed = false;
        m_stop = false;
        m_thread = std::thread([this] { loop(); });
        return true;
    }

    // The longest round trip in ms; -1 when a ping went unanswered.
    double stop()
    {
        if (!m_thread.joinable())
            return -1;
        m_stop = true;
        m_thread.join();
        ::close(m_fd);
        m_fd = -1;
        return m_failed ? -1.0 : double(m_longestNs.load()) / 1e6;
    }

private:
    void loop()
    {
        using Clock = std::chrono::steady_clock;
        std::string buffer;
        qint64 id = 1;
        while (!m_stop) {
            const std::string line =
                "{\"jsonrpc\":\"2.0\",\"id\":" + std::to_string(id++) + ",\"method\":\"ping\"}\n";
            const auto sent = Clock::now();
            if (!writeAll(m_fd, line.data(), line.size()) || !readLine(m_fd, buffer)) {
                m_failed = true;
                return;
            }
            const qint64 took =
                std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - sent).count();
            if (took > m_longestNs)
                m_longestNs = took;
            // The probe's period, not a wait for anything: one ping per millisecond at most.
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }

    QByteArray m_socketPath;
    int m_fd = -1;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_failed{false};
    std::atomic<qint64> m_longestNs{0};
};

} // namespace k8::bench
