// SPDX-License-Identifier: Apache-2.0
#include "inbox/DecisionNotices.h"

#include "agent/payload/HiddenText.h"
#include "widgets/PlainText.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QToolButton>
#include <QVBoxLayout>

namespace k8::app {

namespace {
constexpr int VisibleLines = 6; // two notices of up to three lines each
}

DecisionNotices::DecisionNotices(QWidget* parent)
    : QWidget(parent)
    , m_heading(new QLabel(tr("Decided without you"), this))
    , m_list(new QListWidget(this))
    , m_showInHistory(new QToolButton(this))
    , m_clear(new QToolButton(this))
{
    setObjectName(QStringLiteral("decisionNotices"));
    m_heading->setTextFormat(Qt::PlainText);
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);

    m_list->setObjectName(QStringLiteral("decisionNoticeList"));
    m_list->setAccessibleName(tr("Decisions made without you"));
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    // Each notice is two lines, more where a line wraps at the strip's width (a rule's name is
    // long: its end, what was decided, was cut off): alternate shading keeps a notice together.
    m_list->setAlternatingRowColors(true);
    m_list->setWordWrap(true);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Titles and agent names are the agent's text: tooltips show them as text, never markup.
    m_list->setItemDelegate(new PlainToolTipDelegate(m_list));
    // A compact strip: the newest two notices, the rest by scrolling.
    m_list->setMaximumHeight(m_list->fontMetrics().lineSpacing() * VisibleLines + 2 * m_list->frameWidth() +
                             8);
    connect(m_list, &QListWidget::itemActivated, this, [this] { showSelectedInHistory(); });

    // Alt+H is the Help menu's, Alt+T the History tab's, Alt+S the Sandboxes menu's.
    m_showInHistory->setText(tr("Sh&ow in History"));
    m_showInHistory->setAccessibleName(tr("Show the selected notice's decision in History"));
    m_showInHistory->setToolTip(tr("Select this decision in the History tab"));
    connect(m_showInHistory, &QToolButton::clicked, this, &DecisionNotices::showSelectedInHistory);
    m_clear->setText(tr("C&lear"));
    m_clear->setAccessibleName(tr("Clear the notices"));
    m_clear->setToolTip(tr("Remove these notices (the ledger and History keep every decision)"));
    connect(m_clear, &QToolButton::clicked, this, &DecisionNotices::clear);

    auto* header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_heading, 1);
    header->addWidget(m_showInHistory);
    header->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(header);
    layout->addWidget(m_list);
    updateVisibility();
}

agent::DecisionNotice DecisionNotices::notice(int row) const
{
    return row >= 0 && row < m_notices.size() ? m_notices.at(row) : agent::DecisionNotice();
}

QString DecisionNotices::text(int row) const
{
    const QListWidgetItem* item = m_list->item(row);
    return item ? item->text() : QString();
}

int DecisionNotices::repeats(int row) const
{
    return row >= 0 && row < m_repeats.size() ? m_repeats.at(row) : 0;
}

int DecisionNotices::withdrawalRowOf(const QString& agent) const
{
    for (int row = 0; row < m_notices.size(); ++row) {
        const agent::DecisionNotice& shown = m_notices.at(row);
        if (shown.cause == agent::DecisionNotice::Cause::Withdrawn && shown.agent == agent)
            return row;
    }
    return -1;
}

QString DecisionNotices::lineFor(const agent::DecisionNotice& notice, int repeats)
{
    // Bidi and invisible characters are named, so an agent cannot make the line say another thing.
    QString title = agent::HiddenText::revealedInline(notice.title).simplified();
    if (title.size() > MaxTitleChars)
        title = title.left(MaxTitleChars - 1) + QChar(u'…');
    const QString agentName = agent::HiddenText::revealedInline(notice.agent).simplified();
    const QString time = QLocale().toString(notice.decidedAt.time(), QLocale::ShortFormat);
    if (repeats > 1) // the newest one's time and title
        return tr("%1: %n request(s)\n%2 · newest: %3", nullptr, repeats)
            .arg(notice.headline(), time, title.isEmpty() ? agentName : title);
    // Two lines, so that the headline (who decided, and what) has the list's whole width: the
    // headline, then when, who asked and for what.
    return title.isEmpty() ? tr("%1\n%2 · %3").arg(notice.headline(), time, agentName)
                           : tr("%1\n%2 · %3: %4").arg(notice.headline(), time, agentName, title);
}

void DecisionNotices::add(const agent::DecisionNotice& notice)
{
    int repeats = 1;
    // The same agent's earlier withdrawals go into this one row, at the top.
    if (notice.cause == agent::DecisionNotice::Cause::Withdrawn) {
        if (const int row = withdrawalRowOf(notice.agent); row >= 0) {
            repeats += m_repeats.takeAt(row);
            m_notices.removeAt(row);
            delete m_list->takeItem(row);
        }
    }
    m_notices.prepend(notice);
    m_repeats.prepend(repeats);
    auto* item = new QListWidgetItem;
    item->setText(lineFor(notice, repeats)); // a list item's text is never markup
    QString tip = tr("%1\nAgent: %2\nRequest: %3")
                      .arg(notice.headline(), agent::HiddenText::revealedInline(notice.agent),
                           agent::HiddenText::revealedInline(notice.title));
    if (repeats > 1)
        tip += QLatin1Char('\n') +
               tr("%n request(s) withdrawn by this agent; History has each of them.", nullptr, repeats);
    if (!notice.reachedInbox)
        tip += QLatin1Char('\n') + tr("Decided on arrival: it never waited in the inbox.");
    item->setToolTip(tip); // shown as plain text by PlainToolTipDelegate
    m_list->insertItem(0, item);
    while (m_notices.size() > MaxNotices) {
        m_notices.removeLast();
        m_repeats.removeLast();
        delete m_list->takeItem(m_list->count() - 1);
    }
    updateVisibility();
}

void DecisionNotices::clear()
{
    m_notices.clear();
    m_repeats.clear();
    m_list->clear();
    updateVisibility();
}

void DecisionNotices::showSelectedInHistory()
{
    if (m_notices.isEmpty())
        return;
    const int row = m_list->currentRow();
    Q_EMIT showInHistoryRequested(m_notices.at(row >= 0 && row < m_notices.size() ? row : 0));
}

void DecisionNotices::updateVisibility()
{
    setVisible(!m_notices.isEmpty());
}

} // namespace k8::app
