// SPDX-License-Identifier: Apache-2.0
#include "profiles/ProfilesEditor.h"

#include "plumbing/AppContext.h"
#include "profiles/ProfileHealthCheck.h"
#include "secrets/ProfileSecrets.h"
#include "style/Style.h"
#include "widgets/CommandPreviewField.h"
#include "widgets/MessageBox.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace k8::app {

using kosa8::SavedProfile;

ProfilesEditor::ProfilesEditor(AppContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
{
    buildLayout();
    const kosa8::ConnectionProfiles* profiles = context->profiles();
    for (const SavedProfile& profile : profiles->profiles()) {
        Draft draft;
        draft.profile = profile;
        draft.key = profile.id;
        m_drafts.append(draft);
    }
    m_activeKey = profiles->activeId();
    fillList();
    // Tokens read from the keychain after the dialog opened: show where they stand.
    connect(profiles, &kosa8::ConnectionProfiles::profileChanged, this, [this, profiles](const QString& id) {
        for (int row = 0; row < m_drafts.size(); ++row) {
            Draft& draft = m_drafts[row];
            const SavedProfile* saved = profiles->find(id);
            if (draft.key != id || !saved)
                continue;
            draft.profile.tokenState = saved->tokenState;
            if (!draft.tokenEdited)
                draft.profile.token = saved->token;
            if (row == currentRow())
                showRow(row);
        }
    });
    m_list->setCurrentRow(profiles->indexOf(m_activeKey));
}

ProfilesEditor::~ProfilesEditor() = default;

void ProfilesEditor::buildLayout()
{
    // Built in code rather than a form: the rows appear and change with the selected profile.
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);

    auto* left = new QVBoxLayout;
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("profileList"));
    m_list->setAccessibleName(tr("Connection profiles"));
    m_list->setMinimumWidth(160);
    left->addWidget(m_list, 1);
    auto* listButtons = new QHBoxLayout;
    m_add = new QPushButton(tr("&Add"), this);
    m_add->setAccessibleName(tr("Add a connection profile"));
    m_remove = new QPushButton(tr("&Remove…"), this);
    m_remove->setAccessibleName(tr("Remove the selected connection profile"));
    listButtons->addWidget(m_add);
    listButtons->addWidget(m_remove);
    left->addLayout(listButtons);
    m_makeActive = new QPushButton(tr("Make a&ctive"), this);
    m_makeActive->setAccessibleName(tr("Make the selected profile the active connection"));
    left->addWidget(m_makeActive);
    outer->addLayout(left);

    auto* form = new QFormLayout;
    m_name = new QLineEdit(this);
    m_name->setAccessibleName(tr("Profile name"));
    form->addRow(tr("&Name:"), m_name);
    m_kind = new QComboBox(this);
    m_kind->setAccessibleName(tr("Connection kind"));
    m_kind->addItem(SavedProfile::kindText(SavedProfile::Kind::Local), int(SavedProfile::Kind::Local));
    m_kind->addItem(SavedProfile::kindText(SavedProfile::Kind::Remote), int(SavedProfile::Kind::Remote));
    form->addRow(tr("&Kind:"), m_kind);

    auto* executableRow = new QHBoxLayout;
    m_executable = new QLineEdit(this);
    m_executable->setAccessibleName(tr("kosa8 executable"));
    m_executable->setPlaceholderText(QStringLiteral("kosa8"));
    m_executable->setFont(style::monospaceFont());
    m_browse = new QPushButton(tr("&Browse…"), this);
    m_browse->setAccessibleName(tr("Choose the kosa8 executable"));
    executableRow->addWidget(m_executable, 1);
    executableRow->addWidget(m_browse);
    // A label made by addRow() for a layout has no buddy and showed its '&'.
    auto* executableLabel = new QLabel(tr("E&xecutable:"), this);
    executableLabel->setBuddy(m_executable);
    form->addRow(executableLabel, executableRow);
    m_executableNote = new QLabel(this);
    m_executableNote->setObjectName(QStringLiteral("executableNote"));
    m_executableNote->setTextFormat(Qt::PlainText);
    m_executableNote->setWordWrap(true);
    form->addRow(QString(), m_executableNote);

    m_host = new QLineEdit(this);
    m_host->setAccessibleName(tr("Remote worker host (KOSA8_HOST)"));
    m_host->setPlaceholderText(QStringLiteral("worker.example.org:7443"));
    form->addRow(tr("&Host (KOSA8_HOST):"), m_host);
    m_token = new QLineEdit(this);
    m_token->setAccessibleName(tr("Remote worker token (KOSA8_TOKEN)"));
    m_token->setEchoMode(QLineEdit::Password);
    QAction* reveal = m_token->addAction(style::icon(QStringLiteral("eye"), QStringLiteral("view-visible")),
                                         QLineEdit::TrailingPosition);
    reveal->setObjectName(QStringLiteral("revealToken"));
    reveal->setCheckable(true);
    reveal->setToolTip(tr("Show the token"));
    connect(reveal, &QAction::toggled, this,
            [this](bool on) { m_token->setEchoMode(on ? QLineEdit::Normal : QLineEdit::Password); });
    form->addRow(tr("&Token (KOSA8_TOKEN):"), m_token);
    m_tokenState = new QLabel(this);
    m_tokenState->setObjectName(QStringLiteral("tokenState"));
    m_tokenState->setTextFormat(Qt::PlainText);
    m_tokenState->setWordWrap(true);
    form->addRow(QString(), m_tokenState);

    auto* healthRow = new QHBoxLayout;
    m_health = new QLabel(this);
    m_health->setObjectName(QStringLiteral("profileHealth"));
    m_health->setTextFormat(Qt::PlainText);
    m_health->setWordWrap(true);
    m_health->setAccessibleDescription(tr("Health of the selected profile"));
    m_check = new QPushButton(tr("C&heck"), this);
    m_check->setAccessibleName(tr("Check the selected profile with kosa8 version"));
    healthRow->addWidget(m_health, 1);
    healthRow->addWidget(m_check);
    form->addRow(tr("Health:"), healthRow);
    m_command = new CommandPreviewField(this);
    m_command->setAccessibleName(tr("The command of the health check"));
    form->addRow(tr("Command:"), m_command);
    outer->addLayout(form, 1);

    connect(m_list, &QListWidget::currentRowChanged, this, &ProfilesEditor::showRow);
    connect(m_add, &QPushButton::clicked, this, &ProfilesEditor::addDraft);
    connect(m_remove, &QPushButton::clicked, this, &ProfilesEditor::removeCurrent);
    connect(m_makeActive, &QPushButton::clicked, this, &ProfilesEditor::makeCurrentActive);
    connect(m_check, &QPushButton::clicked, this, &ProfilesEditor::checkCurrent);
    connect(m_browse, &QPushButton::clicked, this, &ProfilesEditor::browse);
    for (QLineEdit* edit : {m_name, m_executable, m_host})
        connect(edit, &QLineEdit::textEdited, this, &ProfilesEditor::storeFields);
    connect(m_token, &QLineEdit::textEdited, this, [this] {
        if (Draft* draft = current())
            draft->tokenEdited = true;
        storeFields();
    });
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ProfilesEditor::storeFields);
}

