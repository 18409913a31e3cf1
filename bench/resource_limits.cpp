// SPDX-License-Identifier: Apache-2.0
// What an agent, or the code it runs, can make the app hold in memory, and how long it can make
// the UI thread stall. In-process: the real AgentService on a real Unix socket, the kosa8
// stand-in as kosa8, and the real inbox page (offscreen) showing the run console, as in the app.
//
//   bench_resource_limits --case requests|output|nonl [--bytes N] [--standin PATH]
//
// requests: a client writes N bytes (default 8 MB) of requests and never reads its answers:
//           --request bad (the shortest line that earns an error answer, "x"), ping or review.
// output:   a run (approved as a person would) prints N bytes (default 1 GiB) in lines of 80 to an
//           agent that never reads, so none of its run.output notifications are taken.
// nonl:     the same with N bytes (default 256 MiB) and no newline at all.
// A run case that has not finished after --max-seconds (default 600) reports what it saw by then
// ("run_finished": false).
//
// Prints one JSON object: the process's resident memory before the case and its peak (VmHWM),
// and the longest gap between two ticks of a 1 ms timer on the UI thread. Run each case in its
// own process (the peak is per process).
#include "agent/AgentService.h"
#include "agent/payload/PayloadShapes.h"
#include "inbox/InboxPage.h"
#include "kosa8/Kosa8Runner.h"

#include "BenchSupport.h"
#include "InboxRig.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

