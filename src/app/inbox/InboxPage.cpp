// SPDX-License-Identifier: Apache-2.0
#include "inbox/InboxPage.h"

#include "agent/review/InboxModel.h"
#include "agent/review/ReviewCoordinator.h"
#include "editor/CodeEditor.h"
#include "history/DecisionHistoryView.h"
#include "inbox/AgentUnavailableBanner.h"
#include "inbox/DecisionNotices.h"
#include "inbox/ReviewView.h"
#include "inbox/RunConsole.h"
#include "inbox/RunPane.h"
#include "rules/RulesDialog.h"
#include "widgets/PageHeader.h"
#include "widgets/PlainText.h"

#include <QAction>
#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

namespace k8::app {

namespace {

// The width a column of `view` needs so that no word of its cells is cut when the rest wraps:
// its widest word (a line may break at a space or after a hyphen), with the cell's margins; at
// least `least`.
// Each distinct cell text is measured once (`measured`, text -> its widest word in `font`): agents'
// names and kinds repeat from row to row, and a server's thousand interrupts would otherwise shape
// every row's words again for each row that arrives.
int widestWordWidth(const QTableView* view, int column, int least, QHash<QString, int>* measured, QFont* font)
{
    static const QRegularExpression breaks(QStringLiteral("\\s+|(?<=-)"));
    if (*font != view->font()) {
        *font = view->font();
        measured->clear();
    }
    const QFontMetrics metrics = view->fontMetrics();
    int widest = 0;
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QString text = view->model()->index(row, column).data().toString();
        auto known = measured->constFind(text);
        if (known == measured->constEnd()) {
            int width = 0;
            for (const QString& word : text.split(breaks, Qt::SkipEmptyParts))
                width = qMax(width, metrics.horizontalAdvance(word));
            known = measured->insert(text, width);
        }
        widest = qMax(widest, *known);
    }
    const int margins = 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1) + 2;
    return qMax(least, widest + margins);
}

