// SPDX-License-Identifier: Apache-2.0
// The largest `review` and `run` the limits allow, sent to the real kosa8-desk (offscreen) over
// the real agent socket (issue 24, finding 2). Prints one JSON object.
//
//   bench_large_requests [--runs N] [--cases review,run] [--timeout-s S]
//
// Per run: a fresh app (its own data folder and socket, the kosa8 stand-in as kosa8 with one
// sandbox), then one request, which the inbox shows as it arrives and which its timeout_s answers
// (a rejection in its shape). A second connection pings every 10 ms while it waits: the agent
// service runs on the app's UI thread, so the longest round trip is the longest time the window
// could not react (the UI stall). Read from /proc/PID/status: the resident memory before the
// request (VmRSS), the peak (VmHWM), and the resident memory once the request has ended and
// settled (the lowest VmRSS in the 3 s after the answer).
//
// Floors, measured in the same run:
//  - idle stall: the same heartbeat against the same app for 2 s before the request, while it
//    idles (what the machine alone causes);
//  - parse: the request's line parsed by QJsonDocument in this process (the memory it takes, as a
//    multiple of the line, and how long it takes): the least any Qt reader of the request pays.
// Medians over the runs (and min/max). Targets: peak memory over before under 20x the request's
// size, no UI stall over 50 ms, memory back near before after the request.
#include "support/AgentTestClient.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

using k8::test::AgentTestClient;

namespace {

constexpr int PingEveryMs = 10;

qint64 statusKiB(qint64 pid, const char* field)
{
    QFile file(pid > 0 ? QStringLiteral("/proc/%1/status").arg(pid) : QStringLiteral("/proc/self/status"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

double loadAverage()
{
    double load[1] = {-1};
    return ::getloadavg(load, 1) == 1 ? load[0] : -1;
}

// Runs the event loop for `ms`, or until `done` says so (checked every 10 ms).
template <typename Done> void spin(int ms, Done done)
{
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    QTimer check;
    check.setInterval(10);
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done() || clock.elapsed() >= ms)
            loop.quit();
    });
    check.start();
    loop.exec();
}

// Pings one at a time every PingEveryMs; keeps the longest round trip.
class Heartbeat : public QObject
{
public:
    explicit Heartbeat(AgentTestClient* client)
        : m_client(client)
    {
        m_timer.setInterval(PingEveryMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            if (m_waiting)
                return;
            m_waiting = true;
            m_id = m_client->request(QStringLiteral("ping"));
            m_clock.start();
        });
        connect(m_client, &AgentTestClient::responseReceived, this, [this](const QJsonValue& id) {
            if (!m_waiting || AgentTestClient::idKey(id) != AgentTestClient::idKey(m_id))
                return;
            m_waiting = false;
            m_longest = qMax(m_longest, m_clock.elapsed());
        });
    }
    void start()
    {
        m_longest = 0;
        m_timer.start();
    }
    qint64 stop()
    {
        m_timer.stop();
        if (m_waiting)
            m_longest = qMax(m_longest, m_clock.elapsed());
        return m_longest;
    }

private:
    AgentTestClient* m_client;
    QTimer m_timer;
    QElapsedTimer m_clock;
    QJsonValue m_id;
    bool m_waiting = false;
    qint64 m_longest = 0;
};

QByteArray reviewLine(int timeoutS)
{
    const QByteArray head = R"({"jsonrpc":"2.0","id":"big","method":"review","params":{"agent":"bench",)"
                            R"("timeout_s":)" +
                            QByteArray::number(timeoutS) + R"(,"payload":[)";
    const QByteArray tail = "1]}}\n";
    const qsizetype limit = 8 * 1024 * 1024 - 1024;
    return head + QByteArray("1,").repeated((limit - head.size() - tail.size()) / 2) + tail;
}

QByteArray runLine(int timeoutS)
{
    const QJsonObject message{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), QStringLiteral("big")},
        {QStringLiteral("method"), QStringLiteral("run")},
        {QStringLiteral("params"),
         QJsonObject{{QStringLiteral("code"), QStringLiteral("x=1\n").repeated(1024 * 1024)},
                     {QStringLiteral("sandbox"), QStringLiteral("code-runner")},
                     {QStringLiteral("agent"), QStringLiteral("bench")},
                     {QStringLiteral("timeout_s"), timeoutS}}}};
    return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
}

