// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/ImagesDialog.h"

#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "style/Style.h"
#include "widgets/CommandPreviewField.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace k8::app {

ImagesDialog::ImagesDialog(kosa8::Kosa8Runner* runner, const QString& sandbox, QWidget* parent)
    : QDialog(parent)
    , m_runner(runner)
    , m_sandbox(sandbox)
    , m_command(new CommandPreviewField(this))
    , m_table(new QTableWidget(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("imagesDialog"));
    setWindowTitle(tr("Images in %1").arg(sandbox));
    setAccessibleName(windowTitle());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(18, 16, 18, 12);
    layout->setSpacing(8);
    auto* commandLabel = new QLabel(tr("Command:"), this);
    commandLabel->setBuddy(m_command->lineEdit());
    layout->addWidget(commandLabel);
    layout->addWidget(m_command);
    m_table->setObjectName(QStringLiteral("imagesTable"));
    m_table->setAccessibleName(tr("Images"));
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Repository"), tr("Tag"), tr("Size")});
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    layout->addWidget(m_table, 1);
    m_status->setObjectName(QStringLiteral("imagesStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* reloadButton = buttons->addButton(tr("Reload"), QDialogButtonBox::ActionRole);
    reloadButton->setAccessibleName(tr("Reload images"));
    connect(reloadButton, &QPushButton::clicked, this, &ImagesDialog::reload);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(560, 380);

    QString error;
    const QString preview =
        runner->preview(kosa8::Operation::SandboxImages, kosa8::params::sandbox(sandbox), &error);
    if (preview.isEmpty())
        m_command->setUnavailable(error);
    else
        m_command->setCommand(preview);
    reload();
}

ImagesDialog::~ImagesDialog()
{
    if (m_job)
        m_job->cancel();
}

QString ImagesDialog::statusText() const
{
    return m_status->text();
}

void ImagesDialog::reload()
{
    if (m_job)
        return;
    m_status->setStyleSheet({});
    m_status->setText(tr("Loading…"));
    m_job = m_runner->start(kosa8::Operation::SandboxImages, kosa8::params::sandbox(m_sandbox));
    connect(m_job, &kosa8::Kosa8Job::finished, this, &ImagesDialog::onFinished);
}

void ImagesDialog::onFinished(const kosa8::JobResult& result)
{
    m_job = nullptr;
    if (!result.ok()) {
        m_table->setRowCount(0);
        m_status->setStyleSheet(QStringLiteral("color: %1;").arg(style::errorColor().name()));
        m_status->setText(result.describeFailure());
        Q_EMIT loaded();
        return;
    }
    const kosa8::Parsed<kosa8::Image> parsed = kosa8::ListParser::images(result.stdoutData);
    m_table->setRowCount(int(parsed.items.size()));
    for (int row = 0; row < parsed.items.size(); ++row) {
        const kosa8::Image& image = parsed.items.at(row);
        m_table->setItem(row, 0, new QTableWidgetItem(image.repository));
        m_table->setItem(row, 1, new QTableWidgetItem(image.tag));
        m_table->setItem(row, 2, new QTableWidgetItem(image.size));
    }
    QString status = parsed.items.isEmpty()
                         ? tr("No images in %1 yet. Use Pull image to add one.").arg(m_sandbox)
                         : tr("Images: %1").arg(parsed.items.size());
    if (!parsed.problems.isEmpty()) {
        m_status->setStyleSheet(QStringLiteral("color: %1;").arg(style::warningColor().name()));
        status += QLatin1Char(' ') + tr("Lines that could not be read: %1").arg(parsed.problems.size());
        for (const kosa8::ParseProblem& problem : parsed.problems)
            status += QStringLiteral("\n") +
                      tr("line %1: %2 (%3)").arg(problem.lineNumber).arg(problem.lineText, problem.reason);
    }
    m_status->setText(status);
    Q_EMIT loaded();
}

} // namespace k8::app
