// SPDX-License-Identifier: Apache-2.0
// Throughput of a run that prints a lot, through the real AgentService on a real Unix socket, the
// kosa8 stand-in as kosa8, the real inbox page (offscreen) whose run pane shows the console, and an
// agent that reads everything the socket gives it (run.output notifications, then the result).
// Two kinds of output: valid UTF-8 (default 100 MB, lines of 80 bytes; the stand-in's
// "# stdout-fill: N") and bytes that are not (default 100 MiB from /dev/urandom, written to a file
// the stand-in prints with "# stdout-file: PATH"). Not smaller: what made such output slow began
// only once the console was full, about a second into a run, so a run shorter than that missed it.
//
// The floor, in the same run: `cat` of a file holding the same bytes into a plain pipe, read to its
// end by blocking read()s on a thread of its own (what `cat FILE | wc -c` does; no QProcess, no
// event loop). A second floor, the stand-in alone: the same run started straight through
// Kosa8Runner, its output only counted (the stand-in is a Python script started through
// `env python3`, which costs a start-up the app cannot help), and the same stand-in's command
// read by a plain reader as `cat` is, timed from its first read to its last: how fast the stand-in
// writes once started, what bounds any reader of it. Floor, stand-ins alone and app take
// turns for --runs rounds (the floor three times a round), so a busy minute of the shared machine
// falls on all of them; every figure is the median over the rounds, with its least and most.
//
//   bench_run_stream [--bytes N] [--invalid-bytes N] [--standin PATH] [--runs N]
//
// Prints one JSON object: per kind of output and per run the time from the approval to the agent
// holding the result and from the first to the last output piece, the throughput of each against
// the floor, what the agent received, the peak resident memory (VmHWM) and the longest gap between
// two ticks of a 1 ms timer on the UI thread.
#include "agent/AgentService.h"
#include "agent/payload/PayloadShapes.h"
#include "inbox/InboxPage.h"
#include "inbox/RunConsole.h"
#include "kosa8/CommandProfile.h"
#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"

#include "BenchSupport.h"
#include "InboxRig.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTimer>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace {

using k8::bench::connectBlocking;
using k8::bench::statusKiB;

constexpr double TargetRatio = 0.5;
constexpr double TargetLongestGapMs = 50.0;
// The floor takes 40 ms for 100 MB, so one preemption on the shared machine can double it: it runs
// this many times a round (0.1 s), and its median is over all of them.
constexpr int FloorsPerRound = 3;

double loadAverage()
{
    double load[1] = {0};
    return ::getloadavg(load, 1) == 1 ? load[0] : -1;
}

// Minor page faults of the calling thread so far: fresh memory, each page's first write.
qint64 threadMinorFaults()
{
    rusage usage = {};
    ::getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_minflt;
}

qint64 threadCpuNs()
{
    timespec cpu = {};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    return qint64(cpu.tv_sec) * 1'000'000'000 + cpu.tv_nsec;
}

// The 1 ms heartbeat on the UI thread: the longest gap between two ticks.
class Heartbeat
{
public:
    Heartbeat()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] {
            const qint64 gap = m_sinceTick.nsecsElapsed();
            const qint64 cpu = threadCpuNs();
            if (gap > m_longestNs) {
                m_longestNs = gap;
                m_longestEndNs = m_sinceStart.nsecsElapsed();
                m_longestCpuNs = cpu - m_lastCpuNs;
            }
            m_lastCpuNs = cpu;
            m_sinceTick.restart();
        });
    }
    void start()
    {
        m_longestNs = 0;
        m_longestEndNs = 0;
        m_longestCpuNs = 0;
        m_lastCpuNs = threadCpuNs();
        m_sinceStart.start();
        m_sinceTick.start();
        m_timer.start(1);
    }
    double stopMs()
    {
        m_timer.stop();
        return double(m_longestNs) / 1e6;
    }

    // When the longest gap ended, since start().
    double longestEndMs() const { return double(m_longestEndNs) / 1e6; }
    // How much of the longest gap the UI thread spent running (the rest it was preempted or waited).
    double longestCpuMs() const { return double(m_longestCpuNs) / 1e6; }

