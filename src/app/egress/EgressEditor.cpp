// SPDX-License-Identifier: Apache-2.0
#include "egress/EgressEditor.h"

#include "kosa8/Kosa8Runner.h"
#include "style/Style.h"
#include "widgets/CommandPreviewField.h"
#include "widgets/ReturnKey.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSaveFile>
#include <QTableWidget>
#include <QVBoxLayout>

namespace k8::app {

using policy::EgressRules;
using Mode = EgressRules::Mode;

namespace {

const Mode Modes[] = {Mode::Deny, Mode::Allow, Mode::Any, Mode::Fakenet};

QString modeTitle(Mode mode)
{
    switch (mode) {
    case Mode::Deny:
        return EgressEditor::tr("&No network (deny)");
    case Mode::Allow:
        return EgressEditor::tr("A&llow-list: only these hosts");
    case Mode::Any:
        return EgressEditor::tr("An&y host");
    case Mode::Fakenet:
        return EgressEditor::tr("&Fakenet (simulated network)");
    case Mode::Unknown:
        break;
    }
    return {};
}

// Tooltips guess rich text from the content; this keeps a typed "<b>" a literal "<b>".
QString plainToolTip(const QString& text)
{
    return QStringLiteral("<p>") + text.toHtmlEscaped() + QStringLiteral("</p>");
}

QString modeObjectName(Mode mode)
{
    return QStringLiteral("mode_") + EgressRules::modeKey(mode);
}

} // namespace

EgressEditor::EgressEditor(QWidget* parent)
    : QWidget(parent)
    , m_modes(new QButtonGroup(this))
    , m_allowPanel(new QWidget(this))
    , m_table(new QTableWidget(0, 3, this))
    , m_newEntry(new QLineEdit(this))
    , m_newNote(new QLineEdit(this))
    , m_addEntry(new QPushButton(tr("A&dd"), this))
    , m_newEntryMessage(new QLabel(this))
    , m_removeEntries(new QPushButton(tr("Re&move"), this))
    , m_presetCombo(new QComboBox(this))
    , m_presetPreview(new QLabel(this))
    , m_addPreset(new QPushButton(tr("Add &preset"), this))
    , m_presetName(new QLineEdit(this))
    , m_savePreset(new QPushButton(tr("Sa&ve list as preset"), this))
    , m_testHost(new QLineEdit(this))
    , m_testResult(new QLabel(this))
    , m_import(new QPushButton(tr("&Import…"), this))
    , m_export(new QPushButton(tr("E&xport…"), this))
    , m_problemLabel(new QLabel(this))
    , m_command(new CommandPreviewField(this))
{
    setObjectName(QStringLiteral("egressEditor"));
    setAccessibleName(tr("Egress policy editor"));
    m_presets = policy::EgressPresets::builtIns();
    buildLayout();
    setRules({});
}

void EgressEditor::buildLayout()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    // Each mode with the sentence that says what it means right under it, two by two.
    auto* modeBox = new QGroupBox(tr("Network access"), this);
    auto* modeLayout = new QGridLayout(modeBox);
    modeLayout->setHorizontalSpacing(24);
    int cell = 0;
    for (Mode mode : Modes) {
        auto* radio = new QRadioButton(modeTitle(mode), modeBox);
        radio->setObjectName(modeObjectName(mode));
        radio->setAccessibleName(tr("Egress mode: %1").arg(EgressRules::modeKey(mode)));
        radio->setAccessibleDescription(EgressRules::modeSentence(mode));
        m_modes->addButton(radio, int(mode));
        auto* sentence = new QLabel(EgressRules::modeSentence(mode), modeBox);
        sentence->setObjectName(modeObjectName(mode) + QStringLiteral("_sentence"));
        sentence->setTextFormat(Qt::PlainText);
        sentence->setWordWrap(true);
        style::setForegroundTone(sentence, style::Tone::Muted);
        sentence->setContentsMargins(22, 0, 0, 4); // under the radio's text, not its circle
        const int row = (cell / 2) * 2;
        const int column = cell % 2;
        modeLayout->addWidget(radio, row, column);
        modeLayout->addWidget(sentence, row + 1, column, Qt::AlignTop);
        m_modeSentences.insert(int(mode), sentence);
        ++cell;
    }
    modeLayout->setColumnStretch(0, 1);
    modeLayout->setColumnStretch(1, 1);
    layout->addWidget(modeBox);
    // Entries, notes and imported files are text, never markup.
    for (QLabel* label : {m_newEntryMessage, m_presetPreview, m_testResult, m_problemLabel})
        label->setTextFormat(Qt::PlainText);