using k8::bench::connectBlocking;
using k8::bench::statusKiB;

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    spdlog::set_level(spdlog::level::warn);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("case"), QStringLiteral("requests, output or nonl"), QStringLiteral("case")});
    parser.addOption(
        {QStringLiteral("bytes"), QStringLiteral("bytes to send or print"), QStringLiteral("n")});
    parser.addOption({QStringLiteral("request"),
                      QStringLiteral("requests case: ping (default), review, or bad (\"x\" lines, not JSON)"),
                      QStringLiteral("kind")});
    parser.addOption(
        {QStringLiteral("max-seconds"),
         QStringLiteral("stop a run case after this long and report what was seen (default 600)"),
         QStringLiteral("s")});
    parser.addOption(
        {QStringLiteral("standin"), QStringLiteral("the kosa8 stand-in"), QStringLiteral("path")});
    parser.process(app);
    const QString which = parser.value(QStringLiteral("case"));
    if (which != QLatin1String("requests") && which != QLatin1String("output") &&
        which != QLatin1String("nonl")) {
        std::fprintf(stderr, "--case must be requests, output or nonl\n");
        return 2;
    }
    qint64 bytes = parser.value(QStringLiteral("bytes")).toLongLong();
    if (bytes <= 0)
        bytes = which == QLatin1String("requests") ? 8'000'000
                : which == QLatin1String("output") ? 1024LL * 1024 * 1024
                                                   : 256LL * 1024 * 1024;
    const QString standin = k8::bench::findStandin(parser.value(QStringLiteral("standin")));
    if (standin.isEmpty())
        return 2;

    const QString requestKind = parser.value(QStringLiteral("request")).isEmpty()
                                    ? QStringLiteral("ping")
                                    : parser.value(QStringLiteral("request"));

    QTemporaryDir dir;
    qputenv("KOSA8_STANDIN_STATE", QFile::encodeName(dir.filePath(QStringLiteral("state"))));
    if (QProcess::execute(standin,
                          {QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}) != 0)
        return 2;
    k8::bench::InboxRig rig(standin);
    if (!rig.start(dir.path()))
        return 2;
    k8::agent::AgentService& service = rig.service();
    const k8::app::InboxPage& page = rig.page();

    // The heartbeat: the longest gap between two ticks of a 1 ms timer is the longest time the
    // UI thread could not react.
    QElapsedTimer sinceTick;
    qint64 longestGapNs = 0;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    QObject::connect(&heartbeat, &QTimer::timeout, &heartbeat, [&] {
        longestGapNs = qMax(longestGapNs, sinceTick.nsecsElapsed());
        sinceTick.restart();
    });

    const qint64 rssBeforeKiB = statusKiB("VmRSS");
    QElapsedTimer clock;
    clock.start();
    sinceTick.start();
    heartbeat.start(1);
    const QByteArray socketPath = QFile::encodeName(service.socketPath());
    std::atomic<qint64> written{0};
    std::atomic<bool> writerDone{false};
    std::thread writer;
    int agentFd = -1;
    QJsonObject runResult;
    bool runEnded = false;

    if (which == QLatin1String("requests")) {
        // Blocking writes on their own thread; a send that the app does not take for 3 s ends it
        // (the app stopped reading: that is the back-pressure working).
        agentFd = connectBlocking(socketPath);
        writer = std::thread([&, fd = agentFd] {
            timeval limit{3, 0};
            ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof(limit));
            QByteArray batch;
            qint64 id = 1;
            while (written.load() < bytes) {
                batch.clear();
                while (batch.size() < 64 * 1024) {
                    const QByteArray number = QByteArray::number(id++);
                    if (requestKind == QLatin1String("review"))
                        batch += "{\"jsonrpc\":\"2.0\",\"id\":" + number +
                                 ",\"method\":\"review\",\"params\":{\"payload\":{\"code\":\"print(" +
                                 number + ")\"}}}\n";
                    else if (requestKind == QLatin1String("bad"))
                        batch += "x\n"; // the shortest line that earns an error answer
                    else
                        batch += "{\"jsonrpc\":\"2.0\",\"id\":" + number + ",\"method\":\"ping\"}\n";
                }
                qsizetype offset = 0;
                while (offset < batch.size()) {
                    const ssize_t sent =
                        ::send(fd, batch.constData() + offset, size_t(batch.size() - offset), MSG_NOSIGNAL);
                    if (sent <= 0) {
                        writerDone = true;
                        return;
                    }
                    offset += sent;
                    written += sent;
                }
            }
            writerDone = true;
        });
        QTimer poll;
        QEventLoop loop;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (writerDone.load())
                loop.quit();
        });
        poll.start(20);
        loop.exec();
        writer.join();
        // Let the app handle what it has read.
        QEventLoop settle;
        QTimer::singleShot(2000, &settle, &QEventLoop::quit);
        settle.exec();
    } else {
        const QString code = which == QLatin1String("output")
                                 ? QStringLiteral("# stdout-fill: %1\n").arg(bytes)
                                 : QStringLiteral("# stdout-fill-nonl: %1\n").arg(bytes);
        agentFd = connectBlocking(socketPath);
        const QByteArray request =
            QJsonDocument(
                QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                            {QStringLiteral("id"), 1},
                            {QStringLiteral("method"), QStringLiteral("run")},
                            {QStringLiteral("params"), QJsonObject{{QStringLiteral("code"), code}}}})
                .toJson(QJsonDocument::Compact) +
            '\n';
        if (::send(agentFd, request.constData(), size_t(request.size()), MSG_NOSIGNAL) != request.size())
            return 2;
        written = request.size();
        QEventLoop loop;
        QObject::connect(&service, &k8::agent::ReviewCoordinator::requestQueued, &loop, [&](quint64 key) {
            k8::agent::ActionDecision action;
            action.kind = k8::agent::DecisionKind::Approve;
            k8::agent::PersonDecision decision;
            decision.actions.append(action);
            QString decideError;
            if (!service.decide(key, decision, &decideError))
                std::fprintf(stderr, "decide failed: %s\n", qPrintable(decideError));
        });
        // The old code could take far longer than a benchmark may: report what was seen by then.
        const int maxSeconds = parser.value(QStringLiteral("max-seconds")).isEmpty()
                                   ? 600
                                   : parser.value(QStringLiteral("max-seconds")).toInt();
        QTimer::singleShot(maxSeconds * 1000, &loop, &QEventLoop::quit);
        QObject::connect(&service, &k8::agent::ReviewCoordinator::runFinished, &loop,
                         [&](quint64, const QJsonObject& result) {
                             runResult = result;
                             runEnded = true;
                             loop.quit();
                         });
        loop.exec();
    }
    heartbeat.stop();
    const qint64 elapsedMs = clock.elapsed();
    const qint64 peakKiB = statusKiB("VmHWM");

    QJsonObject out{
        {QStringLiteral("case"), which},
        {QStringLiteral("bytes"), bytes},
        {QStringLiteral("rss_before_mib"), double(rssBeforeKiB) / 1024.0},
        {QStringLiteral("peak_rss_mib"), double(peakKiB) / 1024.0},
        {QStringLiteral("longest_ui_stall_ms"), double(longestGapNs) / 1e6},
        {QStringLiteral("elapsed_ms"), elapsedMs},
        {QStringLiteral("connections_open_at_end"), service.connectionCount()},
    };
    if (which == QLatin1String("requests")) {
        out.insert(QStringLiteral("request"), requestKind);
        out.insert(QStringLiteral("request_bytes_taken_by_app"), written.load());
    } else {
        out.insert(QStringLiteral("run_finished"), runEnded);
        for (const char* key : {"exit_code", "truncated", "output_dropped_bytes"}) {
            const QString name = QString::fromLatin1(key);
            if (runResult.contains(name))
                out.insert(name, runResult.value(name));
        }
        // The run pane shows the run (nothing else is pending): its console holds the output.
        if (const QPlainTextEdit* console = page.runConsole()) {
            out.insert(QStringLiteral("console_blocks"), console->document()->blockCount());
            out.insert(QStringLiteral("console_chars"), console->document()->characterCount());
        }
    }
    if (agentFd >= 0)
        ::close(agentFd);
    std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Indented).constData());
    return 0;
}
