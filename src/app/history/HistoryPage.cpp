// SPDX-License-Identifier: Apache-2.0
#include "history/HistoryPage.h"

#include "history/AuditHistory.h"
#include "history/AuditTableModel.h"
#include "history/AuditVerifier.h"
#include "history/HistoryDetailsPane.h"
#include "history/HistoryFilterBar.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Operation.h"
#include "plumbing/AppContext.h"
#include "style/StateColours.h"
#include "style/Style.h"
#include "widgets/PageHeader.h"
#include "widgets/PlainText.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSaveFile>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace k8::app {

namespace {

// Plain-text tooltips (agent text) and the row verify found broken, drawn in a warning colour.
class HistoryRowDelegate : public PlainToolTipDelegate
{
public:
    using PlainToolTipDelegate::PlainToolTipDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        if (index.data(history::AuditTableModel::HighlightRole).toBool()) {
            // The broken row reads as an error on either theme: a removal-red fill under the
            // normal text; selected, the error colour with the Base colour as its text.
            const StateColours colours(option.palette);
            painter->fillRect(option.rect, colours.colour(StateColours::Role::DiffRemoved));
            QStyleOptionViewItem warned = option;
            warned.palette.setColor(QPalette::Highlight, colours.error());
            warned.palette.setColor(QPalette::HighlightedText, option.palette.color(QPalette::Base));
            PlainToolTipDelegate::paint(painter, warned, index);
            return;
        }
        PlainToolTipDelegate::paint(painter, option, index);
    }
};

QLabel* plainLabel(QWidget* parent, const QString& objectName)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText); // kosa8's output is never markup
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

