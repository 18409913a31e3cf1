// SPDX-License-Identifier: Apache-2.0
#include "settings/SettingsDialog.h"

#include "ui_SettingsDialog.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/Names.h"
#include "kosa8/SandboxListModel.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "profiles/ProfilesEditor.h"
#include "profiles/TokenPrompt.h"
#include "secrets/ProfileSecrets.h"
#include "settings/CommandProfileDialog.h"
#include "settings/LangGraphServersEditor.h"
#include "style/Style.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

namespace k8::app {

SettingsDialog::SettingsDialog(AppContext* context, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SettingsDialog>())
    , m_context(context)
    , m_profiles(new ProfilesEditor(context, this))
    , m_langGraphServers(new LangGraphServersEditor(context, this))
{
    m_ui->setupUi(this);
    AppSettings* settings = context->settings();

    // Picked from the sandboxes that exist (a typo would send every run to a sandbox that is not
    // there); a name can still be typed, for a sandbox made later.
    m_ui->defaultSandboxCombo->setEditText(settings->defaultSandbox());
    m_ui->defaultSandboxNote->hide();
    addImageRows();
    m_ui->armDelaySpin->setRange(0, AppSettings::MaxApproveArmDelayMs);
    m_ui->armDelaySpin->setValue(settings->approveArmDelayMs());
    m_ui->runStepLimitSpin->setRange(AppSettings::MinRunStepLimitS, AppSettings::MaxRunStepLimitS);
    m_ui->runStepLimitSpin->setValue(settings->runStepLimitS());
    m_ui->trialLimitSpin->setRange(AppSettings::MinTrialLimitS, AppSettings::MaxTrialLimitS);
    m_ui->trialLimitSpin->setValue(settings->trialLimitS());

    m_ui->profilesLayout->addWidget(m_profiles);
    setTabOrder(m_ui->armDelaySpin, m_ui->runStepLimitSpin);
    setTabOrder(m_ui->runStepLimitSpin, m_ui->trialLimitSpin);
    setTabOrder(m_ui->trialLimitSpin, m_profiles);
    addLangGraphGroup();
    setTabOrder(m_profiles, m_langGraphServers);
    setTabOrder(m_langGraphServers, m_ui->outputCapSpin);
    // Saving a token may find no keychain: the person is asked (over this dialog) before it is
    // kept in memory only.
    if (!context->profileSecrets()->hasAsk())
        installTokenPrompt(context->profileSecrets());

    m_ui->outputCapSpin->setValue(int(qMax<qint64>(1, settings->outputCapBytes() / (1024 * 1024))));
    m_ui->refreshSpin->setValue(settings->refreshIntervalS());
    m_ui->profilePath->setText(context->profilePath());
    m_ui->profilePath->setFont(style::monospaceFont());
    connect(m_ui->openFolderButton, &QPushButton::clicked, this, [this] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(m_context->profilePath()).absolutePath()));
    });
    connect(m_ui->editProfileButton, &QPushButton::clicked, this, &SettingsDialog::editProfile);
    connect(m_ui->reloadButton, &QPushButton::clicked, this, [this] {
        m_context->reloadConfiguration();
        updateProfileStatus();
    });

    style::setTextTone(m_ui->settingsMessage, style::Tone::Error);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &SettingsDialog::save);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_ui->defaultSandboxCombo, &QComboBox::editTextChanged, this, &SettingsDialog::revalidate);
    connect(m_profiles, &ProfilesEditor::edited, this, &SettingsDialog::revalidate);
    connect(m_langGraphServers, &LangGraphServersEditor::edited, this, &SettingsDialog::revalidate);
    updateProfileStatus();
    revalidate();
    // In code, not in the form: a form's minimumSize fixes the minimum height too (at 0), and the
    // wrapped notes then lose the height they need.
    setMinimumWidth(600);
    scrollWhenTallerThanTheScreen();
}

