// SPDX-License-Identifier: Apache-2.0
#include "setup/SetupDialog.h"

#include "ui_SetupDialog.h"

#include "setup/CodeSandboxSetup.h"
#include "style/Style.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>

namespace k8::app {

using StepState = CodeSandboxSetup::StepState;

SetupDialog::SetupDialog(CodeSandboxSetup* setup, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SetupDialog>())
    , m_setup(setup)
{
    m_ui->setupUi(this);
    if (!setup->parent())
        setup->setParent(this);
    addStepRows();
    m_ui->setupResult->setVisible(false);
    style::makeMonospace(m_ui->setupOutput);
    // Only the height: a form's minimumSize would fix the minimum width too.
    m_ui->setupOutput->setMinimumHeight(120);

    m_start = m_ui->buttonBox->addButton(tr("Set up"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("setupStartButton"));
    m_start->setAccessibleName(tr("Run the setup"));
    m_start->setDefault(true);
    m_cancel = m_ui->buttonBox->addButton(tr("Cancel setup"), QDialogButtonBox::ActionRole);
    m_cancel->setObjectName(QStringLiteral("setupCancelButton"));
    m_cancel->setEnabled(false);
    m_close = m_ui->buttonBox->button(QDialogButtonBox::Close);
    connect(m_start, &QPushButton::clicked, this, [this] {
        m_ui->setupOutput->clear();
        m_ui->setupResult->setVisible(false);
        m_start->setEnabled(false);
        m_cancel->setEnabled(true);
        m_setup->start();
    });
    connect(m_cancel, &QPushButton::clicked, m_setup, &CodeSandboxSetup::cancel);
    connect(m_close, &QPushButton::clicked, this, &SetupDialog::reject);

    connect(setup, &CodeSandboxSetup::stepChanged, this, &SetupDialog::updateStep);
    connect(setup, &CodeSandboxSetup::stepOutput, this, [this](int, const QString& line, bool isStderr) {
        m_ui->setupOutput->appendPlainText(isStderr ? tr("[stderr] %1").arg(line) : line);
    });
    connect(setup, &CodeSandboxSetup::finished, this, &SetupDialog::onFinished);
    for (int i = 0; i < m_rows.size(); ++i)
        updateStep(i);
}

SetupDialog::~SetupDialog() = default;

void SetupDialog::addStepRows()
{
    QGridLayout* grid = m_ui->stepsGrid;
    for (int i = 0; i < m_setup->steps().size(); ++i) {
        const CodeSandboxSetup::Step& step = m_setup->steps().at(i);
        StepRow row;
        row.icon = new QLabel(this);
        row.icon->setFixedWidth(18);
        row.title = new QLabel(tr("%1. %2").arg(i + 1).arg(step.title), this);
        QFont bold = row.title->font();
        bold.setBold(true);
        row.title->setFont(bold);
        row.state = new QLabel(this);
        row.state->setObjectName(QStringLiteral("setupStepState%1").arg(i + 1));
        row.command = new QLabel(step.command, this);
        row.command->setObjectName(QStringLiteral("setupStepCommand%1").arg(i + 1));
        row.command->setFont(style::monospaceFont());
        row.command->setTextInteractionFlags(Qt::TextSelectableByMouse);
        row.command->setTextFormat(Qt::PlainText);
        row.command->setAccessibleDescription(tr("Command of step %1").arg(i + 1));
        row.progress = new QProgressBar(this);
        row.progress->setAccessibleName(tr("Progress of step %1").arg(i + 1));
        row.progress->setMaximumHeight(10);
        row.progress->setTextVisible(false);
        row.progress->setVisible(false);
        const int base = i * 3;
        grid->addWidget(row.icon, base, 0, Qt::AlignTop);
        grid->addWidget(row.title, base, 1);
        grid->addWidget(row.state, base, 2, Qt::AlignRight);
        grid->addWidget(row.command, base + 1, 1, 1, 2);
        grid->addWidget(row.progress, base + 2, 1, 1, 2);
        m_rows << row;
    }
}

QString SetupDialog::resultText() const
{
    return m_ui->setupResult->isVisible() || !m_ui->setupResult->text().isEmpty() ? m_ui->setupResult->text()
                                                                                  : QString();
}

QString SetupDialog::stepStateText(int index) const
{
    return index >= 0 && index < m_rows.size() ? m_rows.at(index).state->text() : QString();
}

QString SetupDialog::outputText() const
{
    return m_ui->setupOutput->toPlainText();
}

void SetupDialog::reject()
{
    if (m_setup->isRunning())
        m_setup->cancel();
    QDialog::reject();
}

void SetupDialog::updateStep(int index)
{
    if (index < 0 || index >= m_rows.size())
        return;
    const CodeSandboxSetup::Step& step = m_setup->steps().at(index);
    StepRow& row = m_rows[index];
    style::Tone tone = style::Tone::Neutral;
    QString state;
    switch (step.state) {
    case StepState::Pending:
        state = tr("waiting");
        break;
    case StepState::Running:
        tone = style::Tone::Accent;
        state = step.percent >= 0 ? tr("running… %1%").arg(step.percent) : tr("running…");
        break;
    case StepState::Done:
        tone = style::Tone::Success;
        state = tr("done");
        break;
    case StepState::Skipped:
        tone = style::Tone::Success;
        state = tr("already exists, skipped");
        break;
    case StepState::Failed:
        tone = style::Tone::Error;
        state = step.result.outcome == kosa8::JobResult::Outcome::Finished
                    ? tr("failed (exit code %1)").arg(step.result.exitCode)
                    : tr("failed (%1)").arg(kosa8::JobResult::outcomeName(step.result.outcome));
        break;
    case StepState::Cancelled:
        tone = style::Tone::Warning;
        state = tr("cancelled");
        break;
    }
    // Dot and text in the tone's colour of the theme of the moment (they follow a switch).
    style::showIcon(row.icon, style::toneDot(tone, 14), 14);
    row.state->setText(state);
    style::setTextTone(row.state, tone);
    row.title->setAccessibleName(tr("Step %1: %2, %3").arg(index + 1).arg(step.title, state));
    // The pull step says how far it is; others just show that they run.
    const bool showProgress =
        step.state == StepState::Running || (step.percent >= 0 && step.state == StepState::Done);
    row.progress->setVisible(showProgress);
    if (step.percent >= 0) {
        row.progress->setRange(0, 100);
        row.progress->setValue(step.percent);
    } else {
        row.progress->setRange(0, 0);
    }
}

void SetupDialog::onFinished(bool ok)
{
    m_cancel->setEnabled(false);
    m_start->setEnabled(!ok);
    m_start->setText(ok ? tr("Set up") : tr("Try again"));
    m_ui->setupResult->setVisible(true);
    if (ok) {
        style::setTextTone(m_ui->setupResult, style::Tone::Success, QStringLiteral("font-weight: bold;"));
        m_ui->setupResult->setText(tr("%1 is ready: no network, %2 pulled, checkpoint %3 taken.")
                                       .arg(m_setup->sandbox(), m_setup->image(), m_setup->label()));
        m_close->setFocus();
    } else {
        style::setTextTone(m_ui->setupResult, style::Tone::Error);
        m_ui->setupResult->setText(m_setup->failureText());
    }
}

} // namespace k8::app
