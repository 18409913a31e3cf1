// SPDX-License-Identifier: Apache-2.0
#pragma once

// `kosa8-desk mcp` as a child process, spoken to as an MCP client does: newline-delimited
// JSON-RPC on its standard input, its answers and notifications read from its standard output
// (tests/e2e/tst_e2e_mcp.cpp).

#include "support/Waits.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QSignalSpy>
#include <QString>
#include <QStringList>

#include <functional>

namespace k8::test {

class McpProcess
{
public:
    // `socket`: the app's socket, passed as KOSA8_DESK_SOCKET (the way an MCP host configures it).
    McpProcess(const QString& binary, const QString& socket, const QStringList& extra = {})
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KOSA8_DESK_SOCKET"), socket);
        // No display at all: the sub-command must not need one.
        environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
        environment.remove(QStringLiteral("DISPLAY"));
        environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
        m_process.setProcessEnvironment(environment);
        m_process.start(binary, QStringList{QStringLiteral("mcp")} + extra);
    }
    ~McpProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    McpProcess(const McpProcess&) = delete;
    McpProcess& operator=(const McpProcess&) = delete;

    QProcess& process() { return m_process; }

    void sendRaw(const QByteArray& bytes) { m_process.write(bytes); }
    void send(const QJsonObject& message)
    {
        sendRaw(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
    }
    void request(const QJsonValue& id, const QString& method, const QJsonObject& params = {})
    {
        QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                            {QStringLiteral("id"), id},
                            {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            message.insert(QStringLiteral("params"), params);
        send(message);
    }
    void notify(const QString& method, const QJsonObject& params = {})
    {
        send(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                         {QStringLiteral("method"), method},
                         {QStringLiteral("params"), params}});
    }
    // initialize (with `protocolVersion`) and notifications/initialized; the initialize result.
    QJsonObject initialize(const QString& protocolVersion = QStringLiteral("2025-06-18"),
                           const QString& clientName = QStringLiteral("tst-e2e-mcp"))
    {
        request(QStringLiteral("init"), QStringLiteral("initialize"),
                QJsonObject{{QStringLiteral("protocolVersion"), protocolVersion},
                            {QStringLiteral("capabilities"), QJsonObject{}},
                            {QStringLiteral("clientInfo"),
                             QJsonObject{{QStringLiteral("name"), clientName},
                                         {QStringLiteral("version"), QStringLiteral("1")}}}});
        const QJsonObject answer = waitForId(QStringLiteral("init"));
        notify(QStringLiteral("notifications/initialized"));
        return answer;
    }

    // Every message read so far, in order; lines that are not JSON objects go to badLines().
    const QList<QJsonObject>& messages() { return read(); }
    const QList<QByteArray>& badLines()
    {
        read();
        return m_badLines;
    }

    // The first message that `match` accepts, waiting for it; an empty object when none came in
    // `timeoutMs` or the process ended.
    QJsonObject waitFor(const std::function<bool(const QJsonObject&)>& match, int timeoutMs = waits::Process)
    {
        QElapsedTimer clock;
        clock.start();
        QSignalSpy readable(&m_process, &QProcess::readyReadStandardOutput);
        for (;;) {
            for (const QJsonObject& message : read()) {
                if (match(message))
                    return message;
            }
            if (clock.elapsed() > timeoutMs || m_process.state() == QProcess::NotRunning)
                return {};
            readable.wait(200);
        }
    }
    QJsonObject waitForId(const QJsonValue& id, int timeoutMs = waits::Process)
    {
        return waitFor(
            [id](const QJsonObject& message) {
                return message.value(QStringLiteral("id")) == id &&
                       !message.contains(QStringLiteral("method"));
            },
            timeoutMs);
    }
    bool hasAnswer(const QJsonValue& id)
    {
        for (const QJsonObject& message : read()) {
            if (message.value(QStringLiteral("id")) == id && !message.contains(QStringLiteral("method")))
                return true;
        }
        return false;
    }

    // Closes standard input (the client is gone) and waits for the exit code; -1000 when it did
    // not exit in time, -1 when it crashed.
    int closeInputAndWait(int timeoutMs = waits::Process)
    {
        m_process.closeWriteChannel();
        if (m_process.state() != QProcess::NotRunning && !m_process.waitForFinished(timeoutMs))
            return -1000;
        read();
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }

private:
    const QList<QJsonObject>& read()
    {
        m_buffer.append(m_process.readAllStandardOutput());
        qsizetype newline = -1;
        while ((newline = m_buffer.indexOf('\n')) >= 0) {
            const QByteArray line = m_buffer.left(newline);
            m_buffer.remove(0, newline + 1);
            const QJsonDocument document = QJsonDocument::fromJson(line);
            if (document.isObject())
                m_messages.append(document.object());
            else
                m_badLines.append(line);
        }
        return m_messages;
    }

    QProcess m_process;
    QByteArray m_buffer;
    QList<QJsonObject> m_messages;
    QList<QByteArray> m_badLines;
};

} // namespace k8::test
