// SPDX-License-Identifier: Apache-2.0
// Round trip of `review` requests decided by a standing rule, through the real AgentService on a
// real Unix socket, against a minimal Unix-socket echo of the same lines (the floor). Also reports
// the longest stall of the service's event loop, seen by a 1 ms heartbeat timer.
//
// It runs twice: first with the ledger in a data folder on a real disk (the headline: every
// decision is flushed to disk before its answer, as in the app), then with the ledger on a tmpfs
// (/dev/shm), where a flush costs next to nothing, so the difference is the cost of durability
// and the tmpfs figure is the app's own overhead.
//
// Two more floors in the same run, the durable ones: the same echo, but each line is appended to a
// file next to the ledger and fdatasync()ed before it is answered, once per line, or once for all
// lines read in one poll() turn (grouped, as the app groups its ledger flushes). The service and
// the floors take turns in --rounds blocks, so a shared disk's good and bad minutes fall on all.
//
//   bench_agent_roundtrip [--requests N] [--clients 1,16] [--data-dir DIR] [--tmpfs-dir DIR] [--rounds N]
//
// Prints one JSON object. Clients are plain blocking sockets on their own threads, one request
// in flight each (closed loop), so the service thread only does the service's work.
#include "DeskUnderTest.h"
#include "agent/AgentService.h"
#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/payload/PayloadShapes.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QStorageInfo>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <memory>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

const QString RoundTripCode =
    QStringLiteral("import pandas as pd\nprint(pd.read_csv('data.csv').describe())");

// The targets.
constexpr double TargetRatioP50 = 2.0;
constexpr double TargetRatioDurableP50 = 1.5;
constexpr double TargetLongestGapMs = 50.0;
// Issue 26's, for the real app.
constexpr double TargetDeskP50ToDurable = 1.5;
constexpr double TargetDeskP99ToDurableP99 = 3.0;
constexpr double TargetDeskTmpfsP50ToEcho = 2.0;
constexpr double TargetDeskStallMs = 16.0;

using k8::bench::connectBlocking;
using k8::bench::readAnswer;
using k8::bench::writeAll;

// What the clients ask: a review (the question and the code, as an agent's interrupt payload) or
// a run of the same code in the stand-in's sandbox, both approved by a standing rule.
enum class Method
{
    Review,
    Run,
};

QByteArray requestLine(Method method, int client, int index)
{
    const QJsonObject params =
        method == Method::Review
            ? QJsonObject{{QStringLiteral("payload"),
                           QJsonObject{{QStringLiteral("question"), QStringLiteral("Summarise the data?")},
                                       {QStringLiteral("code"), RoundTripCode}}},
                          {QStringLiteral("agent"), QStringLiteral("bench-%1").arg(client)},
                          {QStringLiteral("title"), QStringLiteral("Summary")}}
            : QJsonObject{{QStringLiteral("code"), RoundTripCode},
                          {QStringLiteral("sandbox"), QStringLiteral("code-runner")},
                          {QStringLiteral("agent"), QStringLiteral("bench-%1").arg(client)},
                          {QStringLiteral("title"), QStringLiteral("Summary")}};
    const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), client * 1'000'000 + index},
                              {QStringLiteral("method"),
                               method == Method::Review ? QStringLiteral("review") : QStringLiteral("run")},
                              {QStringLiteral("params"), params}};
    return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
}

struct Stats
{
    double p50Us = 0;
    double p99Us = 0;
    double meanUs = 0;
    double maxUs = 0;
    double perSecond = 0;
    qint64 count = 0;
    qint64 failures = 0;
};

QJsonObject toJson(const Stats& stats)
{
    return QJsonObject{
        {QStringLiteral("requests"), stats.count},      {QStringLiteral("failures"), stats.failures},
        {QStringLiteral("p50_us"), stats.p50Us},        {QStringLiteral("p99_us"), stats.p99Us},
        {QStringLiteral("mean_us"), stats.meanUs},      {QStringLiteral("max_us"), stats.maxUs},
        {QStringLiteral("per_second"), stats.perSecond}};
}

// Round trips of one or more blocks of requests against one server.
struct Sample
{
    std::vector<double> latenciesUs;
    double seconds = 0;
    qint64 failures = 0;
    qint64 sent = 0; // with the warm-up requests
    void add(const Sample& more)
    {
        latenciesUs.insert(latenciesUs.end(), more.latenciesUs.begin(), more.latenciesUs.end());
        seconds += more.seconds;
        failures += more.failures;
        sent += more.sent;
    }
};

Stats statsOf(Sample sample)
{
    Stats stats;
    std::vector<double>& all = sample.latenciesUs;
    stats.failures = sample.failures;
    stats.count = qint64(all.size());
    if (all.empty())
        return stats;
    std::sort(all.begin(), all.end());
    auto at = [&all](double q) { return all[std::min(all.size() - 1, size_t(q * double(all.size())))]; };
    stats.p50Us = at(0.50);
    stats.p99Us = at(0.99);
    stats.maxUs = all.back();
    double sum = 0;
    for (double value : all)
        sum += value;
    stats.meanUs = sum / double(all.size());
    stats.perSecond = double(all.size()) / sample.seconds;
    return stats;
}

