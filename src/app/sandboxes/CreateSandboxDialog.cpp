// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/CreateSandboxDialog.h"

#include "ui_CreateSandboxDialog.h"

#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Names.h"
#include "style/Style.h"
#include "widgets/CommandPreviewField.h"
#include "widgets/ValidatedListEditor.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>

namespace k8::app {

using kosa8::EgressPolicy;

CreateSandboxDialog::CreateSandboxDialog(const kosa8::Kosa8Runner* runner, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::CreateSandboxDialog>())
    , m_runner(runner)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("createSandboxDialog"));
    style::setTextTone(m_ui->nameMessage, style::Tone::Error);
    m_ui->hostsEditor->setValidator(&CreateSandboxDialog::checkHostEntry);
    // One example only: a list in the placeholder read as "type them all here, comma-separated".
    m_ui->hostsEditor->setPlaceholderText(tr("one host per entry: pypi.org"));
    m_ui->hostsFormatLabel->setText(hostFormatText());
    m_ui->hostsEditor->setItemKind(tr("allowed host"));
    m_ui->mountsEditor->setValidator(&kosa8::Names::checkMount);
    m_ui->mountsEditor->setPlaceholderText(tr("/home/me/project:/work"));
    m_ui->mountsEditor->setItemKind(tr("host folder"));
    m_ui->commandLabel->setBuddy(m_ui->commandPreview->textField());
    okButton()->setText(tr("Create"));
    okButton()->setAccessibleName(tr("Create sandbox"));
    okButton()->setObjectName(QStringLiteral("createButton"));

    connect(m_ui->nameEdit, &QLineEdit::textChanged, this, &CreateSandboxDialog::revalidate);
    for (QRadioButton* radio : {m_ui->denyRadio, m_ui->allowRadio, m_ui->anyRadio, m_ui->fakenetRadio})
        connect(radio, &QRadioButton::toggled, this, &CreateSandboxDialog::revalidate);
    for (ValidatedListEditor* editor : {m_ui->hostsEditor, m_ui->mountsEditor}) {
        connect(editor, &ValidatedListEditor::itemsChanged, this, &CreateSandboxDialog::revalidate);
        connect(editor, &ValidatedListEditor::pendingChanged, this, &CreateSandboxDialog::revalidate);
    }
    // Typing a host focuses the allow-list choice: that is what the person means.
    connect(m_ui->hostsEditor, &ValidatedListEditor::pendingChanged, this, [this] {
        if (!m_ui->hostsEditor->pendingText().isEmpty())
            m_ui->allowRadio->setChecked(true);
    });
    // Choosing the allow-list means "now type the hosts": put the cursor there.
    connect(m_ui->allowRadio, &QRadioButton::toggled, this, [this](bool on) {
        if (on && isVisible())
            m_ui->hostsEditor->input()->setFocus();
    });
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &CreateSandboxDialog::tryAccept);
    connect(m_ui->policyEditorButton, &QPushButton::clicked, this,
            &CreateSandboxDialog::policyEditorRequested);
    revalidate();
    m_ui->nameEdit->setFocus();
}

QString CreateSandboxDialog::hostFormatText()
{
    return tr("One host per entry: type it, then Enter or Add. Allowed: a name (pypi.org), a wildcard for "
              "its subdomains (*.githubusercontent.com), an IP address (10.0.0.5), an address block in CIDR "
              "(10.0.0.0/8), each optionally with a port (api.example.com:443, [2001:db8::1]:443).");
}

QString CreateSandboxDialog::checkHostEntry(const QString& entry)
{
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    const QString trimmed = entry.trimmed();
    if (trimmed.contains(separators)) {
        const QStringList parts = trimmed.split(separators, Qt::SkipEmptyParts);
        if (parts.size() > 1)
            return tr("One entry holds %n hosts: add them one at a time (%1, then Enter, and so on).",
                      nullptr, int(parts.size()))
                       .arg(parts.first()) +
                   QLatin1Char(' ') + hostFormatText();
    }
    const QString problem = kosa8::Names::checkHost(trimmed);
    if (problem.isEmpty())
        return {};
    return tr("\"%1\" is not a host kosa8 accepts.").arg(trimmed.left(80)) + QLatin1Char(' ') +
           hostFormatText();
}

CreateSandboxDialog::~CreateSandboxDialog() = default;

void CreateSandboxDialog::setExistingNames(const QSet<QString>& names)
{
    m_existing = names;
    revalidate();
}

QString CreateSandboxDialog::name() const
{
    return m_ui->nameEdit->text().trimmed();
}

EgressPolicy CreateSandboxDialog::egress() const
{
    if (m_ui->anyRadio->isChecked() || m_ui->fakenetRadio->isChecked()) {
        EgressPolicy policy;
        policy.mode = m_ui->anyRadio->isChecked() ? EgressPolicy::Mode::Any : EgressPolicy::Mode::Fakenet;
        return policy;
    }
    if (m_ui->allowRadio->isChecked()) {
        QStringList hosts = m_ui->hostsEditor->items();
        // A valid host typed but not added yet counts: OK must not silently drop it.
        if (!m_ui->hostsEditor->pendingText().isEmpty() && m_ui->hostsEditor->pendingProblem().isEmpty())
            hosts << m_ui->hostsEditor->pendingText();
        return EgressPolicy::allow(hosts);
    }
    return EgressPolicy::deny();
}

