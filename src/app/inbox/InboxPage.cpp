#include "inbox/InboxPage.h"

#include "agent/InboxModel.h"
#include "agent/ReviewCoordinator.h"
#include "common/PageHeader.h"
#include "editor/CodeEditor.h"
#include "history/HistoryView.h"
#include "history/PlainText.h"
#include "inbox/ReviewView.h"
#include "inbox/RunConsole.h"

#include <QAction>
#include <QApplication>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace k8::app {

namespace {

QAction* makeNavigation(QWidget* owner, const QString& text, const QString& what,
                        const QList<QKeySequence>& keys)
{
    auto* action = new QAction(text, owner);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QStringList names;
    for (const QKeySequence& key : keys)
        names.append(key.toString(QKeySequence::NativeText));
    action->setToolTip(InboxPage::tr("%1 (%2)").arg(what, names.join(InboxPage::tr(" or "))));
    owner->addAction(action);
    return action;
}

QToolButton* buttonFor(QAction* action, const QString& accessibleName, QWidget* parent)
{
    auto* button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setAccessibleName(accessibleName);
    return button;
}

} // namespace

InboxPage::InboxPage(agent::ReviewCoordinator* coordinator, QWidget* parent)
    : QWidget(parent)
    , m_coordinator(coordinator)
    , m_model(coordinator->inbox())
    , m_tabs(new QTabWidget(this))
    , m_pending(new QTableView(this))
    , m_history(new HistoryView(this))
    , m_review(new ReviewView(coordinator, this))
    , m_console(new RunConsole(this))
{
    agent::InboxModel* model = coordinator->inbox();
    m_pending->setModel(model);
    m_pending->setAccessibleName(tr("Pending requests"));
    m_pending->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_pending->setSelectionMode(QAbstractItemView::SingleSelection);
    m_pending->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_pending->verticalHeader()->hide();
    QHeaderView* header = m_pending->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(agent::InboxModel::TitleColumn, QHeaderView::Stretch);
    // Agent names can be long ("docs-researcher (LangChain)"); sized to its contents the agent
    // column pushed the title, waiting time and sandbox out of view. It gets a fixed share and elides.
    header->setSectionResizeMode(agent::InboxModel::AgentColumn, QHeaderView::Interactive);
    m_pending->setColumnWidth(agent::InboxModel::AgentColumn, fontMetrics().averageCharWidth() * 12);
    // The list is a narrow strip beside the review: the kind elides like the agent (the review
    // says it in full), and the sandbox, which the review's run block shows, is left out.
    header->setSectionResizeMode(agent::InboxModel::MethodColumn, QHeaderView::Interactive);
    m_pending->setColumnWidth(agent::InboxModel::MethodColumn, fontMetrics().averageCharWidth() * 12);
    header->setMinimumSectionSize(fontMetrics().averageCharWidth() * 4);
    m_pending->setColumnHidden(agent::InboxModel::SandboxColumn, true);
    m_pending->setWordWrap(false);
    // Titles and agent names come from agents: their tooltips show them as text, never markup.
    m_pending->setItemDelegate(new PlainToolTipDelegate(m_pending));

    // Decisions and navigation work from the list as well as from the review; so do the
    // approval keys, which the review reads as key events anywhere in the page.
    for (QAction* action : m_review->decisionActions()) {
        m_review->removeAction(action);
        addAction(action);
    }
    m_review->setKeyScope(this);
    m_next = makeNavigation(this, tr("&Next"), tr("Next request"),
                            {QKeySequence(Qt::CTRL | Qt::Key_BracketRight), QKeySequence(Qt::Key_J)});
    m_previous = makeNavigation(this, tr("&Previous"), tr("Previous request"),
                                {QKeySequence(Qt::CTRL | Qt::Key_BracketLeft), QKeySequence(Qt::Key_K)});
    connect(m_next, &QAction::triggered, this, &InboxPage::selectNext);
    connect(m_previous, &QAction::triggered, this, &InboxPage::selectPrevious);

    auto* pendingPage = new QWidget(this);
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(buttonFor(m_previous, tr("Previous request"), pendingPage));
    navigation->addWidget(buttonFor(m_next, tr("Next request"), pendingPage));
    navigation->addStretch(1);
    auto* pendingLayout = new QVBoxLayout(pendingPage);
    pendingLayout->setContentsMargins(0, 0, 0, 0);
    pendingLayout->addWidget(m_pending, 1);
    pendingLayout->addLayout(navigation);

    m_tabs->addTab(pendingPage, tr("&Pending"));
    m_tabs->addTab(m_history, tr("&History"));
    m_tabs->setAccessibleName(tr("Request lists"));

    m_console->setAccessibleName(tr("Run output"));
    m_console->setMinimumHeight(m_console->fontMetrics().lineSpacing() * 5);
    m_console->setPlaceholderText(tr("Output of approved runs appears here."));
    auto* consoleBox = new QGroupBox(tr("Run output"), this);
    auto* consoleLayout = new QVBoxLayout(consoleBox);
    consoleLayout->setContentsMargins(4, 4, 4, 4);
    consoleLayout->addWidget(m_console);
    // The run's checkpoint is where "undo this run" lives: one click from its output.
    m_rewindLastRun = new QAction(tr("Rewind to before this run…"), this);
    m_rewindLastRun->setToolTip(tr("Open the sandbox's timeline and rewind it to the checkpoint taken "
                                   "just before the last run (you confirm there)"));
    m_rewindLastRun->setEnabled(false);
    connect(m_rewindLastRun, &QAction::triggered, this, [this] {
        if (!m_lastRunCheckpoint.isEmpty())
            Q_EMIT rewindToBeforeRunRequested(m_lastRunSandbox, m_lastRunCheckpoint);
    });
    auto* rewindButton = new QToolButton(consoleBox);
    rewindButton->setDefaultAction(m_rewindLastRun);
    rewindButton->setAccessibleName(tr("Rewind to before this run"));
    auto* consoleButtons = new QHBoxLayout;
    consoleButtons->addStretch(1);
    consoleButtons->addWidget(rewindButton);
    consoleLayout->addLayout(consoleButtons);

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_review);
    right->addWidget(consoleBox);
    right->setStretchFactor(0, 4);
    right->setStretchFactor(1, 1);
    right->setChildrenCollapsible(false);

    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->addWidget(m_tabs);
    m_split->addWidget(right);
    // The review holds code and its diff side by side: it gets the width, the list a narrow strip
    // (titles elide there and show in full on hover) that collapses away entirely on demand.
    m_split->setStretchFactor(0, 0);
    m_split->setStretchFactor(1, 1);
    m_listWidth = fontMetrics().averageCharWidth() * 52;
    m_split->setSizes({m_listWidth, m_listWidth * 3});
    m_split->setCollapsible(0, true);
    m_split->setCollapsible(1, false);

    m_toggleList = makeNavigation(this, tr("Request list"), tr("Show or hide the request list"),
                                  {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L)});
    m_toggleList->setCheckable(true);
    m_toggleList->setChecked(true);
    connect(m_toggleList, &QAction::toggled, this, &InboxPage::setListShown);
    // Dragging the handle to the edge collapses the list too; the toggle follows.
    connect(m_split, &QSplitter::splitterMoved, this, [this] {
        const QSignalBlocker blocker(m_toggleList);
        m_toggleList->setChecked(isListShown());
    });

    // The same header as the other pages, so the person always knows where they are.
    auto* pageHeader =
        new PageHeader(tr("Inbox"), tr("Requests from agents waiting for your decision."), this);
    auto* toggleButton = buttonFor(m_toggleList, tr("Show or hide the request list"), pageHeader);
    toggleButton->setObjectName(QStringLiteral("toggleListButton"));
    toggleButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    pageHeader->addWidget(toggleButton);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(8);
    layout->addWidget(pageHeader);
    layout->addWidget(m_split, 1);

    connect(m_pending->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                m_review->showRequest(current.isValid() && m_model ? m_model->keyAt(current.row()) : 0);
            });
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex&, int first, int) { onRowsInserted(first); });
    connect(model, &QAbstractItemModel::rowsRemoved, this,
            [this](const QModelIndex&, int first, int) { onRowsRemoved(first); });
    connect(model, &QAbstractItemModel::modelReset, this, [this] { onRowsRemoved(0); });

    connect(coordinator, &agent::ReviewCoordinator::requestQueued, this, [this](quint64 key) {
        if (const agent::Request* request = m_coordinator ? m_coordinator->request(key) : nullptr) {
            m_titles.insert(key, request->title);
            Q_EMIT requestArrived(request->title, request->agent);
        }
    });
    connect(coordinator, &agent::ReviewCoordinator::requestRemoved, this,
            [this](quint64, const QString&) { m_history->reload(); });
    connect(coordinator, &agent::ReviewCoordinator::runStarted, this, &InboxPage::onRunStarted);
    connect(coordinator, &agent::ReviewCoordinator::runOutput, this,
            [this](quint64 key, bool isStderr, const QString& text) {
                if (key != m_lastStreamKey)
                    onRunStarted(key, QString());
                appendConsole(text, isStderr ? QColor(0xc0392b) : QColor());
            });
    connect(coordinator, &agent::ReviewCoordinator::runFinished, this, &InboxPage::onRunFinished);

    connect(coordinator, &QObject::destroyed, this, [this] {
        m_pending->setModel(nullptr);
        m_review->showRequest(0);
    });

    setLedgerPath(coordinator->ledgerPath());
    if (model->count() > 0)
        selectRow(0);
}