    auto* allowLayout = new QVBoxLayout(m_allowPanel);
    allowLayout->setContentsMargins(0, 0, 0, 0);
    m_table->setObjectName(QStringLiteral("allowTable"));
    m_table->setAccessibleName(tr("Allow-list entries"));
    m_table->setHorizontalHeaderLabels({tr("Entry"), tr("Note"), tr("Check")});
    m_table->horizontalHeader()->setSectionResizeMode(EntryColumn, QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(NoteColumn, QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(EntryColumn, 200);
    m_table->setColumnWidth(NoteColumn, 160);
    m_table->verticalHeader()->setVisible(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    allowLayout->addWidget(m_table, 1);

    auto* addRow = new QHBoxLayout;
    m_newEntry->setObjectName(QStringLiteral("newEntryEdit"));
    m_newEntry->setAccessibleName(tr("New allow-list entry"));
    m_newEntry->setPlaceholderText(tr("pypi.org, *.example.com, 10.0.0.0/8, [::1]:8080"));
    m_newNote->setObjectName(QStringLiteral("newNoteEdit"));
    m_newNote->setAccessibleName(tr("Note for the new entry"));
    m_newNote->setPlaceholderText(tr("note (optional)"));
    m_addEntry->setObjectName(QStringLiteral("addEntryButton"));
    m_addEntry->setAccessibleName(tr("Add entry"));
    m_removeEntries->setObjectName(QStringLiteral("removeEntriesButton"));
    m_removeEntries->setAccessibleName(tr("Remove selected entries"));
    addRow->addWidget(m_newEntry, 2);
    addRow->addWidget(m_newNote, 1);
    addRow->addWidget(m_addEntry);
    addRow->addWidget(m_removeEntries);
    allowLayout->addLayout(addRow);
    m_newEntryMessage->setObjectName(QStringLiteral("newEntryMessage"));
    m_newEntryMessage->setWordWrap(true);
    m_newEntryMessage->setAccessibleDescription(tr("New entry check"));
    allowLayout->addWidget(m_newEntryMessage);

    auto* presetRow = new QHBoxLayout;
    auto* presetLabel = new QLabel(tr("Pre&set:"), this);
    presetLabel->setBuddy(m_presetCombo);
    m_presetCombo->setObjectName(QStringLiteral("presetCombo"));
    m_presetCombo->setAccessibleName(tr("Preset"));
    m_addPreset->setObjectName(QStringLiteral("addPresetButton"));
    m_addPreset->setAccessibleName(tr("Add the chosen preset's entries"));
    m_presetName->setObjectName(QStringLiteral("presetNameEdit"));
    m_presetName->setAccessibleName(tr("Name for a new preset"));
    m_presetName->setPlaceholderText(tr("name for your preset"));
    m_savePreset->setObjectName(QStringLiteral("savePresetButton"));
    m_savePreset->setAccessibleName(tr("Save the list as a preset"));
    presetRow->addWidget(presetLabel);
    presetRow->addWidget(m_presetCombo, 1);
    presetRow->addWidget(m_addPreset);
    presetRow->addSpacing(12);
    presetRow->addWidget(m_presetName, 1);
    presetRow->addWidget(m_savePreset);
    allowLayout->addLayout(presetRow);
    m_presetPreview->setObjectName(QStringLiteral("presetPreview"));
    m_presetPreview->setWordWrap(true);
    m_presetPreview->setAccessibleDescription(tr("Entries of the chosen preset"));
    m_presetPreview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    allowLayout->addWidget(m_presetPreview);
    layout->addWidget(m_allowPanel, 1);

    auto* form = new QFormLayout;
    m_testHost->setObjectName(QStringLiteral("testHostEdit"));
    m_testHost->setAccessibleName(tr("Test a host"));
    m_testHost->setPlaceholderText(tr("host or host:port, e.g. files.pythonhosted.org:443"));
    m_testResult->setObjectName(QStringLiteral("testHostResult"));
    m_testResult->setAccessibleDescription(tr("Test result"));
    m_testResult->setWordWrap(true);
    auto* testColumn = new QVBoxLayout;
    testColumn->addWidget(m_testHost);
    testColumn->addWidget(m_testResult);
    auto* testLabel = new QLabel(tr("&Test a host:"), this);
    testLabel->setBuddy(m_testHost);
    form->addRow(testLabel, testColumn);
    auto* commandLabel = new QLabel(tr("Command:"), this);
    commandLabel->setBuddy(m_command->textField());
    form->addRow(commandLabel, m_command);
    layout->addLayout(form);

    auto* bottom = new QHBoxLayout;
    m_problemLabel->setObjectName(QStringLiteral("policyProblem"));
    m_problemLabel->setWordWrap(true);
    m_problemLabel->setAccessibleDescription(tr("Policy problem"));
    style::setTextTone(m_problemLabel, style::Tone::Error);
    m_import->setObjectName(QStringLiteral("importButton"));
    m_import->setAccessibleName(tr("Import a policy file"));
    m_export->setObjectName(QStringLiteral("exportButton"));
    m_export->setAccessibleName(tr("Export the policy to a file"));
    bottom->addWidget(m_problemLabel, 1);
    bottom->addWidget(m_import);
    bottom->addWidget(m_export);
    layout->addLayout(bottom);

    connect(m_modes, &QButtonGroup::idToggled, this, [this](int, bool on) {
        if (on)
            refresh();
    });
    connect(m_table, &QTableWidget::itemChanged, this, [this] {
        if (!m_updating)
            refresh();
    });
    connect(m_newEntry, &QLineEdit::textChanged, this, &EgressEditor::updateNewEntryMessage);
    // Return adds the entry and does nothing else: in the dialog it also pressed Apply, which
    // opened the confirmation for a policy the person had not finished.
    takeReturnKey(m_newEntry, [this] { addEntry(m_newEntry->text(), m_newNote->text()); });
    takeReturnKey(m_newNote, [this] { addEntry(m_newEntry->text(), m_newNote->text()); });
    takeReturnKey(m_presetName, [this] {
        QString error;
        if (!saveCurrentAsPreset(m_presetName->text(), &error))
            m_presetPreview->setText(error);
    });
    takeReturnKey(m_testHost, [] {}); // the test answers as one types
    connect(m_addEntry, &QPushButton::clicked, this,
            [this] { addEntry(m_newEntry->text(), m_newNote->text()); });
    connect(m_removeEntries, &QPushButton::clicked, this, &EgressEditor::removeSelectedRows);
    connect(m_presetCombo, &QComboBox::currentIndexChanged, this, &EgressEditor::updatePresetPreview);
    connect(m_addPreset, &QPushButton::clicked, this, &EgressEditor::addChosenPreset);
    connect(m_savePreset, &QPushButton::clicked, this, [this] {
        QString error;
        if (!saveCurrentAsPreset(m_presetName->text(), &error))
            m_presetPreview->setText(error);
    });
    connect(m_testHost, &QLineEdit::textChanged, this, [this](const QString& text) { testHost(text); });
    connect(m_import, &QPushButton::clicked, this, &EgressEditor::openImportDialog);
    connect(m_export, &QPushButton::clicked, this, &EgressEditor::openExportDialog);
}

QLabel* EgressEditor::modeSentenceLabel(Mode mode) const
{
    return m_modeSentences.value(int(mode));
}

QRadioButton* EgressEditor::modeButton(Mode mode) const
{
    return qobject_cast<QRadioButton*>(m_modes->button(int(mode)));
}

Mode EgressEditor::currentMode() const
{
    const int id = m_modes->checkedId();
    return id < 0 ? Mode::Deny : Mode(id);
}

void EgressEditor::setRules(const EgressRules& rules)
{
    m_updating = true;
    m_table->setRowCount(0);
    for (const EgressRules::Item& item : rules.items)
        appendRow(item.entry, item.note);
    const Mode mode = rules.mode == Mode::Unknown ? Mode::Deny : rules.mode;
    modeButton(mode)->setChecked(true);
    m_updating = false;
    refresh();
}

EgressRules EgressEditor::rules() const
{
    EgressRules rules;
    rules.mode = currentMode();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QTableWidgetItem* entry = m_table->item(row, EntryColumn);
        const QTableWidgetItem* note = m_table->item(row, NoteColumn);
        rules.items.append({entry ? entry->text().trimmed() : QString(), note ? note->text() : QString()});
    }
    return rules;
}

QString EgressEditor::problem() const
{
    return policy::rulesProblem(rules());
}

void EgressEditor::setDataDir(const QString& dataDir)
{
    m_dataDir = dataDir;
    m_presets = policy::EgressPresets::builtIns();
    QList<policy::EgressPreset> mine;
    m_presetsError.clear();
    if (!dataDir.isEmpty() &&
        policy::EgressPresets::loadUser(QDir(dataDir).filePath(policy::EgressPresets::fileName()), &mine,
                                        &m_presetsError))
        m_presets += mine;
    refresh();
}

void EgressEditor::setCommandContext(const kosa8::Kosa8Runner* runner, kosa8::Operation op,
                                     const QString& sandbox)
{
    m_runner = runner;
    m_operation = op;
    m_sandbox = sandbox;
    refresh();
}

QString EgressEditor::commandPreview() const
{
    return m_command->isAvailable() ? m_command->command() : QString();
}

void EgressEditor::appendRow(const QString& entry, const QString& note)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, EntryColumn, new QTableWidgetItem(entry));
    m_table->setItem(row, NoteColumn, new QTableWidgetItem(note));
    auto* check = new QTableWidgetItem;
    check->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    m_table->setItem(row, CheckColumn, check);
}

