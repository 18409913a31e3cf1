#include "history/HistoryView.h"

#include "agent/Ledger.h"
#include "history/HistoryModel.h"
#include "history/PlainText.h"

#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QPromise>
#include <QTableView>
#include <QThreadPool>
#include <QVBoxLayout>

#include <memory>

namespace k8::app {

HistoryView::HistoryView(QWidget* parent)
    : QWidget(parent)
    , m_model(new HistoryModel(this))
    , m_table(new QTableView(this))
    , m_status(new QLabel(this))
{
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

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);
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
    m_model->setEntries(entries);
    m_table->resizeColumnsToContents();
    QString status = entries.isEmpty()
                         ? tr("No decisions recorded yet.")
                         : tr("The %n most recent decision(s), newest first.", nullptr, int(entries.size()));
    if (!warning.isEmpty())
        status += QLatin1Char(' ') + warning;
    m_status->setText(status);
    Q_EMIT reloaded(int(entries.size()));
}

} // namespace k8::app
