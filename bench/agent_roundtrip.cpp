// Round trip of `review` requests decided by a standing rule, through the real AgentService on a
// real Unix socket (ledger fsync included), against a minimal Unix-socket echo of the same lines.
// Also reports the longest stall of the service's event loop, seen by a 1 ms heartbeat timer.
//
//   bench_agent_roundtrip [--requests N] [--clients 1,16] [--data-dir DIR]
//
// Prints one JSON object. Clients are plain blocking sockets on their own threads, one request
// in flight each (closed loop), so the service thread only does the service's work.
#include "agent/AgentService.h"
#include "agent/PayloadShapes.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

const QString kCode = QStringLiteral("import pandas as pd\nprint(pd.read_csv('data.csv').describe())");

int connectUnix(const QByteArray& path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address = {};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

bool writeAll(int fd, const char* data, size_t size)
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

// Reads until one '\n' has arrived; keeps what follows it in `buffer`.
bool readLine(int fd, std::string& buffer)
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

QByteArray requestLine(int client, int index)
{
    const QJsonObject params{{QStringLiteral("payload"),
                              QJsonObject{{QStringLiteral("question"), QStringLiteral("Summarise the data?")},
                                          {QStringLiteral("code"), kCode}}},
                             {QStringLiteral("agent"), QStringLiteral("bench-%1").arg(client)},
                             {QStringLiteral("title"), QStringLiteral("Summary")}};
    const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), client * 1'000'000 + index},
                              {QStringLiteral("method"), QStringLiteral("review")},
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