bool EgressEditor::addEntry(const QString& text, const QString& note)
{
    EgressRules candidate = rules();
    candidate.items.append({text.trimmed(), note});
    const policy::EntryCheck check = policy::checkEntries(candidate.items).constLast();
    if (!check.isUsable()) {
        m_newEntryMessage->setText(check.error);
        return false;
    }
    // Adding an entry means "allow-list": switch to it rather than silently keep "deny".
    m_updating = true;
    appendRow(text.trimmed(), note);
    modeButton(Mode::Allow)->setChecked(true);
    m_updating = false;
    m_newEntry->clear();
    m_newNote->clear();
    refresh();
    return true;
}

bool EgressEditor::choosePreset(const QString& name)
{
    const int index = m_presetCombo->findText(name);
    if (index < 0)
        return false;
    m_presetCombo->setCurrentIndex(index);
    return true;
}

QString EgressEditor::presetPreviewText() const
{
    return m_presetPreview->text();
}

void EgressEditor::addChosenPreset()
{
    const int index = m_presetCombo->currentIndex();
    if (index < 0 || index >= m_presets.size())
        return;
    const EgressRules before = rules();
    QStringList present;
    for (const policy::EntryCheck& check : policy::checkEntries(before.items))
        present << check.parsed.key();
    m_updating = true;
    for (const EgressRules::Item& item : m_presets.at(index).items) {
        const policy::EgressEntry parsed = policy::EgressEntry::parse(item.entry);
        if (present.contains(parsed.key()))
            continue;
        present << parsed.key();
        appendRow(item.entry, item.note);
    }
    modeButton(Mode::Allow)->setChecked(true);
    m_updating = false;
    refresh();
}

