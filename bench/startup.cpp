// SPDX-License-Identifier: Apache-2.0
// Start-up time and idle memory of kosa8-desk against a bare QMainWindow (bench/bare_window.cpp,
// the floor), alternated run by run in the same session. Prints one JSON object.
//
//   bench_startup [--runs N] [--memory-runs N] [--platform offscreen|xvfb] [--settle-ms MS]
//
// Start-up: the time from just before the process is started until its first paint is over,
// as the process reports it (KOSA8DESK_REPORT_FIRST_PAINT=1, src/app/plumbing/StartupProbe.h:
// both programs use the same probe and quit right after it). The app's report also holds the
// time each phase of its start ended (main entered, QApplication, translations, ...), so the
// JSON says where the time goes (the medians over the runs), and the CPU time the process had
// used by its first paint (less disturbed by a busy machine than the wall clock). Target: the
// app's median within 1.3x the floor's.
//
// Idle memory: the app started with the kosa8 stand-in as kosa8 (tests/standin/kosa8) holding 6
// sandboxes, and an empty inbox; once it has painted, has run `sandbox ls` and has then idled for
// --settle-ms, its /proc/PID/smaps_rollup and /proc/PID/status are read (KOSA8DESK_REPORT_FIRST_PAINT
// =stay keeps it running), then it is ended with SIGTERM. The floor the same, without kosa8.
// Target: the app's RSS within 1.5x the floor's.
//
// Every run gets a fresh-looking home (HOME and XDG_* in a temporary folder, reused across runs,
// so the runs after the first find the files a previous start made, as a person's second start
// does); one start of each program before the measured runs is not counted.
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

long long nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

double loadAverage()
{
    double load[1] = {-1};
    return ::getloadavg(load, 1) == 1 ? load[0] : -1;
}

struct Program
{
    QString label;
    QString path;
    QStringList arguments;
};

struct Phase
{
    QString name;
    double msSinceSpawn = 0;
};

struct StartRun
{
    bool ok = false;
    double ms = 0;
    double cpuMs = 0;
    std::vector<Phase> phases;
    QString error;
};

// The probe's JSON line, times made relative to `spawnNs`.
bool parseReport(const QByteArray& output, long long spawnNs, StartRun* run)
{
    for (const QByteArray& line : output.split('\n')) {
        if (!line.startsWith("{\"first_paint_ns\""))
            continue;
        const QJsonObject report = QJsonDocument::fromJson(line).object();
        run->ms = double(report.value(QStringLiteral("first_paint_ns")).toInteger() - spawnNs) / 1e6;
        run->cpuMs = double(report.value(QStringLiteral("cpu_ns")).toInteger()) / 1e6;
        for (const QJsonValue& value : report.value(QStringLiteral("phases")).toArray()) {
            const QJsonObject phase = value.toObject();
            run->phases.push_back(
                Phase{phase.value(QStringLiteral("name")).toString(),
                      double(phase.value(QStringLiteral("ns")).toInteger() - spawnNs) / 1e6});
        }
        run->ok = true;
        return true;
    }
    return false;
}

StartRun startOnce(const Program& program, const QProcessEnvironment& environment, const QString& stderrFile)
{
    StartRun run;
    QProcess process;
    QProcessEnvironment env = environment;
    env.insert(QStringLiteral("KOSA8DESK_REPORT_FIRST_PAINT"), QStringLiteral("1"));
    process.setProcessEnvironment(env);
    process.setStandardErrorFile(stderrFile, QIODevice::Append);
    const long long spawnNs = nowNs();
    process.start(program.path, program.arguments);
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        run.error = QStringLiteral("%1 did not quit within 60 s").arg(program.label);
        return run;
    }
    if (!parseReport(process.readAllStandardOutput(), spawnNs, &run))
        run.error = QStringLiteral("%1 printed no first-paint report (exit %2)")
                        .arg(program.label)
                        .arg(process.exitCode());
    return run;
}

// How many `sandbox ls` calls the stand-in has seen (its calls.jsonl).
int sandboxListCalls(const QString& callsFile)
{
    QFile file(callsFile);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    int count = 0;
    while (!file.atEnd()) {
        const QJsonArray argv =
            QJsonDocument::fromJson(file.readLine()).object().value(QStringLiteral("argv")).toArray();
        if (argv.size() >= 2 && argv.at(0).toString() == QLatin1String("sandbox") &&
            argv.at(1).toString() == QLatin1String("ls"))
            ++count;
    }
    return count;
}