// Runs `clients` closed-loop clients of `perClient` requests each against `socketPath`, keeping
// the calling thread's event loop running (the service lives on it).
Stats runClients(const QByteArray& socketPath, int clients, int perClient, int warmup)
{
    std::vector<std::vector<double>> latencies(static_cast<size_t>(clients));
    std::atomic<int> finished{0};
    std::atomic<qint64> failures{0};
    std::vector<std::thread> threads;
    const auto started = Clock::now();
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            const int fd = connectUnix(socketPath);
            if (fd < 0) {
                failures += perClient;
                ++finished;
                return;
            }
            std::string buffer;
            std::vector<double>& mine = latencies[size_t(c)];
            mine.reserve(size_t(perClient));
            for (int i = 0; i < warmup + perClient; ++i) {
                const QByteArray line = requestLine(c, i);
                const auto t0 = Clock::now();
                if (!writeAll(fd, line.constData(), size_t(line.size())) || !readLine(fd, buffer)) {
                    failures += warmup + perClient - i;
                    break;
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

    std::vector<double> all;
    for (const auto& some : latencies)
        all.insert(all.end(), some.begin(), some.end());
    Stats stats;
    stats.failures = failures.load();
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
    stats.perSecond = double(all.size()) / seconds;
    return stats;
}

// The floor: a poll() loop on its own thread that writes every line straight back.
class EchoServer
{
public:
    bool start(const QByteArray& path)
    {
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
    }

private:
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
                    writeAll(fds[i].fd, buffer.data(), lastNewline + 1);
                    buffer.erase(0, lastNewline + 1);
                }
            }
        }
        for (size_t i = 2; i < fds.size(); ++i)
            ::close(fds[i].fd);
    }

    int m_listener = -1;
    int m_stopPipe[2] = {-1, -1};
    std::thread m_thread;
};

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
                                            QStringLiteral("Requests per configuration"), QStringLiteral("N"),
                                            QStringLiteral("10000"));
    const QCommandLineOption clientsOption(QStringLiteral("clients"),
                                           QStringLiteral("Concurrent clients, comma-separated"),
                                           QStringLiteral("LIST"), QStringLiteral("1,16"));
    const QCommandLineOption dataOption(QStringLiteral("data-dir"),
                                        QStringLiteral("Where the ledger goes (default: a temporary folder)"),
                                        QStringLiteral("DIR"));
    parser.addOptions({requestsOption, clientsOption, dataOption});
    parser.process(app);
    const int requests = qMax(1, parser.value(requestsOption).toInt());
    QList<int> clientCounts;
    for (const QString& part : parser.value(clientsOption).split(QLatin1Char(','), Qt::SkipEmptyParts))
        clientCounts.append(qMax(1, part.toInt()));

    QTemporaryDir temp(QDir::tempPath() + QStringLiteral("/k8bench-XXXXXX"));
    const QString dataDir =
        parser.isSet(dataOption) ? parser.value(dataOption) : temp.filePath(QStringLiteral("data"));
    QDir().mkpath(dataDir);
    {
        QFile rules(QDir(dataDir).filePath(QStringLiteral("rules.json")));
        rules.open(QIODevice::WriteOnly | QIODevice::Truncate);
        rules.write(
            QJsonDocument(
                QJsonObject{{QStringLiteral("rules"),
                             QJsonArray{QJsonObject{
                                 {QStringLiteral("name"), QStringLiteral("bench")},
                                 {QStringLiteral("decision"), QStringLiteral("approve")},
                                 {QStringLiteral("code_sha256"), k8::agent::sha256Hex(kCode.toUtf8())}}}}})
                .toJson());
    }

    k8::agent::AgentSettings settings;
    settings.dataDir = dataDir;
    settings.socketPath = temp.filePath(QStringLiteral("s/agent.sock"));
    k8::agent::AgentService service;
    QString error;
    if (!service.start(settings, &error)) {
        std::fprintf(stderr, "cannot start the agent service: %s\n", qPrintable(error));
        return 1;
    }
    EchoServer echo;
    const QByteArray echoPath = QFile::encodeName(temp.filePath(QStringLiteral("s/echo.sock")));
    if (!echo.start(echoPath)) {
        std::fprintf(stderr, "cannot start the echo server\n");
        return 1;
    }

    // The heartbeat: a 1 ms timer on the service's thread; the longest gap between two ticks is
    // the longest time the event loop (the UI thread, in the app) could not react.
    QElapsedTimer sinceTick;
    qint64 longestGapNs = 0;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    QObject::connect(&heartbeat, &QTimer::timeout, &heartbeat, [&] {
        longestGapNs = qMax(longestGapNs, sinceTick.nsecsElapsed());
        sinceTick.restart();
    });

    const QByteArray servicePath = QFile::encodeName(service.socketPath());
    QJsonArray configurations;
    for (int clients : std::as_const(clientCounts)) {
        const int perClient = (requests + clients - 1) / clients;
        const int warmup = qMin(200, perClient / 10 + 1);
        sinceTick.start();
        longestGapNs = 0;
        heartbeat.start(1);
        const Stats serviceStats = runClients(servicePath, clients, perClient, warmup);
        heartbeat.stop();
        const double stallMs = double(longestGapNs) / 1e6;
        const Stats echoStats = runClients(echoPath, clients, perClient, warmup);
        configurations.append(QJsonObject{
            {QStringLiteral("clients"), clients},
            {QStringLiteral("service"), toJson(serviceStats)},
            {QStringLiteral("echo_floor"), toJson(echoStats)},
            {QStringLiteral("ratio_p50"), echoStats.p50Us > 0 ? serviceStats.p50Us / echoStats.p50Us : 0.0},
            {QStringLiteral("ratio_p99"), echoStats.p99Us > 0 ? serviceStats.p99Us / echoStats.p99Us : 0.0},
            {QStringLiteral("longest_event_loop_gap_ms"), stallMs},
        });
    }

    const QJsonObject report{
        {QStringLiteral("benchmark"), QStringLiteral("agent_roundtrip")},
        {QStringLiteral("what"),
         QStringLiteral("review decided by a standing approve rule, ledger fsync included; "
                        "floor: poll() echo of the same lines")},
        {QStringLiteral("ledger"), QDir(dataDir).filePath(QStringLiteral("ledger.jsonl"))},
        {QStringLiteral("heartbeat_interval_ms"), 1},
        {QStringLiteral("configurations"), configurations},
    };
    std::fputs(QJsonDocument(report).toJson(QJsonDocument::Indented).constData(), stdout);
    service.shutdown();
    return 0;
}
