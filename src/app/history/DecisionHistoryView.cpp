// SPDX-License-Identifier: Apache-2.0
#include "history/DecisionHistoryView.h"

#include "history/AuditHistory.h"
#include "history/AuditTableModel.h"
#include "history/DecisionFields.h"
#include "history/HistoryDetailsPane.h"
#include "history/HistoryFilterBar.h"
#include "widgets/PlainText.h"

#include <QAction>
#include <QComboBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace k8::app {

using history::AuditColumn;

namespace {

// The columns the tab shows, in this order; the others (kosa8's) are hidden.
constexpr AuditColumn ShownColumns[] = {
    AuditColumn::Time,     AuditColumn::Agent,         AuditColumn::Title, AuditColumn::Method,
    AuditColumn::Decision, AuditColumn::DecidedByText, AuditColumn::Where, AuditColumn::Reason};

bool shown(int column)
{
    for (const AuditColumn c : ShownColumns) {
        if (int(c) == column)
            return true;
    }
    return false;
}

} // namespace

DecisionHistoryView::DecisionHistoryView(QWidget* parent)
    : QWidget(parent)
    , m_history(new history::AuditHistory(nullptr, this))
    , m_filterBar(new HistoryFilterBar(this, HistoryFilterBar::Shape::Narrow))
    , m_table(new QTableView(this))
    , m_details(new HistoryDetailsPane(this))
    , m_status(new QLabel(this))
    , m_showOnTimeline(new QAction(tr("Show on &timeline"), this))
    , m_reloadTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("decisionHistory"));
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(0);
    connect(m_reloadTimer, &QTimer::timeout, this, &DecisionHistoryView::reload);

    // Newest first; the tab is the desk's decisions, so the source stays "desk".
    m_history->setSort({AuditColumn::Time, Qt::DescendingOrder});
    m_filterBar->showDecisionsOnly();
    m_filterBar->sourceBox()->setEnabled(false);
    m_history->setFilter(m_filterBar->filter());
    connect(m_filterBar, &HistoryFilterBar::filterChanged, this, [this](const history::AuditFilter& filter) {
        history::AuditFilter decisions = filter;
        decisions.source = int(history::Source::Desk);
        m_history->setFilter(decisions);
    });

    m_table->setObjectName(QStringLiteral("decisionHistoryTable"));
    m_table->setModel(m_history->model());
    m_table->setAccessibleName(tr("Decided requests"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false); // Tab leaves the table for the next control
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    // Agents chose the titles, names and request ids shown here: tooltips show them as text.
    m_table->setItemDelegate(new PlainToolTipDelegate(m_table));
    for (int column = 0; column < int(AuditColumn::Count); ++column)
        m_table->setColumnHidden(column, !shown(column));
    m_status->setObjectName(QStringLiteral("decisionHistoryStatus"));
    m_status->setAccessibleDescription(tr("History status"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    // The details pane's link back to the inbox's history would lead here.
    m_details->requestButton()->hide();

    // A run on its sandbox's checkpoint timeline: where it sits, what came before and after.
    m_showOnTimeline->setObjectName(QStringLiteral("showOnTimelineAction"));
    m_showOnTimeline->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_showOnTimeline->setShortcutContext(Qt::WidgetShortcut);
    m_showOnTimeline->setEnabled(false);
    m_table->addAction(m_showOnTimeline);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        m_showOnTimeline->setEnabled(!selectedTimelineRun().isEmpty());
        showCurrent();
    });
    connect(m_showOnTimeline, &QAction::triggered, this, [this] {
        const QJsonObject run = selectedTimelineRun();
        if (!run.isEmpty())
            Q_EMIT showOnTimelineRequested(run.value(QStringLiteral("sandbox")).toString(),
                                           run.value(QStringLiteral("request")).toVariant().toString());
    });
    connect(m_details, &HistoryDetailsPane::showOnTimelineRequested, this,
            &DecisionHistoryView::showOnTimelineRequested);

    // A new read or filter resets the model: the selection stays on its entry (store rows only
    // grow while the ledger path stays), or moves to the request a notice asked for.
    connect(m_history->model(), &QAbstractItemModel::modelReset, this, [this] {
        const int row = m_selectedStoreRow >= 0 ? m_history->model()->viewRowOf(m_selectedStoreRow) : -1;
        if (row >= 0)
            selectViewRow(row);
        else
            showCurrent();
    });
    connect(m_history, &history::AuditHistory::loadFinished, this,
            [this](const history::AuditLoadResult& result) {
                m_ledgerError = result.ledgerError;
                // The filter bar offers what the ledger holds (the current choice stays).
                const auto store = m_history->store();
                m_filterBar->setChoices(
                    store->names(history::NameColumn::Actor), store->names(history::NameColumn::Action),
                    store->names(history::NameColumn::Sandbox), store->names(history::NameColumn::DecidedBy));
                if (m_history->isFiltering())
                    m_awaitingFilter = true;
                else
                    onShown();
            });
    connect(m_history, &history::AuditHistory::filterApplied, this, [this] {
        if (m_awaitingFilter && !m_history->isLoading()) {
            m_awaitingFilter = false;
            onShown();
        }
    });

    // The details under the table: the tab shares the page's width with the review.
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("decisionHistorySplitter"));
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    // The tab shares its width with the review (InboxPage keeps the list narrow by default): the
    // filter bar and the details pane must not widen it; they shrink with it instead.
    m_filterBar->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_details->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filterBar);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);
}

