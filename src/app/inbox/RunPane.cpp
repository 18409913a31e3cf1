// SPDX-License-Identifier: Apache-2.0
#include "inbox/RunPane.h"

#include "agent/payload/HiddenText.h"
#include "agent/review/ReviewCoordinator.h"
#include "editor/CodeEditor.h"
#include "inbox/RunConsole.h"
#include "style/Style.h"

#include <QAction>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>

namespace k8::app {

namespace {

// Titles come from agents and may be huge: the pane and the list show the start of them.
constexpr qsizetype MaxTitleChars = 300;
constexpr qsizetype MaxListTitleChars = 80;

QString shortened(const QString& text, qsizetype max)
{
    return text.size() <= max ? text : text.left(max) + QStringLiteral("…");
}

} // namespace

RunPane::RunPane(agent::ReviewCoordinator* coordinator, QWidget* parent)
    : QWidget(parent)
    , m_coordinator(coordinator)
    , m_model(new QStandardItemModel(this))
    , m_title(new QLabel(this))
    , m_details(new QLabel(this))
    , m_code(new CodeEditor(this))
    , m_consoles(new QStackedWidget(this))
    , m_rewind(new QAction(tr("Rewind to before this run…"), this))
{
    // Agent text: plain, never markup.
    for (QLabel* label : {m_title, m_details}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    }
    m_title->setAccessibleDescription(tr("Run title"));
    m_details->setAccessibleDescription(tr("Run details"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);

    m_code->setEditable(false);
    m_code->setAccessibleName(tr("Code that ran"));
    m_consoles->setAccessibleName(tr("Run output"));

    auto* codeLabel = new QLabel(tr("Code that ran:"), this);
    auto* outputLabel = new QLabel(tr("Commands and output:"), this);
    auto* codeBox = new QWidget(this);
    auto* codeLayout = new QVBoxLayout(codeBox);
    codeLayout->setContentsMargins(0, 0, 0, 0);
    codeLayout->addWidget(codeLabel);
    codeLayout->addWidget(m_code, 1);
    auto* outputBox = new QWidget(this);
    auto* outputLayout = new QVBoxLayout(outputBox);
    outputLayout->setContentsMargins(0, 0, 0, 0);
    outputLayout->addWidget(outputLabel);
    outputLayout->addWidget(m_consoles, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("runPaneSplitter")); // its position is kept (mainwindow/WindowState)
    split->addWidget(codeBox);
    split->addWidget(outputBox);
    // Code and output share the height: the editor's size hint alone left the output three lines.
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({1000, 1000});
    split->setChildrenCollapsible(false);
    // The list's finished/failed colours are the theme's: set again after a light/dark switch.
    style::followPalette(this, [this] {
        for (int row = 0; row < runCount(); ++row)
            updateRow(row);
    });

    // The run's checkpoint is where "undo this run" lives: one click from its output.
    m_rewind->setToolTip(tr("Open the sandbox's timeline and rewind it to the checkpoint taken just before "
                            "this run (you confirm there)"));
    m_rewind->setEnabled(false);
    connect(m_rewind, &QAction::triggered, this, [this] {
        if (m_shown < 0 || m_shown >= runCount())
            return;
        const Run& run = m_runs.at(size_t(m_shown));
        if (run.finished && !run.checkpoint.isEmpty())
            Q_EMIT rewindToBeforeRunRequested(run.sandbox, run.checkpoint);
    });
    auto* rewindButton = new QToolButton(this);
    rewindButton->setDefaultAction(m_rewind);
    rewindButton->setAccessibleName(tr("Rewind to before this run"));
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(rewindButton);

    // The style's margins, as around the review this pane takes the place of: switching between
    // the two must not make the title and the buttons jump.
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_details);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);

    if (coordinator) {
        connect(coordinator, &agent::ReviewCoordinator::runStarted, this, &RunPane::onRunStarted);
        connect(coordinator, &agent::ReviewCoordinator::runOutput, this, &RunPane::onRunOutput);
        connect(coordinator, &agent::ReviewCoordinator::runFinished, this, &RunPane::onRunFinished);
    }
    updateShown();
}

RunPane::~RunPane() = default;

QAbstractItemModel* RunPane::runsModel() const
{
    return m_model;
}

quint64 RunPane::shownKey() const
{
    return m_shown >= 0 && m_shown < runCount() ? m_runs.at(size_t(m_shown)).key : 0;
}