private:
    QTimer m_timer;
    QElapsedTimer m_sinceStart;
    QElapsedTimer m_sinceTick;
    qint64 m_longestNs = 0;
    qint64 m_longestEndNs = 0;
    qint64 m_longestCpuNs = 0;
    qint64 m_lastCpuNs = 0;
};

// The bytes the stand-in prints for "# stdout-fill: N" (tests/standin/kosa8, fill_stdout).
bool writeSameBytes(const QString& path, qint64 total)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const QByteArray line = QByteArray(79, 'x') + '\n';
    const QByteArray block = line.repeated(820);
    qint64 written = 0;
    while (written < total) {
        const qint64 take = qMin<qint64>(block.size(), total - written);
        if (file.write(block.constData(), take) != take)
            return false;
        written += take;
    }
    return true;
}

// `total` bytes from /dev/urandom: output that is not valid UTF-8 (most bytes of 0x80 and up
// start no valid sequence), with a line end every 256 bytes on average.
bool writeRandomBytes(const QString& path, qint64 total)
{
    QFile random(QStringLiteral("/dev/urandom"));
    QFile file(path);
    if (!random.open(QIODevice::ReadOnly | QIODevice::Unbuffered) ||
        !file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    qint64 written = 0;
    while (written < total) {
        const QByteArray block = random.read(qMin<qint64>(1 << 20, total - written));
        if (block.isEmpty() || file.write(block) != block.size())
            return false;
        written += block.size();
    }
    return true;
}

struct FloorResult
{
    double ms = 0;
    qint64 bytes = 0;
    double gapMs = 0;
};

// `cat FILE` into a plain pipe, read to its end by plain blocking read()s of 64 KiB (the pipe's
// capacity) on a thread of its own, as `cat FILE | wc -c` would: no event loop, no QProcess, no
// copy kept. The time runs from the spawn to the reaped exit. Meanwhile the UI thread only runs
// its heartbeat, so the floor's longest gap is what the machine's load alone does to it.
FloorResult catFloor(const QString& file, Heartbeat& heartbeat)
{
    FloorResult result;
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return result;
    const QByteArray path = QFile::encodeName(file);
    QEventLoop loop;
    heartbeat.start();
    std::thread reader([&] {
        QElapsedTimer clock;
        clock.start();
        posix_spawn_file_actions_t actions;
        ::posix_spawn_file_actions_init(&actions);
        ::posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO); // dup2 clears O_CLOEXEC
        char cat[] = "cat";
        char* const argv[] = {cat, const_cast<char*>(path.constData()), nullptr};
        pid_t pid = -1;
        const int spawned = ::posix_spawnp(&pid, cat, &actions, nullptr, argv, environ);
        ::posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        if (spawned == 0) {
            std::vector<char> buffer(64 * 1024);
            while (true) {
                const ssize_t got = ::read(fds[0], buffer.data(), buffer.size());
                if (got > 0)
                    result.bytes += got;
                else if (got == 0 || errno != EINTR)
                    break;
            }
            int status = 0;
            ::waitpid(pid, &status, 0);
        }
        ::close(fds[0]);
        result.ms = double(clock.nsecsElapsed()) / 1e6;
        QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
    });
    loop.exec();
    reader.join();
    result.gapMs = heartbeat.stopMs();
    return result;
}

