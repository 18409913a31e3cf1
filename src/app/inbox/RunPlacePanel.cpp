// SPDX-License-Identifier: Apache-2.0
#include "inbox/RunPlacePanel.h"

#include "agent/payload/HiddenText.h"
#include "kosa8/SandboxListModel.h"
#include "style/Style.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QResizeEvent>

namespace k8::app {

namespace {

// Shows `items` in the editable combo with `wanted` as its text (in the list or typed), touching
// the combo only where it differs: a refresh of the sandbox list must not reset what is open.
void showChoices(QComboBox* combo, const QStringList& items, const QString& wanted)
{
    QStringList current;
    for (int i = 0; i < combo->count(); ++i)
        current.append(combo->itemText(i));
    if (current != items) {
        combo->clear();
        combo->addItems(items);
    }
    if (combo->currentText() != wanted) {
        const int index = combo->findText(wanted);
        if (index >= 0)
            combo->setCurrentIndex(index);
        else
            combo->setEditText(wanted);
    }
}

QLabel* makeValueLabel(const QString& objectName, const QString& description, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setAccessibleDescription(description);
    // Names here come from the agent (sandbox, image) or from kosa8: text, never markup.
    label->setTextFormat(Qt::PlainText);
    // Wrapped, never elided: every host of an allow-list is read in full.
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return label;
}

QString policyText(const kosa8::EgressPolicy& policy)
{
    using Mode = kosa8::EgressPolicy::Mode;
    switch (policy.mode) {
    case Mode::Deny:
        return RunPlacePanel::tr("No network: the code reaches no host (DNS included).");
    case Mode::Any:
        return RunPlacePanel::tr("Any host: the code can reach the whole internet.");
    case Mode::Fakenet:
        return RunPlacePanel::tr(
            "Fake network: connections are answered inside kosa8 and reach no real host.");
    case Mode::Allow:
        if (policy.hosts.isEmpty())
            return RunPlacePanel::tr("Only these hosts: none (no network).");
        if (policy.hosts.size() == 1)
            return RunPlacePanel::tr("Only this host: %1").arg(policy.hosts.first());
        // Every host in full (a wrapping label, never "pypi.org +2").
        return RunPlacePanel::tr("Only these %n hosts: %1", nullptr, int(policy.hosts.size()))
            .arg(policy.hosts.join(QStringLiteral(", ")));
    case Mode::Unknown:
        break;
    }
    return RunPlacePanel::tr("Unknown policy \"%1\": treat it as any host.").arg(policy.raw);
}

} // namespace

RunPlacePanel::RunPlacePanel(QWidget* parent)
    : QWidget(parent)
    , m_sandboxCombo(new QComboBox(this))
    , m_statusLabel(makeValueLabel(QStringLiteral("sandboxStatusLabel"), tr("Sandbox status"), this))
    , m_networkLabel(makeValueLabel(QStringLiteral("egressLabel"), tr("Sandbox network policy"), this))
    , m_imageCombo(new QComboBox(this))
    , m_imageStatusLabel(
          makeValueLabel(QStringLiteral("imageStatusLabel"), tr("Whether the image is pulled"), this))
    , m_checkpointLabel(
          makeValueLabel(QStringLiteral("checkpointLabel"), tr("Checkpoint taken before the run"), this))
    , m_problemLabel(
          makeValueLabel(QStringLiteral("runProblemLabel"), tr("Problem with the run settings"), this))
{
    m_sandboxCombo->setObjectName(QStringLiteral("sandboxCombo"));
    m_sandboxCombo->setAccessibleName(tr("Sandbox to run in"));
    m_sandboxCombo->setEditable(true);
    m_sandboxCombo->setInsertPolicy(QComboBox::NoInsert);
    m_sandboxCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_sandboxCombo->setMinimumContentsLength(16);
    // On Linux a combo box's accessible name is its current text; the field inside says what it is.
    m_sandboxCombo->lineEdit()->setAccessibleName(tr("Sandbox to run in"));
    m_imageCombo->setObjectName(QStringLiteral("imageCombo"));
    m_imageCombo->setAccessibleName(tr("Container image"));
    m_imageCombo->setEditable(true);
    m_imageCombo->setInsertPolicy(QComboBox::NoInsert);
    m_imageCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_imageCombo->setMinimumContentsLength(16);
    m_imageCombo->lineEdit()->setObjectName(QStringLiteral("imageEdit"));
    m_imageCombo->lineEdit()->setAccessibleName(tr("Container image"));
    m_problemLabel->hide();

    auto* sandboxRow = new QHBoxLayout;
    sandboxRow->addWidget(m_sandboxCombo, 1);
    sandboxRow->addWidget(m_statusLabel);
    auto* imageRow = new QHBoxLayout;
    imageRow->addWidget(m_imageCombo, 1);
    imageRow->addWidget(m_imageStatusLabel, 1);

    auto* sandboxTitle = new QLabel(tr("Sand&box:"), this);
    sandboxTitle->setBuddy(m_sandboxCombo);
    auto* imageTitle = new QLabel(tr("&Image:"), this);
    imageTitle->setBuddy(m_imageCombo);

    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->addRow(sandboxTitle, sandboxRow);
    form->addRow(tr("Network:"), m_networkLabel);
    form->addRow(imageTitle, imageRow);
    form->addRow(tr("Checkpoint:"), m_checkpointLabel);
    form->addRow(m_problemLabel);

    connect(m_sandboxCombo, &QComboBox::currentTextChanged, this, [this](const QString& text) {
        if (!m_loading)
            Q_EMIT sandboxChosen(text.trimmed());
    });
    connect(m_imageCombo, &QComboBox::currentTextChanged, this, [this](const QString& text) {
        if (!m_loading)
            Q_EMIT imageChosen(text.trimmed());
    });
}

void RunPlacePanel::setSandboxModel(kosa8::SandboxListModel* model)
{
    if (m_sandboxes)
        m_sandboxes->disconnect(this);
    m_sandboxes = model;
    if (model) {
        // listed() follows every read of the list, rows changed or not; the others follow edits.
        connect(model, &kosa8::SandboxListModel::listed, this, &RunPlacePanel::sandboxesChanged);
        connect(model, &QAbstractItemModel::modelReset, this, &RunPlacePanel::sandboxesChanged);
        connect(model, &QAbstractItemModel::dataChanged, this, &RunPlacePanel::sandboxesChanged);
    }
    Q_EMIT sandboxesChanged();
}

agent::RunPlaceFacts RunPlacePanel::facts() const
{
    agent::RunPlaceFacts facts;
    if (!m_sandboxes || !m_sandboxes->isLoaded())
        return facts;
    facts.loaded = true;
    for (const kosa8::Sandbox& sandbox : m_sandboxes->sandboxes())
        facts.imagesBySandbox.insert(sandbox.name, sandbox.images);
    return facts;
}

QLineEdit* RunPlacePanel::imageEdit() const
{
    return m_imageCombo->lineEdit();
}

void RunPlacePanel::showState(const agent::ReviewState& state)
{
    const QString sandbox = state.runSandbox();
    const QString image = state.runImage();
    fillSandboxNames(sandbox);
    fillImages(sandbox, image);
    showNetwork(sandbox);
    showImageStatus(sandbox, image);
    m_checkpointLabel->setText(state.checkpointText());
    const QString problem = state.runProblem();
    m_problemLabel->setText(problem);
    m_problemLabel->setVisible(!problem.isEmpty());
    setWarning(m_problemLabel, true);
    fitHeightToWidth();
}

void RunPlacePanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (event->size().width() != event->oldSize().width())
        fitHeightToWidth();
}

