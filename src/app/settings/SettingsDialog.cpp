// SPDX-License-Identifier: Apache-2.0
#include "settings/SettingsDialog.h"

#include "common/AppContext.h"
#include "common/AppSettings.h"
#include "common/Style.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Names.h"
#include "kosa8/SandboxListModel.h"

#include <QAction>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

namespace k8::app {

SettingsDialog::SettingsDialog(AppContext* context, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_defaultSandbox(new QComboBox(this))
    , m_sandboxNote(new QLabel(this))
    , m_host(new QLineEdit(this))
    , m_token(new QLineEdit(this))
    , m_outputCapMiB(new QSpinBox(this))
    , m_refreshS(new QSpinBox(this))
    , m_armDelayMs(new QSpinBox(this))
    , m_profilePath(new QLabel(this))
    , m_profileStatus(new QLabel(this))
    , m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    setAccessibleName(windowTitle());
    AppSettings* settings = context->settings();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(18, 16, 18, 12);
    layout->setSpacing(10);

    auto* agents = new QGroupBox(tr("Agent runs"), this);
    auto* agentsForm = new QFormLayout(agents);
    // Picked from the sandboxes that exist (a typo would send every run to a sandbox that is not
    // there); a name can still be typed, for a sandbox made later.
    m_defaultSandbox->setEditable(true);
    m_defaultSandbox->setInsertPolicy(QComboBox::NoInsert);
    m_defaultSandbox->setEditText(settings->defaultSandbox());
    m_defaultSandbox->setAccessibleName(tr("Default sandbox"));
    m_defaultSandbox->setToolTip(tr("The sandbox that `run` requests go to when the agent names none."));
    agentsForm->addRow(tr("Default &sandbox:"), m_defaultSandbox);
    m_sandboxNote->setObjectName(QStringLiteral("defaultSandboxNote"));
    m_sandboxNote->setTextFormat(Qt::PlainText);
    m_sandboxNote->setWordWrap(true);
    m_sandboxNote->hide();
    agentsForm->addRow(QString(), m_sandboxNote);
    for (const QString& language : AppSettings::languages()) {
        auto* edit = new QLineEdit(settings->image(language), this);
        edit->setPlaceholderText(AppSettings::builtInImage(language));
        edit->setAccessibleName(tr("Image for %1").arg(language));
        edit->setFont(style::monospaceFont());
        m_images.insert(language, edit);
        agentsForm->addRow(tr("Image for %1:").arg(language), edit);
        connect(edit, &QLineEdit::textChanged, this, &SettingsDialog::revalidate);
    }
    m_armDelayMs->setRange(0, AppSettings::MaxApproveArmDelayMs);
    m_armDelayMs->setSingleStep(100);
    m_armDelayMs->setSuffix(tr(" ms"));
    m_armDelayMs->setValue(settings->approveArmDelayMs());
    m_armDelayMs->setAccessibleName(tr("Approve is armed after"));
    m_armDelayMs->setToolTip(
        tr("After the request in view changes, approving waits this long, so a key meant "
           "for one request never approves another. 0 switches the wait off."));
    agentsForm->addRow(tr("&Approve is armed after:"), m_armDelayMs);
    layout->addWidget(agents);

    auto* remote = new QGroupBox(tr("Remote worker (Linux and Intel Macs)"), this);
    auto* remoteForm = new QFormLayout(remote);
    auto* remoteHelp =
        new QLabel(tr("kosa8 on Linux and Intel Macs drives a macOS worker. Leave empty for a local "
                      "kosa8 daemon. The token is passed to kosa8 only, never logged or shown in "
                      "commands."),
                   this);
    remoteHelp->setWordWrap(true);
    remoteForm->addRow(remoteHelp);
    m_host->setText(settings->remoteHost());
    m_host->setPlaceholderText(tr("worker.example.org:7443"));
    m_host->setAccessibleName(tr("Remote worker host (KOSA8_HOST)"));
    remoteForm->addRow(tr("&Host (KOSA8_HOST):"), m_host);
    m_token->setText(settings->remoteToken());
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setAccessibleName(tr("Remote worker token (KOSA8_TOKEN)"));
    QAction* reveal = m_token->addAction(style::icon(QStringLiteral("eye"), QStringLiteral("view-visible")),
                                         QLineEdit::TrailingPosition);
    reveal->setCheckable(true);
    reveal->setToolTip(tr("Show the token"));
    connect(reveal, &QAction::toggled, this,
            [this](bool on) { m_token->setEchoMode(on ? QLineEdit::Normal : QLineEdit::Password); });
    remoteForm->addRow(tr("&Token (KOSA8_TOKEN):"), m_token);
    layout->addWidget(remote);

    auto* kosa8Box = new QGroupBox(tr("kosa8"), this);
    auto* kosa8Form = new QFormLayout(kosa8Box);
    m_outputCapMiB->setRange(1, 1024);
    m_outputCapMiB->setSuffix(tr(" MiB"));
    m_outputCapMiB->setValue(int(qMax<qint64>(1, settings->outputCapBytes() / (1024 * 1024))));
    m_outputCapMiB->setAccessibleName(tr("Output kept per stream"));
    kosa8Form->addRow(tr("&Output kept per stream:"), m_outputCapMiB);
    m_refreshS->setRange(2, 3600);
    m_refreshS->setSuffix(tr(" s"));
    m_refreshS->setValue(settings->refreshIntervalS());
    m_refreshS->setAccessibleName(tr("Sandbox list refresh interval"));
    kosa8Form->addRow(tr("&Refresh the sandbox list every:"), m_refreshS);
    auto* profileRow = new QHBoxLayout;
    m_profilePath->setText(context->profilePath());
    m_profilePath->setFont(style::monospaceFont());
    m_profilePath->setTextInteractionFlags(Qt::TextSelectableByMouse);
    profileRow->addWidget(m_profilePath, 1);
    auto* openFolder = new QPushButton(tr("Open folder"), this);
    openFolder->setAccessibleName(tr("Open the folder of the command profile"));
    connect(openFolder, &QPushButton::clicked, this, [this] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(m_context->profilePath()).absolutePath()));
    });
    profileRow->addWidget(openFolder);
    auto* reload = new QPushButton(tr("Reload"), this);
    reload->setAccessibleName(tr("Reload the command profile"));
    connect(reload, &QPushButton::clicked, this, [this] {
        m_context->reloadConfiguration();
        updateProfileStatus();
    });
    profileRow->addWidget(reload);
    kosa8Form->addRow(tr("Command profile:"), profileRow);
    m_profileStatus->setObjectName(QStringLiteral("profileStatus"));
    m_profileStatus->setWordWrap(true);
    m_profileStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    kosa8Form->addRow(QString(), m_profileStatus);
    layout->addWidget(kosa8Box);

    m_message->setObjectName(QStringLiteral("settingsMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: %1;").arg(style::errorColor().name()));
    layout->addWidget(m_message);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::save);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_defaultSandbox, &QComboBox::editTextChanged, this, &SettingsDialog::revalidate);
    connect(m_host, &QLineEdit::textChanged, this, &SettingsDialog::revalidate);
    updateProfileStatus();
    revalidate();
    setMinimumWidth(600);
}

