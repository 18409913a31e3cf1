// SPDX-License-Identifier: Apache-2.0
#include "settings/CommandProfileDialog.h"

#include "kosa8/Kosa8Runner.h"
#include "plumbing/AppContext.h"
#include "settings/CommandProfileEntriesModel.h"
#include "style/Style.h"
#include "widgets/CommandPreviewField.h"
#include "widgets/MessageBox.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace k8::app {

using kosa8::CommandProfileDocument;

namespace {

// Text from the file or typed by the person, shown as it is (never as markup), selectable.
QLabel* plainLabel(QWidget* parent, bool monospace = false)
{
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    if (monospace)
        label->setFont(style::monospaceFont());
    return label;
}

void showAsError(QLabel* label)
{
    label->setStyleSheet(QStringLiteral("color: %1;").arg(style::errorColor().name()));
}

} // namespace

CommandProfileDialog::CommandProfileDialog(AppContext* context, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_model(new CommandProfileEntriesModel(this))
{
    setWindowTitle(tr("Command profile"));
    auto* layout = new QVBoxLayout(this);

    auto* intro = plainLabel(this);
    intro->setText(tr("The app runs every kosa8 operation with the words below. Select an entry to change "
                      "its words; the app fills in the {placeholders}. Saved to:"));
    layout->addWidget(intro);
    auto* path = plainLabel(this, true);
    path->setObjectName(QStringLiteral("profilePathLabel"));
    path->setText(context->profilePath());
    layout->addWidget(path);
    m_fileProblem = plainLabel(this);
    m_fileProblem->setObjectName(QStringLiteral("fileProblemLabel"));
    showAsError(m_fileProblem);
    m_dropUnreadable = new QPushButton(tr("&Leave out the unreadable parts"), this);
    m_dropUnreadable->setObjectName(QStringLiteral("dropUnreadableButton"));
    m_dropUnreadable->setAccessibleName(tr("Leave out the parts of the file that cannot be read"));
    auto* fileProblemRow = new QHBoxLayout;
    fileProblemRow->addWidget(m_fileProblem, 1);
    fileProblemRow->addWidget(m_dropUnreadable, 0, Qt::AlignTop);
    layout->addLayout(fileProblemRow);

    // The list above, the selected entry below: the list keeps its full width, so every column
    // (the argvs and the status with its message) is visible without scrolling sideways.
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    layout->addWidget(splitter, 1);

    auto* listSide = new QWidget(splitter);
    auto* listLayout = new QVBoxLayout(listSide);
    listLayout->setContentsMargins(0, 0, 0, 0);
    auto* entriesLabel = new QLabel(tr("&Entries:"), listSide);
    m_entries = new QTableView(listSide);
    m_entries->setObjectName(QStringLiteral("entriesView"));
    entriesLabel->setBuddy(m_entries);
    m_entries->setModel(m_model);
    m_entries->setAccessibleName(tr("Command profile entries"));
    m_entries->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_entries->setSelectionMode(QAbstractItemView::SingleSelection);
    m_entries->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_entries->setTabKeyNavigation(false); // Tab leaves the list for the editor
    m_entries->setWordWrap(false);
    m_entries->verticalHeader()->hide();
    m_entries->horizontalHeader()->setSectionResizeMode(CommandProfileEntriesModel::KeyColumn,
                                                        QHeaderView::ResizeToContents);
    m_entries->horizontalHeader()->setStretchLastSection(true);
    m_entries->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_entries->setColumnWidth(CommandProfileEntriesModel::PurposeColumn, 240);
    m_entries->setColumnWidth(CommandProfileEntriesModel::BuiltInColumn, 300);
    m_entries->setColumnWidth(CommandProfileEntriesModel::CurrentColumn, 300);
    listLayout->addWidget(entriesLabel);
    listLayout->addWidget(m_entries, 1);

    auto* editSide = new QWidget(splitter);
    auto* editLayout = new QVBoxLayout(editSide);
    editLayout->setContentsMargins(0, 0, 0, 0);
    m_entryKey = plainLabel(editSide, true);
    m_entryKey->setObjectName(QStringLiteral("entryKeyLabel"));
    QFont keyFont = m_entryKey->font();
    keyFont.setBold(true);
    m_entryKey->setFont(keyFont);
    m_entryPurpose = plainLabel(editSide);
    editLayout->addWidget(m_entryKey);
    editLayout->addWidget(m_entryPurpose);
    auto* form = new QFormLayout;
    m_builtIn = plainLabel(editSide, true);
    m_builtIn->setObjectName(QStringLiteral("builtInLabel"));
    form->addRow(tr("Built-in:"), m_builtIn);
    m_words = new QPlainTextEdit(editSide);
    m_words->setObjectName(QStringLiteral("wordsEdit"));
    m_words->setFont(style::monospaceFont());
    m_words->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_words->setTabChangesFocus(true);
    m_words->setPlaceholderText(tr("One word of the argv per line"));
    m_words->setMinimumHeight(m_words->fontMetrics().lineSpacing() * 4);
    auto* wordsLabel = new QLabel(tr("&Words, one per line:"), editSide);
    wordsLabel->setBuddy(m_words);
    form->addRow(wordsLabel, m_words);
    m_argv = plainLabel(editSide, true);
    m_argv->setObjectName(QStringLiteral("argvLabel"));
    form->addRow(tr("Argv:"), m_argv);
    m_entryProblem = plainLabel(editSide);
    m_entryProblem->setObjectName(QStringLiteral("entryProblemLabel"));
    showAsError(m_entryProblem);
    form->addRow(QString(), m_entryProblem);
    m_preview = new CommandPreviewField(editSide);
    m_preview->setObjectName(QStringLiteral("samplePreview"));
    m_preview->textField()->setAccessibleName(tr("Command with sample values"));
    form->addRow(tr("Command with sample values:"), m_preview);
    editLayout->addLayout(form, 1);
    m_resetEntry = new QPushButton(editSide);
    m_resetEntry->setObjectName(QStringLiteral("resetEntryButton"));
    auto* resetRow = new QHBoxLayout;
    resetRow->addWidget(m_resetEntry);
    resetRow->addStretch(1);
    editLayout->addLayout(resetRow);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({420, 300});

    m_message = plainLabel(this);
    m_message->setObjectName(QStringLiteral("messageLabel"));
    showAsError(m_message);
    layout->addWidget(m_message);
    auto* bottom = new QHBoxLayout;
    m_resetAll = new QPushButton(tr("Reset &all to the defaults"), this);
    m_resetAll->setObjectName(QStringLiteral("resetAllButton"));
    m_resetAll->setAccessibleName(tr("Reset every entry to the default"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    bottom->addWidget(m_resetAll);
    bottom->addStretch(1);
    bottom->addWidget(buttons);
    layout->addLayout(bottom);

    setTabOrder(m_dropUnreadable, m_entries);
    setTabOrder(m_entries, m_words);
    setTabOrder(m_words, m_resetEntry);
    setTabOrder(m_resetEntry, m_preview->textField());
    setTabOrder(m_preview->textField(), m_preview->copyButton());
    setTabOrder(m_preview->copyButton(), m_resetAll);
    setTabOrder(m_resetAll, m_save);
    setTabOrder(m_save, buttons->button(QDialogButtonBox::Cancel));

    connect(m_entries->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showEntry(current.isValid() ? current.row() : -1); });
    connect(m_words, &QPlainTextEdit::textChanged, this, &CommandProfileDialog::onWordsEdited);
    connect(m_model, &CommandProfileEntriesModel::documentChanged, this, &CommandProfileDialog::updateState);
    connect(m_resetEntry, &QPushButton::clicked, this, &CommandProfileDialog::resetCurrentEntry);
    connect(m_resetAll, &QPushButton::clicked, this, &CommandProfileDialog::resetAllEntries);
    connect(m_dropUnreadable, &QPushButton::clicked, this, &CommandProfileDialog::dropUnreadableParts);
    connect(buttons, &QDialogButtonBox::accepted, this, &CommandProfileDialog::save);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    // A small local file, read once when the editor opens (as AppContext::loadProfile does).
    CommandProfileDocument document;
    document.load(context->profilePath(), nullptr);
    m_model->setDocument(document);
    m_openedAs = document.toJson() + document.fileProblem().toUtf8();
    // Open on the first entry that needs attention, else the first.
    int first = 0;
    for (int row = 0; row < document.count(); ++row) {
        if (!document.problem(row).isEmpty()) {
            first = row;
            break;
        }
    }
    m_entries->setCurrentIndex(m_model->index(first, CommandProfileEntriesModel::KeyColumn));
    m_entries->setFocus();
    resize(1280, 800);
}

CommandProfileDialog::~CommandProfileDialog() = default;

int CommandProfileDialog::currentRow() const
{
    const QModelIndex current = m_entries->currentIndex();
    return current.isValid() ? current.row() : -1;
}

bool CommandProfileDialog::selectEntry(const QString& qualifiedKey)
{
    const CommandProfileDocument& document = m_model->document();
    for (int row = 0; row < document.count(); ++row) {
        if (CommandProfileDocument::qualifiedKey(document.entry(row)) == qualifiedKey) {
            m_entries->setCurrentIndex(m_model->index(row, CommandProfileEntriesModel::KeyColumn));
            return true;
        }
    }
    return false;
}

QString CommandProfileDialog::entryProblemText() const
{
    return m_entryProblem->isHidden() ? QString() : m_entryProblem->text();
}

QString CommandProfileDialog::fileProblemText() const
{
    return m_fileProblem->isHidden() ? QString() : m_fileProblem->text();
}

QString CommandProfileDialog::messageText() const
{
    return m_message->text();
}

void CommandProfileDialog::showEntry(int row)
{
    const bool valid = row >= 0 && row < m_model->rowCount();
    m_words->setEnabled(valid);
    m_showingEntry = true;
    m_words->setPlainText(valid ? CommandProfileDocument::linesFromWords(m_model->document().entry(row).words)
                                : QString());
    m_showingEntry = false;
    if (!valid) {
        m_entryKey->clear();
        m_entryPurpose->clear();
        m_builtIn->clear();
    } else {
        const CommandProfileDocument::Entry& entry = m_model->document().entry(row);
        m_entryKey->setText(CommandProfileDocument::qualifiedKey(entry));
        m_entryPurpose->setText(CommandProfileDocument::purpose(entry));
        m_builtIn->setText(entry.builtIn.isEmpty() ? tr("None: the file adds this entry.")
                                                   : CommandProfileDocument::argvText(entry.builtIn));
        m_words->setAccessibleName(
            tr("Words of %1, one per line").arg(CommandProfileDocument::qualifiedKey(entry)));
    }
    updateEntryDetails();
}

void CommandProfileDialog::onWordsEdited()
{
    if (m_showingEntry)
        return;
    const int row = currentRow();
    if (row < 0)
        return;
    m_model->setWords(row, CommandProfileDocument::wordsFromLines(m_words->toPlainText()));
    updateEntryDetails();
}

void CommandProfileDialog::updateEntryDetails()
{
    const int row = currentRow();
    if (row < 0 || row >= m_model->rowCount()) {
        m_argv->clear();
        m_entryProblem->hide();
        m_preview->setUnavailable(QString());
        m_resetEntry->setEnabled(false);
        m_resetEntry->setText(tr("&Reset this entry to the default"));
        return;
    }
    const CommandProfileDocument& document = m_model->document();
    const CommandProfileDocument::Entry& entry = document.entry(row);
    m_argv->setText(CommandProfileDocument::argvText(entry.words));
    const QString problem = document.problem(row);
    m_entryProblem->setText(problem.isEmpty() ? QString() : tr("Invalid: %1").arg(problem));
    m_entryProblem->setVisible(!problem.isEmpty());
    m_words->setAccessibleDescription(problem);
    QString why;
    const QString command = document.samplePreview(row, m_context->runner()->connection(), &why);
    if (command.isEmpty())
        m_preview->setUnavailable(tr("No command: %1").arg(why));
    else
        m_preview->setCommand(command);
    const bool added = entry.builtIn.isEmpty();
    m_resetEntry->setText(added ? tr("&Remove this entry") : tr("&Reset this entry to the default"));
    m_resetEntry->setAccessibleName(
        added ? tr("Remove %1").arg(CommandProfileDocument::qualifiedKey(entry))
              : tr("Reset %1 to the default").arg(CommandProfileDocument::qualifiedKey(entry)));
    m_resetEntry->setEnabled(CommandProfileDocument::isOverridden(entry));
}

void CommandProfileDialog::updateState()
{
    const CommandProfileDocument& document = m_model->document();
    if (!document.fileProblem().isEmpty())
        m_fileProblem->setText(
            tr("Part of the file cannot be read: %1. The entries that could be read are listed. "
               "Save stays off until you leave the unreadable parts out (Save then replaces "
               "the file without them) or reset all.")
                .arg(document.fileProblem()));
    m_fileProblem->setVisible(!document.fileProblem().isEmpty());
    m_dropUnreadable->setVisible(!document.fileProblem().isEmpty());
    const QStringList problems = document.problems();
    m_save->setEnabled(problems.isEmpty());
    if (!problems.isEmpty())
        m_message->setText(
            tr("Save is off while %n problems remain. First: %1", nullptr, int(problems.size()))
                .arg(problems.first()));
    else
        m_message->setText(m_saveError);
    m_message->setVisible(!m_message->text().isEmpty());
    bool anyOverride = !document.fileProblem().isEmpty();
    for (int row = 0; row < document.count() && !anyOverride; ++row)
        anyOverride = CommandProfileDocument::isOverridden(document.entry(row));
    m_resetAll->setEnabled(anyOverride);
}

void CommandProfileDialog::resetCurrentEntry()
{
    const int row = currentRow();
    if (row < 0)
        return;
    m_saveError.clear();
    if (m_model->resetEntry(row)) {
        const int next = qMin(row, m_model->rowCount() - 1);
        m_entries->setCurrentIndex(m_model->index(next, CommandProfileEntriesModel::KeyColumn));
        showEntry(next);
    } else {
        showEntry(row);
    }
    updateState();
}

void CommandProfileDialog::resetAllEntries()
{
    m_saveError.clear();
    const int row = qMax(0, currentRow());
    m_model->resetAll();
    const int next = qMin(row, m_model->rowCount() - 1);
    m_entries->setCurrentIndex(m_model->index(next, CommandProfileEntriesModel::KeyColumn));
    showEntry(next);
    updateState();
}

bool CommandProfileDialog::hasChanges() const
{
    const kosa8::CommandProfileDocument& document = m_model->document();
    return document.toJson() + document.fileProblem().toUtf8() != m_openedAs;
}

void CommandProfileDialog::reject()
{
    if (hasChanges()) {
        MessageBox::Question question;
        question.objectName = QStringLiteral("discardProfileChangesBox");
        question.title = tr("Discard changes?");
        question.text = tr("Your changes to the command profile are not saved. Discard them?");
        question.acceptText = tr("Discard");
        question.destructive = true;
        if (MessageBox::ask(this, question) != MessageBox::Answer::Accept)
            return;
    }
    QDialog::reject();
}

void CommandProfileDialog::dropUnreadableParts()
{
    m_saveError.clear();
    m_model->dropUnreadableParts();
    m_entries->setFocus();
}

void CommandProfileDialog::save()
{
    m_saveError.clear();
    updateState();
    if (!m_model->document().isValid())
        return;
    QString error;
    if (!m_model->document().save(m_context->profilePath(), &error)) {
        m_saveError = error;
        updateState();
        return;
    }
    // The runner uses the file from now on; the settings' status line reads the result.
    m_context->reloadConfiguration();
    if (!m_context->profileError().isEmpty()) {
        m_saveError = tr("Saved, but the app did not load it: %1").arg(m_context->profileError());
        updateState();
        return;
    }
    accept();
}

} // namespace k8::app