void InboxPage::setSandboxModel(kosa8::SandboxListModel* model)
{
    m_review->setSandboxModel(model);
}

void InboxPage::setLedgerPath(const QString& path)
{
    m_history->setLedgerPath(path);
}

int InboxPage::pendingCount() const
{
    return m_model ? m_model->count() : 0;
}

void InboxPage::selectRow(int row)
{
    agent::InboxModel* model = m_model;
    if (!model || row < 0 || row >= model->count()) {
        m_pending->selectionModel()->clear();
        m_review->showRequest(0);
        return;
    }
    const QModelIndex index = model->index(row, agent::InboxModel::TitleColumn);
    m_pending->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                            QItemSelectionModel::Rows);
    m_pending->scrollTo(index);
    // currentRowChanged does not fire when the row index stays the same but holds another request.
    m_review->showRequest(model->keyAt(row));
}

bool InboxPage::isListShown() const
{
    return m_split->sizes().value(0) > 0;
}

void InboxPage::setListShown(bool shown)
{
    const QList<int> sizes = m_split->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    if (!shown) {
        if (sizes.value(0) > 0)
            m_listWidth = sizes.value(0);
        // The keyboard keeps working on the list (J, K, decisions) while it is out of sight, but
        // the focus should not stay on something invisible: the review takes it.
        if (m_tabs->isAncestorOf(QApplication::focusWidget()))
            m_review->codeEditor()->setFocus(Qt::ShortcutFocusReason);
        m_split->setSizes({0, total});
    } else {
        m_split->setSizes({m_listWidth, qMax(0, total - m_listWidth)});
    }
    const QSignalBlocker blocker(m_toggleList);
    m_toggleList->setChecked(shown);
}