struct Sample
{
    double idleStallMs = 0;
    double stallMs = 0;
    double answerMs = 0;
    double beforeKiB = 0;
    double peakKiB = 0;
    double afterKiB = 0;
    bool answered = false;
};

// One fresh app, one request.
Sample measure(const QString& binary, const QString& standin, const QByteArray& line)
{
    Sample sample;
    QTemporaryDir dir;
    QDir().mkpath(dir.filePath(QStringLiteral("sock")));
    QFile::setPermissions(dir.filePath(QStringLiteral("sock")),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), dir.filePath(QStringLiteral("state")));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    {
        QProcess create;
        create.setProcessEnvironment(environment);
        create.start(standin,
                     {QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")});
        create.waitForFinished(30000);
    }
    const QString socket = dir.filePath(QStringLiteral("sock/agent.sock"));
    QProcess desk;
    desk.setProcessEnvironment(environment);
    desk.setStandardOutputFile(dir.filePath(QStringLiteral("desk.log")));
    desk.setStandardErrorFile(dir.filePath(QStringLiteral("desk.log")), QIODevice::Append);
    desk.start(binary, {QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("--kosa8"),
                        standin, QStringLiteral("--data-dir"), dir.filePath(QStringLiteral("data")),
                        QStringLiteral("--socket"), socket});
    desk.waitForStarted(30000);
    const qint64 pid = desk.processId();

    AgentTestClient agent;
    AgentTestClient pinger;
    for (AgentTestClient* client : {&agent, &pinger}) {
        QElapsedTimer clock;
        clock.start();
        while (!client->isConnected() && clock.elapsed() < 60000 && desk.state() == QProcess::Running) {
            client->connectTo(socket);
            spin(100, [client] { return client->isConnected(); });
        }
    }
    if (!agent.isConnected() || !pinger.isConnected()) {
        std::fprintf(stderr, "bench_large_requests: the app did not listen\n");
        return sample;
    }
    pinger.waitForResult(pinger.request(QStringLiteral("ping")), 30000);
    agent.waitForResult(agent.request(QStringLiteral("ping")), 30000);

    Heartbeat heartbeat(&pinger);
    heartbeat.start();
    spin(2000, [] { return false; });
    sample.idleStallMs = double(heartbeat.stop());
    sample.beforeKiB = double(statusKiB(pid, "VmRSS"));

    const QJsonValue id(QStringLiteral("big"));
    QElapsedTimer clock;
    clock.start();
    heartbeat.start();
    agent.sendRaw(line);
    spin(600000, [&] { return agent.hasResponse(id) || !agent.isConnected(); });
    sample.answered = agent.hasResponse(id);
    sample.answerMs = double(clock.elapsed());
    sample.peakKiB = double(statusKiB(pid, "VmHWM"));
    // The lowest resident size in the 3 s after the answer (the heartbeat goes on).
    qint64 lowest = statusKiB(pid, "VmRSS");
    spin(3000, [&] {
        lowest = qMin(lowest, statusKiB(pid, "VmRSS"));
        return false;
    });
    sample.stallMs = double(heartbeat.stop());
    sample.afterKiB = double(lowest);
    desk.terminate();
    if (!desk.waitForFinished(30000))
        desk.kill();
    return sample;
}

struct ParseFloor
{
    double kiB = 0;
    double ms = 0;
};

// The line parsed as the app's first step does, in this process.
ParseFloor parseFloor(const QByteArray& line)
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
    const qint64 before = statusKiB(0, "VmRSS");
    QElapsedTimer clock;
    clock.start();
    QJsonDocument document = QJsonDocument::fromJson(line);
    ParseFloor floor;
    floor.ms = double(clock.nsecsElapsed()) / 1e6;
    floor.kiB = double(statusKiB(0, "VmRSS") - before);
    document = QJsonDocument();
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
    return floor;
}