// The same run's command line (as Kosa8Runner builds it) spawned into a plain pipe and read as the
// `cat` floor reads it, on a thread of its own: how fast the stand-in itself writes. `ms` is from the
// first read to the last, leaving out its start-up (Python through `env python3`), which `cat` has
// hardly any of and no reader can shorten.
FloorResult standinPlainFloor(const k8::kosa8::Kosa8Runner& runner, const QString& code, Heartbeat& heartbeat)
{
    FloorResult result;
    const QVariantMap params{{QStringLiteral("name"), QStringLiteral("box1")},
                             {QStringLiteral("image"), k8::agent::defaultImageFor(QStringLiteral("python"))},
                             {QStringLiteral("interpreter"),
                              runner.profile().interpreterArguments(QStringLiteral("python"), code, false)}};
    QString error;
    const k8::kosa8::CommandLine command = runner.build(k8::kosa8::Operation::SandboxRun, params, &error);
    const QString executable = runner.connection().resolvedExecutable();
    if (!command.isValid() || executable.isEmpty() || !command.standardInput.isEmpty())
        return result;
    std::vector<QByteArray> args{QFile::encodeName(executable)};
    for (const QString& argument : command.arguments)
        args.push_back(argument.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& argument : args)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return result;
    QEventLoop loop;
    heartbeat.start();
    std::thread reader([&] {
        posix_spawn_file_actions_t actions;
        ::posix_spawn_file_actions_init(&actions);
        ::posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
        ::posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
        pid_t pid = -1;
        const int spawned = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
        ::posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        if (spawned == 0) {
            std::vector<char> buffer(64 * 1024);
            QElapsedTimer clock;
            qint64 firstNs = -1;
            qint64 lastNs = 0;
            while (true) {
                const ssize_t got = ::read(fds[0], buffer.data(), buffer.size());
                if (got > 0) {
                    if (firstNs < 0) {
                        clock.start();
                        firstNs = 0;
                    }
                    lastNs = clock.nsecsElapsed();
                    result.bytes += got;
                } else if (got == 0 || errno != EINTR) {
                    break;
                }
            }
            int status = 0;
            ::waitpid(pid, &status, 0);
            result.ms = double(lastNs) / 1e6;
        }
        ::close(fds[0]);
        QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
    });
    loop.exec();
    reader.join();
    result.gapMs = heartbeat.stopMs();
    return result;
}

// The same run started straight through Kosa8Runner (the app's reader of kosa8's output) with
// nothing done with the chunks but counting them: what the stand-in and the pipe cost alone.
FloorResult kosa8Floor(k8::kosa8::Kosa8Runner& runner, const QString& code, Heartbeat& heartbeat)
{
    FloorResult result;
    const QVariantMap params{{QStringLiteral("name"), QStringLiteral("box1")},
                             {QStringLiteral("image"), k8::agent::defaultImageFor(QStringLiteral("python"))},
                             {QStringLiteral("interpreter"),
                              runner.profile().interpreterArguments(QStringLiteral("python"), code, false)}};
    QElapsedTimer clock;
    heartbeat.start();
    clock.start();
    k8::kosa8::JobOptions options;
    options.splitLines = false; // as RunExecutor reads a run
    k8::kosa8::Kosa8Job* job = runner.start(k8::kosa8::Operation::SandboxRun, params, options);
    QEventLoop loop;
    QObject::connect(job, &k8::kosa8::Kosa8Job::outputChunk, &loop,
                     [&](bool, const QByteArray& data) { result.bytes += data.size(); });
    QObject::connect(job, &k8::kosa8::Kosa8Job::finished, &loop, [&] { loop.quit(); });
    loop.exec();
    result.ms = double(clock.nsecsElapsed()) / 1e6;
    result.gapMs = heartbeat.stopMs();
    return result;
}

// What the agent read from its socket: notifications and bytes, until the answer to id 1.
struct AgentSide
{
    std::atomic<bool> done{false};
    std::atomic<qint64> socketBytes{0};
    std::atomic<qint64> notifications{0};
    std::atomic<qint64> doneAtNs{0};
    QByteArray answer;
};