bool InboxPage::selectKey(quint64 key)
{
    const int row = m_model ? m_model->rowOf(key) : -1;
    if (row < 0)
        return false;
    selectRow(row);
    return true;
}

void InboxPage::selectNext()
{
    const int count = pendingCount();
    if (count == 0)
        return;
    const int row = m_model->rowOf(m_review->currentKey());
    selectRow(row < 0 ? 0 : qMin(row + 1, count - 1));
}

void InboxPage::selectPrevious()
{
    const int count = pendingCount();
    if (count == 0)
        return;
    const int row = m_model->rowOf(m_review->currentKey());
    selectRow(row < 0 ? count - 1 : qMax(row - 1, 0));
}

void InboxPage::onRowsInserted(int first)
{
    Q_EMIT pendingCountChanged(pendingCount());
    // The inbox changed while the person may be about to press a key: approval waits a moment.
    m_review->disarm();
    if (m_review->currentKey() == 0)
        selectRow(first);
}

void InboxPage::onRowsRemoved(int first)
{
    Q_EMIT pendingCountChanged(pendingCount());
    m_review->disarm();
    const quint64 shown = m_review->currentKey();
    if (shown != 0 && m_model && m_model->rowOf(shown) >= 0)
        return;
    // The request on screen left (decided, withdrawn, timed out): show the one that took its row,
    // or the one above when it was the last.
    selectRow(qMin(first, pendingCount() - 1));
}

