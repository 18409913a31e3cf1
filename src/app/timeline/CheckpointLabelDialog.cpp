// SPDX-License-Identifier: Apache-2.0
#include "timeline/CheckpointLabelDialog.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/Names.h"
#include "timeline/TimelineBuilder.h"
#include "widgets/CommandPreviewField.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace k8::app {

using kosa8::Operation;

CheckpointLabelDialog::CheckpointLabelDialog(kosa8::Kosa8Runner* runner, const QString& sandbox,
                                             const QStringList& existingLabels, QWidget* parent)
    : QDialog(parent)
    , m_runner(runner)
    , m_sandbox(sandbox)
    , m_existing(existingLabels)
    , m_label(new QLineEdit(this))
    , m_problem(new QLabel(this))
    , m_command(new CommandPreviewField(this))
{
    setObjectName(QStringLiteral("checkpointLabelDialog"));
    setWindowTitle(tr("Checkpoint %1 now").arg(sandbox));
    auto* layout = new QVBoxLayout(this);
    auto* intro =
        new QLabel(tr("A checkpoint captures the sandbox's memory, processes and disk, so that you can "
                      "rewind to this moment later."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_label->setText(
        timeline::TimelineBuilder::suggestLabel(existingLabels, QDateTime::currentDateTimeUtc()));
    m_label->setAccessibleName(tr("Checkpoint label"));
    m_label->selectAll();
    form->addRow(tr("&Label:"), m_label);
    layout->addLayout(form);
    m_problem->setWordWrap(true);
    m_problem->setObjectName(QStringLiteral("labelProblem"));
    m_problem->setAccessibleDescription(tr("Label problem"));
    layout->addWidget(m_problem);
    m_command->setAccessibleName(tr("Command"));
    layout->addWidget(m_command);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_accept = buttons->addButton(tr("Take checkpoint"), QDialogButtonBox::AcceptRole);
    m_accept->setDefault(true);
    m_accept->setAccessibleName(tr("Take checkpoint"));
    buttons->button(QDialogButtonBox::Cancel)->setAccessibleName(tr("Cancel"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_label, &QLineEdit::textChanged, this, &CheckpointLabelDialog::validate);
    validate();
}

QString CheckpointLabelDialog::label() const
{
    return m_label->text().trimmed();
}

void CheckpointLabelDialog::validate()
{
    const QString label = this->label();
    QString problem = kosa8::Names::checkLabel(label);
    if (problem.isEmpty() && m_existing.contains(label))
        problem = tr("%1 already has a checkpoint named \"%2\"; kosa8 refuses a label twice.")
                      .arg(m_sandbox, label);
    QString error;
    const QString preview =
        problem.isEmpty()
            ? m_runner->preview(Operation::CheckpointCreate,
                                {{QStringLiteral("name"), m_sandbox}, {QStringLiteral("label"), label}},
                                &error)
            : QString();
    if (problem.isEmpty() && preview.isEmpty())
        problem = error;
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    if (problem.isEmpty())
        m_command->setCommand(preview);
    else
        m_command->setUnavailable(tr("Enter a valid label to see the command."));
    m_accept->setEnabled(problem.isEmpty());
}

ForkDialog::ForkDialog(kosa8::Kosa8Runner* runner, const QString& sandbox, QWidget* parent)
    : QDialog(parent)
    , m_runner(runner)
    , m_sandbox(sandbox)
    , m_count(new QSpinBox(this))
    , m_command(new CommandPreviewField(this))
{
    setObjectName(QStringLiteral("forkDialog"));
    setWindowTitle(tr("Fork %1").arg(sandbox));
    auto* layout = new QVBoxLayout(this);
    auto* intro =
        new QLabel(tr("Each copy is a new sandbox that starts from %1 as it is now.").arg(sandbox), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_count->setRange(1, 64);
    m_count->setValue(1);
    m_count->setAccessibleName(tr("Number of copies"));
    form->addRow(tr("&Copies:"), m_count);
    layout->addLayout(form);
    m_command->setAccessibleName(tr("Command"));
    layout->addWidget(m_command);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_accept = buttons->addButton(tr("Fork"), QDialogButtonBox::AcceptRole);
    m_accept->setDefault(true);
    m_accept->setAccessibleName(tr("Fork"));
    buttons->button(QDialogButtonBox::Cancel)->setAccessibleName(tr("Cancel"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto update = [this] {
        QString error;
        const QString preview = m_runner->preview(
            Operation::Fork,
            {{QStringLiteral("name"), m_sandbox}, {QStringLiteral("count"), QString::number(count())}},
            &error);
        if (preview.isEmpty())
            m_command->setUnavailable(error);
        else
            m_command->setCommand(preview);
        m_accept->setEnabled(!preview.isEmpty());
    };
    connect(m_count, &QSpinBox::valueChanged, this, update);
    update();
}

int ForkDialog::count() const
{
    return m_count->value();
}

} // namespace k8::app
