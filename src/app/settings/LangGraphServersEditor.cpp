// SPDX-License-Identifier: Apache-2.0
#include "settings/LangGraphServersEditor.h"

#include "agent/langgraph/LangGraphServers.h"
#include "agent/langgraph/LangGraphSource.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "secrets/ServerApiKeys.h"
#include "settings/LangGraphHealthText.h"
#include "style/Style.h"

#include <QAction>
#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QUuid>
#include <QVBoxLayout>

namespace k8::app {

using agent::langgraph::LangGraphServers;
using agent::langgraph::LangGraphServerStatus;
using agent::langgraph::SavedLangGraphServer;
using agent::langgraph::SavedLangGraphServers;

LangGraphServersEditor::LangGraphServersEditor(AppContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
{
    buildLayout();
    const secrets::ServerApiKeys* keys = context->serverApiKeys();
    for (const SavedLangGraphServer& server : context->settings()->langGraphServers()->servers()) {
        Draft draft;
        draft.server = server;
        draft.urlText = server.url.toString();
        draft.graphsText = server.graphs.join(QStringLiteral(", "));
        draft.apiKey = keys->key(SavedLangGraphServers::secretKey(server.id));
        draft.watchedId = server.id;
        m_drafts.append(draft);
    }
    if (const LangGraphServers* watched = context->watchedLangGraphServers()) {
        for (const LangGraphServers::Server& server : watched->servers()) {
            if (!server.fromCommandLine)
                continue;
            Draft draft;
            draft.server.name = server.config.name;
            draft.server.url = server.config.url;
            draft.urlText = server.config.url.toString();
            draft.commandLineUrl = draft.urlText;
            draft.watchedId = server.id;
            m_drafts.append(draft);
        }
        // The health follows the servers while the dialog is open.
        connect(watched, &LangGraphServers::statusChanged, this, [this] { updateRowTexts(); });
        connect(watched, &LangGraphServers::serversChanged, this, [this] { updateRowTexts(); });
    }
    // A key read from the keychain after the dialog opened is shown (unless one was typed).
    connect(keys, &secrets::ServerApiKeys::changed, this, [this, keys](const QString& secretName) {
        for (Draft& draft : m_drafts) {
            if (SavedLangGraphServers::secretKey(draft.server.id) != secretName)
                continue;
            if (!draft.apiKeyEdited)
                draft.apiKey = keys->key(secretName);
        }
        showRow(m_list->currentRow());
    });
    fillList();
    m_list->setCurrentRow(m_drafts.isEmpty() ? -1 : 0);
    showRow(m_list->currentRow());
}

LangGraphServersEditor::~LangGraphServersEditor() = default;

void LangGraphServersEditor::buildLayout()
{
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);

    auto* left = new QVBoxLayout;
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("langGraphServerList"));
    m_list->setAccessibleName(tr("LangGraph servers"));
    m_list->setMinimumWidth(200);
    left->addWidget(m_list, 1);
    auto* listButtons = new QHBoxLayout;
    m_add = new QPushButton(tr("Add server"), this);
    m_add->setObjectName(QStringLiteral("addLangGraphServer"));
    m_add->setAccessibleName(tr("Add a LangGraph server"));
    m_remove = new QPushButton(tr("Remove server"), this);
    m_remove->setObjectName(QStringLiteral("removeLangGraphServer"));
    m_remove->setAccessibleName(tr("Remove the selected LangGraph server"));
    listButtons->addWidget(m_add);
    listButtons->addWidget(m_remove);
    left->addLayout(listButtons);
    outer->addLayout(left);