ProfilesEditor::Draft* ProfilesEditor::current()
{
    const int row = currentRow();
    return row >= 0 && row < m_drafts.size() ? &m_drafts[row] : nullptr;
}

const ProfilesEditor::Draft* ProfilesEditor::current() const
{
    const int row = currentRow();
    return row >= 0 && row < m_drafts.size() ? &m_drafts.at(row) : nullptr;
}

int ProfilesEditor::currentRow() const
{
    return m_list->currentRow();
}

QString ProfilesEditor::draftName(int row) const
{
    return row >= 0 && row < m_drafts.size() ? m_drafts.at(row).profile.name : QString();
}

bool ProfilesEditor::isActiveRow(int row) const
{
    return row >= 0 && row < m_drafts.size() && m_drafts.at(row).key == m_activeKey;
}

ProfileHealthCheck* ProfilesEditor::healthCheck(int row) const
{
    return row >= 0 && row < m_drafts.size() ? m_drafts.at(row).health : nullptr;
}

void ProfilesEditor::fillList()
{
    const int row = currentRow();
    m_filling = true;
    m_list->clear();
    for (int i = 0; i < m_drafts.size(); ++i) {
        m_list->addItem(QString());
        updateRowText(i);
    }
    m_filling = false;
    if (row >= 0 && row < m_drafts.size())
        m_list->setCurrentRow(row);
    m_remove->setEnabled(m_drafts.size() > 1);
}

void ProfilesEditor::updateRowText(int row)
{
    QListWidgetItem* item = m_list->item(row);
    if (!item)
        return;
    const Draft& draft = m_drafts.at(row);
    // Names are plain text in a list item (never markup); the active one is marked in words
    // and in bold, so it does not depend on colour.
    const bool active = draft.key == m_activeKey;
    item->setText(active ? tr("%1 (active)").arg(draft.profile.name) : draft.profile.name);
    QFont font = item->font();
    font.setBold(active);
    item->setFont(font);
    item->setData(Qt::AccessibleTextRole,
                  active ? tr("%1, active").arg(draft.profile.name) : draft.profile.name);
}

