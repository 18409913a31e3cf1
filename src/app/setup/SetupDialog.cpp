// SPDX-License-Identifier: Apache-2.0
#include "setup/SetupDialog.h"

#include "common/Style.h"
#include "setup/CodeSandboxSetup.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace k8::app {

using StepState = CodeSandboxSetup::StepState;

SetupDialog::SetupDialog(CodeSandboxSetup* setup, QWidget* parent)
    : QDialog(parent)
    , m_setup(setup)
    , m_result(new QLabel(this))
    , m_output(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("setupDialog"));
    setWindowTitle(tr("Set up a code sandbox"));
    setAccessibleName(windowTitle());
    if (!setup->parent())
        setup->setParent(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(20, 18, 20, 12);
    layout->setSpacing(12);
    auto* intro =
        new QLabel(tr("kosa8 Desk will run these commands, one after the other, and stop at the first "
                      "that fails. The sandbox has no network access at all (DNS included)."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(4);
    for (int i = 0; i < setup->steps().size(); ++i) {
        const CodeSandboxSetup::Step& step = setup->steps().at(i);
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
        row.command->setAccessibleName(tr("Command of step %1").arg(i + 1));
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
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid);

    m_result->setObjectName(QStringLiteral("setupResult"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::PlainText);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setVisible(false);
    layout->addWidget(m_result);

    m_output->setObjectName(QStringLiteral("setupOutput"));
    m_output->setAccessibleName(tr("kosa8 output"));
    m_output->setReadOnly(true);
    m_output->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_output->setPlaceholderText(tr("kosa8's output appears here."));
    m_output->setMinimumHeight(120);
    style::makeMonospace(m_output);
    layout->addWidget(m_output, 1);

    auto* buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(tr("Set up"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("setupStartButton"));
    m_start->setAccessibleName(tr("Run the setup"));
    m_start->setDefault(true);
    m_cancel = buttons->addButton(tr("Cancel setup"), QDialogButtonBox::ActionRole);
    m_cancel->setObjectName(QStringLiteral("setupCancelButton"));
    m_cancel->setEnabled(false);
    m_close = buttons->addButton(QDialogButtonBox::Close);
    connect(m_start, &QPushButton::clicked, this, [this] {
        m_output->clear();
        m_result->setVisible(false);
        m_start->setEnabled(false);
        m_cancel->setEnabled(true);
        m_setup->start();
    });
    connect(m_cancel, &QPushButton::clicked, m_setup, &CodeSandboxSetup::cancel);
    connect(m_close, &QPushButton::clicked, this, &SetupDialog::reject);
    layout->addWidget(buttons);

    connect(setup, &CodeSandboxSetup::stepChanged, this, &SetupDialog::updateStep);
    connect(setup, &CodeSandboxSetup::stepOutput, this, [this](int, const QString& line, bool isStderr) {
        m_output->appendPlainText(isStderr ? tr("[stderr] %1").arg(line) : line);
    });
    connect(setup, &CodeSandboxSetup::finished, this, &SetupDialog::onFinished);
    for (int i = 0; i < m_rows.size(); ++i)
        updateStep(i);
    resize(680, 520);
}

QString SetupDialog::resultText() const
{
    return m_result->isVisible() || !m_result->text().isEmpty() ? m_result->text() : QString();
}

QString SetupDialog::stepStateText(int index) const
{
    return index >= 0 && index < m_rows.size() ? m_rows.at(index).state->text() : QString();
}

QString SetupDialog::outputText() const
{
    return m_output->toPlainText();
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
    QColor color = style::statusColor(kosa8::SandboxState::Stopped);
    QString state;
    switch (step.state) {
    case StepState::Pending:
        state = tr("waiting");
        break;
    case StepState::Running:
        color = style::accentColor();
        state = step.percent >= 0 ? tr("running… %1%").arg(step.percent) : tr("running…");
        break;
    case StepState::Done:
        color = style::successColor();
        state = tr("done");
        break;
    case StepState::Skipped:
        color = style::successColor();
        state = tr("already exists, skipped");
        break;
    case StepState::Failed:
        color = style::errorColor();
        state = step.result.outcome == kosa8::JobResult::Outcome::Finished
                    ? tr("failed (exit code %1)").arg(step.result.exitCode)
                    : tr("failed (%1)").arg(kosa8::JobResult::outcomeName(step.result.outcome));
        break;
    case StepState::Cancelled:
        color = style::warningColor();
        state = tr("cancelled");
        break;
    }
    row.icon->setPixmap(style::dotIcon(color, 14).pixmap(14, 14));
    row.state->setText(state);
    row.state->setStyleSheet(QStringLiteral("color: %1;").arg(color.name()));
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
    m_result->setVisible(true);
    if (ok) {
        m_result->setStyleSheet(
            QStringLiteral("color: %1; font-weight: bold;").arg(style::successColor().name()));
        m_result->setText(tr("%1 is ready: no network, %2 pulled, checkpoint %3 taken.")
                              .arg(m_setup->sandbox(), m_setup->image(), m_setup->label()));
        m_close->setFocus();
    } else {
        m_result->setStyleSheet(QStringLiteral("color: %1;").arg(style::errorColor().name()));
        m_result->setText(m_setup->failureText());
    }
}

} // namespace k8::app
