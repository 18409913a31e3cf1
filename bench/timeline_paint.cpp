// SPDX-License-Identifier: Apache-2.0
// Builds and paints a checkpoint timeline of 1,000 checkpoints and 5,000 runs (plus snapshots and
// forks) offscreen and prints JSON: the time to first paint, and per scroll and zoom step the p50
// and max of the time from the step to the end of its paint. Target: every step under 16 ms.
//
//   bench_timeline_paint [--checkpoints N] [--runs N] [--steps N] [--width PX] [--height PX]

#include "timeline/TimelineBuilder.h"
#include "timeline/TimelineModel.h"
#include "timeline/TimelineView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScrollBar>
#include <QSysInfo>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>

namespace {

class PaintCounter : public QObject
{
public:
    int paints = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(watched, event);
    }
};

// CPU time of this thread: a step's own cost, without the time the machine gave to others (the
// machine is shared; wall-clock maxima include preemption).
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

k8::timeline::TimelineInput makeInput(int checkpoints, int runs)
{
    using namespace k8;
    timeline::TimelineInput input;
    input.sandbox = QStringLiteral("code-runner");
    input.baseLabel = QStringLiteral("clean");
    const QDateTime start(QDate(2026, 11, 1), QTime(8, 0), Qt::UTC);
    // A checkpoint every 40 minutes on average, irregularly, so gaps hit both clamps.
    qint64 t = 0;
    const int runsPerCheckpoint = std::max(1, runs / std::max(1, checkpoints));
    int runsMade = 0;
    for (int i = 0; i < checkpoints; ++i) {
        t += 60 + (i * 7919) % 4800;
        kosa8::Checkpoint c;
        c.label = i == 0 ? QStringLiteral("clean") : QStringLiteral("before-%1-20261101T080000Z-%1").arg(i);
        c.id = QStringLiteral("ckpt-%1").arg(i, 12, 16, QLatin1Char('0'));
        c.created = start.addSecs(t);
        c.createdText = c.created.toString(Qt::ISODate);
        c.size = QStringLiteral("%1MB").arg(40 + (i * 37) % 560);
        c.current = i == checkpoints - 40;
        input.checkpoints.append(c);
        for (int r = 0; r < runsPerCheckpoint && runsMade < runs; ++r, ++runsMade) {
            timeline::RunRecord run;
            run.sandbox = input.sandbox;
            run.requestId = QString::number(runsMade + 1);
            run.agent = runsMade % 3 == 0 ? QStringLiteral("langgraph-coder") : QStringLiteral("analyst");
            run.title = QStringLiteral("run %1").arg(runsMade + 1);
            run.decision = k8::agent::DecisionKind::Approve;
            run.decidedBy = runsMade % 4 == 0 ? QStringLiteral("person") : QStringLiteral("rule:tests");
            run.time = c.created.addSecs(r * 3);
            run.checkpointLabel = r == 0 ? c.label : QString();
            run.hasResult = runsMade % 10 != 9;
            run.ran = true;
            run.exitCode = runsMade % 7 == 0 ? 1 : 0;
            input.runs.append(run);
        }
        if (i % 20 == 10) {
            kosa8::Snapshot s;
            s.id = QStringLiteral("snap-%1").arg(i, 4, 10, QLatin1Char('0'));
            s.created = c.created.addSecs(30);
            s.createdText = s.created.toString(Qt::ISODate);
            s.size = QStringLiteral("2.%1GB").arg(i % 10);
            input.snapshots.append(s);
        }
        if (i % 200 == 100) {
            timeline::ForkRecord fork;
            fork.time = c.created.addSecs(40);
            fork.sandbox = input.sandbox;
            fork.fromCheckpoint = c.label;
            fork.forkedSandboxes = {QStringLiteral("code-runner-fork%1").arg(i)};
            input.forks.append(fork);
        }
    }
    return input;
}