HistoryPage::HistoryPage(AppContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_history(new history::AuditHistory(context->runner(), this))
    , m_filterBar(new HistoryFilterBar(this))
    , m_table(new QTableView(this))
    , m_details(new HistoryDetailsPane(this))
    , m_status(plainLabel(this, QStringLiteral("historyStatus")))
    , m_problemsButton(new QPushButton(this))
    , m_problems(new QPlainTextEdit(this))
    , m_kosa8Verify(plainLabel(this, QStringLiteral("historyKosa8Verify")))
    , m_ledgerVerify(plainLabel(this, QStringLiteral("historyLedgerVerify")))
    , m_refresh(new QPushButton(tr("Refresh"), this))
    , m_verify(new QPushButton(tr("Verify"), this))
    , m_export(new QToolButton(this))
    , m_quietTimer(new QTimer(this))
    , m_afterAction(new QTimer(this))
{
    setObjectName(QStringLiteral("historyPage"));
    m_history->setLedgerPath(QDir(context->dataDir()).filePath(QStringLiteral("ledger.jsonl")));

    auto* header = new PageHeader(tr("History"),
                                  tr("kosa8's audit log and this app's decisions, as one story. Hashes chain "
                                     "each entry to the one before."),
                                  this);
    m_refresh->setObjectName(QStringLiteral("historyRefresh"));
    m_verify->setObjectName(QStringLiteral("historyVerify"));
    m_export->setObjectName(QStringLiteral("historyExport"));
    m_export->setText(tr("Export"));
    m_export->setAccessibleName(tr("Export the rows shown"));
    m_export->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(m_export);
    exportMenu->addAction(tr("As CSV…"), this, [this] { chooseExport(history::AuditExport::Format::Csv); });
    exportMenu->addAction(tr("As JSON lines…"), this,
                          [this] { chooseExport(history::AuditExport::Format::JsonLines); });
    m_export->setMenu(exportMenu);
    header->addWidget(m_refresh);
    header->addWidget(m_verify);
    header->addWidget(m_export);

    m_table->setObjectName(QStringLiteral("historyTable"));
    m_table->setAccessibleName(tr("History entries"));
    m_table->setModel(m_history->model());
    m_table->setItemDelegate(new HistoryRowDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false); // Tab leaves the table for the next control
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(int(history::AuditColumn::Time), Qt::AscendingOrder);
    m_table->verticalHeader()->setVisible(false);
    // A million rows: every row the same height, so the view never measures them.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(int(history::AuditColumn::Detail),
                                                      QHeaderView::Stretch);
    // Wide enough for what the columns usually hold; the detail takes the rest.
    const QFontMetrics metrics = m_table->fontMetrics();
    const QFontMetrics headerMetrics = m_table->horizontalHeader()->fontMetrics();
    auto fit = [this, &metrics, &headerMetrics](history::AuditColumn column, const char* sample) {
        const QString title = m_table->model()->headerData(int(column), Qt::Horizontal).toString();
        m_table->setColumnWidth(int(column), qMax(metrics.horizontalAdvance(QString::fromLatin1(sample)) + 16,
                                                  headerMetrics.horizontalAdvance(title) + 24));
    };
    // The app's own entries carry milliseconds; a rule's name is "rule:" and a name of its own.
    fit(history::AuditColumn::Time, "2026-12-01 22:55:55.555");
    fit(history::AuditColumn::Source, "kosa8");
    fit(history::AuditColumn::Actor, "human");
    fit(history::AuditColumn::Action, "checkpoint.create");
    fit(history::AuditColumn::Sandbox, "code-runner");
    fit(history::AuditColumn::DecidedBy, "rule:approve-run-0123456789ab");
    fit(history::AuditColumn::Seq, "9999");
    fit(history::AuditColumn::Hash, "0123456789");
    // The desk fields one by one are the inbox's History tab's columns (DecisionHistoryView); here
    // the detail says them in one line.
    for (int column = int(history::AuditColumn::Agent); column < int(history::AuditColumn::Count); ++column)
        m_table->setColumnHidden(column, true);

    m_problemsButton->setObjectName(QStringLiteral("historyProblemsButton"));
    m_problemsButton->setCheckable(true);
    m_problemsButton->setVisible(false);
    m_problems->setObjectName(QStringLiteral("historyProblems"));
    m_problems->setReadOnly(true);
    m_problems->setAccessibleName(tr("Lines that could not be read"));
    m_problems->setVisible(false);
    m_problems->setMaximumHeight(m_problems->fontMetrics().height() * 8);
    connect(m_problemsButton, &QPushButton::toggled, m_problems, &QWidget::setVisible);

    auto* statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_problemsButton);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("historySplitter"));
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({800, 240});
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(header);
    layout->addWidget(m_filterBar);
    layout->addLayout(statusRow);
    layout->addWidget(m_problems);
    layout->addWidget(m_kosa8Verify);
    layout->addWidget(m_ledgerVerify);
    layout->addWidget(splitter, 1);
    m_kosa8Verify->setVisible(false);
    m_ledgerVerify->setVisible(false);

    auto* refreshKey = new QShortcut(QKeySequence::Refresh, this);
    refreshKey->setContext(Qt::WidgetWithChildrenShortcut);
    connect(refreshKey, &QShortcut::activated, this, &HistoryPage::refresh);
    // While a load runs, the Refresh button stops it (a long log on a slow worker).
    connect(m_refresh, &QPushButton::clicked, this, [this] {
        if (m_history->isLoading())
            m_history->cancelLoad();
        else
            refresh();
    });
    connect(m_history, &history::AuditHistory::loadStarted, this, [this] {
        m_refresh->setText(tr("Stop"));
        m_refresh->setToolTip(tr("Stop reading; the entries read so far stay shown"));
    });
    connect(m_history, &history::AuditHistory::loadFinished, this,
            [this] { m_refresh->setText(tr("Refresh")); });
    connect(m_verify, &QPushButton::clicked, this, &HistoryPage::verify);
    connect(m_filterBar, &HistoryFilterBar::filterChanged, m_history, &history::AuditHistory::setFilter);

    connect(m_history, &history::AuditHistory::loadStarted, this, &HistoryPage::updateStatus);
    connect(m_history, &history::AuditHistory::rowsLoaded, this, &HistoryPage::updateStatus);
    connect(m_history, &history::AuditHistory::loadFinished, this, &HistoryPage::onLoaded);
    connect(m_history, &history::AuditHistory::filterApplied, this, [this] {
        if (m_pendingSelect >= 0) {
            const qsizetype wanted = m_pendingSelect;
            m_pendingSelect = -1;
            selectStoreRow(wanted);
        }
        updateStatus();
    });
    connect(m_history->model(), &QAbstractItemModel::modelReset, this, [this] {
        // A new filter result: keep the entry that was selected when it is still shown.
        if (m_selectedStoreRow >= 0) {
            const int row = m_history->model()->viewRowOf(m_selectedStoreRow);
            if (row >= 0) {
                m_table->selectRow(row);
                return;
            }
        }
        showCurrent();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &HistoryPage::showCurrent);
    connect(m_details, &HistoryDetailsPane::showOnTimelineRequested, this,
            &HistoryPage::showOnTimelineRequested);
    connect(m_details, &HistoryDetailsPane::showRequestRequested, this, &HistoryPage::showRequestRequested);
    connect(m_details, &HistoryDetailsPane::openUrlRequested, this,
            [](const QUrl& url) { QDesktopServices::openUrl(url); });

    auto* verifier = m_history->verifier();
    connect(verifier, &history::AuditVerifier::kosa8Verified, this,
            [this](const kosa8::AuditVerifyResult& result, const kosa8::JobResult& job) {
                // The outcome with the command that found it, as the Timeline shows its commands.
                const QString outcome = history::AuditVerifier::describe(result, job);
                m_kosa8Verify->setText(job.preview.isEmpty() ? outcome
                                                             : tr("%1 · `%2`").arg(outcome, job.preview));
                style::setTextTone(m_kosa8Verify, result.ok ? style::Tone::None : style::Tone::Error);
                m_kosa8Verify->setVisible(true);
            });
    connect(verifier, &history::AuditVerifier::ledgerVerified, this,
            [this](const agent::LedgerVerifyResult& result) {
                m_ledgerVerify->setText(history::AuditVerifier::describe(result));
                style::setTextTone(m_ledgerVerify, result.ok ? style::Tone::None : style::Tone::Error);
                m_ledgerVerify->setVisible(true);
            });
    connect(verifier, &history::AuditVerifier::finished, this, [this] { m_verify->setText(tr("Verify")); });
    connect(m_history, &history::AuditHistory::brokenEntryFound, this, [this](qsizetype row, qint64 seq) {
        if (row < 0) {
            m_kosa8Verify->setText(
                m_kosa8Verify->text() + QLatin1Char(' ') +
                tr("SEQ %1 is not among the entries loaded; refresh to read them.").arg(seq));
            return;
        }
        selectStoreRow(row);
    });

    // Refresh after the app's own kosa8 actions, and quietly while the page is visible.
    m_afterAction->setSingleShot(true);
    m_afterAction->setInterval(AfterActionDelayMs);
    connect(m_afterAction, &QTimer::timeout, this, &HistoryPage::refresh);
    connect(context->runner(), &kosa8::Kosa8Runner::jobFinished, this,
            [this](const kosa8::JobResult& result) {
                if (kosa8::readsOnly(result.operation) || !m_everLoaded || !isVisible())
                    return;
                m_afterAction->start();
            });
    m_quietTimer->setInterval(QuietRefreshMs);
    connect(m_quietTimer, &QTimer::timeout, this, &HistoryPage::refresh);
    updateStatus();
}

