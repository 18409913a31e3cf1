// SPDX-License-Identifier: Apache-2.0
#include "inbox/TrialPane.h"

#include "inbox/RunConsole.h"

#include "agent/review/ReviewCoordinator.h"
#include "style/Style.h"
#include "trial/TrialKit.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace k8::app {

namespace {
// The pane's console keeps the last lines of a long trial (the result keeps what the runner caps).
constexpr int MaxOutputLines = 2000;
constexpr int OutputRowsShown = 8;

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', ms < 10'000 ? 2 : 1);
}
} // namespace

TrialPane::TrialPane(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("trialPane"));
    setAccessibleName(tr("Trial run"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);

    m_try = new QAction(tr("Tr&y in a throwaway copy"), this);
    m_try->setObjectName(QStringLiteral("tryInCopy"));
    // Alt+Y from its text as well; Alt+T is the inbox's History tab, Ctrl+Shift+T the timeline.
    m_try->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Y));
    m_try->setShortcutContext(Qt::WindowShortcut);
    m_stop = new QAction(tr("Stop the trial"), this);
    m_stop->setObjectName(QStringLiteral("stopTrial"));
    addAction(m_try);
    m_tryButton = new QToolButton(this);
    m_tryButton->setDefaultAction(m_try);
    m_tryButton->setAccessibleName(tr("Try in a throwaway copy"));
    m_stopButton = new QToolButton(this);
    m_stopButton->setDefaultAction(m_stop);
    m_stopButton->setAccessibleName(tr("Stop the trial"));
    m_why = new QLabel(this);
    m_why->setObjectName(QStringLiteral("trialWhyNot"));
    m_why->setWordWrap(true);
    style::setForegroundTone(m_why, style::Tone::Muted);
    auto* heading = new QLabel(tr("Trial run"), this);
    QFont headingFont = heading->font();
    headingFont.setBold(true);
    heading->setFont(headingFont);
    layout->addWidget(heading);
    auto* row = new QHBoxLayout;
    row->addWidget(m_tryButton);
    row->addWidget(m_stopButton);
    row->addWidget(m_why, 1);
    row->addStretch(0);
    layout->addLayout(row);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("trialStatus"));
    m_status->setWordWrap(true);
    m_commands = new QLabel(this);
    m_commands->setObjectName(QStringLiteral("trialCommands"));
    // Its text is its name for a screen reader (a label's accessible name would hide it).
    m_commands->setAccessibleDescription(tr("Commands of the trial"));
    m_commands->setWordWrap(true);
    m_commands->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    style::makeMonospace(m_commands);
    m_output = new RunConsole(this);
    m_output->setObjectName(QStringLiteral("trialOutput"));
    m_output->setAccessibleName(tr("Output of the trial"));
    m_output->setMaxLines(MaxOutputLines);
    m_output->setFixedHeight(m_output->fontMetrics().lineSpacing() * OutputRowsShown + 12);
    // Tab moves on: the console is read, not typed into.
    m_output->setTabChangesFocus(true);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("trialSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    for (QLabel* label : {heading, m_why, m_status, m_commands, m_summary})
        label->setTextFormat(Qt::PlainText); // names and output come from agents and kosa8
    layout->addWidget(m_status);
    layout->addWidget(m_commands);
    layout->addWidget(m_output);
    layout->addWidget(m_summary);

    connect(m_try, &QAction::triggered, this, &TrialPane::startTrial);
    connect(m_stop, &QAction::triggered, this, &TrialPane::stopTrial);
    setVisible(false);
    clear();
}

TrialPane::~TrialPane()
{
    // The window closes mid-trial: the copy stays written down and is removed at the next start.
    if (m_run)
        m_run->disconnect(this);
}

void TrialPane::setKit(trial::TrialKit* kit, agent::ReviewCoordinator* coordinator)
{
    m_kit = kit;
    m_coordinator = coordinator;
    updateControls();
}

void TrialPane::showFor(const agent::Request* request, const trial::TrialSpec& spec, const QString& whyNot)
{
    const quint64 key = request ? request->key : 0;
    if (key != m_key) {
        abandon();
        m_key = key;
        m_hasResult = false;
        m_tried = {};
        m_recordProblem.clear();
        m_status->clear();
        m_commands->clear();
        m_output->clear();
    }
    m_spec = spec;
    m_whyNot = whyNot;
    setVisible(m_kit != nullptr && key != 0);
    updateControls();
    showSummary();
}

void TrialPane::clear()
{
    showFor(nullptr, {}, {});
}

void TrialPane::abandon()
{
    if (!m_run)
        return;
    // Nobody waits for this trial's result any more; the copy still goes, and the run object
    // lives until it has (it deletes itself then).
    trial::TrialRun* run = std::exchange(m_run, nullptr);
    run->disconnect(this);
    // Still recorded: code ran (or was to run) in a copy, and the ledger says so.
    connect(run, &trial::TrialRun::finished, run,
            [run, coordinator = m_coordinator, request = m_runRequest](const trial::TrialResult& result) {
                if (coordinator)
                    record(coordinator, request, result);
                run->deleteLater();
            });
    run->cancel();
    Q_EMIT runningChanged(false);
}