kosa8::ConnectionProfile ProfilesEditor::connectionOf(const Draft& draft) const
{
    kosa8::ConnectionProfile connection;
    connection.name = draft.profile.name;
    // The command line's executable replaces the active profile's for this run (AppContext).
    const QString override = m_context->executableOverride();
    connection.executable =
        draft.key == m_activeKey && !override.isEmpty() ? override : draft.profile.executable;
    if (draft.profile.kind == SavedProfile::Kind::Remote) {
        connection.host = draft.profile.host;
        connection.token = draft.profile.token;
    }
    connection.extraEnvironment = draft.profile.extraEnvironment;
    return connection;
}

void ProfilesEditor::showRow(int row)
{
    if (m_filling)
        return;
    const Draft* draft = row >= 0 && row < m_drafts.size() ? &m_drafts.at(row) : nullptr;
    m_filling = true;
    m_name->setText(draft ? draft->profile.name : QString());
    m_kind->setCurrentIndex(draft && draft->profile.kind == SavedProfile::Kind::Remote ? 1 : 0);
    m_executable->setText(draft ? draft->profile.executable : QString());
    m_host->setText(draft ? draft->profile.host : QString());
    m_token->setText(draft ? draft->profile.token : QString());
    m_filling = false;
    const bool remote = draft && draft->profile.kind == SavedProfile::Kind::Remote;
    m_host->setEnabled(remote);
    m_token->setEnabled(remote);
    if (!draft)
        m_tokenState->clear();
    else if (!remote)
        m_tokenState->setText(tr("A local daemon needs no token."));
    else if (draft->tokenEdited)
        m_tokenState->setText(tr("The new token is saved to the keychain with Save."));
    else
        m_tokenState->setText(SavedProfile::tokenStateText(draft->profile.tokenState));
    m_makeActive->setEnabled(draft && draft->key != m_activeKey);
    updateExecutableNote();
    // One check per profile when it is first shown; Check runs it again.
    if (draft && !draft->health)
        checkCurrent();
    updateHealth();
}

void ProfilesEditor::updateExecutableNote()
{
    const Draft* draft = current();
    const QString override = m_context->executableOverride();
    if (draft && draft->key == m_activeKey && !override.isEmpty()) {
        m_executableNote->setText(
            tr("For this run kosa8 Desk uses %1, given on its command line (--kosa8 or KOSA8_DESK_KOSA8), "
               "instead of this executable.")
                .arg(override));
        m_executableNote->show();
    } else {
        m_executableNote->clear();
        m_executableNote->hide();
    }
}

void ProfilesEditor::storeFields()
{
    if (m_filling)
        return;
    Draft* draft = current();
    if (!draft)
        return;
    draft->profile.name = m_name->text();
    draft->profile.kind = SavedProfile::Kind(m_kind->currentData().toInt());
    draft->profile.executable = m_executable->text();
    draft->profile.host = m_host->text();
    if (draft->tokenEdited)
        draft->profile.token = m_token->text();
    const bool remote = draft->profile.kind == SavedProfile::Kind::Remote;
    m_host->setEnabled(remote);
    m_token->setEnabled(remote);
    updateRowText(currentRow());
    if (draft->health)
        draft->health->setConnection(connectionOf(*draft));
    updateHealth();
    Q_EMIT edited();
}

void ProfilesEditor::updateHealth()
{
    const Draft* draft = current();
    if (!draft || !draft->health) {
        m_health->clear();
        m_command->setUnavailable(tr("Select a profile."));
        return;
    }
    const QString preview = draft->health->preview();
    if (preview.isEmpty())
        m_command->setUnavailable(tr("The profile is not complete yet."));
    else
        m_command->setCommand(preview);
    m_health->setText(draft->health->summary());
    m_check->setEnabled(!draft->health->isRunning());
}

void ProfilesEditor::checkCurrent()
{
    Draft* draft = current();
    if (!draft)
        return;
    if (!draft->health) {
        draft->health = new ProfileHealthCheck(m_context, connectionOf(*draft), this);
        ProfileHealthCheck* check = draft->health;
        connect(check, &ProfileHealthCheck::finished, this, [this, check] {
            const Draft* shown = current();
            if (shown && shown->health == check)
                updateHealth();
        });
    } else {
        draft->health->setConnection(connectionOf(*draft));
    }
    draft->health->start();
    updateHealth();
}

void ProfilesEditor::addDraft()
{
    Draft draft;
    draft.key = QStringLiteral("new-%1").arg(m_nextNew++);
    QString name = tr("Remote");
    for (int n = 2; std::any_of(m_drafts.begin(), m_drafts.end(),
                                [&name](const Draft& d) {
                                    return d.profile.name.trimmed().compare(name, Qt::CaseInsensitive) == 0;
                                });
         ++n)
        name = tr("Remote %1").arg(n);
    draft.profile.name = name;
    draft.profile.kind = SavedProfile::Kind::Remote;
    m_drafts.append(draft);
    fillList();
    m_list->setCurrentRow(int(m_drafts.size()) - 1);
    m_host->setFocus();
    Q_EMIT edited();
}

