// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/ConnectionProfiles.h"

#include <QList>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace k8::app {

class AppContext;
class CommandPreviewField;
class ProfileHealthCheck;

// The "Connection profiles" section of the settings dialog: the list (active one marked), Add,
// Remove (never the last; confirmed), Make active, and for the selected profile its name, kind,
// executable (with Browse…), host, token (hidden, with reveal) and where the token is kept, plus
// its health: `kosa8 version` with that profile's connection, shown as the exact command and
// its answer. Edits are drafts until apply() (the dialog's Save); Cancel forgets them.
class ProfilesEditor : public QWidget
{
    Q_OBJECT
public:
    explicit ProfilesEditor(AppContext* context, QWidget* parent = nullptr);
    ~ProfilesEditor() override;

    QListWidget* profileList() const { return m_list; }
    QLineEdit* nameEdit() const { return m_name; }
    QComboBox* kindCombo() const { return m_kind; }
    QLineEdit* executableEdit() const { return m_executable; }
    QPushButton* browseButton() const { return m_browse; }
    // "For this run, --kosa8 … is used instead" under the executable; hidden when not so.
    QLabel* executableNote() const { return m_executableNote; }
    QLineEdit* hostEdit() const { return m_host; }
    QLineEdit* tokenEdit() const { return m_token; }
    QLabel* tokenStateLabel() const { return m_tokenState; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    QPushButton* makeActiveButton() const { return m_makeActive; }
    QPushButton* checkButton() const { return m_check; }
    QLabel* healthLabel() const { return m_health; }
    CommandPreviewField* commandField() const { return m_command; }

    // The first thing that keeps the drafts from being saved; empty when they can be.
    QString problem() const;
    int currentRow() const;
    // The draft in row `row`: its name, and whether it is the active one.
    QString draftName(int row) const;
    bool isActiveRow(int row) const;
    // The health check of a row (made when the row was first shown or checked).
    ProfileHealthCheck* healthCheck(int row) const;

    // Writes the drafts into the profiles (removed ones go, with their tokens), the edited
    // tokens into the secret store, and the active choice. False with *error when a profile
    // could not be saved (the others are).
    bool apply(QString* error = nullptr);

Q_SIGNALS:
    // Any edit (the dialog re-checks Save).
    void edited();

private:
    struct Draft
    {
        kosa8::SavedProfile profile; // id empty for a new one
        QString key;                 // stable within the editor: the id, or "new-N"
        bool tokenEdited = false;
        ProfileHealthCheck* health = nullptr;
    };
    void buildLayout();
    void fillList();
    void showRow(int row);
    void storeFields();
    void updateRowText(int row);
    void updateHealth();
    void updateExecutableNote();
    void addDraft();
    void removeCurrent();
    void makeCurrentActive();
    void checkCurrent();
    void browse();
    kosa8::ConnectionProfile connectionOf(const Draft& draft) const;
    Draft* current();
    const Draft* current() const;

    AppContext* m_context;
    QList<Draft> m_drafts;
    QStringList m_removedIds;
    QString m_activeKey;
    int m_nextNew = 1;
    bool m_filling = false;

    QListWidget* m_list;
    QLineEdit* m_name;
    QComboBox* m_kind;
    QLineEdit* m_executable;
    QPushButton* m_browse;
    QLabel* m_executableNote;
    QLineEdit* m_host;
    QLineEdit* m_token;
    QLabel* m_tokenState;
    QPushButton* m_add;
    QPushButton* m_remove;
    QPushButton* m_makeActive;
    QPushButton* m_check;
    QLabel* m_health;
    CommandPreviewField* m_command;
};

} // namespace k8::app