bool EgressEditor::saveCurrentAsPreset(const QString& name, QString* error)
{
    *error = policy::EgressPresets::checkName(name);
    const EgressRules current = rules();
    if (error->isEmpty() &&
        (current.items.isEmpty() || !policy::rulesProblem(EgressRules{Mode::Allow, current.items}).isEmpty()))
        *error = tr("Only a valid, non-empty allow-list can be saved as a preset.");
    if (error->isEmpty() && m_dataDir.isEmpty())
        *error = tr("There is no data folder to save presets in.");
    if (!error->isEmpty())
        return false;
    QList<policy::EgressPreset> mine;
    for (const policy::EgressPreset& preset : m_presets) {
        if (!preset.builtIn && preset.name != name.trimmed())
            mine << preset;
    }
    mine << policy::EgressPreset{name.trimmed(), current.items, false};
    if (!policy::EgressPresets::saveUser(QDir(m_dataDir).filePath(policy::EgressPresets::fileName()), mine,
                                         error))
        return false;
    m_presetName->clear();
    setDataDir(m_dataDir);
    choosePreset(name.trimmed());
    return true;
}

QString EgressEditor::testHost(const QString& destination)
{
    if (m_testHost->text() != destination)
        m_testHost->setText(destination); // comes back here through textChanged
    if (destination.trimmed().isEmpty()) {
        m_testResult->clear();
        return {};
    }
    const policy::MatchResult result = policy::match(rules(), destination);
    style::Tone tone = style::Tone::Error;
    if (result.verdict == policy::MatchResult::Verdict::Allowed)
        tone = style::Tone::Success;
    else if (result.verdict == policy::MatchResult::Verdict::Simulated)
        tone = style::Tone::Warning;
    style::setTextTone(m_testResult, tone);
    m_testResult->setText(result.reason);
    return result.reason;
}

