// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace k8::app {

class AppContext;
class CommandPreviewField;
class CommandProfileEntriesModel;

// The editor of the command profile file (`kosa8-profile.json`, AppContext::profilePath()),
// opened from the settings. Lists every entry (operations, fragments, interpreters) with what it
// is for, its built-in and current argv; the selected entry's words are edited one per line,
// checked as typed (the loader's own check, CommandProfile::checkEntry), with the exact argv and
// the full command for sample values beside them. Save stays off while anything is invalid;
// it writes the file (CommandProfileDocument::save) and reloads the app's configuration, so the
// runner uses the new commands at once. A file the app refuses opens with its problems shown
// and its bad entries marked.
class CommandProfileDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CommandProfileDialog(AppContext* context, QWidget* parent = nullptr);
    ~CommandProfileDialog() override;

    CommandProfileEntriesModel* model() const { return m_model; }
    QTableView* entriesView() const { return m_entries; }
    QPlainTextEdit* wordsEdit() const { return m_words; }
    CommandPreviewField* previewField() const { return m_preview; }
    QPushButton* resetEntryButton() const { return m_resetEntry; }
    QPushButton* resetAllButton() const { return m_resetAll; }
    // Shown only while the file has parts that could not be read.
    QPushButton* dropUnreadableButton() const { return m_dropUnreadable; }
    QPushButton* saveButton() const { return m_save; }
    // The selected entry's problem, as shown beside the field; empty when it is valid.
    QString entryProblemText() const;
    // The problem of the whole file, as shown at the top; empty when there is none.
    QString fileProblemText() const;
    // The line above the buttons: why Save is off, or why saving failed.
    QString messageText() const;
    // Selects the entry "operations.sandbox.ls" etc.; false when there is none.
    bool selectEntry(const QString& qualifiedKey);
    int currentRow() const;

    // Whether anything changed since the file was read (Cancel then asks before discarding).
    bool hasChanges() const;

public Q_SLOTS:
    void save();
    // Asks before discarding changes; closes at once when there are none.
    void reject() override;
    void resetCurrentEntry();
    void resetAllEntries();
    void dropUnreadableParts();

private:
    void showEntry(int row);
    void updateEntryDetails();
    void updateState();
    void onWordsEdited();

    AppContext* m_context;
    CommandProfileEntriesModel* m_model;
    QLabel* m_fileProblem;
    QPushButton* m_dropUnreadable;
    QTableView* m_entries;
    QLabel* m_entryKey;
    QLabel* m_entryPurpose;
    QLabel* m_builtIn;
    QPlainTextEdit* m_words;
    QLabel* m_argv;
    QLabel* m_entryProblem;
    CommandPreviewField* m_preview;
    QPushButton* m_resetEntry;
    QPushButton* m_resetAll;
    QLabel* m_message;
    QPushButton* m_save;
    QString m_saveError;
    QByteArray m_openedAs; // the document as read, to tell whether it changed
    bool m_showingEntry = false;
};

} // namespace k8::app
