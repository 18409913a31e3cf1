// SPDX-License-Identifier: Apache-2.0
// bench_highlight_large: a 10,000-line Python file set into the code editor, offscreen, with
// KSyntaxHighlighting. Prints JSON: how long the UI thread was blocked at a stretch while the file
// was set and coloured (gaps between ticks of a 1 ms heartbeat timer, with the thread's CPU time
// in each gap, so preemption by other processes on a shared machine can be told apart), and the
// total time until every line is coloured. For comparison, the time KSyntaxHighlighting's own
// SyntaxHighlighter (a QSyntaxHighlighter, which colours the whole document at once) blocks for
// the same text. Target: no stretch over 16 ms (one frame at 60 Hz).

#include "editor/CodeEditor.h"
#include "editor/CodeHighlighter.h"
#include "editor/SyntaxRepository.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QTextDocument>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace {

double threadCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

// A Python file of the given length that looks like real code: classes, methods, docstrings,
// comments, strings with escapes, f-strings, numbers, decorators, multi-line brackets.
QString pythonFile(int lines)
{
    QStringList out;
    out << QStringLiteral("#!/usr/bin/env python3")
        << QStringLiteral("\"\"\"Generated module for the bench.\"\"\"") << QStringLiteral("import os")
        << QStringLiteral("import sys") << QStringLiteral("from pathlib import Path") << QString();
    for (int i = 0; out.size() < lines; ++i) {
        out << QStringLiteral("@dataclass(frozen=True)") << QStringLiteral("class Record%1:").arg(i)
            << QStringLiteral("    \"\"\"A record (number %1) with a multi-line").arg(i)
            << QStringLiteral("    docstring that spans # several lines.\"\"\"") << QString()
            << QStringLiteral("    name: str = 'record-%1'").arg(i)
            << QStringLiteral("    size: int = %1").arg(i * 7) << QString()
            << QStringLiteral("    def describe(self, prefix: str = \"\\t>\") -> str:")
            << QStringLiteral("        # combine the fields into one line")
            << QStringLiteral("        values = [self.name, str(self.size), hex(%1), 3.5e-2]").arg(i)
            << QStringLiteral("        mapping = {") << QStringLiteral("            'a': 1,")
            << QStringLiteral("            'b': [x ** 2 for x in range(%1) if x %% 3 == 0],").arg(i % 50)
            << QStringLiteral("        }") << QStringLiteral("        if not values or len(mapping) > 10:")
            << QStringLiteral("            raise ValueError(f\"bad record {self.name!r}: {len(values)}\")")
            << QStringLiteral("        return prefix + \", \".join(values)  # done") << QString();
    }
    out.resize(lines);
    return out.join(QLatin1Char('\n'));
}

struct Gap
{
    double wallMs = 0;
    double cpuMs = 0;
};

// Ticks every millisecond and records the gaps between ticks.
class Heartbeat
{
public:
    Heartbeat()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(1);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
    }
    void start()
    {
        m_gaps.clear();
        m_clock.start();
        m_lastWall = 0;
        m_lastCpu = threadCpuMs();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    // The current gap as well (when the stretch being measured has just ended).
    void tick()
    {
        const double wall = double(m_clock.nsecsElapsed()) / 1e6;
        const double cpu = threadCpuMs();
        m_gaps.push_back({wall - m_lastWall, cpu - m_lastCpu});
        m_lastWall = wall;
        m_lastCpu = cpu;
    }
    // Gaps recorded so far (to split them into before and after a point).
    size_t count() const { return m_gaps.size(); }
    Gap longestWall(size_t from = 0) const
    {
        Gap best;
        for (size_t i = from; i < m_gaps.size(); ++i)
            if (m_gaps[i].wallMs > best.wallMs)
                best = m_gaps[i];
        return best;
    }
    double longestCpuMs() const
    {
        double best = 0;
        for (const Gap& gap : m_gaps)
            best = std::max(best, gap.cpuMs);
        return best;
    }
    int overMs(double limit) const
    {
        return int(std::count_if(m_gaps.begin(), m_gaps.end(),
                                 [limit](const Gap& gap) { return gap.wallMs > limit; }));
    }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_lastWall = 0;
    double m_lastCpu = 0;
    std::vector<Gap> m_gaps;
};

