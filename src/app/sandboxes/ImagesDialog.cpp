// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/ImagesDialog.h"

#include "ui_ImagesDialog.h"

#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "style/Style.h"
#include "widgets/CommandPreviewField.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>

namespace k8::app {

ImagesDialog::ImagesDialog(kosa8::Kosa8Runner* runner, const QString& sandbox, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ImagesDialog>())
    , m_runner(runner)
    , m_sandbox(sandbox)
{
    m_ui->setupUi(this);
    setWindowTitle(tr("Images in %1").arg(sandbox));
    setAccessibleName(windowTitle());
    m_ui->commandLabel->setBuddy(m_ui->commandPreview->textField());
    m_ui->imagesTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    QPushButton* reloadButton = m_ui->buttonBox->addButton(tr("Reload"), QDialogButtonBox::ActionRole);
    reloadButton->setAccessibleName(tr("Reload images"));
    connect(reloadButton, &QPushButton::clicked, this, &ImagesDialog::reload);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);

    QString error;
    const QString preview =
        runner->preview(kosa8::Operation::SandboxImages, kosa8::params::sandbox(sandbox), &error);
    if (preview.isEmpty())
        m_ui->commandPreview->setUnavailable(error);
    else
        m_ui->commandPreview->setCommand(preview);
    reload();
}

ImagesDialog::~ImagesDialog()
{
    if (m_job)
        m_job->cancel();
}

QTableWidget* ImagesDialog::table() const
{
    return m_ui->imagesTable;
}

QString ImagesDialog::statusText() const
{
    return m_ui->imagesStatus->text();
}

void ImagesDialog::reload()
{
    if (m_job)
        return;
    style::setTextTone(m_ui->imagesStatus, style::Tone::None);
    m_ui->imagesStatus->setText(tr("Loading…"));
    m_job = m_runner->start(kosa8::Operation::SandboxImages, kosa8::params::sandbox(m_sandbox));
    connect(m_job, &kosa8::Kosa8Job::finished, this, &ImagesDialog::onFinished);
}

void ImagesDialog::onFinished(const kosa8::JobResult& result)
{
    m_job = nullptr;
    if (!result.ok()) {
        m_ui->imagesTable->setRowCount(0);
        style::setTextTone(m_ui->imagesStatus, style::Tone::Error);
        m_ui->imagesStatus->setText(result.describeFailure());
        Q_EMIT loaded();
        return;
    }
    const kosa8::Parsed<kosa8::Image> parsed = kosa8::ListParser::images(result.stdoutData);
    m_ui->imagesTable->setRowCount(int(parsed.items.size()));
    for (int row = 0; row < parsed.items.size(); ++row) {
        const kosa8::Image& image = parsed.items.at(row);
        m_ui->imagesTable->setItem(row, 0, new QTableWidgetItem(image.repository));
        m_ui->imagesTable->setItem(row, 1, new QTableWidgetItem(image.tag));
        m_ui->imagesTable->setItem(row, 2, new QTableWidgetItem(image.size));
    }
    QString status = parsed.items.isEmpty()
                         ? tr("No images in %1 yet. Use Pull image to add one.").arg(m_sandbox)
                         : tr("Images: %1").arg(parsed.items.size());
    if (!parsed.problems.isEmpty()) {
        style::setTextTone(m_ui->imagesStatus, style::Tone::Warning);
        status += QLatin1Char(' ') + tr("Lines that could not be read: %1").arg(parsed.problems.size());
        for (const kosa8::ParseProblem& problem : parsed.problems)
            status += QStringLiteral("\n") +
                      tr("line %1: %2 (%3)").arg(problem.lineNumber).arg(problem.lineText, problem.reason);
    }
    m_ui->imagesStatus->setText(status);
    Q_EMIT loaded();
}

} // namespace k8::app