bool EgressEditor::importFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    EgressRules imported;
    QString reason;
    if (!policy::fromJson(file.read(1024 * 1024 + 1), &imported, &reason)) {
        *error = tr("%1 was not imported, %2").arg(QDir::toNativeSeparators(path), reason);
        m_problemLabel->setText(*error);
        return false;
    }
    setRules(imported);
    return true;
}

bool EgressEditor::exportFile(const QString& path, QString* error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(policy::toJson(rules())) < 0 || !file.commit()) {
        *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void EgressEditor::openImportDialog()
{
    auto* dialog = new QFileDialog(this, tr("Import egress policy"), m_dataDir, tr("Egress policy (*.json)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptOpen);
    dialog->setFileMode(QFileDialog::ExistingFile);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
        QString error;
        importFile(path, &error);
    });
    dialog->open();
}

void EgressEditor::openExportDialog()
{
    auto* dialog = new QFileDialog(this, tr("Export egress policy"), m_dataDir, tr("Egress policy (*.json)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("json"));
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
        QString error;
        if (!exportFile(path, &error))
            m_problemLabel->setText(error);
    });
    dialog->open();
}

void EgressEditor::removeSelectedRows()
{
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows())
        rows << index.row();
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    m_updating = true;
    for (int row : rows)
        m_table->removeRow(row);
    m_updating = false;
    refresh();
}

void EgressEditor::updateNewEntryMessage()
{
    const QString text = m_newEntry->text();
    if (text.trimmed().isEmpty()) {
        m_newEntryMessage->clear();
        m_addEntry->setEnabled(false);
        return;
    }
    EgressRules candidate = rules();
    candidate.items.append({text.trimmed(), {}});
    const policy::EntryCheck check = policy::checkEntries(candidate.items).constLast();
    QString message = check.isUsable() ? check.warning : check.error;
    style::Tone tone = check.isUsable() ? style::Tone::Warning : style::Tone::Error;
    if (check.isUsable() && check.warning.isEmpty()) {
        message = check.parsed.sentForm() != check.parsed.typed
                      ? tr("OK; sent to kosa8 as %1").arg(check.parsed.sentForm())
                      : tr("OK");
        tone = style::Tone::Success;
    }
    style::setTextTone(m_newEntryMessage, tone);
    m_newEntryMessage->setText(message);
    m_addEntry->setEnabled(check.isUsable());
}