void TrialPane::startTrial()
{
    if (!m_kit || m_run || m_key == 0 || !m_whyNot.isEmpty() || !m_coordinator)
        return;
    const agent::Request* request = m_coordinator->request(m_key);
    if (!request)
        return;
    trial::TrialSpec spec = m_spec;
    spec.limitMs = m_kit->limitMs();
    spec.stdinThresholdBytes = m_kit->stdinThresholdBytes();
    m_run = new trial::TrialRun(m_kit->runner(), m_kit->copies(), this);
    m_runRequest = *request;
    m_hasResult = false;
    m_recordProblem.clear();
    m_tried = spec;
    m_commands->clear();
    m_output->clear();
    connect(m_run, &trial::TrialRun::stepStarted, this, &TrialPane::showStep);
    connect(m_run, &trial::TrialRun::output, this, &TrialPane::appendOutput);
    connect(m_run, &trial::TrialRun::finished, this, &TrialPane::trialFinished);
    m_run->start(spec);
    updateControls();
    showSummary();
    Q_EMIT runningChanged(true);
}

void TrialPane::stopTrial()
{
    if (m_run)
        m_run->cancel();
}

void TrialPane::showStep(const QString& what, const QString& command)
{
    m_status->setText(tr("%1…").arg(what));
    const QString shown = m_commands->text();
    m_commands->setText(shown.isEmpty() ? command : shown + QLatin1Char('\n') + command);
}

void TrialPane::appendOutput(bool isStderr, const QByteArray& bytes)
{
    // The run pane's console: bounded work per piece whatever the code prints, standard error in
    // the error colour.
    m_output->queueBytes(bytes, isStderr ? style::errorColor() : QColor());
}

void TrialPane::trialFinished(const trial::TrialResult& result)
{
    m_run->deleteLater();
    m_run = nullptr;
    m_result = result;
    m_hasResult = true;
    m_status->clear();
    if (m_coordinator)
        m_recordProblem = record(m_coordinator, m_runRequest, result);
    m_runRequest = {};
    updateControls();
    showSummary();
    Q_EMIT runningChanged(false);
}

QString TrialPane::record(agent::ReviewCoordinator* coordinator, const agent::Request& request,
                          const trial::TrialResult& result)
{
    agent::TrialRecord entry;
    entry.codeSha256 = result.codeSha256;
    entry.copy = result.copy;
    if (result.ran)
        entry.exitCode = result.exitCode;
    entry.problem = result.problem;
    if (!result.removalProblem.isEmpty())
        entry.problem += (entry.problem.isEmpty() ? QString() : QStringLiteral(" ")) + result.removalProblem;
    QString error;
    if (coordinator->recordTrial(request, entry, &error))
        return {};
    return tr("The trial could not be recorded in the ledger: %1").arg(error);
}

void TrialPane::showSummary()
{
    if (m_run) {
        m_summary->setText(tr("Trial running. The real sandbox %1 is not touched; Approve waits until the "
                              "trial ends.")
                               .arg(m_tried.sandbox));
        style::setForegroundTone(m_summary, style::Tone::None);
        return;
    }
    if (!m_hasResult) {
        m_summary->clear();
        m_summary->hide();
        m_commands->setVisible(!m_commands->text().isEmpty());
        m_output->hide();
        return;
    }
    QStringList lines;
    const trial::TrialResult& r = m_result;
    // A string comparison, not a hash: it runs on every keystroke in the editor.
    const bool stale = m_spec.code != m_tried.code;
    if (stale)
        lines.append(tr("Tried before your edit: this is what the earlier code did."));
    if (r.ran)
        lines.append(tr("Exit code %1 after %2 s in the throwaway copy %3.")
                         .arg(r.exitCode)
                         .arg(seconds(r.durationMs), r.copy));
    if (!r.problem.isEmpty())
        lines.append(r.problem);
    if (r.truncated)
        lines.append(tr("The output was cut at the run's limit."));
    if (!r.copy.isEmpty())
        lines.append(r.copyRemoved ? tr("The copy %1 was removed.").arg(r.copy) : r.removalProblem);
    lines.append(
        tr("The real sandbox %1 was not touched, and the agent was told nothing.").arg(m_tried.sandbox));
    if (!m_recordProblem.isEmpty())
        lines.append(m_recordProblem);
    m_summary->setText(lines.join(QLatin1Char('\n')));
    const bool failed = !r.ran || !r.removalProblem.isEmpty() || !m_recordProblem.isEmpty();
    style::setForegroundTone(m_summary, failed ? style::Tone::Warning : style::Tone::None);
    m_summary->show();
    m_commands->show();
    m_output->show();
}

void TrialPane::updateControls()
{
    const bool running = m_run != nullptr;
    m_try->setEnabled(m_kit && !running && m_key != 0 && m_whyNot.isEmpty());
    m_stop->setEnabled(running);
    m_stopButton->setVisible(running);
    const QString why = m_whyNot.isEmpty() ? QString() : tr("A trial is not possible: %1").arg(m_whyNot);
    m_why->setText(why);
    m_why->setVisible(!why.isEmpty() && !running);
    m_tryButton->setAccessibleDescription(why);
    // The button says why too, for whoever reaches it with Tab or hovers it.
    m_try->setToolTip(why.isEmpty()
                          ? tr("Run this code first in a throwaway copy of %1 with no network, and "
                               "see what it does (%2). Nothing is approved.")
                                .arg(m_spec.sandbox, m_try->shortcut().toString(QKeySequence::NativeText))
                          : why);
    if (running) {
        m_output->show();
        m_commands->show();
        m_summary->show();
    }
}

QString TrialPane::statusText() const
{
    return m_status->text();
}

QString TrialPane::summaryText() const
{
    return m_summary->text();
}

QString TrialPane::outputText() const
{
    return m_output->toPlainText();
}

QString TrialPane::commandsText() const
{
    return m_commands->text();
}

} // namespace k8::app