void SettingsDialog::scrollWhenTallerThanTheScreen()
{
    // With the profiles section the form is taller than a 768-pixel screen. A dialog is never
    // made taller than the screen, so Qt squeezed every row below its height (fields cut in
    // half); in a scroll area each keeps its height and the form scrolls instead.
    auto* content = new QWidget;
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* group :
         {static_cast<QWidget*>(m_ui->agentsGroup), static_cast<QWidget*>(m_ui->remoteGroup),
          static_cast<QWidget*>(m_langGraphGroup), static_cast<QWidget*>(m_ui->kosa8Group)}) {
        m_ui->mainLayout->removeWidget(group);
        contentLayout->addWidget(group);
    }
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("settingsScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Only up and down: the notes wrap to the width there is.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(content);
    m_ui->mainLayout->insertWidget(0, scroll, 1);

    const int scrollBar = scroll->verticalScrollBar()->sizeHint().width();
    const int margins =
        m_ui->mainLayout->contentsMargins().left() + m_ui->mainLayout->contentsMargins().right();
    // Never narrower than the form: the rows would be cut on the right.
    setMinimumWidth(qMax(minimumWidth(), content->minimumSizeHint().width() + scrollBar + margins));
    const QSize wanted = content->sizeHint() + QSize(scrollBar + margins, 0);
    const int buttons = m_ui->buttonBox->sizeHint().height() + 3 * m_ui->mainLayout->spacing();
    QSize size(qMax(minimumWidth(), wanted.width()), wanted.height() + buttons);
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.9);
    resize(size);
}

SettingsDialog::~SettingsDialog() = default;

void SettingsDialog::addLangGraphGroup()
{
    // In code: the form has no room for it, and the section is one widget with its help.
    m_langGraphGroup = new QGroupBox(tr("LangGraph servers"), this);
    m_langGraphGroup->setObjectName(QStringLiteral("langGraphGroup"));
    auto* layout = new QVBoxLayout(m_langGraphGroup);
    auto* help = new QLabel(tr("kosa8 Desk watches these LangGraph servers (langgraph dev, or a deployed "
                               "LangGraph API) and shows each pending interrupt in the inbox, to be "
                               "decided like an agent's request on this machine. API keys are kept in "
                               "the system keychain, never in the settings file, logs or shown commands."),
                            m_langGraphGroup);
    help->setObjectName(QStringLiteral("langGraphHelp"));
    help->setWordWrap(true);
    help->setTextFormat(Qt::PlainText);
    layout->addWidget(help);
    m_langGraphServers->setParent(m_langGraphGroup);
    layout->addWidget(m_langGraphServers);
    m_ui->mainLayout->insertWidget(m_ui->mainLayout->indexOf(m_ui->kosa8Group), m_langGraphGroup);
}

void SettingsDialog::addImageRows()
{
    AppSettings* settings = m_context->settings();
    // After the default sandbox and its note, before the approve delay; in the tab order too.
    int row = 2;
    QWidget* previous = m_ui->defaultSandboxCombo;
    for (const QString& language : AppSettings::languages()) {
        auto* edit = new QLineEdit(settings->image(language), this);
        edit->setPlaceholderText(AppSettings::builtInImage(language));
        edit->setAccessibleName(tr("Image for %1").arg(language));
        edit->setFont(style::monospaceFont());
        m_images.insert(language, edit);
        m_ui->agentsForm->insertRow(row++, tr("Image for %1:").arg(language), edit);
        setTabOrder(previous, edit);
        previous = edit;
        connect(edit, &QLineEdit::textChanged, this, &SettingsDialog::revalidate);
    }
    setTabOrder(previous, m_ui->armDelaySpin);
}

QComboBox* SettingsDialog::defaultSandboxCombo() const
{
    return m_ui->defaultSandboxCombo;
}

QLineEdit* SettingsDialog::hostEdit() const
{
    return m_profiles->hostEdit();
}

QLineEdit* SettingsDialog::tokenEdit() const
{
    return m_profiles->tokenEdit();
}

QSpinBox* SettingsDialog::outputCapSpin() const
{
    return m_ui->outputCapSpin;
}

QSpinBox* SettingsDialog::refreshSpin() const
{
    return m_ui->refreshSpin;
}

QSpinBox* SettingsDialog::armDelaySpin() const
{
    return m_ui->armDelaySpin;
}

QSpinBox* SettingsDialog::runStepLimitSpin() const
{
    return m_ui->runStepLimitSpin;
}

QPushButton* SettingsDialog::saveButton() const
{
    return m_ui->buttonBox->button(QDialogButtonBox::Save);
}

QLineEdit* SettingsDialog::defaultSandboxEdit() const
{
    return m_ui->defaultSandboxCombo->lineEdit();
}