void EgressEditor::updatePresetPreview()
{
    const int index = m_presetCombo->currentIndex();
    if (index < 0 || index >= m_presets.size()) {
        m_presetPreview->clear();
        return;
    }
    QStringList lines;
    for (const EgressRules::Item& item : m_presets.at(index).items)
        lines << (item.note.isEmpty() ? item.entry : tr("%1 (%2)").arg(item.entry, item.note));
    const QString adds = tr("Adds: %1").arg(lines.join(QStringLiteral(", ")));
    m_presetPreview->setText(m_presetsError.isEmpty() ? adds : m_presetsError + QLatin1Char('\n') + adds);
}

void EgressEditor::refresh()
{
    const bool wasUpdating = m_updating;
    m_updating = true;
    const Mode mode = currentMode();
    // The chosen mode's sentence in the normal colour, the others muted.
    for (auto it = m_modeSentences.cbegin(); it != m_modeSentences.cend(); ++it) {
        QFont font = it.value()->font();
        font.setBold(it.key() == int(mode));
        it.value()->setFont(font);
    }
    m_allowPanel->setEnabled(true);
    m_allowPanel->setVisible(mode == Mode::Allow);

    // Preset list: keep the choice across reloads.
    const QString chosen = m_presetCombo->currentText();
    if (m_presetCombo->count() != m_presets.size()) {
        m_presetCombo->clear();
        for (const policy::EgressPreset& preset : m_presets) {
            m_presetCombo->addItem(preset.name);
            if (!preset.builtIn)
                m_presetCombo->setItemData(m_presetCombo->count() - 1, tr("Your preset"), Qt::ToolTipRole);
        }
        if (!chosen.isEmpty())
            choosePreset(chosen);
    }

    const EgressRules current = rules();
    const QList<policy::EntryCheck> checks = policy::checkEntries(current.items);
    for (int row = 0; row < checks.size() && row < m_table->rowCount(); ++row) {
        const policy::EntryCheck& check = checks.at(row);
        QTableWidgetItem* entryItem = m_table->item(row, EntryColumn);
        QTableWidgetItem* checkItem = m_table->item(row, CheckColumn);
        QString text;
        QColor colour;
        if (!check.isUsable()) {
            text = check.error;
            colour = style::errorColor();
        } else if (check.coveredBy >= 0) {
            text = check.warning;
            colour = style::warningColor();
        } else if (check.parsed.sentForm() != check.parsed.typed) {
            text = tr("OK; sent as %1").arg(check.parsed.sentForm());
            colour = style::successColor();
        } else {
            text = tr("OK");
            colour = style::successColor();
        }
        checkItem->setText(text);
        checkItem->setToolTip(plainToolTip(text));
        checkItem->setForeground(colour);
        checkItem->setIcon(check.isUsable() && check.coveredBy < 0 ? QIcon()
                                                                   : style::icon(QStringLiteral("warning")));
        entryItem->setForeground(check.isUsable() ? palette().color(QPalette::Text) : style::errorColor());
        entryItem->setToolTip(plainToolTip(text));
        // A redundant entry is marked (italic) and says which entry covers it; it is kept.
        QFont font = entryItem->font();
        font.setItalic(check.coveredBy >= 0);
        entryItem->setFont(font);
    }

    const QString issue = policy::rulesProblem(current);
    m_problemLabel->setText(issue);
    if (m_runner) {
        QVariantMap params = policy::egressChangeParams(m_runner->profile(), m_sandbox, current);
        if (m_operation == kosa8::Operation::SandboxCreate) {
            params.insert(QStringLiteral("mounts"), QStringList());
            params.insert(QStringLiteral("mount_list"), QStringList());
        }
        QString error;
        const QString preview = issue.isEmpty() ? m_runner->preview(m_operation, params, &error) : QString();
        if (preview.isEmpty())
            m_command->setUnavailable(issue.isEmpty() ? error : issue);
        else
            m_command->setCommand(preview);
    }
    updateNewEntryMessage();
    if (!m_testHost->text().isEmpty())
        testHost(m_testHost->text());
    updatePresetPreview();
    m_updating = wasUpdating;
    Q_EMIT changed();
}

} // namespace k8::app