HistoryPage::~HistoryPage() = default;

void HistoryPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // The exact commands behind the buttons, for the connection profile in force now.
    m_refresh->setToolTip(
        tr("Read the audit log and the ledger again (F5)\n%1").arg(m_history->loader()->commandPreview()));
    m_verify->setToolTip(tr("Check both hash chains: kosa8's audit log and the app's ledger\n%1")
                             .arg(m_history->verifier()->commandPreview()));
    if (!m_everLoaded)
        reload();
    else
        refresh();
    m_quietTimer->start();
}

void HistoryPage::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    m_quietTimer->stop();
}

void HistoryPage::reload()
{
    m_everLoaded = true;
    m_selectedStoreRow = -1;
    m_details->showEntry(nullptr, -1);
    m_history->reload();
}

void HistoryPage::refresh()
{
    if (!m_everLoaded) {
        reload();
        return;
    }
    m_history->refresh();
}

void HistoryPage::ledgerWritten()
{
    if (m_everLoaded && isVisible())
        m_afterAction->start(); // many decisions in a burst: one refresh
}

void HistoryPage::verify()
{
    // The button stays enabled while the check runs, so the keyboard stays on it (greyed, it
    // sent the focus on to Export, where the next Space opened the export menu); a press then
    // does nothing.
    if (m_history->verifier()->isRunning())
        return;
    m_verify->setText(tr("Verifying…"));
    m_kosa8Verify->setText(
        tr("Verifying kosa8's audit log: running `%1`…").arg(m_history->verifier()->commandPreview()));
    style::setTextTone(m_kosa8Verify, style::Tone::None);
    m_kosa8Verify->setVisible(true);
    m_ledgerVerify->setText(tr("Verifying the app's ledger…"));
    style::setTextTone(m_ledgerVerify, style::Tone::None);
    m_ledgerVerify->setVisible(true);
    m_history->verify();
}

void HistoryPage::onLoaded(const history::AuditLoadResult& result)
{
    const auto store = m_history->store();
    m_filterBar->setChoices(
        store->names(history::NameColumn::Actor), store->names(history::NameColumn::Action),
        store->names(history::NameColumn::Sandbox), store->names(history::NameColumn::DecidedBy));
    m_lastError.clear();
    if (!result.job.ok())
        m_lastError = result.job.describeFailure();
    if (!result.ledgerError.isEmpty())
        m_lastError += (m_lastError.isEmpty() ? QString() : QStringLiteral("\n")) + result.ledgerError;
    if (!result.job.ok())
        m_context->reportFailure(tr("Reading kosa8's audit log failed"), result.job,
                                 QStringLiteral("history.audit.ls"));
    else
        m_context->clearMessage(QStringLiteral("history.audit.ls"));
    updateProblems();
    updateStatus();
    Q_EMIT loaded(result);
}

