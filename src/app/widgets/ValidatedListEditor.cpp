// SPDX-License-Identifier: Apache-2.0
#include "widgets/ValidatedListEditor.h"

#include "style/Style.h"
#include "widgets/ClearButton.h"

#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>

namespace k8::app {

ValidatedListEditor::ValidatedListEditor(QWidget* parent)
    : QWidget(parent)
    , m_input(new QLineEdit(this))
    , m_add(new QPushButton(tr("Add"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_list(new QListWidget(this))
    , m_message(new QLabel(this))
{
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setHorizontalSpacing(6);
    layout->setVerticalSpacing(4);
    layout->addWidget(m_input, 0, 0);
    layout->addWidget(m_add, 0, 1);
    layout->addWidget(m_message, 1, 0, 1, 2);
    layout->addWidget(m_list, 2, 0, 2, 1);
    layout->addWidget(m_remove, 2, 1, Qt::AlignTop);
    m_input->setObjectName(QStringLiteral("listEditorInput"));
    setClearButton(m_input);
    m_add->setObjectName(QStringLiteral("listEditorAdd"));
    m_remove->setObjectName(QStringLiteral("listEditorRemove"));
    m_list->setObjectName(QStringLiteral("listEditorList"));
    m_list->setMaximumHeight(110);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_message->setObjectName(QStringLiteral("listEditorMessage"));
    m_message->setWordWrap(true);
    style::setTextTone(m_message, style::Tone::Error);
    m_message->setVisible(false);
    style::makeMonospace(m_list);
    setItemKind(tr("entry"));

    connect(m_input, &QLineEdit::textChanged, this, [this] {
        updateState();
        Q_EMIT pendingChanged();
    });
    // Return adds the typed entry; it must not also press the dialog's default button.
    m_input->installEventFilter(this);
    connect(m_add, &QPushButton::clicked, this, &ValidatedListEditor::addPending);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const QList<QListWidgetItem*> selected = m_list->selectedItems();
        for (QListWidgetItem* item : selected)
            delete item;
        updateState();
        Q_EMIT itemsChanged();
    });
    connect(m_list, &QListWidget::itemSelectionChanged, this, &ValidatedListEditor::updateState);
    updateState();
}

bool ValidatedListEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_input && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        // With nothing typed, Return keeps its usual meaning (the dialog's default button).
        if ((key == Qt::Key_Return || key == Qt::Key_Enter) && !pendingText().isEmpty()) {
            addPending();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ValidatedListEditor::setValidator(Validator validator)
{
    m_validator = std::move(validator);
    updateState();
}

void ValidatedListEditor::setPlaceholderText(const QString& text)
{
    m_input->setPlaceholderText(text);
}

void ValidatedListEditor::setItemKind(const QString& kind)
{
    m_input->setAccessibleName(tr("New %1").arg(kind));
    m_add->setAccessibleName(tr("Add %1").arg(kind));
    m_remove->setAccessibleName(tr("Remove selected %1").arg(kind));
    m_list->setAccessibleName(tr("List of %1").arg(kind));
}

QStringList ValidatedListEditor::items() const
{
    QStringList result;
    for (int i = 0; i < m_list->count(); ++i)
        result << m_list->item(i)->text();
    return result;
}

void ValidatedListEditor::setItems(const QStringList& items)
{
    m_list->clear();
    m_list->addItems(items);
    updateState();
    Q_EMIT itemsChanged();
}

QString ValidatedListEditor::pendingText() const
{
    return m_input->text().trimmed();
}

QString ValidatedListEditor::pendingProblem() const
{
    const QString text = pendingText();
    if (text.isEmpty())
        return {};
    if (items().contains(text))
        return tr("%1 is already in the list.").arg(text);
    return m_validator ? m_validator(text) : QString();
}

bool ValidatedListEditor::addPending()
{
    const QString text = pendingText();
    if (text.isEmpty() || !pendingProblem().isEmpty())
        return false;
    m_list->addItem(text);
    m_input->clear();
    updateState();
    Q_EMIT itemsChanged();
    return true;
}

void ValidatedListEditor::updateState()
{
    const QString problem = pendingProblem();
    m_message->setText(problem);
    m_message->setVisible(!problem.isEmpty());
    m_add->setEnabled(!pendingText().isEmpty() && problem.isEmpty());
    m_remove->setEnabled(!m_list->selectedItems().isEmpty());
}

} // namespace k8::app
