// SPDX-License-Identifier: Apache-2.0
#include "plumbing/StartupProbe.h"

#include <QCoreApplication>
#include <QEvent>
#include <QMetaObject>
#include <QObject>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace k8::app::startupprobe {

namespace {

enum class Mode
{
    Off,
    ReportAndQuit,
    ReportAndStay
};

Mode mode()
{
    static const Mode value = [] {
        const char* setting = std::getenv("KOSA8DESK_REPORT_FIRST_PAINT");
        if (!setting || !*setting)
            return Mode::Off;
        return std::strcmp(setting, "stay") == 0 ? Mode::ReportAndStay : Mode::ReportAndQuit;
    }();
    return value;
}

struct Phase
{
    const char* name;
    long long ns;
};

std::vector<Phase>& phases()
{
    static std::vector<Phase> list;
    return list;
}

long long nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void report()
{
    mark("first_paint");
    // The process's own CPU time so far (every thread, the dynamic loader included): on a busy
    // machine the wall-clock time also holds the time other processes had the CPU.
    timespec cpu{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
    std::printf("{\"first_paint_ns\": %lld, \"cpu_ns\": %lld, \"phases\": [", phases().back().ns,
                static_cast<long long>(cpu.tv_sec) * 1000000000LL + cpu.tv_nsec);
    for (std::size_t i = 0; i < phases().size(); ++i)
        std::printf("%s{\"name\": \"%s\", \"ns\": %lld}", i ? ", " : "", phases()[i].name, phases()[i].ns);
    std::printf("]}\n");
    std::fflush(stdout);
    if (mode() == Mode::ReportAndQuit)
        QCoreApplication::exit(0);
}

// Sees every event of the application until the first paint, then removes itself.
class FirstPaintFilter : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && watched->isWidgetType()) {
            QCoreApplication::instance()->removeEventFilter(this);
            mark("first_paint_event");
            // Queued: the rest of this paint and the flush to the platform happen first.
            QMetaObject::invokeMethod(
                this,
                [this] {
                    report();
                    deleteLater();
                },
                Qt::QueuedConnection);
        }
        return false;
    }
};

} // namespace

bool enabled()
{
    return mode() != Mode::Off;
}

void mark(const char* phase)
{
    if (enabled())
        phases().push_back(Phase{phase, nowNs()});
}

void watchFirstPaint()
{
    if (!enabled() || !QCoreApplication::instance())
        return;
    QCoreApplication::instance()->installEventFilter(new FirstPaintFilter(QCoreApplication::instance()));
}

} // namespace k8::app::startupprobe
