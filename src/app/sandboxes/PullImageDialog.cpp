// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/PullImageDialog.h"

#include "ui_PullImageDialog.h"

#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "kosa8/Names.h"
#include "kosa8/OutputProgress.h"
#include "style/Style.h"
#include "widgets/CommandPreviewField.h"

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>

namespace k8::app {

using kosa8::JobResult;

PullImageDialog::PullImageDialog(kosa8::Kosa8Runner* runner, const QString& sandbox,
                                 const QStringList& suggestedImages, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::PullImageDialog>())
    , m_runner(runner)
    , m_sandbox(sandbox)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("pullImageDialog"));
    setWindowTitle(tr("Pull image into %1").arg(sandbox));
    m_ui->sandboxValue->setText(sandbox);
    QFont bold = m_ui->sandboxValue->font();
    bold.setBold(true);
    m_ui->sandboxValue->setFont(bold);
    m_ui->imageCombo->addItems(suggestedImages);
    m_ui->imageCombo->setInsertPolicy(QComboBox::NoInsert);
    style::setTextTone(m_ui->imageMessage, style::Tone::Error);
    m_ui->imageMessage->setVisible(false);
    m_ui->commandLabel->setBuddy(m_ui->commandPreview->textField());
    style::makeMonospace(m_ui->console);
    m_ui->console->setPlaceholderText(tr("kosa8's output appears here."));
    m_ui->progressBar->setVisible(false);

    m_pull = m_ui->buttonBox->addButton(tr("Pull"), QDialogButtonBox::ActionRole);
    m_pull->setObjectName(QStringLiteral("pullButton"));
    m_pull->setAccessibleName(tr("Pull image"));
    m_pull->setDefault(true);
    m_cancel = m_ui->buttonBox->addButton(tr("Cancel pull"), QDialogButtonBox::ActionRole);
    m_cancel->setObjectName(QStringLiteral("cancelPullButton"));
    m_cancel->setAccessibleName(tr("Cancel the pull"));
    m_cancel->setEnabled(false);
    connect(m_pull, &QPushButton::clicked, this, &PullImageDialog::startPull);
    connect(m_cancel, &QPushButton::clicked, this, &PullImageDialog::cancelPull);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &PullImageDialog::reject);
    connect(m_ui->imageCombo, &QComboBox::editTextChanged, this, &PullImageDialog::revalidate);
    revalidate();
    setMinimumWidth(560);
}

PullImageDialog::~PullImageDialog()
{
    if (m_job)
        m_job->cancel();
}

QString PullImageDialog::image() const
{
    return m_ui->imageCombo->currentText().trimmed();
}
QString PullImageDialog::commandPreview() const
{
    return m_ui->commandPreview->command();
}
QString PullImageDialog::statusText() const
{
    return m_ui->statusLabel->text();
}
QString PullImageDialog::consoleText() const
{
    return m_ui->console->toPlainText();
}
int PullImageDialog::progressValue() const
{
    return m_ui->progressBar->value();
}
bool PullImageDialog::progressIsDeterminate() const
{
    return m_ui->progressBar->maximum() > 0;
}

void PullImageDialog::revalidate()
{
    if (m_job)
        return;
    QString problem =
        image().isEmpty() ? tr("Enter an image, e.g. python:3.12-slim.") : kosa8::Names::checkImage(image());
    if (problem.isEmpty()) {
        QString error;
        const QString preview =
            m_runner->preview(kosa8::Operation::SandboxPull, kosa8::params::pull(m_sandbox, image()), &error);
        if (preview.isEmpty())
            problem = error;
        else
            m_ui->commandPreview->setCommand(preview);
    }
    if (!problem.isEmpty())
        m_ui->commandPreview->setUnavailable(problem);
    m_ui->imageMessage->setText(image().isEmpty() ? QString() : problem);
    m_ui->imageMessage->setVisible(!image().isEmpty() && !problem.isEmpty());
    m_pull->setEnabled(problem.isEmpty());
}

void PullImageDialog::startPull()
{
    if (m_job || !m_pull->isEnabled())
        return;
    m_finished = false;
    m_ui->console->clear();
    m_ui->imageCombo->setEnabled(false);
    m_pull->setEnabled(false);
    m_cancel->setEnabled(true);
    m_ui->progressBar->setVisible(true);
    m_ui->progressBar->setRange(0, 0); // busy until kosa8 prints a percentage
    m_ui->statusLabel->setText(tr("Pulling %1 into %2…").arg(image(), m_sandbox));
    m_job = m_runner->start(kosa8::Operation::SandboxPull, kosa8::params::pull(m_sandbox, image()));
    connect(m_job, &kosa8::Kosa8Job::stdoutLine, this,
            [this](const QString& line) { appendOutput(line, false); });
    connect(m_job, &kosa8::Kosa8Job::stderrLine, this,
            [this](const QString& line) { appendOutput(line, true); });
    connect(m_job, &kosa8::Kosa8Job::finished, this, &PullImageDialog::onFinished);
}

void PullImageDialog::cancelPull()
{
    if (m_job) {
        m_ui->statusLabel->setText(tr("Cancelling…"));
        m_job->cancel();
    }
}

void PullImageDialog::reject()
{
    // Closing the window must not leave a pull running unseen.
    if (m_job)
        m_job->cancel();
    QDialog::reject();
}

void PullImageDialog::appendOutput(const QString& rawLine, bool isStderr)
{
    const QString line = kosa8::ListParser::stripAnsi(rawLine);
    // Progress lines often redraw with '\r': keep the last state of the line.
    const QString shown = line.section(QLatin1Char('\r'), -1, -1, QString::SectionSkipEmpty);
    m_ui->console->appendPlainText(isStderr ? tr("[stderr] %1").arg(shown) : shown);
    const int percent = kosa8::percentInLine(shown);
    if (percent >= 0) {
        m_ui->progressBar->setRange(0, 100);
        m_ui->progressBar->setValue(percent);
    }
}

void PullImageDialog::onFinished(const JobResult& result)
{
    m_job = nullptr;
    m_finished = true;
    m_result = result;
    m_cancel->setEnabled(false);
    m_ui->imageCombo->setEnabled(true);
    if (result.ok()) {
        m_ui->progressBar->setRange(0, 100);
        m_ui->progressBar->setValue(100);
        style::setTextTone(m_ui->statusLabel, style::Tone::Success);
        m_ui->statusLabel->setText(tr("Pulled %1 into %2.").arg(image(), m_sandbox));
    } else {
        m_ui->progressBar->setRange(0, 100);
        m_ui->progressBar->setValue(0);
        style::setTextTone(m_ui->statusLabel, style::Tone::Error);
        m_ui->statusLabel->setText(result.outcome == JobResult::Outcome::Cancelled
                                       ? tr("The pull was cancelled.")
                                       : result.describeFailure());
    }
    revalidate();
    Q_EMIT pullFinished(result);
}

} // namespace k8::app