void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

QJsonObject oneRun(const QString& code, bool dark)
{
    k8::app::CodeEditor editor;
    editor.resize(1000, 700);
    if (dark) {
        QPalette palette = editor.palette();
        palette.setColor(QPalette::Base, QColor(0x1e1e1e));
        palette.setColor(QPalette::Text, QColor(0xdddddd));
        editor.setPalette(palette);
    }
    editor.show();
    spin(200); // exposed, first paint done
    editor.setLanguage(QStringLiteral("python"));

    Heartbeat heartbeat;
    // Control: the same heartbeat with the thread idle (what the machine alone causes).
    heartbeat.start();
    spin(500);
    heartbeat.stop();
    const Gap idle = heartbeat.longestWall();

    QEventLoop done;
    QObject::connect(editor.highlighter(), &k8::app::CodeHighlighter::highlightingDone, &done,
                     &QEventLoop::quit);
    heartbeat.start();
    spin(20);
    QElapsedTimer total;
    total.start();
    const double cpuBefore = threadCpuMs();
    editor.setPlainText(code);
    const double setTextMs = double(total.nsecsElapsed()) / 1e6;
    const double setTextCpuMs = threadCpuMs() - cpuBefore;
    // Closes the gap that holds setPlainText(): what follows are the highlighter's slices (and
    // the painting between them).
    heartbeat.tick();
    const size_t slicesFrom = heartbeat.count();
    if (!editor.highlighter()->isDone())
        done.exec();
    const double totalMs = double(total.nsecsElapsed()) / 1e6;
    heartbeat.tick();
    spin(20);
    heartbeat.stop();
    const Gap longest = heartbeat.longestWall();
    const Gap longestSlice = heartbeat.longestWall(slicesFrom);

    QJsonObject run;
    run.insert(QStringLiteral("theme"), dark ? QStringLiteral("dark") : QStringLiteral("light"));
    run.insert(QStringLiteral("set_text_ms"), setTextMs);
    run.insert(QStringLiteral("set_text_cpu_ms"), setTextCpuMs);
    run.insert(QStringLiteral("total_ms"), totalMs);
    run.insert(QStringLiteral("longest_stretch_ms"), longest.wallMs);
    run.insert(QStringLiteral("longest_stretch_cpu_ms"), longest.cpuMs);
    run.insert(QStringLiteral("longest_busy_stretch_cpu_ms"), heartbeat.longestCpuMs());
    run.insert(QStringLiteral("longest_stretch_after_set_text_ms"), longestSlice.wallMs);
    run.insert(QStringLiteral("longest_stretch_after_set_text_cpu_ms"), longestSlice.cpuMs);
    run.insert(QStringLiteral("stretches_over_16ms"), heartbeat.overMs(16));
    run.insert(QStringLiteral("longest_idle_gap_ms"), idle.wallMs);
    return run;
}

// Qt's own share: a bare QPlainTextEdit of the same size, shown, given the same text (no
// highlighter, no line numbers).
// Thread CPU time, so that other processes on the machine do not count.
double bareSetPlainTextCpuMs(const QString& code)
{
    QPlainTextEdit edit;
    edit.setLineWrapMode(QPlainTextEdit::NoWrap);
    edit.resize(1000, 700);
    edit.show();
    spin(100);
    const double before = threadCpuMs();
    edit.setPlainText(code);
    return threadCpuMs() - before;
}

// Of that, building the document alone (no view, no layout).
double documentSetPlainTextCpuMs(const QString& code)
{
    QTextDocument document;
    const double before = threadCpuMs();
    document.setPlainText(code);
    return threadCpuMs() - before;
}