    auto* form = new QFormLayout;
    const auto addRow = [this, form](const QString& label, QWidget* field) {
        auto* text = new QLabel(label, this);
        text->setBuddy(field);
        form->addRow(text, field);
    };
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("langGraphServerName"));
    m_name->setAccessibleName(tr("LangGraph server name"));
    m_name->setPlaceholderText(tr("e.g. staging"));
    m_name->setMaxLength(SavedLangGraphServers::MaxNameLength);
    addRow(tr("Server name:"), m_name);
    m_url = new QLineEdit(this);
    m_url->setObjectName(QStringLiteral("langGraphServerUrl"));
    m_url->setAccessibleName(tr("LangGraph server URL"));
    m_url->setPlaceholderText(QStringLiteral("http://127.0.0.1:2024"));
    m_url->setFont(style::monospaceFont());
    addRow(tr("URL:"), m_url);
    m_apiKey = new QLineEdit(this);
    m_apiKey->setObjectName(QStringLiteral("langGraphServerApiKey"));
    m_apiKey->setAccessibleName(tr("LangGraph server API key (x-api-key)"));
    m_apiKey->setPlaceholderText(tr("none"));
    m_apiKey->setEchoMode(QLineEdit::Password);
    QAction* reveal = m_apiKey->addAction(style::icon(QStringLiteral("eye"), QStringLiteral("view-visible")),
                                          QLineEdit::TrailingPosition);
    reveal->setObjectName(QStringLiteral("revealApiKey"));
    reveal->setCheckable(true);
    reveal->setToolTip(tr("Show the API key"));
    connect(reveal, &QAction::toggled, this,
            [this](bool on) { m_apiKey->setEchoMode(on ? QLineEdit::Normal : QLineEdit::Password); });
    addRow(tr("API key:"), m_apiKey);
    m_apiKeyState = new QLabel(this);
    m_apiKeyState->setObjectName(QStringLiteral("langGraphApiKeyState"));
    m_apiKeyState->setTextFormat(Qt::PlainText);
    m_apiKeyState->setWordWrap(true);
    form->addRow(QString(), m_apiKeyState);
    m_graphs = new QLineEdit(this);
    m_graphs->setObjectName(QStringLiteral("langGraphServerGraphs"));
    m_graphs->setAccessibleName(tr("Graphs to watch, separated by commas (empty: all)"));
    m_graphs->setPlaceholderText(tr("all graphs"));
    addRow(tr("Graphs:"), m_graphs);
    m_watch = new QCheckBox(tr("Watch this server for interrupts"), this);
    m_watch->setObjectName(QStringLiteral("langGraphServerWatch"));
    form->addRow(QString(), m_watch);
    m_health = new QLabel(this);
    m_health->setObjectName(QStringLiteral("langGraphServerHealth"));
    m_health->setTextFormat(Qt::PlainText);
    m_health->setWordWrap(true);
    m_health->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_health->setAccessibleDescription(tr("Health of the selected LangGraph server"));
    addRow(tr("Health:"), m_health);
    outer->addLayout(form, 1);

    setTabOrder(m_list, m_add);
    setTabOrder(m_add, m_remove);
    setTabOrder(m_remove, m_name);
    setTabOrder(m_name, m_url);
    setTabOrder(m_url, m_apiKey);
    setTabOrder(m_apiKey, m_graphs);
    setTabOrder(m_graphs, m_watch);
    setTabOrder(m_watch, m_health);

    connect(m_list, &QListWidget::currentRowChanged, this, &LangGraphServersEditor::showRow);
    connect(m_add, &QPushButton::clicked, this, &LangGraphServersEditor::addDraft);
    connect(m_remove, &QPushButton::clicked, this, &LangGraphServersEditor::removeCurrent);
    for (QLineEdit* edit : {m_name, m_url, m_graphs})
        connect(edit, &QLineEdit::textEdited, this, &LangGraphServersEditor::storeFields);
    connect(m_apiKey, &QLineEdit::textEdited, this, [this] {
        if (Draft* draft = current())
            draft->apiKeyEdited = true;
        storeFields();
    });
    connect(m_watch, &QCheckBox::toggled, this, &LangGraphServersEditor::storeFields);
}

LangGraphServersEditor::Draft* LangGraphServersEditor::current()
{
    const int row = m_list->currentRow();
    return row >= 0 && row < m_drafts.size() ? &m_drafts[row] : nullptr;
}

const LangGraphServersEditor::Draft* LangGraphServersEditor::current() const
{
    const int row = m_list->currentRow();
    return row >= 0 && row < m_drafts.size() ? &m_drafts.at(row) : nullptr;
}

void LangGraphServersEditor::fillList()
{
    m_filling = true;
    const int row = m_list->currentRow();
    m_list->clear();
    for (int i = 0; i < m_drafts.size(); ++i)
        m_list->addItem(QString());
    m_filling = false;
    updateRowTexts();
    if (row >= 0 && row < m_drafts.size())
        m_list->setCurrentRow(row);
}

