// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/Operation.h"
#include "policy/EgressPresets.h"
#include "policy/EgressRules.h"

#include <QHash>
#include <QWidget>

class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTableWidget;

namespace k8::kosa8 {
class Kosa8Runner;
}

namespace k8::app {

class CommandPreviewField;

// Edits one egress policy: the mode (each with one sentence saying what it means), the
// allow-list as a table (entry, note, what validation says: refused, or "already allowed by"
// for redundant entries), presets shown before they are added, "test a host" answered by the
// same match() the review uses, import/export of policy files, and the exact kosa8 command.
// It only edits; the dialogs decide what to run.
class EgressEditor : public QWidget
{
    Q_OBJECT
public:
    enum Column
    {
        EntryColumn,
        NoteColumn,
        CheckColumn
    };

    explicit EgressEditor(QWidget* parent = nullptr);

    void setRules(const policy::EgressRules& rules);
    policy::EgressRules rules() const;
    // Empty when the policy can be sent; else what is wrong, naming the entry.
    QString problem() const;

    // Where user presets live (the data folder); loads them.
    void setDataDir(const QString& dataDir);
    // What the preview shows: `op` (sandbox.create or sandbox.egress) for `sandbox`.
    void setCommandContext(const kosa8::Kosa8Runner* runner, kosa8::Operation op, const QString& sandbox);
    QString commandPreview() const;

    // For people and tests alike: add an entry as if typed into the new-entry field (refused
    // with the message shown when it is invalid or a duplicate; returns whether it was added).
    bool addEntry(const QString& text, const QString& note = {});
    // Adds the preset currently chosen in the preset list (entries already present are skipped).
    void addChosenPreset();
    bool choosePreset(const QString& name);
    QString presetPreviewText() const;
    // "test a host": the answer shown under the field.
    QString testHost(const QString& destination);
    bool importFile(const QString& path, QString* error);
    bool exportFile(const QString& path, QString* error) const;
    bool saveCurrentAsPreset(const QString& name, QString* error);

    QTableWidget* table() const { return m_table; }
    QRadioButton* modeButton(policy::EgressRules::Mode mode) const;
    // The sentence under a mode's switch saying what it means.
    QLabel* modeSentenceLabel(policy::EgressRules::Mode mode) const;
    QLineEdit* newEntryEdit() const { return m_newEntry; }
    QLabel* newEntryMessage() const { return m_newEntryMessage; }
    QLineEdit* testHostEdit() const { return m_testHost; }
    QLabel* testHostResult() const { return m_testResult; }
    QComboBox* presetCombo() const { return m_presetCombo; }
    CommandPreviewField* commandField() const { return m_command; }
    QLabel* problemLabel() const { return m_problemLabel; }

Q_SIGNALS:
    void changed();

private:
    void buildLayout();
    void refresh();
    void updateNewEntryMessage();
    void updatePresetPreview();
    void removeSelectedRows();
    void openImportDialog();
    void openExportDialog();
    void appendRow(const QString& entry, const QString& note);
    policy::EgressRules::Mode currentMode() const;

    QButtonGroup* m_modes;
    QHash<int, QLabel*> m_modeSentences; // by Mode
    QWidget* m_allowPanel;
    QTableWidget* m_table;
    QLineEdit* m_newEntry;
    QLineEdit* m_newNote;
    QPushButton* m_addEntry;
    QLabel* m_newEntryMessage;
    QPushButton* m_removeEntries;
    QComboBox* m_presetCombo;
    QLabel* m_presetPreview;
    QPushButton* m_addPreset;
    QLineEdit* m_presetName;
    QPushButton* m_savePreset;
    QLineEdit* m_testHost;
    QLabel* m_testResult;
    QPushButton* m_import;
    QPushButton* m_export;
    QLabel* m_problemLabel;
    CommandPreviewField* m_command;

    QList<policy::EgressPreset> m_presets;
    QString m_dataDir;
    QString m_presetsError; // why the user's presets file was not read (shown with the presets)
    const kosa8::Kosa8Runner* m_runner = nullptr;
    kosa8::Operation m_operation = kosa8::Operation::SandboxEgress;
    QString m_sandbox;
    bool m_updating = false;
};

} // namespace k8::app