QAction* makeNavigation(QWidget* owner, const QString& text, const QString& what,
                        const QList<QKeySequence>& keys)
{
    auto* action = new QAction(text, owner);
    action->setShortcuts(keys);
    // Anywhere in the window while the page is shown (Qt matches a window shortcut only for a
    // visible widget): the sidebar included.
    action->setShortcutContext(Qt::WindowShortcut);
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
    , m_agentBanner(new AgentUnavailableBanner(this))
    , m_tabs(new QTabWidget(this))
    , m_pending(new QTableView(this))
    , m_history(new DecisionHistoryView(this))
    , m_review(new ReviewView(coordinator, this))
    , m_notices(new DecisionNotices(this))
    , m_sentLabel(new QLabel(this))
    , m_sentTimer(new QTimer(this))
    , m_runPane(new RunPane(coordinator, this))
    , m_runList(new QListView(this))
    , m_right(new QStackedWidget(this))
{
    agent::InboxModel* model = coordinator->inbox();
    // Before the table's own selection model connects (setModel), so that this runs first: the
    // selection moving off a removed row must not replace the review before the page knows why
    // the request left (onRowsRemoved, onRequestRemoved).
    connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this] { m_removingRows = true; });
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this, [this] { m_removingRows = true; });
    m_pending->setModel(model);
    m_pending->setAccessibleName(tr("Pending requests"));
    m_pending->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_pending->setSelectionMode(QAbstractItemView::SingleSelection);
    m_pending->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Tab goes on to the review, not from cell to cell (a table's default).
    m_pending->setTabKeyNavigation(false);
    m_pending->verticalHeader()->hide();
    QHeaderView* header = m_pending->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(agent::InboxModel::TitleColumn, QHeaderView::Stretch);
    // Agent names can be long ("docs-researcher (LangChain)"); sized to its contents the agent
    // column pushed the title, waiting time and sandbox out of view. It and the kind get a share
    // (fitWords below); the sandbox, which the review's run block shows, is left out.
    header->setSectionResizeMode(agent::InboxModel::AgentColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(agent::InboxModel::MethodColumn, QHeaderView::Interactive);
    // The waiting time too: a request whose server cannot be reached says so there ("1 s, server
    // unreachable"), which, sized to its contents, left the title no room.
    header->setSectionResizeMode(agent::InboxModel::AgeColumn, QHeaderView::Interactive);
    header->setMinimumSectionSize(fontMetrics().averageCharWidth() * 4);
    m_pending->setColumnHidden(agent::InboxModel::SandboxColumn, true);
    // Nothing in a row is cut: words that do not fit their column go on to another line of the
    // row ("LangChain / tool call", "report- / agent"), and each row is as high as its cells need
    // (at most 256 rows wait at once, AgentServer's cap, so measuring them stays cheap). The agent
    // and kind columns are at least as wide as their widest word, which cannot wrap.
    m_pending->setWordWrap(true);
    m_pending->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Once per event-loop turn however many rows came in it (a server's poll hands in up to a
    // hundred at once), with every distinct text measured once.
    const auto fitWords = [this] {
        m_fitWordsQueued = false;
        if (!m_pending->model())
            return; // the coordinator and its inbox went before this turn came
        for (const int column : {int(agent::InboxModel::AgentColumn), int(agent::InboxModel::MethodColumn),
                                 int(agent::InboxModel::AgeColumn)})
            m_pending->setColumnWidth(column, widestWordWidth(m_pending, column,
                                                              fontMetrics().averageCharWidth() * 11,
                                                              &m_wordWidths, &m_wordWidthsFont));
    };
    const auto fitWordsSoon = [this, fitWords] {
        if (m_fitWordsQueued)
            return;
        m_fitWordsQueued = true;
        QTimer::singleShot(0, this, fitWords);
    };
    connect(model, &QAbstractItemModel::rowsInserted, this, fitWordsSoon);
    connect(model, &QAbstractItemModel::modelReset, this, fitWordsSoon);
    // Not on the waiting times' change every second: only when an agent's name or a kind changes,
    // or a request's server is found unreachable or reachable again.
    connect(
        model, &QAbstractItemModel::dataChanged, this,
        [fitWordsSoon](const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles) {
            const int first = topLeft.column();
            const int last = bottomRight.column();
            const auto within = [first, last](int column) { return first <= column && column <= last; };
            if (within(agent::InboxModel::AgentColumn) || within(agent::InboxModel::MethodColumn) ||
                (within(agent::InboxModel::AgeColumn) && roles.contains(agent::InboxModel::UnreachableRole)))
                fitWordsSoon();
        });
    fitWords();
    // Titles and agent names come from agents: their tooltips show them as text, never markup.
    m_pending->setItemDelegate(new PlainToolTipDelegate(m_pending));

    // Decisions and navigation work anywhere in the window while the page is shown, the list and
    // the sidebar included; so do the approval keys, which the review reads as key events.
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
    // What the last decision sent, beside the buttons that lead to the next request. A label never
    // takes focus, so the confirmation cannot pull the next key away from the list.
    m_sentLabel->setObjectName(QStringLiteral("sentConfirmation"));
    m_sentLabel->setAccessibleDescription(tr("Last decision sent"));
    m_sentLabel->setTextFormat(Qt::PlainText); // the agent's name is in it
    m_sentLabel->setFocusPolicy(Qt::NoFocus);
    m_sentLabel->setTextInteractionFlags(Qt::NoTextInteraction);
    // As wide as the buttons leave, and as high as its text takes there: a long agent name wraps
    // the confirmation onto a second line, where a label of one line cut its end.
    m_sentLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_sentLabel->setWordWrap(true);
    navigation->addWidget(m_sentLabel, 1);
    m_sentTimer->setSingleShot(true);
    m_sentTimer->setInterval(SentConfirmationMs);
    connect(m_sentTimer, &QTimer::timeout, m_sentLabel, &QLabel::clear);
    auto* pendingLayout = new QVBoxLayout(pendingPage);
    pendingLayout->setContentsMargins(0, 0, 0, 0);
    pendingLayout->addWidget(m_pending, 1);
    pendingLayout->addLayout(navigation);
    pendingLayout->addWidget(m_notices);

    m_tabs->addTab(pendingPage, tr("&Pending"));
    m_tabs->addTab(m_history, tr("His&tory")); // Alt+H is the Help menu's
    m_tabs->setAccessibleName(tr("Request lists"));

    // Approved runs: listed under the pending requests, newest first; the pane shows one of them
    // where the review is while no request is in review, so that no output stands beside an
    // unrelated request.
    m_runList->setModel(m_runPane->runsModel());
    m_runList->setAccessibleName(tr("Recent runs"));
    m_runList->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_runList->setSelectionMode(QAbstractItemView::SingleSelection);
    m_runList->setItemDelegate(new PlainToolTipDelegate(m_runList));
    // As tall as its runs, up to four, so that a single run does not take the pending list's
    // height; more scroll.
    m_runList->setUniformItemSizes(true);
    m_runList->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    auto fitRunList = [this] {
        const int rows = qBound(1, m_runList->model()->rowCount(), MaxRunListRows);
        const int rowHeight = qMax(m_runList->sizeHintForRow(0), m_runList->fontMetrics().lineSpacing() + 4);
        m_runList->setFixedHeight(rows * rowHeight + 2 * m_runList->frameWidth() + 4);
    };
    connect(m_runPane->runsModel(), &QAbstractItemModel::rowsInserted, m_runList, fitRunList);
    connect(m_runPane->runsModel(), &QAbstractItemModel::rowsRemoved, m_runList, fitRunList);
    connect(m_runPane->runsModel(), &QAbstractItemModel::modelReset, m_runList, fitRunList);
    fitRunList();
    auto* runsLabel = new QLabel(tr("Recent runs (newest first):"), pendingPage);
    runsLabel->setBuddy(m_runList);
    pendingLayout->addWidget(runsLabel);
    pendingLayout->addWidget(m_runList);
    // Until the first run there is nothing to list: the pending requests get the height.
    runsLabel->hide();
    m_runList->hide();
    connect(m_runPane, &RunPane::runAdded, runsLabel, &QWidget::show);
    connect(m_runPane, &RunPane::runAdded, m_runList, &QWidget::show);
    // A run is chosen when one is selected (a click, the arrows), not when the list merely gets
    // the keyboard: on Tab into it, Qt makes its first row current without selecting it, and
    // following the current row put the run's output in place of the request under review.
    connect(m_runList->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this](const QItemSelection& selected) {
                if (m_syncingRunList || selected.indexes().isEmpty())
                    return;
                m_runChosen = true;
                showRunSide(selected.indexes().constFirst().row());
            });
    connect(m_runPane, &RunPane::runAdded, this, &InboxPage::onRunAdded);
    connect(m_runPane, &RunPane::rewindToBeforeRunRequested, this, &InboxPage::rewindToBeforeRunRequested);

    m_right->addWidget(m_review);
    m_right->addWidget(m_runPane);
    m_right->setCurrentWidget(m_review);

    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->setObjectName(QStringLiteral("inboxSplitter")); // its position is kept (mainwindow/WindowState)
    m_split->addWidget(m_tabs);
    m_split->addWidget(m_right);
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
    layout->addWidget(m_agentBanner);
    layout->addWidget(m_split, 1);
    connect(m_agentBanner, &AgentUnavailableBanner::retryRequested, this,
            &InboxPage::retryAgentSocketRequested);

    connect(m_pending->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (m_removingRows || (!current.isValid() && m_review->isShowingEnded()))
                    return;
                const quint64 key = current.isValid() && m_model ? m_model->keyAt(current.row()) : 0;
                m_review->showRequest(key);
                if (key != 0)
                    showReviewSide();
            });
    // After every decision the focus goes back to the list, whatever had it (a reason field, the
    // editor, a clicked button): the next key then acts on the next request, the same way whether
    // the decision was made by mouse or by key.
    connect(m_review, &ReviewView::decided, this, &InboxPage::returnFocusToList);
    connect(m_review, &ReviewView::actionDecided, this, &InboxPage::returnFocusToList);
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex&, int first, int) { onRowsInserted(first); });
    connect(model, &QAbstractItemModel::rowsRemoved, this,
            [this](const QModelIndex&, int first, int) { onRowsRemoved(first); });
    connect(model, &QAbstractItemModel::modelReset, this, [this] { onRowsRemoved(0); });

    connect(coordinator, &agent::ReviewCoordinator::requestQueued, this, [this](quint64 key) {
        if (m_sending.remove(key)) {
            // Back from the ledger unrecorded: it is not new, and nothing went out.
            showSentConfirmation(tr("Not sent: the decision could not be recorded; the request is back in "
                                    "the list."));
            return;
        }
        if (const agent::Request* request = m_coordinator ? m_coordinator->request(key) : nullptr)
            Q_EMIT requestArrived(request->title, request->agent);
    });
    connect(coordinator, &agent::ReviewCoordinator::requestDecided, this, [this](quint64 key) {
        const auto sending = m_sending.constFind(key);
        if (sending == m_sending.constEnd())
            return;
        const QString confirmation = *sending;
        m_sending.erase(sending);
        showSentConfirmation(confirmation);
    });
    connect(coordinator, &agent::ReviewCoordinator::requestRemoved, this,
            [this](quint64 key, const QString&) { onRequestRemoved(key); });
    connect(m_review, &ReviewView::nextRequested, this, &InboxPage::selectNext);
    // The history follows the ledger: every write (a rule's decision on a request that never
    // waited here too) reloads it, coalesced per event-loop turn.
    connect(coordinator, &agent::ReviewCoordinator::ledgerWritten, m_history,
            &DecisionHistoryView::scheduleReload);
    connect(coordinator, &agent::ReviewCoordinator::automaticDecision, m_notices, &DecisionNotices::add);
    connect(m_notices, &DecisionNotices::showInHistoryRequested, this, &InboxPage::showNoticeInHistory);
    connect(m_review, &ReviewView::decisionSent, this,
            [this](quint64 key, const QString& confirmation) { m_sending.insert(key, confirmation); });
    connect(m_review, &ReviewView::rulesEditorRequested, this, &InboxPage::openRules);

    connect(coordinator, &QObject::destroyed, this, [this] {
        m_pending->setModel(nullptr);
        m_review->showRequest(0);
    });

    setLedgerPath(coordinator->ledgerPath());
    if (model->count() > 0)
        selectRow(0);
}