int RunPane::rowOf(quint64 key) const
{
    for (size_t row = 0; row < m_runs.size(); ++row) {
        if (m_runs.at(row).key == key)
            return int(row);
    }
    return -1;
}

RunConsole* RunPane::shownConsole() const
{
    return m_shown >= 0 && m_shown < runCount() ? m_runs.at(size_t(m_shown)).console : nullptr;
}

void RunPane::showRun(int row)
{
    if (row < 0 || row >= runCount())
        return;
    m_shown = row;
    updateShown();
}

RunPane::Run* RunPane::runFor(quint64 key)
{
    const int existing = rowOf(key);
    if (existing >= 0)
        return &m_runs[size_t(existing)];

    // The request has left the inbox, but the coordinator holds it (with the code as approved,
    // edits included) until the run finishes: that is what ran.
    Run run;
    run.key = key;
    run.started = QTime::currentTime();
    if (const agent::Request* request = m_coordinator ? m_coordinator->request(key) : nullptr) {
        run.title = request->title;
        run.agent = request->agent;
        run.code = request->run.code;
        run.language = request->run.language;
        run.sandbox = request->run.sandbox;
        run.image = request->run.image;
    }
    run.console = new RunConsole(m_consoles);
    run.console->setAccessibleName(tr("Run output"));
    run.console->setPlaceholderText(tr("The run's output appears here as it streams."));
    m_consoles->addWidget(run.console);

    const quint64 shownBefore = shownKey();
    m_runs.insert(m_runs.begin(), run);
    m_model->insertRow(0, new QStandardItem);
    updateRow(0);
    while (runCount() > MaxRuns) {
        Run& oldest = m_runs.back();
        if (oldest.key == shownBefore)
            break; // never take away what the person looks at
        m_consoles->removeWidget(oldest.console);
        delete oldest.console;
        m_runs.pop_back();
        m_model->removeRow(m_model->rowCount() - 1);
    }
    // The run shown stays the same run: its row moved down by one.
    m_shown = shownBefore ? rowOf(shownBefore) : -1;
    updateShown();
    Q_EMIT runAdded(key);
    return &m_runs[size_t(rowOf(key))];
}

void RunPane::onRunStarted(quint64 key, const QString& commandPreview)
{
    Run* run = runFor(key);
    RunConsole* console = run->console;
    if (!console->atLineStart())
        console->appendText(QStringLiteral("\n"));
    if (commandPreview.isEmpty())
        return;
    // The code is the command's last argument and stands above the output already; printed whole
    // here it buried the output. The command's first line is enough to recognise it.
    const qsizetype newline = commandPreview.indexOf(QLatin1Char('\n'));
    console->appendText(QStringLiteral("$ ") +
                            (newline < 0 ? commandPreview : tr("%1 …").arg(commandPreview.left(newline))) +
                            QLatin1Char('\n'),
                        palette().color(QPalette::PlaceholderText));
}

void RunPane::onRunOutput(quint64 key, bool isStderr, const QByteArray& bytes)
{
    runFor(key)->console->queueBytes(bytes, isStderr ? style::errorColor() : QColor());
}

QString RunPane::durationText(qint64 ms)
{
    if (ms < 1000)
        return tr("%1 ms").arg(ms);
    return tr("%1 s").arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
}

void RunPane::onRunFinished(quint64 key, const QJsonObject& result)
{
    Run* run = runFor(key);
    RunConsole* console = run->console;
    if (!console->atLineStart())
        console->appendText(QStringLiteral("\n"));
    QString summary;
    if (result.contains(QLatin1String("error"))) {
        summary = tr("■ kosa8 failed: %1").arg(result.value(QLatin1String("error")).toString());
        if (result.contains(QLatin1String("stderr")))
            summary += QLatin1Char('\n') + result.value(QLatin1String("stderr")).toString().trimmed();
    } else if (result.contains(QLatin1String("exit_code"))) {
        QStringList parts;
        parts << tr("exit code %1").arg(result.value(QLatin1String("exit_code")).toInteger());
        parts << durationText(result.value(QLatin1String("duration_ms")).toInteger());
        if (result.value(QLatin1String("truncated")).toBool())
            parts << tr("output truncated");
        const QString checkpoint = result.value(QLatin1String("checkpoint")).toString();
        if (!checkpoint.isEmpty())
            parts << tr("checkpoint %1").arg(checkpoint);
        summary = tr("■ %1").arg(parts.join(QStringLiteral(" · ")));
    } else {
        summary = tr("■ not run: %1").arg(result.value(QLatin1String("message")).toString());
    }
    run->reset = resetText(result.value(QLatin1String("reset")).toObject());
    if (!run->reset.isEmpty())
        summary += QLatin1Char('\n') + tr("■ %1").arg(run->reset);
    run->failed =
        result.contains(QLatin1String("error")) || result.value(QLatin1String("exit_code")).toInteger(0) != 0;
    console->appendText(summary + QLatin1Char('\n'),
                        run->failed ? style::errorColor() : style::successColor(), true);
    run->finished = true;
    const QString sandbox = result.value(QLatin1String("sandbox")).toString();
    if (!sandbox.isEmpty())
        run->sandbox = sandbox;
    run->checkpoint = result.value(QLatin1String("checkpoint")).toString();
    const QString code = result.value(QLatin1String("code")).toString();
    if (run->code.isEmpty() && !code.isEmpty())
        run->code = code;
    const int row = rowOf(key);
    updateRow(row);
    if (row == m_shown)
        updateShown();
}