void ProfilesEditor::removeCurrent()
{
    const int row = currentRow();
    if (row < 0 || m_drafts.size() <= 1)
        return;
    MessageBox::Question question;
    question.objectName = QStringLiteral("removeProfile");
    question.title = tr("Remove the profile?");
    question.text = tr("Remove the connection profile \"%1\" and its token? This happens when you save the "
                       "settings.")
                        .arg(m_drafts.at(row).profile.name);
    question.acceptText = tr("Remove");
    question.destructive = true;
    if (MessageBox::ask(this, question) != MessageBox::Answer::Accept)
        return;
    const Draft removed = m_drafts.takeAt(row);
    if (!removed.profile.id.isEmpty())
        m_removedIds << removed.profile.id;
    delete removed.health;
    if (removed.key == m_activeKey)
        m_activeKey = m_drafts.constFirst().key;
    fillList();
    m_list->setCurrentRow(qMin(row, int(m_drafts.size()) - 1));
    showRow(currentRow());
    Q_EMIT edited();
}

void ProfilesEditor::makeCurrentActive()
{
    const Draft* draft = current();
    if (!draft)
        return;
    m_activeKey = draft->key;
    for (int row = 0; row < m_drafts.size(); ++row)
        updateRowText(row);
    showRow(currentRow());
    Q_EMIT edited();
}

void ProfilesEditor::browse()
{
    // Not the static getOpenFileName(): it would spin its own event loop.
    auto* dialog = new QFileDialog(this, tr("Choose the kosa8 executable"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setObjectName(QStringLiteral("browseExecutable"));
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
        m_executable->setText(path);
        storeFields();
    });
    dialog->open();
}

QString ProfilesEditor::problem() const
{
    for (int row = 0; row < m_drafts.size(); ++row) {
        const SavedProfile& profile = m_drafts.at(row).profile;
        QString problem = kosa8::ConnectionProfiles::checkNameShape(profile.name);
        if (problem.isEmpty()) {
            for (int other = 0; other < row; ++other) {
                if (m_drafts.at(other).profile.name.trimmed().compare(profile.name.trimmed(),
                                                                      Qt::CaseInsensitive) == 0)
                    problem = tr("There is already a profile named \"%1\".").arg(profile.name.trimmed());
            }
        }
        if (problem.isEmpty())
            problem = kosa8::ConnectionProfiles::checkConnection(profile);
        if (!problem.isEmpty())
            return tr("Connection profile %1: %2").arg(row + 1).arg(problem);
    }
    return {};
}

bool ProfilesEditor::apply(QString* error)
{
    kosa8::ConnectionProfiles* profiles = m_context->profiles();
    secrets::ProfileSecrets* secrets = m_context->profileSecrets();
    QStringList errors;
    const QString previousActive = profiles->activeId();
    // Profiles that go (not the active one yet: there must always be one to switch to).
    for (const QString& id : std::as_const(m_removedIds)) {
        QString problem;
        if (id != previousActive && !secrets->removeProfile(id, &problem))
            errors << problem;
    }
    QString activeId;
    for (Draft& draft : m_drafts) {
        QString problem;
        const SavedProfile* saved = draft.profile.id.isEmpty() ? nullptr : profiles->find(draft.profile.id);
        const bool hadToken = saved && saved->tokenState != SavedProfile::TokenState::None;
        if (draft.profile.id.isEmpty()) {
            draft.profile.id = profiles->add(draft.profile, &problem);
            if (draft.profile.id.isEmpty()) {
                errors << problem;
                continue;
            }
        } else if (!profiles->update(draft.profile, &problem)) {
            errors << problem;
            continue;
        }
        const bool remote = draft.profile.kind == SavedProfile::Kind::Remote;
        if (remote && draft.tokenEdited)
            secrets->setToken(draft.profile.id, draft.profile.token);
        else if (!remote && hadToken)
            secrets->setToken(draft.profile.id, {});
        draft.tokenEdited = false;
        if (draft.key == m_activeKey)
            activeId = draft.profile.id;
    }
    if (!activeId.isEmpty())
        profiles->setActive(activeId);
    if (m_removedIds.contains(previousActive)) {
        QString problem;
        if (!secrets->removeProfile(previousActive, &problem))
            errors << problem;
    }
    m_removedIds.clear();
    if (error)
        *error = errors.join(QLatin1Char('\n'));
    return errors.isEmpty();
}

} // namespace k8::app