// "Key:   123 kB" lines of a /proc file, in kB.
QJsonObject procKilobytes(const QString& path, const QStringList& keys)
{
    QJsonObject values;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return values;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray& line : lines) {
        const int colon = line.indexOf(':');
        if (colon < 0)
            continue;
        const QString key = QString::fromLatin1(line.left(colon));
        if (!keys.contains(key))
            continue;
        const QList<QByteArray> parts = line.mid(colon + 1).simplified().split(' ');
        values.insert(key, parts.value(0).toLongLong());
    }
    return values;
}

struct MemoryRun
{
    bool ok = false;
    QJsonObject smaps;
    QJsonObject status;
    double sandboxListSeenMs = -1;
    QString error;
};

void sleepMs(int ms)
{
    QThread::msleep(ulong(ms));
}

MemoryRun idleMemoryOnce(const Program& program, const QProcessEnvironment& environment,
                         const QString& stderrFile, const QString& callsFile, int settleMs)
{
    MemoryRun run;
    QProcess process;
    QProcessEnvironment env = environment;
    env.insert(QStringLiteral("KOSA8DESK_REPORT_FIRST_PAINT"), QStringLiteral("stay"));
    process.setProcessEnvironment(env);
    process.setStandardErrorFile(stderrFile, QIODevice::Append);
    const int listsBefore = callsFile.isEmpty() ? 0 : sandboxListCalls(callsFile);
    QElapsedTimer clock;
    clock.start();
    process.start(program.path, program.arguments);
    process.waitForStarted(60000);
    QByteArray output;
    while (!output.contains("first_paint_ns") && clock.elapsed() < 60000 &&
           process.state() == QProcess::Running) {
        process.waitForReadyRead(1000);
        output += process.readAllStandardOutput();
    }
    if (!output.contains("first_paint_ns")) {
        run.error = QStringLiteral("%1 printed no first-paint report").arg(program.label);
    } else if (!callsFile.isEmpty()) {
        while (sandboxListCalls(callsFile) <= listsBefore && clock.elapsed() < 60000)
            sleepMs(50);
        if (sandboxListCalls(callsFile) <= listsBefore)
            run.error = QStringLiteral("%1 did not run `sandbox ls` within 60 s").arg(program.label);
        else
            run.sandboxListSeenMs = double(clock.elapsed());
    }
    if (run.error.isEmpty() && process.state() == QProcess::Running) {
        sleepMs(settleMs);
        const QString proc = QStringLiteral("/proc/%1/").arg(process.processId());
        run.smaps = procKilobytes(proc + QStringLiteral("smaps_rollup"),
                                  {QStringLiteral("Rss"), QStringLiteral("Pss"), QStringLiteral("Pss_Anon"),
                                   QStringLiteral("Pss_File"), QStringLiteral("Shared_Clean"),
                                   QStringLiteral("Private_Clean"), QStringLiteral("Private_Dirty"),
                                   QStringLiteral("Anonymous")});
        run.status =
            procKilobytes(proc + QStringLiteral("status"),
                          {QStringLiteral("VmRSS"), QStringLiteral("VmHWM"), QStringLiteral("RssAnon"),
                           QStringLiteral("RssFile"), QStringLiteral("RssShmem"), QStringLiteral("VmSize")});
        run.ok = run.smaps.contains(QStringLiteral("Rss"));
        if (!run.ok)
            run.error = QStringLiteral("%1: could not read %2").arg(program.label, proc);
    } else if (run.error.isEmpty()) {
        run.error = QStringLiteral("%1 ended before it was measured").arg(program.label);
    }
    process.terminate();
    if (!process.waitForFinished(15000)) {
        process.kill();
        process.waitForFinished();
    }
    return run;
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return -1;
    std::sort(values.begin(), values.end());
    // Nearest rank.
    const auto rank = std::size_t(std::ceil(p / 100.0 * double(values.size())));
    return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

double round2(double value)
{
    return std::round(value * 100.0) / 100.0;
}

QJsonObject distribution(const std::vector<double>& values)
{
    QJsonArray samples;
    for (double value : values)
        samples.append(round2(value));
    return QJsonObject{{QStringLiteral("median"), round2(percentile(values, 50))},
                       {QStringLiteral("p90"), round2(percentile(values, 90))},
                       {QStringLiteral("min"), round2(percentile(values, 0))},
                       {QStringLiteral("max"), round2(percentile(values, 100))},
                       {QStringLiteral("samples"), samples}};
}

// Per phase, the median time since the spawn at which it ended and the median time it took.
QJsonArray phaseMedians(const std::vector<StartRun>& runs)
{
    QJsonArray phases;
    if (runs.empty())
        return phases;
    const std::vector<Phase>& names = runs.front().phases;
    for (std::size_t i = 0; i < names.size(); ++i) {
        std::vector<double> ended;
        std::vector<double> took;
        for (const StartRun& run : runs) {
            if (run.phases.size() != names.size())
                continue;
            ended.push_back(run.phases[i].msSinceSpawn);
            took.push_back(run.phases[i].msSinceSpawn - (i ? run.phases[i - 1].msSinceSpawn : 0.0));
        }
        phases.append(QJsonObject{{QStringLiteral("phase"), names[i].name},
                                  {QStringLiteral("ended_ms_median"), round2(percentile(ended, 50))},
                                  {QStringLiteral("took_ms_median"), round2(percentile(took, 50))}});
    }
    return phases;
}

// Starts Xvfb on a free display; empty when it could not.
QString startXvfb(QProcess* xvfb)
{
    for (int display = 90 + int(QCoreApplication::applicationPid() % 40); display < 200; ++display) {
        const QString socket = QStringLiteral("/tmp/.X11-unix/X%1").arg(display);
        if (QFileInfo::exists(socket) || QFileInfo::exists(QStringLiteral("/tmp/.X%1-lock").arg(display)))
            continue;
        xvfb->start(QStringLiteral("Xvfb"),
                    {QStringLiteral(":%1").arg(display), QStringLiteral("-screen"), QStringLiteral("0"),
                     QStringLiteral("1920x1080x24"), QStringLiteral("-nolisten"), QStringLiteral("tcp")});
        if (!xvfb->waitForStarted(5000))
            return {};
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 10000 && xvfb->state() == QProcess::Running) {
            if (QFileInfo::exists(socket))
                return QStringLiteral(":%1").arg(display);
            sleepMs(50);
        }
        xvfb->kill();
        xvfb->waitForFinished();
    }
    return {};
}

