// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/langgraph/SavedLangGraphServers.h"

#include <QList>
#include <QString>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace k8::app {

class AppContext;

// The "LangGraph servers" section of the settings dialog: the servers kosa8 Desk watches for
// interrupts (docs/langgraph.md). The list shows each with its health; Add and Remove; for the
// selected one its name, URL, API key (hidden, kept in the secret store, never in the settings
// file), the graphs to watch (all when empty) and whether it is watched. Servers given with
// --langgraph are listed too, read only: they are for this run and not saved. Edits are drafts
// until apply() (the dialog's Save); Cancel forgets them.
class LangGraphServersEditor : public QWidget
{
    Q_OBJECT
public:
    explicit LangGraphServersEditor(AppContext* context, QWidget* parent = nullptr);
    ~LangGraphServersEditor() override;

    QListWidget* serverList() const { return m_list; }
    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* urlEdit() const { return m_url; }
    QLineEdit* apiKeyEdit() const { return m_apiKey; }
    QLineEdit* graphsEdit() const { return m_graphs; }
    QCheckBox* watchCheck() const { return m_watch; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    QLabel* apiKeyStateLabel() const { return m_apiKeyState; }
    QLabel* healthLabel() const { return m_health; }

    // The first thing that keeps the drafts from being saved; empty when they can be.
    QString problem() const;
    // The health of row `row` as the list says it ("reachable · …", "off", "not saved yet").
    QString healthText(int row) const;
    // The same in a word, for the list: "reachable", "unreachable", "off", "not saved yet".
    QString briefHealthText(int row) const;

    // Saves the drafts: the API keys entered go to the secret store (removed servers' keys are
    // removed), then the list to the settings. False with *error when the list could not be saved.
    bool apply(QString* error = nullptr);

Q_SIGNALS:
    // Any edit (the dialog re-checks Save).
    void edited();

private:
    struct Draft
    {
        agent::langgraph::SavedLangGraphServer server; // a new one has its id from the start
        QString urlText;                               // as typed
        QString graphsText;                            // as typed
        QString apiKey;
        bool apiKeyEdited = false;
        QString commandLineUrl; // set for a --langgraph server (read only)
        QString watchedId;      // its id among the watched servers
    };
    // Where a row's server stands, before its health: the same for the list and the Health line.
    enum class Standing
    {
        NotSaved,   // added here, not saved yet
        Changed,    // saved, edited here since
        Off,        // saved and turned off
        NotWatched, // saved and on (or given on the command line) but not watched
        Watched,
    };
    Standing standing(int row) const;
    void buildLayout();
    void fillList();
    void showRow(int row);
    void storeFields();
    void updateRowTexts();
    void updateDetails();
    void addDraft();
    void removeCurrent();
    // The draft with its typed texts read (url, graphs).
    agent::langgraph::SavedLangGraphServer parsed(const Draft& draft) const;
    QList<agent::langgraph::SavedLangGraphServer> parsedSaved() const;
    Draft* current();
    const Draft* current() const;

    AppContext* m_context;
    QList<Draft> m_drafts;
    QStringList m_removedIds;
    bool m_filling = false;

    QListWidget* m_list;
    QPushButton* m_add;
    QPushButton* m_remove;
    QLineEdit* m_name;
    QLineEdit* m_url;
    QLineEdit* m_apiKey;
    QLabel* m_apiKeyState;
    QLineEdit* m_graphs;
    QCheckBox* m_watch;
    QLabel* m_health;
};

} // namespace k8::app