void readAgent(int fd, AgentSide* side, const QElapsedTimer* clock)
{
    std::string buffer;
    std::vector<char> chunk(256 * 1024);
    qint64 notifications = 0;
    while (true) {
        const ssize_t got = ::read(fd, chunk.data(), chunk.size());
        if (got <= 0)
            break;
        side->socketBytes += got;
        buffer.append(chunk.data(), size_t(got));
        size_t from = 0;
        bool answered = false;
        while (true) {
            const size_t newline = buffer.find('\n', from);
            if (newline == std::string::npos)
                break;
            // Notifications carry "method"; the answer to the run request does not.
            const std::string_view line(buffer.data() + from, newline - from);
            if (line.find("\"method\":\"run.output\"") != std::string_view::npos) {
                ++notifications;
            } else {
                side->answer = QByteArray(line.data(), qsizetype(line.size()));
                answered = true;
            }
            from = newline + 1;
        }
        buffer.erase(0, from);
        side->notifications = notifications;
        if (answered) {
            side->doneAtNs = clock->nsecsElapsed();
            break;
        }
    }
    side->done = true;
}

QJsonObject runOnce(k8::agent::AgentService& service, k8::app::InboxPage& page, const QString& code,
                    Heartbeat& heartbeat, int maxSeconds)
{
    const int fd = connectBlocking(QFile::encodeName(service.socketPath()));
    if (fd < 0)
        return {{QStringLiteral("error"), QStringLiteral("cannot connect")}};
    const QByteArray request =
        QJsonDocument(
            QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), 1},
                        {QStringLiteral("method"), QStringLiteral("run")},
                        {QStringLiteral("params"),
                         QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("checkpoint"), false}}}})
            .toJson(QJsonDocument::Compact) +
        '\n';
    if (::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL) != request.size())
        return {{QStringLiteral("error"), QStringLiteral("cannot send")}};

    QElapsedTimer clock;
    AgentSide side;
    qint64 approvedNs = -1;
    qint64 firstOutputNs = -1;
    qint64 lastOutputNs = -1;
    qint64 outputBytes = 0;
    qint64 outputPieces = 0;
    bool finished = false;
    qint64 finishedNs = -1; // after the run pane (connected first) handled runFinished
    QJsonObject runResult;
    qint64 faultsAtApproval = 0;
    qint64 cpuAtApproval = 0;
    std::thread reader;
    QEventLoop loop;
    QList<QMetaObject::Connection> connections;
    connections << QObject::connect(&service, &k8::agent::ReviewCoordinator::requestQueued, &loop,
                                    [&](quint64 key) {
                                        k8::agent::ActionDecision action;
                                        action.kind = k8::agent::DecisionKind::Approve;
                                        k8::agent::PersonDecision decision;
                                        decision.actions.append(action);
                                        heartbeat.start();
                                        clock.start();
                                        faultsAtApproval = threadMinorFaults();
                                        cpuAtApproval = threadCpuNs();
                                        reader = std::thread(readAgent, fd, &side, &clock);
                                        approvedNs = 0;
                                        QString error;
                                        if (!service.decide(key, decision, &error))
                                            std::fprintf(stderr, "decide failed: %s\n", qPrintable(error));
                                    });
    connections << QObject::connect(&service, &k8::agent::ReviewCoordinator::runOutput, &loop,
                                    [&](quint64, bool, const QByteArray& bytes) {
                                        const qint64 now = clock.nsecsElapsed();
                                        if (firstOutputNs < 0)
                                            firstOutputNs = now;
                                        lastOutputNs = now;
                                        outputBytes += bytes.size();
                                        ++outputPieces;
                                    });
    connections << QObject::connect(&service, &k8::agent::ReviewCoordinator::runFinished, &loop,
                                    [&](quint64, const QJsonObject& result) {
                                        runResult = result;
                                        finished = true;
                                        finishedNs = clock.nsecsElapsed();
                                    });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (side.done.load())
            loop.quit();
    });
    poll.start(2);
    QTimer::singleShot(maxSeconds * 1000, &loop, &QEventLoop::quit);
    loop.exec();
    const double gapMs = heartbeat.stopMs();
    const qint64 uiFaults = threadMinorFaults() - faultsAtApproval;
    const double uiCpuMs = double(threadCpuNs() - cpuAtApproval) / 1e6;
    for (const auto& connection : std::as_const(connections))
        QObject::disconnect(connection);
    if (!side.done.load())
        ::shutdown(fd, SHUT_RDWR);
    if (reader.joinable())
        reader.join();
    ::close(fd);

    const double totalMs = double(side.doneAtNs.load()) / 1e6;
    const double streamMs = double(lastOutputNs - firstOutputNs) / 1e6;
    const QJsonObject answer = QJsonDocument::fromJson(side.answer).object();
    const QJsonObject answerResult = answer.value(QStringLiteral("result")).toObject();
    QJsonObject out{
        {QStringLiteral("finished"), finished && side.done.load() && approvedNs == 0},
        {QStringLiteral("approval_to_agent_answer_ms"), totalMs},
        {QStringLiteral("approval_to_first_output_ms"), double(firstOutputNs) / 1e6},
        {QStringLiteral("first_to_last_output_ms"), streamMs},
        {QStringLiteral("output_bytes_seen_by_ui"), outputBytes},
        {QStringLiteral("output_pieces"), outputPieces},
        {QStringLiteral("longest_ui_gap_ms"), gapMs},
        {QStringLiteral("longest_ui_gap_ended_at_ms"), heartbeat.longestEndMs()},
        {QStringLiteral("longest_ui_gap_thread_running_ms"), heartbeat.longestCpuMs()},
        {QStringLiteral("run_finished_signal_ms"), double(finishedNs) / 1e6},
        // The UI thread's own work from the approval to the agent holding the answer.
        {QStringLiteral("ui_thread_cpu_ms"), uiCpuMs},
        {QStringLiteral("ui_thread_minor_page_faults"), uiFaults},
        {QStringLiteral("agent"),
         QJsonObject{{QStringLiteral("socket_bytes"), side.socketBytes.load()},
                     {QStringLiteral("run_output_notifications"), side.notifications.load()},
                     {QStringLiteral("result_exit_code"), answerResult.value(QStringLiteral("exit_code"))},
                     {QStringLiteral("result_truncated"), answerResult.value(QStringLiteral("truncated"))},
                     {QStringLiteral("result_stdout_chars"),
                      answerResult.value(QStringLiteral("stdout")).toString().size()},
                     {QStringLiteral("result_output_dropped_bytes"),
                      answerResult.value(QStringLiteral("output_dropped_bytes"))}}},
    };
    if (const QPlainTextEdit* console = page.runConsole()) {
        out.insert(QStringLiteral("console_blocks"), console->document()->blockCount());
        out.insert(QStringLiteral("console_chars"), console->document()->characterCount());
    }
    (void)runResult;
    return out;
}