QString RunPane::statusText(const Run& run) const
{
    if (!run.finished)
        return tr("running…");
    return run.failed ? tr("failed") : tr("finished");
}

void RunPane::updateRow(int row)
{
    if (row < 0 || row >= runCount())
        return;
    const Run& run = m_runs.at(size_t(row));
    const QString title = agent::HiddenText::revealedInline(run.title.isEmpty() ? tr("run") : run.title);
    QStandardItem* item = m_model->item(row);
    // Title, agent and start time: two runs of the same request read alike otherwise.
    const QString agentName =
        agent::HiddenText::revealedInline(run.agent.isEmpty() ? tr("an agent") : run.agent);
    item->setText(tr("%1 · %2 · %3 (%4)")
                      .arg(shortened(title, MaxListTitleChars), shortened(agentName, MaxListTitleChars),
                           run.started.toString(QStringLiteral("HH:mm:ss")), statusText(run)));
    item->setToolTip(shortened(title, MaxTitleChars));
    item->setEditable(false);
    item->setData(QVariant::fromValue(run.key), Qt::UserRole);
    if (run.finished)
        item->setForeground(run.failed ? style::errorColor() : style::successColor());
}

void RunPane::updateShown()
{
    const Run* run = m_shown >= 0 && m_shown < runCount() ? &m_runs.at(size_t(m_shown)) : nullptr;
    if (!run) {
        m_title->setText(tr("No run yet"));
        m_details->clear();
        m_code->setCode(QString());
        m_rewind->setEnabled(false);
        return;
    }
    const auto reveal = &agent::HiddenText::revealedInline;
    m_title->setText(shortened(reveal(run->title.isEmpty() ? tr("run") : run->title), MaxTitleChars));
    QStringList parts;
    if (!run->agent.isEmpty())
        parts << tr("From %1").arg(shortened(reveal(run->agent), MaxListTitleChars));
    if (!run->sandbox.isEmpty())
        parts << tr("in sandbox %1").arg(run->sandbox);
    if (!run->image.isEmpty())
        parts << tr("image %1").arg(run->image);
    parts << statusText(*run);
    if (!run->reset.isEmpty())
        parts << run->reset;
    m_details->setText(parts.join(QStringLiteral(" · ")));
    if (m_code->language() != run->language && !run->language.isEmpty())
        m_code->setLanguage(run->language);
    if (m_code->toPlainText() != run->code)
        m_code->setCode(run->code);
    m_consoles->setCurrentWidget(run->console);
    m_rewind->setEnabled(run->finished && !run->sandbox.isEmpty() && !run->checkpoint.isEmpty());
}

QString RunPane::resetText(const QJsonObject& reset)
{
    if (reset.isEmpty())
        return QString();
    if (reset.contains(QLatin1String("skipped")))
        return tr("not reset: %1").arg(reset.value(QLatin1String("skipped")).toString());
    const QString base = reset.value(QLatin1String("base")).toString();
    if (reset.value(QLatin1String("ok")).toBool())
        return tr("Reset to base '%1' after the run").arg(agent::HiddenText::revealedInline(base));
    // kosa8's own words: shown as plain text like everything else in the pane.
    return tr("reset to base '%1' failed: %2")
        .arg(agent::HiddenText::revealedInline(base),
             shortened(agent::HiddenText::revealedInline(reset.value(QLatin1String("error")).toString()),
                       MaxListTitleChars));
}

} // namespace k8::app