QJsonObject stats(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    if (values.empty())
        return {};
    const double median = values.size() % 2 ? values[values.size() / 2]
                                            : (values[values.size() / 2 - 1] + values[values.size() / 2]) / 2;
    return QJsonObject{{QStringLiteral("median"), qRound(median * 10) / 10.0},
                       {QStringLiteral("min"), qRound(values.front() * 10) / 10.0},
                       {QStringLiteral("max"), qRound(values.back() * 10) / 10.0}};
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("The largest review and run against the real kosa8-desk."));
    parser.addHelpOption();
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs per case (3)."),
                                        QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption casesOption(QStringLiteral("cases"), QStringLiteral("review,run"),
                                         QStringLiteral("LIST"), QStringLiteral("review,run"));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout-s"),
                                           QStringLiteral("The request's timeout_s (4)."),
                                           QStringLiteral("S"), QStringLiteral("4"));
    const QCommandLineOption appOption(QStringLiteral("app"), QStringLiteral("The kosa8-desk to drive."),
                                       QStringLiteral("PATH"), QStringLiteral(K8_BENCH_APP));
    parser.addOptions({runsOption, casesOption, timeoutOption, appOption});
    parser.process(app);
    const int runs = qMax(1, parser.value(runsOption).toInt());
    const int timeoutS = qMax(1, parser.value(timeoutOption).toInt());
    const QString binary = parser.value(appOption);
    const QString standin = QStringLiteral(K8_BENCH_STANDIN);

    QJsonObject report{{QStringLiteral("bench"), QStringLiteral("large_requests")},
                       {QStringLiteral("app"), binary},
                       {QStringLiteral("runs"), runs},
                       {QStringLiteral("load_average_at_start"), loadAverage()}};
    QJsonObject summary;
    for (const QString& name : parser.value(casesOption).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QByteArray line = name == u"run" ? runLine(timeoutS) : reviewLine(timeoutS);
        const double lineKiB = double(line.size()) / 1024.0;
        std::vector<double> idle, stall, answer, before, peak, after, peakRatio, afterOver, parseRatio,
            parseMs;
        int answered = 0;
        for (int run = 0; run < runs; ++run) {
            const ParseFloor floor = parseFloor(line);
            parseRatio.push_back(floor.kiB / lineKiB);
            parseMs.push_back(floor.ms);
            const Sample sample = measure(binary, standin, line);
            answered += sample.answered;
            idle.push_back(sample.idleStallMs);
            stall.push_back(sample.stallMs);
            answer.push_back(sample.answerMs);
            before.push_back(sample.beforeKiB);
            peak.push_back(sample.peakKiB);
            after.push_back(sample.afterKiB);
            peakRatio.push_back((sample.peakKiB - sample.beforeKiB) / lineKiB);
            afterOver.push_back(sample.afterKiB - sample.beforeKiB);
            std::fprintf(stderr,
                         "%s run %d: stall %.0f ms (idle %.0f), answered %s after %.0f ms, RSS %.0f -> peak "
                         "%.0f (%.1fx) -> after %.0f KiB\n",
                         qPrintable(name), run + 1, sample.stallMs, sample.idleStallMs,
                         sample.answered ? "yes" : "NO", sample.answerMs, sample.beforeKiB, sample.peakKiB,
                         peakRatio.back(), sample.afterKiB);
        }
        const double peakRatioMedian = stats(peakRatio).value(QStringLiteral("median")).toDouble();
        const double stallMedian = stats(stall).value(QStringLiteral("median")).toDouble();
        const double afterMedian = stats(afterOver).value(QStringLiteral("median")).toDouble();
        report.insert(name, QJsonObject{{QStringLiteral("line_kib"), qRound(lineKiB)},
                                        {QStringLiteral("answered"), answered},
                                        {QStringLiteral("rss_before_kib"), stats(before)},
                                        {QStringLiteral("peak_kib"), stats(peak)},
                                        {QStringLiteral("peak_over_before_per_line_byte"), stats(peakRatio)},
                                        {QStringLiteral("rss_after_kib"), stats(after)},
                                        {QStringLiteral("rss_after_over_before_kib"), stats(afterOver)},
                                        {QStringLiteral("longest_ui_stall_ms"), stats(stall)},
                                        {QStringLiteral("answer_ms"), stats(answer)},
                                        {QStringLiteral("floor_idle_stall_ms"), stats(idle)},
                                        {QStringLiteral("floor_parse_per_line_byte"), stats(parseRatio)},
                                        {QStringLiteral("floor_parse_ms"), stats(parseMs)}});
        summary.insert(name,
                       QJsonObject{{QStringLiteral("peak_under_20x"), peakRatioMedian < 20},
                                   {QStringLiteral("stall_under_50_ms"), stallMedian < 50},
                                   {QStringLiteral("memory_back_within_24_mib"), afterMedian < 24 * 1024},
                                   {QStringLiteral("all_answered"), answered == runs}});
    }
    report.insert(QStringLiteral("load_average_at_end"), loadAverage());
    report.insert(QStringLiteral("summary"), summary);
    std::fputs(QJsonDocument(report).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
