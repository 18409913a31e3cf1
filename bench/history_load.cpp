// SPDX-License-Identifier: Apache-2.0
// Loads N audit entries from a kosa8 executable through the history browser's own path: the app's
// Kosa8Runner (command profile audit.ls), the streaming parser on its worker thread, the compact
// store and the table model (AuditHistory, as the History page uses it). Prints one JSON object.
//
//   bench_history_load --kosa8 PATH [--entries N] [--format table|json|jsonl]
//
// With the stand-in (tests/standin/kosa8) the entries are its synthetic log:
// KOSA8_STANDIN_AUDIT_SYNTHETIC=N is set for the child. Another kosa8 ignores it and prints its own.
//
// Figures (issue 13's targets at 1,000,000 entries in brackets):
//   first_rows_ms  the command started -> the model's first rows          (< 200)
//   all_rows_ms    the command started -> every row in the model, sorted  (< 1.5 x floor_ms)
//   floor_ms       the same command, its stdout read to the end by a plain read() loop on a pipe,
//                  in the same run (the lower of one run before and one after the app's load)
//   filter_first_keystroke_ms  the first character typed into an empty filter: a pass over every
//                  row (nothing to narrow yet); median of --first-keystroke-runs repetitions per
//                  typed string (each after clearing the filter)     (issue 26: < 50)
//   filter_ms_p50, filter_ms_max  every keystroke of the typed strings, one at a time (no
//                  debounce): the filter set -> the model shows its result      (p50 < 100)
//   ui_busy_ms_max the longest single event (or setFilter() call) on the UI thread while filtering
//   peak_rss_mb    the process's peak resident memory (getrusage)            (< 400)
//
// The typed strings come from the loaded data (an entry in the middle of the store: its sandbox,
// actor, action and the first word of its detail with the word after it), so every keystroke
// leaves at least that entry in the table.
#include "history/AuditHistory.h"
#include "history/AuditStreamParser.h"
#include "history/AuditTableModel.h"
#include "kosa8/Kosa8Runner.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QThread>
#include <QTimer>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace k8::history;

namespace {

struct FloorRun
{
    qint64 ms = -1;
    qint64 bytes = 0;
};

// The floor: fork, exec the same argv with the same environment, read stdout to EOF in 1 MiB
// reads, wait for the child.
FloorRun plainPipeRead(const QString& program, const QStringList& arguments, const QProcessEnvironment& env)
{
    FloorRun run;
    int fds[2];
    if (::pipe(fds) != 0)
        return run;
    std::vector<QByteArray> argvBytes;
    argvBytes.push_back(program.toLocal8Bit());
    for (const QString& a : arguments)
        argvBytes.push_back(a.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& a : argvBytes)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<QByteArray> envBytes;
    for (const QString& kv : env.toStringList())
        envBytes.push_back(kv.toLocal8Bit());
    std::vector<char*> envp;
    for (QByteArray& e : envBytes)
        envp.push_back(e.data());
    envp.push_back(nullptr);

    QElapsedTimer clock;
    clock.start();
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(fds[1], 1);
        ::close(fds[0]);
        ::close(fds[1]);
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    ::close(fds[1]);
    std::vector<char> buffer(1 << 20);
    while (true) {
        const ssize_t got = ::read(fds[0], buffer.data(), buffer.size());
        if (got <= 0)
            break;
        run.bytes += got;
    }
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    run.ms = clock.elapsed();
    return run;
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return -1;
    std::sort(values.begin(), values.end());
    const size_t at = std::min(values.size() - 1, size_t(p * double(values.size() - 1) + 0.5));
    return values[at];
}

double peakRssMb()
{
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // Linux: kilobytes
}

bool waitFor(QObject* sender, const char* signal, int timeoutMs)
{
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(sender, signal, &loop, SLOT(quit()));
    timer.start(timeoutMs);
    loop.exec();
    return timer.isActive();
}

double median(std::vector<double> values)
{
    return percentile(std::move(values), 0.5);
}

double tenths(double ms)
{
    return qRound(ms * 10) / 10.0;
}

// Times every event the UI thread handles once watching starts: the longest is how long a window
// would have been frozen (the filter's result arriving, the model taking it).
class TimedApplication : public QCoreApplication
{
public:
    using QCoreApplication::QCoreApplication;