SavedLangGraphServer LangGraphServersEditor::parsed(const Draft& draft) const
{
    SavedLangGraphServer server = draft.server;
    server.url = SavedLangGraphServers::urlFromText(draft.urlText);
    server.graphs = SavedLangGraphServers::graphsFromText(draft.graphsText);
    // A key not typed here stays as it was (it may still be on its way from the keychain).
    server.hasApiKey = draft.apiKeyEdited ? !draft.apiKey.isEmpty() : draft.server.hasApiKey;
    return server;
}

QList<SavedLangGraphServer> LangGraphServersEditor::parsedSaved() const
{
    QList<SavedLangGraphServer> servers;
    for (const Draft& draft : m_drafts)
        if (draft.commandLineUrl.isEmpty())
            servers.append(parsed(draft));
    return servers;
}

LangGraphServersEditor::Standing LangGraphServersEditor::standing(int row) const
{
    const Draft& draft = m_drafts.at(row);
    if (draft.commandLineUrl.isEmpty()) {
        const SavedLangGraphServer* saved = m_context->settings()->langGraphServers()->find(draft.server.id);
        if (!saved)
            return Standing::NotSaved;
        if (!(parsed(draft) == *saved) || draft.apiKeyEdited)
            return Standing::Changed;
        if (!saved->enabled)
            return Standing::Off;
    }
    const LangGraphServers* watched = m_context->watchedLangGraphServers();
    return watched && watched->isWatched(draft.watchedId) ? Standing::Watched : Standing::NotWatched;
}

QString LangGraphServersEditor::healthText(int row) const
{
    if (row < 0 || row >= m_drafts.size())
        return {};
    switch (standing(row)) {
    case Standing::NotSaved:
        return tr("not saved yet: watched once you save");
    case Standing::Changed:
        return tr("changed: watched with these settings once you save");
    case Standing::Off:
        return tr("off: not watched");
    case Standing::NotWatched:
        // A command-line server is not watched only when a saved one has its address.
        return m_drafts.at(row).commandLineUrl.isEmpty()
                   ? tr("not watched")
                   : tr("not watched: a saved server has the same address");
    case Standing::Watched:
        break;
    }
    return LangGraphHealthText::of(m_context->watchedLangGraphServers()->status(m_drafts.at(row).watchedId));
}

QString LangGraphServersEditor::briefHealthText(int row) const
{
    if (row < 0 || row >= m_drafts.size())
        return {};
    switch (standing(row)) {
    case Standing::NotSaved:
        return tr("not saved yet");
    case Standing::Changed:
        return tr("changed");
    case Standing::Off:
        return tr("off");
    case Standing::NotWatched:
        return tr("not watched");
    case Standing::Watched:
        break;
    }
    const LangGraphServerStatus status =
        m_context->watchedLangGraphServers()->status(m_drafts.at(row).watchedId);
    if (status.reachable)
        return tr("reachable");
    return status.error.isEmpty() ? tr("checking…") : tr("unreachable");
}

void LangGraphServersEditor::updateRowTexts()
{
    for (int row = 0; row < m_drafts.size() && row < m_list->count(); ++row) {
        const Draft& draft = m_drafts.at(row);
        QString name = draft.server.name.trimmed();
        if (name.isEmpty())
            name = tr("(no name)");
        if (!draft.commandLineUrl.isEmpty())
            name = tr("%1 (this run only)").arg(name);
        // The list says it in a word; the Health line beside it says it all.
        const QString text = tr("%1 — %2").arg(name, briefHealthText(row));
        QListWidgetItem* item = m_list->item(row);
        if (item->text() != text)
            item->setText(text);
    }
    updateDetails();
}

void LangGraphServersEditor::updateDetails()
{
    m_health->setText(healthText(m_list->currentRow()));
    const Draft* draft = current();
    QString keyState;
    if (draft && draft->commandLineUrl.isEmpty()) {
        const secrets::ServerApiKeys* keys = m_context->serverApiKeys();
        if (draft->apiKeyEdited)
            keyState = draft->apiKey.isEmpty()
                           ? tr("The API key is removed when you save.")
                           : tr("The API key goes to %1 when you save.").arg(keys->storeDescription());
        else if (m_context->settings()->langGraphServers()->find(draft->server.id))
            keyState = keys->stateText(SavedLangGraphServers::secretKey(draft->server.id));
    } else if (draft) {
        keyState = tr("Given on the command line for this run: not saved, no API key.");
    }
    m_apiKeyState->setText(keyState);
    m_apiKeyState->setVisible(!keyState.isEmpty());
}

