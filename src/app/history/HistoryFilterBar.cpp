// SPDX-License-Identifier: Apache-2.0
#include "history/HistoryFilterBar.h"
#include "widgets/ClearButton.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>

namespace k8::app {

HistoryFilterBar::HistoryFilterBar(QWidget* parent, Shape shape)
    : QWidget(parent)
    , m_text(new QLineEdit(this))
    , m_actor(new QComboBox(this))
    , m_action(new QComboBox(this))
    , m_sandbox(new QComboBox(this))
    , m_source(new QComboBox(this))
    , m_decidedBy(new QComboBox(this))
    , m_fromOn(new QCheckBox(tr("From"), this))
    , m_from(new QDateTimeEdit(this))
    , m_toOn(new QCheckBox(tr("To"), this))
    , m_to(new QDateTimeEdit(this))
    , m_typing(new QTimer(this))
{
    setObjectName(QStringLiteral("historyFilterBar"));
    m_text->setObjectName(QStringLiteral("historyFilterText"));
    m_text->setPlaceholderText(tr("Filter: words in the detail, a sandbox, an action, a SEQ or a hash"));
    m_text->setAccessibleName(tr("Filter text"));
    setClearButton(m_text);

    struct Box
    {
        QComboBox* box;
        const char* objectName;
        QString accessible;
    };
    const Box boxes[] = {{m_actor, "historyFilterActor", tr("Actor")},
                         {m_action, "historyFilterAction", tr("Action")},
                         {m_sandbox, "historyFilterSandbox", tr("Sandbox")},
                         {m_source, "historyFilterSource", tr("Source")},
                         {m_decidedBy, "historyFilterDecidedBy", tr("Decided by")}};
    for (const Box& b : boxes) {
        b.box->setObjectName(QString::fromLatin1(b.objectName));
        b.box->setAccessibleName(b.accessible);
        b.box->setToolTip(b.accessible);
        b.box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        b.box->setMinimumContentsLength(8);
        fill(b.box, {});
    }
    m_actor->setItemText(0, tr("Any actor"));
    m_action->setItemText(0, tr("Any action"));
    m_sandbox->setItemText(0, tr("Any sandbox"));
    m_decidedBy->setItemText(0, tr("Decided by anyone"));
    m_source->setItemText(0, tr("kosa8 and desk"));
    m_source->addItem(tr("kosa8 only"), int(history::Source::Kosa8));
    m_source->addItem(tr("desk only (decisions)"), int(history::Source::Desk));
    fill(m_actor, {QStringLiteral("human"), QStringLiteral("agent"), QStringLiteral("desk")});

    for (QDateTimeEdit* edit : {m_from, m_to}) {
        edit->setTimeSpec(Qt::UTC);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        edit->setCalendarPopup(true);
        edit->setDateTime(QDateTime::currentDateTimeUtc());
        edit->setEnabled(false);
    }
    m_from->setObjectName(QStringLiteral("historyFilterFrom"));
    m_from->setAccessibleName(tr("From time (UTC)"));
    m_to->setObjectName(QStringLiteral("historyFilterTo"));
    m_to->setAccessibleName(tr("To time (UTC)"));
    m_from->setDateTime(QDateTime::currentDateTimeUtc().addDays(-1));
    m_fromOn->setObjectName(QStringLiteral("historyFilterFromOn"));
    m_toOn->setObjectName(QStringLiteral("historyFilterToOn"));

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    if (shape == Shape::Narrow) {
        // In reading order, two to a row; each time bound beside its box.
        layout->addWidget(m_text, 0, 0, 1, 4);
        layout->addWidget(m_actor, 1, 0, 1, 2);
        layout->addWidget(m_action, 1, 2, 1, 2);
        layout->addWidget(m_sandbox, 2, 0, 1, 2);
        layout->addWidget(m_decidedBy, 2, 2, 1, 2);
        layout->addWidget(m_source, 3, 0, 1, 4);
        layout->addWidget(m_fromOn, 4, 0);
        layout->addWidget(m_from, 4, 1, 1, 3);
        layout->addWidget(m_toOn, 5, 0);
        layout->addWidget(m_to, 5, 1, 1, 3);
        for (int column : {1, 3})
            layout->setColumnStretch(column, 1);
        for (QComboBox* box : {m_actor, m_action, m_sandbox, m_decidedBy})
            box->setMinimumContentsLength(6);
    } else {
        layout->addWidget(m_text, 0, 0, 1, 5);
        layout->addWidget(m_fromOn, 0, 5);
        layout->addWidget(m_from, 0, 6);
        layout->addWidget(m_actor, 1, 0);
        layout->addWidget(m_action, 1, 1);
        layout->addWidget(m_sandbox, 1, 2);
        layout->addWidget(m_source, 1, 3);
        layout->addWidget(m_decidedBy, 1, 4);
        layout->addWidget(m_toOn, 1, 5);
        layout->addWidget(m_to, 1, 6);
        layout->setColumnStretch(0, 1);
        layout->setColumnStretch(1, 1);
        layout->setColumnStretch(2, 1);
    }

    m_typing->setSingleShot(true);
    m_typing->setInterval(TypingDelayMs);
    connect(m_typing, &QTimer::timeout, this, &HistoryFilterBar::emitNow);
    connect(m_text, &QLineEdit::textChanged, m_typing, qOverload<>(&QTimer::start));
    connect(m_text, &QLineEdit::returnPressed, this, &HistoryFilterBar::emitNow);
    for (QComboBox* box : {m_actor, m_action, m_sandbox, m_source, m_decidedBy})
        connect(box, &QComboBox::currentIndexChanged, this, &HistoryFilterBar::emitNow);
    connect(m_fromOn, &QCheckBox::toggled, m_from, &QWidget::setEnabled);
    connect(m_toOn, &QCheckBox::toggled, m_to, &QWidget::setEnabled);
    for (QCheckBox* check : {m_fromOn, m_toOn})
        connect(check, &QCheckBox::toggled, this, &HistoryFilterBar::emitNow);
    for (QDateTimeEdit* edit : {m_from, m_to})
        connect(edit, &QDateTimeEdit::dateTimeChanged, m_typing, qOverload<>(&QTimer::start));
}

void HistoryFilterBar::fill(QComboBox* box, const QStringList& values)
{
    const QString current = box->currentIndex() > 0 ? box->currentData().toString() : QString();
    const QString anyText = box->count() > 0 ? box->itemText(0) : QString();
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(anyText, QString());
    QStringList sorted;
    for (const QString& v : values) {
        if (!v.isEmpty() && !sorted.contains(v))
            sorted.append(v);
    }
    sorted.sort(Qt::CaseInsensitive);
    for (const QString& v : sorted)
        box->addItem(v, v); // a QComboBox item is plain text
    const int at = current.isEmpty() ? 0 : box->findData(current);
    if (at < 0) {
        box->addItem(current, current); // keep the choice although this load has none
        box->setCurrentIndex(box->count() - 1);
    } else {
        box->setCurrentIndex(at);
    }
}

void HistoryFilterBar::setChoices(const QStringList& actors, const QStringList& actions,
                                  const QStringList& sandboxes, const QStringList& decidedBy)
{
    QStringList allActors = {QStringLiteral("human"), QStringLiteral("agent"), QStringLiteral("desk")};
    allActors.append(actors);
    fill(m_actor, allActors);
    fill(m_action, actions);
    fill(m_sandbox, sandboxes);
    fill(m_decidedBy, decidedBy);
}

history::AuditFilter HistoryFilterBar::filter() const
{
    history::AuditFilter f;
    f.text = m_text->text();
    f.actor = m_actor->currentData().toString();
    f.action = m_action->currentData().toString();
    f.sandbox = m_sandbox->currentData().toString();
    f.decidedBy = m_decidedBy->currentData().toString();
    f.source =
        m_source->currentIndex() <= 0 ? history::AuditFilter::AnySource : m_source->currentData().toInt();
    if (m_fromOn->isChecked())
        f.fromMs = m_from->dateTime().toMSecsSinceEpoch();
    if (m_toOn->isChecked())
        f.toMs = m_to->dateTime().toMSecsSinceEpoch() + 59'999; // the whole minute shown
    return f;
}

void HistoryFilterBar::emitNow()
{
    m_typing->stop();
    if (!m_quiet)
        Q_EMIT filterChanged(filter());
}

void HistoryFilterBar::clear()
{
    m_quiet = true;
    m_text->clear();
    for (QComboBox* box : {m_actor, m_action, m_sandbox, m_source, m_decidedBy})
        box->setCurrentIndex(0);
    m_fromOn->setChecked(false);
    m_toOn->setChecked(false);
    m_quiet = false;
    emitNow();
}

void HistoryFilterBar::showDecisionsOnly()
{
    m_quiet = true;
    clear();
    m_quiet = true;
    m_source->setCurrentIndex(m_source->findData(int(history::Source::Desk)));
    m_quiet = false;
    emitNow();
}

} // namespace k8::app