// KSyntaxHighlighting's own QSyntaxHighlighter-based highlighter, for comparison: it colours the
// whole document inside one call.
double synchronousSyntaxHighlighterMs(const QString& code)
{
    QTextDocument document;
    document.setPlainText(code);
    KSyntaxHighlighting::SyntaxHighlighter highlighter;
    highlighter.setTheme(
        k8::app::syntaxRepository().defaultTheme(KSyntaxHighlighting::Repository::LightTheme));
    highlighter.setDefinition(k8::app::definitionForLanguage(QStringLiteral("python")));
    highlighter.setDocument(&document);
    QElapsedTimer clock;
    clock.start();
    highlighter.rehighlight();
    return double(clock.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Sets a large Python file into the code editor; prints JSON."));
    parser.addHelpOption();
    QCommandLineOption linesOption(QStringLiteral("lines"), QStringLiteral("Lines in the file (10000)."),
                                   QStringLiteral("N"), QStringLiteral("10000"));
    QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs per theme (3)."),
                                  QStringLiteral("N"), QStringLiteral("3"));
    parser.addOption(linesOption);
    parser.addOption(runsOption);
    parser.process(app);
    const int lines = qMax(1, parser.value(linesOption).toInt());
    const int runs = qMax(1, parser.value(runsOption).toInt());

    const QString code = pythonFile(lines);
    k8::app::syntaxRepository(); // loaded once at start-up in the app too, not per file

    QJsonArray results;
    double worstStretch = 0;
    double worstBusy = 0;
    double worstTotal = 0;
    double worstSlice = 0;
    for (int i = 0; i < runs; ++i) {
        for (const bool dark : {false, true}) {
            const QJsonObject run = oneRun(code, dark);
            worstStretch = std::max(worstStretch, run.value(QStringLiteral("longest_stretch_ms")).toDouble());
            worstBusy =
                std::max(worstBusy, run.value(QStringLiteral("longest_busy_stretch_cpu_ms")).toDouble());
            worstTotal = std::max(worstTotal, run.value(QStringLiteral("total_ms")).toDouble());
            worstSlice = std::max(worstSlice,
                                  run.value(QStringLiteral("longest_stretch_after_set_text_ms")).toDouble());
            results.append(run);
        }
    }
    QJsonArray synchronous;
    QJsonArray bare;
    QJsonArray documentOnly;
    for (int i = 0; i < runs; ++i) {
        synchronous.append(synchronousSyntaxHighlighterMs(code));
        bare.append(bareSetPlainTextCpuMs(code));
        documentOnly.append(documentSetPlainTextCpuMs(code));
    }

    QJsonObject report;
    report.insert(QStringLiteral("bench"), QStringLiteral("highlight_large"));
    report.insert(QStringLiteral("lines"), lines);
    report.insert(QStringLiteral("characters"), int(code.size()));
    report.insert(QStringLiteral("library"), k8::app::syntaxLibrarySummary());
    report.insert(QStringLiteral("qt"), QString::fromLatin1(qVersion()));
    report.insert(QStringLiteral("slice_budget_ms"),
                  double(k8::app::CodeHighlighter::SliceNanoseconds) / 1e6);
    report.insert(QStringLiteral("runs"), results);
    report.insert(QStringLiteral("syntaxhighlighter_rehighlight_ms"), synchronous);
    report.insert(QStringLiteral("bare_qplaintextedit_set_plain_text_cpu_ms"), bare);
    report.insert(QStringLiteral("qtextdocument_set_plain_text_cpu_ms"), documentOnly);
    QJsonObject summary;
    summary.insert(QStringLiteral("worst_longest_stretch_ms"), worstStretch);
    summary.insert(QStringLiteral("worst_busy_stretch_cpu_ms"), worstBusy);
    summary.insert(QStringLiteral("worst_total_ms"), worstTotal);
    summary.insert(QStringLiteral("worst_stretch_after_set_text_ms"), worstSlice);
    summary.insert(QStringLiteral("target_stretch_ms"), 16);
    summary.insert(QStringLiteral("target_met"), worstStretch <= 16);
    report.insert(QStringLiteral("summary"), summary);
    std::fputs(QJsonDocument(report).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