bool runStandin(const QString& standin, const QProcessEnvironment& env, const QStringList& arguments)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(standin, arguments);
    return process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit &&
           process.exitCode() == 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Start-up time and idle memory of kosa8-desk against a bare QMainWindow."));
    parser.addHelpOption();
    const QCommandLineOption runsOption(QStringLiteral("runs"),
                                        QStringLiteral("Measured starts of each program (20)."),
                                        QStringLiteral("N"), QStringLiteral("20"));
    const QCommandLineOption memoryRunsOption(
        QStringLiteral("memory-runs"), QStringLiteral("Idle-memory runs of each program (5; 0: none)."),
        QStringLiteral("N"), QStringLiteral("5"));
    const QCommandLineOption platformOption(
        QStringLiteral("platform"), QStringLiteral("offscreen (default) or xvfb (starts its own Xvfb)."),
        QStringLiteral("NAME"), QStringLiteral("offscreen"));
    const QCommandLineOption settleOption(QStringLiteral("settle-ms"),
                                          QStringLiteral("Idle time before memory is read (3000)."),
                                          QStringLiteral("MS"), QStringLiteral("3000"));
    const QCommandLineOption appOption(QStringLiteral("app"), QStringLiteral("The kosa8-desk binary."),
                                       QStringLiteral("PATH"), QStringLiteral(K8_BENCH_APP));
    const QCommandLineOption floorOption(QStringLiteral("floor"), QStringLiteral("The floor binary."),
                                         QStringLiteral("PATH"), QStringLiteral(K8_BENCH_FLOOR));
    const QCommandLineOption kosa8Option(QStringLiteral("kosa8"), QStringLiteral("The kosa8 stand-in."),
                                         QStringLiteral("PATH"), QStringLiteral(K8_BENCH_STANDIN));
    parser.addOptions(
        {runsOption, memoryRunsOption, platformOption, settleOption, appOption, floorOption, kosa8Option});
    parser.process(app);
    const int runs = std::max(1, parser.value(runsOption).toInt());
    const int memoryRuns = std::max(0, parser.value(memoryRunsOption).toInt());
    const int settleMs = std::max(0, parser.value(settleOption).toInt());
    const QString platform = parser.value(platformOption);
    const QString standin = parser.value(kosa8Option);

    QTemporaryDir work;
    if (!work.isValid()) {
        std::fprintf(stderr, "bench_startup: no temporary folder\n");
        return 1;
    }
    const QString root = work.path();
    for (const char* sub : {"home", "config", "data", "cache", "runtime", "desk-data", "standin"})
        QDir(root).mkpath(QString::fromLatin1(sub));
    QFile::setPermissions(root + QStringLiteral("/runtime"),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), root + QStringLiteral("/home"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), root + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), root + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), root + QStringLiteral("/cache"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), root + QStringLiteral("/runtime"));
    env.insert(QStringLiteral("KOSA8_STANDIN_STATE"), root + QStringLiteral("/standin"));
    // The stand-in starts through /usr/bin/env python3: no version-manager shim first.
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin:") + env.value(QStringLiteral("PATH")));
    env.remove(QStringLiteral("KOSA8_DESK_SOCKET"));
    env.remove(QStringLiteral("KOSA8_DESK_KOSA8"));

    QProcess xvfb;
    QString display;
    if (platform == QLatin1String("xvfb")) {
        display = startXvfb(&xvfb);
        if (display.isEmpty()) {
            std::fprintf(stderr, "bench_startup: could not start Xvfb\n");
            return 1;
        }
        env.insert(QStringLiteral("DISPLAY"), display);
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
    } else {
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    }

    for (int i = 1; i <= 6; ++i) {
        if (!runStandin(
                standin, env,
                {QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box-%1").arg(i)})) {
            std::fprintf(stderr, "bench_startup: the stand-in could not create sandbox %d\n", i);
            return 1;
        }
    }

    const Program desk{QStringLiteral("kosa8-desk"),
                       parser.value(appOption),
                       {QStringLiteral("--data-dir"), root + QStringLiteral("/desk-data"),
                        QStringLiteral("--socket"), root + QStringLiteral("/runtime/agent.sock"),
                        QStringLiteral("--kosa8"), standin}};
    const Program floor{QStringLiteral("bare window"), parser.value(floorOption), {}};
    const QString stderrFile = root + QStringLiteral("/stderr.log");
    const QString callsFile = root + QStringLiteral("/standin/calls.jsonl");

    const double loadBefore = loadAverage();
    QStringList errors;
    // Not counted: the first start makes the data folder and settings, and loads the page cache.
    for (const Program* program : {&floor, &desk}) {
        const StartRun warmUp = startOnce(*program, env, stderrFile);
        if (!warmUp.ok)
            errors << QStringLiteral("warm-up: ") + warmUp.error;
    }

    std::vector<StartRun> deskRuns;
    std::vector<StartRun> floorRuns;
    std::vector<double> deskMs;
    std::vector<double> floorMs;
    std::vector<double> deskCpuMs;
    std::vector<double> floorCpuMs;
    for (int i = 0; i < runs; ++i) {
        // Alternated, and the order swapped each round, so a busy spell hits both.
        const bool floorFirst = i % 2 == 0;
        for (int k = 0; k < 2; ++k) {
            const bool isFloor = (k == 0) == floorFirst;
            const StartRun run = startOnce(isFloor ? floor : desk, env, stderrFile);
            if (!run.ok) {
                errors << run.error;
                continue;
            }
            (isFloor ? floorRuns : deskRuns).push_back(run);
            (isFloor ? floorMs : deskMs).push_back(run.ms);
            (isFloor ? floorCpuMs : deskCpuMs).push_back(run.cpuMs);
        }
    }
    const double deskMedian = percentile(deskMs, 50);
    const double floorMedian = percentile(floorMs, 50);
    const double startRatio = floorMedian > 0 ? deskMedian / floorMedian : -1;

    QJsonObject memory;
    if (memoryRuns > 0) {
        std::vector<double> deskRss, floorRss, deskPss, floorPss, deskAnon, floorAnon;
        QJsonArray deskDetails, floorDetails;
        for (int i = 0; i < memoryRuns; ++i) {
            const bool floorFirst = i % 2 == 0;
            for (int k = 0; k < 2; ++k) {
                const bool isFloor = (k == 0) == floorFirst;
                const MemoryRun run = isFloor ? idleMemoryOnce(floor, env, stderrFile, {}, settleMs)
                                              : idleMemoryOnce(desk, env, stderrFile, callsFile, settleMs);
                if (!run.ok) {
                    errors << run.error;
                    continue;
                }
                const auto kb = [&run](const char* key) {
                    return double(run.smaps.value(QLatin1String(key)).toInteger()) / 1024.0;
                };
                (isFloor ? floorRss : deskRss).push_back(kb("Rss"));
                (isFloor ? floorPss : deskPss).push_back(kb("Pss"));
                (isFloor ? floorAnon : deskAnon).push_back(kb("Anonymous"));
                QJsonObject detail{{QStringLiteral("smaps_rollup_kb"), run.smaps},
                                   {QStringLiteral("status_kb"), run.status}};
                if (!isFloor)
                    detail.insert(QStringLiteral("sandbox_ls_seen_ms"), run.sandboxListSeenMs);
                (isFloor ? floorDetails : deskDetails).append(detail);
            }
        }
        const double rssRatio =
            percentile(floorRss, 50) > 0 ? percentile(deskRss, 50) / percentile(floorRss, 50) : -1;
        const double pssRatio =
            percentile(floorPss, 50) > 0 ? percentile(deskPss, 50) / percentile(floorPss, 50) : -1;
        memory = QJsonObject{{QStringLiteral("settle_ms"), settleMs},
                             {QStringLiteral("sandboxes"), 6},
                             {QStringLiteral("app_rss_mb"), distribution(deskRss)},
                             {QStringLiteral("floor_rss_mb"), distribution(floorRss)},
                             {QStringLiteral("app_pss_mb"), distribution(deskPss)},
                             {QStringLiteral("floor_pss_mb"), distribution(floorPss)},
                             {QStringLiteral("app_anonymous_mb"), distribution(deskAnon)},
                             {QStringLiteral("floor_anonymous_mb"), distribution(floorAnon)},
                             {QStringLiteral("rss_ratio_median"), round2(rssRatio)},
                             {QStringLiteral("pss_ratio_median"), round2(pssRatio)},
                             {QStringLiteral("target_rss_ratio"), 1.5},
                             {QStringLiteral("target_met"), rssRatio > 0 && rssRatio <= 1.5},
                             {QStringLiteral("app_runs"), deskDetails},
                             {QStringLiteral("floor_runs"), floorDetails}};
    }

    if (xvfb.state() == QProcess::Running) {
        xvfb.terminate();
        if (!xvfb.waitForFinished(5000))
            xvfb.kill();
        xvfb.waitForFinished();
    }

    QJsonArray errorList;
    for (const QString& error : errors)
        errorList.append(error);
    const QJsonObject report{
        {QStringLiteral("bench"), QStringLiteral("startup")},
        {QStringLiteral("platform"),
         platform == QLatin1String("xvfb") ? QStringLiteral("xcb on Xvfb") : platform},
        {QStringLiteral("machine"), QSysInfo::prettyProductName() + QStringLiteral(", ") +
                                        QSysInfo::currentCpuArchitecture() +
                                        QStringLiteral(", %1 CPUs").arg(QThread::idealThreadCount())},
        {QStringLiteral("load_average_before"), loadBefore},
        {QStringLiteral("load_average_after"), loadAverage()},
        {QStringLiteral("runs"), runs},
        {QStringLiteral("startup"),
         QJsonObject{
             {QStringLiteral("app_ms"), distribution(deskMs)},
             {QStringLiteral("floor_ms"), distribution(floorMs)},
             {QStringLiteral("ratio_median"), round2(startRatio)},
             {QStringLiteral("ratio_p90"),
              round2(percentile(floorMs, 90) > 0 ? percentile(deskMs, 90) / percentile(floorMs, 90) : -1)},
             {QStringLiteral("app_cpu_ms"), distribution(deskCpuMs)},
             {QStringLiteral("floor_cpu_ms"), distribution(floorCpuMs)},
             {QStringLiteral("cpu_ratio_median"),
              round2(percentile(floorCpuMs, 50) > 0 ? percentile(deskCpuMs, 50) / percentile(floorCpuMs, 50)
                                                    : -1)},
             {QStringLiteral("target_ratio"), 1.3},
             {QStringLiteral("target_met"), startRatio > 0 && startRatio <= 1.3},
             {QStringLiteral("app_phases"), phaseMedians(deskRuns)},
             {QStringLiteral("floor_phases"), phaseMedians(floorRuns)}}},
        {QStringLiteral("idle_memory"), memory},
        {QStringLiteral("errors"), errorList}};
    std::fputs(QJsonDocument(report).toJson(QJsonDocument::Indented).constData(), stdout);
    return errors.isEmpty() ? 0 : 1;
}
