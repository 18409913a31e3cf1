// SPDX-License-Identifier: Apache-2.0
#include "egress/EgressEditorDialog.h"

#include "egress/EgressEditor.h"
#include "files/OwnerOnly.h"
#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Names.h"
#include "plumbing/AppContext.h"
#include "style/Style.h"
#include "widgets/ConfirmCommandDialog.h"
#include "widgets/MessageBox.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

namespace k8::app {

using policy::EgressRules;

namespace {

QString policiesPath(const QString& dataDir)
{
    return QDir(dataDir).filePath(QStringLiteral("egress-policies.json"));
}

QJsonObject readPolicies(const QString& dataDir)
{
    QFile file(policiesPath(dataDir));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.read(4 * 1024 * 1024)).object();
}

} // namespace

EgressEditorDialog::EgressEditorDialog(AppContext* context, const EgressRules& rules, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_current(rules)
{
    build();
    m_editor->setRules(rules);
    updateState();
}

EgressEditorDialog::EgressEditorDialog(AppContext* context, const QString& sandbox,
                                       const kosa8::EgressPolicy& current, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_sandbox(sandbox)
{
    EgressRules::fromKosa8(current, &m_unknownCurrent);
    m_current = savedRules(context->dataDir(), sandbox, current);
    build();
    m_editor->setRules(m_current);
    updateState();
}

EgressEditorDialog::~EgressEditorDialog() = default;

void EgressEditorDialog::build()
{
    setObjectName(QStringLiteral("egressEditorDialog"));
    setWindowTitle(isLive() ? tr("Network policy of %1").arg(m_sandbox)
                            : tr("Network policy for the new sandbox"));
    setAccessibleName(windowTitle());
    resize(820, 720);
    auto* layout = new QVBoxLayout(this);

    m_currentLabel = new QLabel(this);
    m_currentLabel->setObjectName(QStringLiteral("currentPolicyLabel"));
    m_currentLabel->setWordWrap(true);
    m_currentLabel->setTextFormat(Qt::PlainText);
    if (isLive()) {
        const QString now = m_unknownCurrent.isEmpty()
                                ? EgressRules::glance(m_current.toKosa8())
                                : tr("\"%1\" (not understood; shown as no network)").arg(m_unknownCurrent);
        m_currentLabel->setText(
            tr("Now: %1. Changes apply to the running sandbox after you confirm them.").arg(now));
    } else {
        m_currentLabel->setText(tr("The sandbox is created with this policy."));
    }
    layout->addWidget(m_currentLabel);

    m_editor = new EgressEditor(this);
    m_editor->setDataDir(m_context->dataDir());
    m_editor->setCommandContext(m_context->runner(),
                                isLive() ? kosa8::Operation::SandboxEgress : kosa8::Operation::SandboxCreate,
                                isLive() ? m_sandbox : QStringLiteral("new-sandbox"));
    layout->addWidget(m_editor, 1);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("applyStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setAccessibleDescription(tr("Apply status"));
    layout->addWidget(m_status);
    m_errorView = new QPlainTextEdit(this);
    m_errorView->setObjectName(QStringLiteral("applyError"));
    m_errorView->setAccessibleName(tr("What kosa8 said"));
    m_errorView->setReadOnly(true);
    m_errorView->setMaximumHeight(110);
    m_errorView->setVisible(false);
    layout->addWidget(m_errorView);

    m_buttons = new QDialogButtonBox(this);
    m_recreate = m_buttons->addButton(tr("&Recreate with this policy…"), QDialogButtonBox::ActionRole);
    m_recreate->setObjectName(QStringLiteral("recreateButton"));
    m_recreate->setAccessibleName(tr("Recreate the sandbox with this policy"));
    m_apply = m_buttons->addButton(isLive() ? tr("&Apply to %1…").arg(m_sandbox) : tr("&Use this policy"),
                                   QDialogButtonBox::AcceptRole);
    m_apply->setObjectName(QStringLiteral("applyButton"));
    m_apply->setAccessibleName(isLive() ? tr("Apply the policy to %1").arg(m_sandbox)
                                        : tr("Use this policy"));
    m_apply->setDefault(true);
    QPushButton* cancel = m_buttons->addButton(QDialogButtonBox::Close);
    cancel->setAccessibleName(tr("Close without applying"));
    // After the last addButton(): the box lays its buttons out again and shows them each time.
    m_recreate->setVisible(false);
    layout->addWidget(m_buttons);

    // AcceptRole would close the dialog on its own; applying decides when to close.
    disconnect(m_buttons, &QDialogButtonBox::accepted, nullptr, nullptr);
    connect(m_apply, &QPushButton::clicked, this, &EgressEditorDialog::applyOrAccept);
    connect(m_recreate, &QPushButton::clicked, this, &EgressEditorDialog::offerRecreate);
    connect(cancel, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_editor, &EgressEditor::changed, this, &EgressEditorDialog::updateState);
}

void EgressEditorDialog::setNewSandboxName(const QString& name)
{
    if (isLive())
        return;
    const QString shown =
        name.isEmpty() || !kosa8::Names::checkSandbox(name).isEmpty() ? QStringLiteral("new-sandbox") : name;
    m_editor->setCommandContext(m_context->runner(), kosa8::Operation::SandboxCreate, shown);
}

EgressRules EgressEditorDialog::rules() const
{
    return m_editor->rules();
}

bool EgressEditorDialog::addEntry(const QString& entry, const QString& note)
{
    return m_editor->addEntry(entry, note);
}

void EgressEditorDialog::updateState()
{
    const QString problem = m_editor->problem();
    const EgressRules next = rules();
    const bool sameForKosa8 = isLive() && m_unknownCurrent.isEmpty() && next.toKosa8() == m_current.toKosa8();
    // Only notes or spellings changed: nothing for kosa8, but the edit is kept (saved, not lost).
    const bool notesOnly = sameForKosa8 && next.items != m_current.items;
    m_apply->setEnabled(!m_running && problem.isEmpty() && (!sameForKosa8 || notesOnly));
    if (isLive())
        m_apply->setText(notesOnly ? tr("Save n&otes") : tr("&Apply to %1…").arg(m_sandbox));
    m_apply->setToolTip(!problem.isEmpty() ? problem
                        : notesOnly        ? tr("kosa8 already has this policy; only the notes are saved.")
                        : sameForKosa8     ? tr("Nothing to apply: kosa8 already has this policy.")
                                           : QString());
}

void EgressEditorDialog::applyOrAccept()
{
    if (!m_editor->problem().isEmpty() || m_running)
        return;
    if (!isLive()) {
        accept();
        return;
    }
    const EgressRules next = rules();
    if (m_unknownCurrent.isEmpty() && next.toKosa8() == m_current.toKosa8()) {
        // Notes or spellings only: nothing runs; they are kept for the next edit.
        if (!saveRules(m_context->dataDir(), m_sandbox, next)) {
            m_status->setText(tr("The notes could not be saved in the data folder."));
            return;
        }
        m_current = next;
        accept();
        return;
    }
    QString error;
    const QString command = m_context->runner()->preview(
        kosa8::Operation::SandboxEgress,
        policy::egressChangeParams(m_context->runner()->profile(), m_sandbox, next), &error);
    if (command.isEmpty()) {
        m_status->setText(error);
        return;
    }
    const QStringList diff = policy::describeChange(m_current, next);
    auto* confirm = new ConfirmCommandDialog(tr("Change the network policy"),
                                             tr("Change the network policy of the running sandbox "
                                                "%1?\n\n%2\n\n(+ added, - removed; the sandbox keeps "
                                                "running, open connections may be cut.)")
                                                 .arg(m_sandbox, diff.join(QLatin1Char('\n'))),
                                             command, tr("Apply"), this);
    confirm->setObjectName(QStringLiteral("confirmEgressDialog"));
    confirm->setAttribute(Qt::WA_DeleteOnClose);
    connect(confirm, &QDialog::accepted, this, &EgressEditorDialog::runChange);
    confirm->open();
}

bool EgressEditorDialog::hasUnappliedEdits() const
{
    return rules().items != m_current.items || !m_editor->newEntryEdit()->text().trimmed().isEmpty();
}

void EgressEditorDialog::reject()
{
    if (m_running) {
        m_status->setText(m_status->text() + QLatin1Char(' ') +
                          tr("(The dialog closes once kosa8 has answered.)"));
        return;
    }
    // Close (or Escape) threw the person's edits away without a word.
    if (hasUnappliedEdits()) {
        MessageBox::Question question;
        question.objectName = QStringLiteral("discardEgressEdits");
        question.title = tr("Discard your changes?");
        question.text =
            isLive() ? tr("The allow-list has changes that are not applied to %1. Close and discard them?")
                           .arg(m_sandbox)
                     : tr("The allow-list has changes that are not used yet. Close and discard them?");
        question.acceptText = tr("&Discard changes");
        question.destructive = true;
        if (MessageBox::ask(this, question) != MessageBox::Answer::Accept)
            return;
    }
    QDialog::reject();
}

void EgressEditorDialog::runChange()
{
    const EgressRules next = rules();
    m_running = true;
    m_errorView->setVisible(false);
    m_recreate->setVisible(false);
    style::setTextTone(m_status, style::Tone::None);
    m_status->setText(tr("Applying the policy to %1…").arg(m_sandbox));
    updateState();
    kosa8::Kosa8Job* job = m_context->runner()->start(
        kosa8::Operation::SandboxEgress,
        policy::egressChangeParams(m_context->runner()->profile(), m_sandbox, next));
    connect(job, &kosa8::Kosa8Job::finished, this, [this, next](const kosa8::JobResult& result) {
        m_running = false;
        if (!result.ok()) {
            QString title = tr("kosa8 refused the new policy for %1; your edits are kept.").arg(m_sandbox);
            // Name the entry kosa8 complained about: its documents do not say whether ports,
            // CIDR blocks or wildcards are accepted, so that is the likely cause.
            const QString said = result.stderrText();
            const QList<policy::EntryCheck> checks = policy::checkEntries(next.items);
            for (int i = 0; i < checks.size(); ++i) {
                const QString sent = checks.at(i).parsed.sentForm();
                if (checks.at(i).isUsable() && !sent.isEmpty() && said.contains(sent)) {
                    title += QLatin1Char(' ') +
                             tr("It names entry %1 (%2): this kosa8 may not accept that form of "
                                "entry; change or remove it, or recreate the sandbox.")
                                 .arg(i + 1)
                                 .arg(next.items.at(i).entry);
                    break;
                }
            }
            showFailure(title, result);
            m_recreate->setVisible(true);
            updateState();
            return;
        }
        saveRules(m_context->dataDir(), m_sandbox, next);
        m_current = next;
        m_status->setText(tr("Applied."));
        Q_EMIT applied(m_sandbox, next);
        accept();
    });
}

void EgressEditorDialog::showFailure(const QString& title, const kosa8::JobResult& result)
{
    style::setTextTone(m_status, style::Tone::Error);
    m_status->setText(title);
    m_errorView->setPlainText(result.describeFailure());
    m_errorView->setVisible(true);
}

void EgressEditorDialog::offerRecreate()
{
    if (!isLive() || m_running || !m_editor->problem().isEmpty())
        return;
    const QString removeCommand =
        m_context->runner()->preview(kosa8::Operation::SandboxRemove, kosa8::params::sandbox(m_sandbox));
    const kosa8::EgressPolicy policy = rules().toKosa8();
    const QString createCommand = m_context->runner()->preview(
        kosa8::Operation::SandboxCreate,
        kosa8::params::create(m_context->runner()->profile(), m_sandbox, policy, {}));
    auto* confirm = new ConfirmCommandDialog(
        tr("Recreate the sandbox"),
        tr("Delete %1 and create it again with the new policy?\n\nThis loses everything inside it: its "
           "checkpoints and snapshots, the images pulled into it, files written in it and running processes. "
           "Host folders mounted when it was created are not mounted again. This cannot be undone.\n\n"
           "Then: %2")
            .arg(m_sandbox, createCommand),
        removeCommand, tr("Delete and recreate %1").arg(m_sandbox), this);
    confirm->setObjectName(QStringLiteral("confirmRecreateDialog"));
    confirm->setDestructive(true);
    confirm->setAttribute(Qt::WA_DeleteOnClose);
    connect(confirm, &QDialog::accepted, this, &EgressEditorDialog::runRecreate);
    confirm->open();
}

void EgressEditorDialog::runRecreate()
{
    const EgressRules next = rules();
    m_running = true;
    style::setTextTone(m_status, style::Tone::None);
    m_status->setText(tr("Deleting %1…").arg(m_sandbox));
    m_recreate->setVisible(false);
    updateState();
    kosa8::Kosa8Job* remove =
        m_context->runner()->start(kosa8::Operation::SandboxRemove, kosa8::params::sandbox(m_sandbox));
    connect(remove, &kosa8::Kosa8Job::finished, this, [this, next](const kosa8::JobResult& removed) {
        if (!removed.ok()) {
            m_running = false;
            showFailure(tr("Could not delete %1; nothing was changed.").arg(m_sandbox), removed);
            m_recreate->setVisible(true);
            updateState();
            return;
        }
        m_status->setText(tr("Creating %1 with the new policy…").arg(m_sandbox));
        kosa8::Kosa8Job* create = m_context->runner()->start(
            kosa8::Operation::SandboxCreate,
            kosa8::params::create(m_context->runner()->profile(), m_sandbox, next.toKosa8(), {}));
        connect(create, &kosa8::Kosa8Job::finished, this, [this, next](const kosa8::JobResult& created) {
            m_running = false;
            if (!created.ok()) {
                // The old sandbox is gone: say so, and keep the policy for another try.
                showFailure(
                    tr("%1 was deleted but could not be created again; your policy is kept.").arg(m_sandbox),
                    created);
                Q_EMIT applied(m_sandbox, next);
                updateState();
                return;
            }
            saveRules(m_context->dataDir(), m_sandbox, next);
            m_current = next;
            Q_EMIT applied(m_sandbox, next);
            accept();
        });
    });
}

EgressRules EgressEditorDialog::savedRules(const QString& dataDir, const QString& sandbox,
                                           const kosa8::EgressPolicy& reported)
{
    const EgressRules fromKosa8 = EgressRules::fromKosa8(reported);
    const QJsonObject saved = readPolicies(dataDir).value(QStringLiteral("sandboxes")).toObject();
    if (!saved.contains(sandbox))
        return fromKosa8;
    EgressRules rules;
    QString error;
    const QByteArray json = QJsonDocument(saved.value(sandbox).toObject()).toJson();
    // Only while kosa8 still reports exactly what was saved: the real state wins.
    if (!policy::fromJson(json, &rules, &error) || !(rules.toKosa8() == reported))
        return fromKosa8;
    return rules;
}

bool EgressEditorDialog::saveRules(const QString& dataDir, const QString& sandbox, const EgressRules& rules)
{
    if (dataDir.isEmpty())
        return false;
    QJsonObject root = readPolicies(dataDir);
    QJsonObject sandboxes = root.value(QStringLiteral("sandboxes")).toObject();
    sandboxes.insert(sandbox, QJsonDocument::fromJson(policy::toJson(rules)).object());
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("sandboxes"), sandboxes);
    QSaveFile file(policiesPath(dataDir));
    return file.open(QIODevice::WriteOnly) && files::OwnerOnly::restrictFile(file) &&
           file.write(QJsonDocument(root).toJson()) >= 0 && file.commit();
}

} // namespace k8::app