void RunPlacePanel::fitHeightToWidth()
{
    if (!layout() || !layout()->hasHeightForWidth() || width() <= 0)
        return;
    const int needed = layout()->heightForWidth(width());
    if (needed > 0 && needed != minimumHeight())
        setMinimumHeight(needed);
}

void RunPlacePanel::setReadOnly(bool readOnly)
{
    m_sandboxCombo->setEnabled(!readOnly);
    m_imageCombo->setEnabled(!readOnly);
}

QString RunPlacePanel::networkText() const
{
    return m_networkLabel->text();
}

QString RunPlacePanel::imageStatusText() const
{
    return m_imageStatusLabel->text();
}

QString RunPlacePanel::problemText() const
{
    return m_problemLabel->isHidden() ? QString() : m_problemLabel->text();
}

QString RunPlacePanel::checkpointText() const
{
    return m_checkpointLabel->text();
}

void RunPlacePanel::fillSandboxNames(const QString& wanted)
{
    QStringList names;
    if (m_sandboxes) {
        for (const kosa8::Sandbox& sandbox : m_sandboxes->sandboxes())
            names.append(sandbox.name);
    }
    // The agent's choice stays selectable even when the list does not know it (shown in red).
    if (!wanted.isEmpty() && !names.contains(wanted))
        names.prepend(wanted);
    m_loading = true;
    showChoices(m_sandboxCombo, names, wanted);
    m_loading = false;
}