void InboxPage::appendConsole(const QString& text, const QColor& colour, bool bold)
{
    m_console->appendText(text, colour, bold);
}

void InboxPage::onRunStarted(quint64 key, const QString& commandPreview)
{
    if (!m_console->atLineStart())
        appendConsole(QStringLiteral("\n"));
    // A run can take several kosa8 steps (the checkpoint, then the run): one header names the
    // run, each step only adds its command line under it.
    if (key != m_lastStreamKey) {
        m_lastStreamKey = key;
        QString title = m_titles.value(key);
        if (const agent::Request* request = m_coordinator ? m_coordinator->request(key) : nullptr)
            title = request->title;
        appendConsole(tr("▶ %1").arg(title.isEmpty() ? tr("run") : title) + QLatin1Char('\n'), {}, true);
    }
    if (!commandPreview.isEmpty()) {
        // The code is the command's last argument and stands in the review already; printed whole
        // here it buried the output. The command's first line is enough to recognise it.
        const qsizetype newline = commandPreview.indexOf(QLatin1Char('\n'));
        appendConsole(QStringLiteral("$ ") +
                          (newline < 0 ? commandPreview : tr("%1 …").arg(commandPreview.left(newline))) +
                          QLatin1Char('\n'),
                      QColor(0x7f8c8d));
    }
}

QString InboxPage::durationText(qint64 ms)
{
    if (ms < 1000)
        return tr("%1 ms").arg(ms);
    return tr("%1 s").arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
}

void InboxPage::onRunFinished(quint64 key, const QJsonObject& result)
{
    if (key != m_lastStreamKey)
        onRunStarted(key, QString());
    if (!m_console->atLineStart())
        appendConsole(QStringLiteral("\n"));
    QString summary;
    if (result.contains(QLatin1String("error"))) {
        summary = tr("■ kosa8 failed: %1").arg(result.value(QLatin1String("error")).toString());
        if (result.contains(QLatin1String("stderr")))
            summary += QLatin1Char('\n') + result.value(QLatin1String("stderr")).toString().trimmed();
    } else if (result.contains(QLatin1String("exit_code"))) {
        QStringList parts;
        parts << tr("exit code %1").arg(result.value(QLatin1String("exit_code")).toInteger());
        parts << durationText(result.value(QLatin1String("duration_ms")).toInteger());
        if (result.value(QLatin1String("truncated")).toBool())
            parts << tr("output truncated");
        const QString checkpoint = result.value(QLatin1String("checkpoint")).toString();
        if (!checkpoint.isEmpty())
            parts << tr("checkpoint %1").arg(checkpoint);
        summary = tr("■ %1").arg(parts.join(QStringLiteral(" · ")));
    } else {
        summary = tr("■ not run: %1").arg(result.value(QLatin1String("message")).toString());
    }
    const bool failed =
        result.contains(QLatin1String("error")) || result.value(QLatin1String("exit_code")).toInteger(0) != 0;
    appendConsole(summary + QLatin1Char('\n'), failed ? QColor(0xc0392b) : QColor(0x1e8449), true);
    m_lastRunSandbox = result.value(QLatin1String("sandbox")).toString();
    m_lastRunCheckpoint = result.value(QLatin1String("checkpoint")).toString();
    m_rewindLastRun->setEnabled(!m_lastRunSandbox.isEmpty() && !m_lastRunCheckpoint.isEmpty());
    m_titles.remove(key);
    m_lastStreamKey = 0;
}

} // namespace k8::app