void HistoryPage::updateStatus()
{
    const auto store = m_history->store();
    const qsizetype total = store ? store->rowCount() : 0;
    const int shown = m_history->model()->rowCount();
    QString text = tr("%n entries shown", nullptr, shown) + QStringLiteral(" · ") +
                   tr("%n loaded", nullptr, int(qMin<qsizetype>(total, INT_MAX)));
    if (m_history->isLoading())
        text += QStringLiteral(" · ") + tr("reading `%1`…").arg(m_history->loader()->commandPreview());
    if (!m_lastError.isEmpty())
        text += QLatin1Char('\n') + m_lastError;
    m_status->setText(text);
}

void HistoryPage::updateProblems()
{
    const auto store = m_history->store();
    const qint64 count = store->problemCount();
    m_problemsButton->setVisible(count > 0);
    if (count == 0) {
        m_problemsButton->setChecked(false);
        m_problems->clear();
        return;
    }
    m_problemsButton->setText(tr("%n line(s) could not be read", nullptr, int(qMin<qint64>(count, INT_MAX))));
    QStringList lines;
    for (const history::AuditProblem& p : store->problems()) {
        const QString where = p.source == history::Source::Desk ? tr("ledger line %1").arg(p.lineNumber)
                                                                : tr("kosa8 line %1").arg(p.lineNumber);
        lines.append(where + QStringLiteral(": ") + p.reason + QStringLiteral(" — ") + p.text);
    }
    if (count > lines.size())
        lines.append(tr("… and %n more (only the first ones are kept)", nullptr, int(count - lines.size())));
    m_problems->setPlainText(lines.join(QLatin1Char('\n')));
}

void HistoryPage::showCurrent()
{
    const QModelIndex current = m_table->currentIndex();
    const qsizetype row = current.isValid() ? m_history->model()->storeRow(current.row()) : -1;
    m_selectedStoreRow = row;
    m_details->showEntry(m_history->store(), row);
}

void HistoryPage::selectStoreRow(qsizetype storeRow)
{
    const int row = m_history->model()->viewRowOf(storeRow);
    if (row < 0) {
        // Hidden by the filter: show everything, then select it.
        m_pendingSelect = storeRow;
        m_filterBar->clear();
        return;
    }
    m_table->selectRow(row);
    m_table->scrollTo(m_history->model()->index(row, 0), QAbstractItemView::PositionAtCenter);
    showCurrent();
}

void HistoryPage::chooseExport(history::AuditExport::Format format)
{
    const bool csv = format == history::AuditExport::Format::Csv;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the history"),
                                     QDir::home().filePath(csv ? QStringLiteral("kosa8-history.csv")
                                                               : QStringLiteral("kosa8-history.jsonl")),
                                     csv ? tr("CSV files (*.csv)") : tr("JSON lines (*.jsonl)"));
    if (!path.isEmpty())
        exportTo(path, format);
}

void HistoryPage::exportTo(const QString& path, history::AuditExport::Format format)
{
    if (m_exporting)
        return;
    m_exporting = true;
    m_export->setEnabled(false);
    const std::shared_ptr<const history::AuditStore> store = m_history->store();
    const QList<qint32> rows = m_history->model()->rows();
    QPointer<HistoryPage> self(this);
    // Written row by row on a thread of its own: a million rows take seconds and never exist as
    // one document in memory. QSaveFile: a cancelled or failed export leaves no half file.
    QThread* thread = QThread::create([self, store, rows, path, format] {
        QString error;
        bool ok = false;
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly)) {
            error = file.errorString();
        } else {
            ok = history::AuditExport::write(*store, rows, format, &file, &error) && file.commit();
            if (ok)
                error.clear();
            else if (error.isEmpty())
                error = file.errorString();
        }
        if (!self)
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, ok, error, path, count = rows.size()] {
                if (!self)
                    return;
                self->m_exporting = false;
                self->m_export->setEnabled(true);
                const QString message =
                    ok ? tr("%n entries exported to %1.", nullptr, int(count))
                             .arg(QDir::toNativeSeparators(path))
                       : tr("The export to %1 failed: %2").arg(QDir::toNativeSeparators(path), error);
                self->m_status->setText(message);
                Q_EMIT self->exportFinished(ok, message);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

} // namespace k8::app