QString SettingsDialog::defaultSandboxNote() const
{
    return m_ui->defaultSandboxNote->isHidden() ? QString() : m_ui->defaultSandboxNote->text();
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
    const QString current = m_ui->defaultSandboxCombo->currentText();
    const QSignalBlocker blocker(m_ui->defaultSandboxCombo);
    m_ui->defaultSandboxCombo->clear();
    if (m_sandboxes) {
        for (const kosa8::Sandbox& sandbox : m_sandboxes->sandboxes())
            m_ui->defaultSandboxCombo->addItem(sandbox.name);
    }
    const int index = m_ui->defaultSandboxCombo->findText(current);
    if (index >= 0)
        m_ui->defaultSandboxCombo->setCurrentIndex(index);
    else
        m_ui->defaultSandboxCombo->setEditText(current);
    updateSandboxNote();
}

void SettingsDialog::updateSandboxNote()
{
    const QString name = m_ui->defaultSandboxCombo->currentText().trimmed();
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
    m_ui->defaultSandboxNote->setText(note);
    m_ui->defaultSandboxNote->setVisible(!note.isEmpty());
}

void SettingsDialog::editProfile()
{
    auto* editor = new CommandProfileDialog(m_context, this);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    connect(editor, &QDialog::accepted, this, &SettingsDialog::updateProfileStatus);
    editor->open();
}

QString SettingsDialog::profileStatusText() const
{
    return m_ui->profileStatus->text();
}

void SettingsDialog::updateProfileStatus()
{
    const kosa8::CommandProfile& profile = m_context->runner()->profile();
    if (!m_context->profileError().isEmpty()) {
        style::setTextTone(m_ui->profileStatus, style::Tone::Error);
        m_ui->profileStatus->setText(
            tr("Not used, the built-in commands apply: %1").arg(m_context->profileError()));
    } else if (!QFile::exists(m_context->profilePath())) {
        style::setTextTone(m_ui->profileStatus, style::Tone::None);
        m_ui->profileStatus->setText(
            tr("No profile file: the built-in commands apply. Create this file to override "
               "the argv of any kosa8 operation."));
    } else {
        style::setTextTone(m_ui->profileStatus, style::Tone::None);
        const QStringList keys = profile.overriddenKeys();
        m_ui->profileStatus->setText(
            keys.isEmpty() ? tr("Loaded; it overrides nothing.")
                           : tr("Loaded; it overrides: %1").arg(keys.join(QStringLiteral(", "))));
    }
}

void SettingsDialog::revalidate()
{
    m_problem.clear();
    updateSandboxNote();
    const QString sandbox = m_ui->defaultSandboxCombo->currentText().trimmed();
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
    if (m_problem.isEmpty())
        m_problem = m_profiles->problem();
    if (m_problem.isEmpty())
        m_problem = m_langGraphServers->problem();
    m_ui->settingsMessage->setText(m_problem);
    m_ui->settingsMessage->setVisible(!m_problem.isEmpty());
    saveButton()->setEnabled(m_problem.isEmpty());
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
        settings->setDefaultSandbox(m_ui->defaultSandboxCombo->currentText().trimmed());
        for (const QString& language : AppSettings::languages())
            settings->setImage(language, m_images.value(language)->text().trimmed());
        settings->setOutputCapBytes(qint64(m_ui->outputCapSpin->value()) * 1024 * 1024);
        settings->setRefreshIntervalS(m_ui->refreshSpin->value());
        settings->setApproveArmDelayMs(m_ui->armDelaySpin->value());
        settings->setRunStepLimitS(m_ui->runStepLimitSpin->value());
        settings->setTrialLimitS(m_ui->trialLimitSpin->value());
        settings->sync();
    }
    QString profileError;
    if (!m_profiles->apply(&profileError)) {
        // Every valid change was saved; what was not stays in the dialog with the reason.
        m_problem = profileError;
        m_ui->settingsMessage->setText(m_problem);
        m_ui->settingsMessage->setVisible(true);
        m_context->reloadConfiguration();
        return;
    }
    if (QString serversError; !m_langGraphServers->apply(&serversError)) {
        m_problem = serversError;
        m_ui->settingsMessage->setText(m_problem);
        m_ui->settingsMessage->setVisible(true);
        m_context->reloadConfiguration();
        return;
    }
    settings->sync();
    m_context->reloadConfiguration();
    accept();
}

} // namespace k8::app