void LangGraphServersEditor::showRow(int row)
{
    if (m_filling)
        return;
    m_filling = true;
    const Draft* draft = row >= 0 && row < m_drafts.size() ? &m_drafts.at(row) : nullptr;
    const bool editable = draft && draft->commandLineUrl.isEmpty();
    m_name->setText(draft ? draft->server.name : QString());
    m_url->setText(draft ? draft->urlText : QString());
    m_apiKey->setText(draft ? draft->apiKey : QString());
    m_graphs->setText(draft ? draft->graphsText : QString());
    m_watch->setChecked(draft ? (editable ? draft->server.enabled : true) : false);
    for (QWidget* field :
         {static_cast<QWidget*>(m_name), static_cast<QWidget*>(m_url), static_cast<QWidget*>(m_apiKey),
          static_cast<QWidget*>(m_graphs), static_cast<QWidget*>(m_watch)})
        field->setEnabled(editable);
    m_remove->setEnabled(editable);
    m_filling = false;
    updateDetails();
}

void LangGraphServersEditor::storeFields()
{
    if (m_filling)
        return;
    Draft* draft = current();
    if (!draft || !draft->commandLineUrl.isEmpty())
        return;
    draft->server.name = m_name->text();
    draft->urlText = m_url->text();
    draft->graphsText = m_graphs->text();
    draft->apiKey = m_apiKey->text();
    draft->server.enabled = m_watch->isChecked();
    updateRowTexts();
    Q_EMIT edited();
}

void LangGraphServersEditor::addDraft()
{
    Draft draft;
    // Its id now: the checks tell drafts apart by id, and its key is kept under it.
    draft.server.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    draft.server.name = tr("LangGraph server %1").arg(m_drafts.size() + 1);
    draft.urlText = QStringLiteral("http://127.0.0.1:2024");
    // Saved servers first, the command line's after them.
    int row = 0;
    while (row < m_drafts.size() && m_drafts.at(row).commandLineUrl.isEmpty())
        ++row;
    m_drafts.insert(row, draft);
    fillList();
    m_list->setCurrentRow(row);
    showRow(row);
    m_name->setFocus();
    m_name->selectAll();
    Q_EMIT edited();
}

void LangGraphServersEditor::removeCurrent()
{
    const int row = m_list->currentRow();
    const Draft* draft = current();
    if (!draft || !draft->commandLineUrl.isEmpty())
        return;
    if (m_context->settings()->langGraphServers()->find(draft->server.id))
        m_removedIds << draft->server.id;
    m_drafts.removeAt(row);
    fillList();
    const int next = qMin(row, int(m_drafts.size()) - 1);
    m_list->setCurrentRow(next);
    showRow(next);
    Q_EMIT edited();
}

QString LangGraphServersEditor::problem() const
{
    const QList<SavedLangGraphServer> servers = parsedSaved();
    for (const SavedLangGraphServer& server : servers)
        if (const QString problem = SavedLangGraphServers::check(server, servers); !problem.isEmpty())
            return tr("LangGraph servers: %1").arg(problem);
    for (const Draft& draft : m_drafts)
        if (!agent::langgraph::LangGraphServerConfig::isUsableApiKey(draft.apiKey))
            return tr("LangGraph servers: the API key of \"%1\" holds a control character.")
                .arg(draft.server.name.trimmed());
    return {};
}

bool LangGraphServersEditor::apply(QString* error)
{
    if (const QString why = problem(); !why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    secrets::ServerApiKeys* keys = m_context->serverApiKeys();
    // Keys first, so the servers are watched with them as soon as the list changes.
    for (Draft& draft : m_drafts) {
        if (!draft.commandLineUrl.isEmpty())
            continue;
        if (!draft.apiKeyEdited)
            continue;
        keys->set(SavedLangGraphServers::secretKey(draft.server.id), draft.apiKey);
        draft.server.hasApiKey = !draft.apiKey.isEmpty();
        draft.apiKeyEdited = false;
    }
    for (const QString& id : std::as_const(m_removedIds))
        keys->set(SavedLangGraphServers::secretKey(id), QString());
    m_removedIds.clear();
    const bool saved = m_context->settings()->langGraphServers()->replaceAll(parsedSaved(), error);
    updateRowTexts();
    return saved;
}

} // namespace k8::app