QLineEdit* SettingsDialog::defaultSandboxEdit() const
{
    return m_defaultSandbox->lineEdit();
}

QString SettingsDialog::defaultSandboxNote() const
{
    return m_sandboxNote->isHidden() ? QString() : m_sandboxNote->text();
}

void SettingsDialog::setSandboxModel(kosa8::SandboxListModel* model)
{
    if (m_sandboxes)
        m_sandboxes->disconnect(this);
    m_sandboxes = model;
    if (model) {
        connect(model, &QAbstractItemModel::modelReset, this, &SettingsDialog::fillSandboxes);
        connect(model, &QAbstractItemModel::rowsInserted, this, &SettingsDialog::fillSandboxes);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &SettingsDialog::fillSandboxes);
    }
    fillSandboxes();
}

void SettingsDialog::fillSandboxes()
{
    // The text in the field is the person's choice: a refresh of the list never changes it.
    const QString current = m_defaultSandbox->currentText();
    const QSignalBlocker blocker(m_defaultSandbox);
    m_defaultSandbox->clear();
    if (m_sandboxes) {
        for (const kosa8::Sandbox& sandbox : m_sandboxes->sandboxes())
            m_defaultSandbox->addItem(sandbox.name);
    }
    const int index = m_defaultSandbox->findText(current);
    if (index >= 0)
        m_defaultSandbox->setCurrentIndex(index);
    else
        m_defaultSandbox->setEditText(current);
    updateSandboxNote();
}