void InboxPage::showAgentProblem(const QString& problem, const QString& fix)
{
    m_agentBanner->showProblem(problem, fix);
    // The empty review says where agents connect; it reads that when it shows nothing.
    if (pendingCount() == 0 && !m_review->isShowingEnded())
        m_review->showRequest(0);
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
        // Nothing in review: the latest run (if any) takes the review's place.
        if (m_runPane->runCount() > 0)
            showRunSide(m_runPane->shownRow() >= 0 ? m_runPane->shownRow() : 0);
        return;
    }
    showReviewSide();
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
    if (m_review->isShowingEnded()) {
        // The ended request's row went to the one after it: that is the next (none: empty page).
        selectRow(qMin(m_endedRow, count - 1));
        return;
    }
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
    // Approval is not disarmed here: the request in view did not change (another agent's
    // requests coming and going would otherwise keep Approve disarmed for everyone). A request
    // that comes into view disarms through ReviewView::showRequest().
    // A run the person picked stays in view; otherwise the new request takes the empty review,
    // on the next turn of the event loop: showing it (the review laid out, the editor filled, the
    // reach panel built) is the longest piece of work of an arrival, and the turn that read the
    // request has parsed, hashed and checked it already. Split, neither holds the window a frame.
    if (m_review->currentKey() != 0 || m_runChosen || !m_model || m_arrivedKey != 0)
        return;
    m_arrivedKey = m_model->keyAt(first);
    QMetaObject::invokeMethod(this, &InboxPage::showArrived, Qt::QueuedConnection);
}