// Runs `clients` closed-loop clients of `perClient` requests each against `socketPath`, keeping
// the calling thread's event loop running (the service lives on it).
// With `approvals`, an answer that is not an approval counts as a failure (the floors echo the
// request instead).
Sample runClients(const QByteArray& socketPath, int clients, int perClient, int warmup,
                  Method method = Method::Review, bool approvals = false)
{
    std::vector<std::vector<double>> latencies(static_cast<size_t>(clients));
    std::atomic<int> finished{0};
    std::atomic<qint64> failures{0};
    std::vector<std::thread> threads;
    const auto started = Clock::now();
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            const int fd = connectBlocking(socketPath);
            if (fd < 0) {
                failures += perClient;
                ++finished;
                return;
            }
            std::string buffer;
            std::string answer;
            std::vector<double>& mine = latencies[size_t(c)];
            mine.reserve(size_t(perClient));
            // Built before the clock starts: the client's JSON work is not the app's, and on a
            // small machine it would compete with the service for the CPU.
            std::vector<QByteArray> lines;
            lines.reserve(size_t(warmup + perClient));
            for (int i = 0; i < warmup + perClient; ++i)
                lines.push_back(requestLine(method, c, i));
            for (int i = 0; i < warmup + perClient; ++i) {
                const QByteArray& line = lines[size_t(i)];
                const auto t0 = Clock::now();
                if (!writeAll(fd, line.constData(), size_t(line.size())) ||
                    !readAnswer(fd, buffer, &answer)) {
                    failures += warmup + perClient - i;
                    break;
                }
                // A review's rule answers "approve"; a run's answer says how the approved run went.
                if (approvals && answer.find("\"result\":\"approve\"") == std::string::npos &&
                    answer.find("\"decision\":\"approve\"") == std::string::npos) {
                    if (failures++ == 0)
                        std::fprintf(stderr, "not an approval: %.300s\n", answer.c_str());
                }
                const auto t1 = Clock::now();
                if (i >= warmup)
                    mine.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
            }
            ::close(fd);
            ++finished;
        });
    }
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (finished.load() == clients)
            loop.quit();
    });
    poll.start(5);
    loop.exec();
    for (std::thread& thread : threads)
        thread.join();
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();

    Sample sample;
    for (const auto& some : latencies)
        sample.latenciesUs.insert(sample.latenciesUs.end(), some.begin(), some.end());
    sample.seconds = seconds;
    sample.failures = failures.load();
    sample.sent = qint64(clients) * (warmup + perClient);
    return sample;
}

// What the echo does before it answers a line.
enum class Durability
{
    None,    // nothing: the plain floor
    PerLine, // appends the line to a file and fdatasync()s it, once per line
    PerTurn, // appends every line read in one poll() turn, then one fdatasync() for all (as the app
             // groups the ledger's flushes)
};