    bool notify(QObject* receiver, QEvent* event) override
    {
        if (!m_watching.load(std::memory_order_relaxed) || QThread::currentThread() != thread())
            return QCoreApplication::notify(receiver, event);
        QElapsedTimer clock;
        clock.start();
        const bool handled = QCoreApplication::notify(receiver, event);
        noteBusy(double(clock.nsecsElapsed()) / 1e6);
        return handled;
    }
    void watch() { m_watching.store(true, std::memory_order_relaxed); }
    // Work done on the UI thread outside an event (the bench's own setFilter() calls).
    void noteBusy(double ms) { m_busyMaxMs = std::max(m_busyMaxMs, ms); }
    double busyMaxMs() const { return m_busyMaxMs; }

private:
    std::atomic<bool> m_watching{false}; // read by every thread's events
    double m_busyMaxMs = 0;              // the UI thread's only
};

// Sets a filter the way the filter bar does and waits until the model shows its result.
struct Keystroke
{
    double ms = 0;
    qint64 rows = 0;
};

Keystroke applyFilter(AuditHistory& history, const AuditFilter& filter, TimedApplication& app)
{
    QElapsedTimer one;
    one.start();
    history.setFilter(filter);
    app.noteBusy(double(one.nsecsElapsed()) / 1e6);
    if (history.isFiltering())
        waitFor(&history, SIGNAL(filterApplied(qint64)), 60'000);
    return {double(one.nsecsElapsed()) / 1e6, history.model()->rowCount()};
}

// What a person would type to find one entry: taken from the store's row `index` (kosa8's log or
// the ledger, whichever is there), so that every prefix matches at least that row.
QStringList stringsToType(const AuditStore& store, qsizetype index)
{
    QStringList typed;
    if (index < 0 || index >= store.rowCount())
        return typed;
    const AuditRow& row = store.row(index);
    for (const NameColumn column : {NameColumn::Sandbox, NameColumn::Actor, NameColumn::Action}) {
        const QString name = store.name(column, row.names[int(column)]);
        if (!name.isEmpty())
            typed.append(name);
    }
    // The detail's first word of letters only ("step" in "image=python:3.12 step 7 exit 3") and
    // the word after it, as someone looking for one step would type.
    const QStringList words =
        QString::fromUtf8(store.text(row, TextField::Detail)).split(u' ', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < words.size(); ++i) {
        const bool letters =
            std::all_of(words[i].begin(), words[i].end(), [](QChar c) { return c.isLetter(); });
        if (letters && words[i].size() >= 3) {
            typed.append(i + 1 < words.size() ? words[i] + u' ' + words[i + 1] : words[i]);
            break;
        }
    }
    typed.removeDuplicates();
    return typed;
}

} // namespace

int main(int argc, char** argv)
{
    TimedApplication app(argc, argv);
    // stdout is for the JSON: the runner's warnings (a stand-in's leftover process) go to stderr.
    spdlog::set_default_logger(spdlog::stderr_logger_mt("bench_history_load"));
    spdlog::set_level(spdlog::level::warn);
    QCommandLineParser options;
    options.addHelpOption();
    options.addOption({QStringLiteral("kosa8"), QStringLiteral("The kosa8 executable (or a stand-in)."),
                       QStringLiteral("PATH")});
    options.addOption({QStringLiteral("entries"), QStringLiteral("Entries the stand-in prints."),
                       QStringLiteral("N"), QStringLiteral("1000000")});
    options.addOption({QStringLiteral("format"), QStringLiteral("table, json or jsonl (the stand-in's)."),
                       QStringLiteral("FORMAT"), QStringLiteral("table")});
    options.addOption(
        {QStringLiteral("first-keystroke-runs"),
         QStringLiteral("How often each string's first keystroke is typed into an empty filter."),
         QStringLiteral("N"), QStringLiteral("5")});
    options.addOption(
        {QStringLiteral("parse-file"),
         QStringLiteral("Only parse this saved `audit ls` output into a store, in 64 KiB pieces on this "
                        "thread, and print how long it took (the parser's own cost)."),
         QStringLiteral("FILE")});
    options.process(app);
    if (options.isSet(QStringLiteral("parse-file"))) {
        QFile file(options.value(QStringLiteral("parse-file")));
        if (!file.open(QIODevice::ReadOnly))
            return 2;
        const QByteArray data = file.readAll();
        AuditStore store;
        AuditStreamParser parser(&store);
        QElapsedTimer clock;
        clock.start();
        for (qsizetype at = 0; at < data.size(); at += 65536)
            parser.feed(QByteArrayView(data).sliced(at, qMin<qsizetype>(65536, data.size() - at)));
        parser.finish();
        const qint64 ms = clock.elapsed();
        std::printf("%s\n", QJsonDocument(QJsonObject{{QStringLiteral("parse_only_ms"), ms},
                                                      {QStringLiteral("entries"), qint64(store.rowCount())},
                                                      {QStringLiteral("bytes"), qint64(data.size())},
                                                      {QStringLiteral("store_mb"),
                                                       qRound(double(store.memoryBytes()) / 1048576.0)}})
                                .toJson(QJsonDocument::Compact)
                                .constData());
        return 0;
    }
    const QString kosa8 = QFileInfo(options.value(QStringLiteral("kosa8"))).absoluteFilePath();
    if (options.value(QStringLiteral("kosa8")).isEmpty() || !QFileInfo(kosa8).isExecutable()) {
        std::fprintf(stderr, "bench_history_load: give an executable with --kosa8 PATH\n");
        return 2;
    }
    const qint64 entries = options.value(QStringLiteral("entries")).toLongLong();
    const QString format = options.value(QStringLiteral("format"));
    const int firstKeystrokeRuns = std::max(1, options.value(QStringLiteral("first-keystroke-runs")).toInt());

    k8::kosa8::Kosa8Runner runner;
    k8::kosa8::ConnectionProfile connection;
    connection.executable = kosa8;
    connection.extraEnvironment.insert(QStringLiteral("KOSA8_STANDIN_AUDIT_SYNTHETIC"),
                                       QString::number(entries));
    connection.extraEnvironment.insert(QStringLiteral("KOSA8_STANDIN_FORMAT"), format);
    connection.extraEnvironment.insert(QStringLiteral("KOSA8_STANDIN_STATE"),
                                       QDir::tempPath() + QStringLiteral("/bench-history-standin"));
    if (QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        connection.extraEnvironment.insert(QStringLiteral("PATH"),
                                           QStringLiteral("/usr/bin:") + qEnvironmentVariable("PATH"));
    runner.setConnection(connection);
    QString error;
    const k8::kosa8::CommandLine command = runner.build(k8::kosa8::Operation::AuditList, {}, &error);
    const QProcessEnvironment env = connection.environment();

    const FloorRun floorBefore = plainPipeRead(kosa8, command.arguments, env);

    AuditHistory history(&runner);
    AuditTableModel* model = history.model();
    QElapsedTimer clock;
    qint64 firstRowsMs = -1;
    QObject::connect(model, &QAbstractItemModel::rowsInserted, [&] {
        if (firstRowsMs < 0)
            firstRowsMs = clock.elapsed();
    });
    QObject::connect(model, &QAbstractItemModel::modelReset, [&] {
        if (firstRowsMs < 0 && model->rowCount() > 0)
            firstRowsMs = clock.elapsed();
    });
    AuditLoadResult loadResult;
    bool loaded = false;
    QObject::connect(&history, &AuditHistory::loadFinished, [&](const AuditLoadResult& r) {
        loadResult = r;
        loaded = true;
    });
    clock.start();
    history.reload();
    while (!loaded)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    while (history.isFiltering())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    const qint64 allRowsMs = clock.elapsed();
    const qint64 rows = model->rowCount();
    const double rssAfterLoad = peakRssMb();

    // Typing, one keystroke at a time; each waits for its result (a person types slower than that).
    // The first keystroke of each string is typed into an empty filter several times (clearing it
    // in between): it is the one pass over every row, which later keystrokes narrow.
    const QStringList typed = stringsToType(*history.store(), history.store()->rowCount() / 2);
    app.watch();
    std::vector<double> filterMs; // every keystroke of every string, once
    std::vector<double> firstMs;  // every repetition of every first keystroke
    std::vector<double> clearMs;  // the filter emptied again: all rows back
    bool everyKeystrokeFoundRows = true;
    QJsonArray perString;
    for (const QString& text : typed) {
        AuditFilter first;
        first.text = text.left(1);
        QJsonArray firstRuns;
        Keystroke firstKeystroke;
        for (int run = 0; run < firstKeystrokeRuns; ++run) {
            clearMs.push_back(applyFilter(history, AuditFilter(), app).ms);
            firstKeystroke = applyFilter(history, first, app);
            firstMs.push_back(firstKeystroke.ms);
            firstRuns.append(tenths(firstKeystroke.ms));
        }
        // The last repetition is where typing goes on.
        filterMs.push_back(firstKeystroke.ms);
        QJsonArray keystrokes{QJsonObject{{QStringLiteral("text"), first.text},
                                          {QStringLiteral("ms"), tenths(firstKeystroke.ms)},
                                          {QStringLiteral("rows"), firstKeystroke.rows}}};
        everyKeystrokeFoundRows = everyKeystrokeFoundRows && firstKeystroke.rows > 0;
        for (qsizetype n = 2; n <= text.size(); ++n) {
            AuditFilter filter;
            filter.text = text.left(n);
            const Keystroke keystroke = applyFilter(history, filter, app);
            filterMs.push_back(keystroke.ms);
            everyKeystrokeFoundRows = everyKeystrokeFoundRows && keystroke.rows > 0;
            keystrokes.append(QJsonObject{{QStringLiteral("text"), filter.text},
                                          {QStringLiteral("ms"), tenths(keystroke.ms)},
                                          {QStringLiteral("rows"), keystroke.rows}});
        }
        perString.append(QJsonObject{
            {QStringLiteral("typed"), text},
            {QStringLiteral("first_keystroke_runs_ms"), firstRuns},
            {QStringLiteral("first_keystroke_ms"),
             tenths(median(std::vector<double>(firstMs.end() - firstKeystrokeRuns, firstMs.end())))},
            {QStringLiteral("keystrokes"), keystrokes}});
    }
    // The filter bar's other fields: the actor and sandbox boxes set to the picked entry's, from
    // an empty filter.
    if (history.store()->rowCount() > 0) {
        clearMs.push_back(applyFilter(history, AuditFilter(), app).ms);
        AuditFilter filter;
        const AuditRow& picked = history.store()->row(history.store()->rowCount() / 2);
        filter.actor = history.store()->name(NameColumn::Actor, picked.names[int(NameColumn::Actor)]);
        filter.sandbox = history.store()->name(NameColumn::Sandbox, picked.names[int(NameColumn::Sandbox)]);
        const Keystroke boxes = applyFilter(history, filter, app);
        filterMs.push_back(boxes.ms);
        perString.append(QJsonObject{{QStringLiteral("actor"), filter.actor},
                                     {QStringLiteral("sandbox"), filter.sandbox},
                                     {QStringLiteral("ms"), tenths(boxes.ms)},
                                     {QStringLiteral("rows"), boxes.rows}});
    }

    const FloorRun floorAfter = plainPipeRead(kosa8, command.arguments, env);
    const qint64 floorMs = std::min(floorBefore.ms, floorAfter.ms);
    const double p50 = percentile(filterMs, 0.5);
    const double maxMs = filterMs.empty() ? -1 : *std::max_element(filterMs.begin(), filterMs.end());
    const double firstKeystrokeMs = median(firstMs);
    const double firstKeystrokeMaxMs =
        firstMs.empty() ? -1 : *std::max_element(firstMs.begin(), firstMs.end());
    const double peak = peakRssMb();

    double load[3] = {-1, -1, -1};
    if (::getloadavg(load, 3) < 0)
        load[0] = -1;

    QJsonObject out{
        {QStringLiteral("bench"), QStringLiteral("history_load")},
        {QStringLiteral("kosa8"), kosa8},
        {QStringLiteral("command"), runner.preview(k8::kosa8::Operation::AuditList, {})},
        {QStringLiteral("format"), format},
        {QStringLiteral("entries"), rows},
        {QStringLiteral("entries_asked"), entries},
        {QStringLiteral("unparsed_lines"), loadResult.problems},
        {QStringLiteral("exit_code"), loadResult.job.exitCode},
        {QStringLiteral("first_rows_ms"), firstRowsMs},
        {QStringLiteral("all_rows_ms"), allRowsMs},
        {QStringLiteral("floor_ms"), floorMs},
        {QStringLiteral("floor_ms_before"), floorBefore.ms},
        {QStringLiteral("floor_ms_after"), floorAfter.ms},
        {QStringLiteral("floor_bytes"), floorBefore.bytes},
        {QStringLiteral("all_rows_over_floor"),
         floorMs > 0 ? qRound(100.0 * double(allRowsMs) / double(floorMs)) / 100.0 : -1},
        {QStringLiteral("filter_first_keystroke_ms"), tenths(firstKeystrokeMs)},
        {QStringLiteral("filter_first_keystroke_ms_max"), tenths(firstKeystrokeMaxMs)},
        {QStringLiteral("filter_first_keystroke_runs"), qint64(firstMs.size())},
        {QStringLiteral("filter_clear_ms"), tenths(median(clearMs))},
        {QStringLiteral("filter_ms_p50"), tenths(p50)},
        {QStringLiteral("filter_ms_max"), tenths(maxMs)},
        {QStringLiteral("filter_keystrokes"), qint64(filterMs.size())},
        {QStringLiteral("filter_typed"), QJsonArray::fromStringList(typed)},
        {QStringLiteral("ui_busy_ms_max"), tenths(app.busyMaxMs())},
        {QStringLiteral("peak_rss_mb"), qRound(peak)},
        {QStringLiteral("rss_mb_after_load"), qRound(rssAfterLoad)},
        {QStringLiteral("store_mb"), qRound(double(history.store()->memoryBytes()) / (1024.0 * 1024.0))},
        {QStringLiteral("targets"),
         QJsonObject{{QStringLiteral("first_rows_under_200_ms"), firstRowsMs >= 0 && firstRowsMs < 200},
                     {QStringLiteral("all_rows_within_1_5x_floor"),
                      floorMs > 0 && double(allRowsMs) <= 1.5 * double(floorMs)},
                     {QStringLiteral("filter_p50_under_100_ms"), p50 >= 0 && p50 < 100},
                     {QStringLiteral("filter_first_keystroke_under_50_ms"),
                      firstKeystrokeMs >= 0 && firstKeystrokeMs < 50},
                     {QStringLiteral("every_keystroke_found_rows"), everyKeystrokeFoundRows},
                     {QStringLiteral("peak_under_400_mb"), peak < 400}}},
        {QStringLiteral("filters"), perString},
        {QStringLiteral("machine"),
         QJsonObject{{QStringLiteral("cpus"), QThread::idealThreadCount()},
                     {QStringLiteral("load_average_1m"), qRound(load[0] * 100) / 100.0},
                     {QStringLiteral("os"), QSysInfo::prettyProductName()},
                     {QStringLiteral("qt"), QString::fromLatin1(qVersion())}}},
    };
    std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Indented).constData());
    return 0;
}