void InboxPage::showArrived()
{
    const quint64 arrived = std::exchange(m_arrivedKey, 0);
    // The person picked a request or a run meanwhile, or the request left (onRowsRemoved() moved on).
    if (m_review->currentKey() != 0 || m_runChosen || pendingCount() == 0)
        return;
    const int row = m_model->rowOf(arrived);
    const ReviewView::RevealSeparately laterTurn(*m_review);
    selectRow(row >= 0 ? row : 0);
}

void InboxPage::onRowsRemoved(int first)
{
    m_removingRows = false;
    Q_EMIT pendingCountChanged(pendingCount());
    const quint64 shown = m_review->currentKey();
    if (m_review->isShowingEnded() || (shown != 0 && m_model && m_model->rowOf(shown) >= 0))
        return;
    if (shown == 0 && m_runChosen)
        return; // the person looks at a run, not at a request
    // The request on screen left. Why (the person decided, or it timed out, was withdrawn...)
    // arrives with requestRemoved, right after; onRequestRemoved then moves on or keeps it in view.
    // Should no such signal follow (the model reset), move on once control returns.
    m_leftRow = first;
    m_leftKey = shown;
    if (shown == 0) {
        moveOnFrom(first);
        return;
    }
    QMetaObject::invokeMethod(
        this,
        [this, shown] {
            if (m_leftKey == shown)
                moveOnFrom(m_leftRow);
        },
        Qt::QueuedConnection);
}