DecisionHistoryView::~DecisionHistoryView() = default;

history::AuditTableModel* DecisionHistoryView::model() const
{
    return m_history->model();
}

QJsonObject DecisionHistoryView::entry(int row) const
{
    const auto store = m_history->store();
    const qsizetype storeRow = m_history->model()->storeRow(row);
    return storeRow < 0 || !store ? QJsonObject() : history::DecisionFields::entry(*store, storeRow);
}

int DecisionHistoryView::rowOfRequest(const QString& requestId, const QString& agent,
                                      const QString& payloadSha256) const
{
    return history::DecisionFields::rowOfRequest(*m_history->store(), m_history->model()->rows(), requestId,
                                                 agent, payloadSha256);
}

bool DecisionHistoryView::selectRequest(const QString& requestId, const QString& agent,
                                        const QString& payloadSha256)
{
    const int row = rowOfRequest(requestId, agent, payloadSha256);
    if (row < 0) {
        m_wanted = WantedRequest{requestId, agent, payloadSha256};
        scheduleReload();
        return false;
    }
    m_wanted.reset();
    selectViewRow(row);
    return true;
}

void DecisionHistoryView::setLedgerPath(const QString& path)
{
    m_path = path;
    m_selectedStoreRow = -1;
    m_history->setLedgerPath(path);
    if (path.isEmpty()) {
        m_history->model()->setRows({});
        m_status->setText(tr("No ledger yet."));
        Q_EMIT reloaded(0);
        return;
    }
    m_readWhole = true;
    scheduleReload();
}

void DecisionHistoryView::scheduleReload()
{
    if (!isVisible()) {
        m_unread = true; // read when shown (showEvent)
        return;
    }
    if (!m_reloadTimer->isActive())
        m_reloadTimer->start();
}

void DecisionHistoryView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_unread) {
        m_unread = false;
        scheduleReload();
    }
}

void DecisionHistoryView::reload()
{
    if (m_path.isEmpty()) {
        setLedgerPath(m_path);
        return;
    }
    if (m_history->isLoading()) {
        // The read running may have passed the line just written: read again after it.
        m_readAgain = true;
        return;
    }
    if (m_readWhole) {
        m_readWhole = false;
        m_history->reload();
    } else {
        m_history->refresh();
    }
}

void DecisionHistoryView::onShown()
{
    if (m_wanted) {
        const int row = rowOfRequest(m_wanted->requestId, m_wanted->agent, m_wanted->payloadSha256);
        if (row >= 0 || !m_readAgain) {
            m_wanted.reset();
            if (row >= 0)
                selectViewRow(row);
        }
    }
    const int rows = m_history->model()->rowCount();
    QString status =
        rows == 0 ? tr("No decisions recorded yet.") : tr("%n decision(s), newest first.", nullptr, rows);
    if (const qint64 problems = m_history->store()->problemCount(); problems > 0)
        status += QLatin1Char(' ') + tr("%n ledger line(s) could not be read.", nullptr, int(problems));
    if (!m_ledgerError.isEmpty())
        status += QLatin1Char(' ') + m_ledgerError;
    m_status->setText(status);
    sizeColumnsOnce();
    Q_EMIT reloaded(rows);
    if (m_readAgain) {
        m_readAgain = false;
        m_history->refresh();
    }
}

void DecisionHistoryView::sizeColumnsOnce()
{
    if (m_columnsSized || !isVisible() || m_history->model()->rowCount() == 0)
        return;
    m_columnsSized = true;
    // As wide as what the rows in view hold (Qt measures those and up to a thousand more; hidden,
    // it measured every row), as far as a long
    // title or reason lets the rest show; the person's own widths are kept from then on.
    m_table->resizeColumnsToContents();
    const int widest = m_table->fontMetrics().averageCharWidth() * 36;
    for (const AuditColumn column : ShownColumns)
        m_table->setColumnWidth(int(column), qMin(m_table->columnWidth(int(column)), widest));
}

void DecisionHistoryView::selectViewRow(int row)
{
    m_table->selectRow(row);
    m_table->scrollTo(m_history->model()->index(row, 0));
    showCurrent();
}

void DecisionHistoryView::showCurrent()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const qsizetype storeRow = rows.isEmpty() ? -1 : m_history->model()->storeRow(rows.first().row());
    if (storeRow >= 0 || m_history->model()->rowCount() > 0)
        m_selectedStoreRow = storeRow;
    m_details->showEntry(m_history->store(), storeRow);
}

QJsonObject DecisionHistoryView::selectedTimelineRun() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return {};
    const QJsonObject e = entry(rows.first().row());
    return history::DecisionFields::isTimelineRun(e) ? e : QJsonObject();
}

} // namespace k8::app