// The median, the least and the most of `values`, and the values in the order measured.
QJsonObject spread(QList<double> values)
{
    const QJsonArray inOrder = QJsonArray::fromVariantList(QVariantList(values.begin(), values.end()));
    if (values.isEmpty())
        return {};
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    return QJsonObject{{QStringLiteral("median"), median},
                       {QStringLiteral("min"), values.first()},
                       {QStringLiteral("max"), values.last()},
                       {QStringLiteral("runs"), inOrder}};
}

double medianOf(const QList<double>& values)
{
    return spread(values).value(QStringLiteral("median")).toDouble();
}

// One kind of output: the file `cat` reads for the floor holds the very bytes the run prints.
struct StreamCase
{
    QString name;
    QString what;
    qint64 bytes = 0;
    QString file;
    QString code; // the run's code, for the stand-in
};

// `runs` rounds of the `cat` floor (FloorsPerRound times), the stand-in alone and the app, in that
// order each round, so that a busy minute of the shared machine falls on all three; medians over
// the rounds.
QJsonObject measureCase(const StreamCase& streamCase, int runs, k8::bench::InboxRig& rig,
                        Heartbeat& heartbeat, int maxSeconds)
{
    QList<double> floorMs, floorGapMs, standinMs, standinPlainMs, totalMs, streamMs, gapMs, gapCpuMs;
    qint64 floorBytes = -1;
    qint64 standinBytes = -1;
    qint64 standinPlainBytes = -1;
    bool allFinished = true;
    QJsonArray runResults;
    for (int i = 0; i < runs; ++i) {
        QList<double> roundFloorMs;
        for (int f = 0; f < FloorsPerRound; ++f) {
            const FloorResult floor = catFloor(streamCase.file, heartbeat);
            roundFloorMs << floor.ms;
            floorGapMs << floor.gapMs;
            floorBytes = floor.bytes;
        }
        floorMs << roundFloorMs;
        const FloorResult standin = kosa8Floor(rig.runner(), streamCase.code, heartbeat);
        const FloorResult standinPlain = standinPlainFloor(rig.runner(), streamCase.code, heartbeat);
        standinPlainMs << standinPlain.ms;
        standinPlainBytes = standinPlain.bytes;
        QJsonObject result = runOnce(rig.service(), rig.page(), streamCase.code, heartbeat, maxSeconds);
        const double total = result.value(QStringLiteral("approval_to_agent_answer_ms")).toDouble();
        const double stream = result.value(QStringLiteral("first_to_last_output_ms")).toDouble();
        // Paired with the floor of the same round, for reading a single run.
        const double roundFloor = medianOf(roundFloorMs);
        result.insert(QStringLiteral("floor_cat_ms"), roundFloor);
        result.insert(QStringLiteral("ratio_to_floor_streaming"), stream > 0 ? roundFloor / stream : 0.0);
        runResults.append(result);
        standinMs << standin.ms;
        totalMs << total;
        streamMs << stream;
        gapMs << result.value(QStringLiteral("longest_ui_gap_ms")).toDouble();
        gapCpuMs << result.value(QStringLiteral("longest_ui_gap_thread_running_ms")).toDouble();
        standinBytes = standin.bytes;
        allFinished = allFinished && result.value(QStringLiteral("finished")).toBool();
    }
    const qint64 bytes = streamCase.bytes;
    auto mbPerSecond = [bytes](double ms) { return ms > 0 ? double(bytes) / 1e6 / (ms / 1e3) : 0.0; };
    const double floor = medianOf(floorMs);
    const double standin = medianOf(standinMs);
    const double total = medianOf(totalMs);
    const double stream = medianOf(streamMs);
    const double ratioTotal = total > 0 ? floor / total : 0.0;
    const double ratioStream = stream > 0 ? floor / stream : 0.0;
    const double longestGap = spread(gapMs).value(QStringLiteral("max")).toDouble();
    return QJsonObject{
        {QStringLiteral("what"), streamCase.what},
        {QStringLiteral("bytes"), bytes},
        {QStringLiteral("floor_cat_ms"), spread(floorMs)},
        {QStringLiteral("floor_cat_bytes"), floorBytes},
        {QStringLiteral("floor_mb_per_s"), mbPerSecond(floor)},
        {QStringLiteral("floor_longest_ui_gap_ms"), spread(floorGapMs)},
        {QStringLiteral("standin_alone_ms"), spread(standinMs)},
        {QStringLiteral("standin_alone_bytes"), standinBytes},
        {QStringLiteral("standin_alone_mb_per_s"), mbPerSecond(standin)},
        {QStringLiteral("standin_plain_pipe_streaming_ms"), spread(standinPlainMs)},
        {QStringLiteral("standin_plain_pipe_bytes"), standinPlainBytes},
        {QStringLiteral("ratio_floor_to_standin_streaming"),
         medianOf(standinPlainMs) > 0 ? floor / medianOf(standinPlainMs) : 0.0},
        {QStringLiteral("approval_to_agent_answer_ms"), spread(totalMs)},
        {QStringLiteral("first_to_last_output_ms"), spread(streamMs)},
        {QStringLiteral("app_mb_per_s_total"), mbPerSecond(total)},
        {QStringLiteral("app_mb_per_s_streaming"), mbPerSecond(stream)},
        {QStringLiteral("ratio_to_floor_total"), ratioTotal},
        {QStringLiteral("ratio_to_floor_streaming"), ratioStream},
        {QStringLiteral("ratio_to_standin_alone_total"), total > 0 ? standin / total : 0.0},
        {QStringLiteral("longest_ui_gap_ms"), spread(gapMs)},
        {QStringLiteral("longest_ui_gap_thread_running_ms"), spread(gapCpuMs)},
        {QStringLiteral("peak_rss_mib_so_far"), double(statusKiB("VmHWM")) / 1024.0},
        {QStringLiteral("runs"), runResults},
        {QStringLiteral("summary"),
         QJsonObject{{QStringLiteral("all_finished"), allFinished},
                     {QStringLiteral("ratio_total_met"), ratioTotal >= TargetRatio},
                     {QStringLiteral("ratio_streaming_met"), ratioStream >= TargetRatio},
                     {QStringLiteral("ui_gap_met"), longestGap < TargetLongestGapMs}}},
    };
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // Standard output holds the JSON only: log lines (a job's leftover processes) go to stderr.
    spdlog::set_default_logger(spdlog::stderr_logger_mt("bench_run_stream"));
    spdlog::set_level(spdlog::level::warn);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Run output streaming benchmark (prints JSON)"));
    parser.addHelpOption();
    const QCommandLineOption bytesOption(QStringLiteral("bytes"),
                                         QStringLiteral("bytes the run prints as lines of 80 (valid UTF-8)"),
                                         QStringLiteral("N"), QStringLiteral("100000000"));
    const QCommandLineOption invalidOption(
        QStringLiteral("invalid-bytes"),
        QStringLiteral("bytes from /dev/urandom the run prints (not valid UTF-8); 0 leaves that case out"),
        QStringLiteral("N"), QStringLiteral("104857600"));
    const QCommandLineOption runsOption(QStringLiteral("runs"),
                                        QStringLiteral("rounds of floor and app per case (default 5)"),
                                        QStringLiteral("N"), QStringLiteral("5"));
    const QCommandLineOption standinOption(QStringLiteral("standin"), QStringLiteral("the kosa8 stand-in"),
                                           QStringLiteral("PATH"));
    const QCommandLineOption maxOption(QStringLiteral("max-seconds"),
                                       QStringLiteral("give up on a run after this long (default 300)"),
                                       QStringLiteral("S"), QStringLiteral("300"));
    const QCommandLineOption capOption(
        QStringLiteral("result-cap"),
        QStringLiteral("bytes of each stream the run's result keeps (default: the app's, RunnerLimits)"),
        QStringLiteral("N"));
    parser.addOptions({bytesOption, invalidOption, runsOption, standinOption, maxOption, capOption});
    parser.process(app);
    const qint64 bytes = qMax<qint64>(1, parser.value(bytesOption).toLongLong());
    const qint64 invalidBytes = qMax<qint64>(0, parser.value(invalidOption).toLongLong());
    const int runs = qMax(1, parser.value(runsOption).toInt());
    const int maxSeconds = qMax(1, parser.value(maxOption).toInt());
    const QString standin = k8::bench::findStandin(parser.value(standinOption));
    if (standin.isEmpty())
        return 2;

    QTemporaryDir dir;
    QList<StreamCase> cases;
    cases.append({QStringLiteral("valid_utf8"), QStringLiteral("lines of 80 bytes: 79 'x' and a line end"),
                  bytes, dir.filePath(QStringLiteral("same-bytes.txt")),
                  QStringLiteral("# stdout-fill: %1\n").arg(bytes)});
    if (invalidBytes > 0) {
        const QString random = dir.filePath(QStringLiteral("random.bin"));
        cases.append(
            {QStringLiteral("invalid_utf8"),
             QStringLiteral("bytes from /dev/urandom, written to a file first (not valid UTF-8; a line "
                            "end every 256 bytes on average)"),
             invalidBytes, random, QStringLiteral("# stdout-file: %1\n").arg(random)});
    }
    if (!writeSameBytes(cases[0].file, bytes) ||
        (invalidBytes > 0 && !writeRandomBytes(cases[1].file, invalidBytes))) {
        std::fprintf(stderr, "cannot write the bytes to %s\n", qPrintable(dir.path()));
        return 2;
    }
    qputenv("KOSA8_STANDIN_STATE", QFile::encodeName(dir.filePath(QStringLiteral("state"))));
    QProcess create; // its "Created sandbox" line must not reach stdout, which holds the JSON only
    create.setStandardOutputFile(QProcess::nullDevice());
    create.start(standin, {QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")});
    if (!create.waitForFinished(30'000) || create.exitCode() != 0)
        return 2;
    k8::bench::InboxRig rig(standin);
    k8::kosa8::Kosa8Runner& runner = rig.runner();
    if (parser.isSet(capOption)) {
        k8::kosa8::RunnerLimits limits = runner.limits();
        limits.outputCapBytes = qMax<qint64>(0, parser.value(capOption).toLongLong());
        runner.setLimits(limits);
    }
    if (!rig.start(dir.path()))
        return 2;
    k8::app::InboxPage& page = rig.page();

    Heartbeat heartbeat;
    const double loadBefore = loadAverage();
    const qint64 rssBeforeKiB = statusKiB("VmRSS");
    QJsonObject caseResults;
    for (const StreamCase& streamCase : std::as_const(cases))
        caseResults.insert(streamCase.name, measureCase(streamCase, runs, rig, heartbeat, maxSeconds));
    const qint64 peakKiB = statusKiB("VmHWM");

    const k8::agent::AgentLimits limits; // the service runs with the defaults (InboxRig)
    const auto* console = qobject_cast<const k8::app::RunConsole*>(page.runConsole());
    const QJsonObject report{
        {QStringLiteral("benchmark"), QStringLiteral("run_stream")},
        {QStringLiteral("what"),
         QStringLiteral(
             "an approved run printing N bytes through the stand-in, the run console (offscreen) and "
             "run.output to a reading agent; floor: `cat FILE` of the same bytes into a plain pipe, read "
             "by blocking read()s on a thread of its own; rounds of floor (3 times), stand-in alone and app, "
             "figures are medians over the rounds, ratios are median floor / median app")},
        {QStringLiteral("date"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
        {QStringLiteral("rounds"), runs},
        {QStringLiteral("load_average_1m_before"), loadBefore},
        {QStringLiteral("load_average_1m_after"), loadAverage()},
        {QStringLiteral("rss_before_mib"), double(rssBeforeKiB) / 1024.0},
        {QStringLiteral("peak_rss_mib"), double(peakKiB) / 1024.0},
        {QStringLiteral("caps"),
         QJsonObject{{QStringLiteral("console_max_lines"), console ? console->maxLines() : -1},
                     {QStringLiteral("run_output_bytes_per_run"), limits.maxRunOutputBytes},
                     {QStringLiteral("run_output_queue_bytes"), limits.runOutputQueueBytes},
                     {QStringLiteral("result_kept_bytes_per_stream"), runner.limits().outputCapBytes}}},
        {QStringLiteral("cases"), caseResults},
        {QStringLiteral("targets"),
         QJsonObject{{QStringLiteral("ratio_at_least"), TargetRatio},
                     {QStringLiteral("longest_ui_gap_ms_under"), TargetLongestGapMs}}},
    };
    std::printf("%s\n", QJsonDocument(report).toJson(QJsonDocument::Indented).constData());
    return 0;
}