void SettingsDialog::updateSandboxNote()
{
    const QString name = m_defaultSandbox->currentText().trimmed();
    QString note;
    // Only with a list to compare against: without one nothing is known about the name.
    if (m_sandboxes && !name.isEmpty() && kosa8::Names::checkSandbox(name).isEmpty() &&
        !m_sandboxes->find(name))
        note = m_sandboxes->sandboxes().isEmpty()
                   ? tr("There are no sandboxes yet: runs will fail until a sandbox named \"%1\" is created.")
                         .arg(name)
                   : tr("There is no sandbox named \"%1\" now: runs will fail until it is created. It is "
                        "kept as typed.")
                         .arg(name);
    m_sandboxNote->setText(note);
    m_sandboxNote->setVisible(!note.isEmpty());
}

QString SettingsDialog::profileStatusText() const
{
    return m_profileStatus->text();
}

void SettingsDialog::updateProfileStatus()
{
    const kosa8::CommandProfile& profile = m_context->runner()->profile();
    if (!m_context->profileError().isEmpty()) {
        m_profileStatus->setStyleSheet(QStringLiteral("color: %1;").arg(style::errorColor().name()));
        m_profileStatus->setText(
            tr("Not used, the built-in commands apply: %1").arg(m_context->profileError()));
    } else if (!QFile::exists(m_context->profilePath())) {
        m_profileStatus->setStyleSheet({});
        m_profileStatus->setText(
            tr("No profile file: the built-in commands apply. Create this file to override "
               "the argv of any kosa8 operation."));
    } else {
        m_profileStatus->setStyleSheet({});
        const QStringList keys = profile.overriddenKeys();
        m_profileStatus->setText(keys.isEmpty()
                                     ? tr("Loaded; it overrides nothing.")
                                     : tr("Loaded; it overrides: %1").arg(keys.join(QStringLiteral(", "))));
    }
}

void SettingsDialog::revalidate()
{
    m_problem.clear();
    updateSandboxNote();
    const QString sandbox = m_defaultSandbox->currentText().trimmed();
    if (!sandbox.isEmpty()) {
        const QString problem = kosa8::Names::checkSandbox(sandbox);
        if (!problem.isEmpty())
            m_problem = tr("Default sandbox: %1").arg(problem);
    }
    for (const QString& language : AppSettings::languages()) {
        const QString image = m_images.value(language)->text().trimmed();
        if (m_problem.isEmpty() && !image.isEmpty()) {
            const QString problem = kosa8::Names::checkImage(image);
            if (!problem.isEmpty())
                m_problem = tr("Image for %1: %2").arg(language, problem);
        }
    }
    if (m_problem.isEmpty() && m_host->text().trimmed().contains(QLatin1Char(' ')))
        m_problem = tr("The remote host must not contain spaces.");
    m_message->setText(m_problem);
    m_message->setVisible(!m_problem.isEmpty());
    m_save->setEnabled(m_problem.isEmpty());
}

void SettingsDialog::save()
{
    revalidate();
    if (!m_problem.isEmpty())
        return;
    AppSettings* settings = m_context->settings();
    // Block the per-setter change signal: one configurationChanged for the whole save.
    {
        const QSignalBlocker blocker(settings);
        settings->setDefaultSandbox(m_defaultSandbox->currentText().trimmed());
        for (const QString& language : AppSettings::languages())
            settings->setImage(language, m_images.value(language)->text().trimmed());
        settings->setRemoteHost(m_host->text());
        settings->setRemoteToken(m_token->text());
        settings->setOutputCapBytes(qint64(m_outputCapMiB->value()) * 1024 * 1024);
        settings->setRefreshIntervalS(m_refreshS->value());
        settings->setApproveArmDelayMs(m_armDelayMs->value());
        settings->sync();
    }
    m_context->reloadConfiguration();
    accept();
}

} // namespace k8::app
