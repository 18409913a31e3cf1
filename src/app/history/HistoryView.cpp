// SPDX-License-Identifier: Apache-2.0
#include "history/HistoryView.h"

#include "agent/Ledger.h"
#include "agent/Request.h"
#include "history/HistoryModel.h"
#include "history/PlainText.h"

#include <QAction>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPromise>
#include <QTableView>
#include <QThreadPool>
#include <QTimer>
#include <QVBoxLayout>

#include <memory>

namespace k8::app {

HistoryView::HistoryView(QWidget* parent)
    : QWidget(parent)
    , m_model(new HistoryModel(this))
    , m_table(new QTableView(this))
    , m_status(new QLabel(this))
    , m_showOnTimeline(new QAction(tr("Show on &timeline"), this))
    , m_reloadTimer(new QTimer(this))
{
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(0);
    connect(m_reloadTimer, &QTimer::timeout, this, &HistoryView::reload);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Decided requests"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    // Agents chose the titles, names and request ids shown here: tooltips show them as text.
    m_table->setItemDelegate(new PlainToolTipDelegate(m_table));
    m_status->setAccessibleName(tr("History status"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);

    // A run on its sandbox's checkpoint timeline: where it sits, what came before and after.
    m_showOnTimeline->setObjectName(QStringLiteral("showOnTimelineAction"));
    m_showOnTimeline->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_showOnTimeline->setShortcutContext(Qt::WidgetShortcut);
    m_showOnTimeline->setEnabled(false);
    m_table->addAction(m_showOnTimeline);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_showOnTimeline->setEnabled(!selectedTimelineRun().isEmpty()); });
    connect(m_showOnTimeline, &QAction::triggered, this, [this] {
        const QJsonObject run = selectedTimelineRun();
        if (!run.isEmpty())
            Q_EMIT showOnTimelineRequested(run.value(QStringLiteral("sandbox")).toString(),
                                           run.value(QStringLiteral("request")).toString());
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);
}

QJsonObject HistoryView::selectedTimelineRun() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return {};
    const QJsonObject entry = m_model->entry(rows.first().row());
    // The ledger's strings read once into their enums (a review, or several actions, is no run).
    const std::optional<agent::DecisionKind> decision =
        agent::decisionKindFrom(entry.value(QStringLiteral("decision")).toString());
    const bool ran = decision && agent::goesAhead(*decision);
    if (agent::methodFrom(entry.value(QStringLiteral("method")).toString()) != agent::Method::Run || !ran ||
        entry.value(QStringLiteral("sandbox")).toString().isEmpty())
        return {};
    return entry;
}

void HistoryView::scheduleReload()
{
    if (!m_reloadTimer->isActive())
        m_reloadTimer->start();
}

bool HistoryView::selectRequest(const QString& requestId, const QString& agent, const QString& payloadSha256)
{
    const int row = m_model->rowOfRequest(requestId, agent, payloadSha256);
    if (row < 0) {
        m_wanted = WantedRequest{requestId, agent, payloadSha256};
        scheduleReload();
        return false;
    }
    m_wanted.reset();
    m_table->selectRow(row);
    m_table->scrollTo(m_model->index(row, 0));
    return true;
}

void HistoryView::setLedgerPath(const QString& path)
{
    m_path = path;
    reload();
}

namespace {
struct LedgerRead
{
    QList<QJsonObject> entries;
    QString warning;
};
} // namespace

void HistoryView::reload()
{
    const quint64 generation = ++m_generation;
    if (m_path.isEmpty()) {
        apply(generation, {}, tr("No ledger yet."));
        return;
    }
    // The worker only touches the promise; the watcher belongs to this view and goes with it, so
    // a result that arrives after the view is gone is simply dropped.
    auto promise = std::make_shared<QPromise<LedgerRead>>();
    auto* watcher = new QFutureWatcher<LedgerRead>(this);
    connect(watcher, &QFutureWatcher<LedgerRead>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (watcher->future().resultCount() > 0) {
            const LedgerRead read = watcher->future().result();
            apply(generation, read.entries, read.warning);
        }
    });
    watcher->setFuture(promise->future());
    const QString path = m_path;
    QThreadPool::globalInstance()->start([promise, path] {
        promise->start();
        LedgerRead read;
        read.entries = agent::Ledger::readRecent(path, DefaultLimit, &read.warning);
        promise->addResult(read);
        promise->finish();
    });
}

void HistoryView::apply(quint64 generation, const QList<QJsonObject>& entries, const QString& warning)
{
    if (generation != m_generation)
        return; // a newer reload is on its way
    // The selection stays on its entry across reloads (a ledger write must not move it): the
    // entry's hash is unique.
    QString selectedHash;
    if (const QModelIndexList rows = m_table->selectionModel()->selectedRows(); !rows.isEmpty())
        selectedHash = m_model->entry(rows.first().row()).value(QStringLiteral("hash")).toString();
    m_model->setEntries(entries);
    m_table->resizeColumnsToContents();
    int row = -1;
    if (m_wanted) {
        row = m_model->rowOfRequest(m_wanted->requestId, m_wanted->agent, m_wanted->payloadSha256);
        m_wanted.reset();
    }
    if (row < 0)
        row = m_model->rowOfHash(selectedHash);
    if (row >= 0) {
        m_table->selectRow(row);
        m_table->scrollTo(m_model->index(row, 0));
    }
    QString status = entries.isEmpty()
                         ? tr("No decisions recorded yet.")
                         : tr("The %n most recent decision(s), newest first.", nullptr, int(entries.size()));
    if (!warning.isEmpty())
        status += QLatin1Char(' ') + warning;
    m_status->setText(status);
    Q_EMIT reloaded(int(entries.size()));
}

} // namespace k8::app