// The floor: a poll() loop on its own thread that writes every line straight back, optionally
// after making it durable in a file (the durable floors: what durability alone costs).
class EchoServer
{
public:
    explicit EchoServer(Durability durability = Durability::None, const QByteArray& filePath = {})
        : m_durability(durability)
    {
        if (durability != Durability::None)
            m_file = ::open(filePath.constData(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    }
    qint64 syncCount() const { return m_syncs.load(); }
    qint64 syncTotalNs() const { return m_syncNs.load(); }
    bool start(const QByteArray& path)
    {
        if (m_durability != Durability::None && m_file < 0)
            return false;
        m_listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address = {};
        address.sun_family = AF_UNIX;
        std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
        ::unlink(path.constData());
        if (::bind(m_listener, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
            ::listen(m_listener, 128) != 0)
            return false;
        if (::pipe(m_stopPipe) != 0)
            return false;
        m_thread = std::thread([this] { loop(); });
        return true;
    }
    ~EchoServer()
    {
        if (m_thread.joinable()) {
            const char byte = 0;
            (void)::write(m_stopPipe[1], &byte, 1);
            m_thread.join();
        }
        if (m_listener >= 0)
            ::close(m_listener);
        if (m_file >= 0)
            ::close(m_file);
    }

private:
    void sync()
    {
        const auto t0 = Clock::now();
        ::fdatasync(m_file);
        m_syncNs += std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count();
        ++m_syncs;
    }

    void loop()
    {
        std::vector<pollfd> fds{{m_listener, POLLIN, 0}, {m_stopPipe[0], POLLIN, 0}};
        std::vector<std::string> buffers(2);
        while (true) {
            if (::poll(fds.data(), fds.size(), -1) < 0)
                return;
            if (fds[1].revents)
                break;
            if (fds[0].revents & POLLIN) {
                const int client = ::accept(m_listener, nullptr, nullptr);
                if (client >= 0) {
                    fds.push_back({client, POLLIN, 0});
                    buffers.emplace_back();
                }
            }
            // Per turn: the complete lines read from each client, answered after one sync.
            std::vector<std::pair<int, std::string>> answers;
            for (size_t i = 2; i < fds.size(); ++i) {
                if (!(fds[i].revents & (POLLIN | POLLHUP)))
                    continue;
                char chunk[65536];
                const ssize_t got = ::read(fds[i].fd, chunk, sizeof(chunk));
                if (got <= 0) {
                    ::close(fds[i].fd);
                    fds.erase(fds.begin() + std::ptrdiff_t(i));
                    buffers.erase(buffers.begin() + std::ptrdiff_t(i));
                    --i;
                    continue;
                }
                std::string& buffer = buffers[i];
                buffer.append(chunk, size_t(got));
                const size_t lastNewline = buffer.rfind('\n');
                if (lastNewline != std::string::npos) {
                    if (m_durability == Durability::PerLine) {
                        for (size_t from = 0; from <= lastNewline;) {
                            const size_t end = buffer.find('\n', from) + 1;
                            writeAll(m_file, buffer.data() + from, end - from);
                            sync();
                            writeAll(fds[i].fd, buffer.data() + from, end - from);
                            from = end;
                        }
                    } else if (m_durability == Durability::PerTurn) {
                        writeAll(m_file, buffer.data(), lastNewline + 1);
                        answers.emplace_back(fds[i].fd, buffer.substr(0, lastNewline + 1));
                    } else {
                        writeAll(fds[i].fd, buffer.data(), lastNewline + 1);
                    }
                    buffer.erase(0, lastNewline + 1);
                }
            }
            if (!answers.empty()) {
                sync();
                for (const auto& [fd, lines] : answers)
                    writeAll(fd, lines.data(), lines.size());
            }
        }
        for (size_t i = 2; i < fds.size(); ++i)
            ::close(fds[i].fd);
    }

    Durability m_durability;
    int m_file = -1;
    std::atomic<qint64> m_syncs{0};
    std::atomic<qint64> m_syncNs{0};
    int m_listener = -1;
    int m_stopPipe[2] = {-1, -1};
    std::thread m_thread;
};

// CPU time and context switches of the calling thread so far.
struct ThreadTimes
{
    qint64 cpuNs = 0;
    qint64 voluntarySwitches = 0;   // gave the CPU up: waited in poll, or blocked in a call
    qint64 involuntarySwitches = 0; // taken off the CPU by the scheduler
    ThreadTimes operator-(const ThreadTimes& earlier) const
    {
        return {cpuNs - earlier.cpuNs, voluntarySwitches - earlier.voluntarySwitches,
                involuntarySwitches - earlier.involuntarySwitches};
    }
};

ThreadTimes threadTimes()
{
    ThreadTimes times;
    timespec cpu = {};
    if (::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu) == 0)
        times.cpuNs = qint64(cpu.tv_sec) * 1'000'000'000 + cpu.tv_nsec;
#if defined(RUSAGE_THREAD)
    rusage usage = {};
    if (::getrusage(RUSAGE_THREAD, &usage) == 0) {
        times.voluntarySwitches = usage.ru_nvcsw;
        times.involuntarySwitches = usage.ru_nivcsw;
    }
#endif
    return times;
}

// One ledger location, measured for every client count.
struct LedgerPlace
{
    QString label;
    QString dataDir;
    bool headline = false;
    QString deskFolder; // the real app's data folder and log, on the same file system
};

QString fileSystemOf(const QString& path)
{
    const QStorageInfo storage(path);
    return storage.isValid() ? QString::fromLatin1(storage.fileSystemType()) : QStringLiteral("unknown");
}

// The run the clients ask for, as the app binds it (docs/protocol.md, "Standing rules"): the code
// in code-runner with the default image for python and a checkpoint.
QString runActionSha256()
{
    const QJsonObject action{{QStringLiteral("method"), QStringLiteral("run")},
                             {QStringLiteral("language"), QStringLiteral("python")},
                             {QStringLiteral("code"), RoundTripCode},
                             {QStringLiteral("sandbox"), QStringLiteral("code-runner")},
                             {QStringLiteral("image"), QStringLiteral("python:3.12-slim")},
                             {QStringLiteral("checkpoint"), true}};
    return k8::agent::sha256Hex(k8::agent::canonicalJson(action));
}

void writeRules(const QString& dataDir)
{
    QFile rules(QDir(dataDir).filePath(QStringLiteral("rules.json")));
    if (!rules.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return;
    const QJsonObject review{{QStringLiteral("name"), QStringLiteral("bench")},
                             {QStringLiteral("decision"), QStringLiteral("approve")},
                             {QStringLiteral("code_sha256"), k8::agent::sha256Hex(RoundTripCode.toUtf8())}};
    const QJsonObject run{{QStringLiteral("name"), QStringLiteral("bench-run")},
                          {QStringLiteral("decision"), QStringLiteral("approve")},
                          {QStringLiteral("action_sha256"), runActionSha256()}};
    rules.write(QJsonDocument(QJsonObject{{QStringLiteral("rules"), QJsonArray{review, run}}}).toJson());
}

// The real app, measured beside the in-process service when its binary is given.
struct DeskOptions
{
    QString binary;  // empty: the service alone, as before
    QString standin; // the kosa8 stand-in the app runs as kosa8
    int runs = 0;    // rule-approved runs, one client, after the reviews
};

// The real app's figures against the targets: p50 within 1.5x of the durable floor's
// p50 and p99 within 3x of its p99 on a disk, within 2x of the plain echo on a tmpfs, no UI stall
// over 16 ms.
struct DeskVerdict
{
    double p50ToDurable = 0;
    double p99ToDurable = 0;
    double p50ToEcho = 0;
    bool met = false;
};

DeskVerdict judgeDesk(const Stats& desk, const Stats& durable, const Stats& echo, double stallMs,
                      bool probeFailed, bool onDisk)
{
    DeskVerdict verdict;
    verdict.p50ToDurable = durable.p50Us > 0 ? desk.p50Us / durable.p50Us : 0.0;
    verdict.p99ToDurable = durable.p99Us > 0 ? desk.p99Us / durable.p99Us : 0.0;
    verdict.p50ToEcho = echo.p50Us > 0 ? desk.p50Us / echo.p50Us : 0.0;
    const bool latency = onDisk ? verdict.p50ToDurable <= TargetDeskP50ToDurable &&
                                      verdict.p99ToDurable <= TargetDeskP99ToDurableP99
                                : verdict.p50ToEcho <= TargetDeskTmpfsP50ToEcho;
    verdict.met =
        desk.failures == 0 && desk.count > 0 && !probeFailed && latency && stallMs <= TargetDeskStallMs;
    return verdict;
}

// The kosa8 commands the stand-in was asked to run, oldest first, from its call log.
QList<QStringList> standinCalls(const QString& state)
{
    QList<QStringList> calls;
    QFile log(QDir(state).filePath(QStringLiteral("calls.jsonl")));
    if (!log.open(QIODevice::ReadOnly))
        return calls;
    for (const QByteArray& line : log.readAll().split('\n')) {
        QStringList argv;
        for (const QJsonValue& arg :
             QJsonDocument::fromJson(line).object().value(QStringLiteral("argv")).toArray())
            argv.append(arg.toString());
        if (!argv.isEmpty())
            calls.append(argv);
    }
    return calls;
}

// Runs `argv` (the stand-in's arguments) with the stand-in, as a plain program would: spawned,
// output to /dev/null, waited for. Its exit code, or -1 when it could not start.
int spawnAndWait(const QString& standin, const QStringList& argv, const QStringList& environment)
{
    std::vector<QByteArray> storage{QFile::encodeName(standin)};
    for (const QString& arg : argv)
        storage.push_back(arg.toUtf8());
    std::vector<char*> args;
    for (QByteArray& arg : storage)
        args.push_back(arg.data());
    args.push_back(nullptr);
    std::vector<QByteArray> envStorage;
    for (const QString& entry : environment)
        envStorage.push_back(entry.toUtf8());
    std::vector<char*> env;
    for (QByteArray& entry : envStorage)
        env.push_back(entry.data());
    env.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t child = -1;
    const int spawned = ::posix_spawn(&child, args[0], &actions, nullptr, args.data(), env.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        return -1;
    int status = 0;
    if (::waitpid(child, &status, 0) != child)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Rule-approved runs through the real app, one client (runs in one sandbox go one at a time),
// against their floor: the same kosa8 commands the app ran for the last of them (the stand-in's
// call log says which), spawned one after another by this program, as many times.
QJsonObject measureRuns(k8::bench::DeskUnderTest& desk, k8::bench::PingProbe& probe, const QString& standin,
                        int runs)
{
    const qsizetype callsBefore = standinCalls(desk.standinState()).size();
    const bool probing = probe.start();
    const Stats deskStats = statsOf(runClients(desk.socketPath(), 1, runs, 1, Method::Run, true));
    const double stallMs = probing ? probe.stop() : -1.0;
    // One run's commands: from the last checkpoint the app took to the end of the log, without
    // what the app asks on its own timers (the sandbox list).
    const QList<QStringList> during = standinCalls(desk.standinState()).mid(callsBefore);
    qsizetype lastCheckpoint = -1;
    for (qsizetype i = 0; i < during.size(); ++i) {
        if (during[i].first() == u"checkpoint")
            lastCheckpoint = i;
    }
    QList<QStringList> oneRun;
    for (qsizetype i = qMax<qsizetype>(0, lastCheckpoint); i < during.size(); ++i) {
        if (during[i].value(1) != u"ls")
            oneRun.append(during[i]);
    }
    const QStringList environment = desk.environment().toStringList();
    // The probe again while the floor spawns the same commands and the app idles: the stalls that
    // a machine busy with kosa8's processes causes by itself.
    const bool probingIdle = probe.start();
    std::vector<double> floorUs;
    int floorFailures = 0;
    for (int i = 0; i < runs && !oneRun.isEmpty(); ++i) {
        const auto t0 = Clock::now();
        for (QStringList argv : std::as_const(oneRun)) {
            // A checkpoint's label is taken once: each replay takes one of its own.
            const qsizetype label = argv.indexOf(QStringLiteral("--label")) + 1;
            if (label > 0 && label < argv.size())
                argv[label] += QStringLiteral("-floor-%1").arg(i);
            floorFailures += spawnAndWait(standin, argv, environment) == 0 ? 0 : 1;
        }
        floorUs.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    }
    const double idleStallMs = probingIdle ? probe.stop() : -1.0;
    Sample floorSample;
    floorSample.latenciesUs = floorUs;
    floorSample.seconds = 0;
    for (double us : floorUs)
        floorSample.seconds += us / 1e6;
    const Stats floorStats = statsOf(floorSample);
    QJsonArray commands;
    for (const QStringList& argv : std::as_const(oneRun))
        commands.append(QJsonArray::fromStringList(argv));
    QJsonObject floorJson = toJson(floorStats);
    floorJson.insert(QStringLiteral("commands_per_run"), commands);
    floorJson.insert(QStringLiteral("commands_failed"), floorFailures);
    // Everything the app asked kosa8 while the runs went on, its own refreshes included: each
    // is a fork of the app's process on its UI thread.
    QJsonObject asked;
    for (const QStringList& argv : during) {
        const QString command = argv.mid(0, 2).join(QLatin1Char(' '));
        asked.insert(command, asked.value(command).toInt() + 1);
    }
    return QJsonObject{
        {QStringLiteral("what"), QStringLiteral("rule-approved run requests, 1 client; floor: the kosa8 "
                                                "commands of one run spawned back to back")},
        {QStringLiteral("desk"), toJson(deskStats)},
        {QStringLiteral("kosa8_commands_floor"), floorJson},
        {QStringLiteral("kosa8_calls_during_runs"), asked},
        {QStringLiteral("ratio_p50_to_floor"),
         floorStats.p50Us > 0 ? deskStats.p50Us / floorStats.p50Us : 0.0},
        {QStringLiteral("ratio_p99_to_floor_p99"),
         floorStats.p99Us > 0 ? deskStats.p99Us / floorStats.p99Us : 0.0},
        {QStringLiteral("longest_ui_stall_ms"), stallMs < 0 ? QJsonValue() : stallMs},
        {QStringLiteral("longest_ui_stall_ms_idle_during_floor"),
         idleStallMs < 0 ? QJsonValue() : idleStallMs},
    };
}

// Runs every client count against a service whose ledger is in place.dataDir; null on failure.
QJsonObject measure(const LedgerPlace& place, const QString& socketDir, const QByteArray& echoPath,
                    const QList<int>& clientCounts, int requests, int rounds, const DeskOptions& deskOptions,
                    QString* error)
{
    QDir().mkpath(place.dataDir);
    writeRules(place.dataDir);
    // The real app: its own data folder beside the service's, the same rules, and a ping probe
    // on a connection of its own (its agent service answers on its UI thread).
    std::unique_ptr<k8::bench::DeskUnderTest> desk;
    std::unique_ptr<k8::bench::PingProbe> probe;
    if (!deskOptions.binary.isEmpty()) {
        desk = std::make_unique<k8::bench::DeskUnderTest>(deskOptions.binary, deskOptions.standin,
                                                          place.deskFolder, socketDir);
        QDir().mkpath(desk->dataDir());
        writeRules(desk->dataDir());
        if (!desk->start(error))
            return {};
        probe = std::make_unique<k8::bench::PingProbe>(desk->socketPath());
    }
    k8::agent::AgentSettings settings;
    settings.dataDir = place.dataDir;
    settings.socketPath = QDir(socketDir).filePath(QStringLiteral("agent.sock"));
    k8::agent::AgentService service;
    if (!service.start(settings, error))
        return {};

    // The heartbeat: a 1 ms timer on the service's thread; the longest gap between two ticks is
    // the longest time the event loop (the UI thread, in the app) could not react. For that gap
    // it also keeps how much of it the thread spent running, and how often it was switched out
    // by the scheduler (preempted) or gave the CPU up itself (waited: in poll, or blocked).
    QElapsedTimer sinceTick;
    qint64 longestGapNs = 0;
    ThreadTimes lastTick = threadTimes();
    ThreadTimes longestGapTimes;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    QObject::connect(&heartbeat, &QTimer::timeout, &heartbeat, [&] {
        const qint64 gap = sinceTick.nsecsElapsed();
        sinceTick.restart();
        const ThreadTimes now = threadTimes();
        if (gap > longestGapNs) {
            longestGapNs = gap;
            longestGapTimes = now - lastTick;
        }
        lastTick = now;
    });
    auto startHeartbeat = [&] {
        sinceTick.start();
        longestGapNs = 0;
        longestGapTimes = {};
        lastTick = threadTimes();
        heartbeat.start(1);
    };

    // The durable floors write their file next to the ledger, on the same file system.
    EchoServer perLine(
        Durability::PerLine,
        QFile::encodeName(QDir(place.dataDir).filePath(QStringLiteral("echo-per-line.jsonl"))));
    EchoServer perTurn(
        Durability::PerTurn,
        QFile::encodeName(QDir(place.dataDir).filePath(QStringLiteral("echo-per-turn.jsonl"))));
    const QByteArray perLinePath =
        QFile::encodeName(QDir(socketDir).filePath(QStringLiteral("echo-line.sock")));
    const QByteArray perTurnPath =
        QFile::encodeName(QDir(socketDir).filePath(QStringLiteral("echo-turn.sock")));
    if (!perLine.start(perLinePath) || !perTurn.start(perTurnPath)) {
        *error = QStringLiteral("cannot start the durable echo servers");
        return {};
    }

    const QByteArray servicePath = QFile::encodeName(service.socketPath());
    const k8::agent::Ledger& ledger = service.ledger();
    QJsonArray configurations;
    bool allWithin2x = true;
    bool allWithinDurable = true;
    bool allGapsUnder = true;
    bool allDeskTargets = true;
    for (int clients : clientCounts) {
        // The service and the floors take turns in `rounds` blocks, so that all of them see the
        // same moments of a shared disk and a shared CPU (on a loaded machine one fdatasync can
        // take 0.2 ms now and 5 ms a minute later).
        const int perClient = (requests + clients - 1) / clients;
        const int perBlock = qMax(1, (perClient + rounds - 1) / rounds);
        const int warmup = qMin(200, perBlock / 10 + 1);
        const qint64 flushesBefore = ledger.syncCount();
        const qint64 flushNsBefore = ledger.syncTotalNs();
        const qint64 lineSyncsBefore = perLine.syncCount();
        const qint64 lineSyncNsBefore = perLine.syncTotalNs();
        const qint64 turnSyncsBefore = perTurn.syncCount();
        const qint64 turnSyncNsBefore = perTurn.syncTotalNs();
        Sample serviceSample, echoSample, perLineSample, perTurnSample, deskSample;
        double deskStallMs = 0;
        double deskIdleStallMs = 0;
        bool deskProbeFailed = false;
        qint64 serviceGapNs = 0;
        qint64 idleGapNs = 0;
        ThreadTimes gapTimes;
        for (int round = 0; round < rounds; ++round) {
            startHeartbeat();
            serviceSample.add(runClients(servicePath, clients, perBlock, warmup, Method::Review, true));
            heartbeat.stop();
            if (longestGapNs > serviceGapNs) {
                serviceGapNs = longestGapNs;
                gapTimes = longestGapTimes;
            }
            if (desk) {
                deskProbeFailed = !probe->start() || deskProbeFailed;
                deskSample.add(
                    runClients(desk->socketPath(), clients, perBlock, warmup, Method::Review, true));
                const double stall = probe->stop();
                deskProbeFailed = deskProbeFailed || stall < 0;
                deskStallMs = qMax(deskStallMs, stall);
            }
            // The same heartbeat while this thread has nothing to do but wait (the floors run on
            // their own threads): the stalls the machine alone causes (other processes, the clients).
            // The app's probe too, while the app idles.
            startHeartbeat();
            if (probe)
                deskProbeFailed = !probe->start() || deskProbeFailed;
            echoSample.add(runClients(echoPath, clients, perBlock, warmup));
            perLineSample.add(runClients(perLinePath, clients, perBlock, warmup));
            perTurnSample.add(runClients(perTurnPath, clients, perBlock, warmup));
            heartbeat.stop();
            idleGapNs = qMax(idleGapNs, longestGapNs);
            if (probe) {
                const double stall = probe->stop();
                deskProbeFailed = deskProbeFailed || stall < 0;
                deskIdleStallMs = qMax(deskIdleStallMs, stall);
            }
        }
        const Stats serviceStats = statsOf(serviceSample);
        const Stats echoStats = statsOf(echoSample);
        const Stats perLineStats = statsOf(perLineSample);
        const Stats perTurnStats = statsOf(perTurnSample);
        const double gapMs = double(serviceGapNs) / 1e6;
        const double idleGapMs = double(idleGapNs) / 1e6;
        const qint64 flushes = ledger.syncCount() - flushesBefore;
        const double flushMeanUs =
            flushes > 0 ? double(ledger.syncTotalNs() - flushNsBefore) / double(flushes) / 1e3 : 0.0;
        const qint64 decisions = serviceSample.sent;
        const qint64 lineSyncs = perLine.syncCount() - lineSyncsBefore;
        const qint64 turnSyncs = perTurn.syncCount() - turnSyncsBefore;
        auto durableJson = [&](const Stats& stats, qint64 syncs, qint64 syncNs) {
            QJsonObject out = toJson(stats);
            out.insert(QStringLiteral("syncs"), syncs);
            out.insert(QStringLiteral("lines_per_sync"), syncs > 0 ? double(decisions) / double(syncs) : 0.0);
            out.insert(QStringLiteral("sync_mean_us"),
                       syncs > 0 ? double(syncNs) / double(syncs) / 1e3 : 0.0);
            return out;
        };
        const double ratioDurable = perTurnStats.p50Us > 0 ? serviceStats.p50Us / perTurnStats.p50Us : 0.0;
        const double ratioDurablePerLine =
            perLineStats.p50Us > 0 ? serviceStats.p50Us / perLineStats.p50Us : 0.0;
        const bool withinDurable =
            serviceStats.failures == 0 && ratioDurable > 0 && ratioDurable <= TargetRatioDurableP50;
        allWithinDurable = allWithinDurable && withinDurable;
        const double ratioP50 = echoStats.p50Us > 0 ? serviceStats.p50Us / echoStats.p50Us : 0.0;
        const bool within2x = serviceStats.failures == 0 && ratioP50 > 0 && ratioP50 <= TargetRatioP50;
        const bool gapUnder = gapMs <= TargetLongestGapMs;
        allWithin2x = allWithin2x && within2x;
        allGapsUnder = allGapsUnder && gapUnder;
        QJsonObject configuration{
            {QStringLiteral("clients"), clients},
            {QStringLiteral("service"), toJson(serviceStats)},
            {QStringLiteral("echo_floor"), toJson(echoStats)},
            {QStringLiteral("durable_floor_per_line"),
             durableJson(perLineStats, lineSyncs, perLine.syncTotalNs() - lineSyncNsBefore)},
            {QStringLiteral("durable_floor_per_turn"),
             durableJson(perTurnStats, turnSyncs, perTurn.syncTotalNs() - turnSyncNsBefore)},
            {QStringLiteral("ratio_p50_to_durable_per_turn"), ratioDurable},
            {QStringLiteral("ratio_p50_to_durable_per_line"), ratioDurablePerLine},
            {QStringLiteral("ratio_throughput_durable_per_turn_to_service"),
             serviceStats.perSecond > 0 ? perTurnStats.perSecond / serviceStats.perSecond : 0.0},
            {QStringLiteral("p50_within_1_5x_of_durable_floor"), withinDurable},
            {QStringLiteral("ratio_p50"), ratioP50},
            {QStringLiteral("ratio_p99"), echoStats.p99Us > 0 ? serviceStats.p99Us / echoStats.p99Us : 0.0},
            {QStringLiteral("longest_event_loop_gap_ms"), gapMs},
            {QStringLiteral("longest_gap_thread"),
             QJsonObject{{QStringLiteral("running_ms"), double(gapTimes.cpuNs) / 1e6},
                         {QStringLiteral("preempted_times"), gapTimes.involuntarySwitches},
                         {QStringLiteral("waited_times"), gapTimes.voluntarySwitches}}},
            {QStringLiteral("longest_idle_loop_gap_ms_during_floor"), idleGapMs},
            {QStringLiteral("ledger_flushes"), flushes},
            {QStringLiteral("decisions_per_flush"), flushes > 0 ? double(decisions) / double(flushes) : 0.0},
            {QStringLiteral("flush_mean_us"), flushMeanUs},
            {QStringLiteral("p50_within_2x_of_floor"), within2x},
            {QStringLiteral("event_loop_gap_under_50ms"), gapUnder},
        };
        if (desk) {
            const Stats deskStats = statsOf(deskSample);
            const DeskVerdict verdict =
                judgeDesk(deskStats, perTurnStats, echoStats, deskStallMs, deskProbeFailed, place.headline);
            allDeskTargets = allDeskTargets && verdict.met;
            QJsonObject out = toJson(deskStats);
            out.insert(QStringLiteral("ratio_p50_to_durable_per_turn"), verdict.p50ToDurable);
            out.insert(QStringLiteral("ratio_p99_to_durable_per_turn_p99"), verdict.p99ToDurable);
            out.insert(QStringLiteral("ratio_p50_to_echo"), verdict.p50ToEcho);
            out.insert(QStringLiteral("longest_ui_stall_ms"), deskProbeFailed ? QJsonValue() : deskStallMs);
            out.insert(QStringLiteral("longest_ui_stall_ms_idle_during_floors"),
                       deskProbeFailed ? QJsonValue() : deskIdleStallMs);
            out.insert(QStringLiteral("targets_met"), verdict.met);
            configuration.insert(QStringLiteral("desk"), out);
        }
        configurations.append(configuration);
    }
    QJsonObject runs;
    if (desk && deskOptions.runs > 0)
        runs = measureRuns(*desk, *probe, deskOptions.standin, deskOptions.runs);
    service.shutdown();
    if (desk)
        desk->stop();
    QJsonObject result{
        {QStringLiteral("label"), place.label},
        {QStringLiteral("headline"), place.headline},
        {QStringLiteral("ledger"), QDir(place.dataDir).filePath(QStringLiteral("ledger.jsonl"))},
        {QStringLiteral("filesystem"), fileSystemOf(place.dataDir)},
        {QStringLiteral("flush"),
         ledger.flushesOnOwnThread()
             ? QStringLiteral("on the ledger's thread (the UI thread never waits for the disk)")
             : QStringLiteral("inline (a memory file system: no I/O, cannot stall)")},
        {QStringLiteral("longest_single_flush_ms"), double(ledger.syncLongestNs()) / 1e6},
        {QStringLiteral("configurations"), configurations},
        {QStringLiteral("p50_within_2x_of_floor"), allWithin2x},
        {QStringLiteral("p50_within_1_5x_of_durable_floor"), allWithinDurable},
        {QStringLiteral("event_loop_gap_under_50ms"), allGapsUnder},
    };
    if (desk) {
        result.insert(QStringLiteral("desk_targets_met"), allDeskTargets);
        result.insert(QStringLiteral("desk_runs"), runs);
    }
    return result;
}

double loadAverage()
{
    double load[1] = {0};
    return ::getloadavg(load, 1) == 1 ? load[0] : -1;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    // stdout carries the JSON report only.
    spdlog::set_level(spdlog::level::warn);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Agent socket round-trip benchmark (prints JSON)"));
    parser.addHelpOption();
    const QCommandLineOption requestsOption(QStringLiteral("requests"),
                                            QStringLiteral("Requests per configuration (at least 10000 for "
                                                           "figures worth quoting)"),
                                            QStringLiteral("N"), QStringLiteral("10000"));
    const QCommandLineOption clientsOption(QStringLiteral("clients"),
                                           QStringLiteral("Concurrent clients, comma-separated"),
                                           QStringLiteral("LIST"), QStringLiteral("1,16"));
    const QCommandLineOption dataOption(
        QStringLiteral("data-dir"),
        QStringLiteral("Data folder for the headline run, on a real disk (default: a temporary folder "
                       "next to the app's data folder)"),
        QStringLiteral("DIR"));
    const QCommandLineOption tmpfsOption(QStringLiteral("tmpfs-dir"),
                                         QStringLiteral("A folder on a tmpfs for the second run ('none' to "
                                                        "skip it)"),
                                         QStringLiteral("DIR"), QStringLiteral("/dev/shm"));
    const QCommandLineOption roundsOption(QStringLiteral("rounds"),
                                          QStringLiteral("Blocks in which the service and the floors take "
                                                         "turns (default 5)"),
                                          QStringLiteral("N"), QStringLiteral("5"));
    const QCommandLineOption deskOption(
        QStringLiteral("desk"),
        QStringLiteral("The kosa8-desk binary measured beside the service ('none' for the service alone)"),
        QStringLiteral("PATH"), QStringLiteral(K8_BENCH_APP));
    const QCommandLineOption standinOption(QStringLiteral("standin"),
                                           QStringLiteral("The kosa8 stand-in the app runs as kosa8"),
                                           QStringLiteral("PATH"), QStringLiteral(K8_BENCH_STANDIN));
    const QCommandLineOption runsOption(QStringLiteral("runs"),
                                        QStringLiteral("Rule-approved runs through the app per ledger "
                                                       "place (default 100; 0: none)"),
                                        QStringLiteral("N"), QStringLiteral("100"));
    parser.addOptions({requestsOption, clientsOption, dataOption, tmpfsOption, roundsOption, deskOption,
                       standinOption, runsOption});
    parser.process(app);
    DeskOptions deskOptions;
    if (parser.value(deskOption) != QLatin1String("none")) {
        deskOptions.binary = parser.value(deskOption);
        deskOptions.standin = parser.value(standinOption);
        deskOptions.runs = qMax(0, parser.value(runsOption).toInt());
    }
    const int rounds = qMax(1, parser.value(roundsOption).toInt());
    const int requests = qMax(1, parser.value(requestsOption).toInt());
    QList<int> clientCounts;
    for (const QString& part : parser.value(clientsOption).split(QLatin1Char(','), Qt::SkipEmptyParts))
        clientCounts.append(qMax(1, part.toInt()));

    // The headline ledger sits where the app keeps its data (not /tmp, which is a tmpfs on many
    // systems), in a temporary folder removed afterwards.
    const QString dataRoot = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    QDir().mkpath(dataRoot);
    QTemporaryDir diskTemp(QDir(dataRoot).filePath(QStringLiteral("kosa8-desk-bench-XXXXXX")));
    QTemporaryDir socketTemp(QDir::tempPath() + QStringLiteral("/k8bench-XXXXXX"));
    if (!diskTemp.isValid() || !socketTemp.isValid()) {
        std::fprintf(stderr, "cannot create temporary folders under %s and %s\n", qPrintable(dataRoot),
                     qPrintable(QDir::tempPath()));
        return 1;
    }
    QList<LedgerPlace> places;
    places.append(
        {QStringLiteral("disk: ledger flushed to a real disk before each answer (headline)"),
         parser.isSet(dataOption) ? parser.value(dataOption) : diskTemp.filePath(QStringLiteral("data")),
         true, diskTemp.filePath(QStringLiteral("desk"))});
    std::unique_ptr<QTemporaryDir> tmpfsTemp;
    const QString tmpfsRoot = parser.value(tmpfsOption);
    if (tmpfsRoot != QLatin1String("none") && QDir(tmpfsRoot).exists()) {
        tmpfsTemp =
            std::make_unique<QTemporaryDir>(QDir(tmpfsRoot).filePath(QStringLiteral("k8bench-XXXXXX")));
        if (tmpfsTemp->isValid())
            places.append(
                {QStringLiteral("tmpfs: the same with the ledger in memory (flush nearly free): the "
                                "app's own overhead, not durable"),
                 tmpfsTemp->filePath(QStringLiteral("data")), false,
                 tmpfsTemp->filePath(QStringLiteral("desk"))});
    }

    EchoServer echo;
    const QByteArray echoPath = QFile::encodeName(socketTemp.filePath(QStringLiteral("echo.sock")));
    if (!echo.start(echoPath)) {
        std::fprintf(stderr, "cannot start the echo server\n");
        return 1;
    }

    const double loadBefore = loadAverage();
    QElapsedTimer wall;
    wall.start();
    QJsonArray ledgers;
    QJsonObject summary;
    for (const LedgerPlace& place : std::as_const(places)) {
        QString error;
        const QJsonObject result =
            measure(place, socketTemp.path(), echoPath, clientCounts, requests, rounds, deskOptions, &error);
        if (result.isEmpty()) {
            std::fprintf(stderr, "cannot start the agent service or the app: %s\n", qPrintable(error));
            return 1;
        }
        ledgers.append(result);
        const QString key = place.headline ? QStringLiteral("disk") : QStringLiteral("tmpfs");
        summary.insert(key + QStringLiteral("_p50_within_2x_of_floor"),
                       result.value(QStringLiteral("p50_within_2x_of_floor")));
        summary.insert(key + QStringLiteral("_p50_within_1_5x_of_durable_floor"),
                       result.value(QStringLiteral("p50_within_1_5x_of_durable_floor")));
        summary.insert(key + QStringLiteral("_event_loop_gap_under_50ms"),
                       result.value(QStringLiteral("event_loop_gap_under_50ms")));
        if (result.contains(QStringLiteral("desk_targets_met")))
            summary.insert(key + QStringLiteral("_desk_targets_met"),
                           result.value(QStringLiteral("desk_targets_met")));
    }

    const QJsonObject report{
        {QStringLiteral("benchmark"), QStringLiteral("agent_roundtrip")},
        {QStringLiteral("what"),
         QStringLiteral("review decided by a standing approve rule over the real socket, answer only after "
                        "the ledger flush; floor: poll() echo of the same lines")},
        {QStringLiteral("date"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
        {QStringLiteral("machine"), QJsonObject{{QStringLiteral("host_cpus"), QThread::idealThreadCount()},
                                                {QStringLiteral("kernel"), QSysInfo::kernelVersion()},
                                                {QStringLiteral("os"), QSysInfo::prettyProductName()},
                                                {QStringLiteral("load_average_1m_before"), loadBefore},
                                                {QStringLiteral("load_average_1m_after"), loadAverage()}}},
        {QStringLiteral("requests_per_configuration"), requests},
        {QStringLiteral("desk"), deskOptions.binary.isEmpty() ? QJsonValue() : deskOptions.binary},
        {QStringLiteral("rounds"), rounds},
        {QStringLiteral("heartbeat_interval_ms"), 1},
        {QStringLiteral("targets"),
         QJsonObject{
             {QStringLiteral("p50_ratio_to_floor_at_most"), TargetRatioP50},
             {QStringLiteral("p50_ratio_to_durable_floor_per_turn_at_most"), TargetRatioDurableP50},
             {QStringLiteral("longest_event_loop_gap_ms_at_most"), TargetLongestGapMs},
             {QStringLiteral("desk_p50_ratio_to_durable_floor_per_turn_at_most"), TargetDeskP50ToDurable},
             {QStringLiteral("desk_p99_ratio_to_durable_floor_per_turn_p99_at_most"),
              TargetDeskP99ToDurableP99},
             {QStringLiteral("desk_tmpfs_p50_ratio_to_echo_at_most"), TargetDeskTmpfsP50ToEcho},
             {QStringLiteral("desk_longest_ui_stall_ms_at_most"), TargetDeskStallMs}}},
        {QStringLiteral("summary"), summary},
        {QStringLiteral("ledgers"), ledgers},
        {QStringLiteral("wall_seconds"), double(wall.elapsed()) / 1e3},
    };
    std::fputs(QJsonDocument(report).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