QJsonObject stats(QList<double> ms)
{
    std::sort(ms.begin(), ms.end());
    const double p50 = ms.isEmpty() ? 0 : ms[ms.size() / 2];
    const double p99 = ms.isEmpty() ? 0 : ms[std::min<qsizetype>(ms.size() - 1, qsizetype(ms.size() * 0.99))];
    const double max = ms.isEmpty() ? 0 : ms.last();
    return QJsonObject{{QStringLiteral("steps"), int(ms.size())},
                       {QStringLiteral("p50_ms"), p50},
                       {QStringLiteral("p99_ms"), p99},
                       {QStringLiteral("max_ms"), max},
                       {QStringLiteral("under_16ms"), max < 16.0}};
}

int intArg(const QStringList& args, const QString& name, int fallback)
{
    const int i = int(args.indexOf(name));
    return i >= 0 && i + 1 < args.size() ? args[i + 1].toInt() : fallback;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.contains(QStringLiteral("--help"))) {
        std::puts("bench_timeline_paint [--checkpoints 1000] [--runs 5000] [--steps 300] [--width 1280] "
                  "[--height 360]");
        return 0;
    }
    const int checkpoints = intArg(args, QStringLiteral("--checkpoints"), 1000);
    const int runs = intArg(args, QStringLiteral("--runs"), 5000);
    const int steps = intArg(args, QStringLiteral("--steps"), 300);
    const int width = intArg(args, QStringLiteral("--width"), 1280);
    const int height = intArg(args, QStringLiteral("--height"), 360);

    const k8::timeline::TimelineInput input = makeInput(checkpoints, runs);
    k8::timeline::TimelineModel model;
    k8::app::TimelineView view;
    PaintCounter counter;
    view.viewport()->installEventFilter(&counter);
    view.resize(width, height);
    view.setModel(&model);
    view.show();
    QCoreApplication::processEvents();

    // First paint: merge, model, layout and one full paint of the viewport.
    QElapsedTimer clock;
    clock.start();
    const k8::timeline::TimelineBuild build = k8::timeline::TimelineBuilder::build(input);
    const double buildMs = double(clock.nsecsElapsed()) / 1e6;
    model.setBuild(input.sandbox, build);
    const double modelMs = double(clock.nsecsElapsed()) / 1e6;
    view.viewport()->repaint();
    const double firstPaintMs = double(clock.nsecsElapsed()) / 1e6;
    const int paintsBefore = counter.paints;

    QList<double> cpuMs; // per step, all kinds, in the order measured
    auto timed = [&](const std::function<void()>& step) {
        QElapsedTimer t;
        const double cpu0 = threadCpuMs();
        t.start();
        step();
        view.viewport()->repaint();
        const double wall = double(t.nsecsElapsed()) / 1e6;
        cpuMs.append(threadCpuMs() - cpu0);
        return wall;
    };

    // Scroll: a tenth of a page per step, across the whole timeline and back, plus page jumps.
    QScrollBar* bar = view.horizontalScrollBar();
    bar->setValue(0);
    QList<double> scrollMs;
    const int stride = std::max(1, bar->maximum() / std::max(1, steps));
    for (int i = 0; i < steps; ++i)
        scrollMs.append(timed([&] { bar->setValue(std::min(bar->maximum(), i * stride)); }));
    for (int i = 0; i < steps / 3; ++i)
        scrollMs.append(timed([&] { bar->setValue(bar->value() - bar->pageStep() / 10); }));

    const QList<double> scrollCpu = cpuMs;
    cpuMs.clear();
    // Zoom: in and out through the whole range around a selected item in the middle.
    view.setCurrentRow(model.rowCount() / 2);
    QList<double> zoomMs;
    for (int round = 0; round < std::max(1, steps / 60); ++round) {
        for (int i = 0; i < 15; ++i)
            zoomMs.append(timed([&] { view.zoomBy(1.25); }));
        for (int i = 0; i < 30; ++i)
            zoomMs.append(timed([&] { view.zoomBy(0.8); }));
        for (int i = 0; i < 15; ++i)
            zoomMs.append(timed([&] { view.zoomBy(1.25); }));
    }
    const QList<double> zoomCpu = cpuMs;
    cpuMs.clear();
    // Keyboard: the arrow key moves the selection (and scrolls to it).
    QList<double> keyMs;
    for (int i = 0; i < steps; ++i)
        keyMs.append(timed([&] { view.setCurrentRow(view.currentRow() + 1); }));

    const int measuredPaints = counter.paints - paintsBefore;
    const int expectedPaints = int(scrollMs.size() + zoomMs.size() + keyMs.size());
    const QList<double> keyCpu = cpuMs;
    const QJsonObject scroll = stats(scrollMs);
    const QJsonObject zoom = stats(zoomMs);
    const QJsonObject keys = stats(keyMs);
    const QJsonObject scrollCpuStats = stats(scrollCpu);
    const QJsonObject zoomCpuStats = stats(zoomCpu);
    const QJsonObject keyCpuStats = stats(keyCpu);
    const QJsonObject out{
        {QStringLiteral("benchmark"), QStringLiteral("timeline_paint")},
        {QStringLiteral("qt"), QString::fromLatin1(qVersion())},
        {QStringLiteral("platform"), QGuiApplication::platformName()},
        {QStringLiteral("cpu"), QSysInfo::currentCpuArchitecture()},
        {QStringLiteral("viewport"),
         QStringLiteral("%1x%2").arg(view.viewport()->width()).arg(view.viewport()->height())},
        {QStringLiteral("items"), QJsonObject{{QStringLiteral("checkpoints"), int(input.checkpoints.size())},
                                              {QStringLiteral("runs"), int(input.runs.size())},
                                              {QStringLiteral("snapshots"), int(input.snapshots.size())},
                                              {QStringLiteral("forks"), int(input.forks.size())},
                                              {QStringLiteral("rows"), model.rowCount()}}},
        {QStringLiteral("content_width_px"), view.contentWidth()},
        {QStringLiteral("first_paint_ms"), firstPaintMs},
        {QStringLiteral("first_paint_parts_ms"),
         QJsonObject{{QStringLiteral("merge"), buildMs},
                     {QStringLiteral("model_and_layout"), modelMs - buildMs},
                     {QStringLiteral("paint"), firstPaintMs - modelMs}}},
        {QStringLiteral("scroll_step"), scroll},
        {QStringLiteral("zoom_step"), zoom},
        {QStringLiteral("keyboard_step"), keys},
        {QStringLiteral("thread_cpu_per_step"), QJsonObject{{QStringLiteral("scroll"), scrollCpuStats},
                                                            {QStringLiteral("zoom"), zoomCpuStats},
                                                            {QStringLiteral("keyboard"), keyCpuStats}}},
        {QStringLiteral("paints_seen"), measuredPaints},
        {QStringLiteral("paints_expected"), expectedPaints},
        {QStringLiteral("summary"),
         QJsonObject{{QStringLiteral("every_step_under_16ms"),
                      scroll.value(QStringLiteral("under_16ms")).toBool() &&
                          zoom.value(QStringLiteral("under_16ms")).toBool() &&
                          keys.value(QStringLiteral("under_16ms")).toBool()},
                     {QStringLiteral("every_step_under_16ms_thread_cpu"),
                      scrollCpuStats.value(QStringLiteral("under_16ms")).toBool() &&
                          zoomCpuStats.value(QStringLiteral("under_16ms")).toBool() &&
                          keyCpuStats.value(QStringLiteral("under_16ms")).toBool()},
                     {QStringLiteral("every_step_painted"), measuredPaints >= expectedPaints}}},
    };
    QTextStream(stdout) << QJsonDocument(out).toJson(QJsonDocument::Indented);
    return 0;
}