policy::EgressRules CreateSandboxDialog::rules() const
{
    if (m_hasEditedRules && m_editedRules.toKosa8() == egress())
        return m_editedRules;
    return policy::EgressRules::fromKosa8(egress());
}

void CreateSandboxDialog::setEditedRules(const policy::EgressRules& rules)
{
    m_editedRules = rules;
    m_hasEditedRules = true;
    const EgressPolicy policy = rules.toKosa8();
    m_ui->hostsEditor->input()->clear();
    m_ui->hostsEditor->setItems(policy.mode == EgressPolicy::Mode::Allow ? policy.hosts : QStringList());
    switch (policy.mode) {
    case EgressPolicy::Mode::Allow:
        m_ui->allowRadio->setChecked(true);
        break;
    case EgressPolicy::Mode::Any:
        m_ui->anyRadio->setChecked(true);
        break;
    case EgressPolicy::Mode::Fakenet:
        m_ui->fakenetRadio->setChecked(true);
        break;
    case EgressPolicy::Mode::Deny:
    case EgressPolicy::Mode::Unknown:
        m_ui->denyRadio->setChecked(true);
        break;
    }
    revalidate();
}

void CreateSandboxDialog::restore(const QString& name, const policy::EgressRules& rules,
                                  const QStringList& mounts, const QString& refusal)
{
    m_ui->nameEdit->setText(name);
    m_ui->mountsEditor->setItems(mounts);
    setEditedRules(rules);
    // kosa8's words are shown as text: they may quote what was typed.
    m_ui->introLabel->setTextFormat(Qt::PlainText);
    style::setTextTone(m_ui->introLabel, style::Tone::Error);
    m_ui->introLabel->setText(refusal);
}

QString CreateSandboxDialog::refusalText() const
{
    return m_ui->introLabel->styleSheet().isEmpty() ? QString() : m_ui->introLabel->text();
}

QPushButton* CreateSandboxDialog::policyEditorButton() const
{
    return m_ui->policyEditorButton;
}

QStringList CreateSandboxDialog::mounts() const
{
    QStringList result = m_ui->mountsEditor->items();
    if (!m_ui->mountsEditor->pendingText().isEmpty() && m_ui->mountsEditor->pendingProblem().isEmpty())
        result << m_ui->mountsEditor->pendingText();
    return result;
}

QVariantMap CreateSandboxDialog::params() const
{
    return kosa8::params::create(m_runner->profile(), name(), egress(), mounts());
}

QString CreateSandboxDialog::commandPreview() const
{
    return m_ui->commandPreview->command();
}

QPushButton* CreateSandboxDialog::okButton() const
{
    return m_ui->buttonBox->button(QDialogButtonBox::Ok);
}
ValidatedListEditor* CreateSandboxDialog::hostsEditor() const
{
    return m_ui->hostsEditor;
}
ValidatedListEditor* CreateSandboxDialog::mountsEditor() const
{
    return m_ui->mountsEditor;
}
CommandPreviewField* CreateSandboxDialog::commandField() const
{
    return m_ui->commandPreview;
}

void CreateSandboxDialog::revalidate()
{
    const bool allow = m_ui->allowRadio->isChecked();
    m_ui->hostsEditor->setEnabled(allow || !m_ui->hostsEditor->pendingText().isEmpty());

    QString nameProblem;
    const QString sandboxName = name();
    if (sandboxName.isEmpty())
        nameProblem = tr("Enter a name for the sandbox.");
    else
        nameProblem = kosa8::Names::checkSandbox(sandboxName);
    if (nameProblem.isEmpty() && m_existing.contains(sandboxName))
        nameProblem = tr("A sandbox named %1 already exists.").arg(sandboxName);
    // The empty name is not an error yet, just not done: say so without alarm colours.
    m_ui->nameMessage->setText(sandboxName.isEmpty() ? QString() : nameProblem);
    m_ui->nameMessage->setVisible(!sandboxName.isEmpty() && !nameProblem.isEmpty());

    m_problem = nameProblem;
    if (m_problem.isEmpty() && allow && egress().hosts.isEmpty())
        m_problem = tr("Add at least one host to the allow-list, or choose another network option.");
    if (m_problem.isEmpty() && !m_ui->hostsEditor->pendingProblem().isEmpty() && allow)
        m_problem = m_ui->hostsEditor->pendingProblem();
    if (m_problem.isEmpty() && !m_ui->mountsEditor->pendingProblem().isEmpty())
        m_problem = m_ui->mountsEditor->pendingProblem();

    if (m_problem.isEmpty()) {
        QString error;
        const QString preview = m_runner->preview(kosa8::Operation::SandboxCreate, params(), &error);
        if (preview.isEmpty())
            m_problem = error.isEmpty() ? tr("The command could not be built.") : error;
        else
            m_ui->commandPreview->setCommand(preview);
    }
    if (!m_problem.isEmpty())
        m_ui->commandPreview->setUnavailable(m_problem);
    okButton()->setEnabled(m_problem.isEmpty());
    okButton()->setToolTip(m_problem);
}

void CreateSandboxDialog::tryAccept()
{
    revalidate();
    if (!canAccept())
        return;
    // Keep what the person typed but did not "Add": the list is what gets created.
    m_ui->hostsEditor->addPending();
    m_ui->mountsEditor->addPending();
    accept();
}

} // namespace k8::app