void InboxPage::onRequestRemoved(quint64 key)
{
    m_history->scheduleReload();
    if (key == 0 || key != m_leftKey)
        return;
    m_leftKey = 0;
    if (m_review->isShowingEnded() && m_review->currentKey() == key) {
        // Kept in view with its banner (ReviewView::showEnded); the list highlights nothing
        // until the person moves on, and "next" goes to the row that took its place.
        m_endedRow = m_leftRow;
        m_pending->selectionModel()->clear();
        return;
    }
    moveOnFrom(m_leftRow);
}

void InboxPage::moveOnFrom(int row)
{
    m_leftKey = 0;
    // Show the one that took the row, or the one above when it was the last.
    selectRow(qMin(row, pendingCount() - 1));
}

void InboxPage::showSentConfirmation(const QString& confirmation)
{
    m_sentLabel->setText(confirmation);
    m_sentLabel->setToolTip(plainToolTip(confirmation));
    m_sentTimer->start();
    Q_EMIT decisionSent(confirmation, SentConfirmationMs);
}

void InboxPage::showNoticeInHistory(const agent::DecisionNotice& notice)
{
    showRequestInHistory(notice.requestId, notice.agent, notice.payloadSha256);
}

void InboxPage::showRequestInHistory(const QString& requestId, const QString& agent,
                                     const QString& payloadSha256)
{
    m_tabs->setCurrentWidget(m_history);
    m_history->selectRequest(requestId, agent, payloadSha256);
}

RulesDialog* InboxPage::rulesDialog() const
{
    return m_rulesDialog;
}

void InboxPage::openRules()
{
    if (!m_coordinator)
        return;
    if (!m_rulesDialog) {
        m_rulesDialog = new RulesDialog(m_coordinator, this);
        m_rulesDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_rulesDialog->show();
    m_rulesDialog->raise();
    m_rulesDialog->activateWindow();
}

QPlainTextEdit* InboxPage::runConsole() const
{
    return m_runPane->shownConsole();
}

QAction* InboxPage::rewindLastRunAction() const
{
    return m_runPane->rewindAction();
}

bool InboxPage::isRunPaneShown() const
{
    return m_right->currentWidget() == m_runPane;
}

void InboxPage::showReviewSide()
{
    m_runChosen = false;
    m_right->setCurrentWidget(m_review);
    m_syncingRunList = true;
    m_runList->selectionModel()->clear();
    m_syncingRunList = false;
}

void InboxPage::showRunSide(int row)
{
    if (row < 0 || row >= m_runPane->runCount())
        return;
    if (m_review->currentKey() != 0) {
        // The person picked a run: the request in review steps back (its draft is kept).
        m_pending->selectionModel()->clear();
        m_review->showRequest(0);
    }
    m_runPane->showRun(row);
    m_right->setCurrentWidget(m_runPane);
    m_syncingRunList = true;
    const QModelIndex index = m_runPane->runsModel()->index(row, 0);
    // The row becomes the list's current one only while the keyboard is in the list: Qt's
    // accessibility reports a list's current row as focused, so a screen reader was told the
    // keyboard moved to a run that arrived while it was elsewhere (selected, it is shown all the same).
    if (m_runList->hasFocus())
        m_runList->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
    else
        m_runList->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect);
    m_runList->scrollTo(index);
    m_syncingRunList = false;
}

void InboxPage::onRunAdded()
{
    // The newest run takes the review's place only while no request is in review and the person
    // is not looking at another run; otherwise it waits in the list.
    if (m_review->currentKey() == 0 && !m_runChosen)
        showRunSide(0);
    else if (isRunPaneShown())
        showRunSide(m_runPane->shownRow()); // keep the list's selection on the run shown
}

void InboxPage::returnFocusToList()
{
    m_tabs->setCurrentIndex(0);
    m_pending->setFocus(Qt::OtherFocusReason);
}

} // namespace k8::app