void RunPlacePanel::fillImages(const QString& sandbox, const QString& wanted)
{
    const kosa8::Sandbox* known = m_sandboxes ? m_sandboxes->find(sandbox) : nullptr;
    const QStringList pulled = known ? known->images : QStringList();
    m_loading = true;
    showChoices(m_imageCombo, pulled, wanted);
    m_loading = false;
}

void RunPlacePanel::showNetwork(const QString& sandbox)
{
    const auto reveal = &agent::HiddenText::revealedInline;
    if (!m_sandboxes || !m_sandboxes->isLoaded()) {
        m_statusLabel->clear();
        m_networkLabel->setText(tr("Checking sandboxes…"));
        setWarning(m_networkLabel, true);
        return;
    }
    const kosa8::Sandbox* known = m_sandboxes->find(sandbox);
    if (!known) {
        m_statusLabel->clear();
        m_networkLabel->setText(
            sandbox.isEmpty()
                ? tr("No sandbox chosen.")
                : tr("Unknown sandbox: \"%1\" is not in the sandbox list.").arg(reveal(sandbox)));
        setWarning(m_networkLabel, true);
        return;
    }
    m_statusLabel->setText(known->status);
    m_networkLabel->setText(policyText(known->egress));
    setWarning(m_networkLabel, false);
}

void RunPlacePanel::showImageStatus(const QString& sandbox, const QString& image)
{
    const agent::RunPlaceFacts known = facts();
    const auto reveal = &agent::HiddenText::revealedInline;
    if (!known.loaded) {
        m_imageStatusLabel->setText(tr("checking sandboxes…"));
        setWarning(m_imageStatusLabel, true);
    } else if (!known.knowsSandbox(sandbox)) {
        m_imageStatusLabel->setText(tr("unknown sandbox"));
        setWarning(m_imageStatusLabel, true);
    } else if (image.isEmpty()) {
        m_imageStatusLabel->setText(tr("no image chosen"));
        setWarning(m_imageStatusLabel, true);
    } else if (known.hasImage(sandbox, image)) {
        m_imageStatusLabel->setText(tr("pulled in %1").arg(reveal(sandbox)));
        setWarning(m_imageStatusLabel, false);
    } else {
        m_imageStatusLabel->setText(tr("not pulled in %1").arg(reveal(sandbox)));
        setWarning(m_imageStatusLabel, true);
    }
}

void RunPlacePanel::setWarning(QLabel* label, bool warning)
{
    style::setForegroundTone(label, warning ? style::Tone::Error : style::Tone::None);
    label->setProperty("warning", warning);
}

} // namespace k8::app
