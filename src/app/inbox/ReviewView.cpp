// SPDX-License-Identifier: Apache-2.0
#include "inbox/ReviewView.h"

#include "ui_ReviewView.h"

#include "agent/payload/HiddenText.h"
#include "agent/payload/PreparedText.h"
#include "agent/review/DecisionNotice.h"
#include "agent/review/InboxModel.h"
#include "agent/review/ReviewCoordinator.h"
#include "agent/socket/FreedMemory.h"
#include "agent/socket/SocketPath.h"
#include "editor/CodeEditor.h"
#include "editor/DiffView.h"
#include "editor/RevealBar.h"
#include "egress/ReachLineMarker.h"
#include "egress/ReachPanel.h"
#include "inbox/ActionCard.h"
#include "inbox/CountdownLabel.h"
#include "inbox/RequestEndBanner.h"
#include "inbox/RunPlacePanel.h"
#include "inbox/TrialPane.h"
#include "kosa8/ConnectionProfile.h"
#include "kosa8/SandboxListModel.h"
#include "style/Style.h"
#include "trial/TrialKit.h"
#include "widgets/ClearButton.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QTextBlock>
#include <QTimer>

namespace k8::app {

using agent::DecisionKind;

namespace {

QString ageText(const QDateTime& received)
{
    const qint64 seconds = qMax<qint64>(0, received.secsTo(QDateTime::currentDateTimeUtc()));
    if (seconds < 60)
        return ReviewView::tr("just now");
    if (seconds < 3600)
        return ReviewView::tr("%n min ago", nullptr, int(seconds / 60));
    return ReviewView::tr("%n h ago", nullptr, int(seconds / 3600));
}

QString shortcutText(const QList<QKeySequence>& keys)
{
    QStringList parts;
    for (const QKeySequence& key : keys)
        parts.append(key.toString(QKeySequence::NativeText));
    return parts.join(ReviewView::tr(" or "));
}

// An action whose shortcut works anywhere in the window while the view is shown (Qt matches a
// window shortcut only for a visible widget), with the shortcut in its tooltip.
QAction* makeAction(QWidget* owner, const QString& text, const QString& what, const QList<QKeySequence>& keys)
{
    auto* action = new QAction(text, owner);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WindowShortcut);
    action->setToolTip(keys.isEmpty() ? what : ReviewView::tr("%1 (%2)").arg(what, shortcutText(keys)));
    owner->addAction(action);
    return action;
}

// Puts `widget` into the box layout that holds `anchor`, right before or after it.
void insertBeside(QWidget* anchor, QWidget* widget, bool after)
{
    auto* box =
        anchor->parentWidget() ? qobject_cast<QBoxLayout*>(anchor->parentWidget()->layout()) : nullptr;
    const int at = box ? box->indexOf(anchor) : -1;
    if (at >= 0)
        box->insertWidget(after ? at + 1 : at, widget);
}

const QList<QKeySequence> ApprovalKeys{QKeySequence(Qt::CTRL | Qt::Key_Return),
                                       QKeySequence(Qt::CTRL | Qt::Key_Enter)};

} // namespace

ReviewView::ReviewView(agent::ReviewCoordinator* coordinator, QWidget* parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::ReviewView>())
    , m_coordinator(coordinator)
    , m_ageTimer(new QTimer(this))
    , m_armTimer(new QTimer(this))
    , m_revealTimer(new QTimer(this))
{
    m_ui->setupUi(this);
    // Under where the app listens on the empty page: how to connect an agent, to copy.
    m_connectHelpLabel = new QLabel(tr("How to &connect an agent:"), m_ui->emptyPage);
    m_connectHelp = new QPlainTextEdit(m_ui->emptyPage);
    m_connectHelp->setObjectName(QStringLiteral("connectHelp"));
    m_connectHelp->setAccessibleName(tr("How to connect an agent"));
    m_connectHelp->setReadOnly(true);
    m_connectHelp->setTextInteractionFlags(Qt::TextSelectableByKeyboard | Qt::TextSelectableByMouse);
    m_connectHelp->setFont(style::monospaceFont());
    m_connectHelp->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_connectHelp->setFixedHeight(m_connectHelp->fontMetrics().lineSpacing() * 12);
    m_connectHelpLabel->setBuddy(m_connectHelp);
    m_ui->emptyLayout->addWidget(m_connectHelpLabel, 0, Qt::AlignHCenter);
    m_ui->emptyLayout->addWidget(m_connectHelp, 0, Qt::AlignHCenter);
    m_ui->emptyLayout->addStretch(1);
    // The run block sits at the top of the sheet, under what the request is, above the cards.
    m_ui->sheetLayout->insertWidget(m_ui->sheetLayout->indexOf(m_ui->proseLabel) + 1, m_ui->runBox);
    // Where a run goes (sandbox, network, image, checkpoint) in the run box; the countdown under
    // the request's details; why a request ended, above its title.
    m_place = new RunPlacePanel(m_ui->runBox);
    m_ui->runLayout->addWidget(m_place);
    // Under where it runs: a trial in a throwaway copy, hidden until the app gives a kit.
    m_trial = new TrialPane(m_ui->runBox);
    m_ui->runLayout->addWidget(m_trial);
    connect(m_trial, &TrialPane::runningChanged, this, [this](bool running) {
        // Approve waits for the trial, and then for the arming delay: a key meant for the trial
        // (its Stop, its output) never approves.
        if (!running)
            disarm();
        updateDecisionState();
    });
    m_countdown = new CountdownLabel(this);
    insertBeside(m_ui->detailsLabel, m_countdown, true);
    m_endBanner = new RequestEndBanner(this);
    insertBeside(m_ui->titleLabel, m_endBanner, false);
    // What the code would reach: a panel under the current card's code, and markers on the lines
    // it names (ReviewView::showAction moves both to the card that becomes current).
    m_reach = new ReachPanel(this);
    // Inside a card it stays compact: its list shows at most ReachPanel::MaxShownRows rows and
    // scrolls beyond, so the next card does not drop out of view.
    connect(m_reach, &ReachPanel::allowHostRequested, this, &ReviewView::allowHostRequested);
    connect(m_reach, &ReachPanel::editPolicyRequested, this, &ReviewView::editPolicyRequested);
    connect(m_reach, &ReachPanel::lineActivated, this, [this](int line) {
        CodeEditor* editor = codeEditor();
        if (editor->isLoading() && line > editor->document()->blockCount())
            editor->finishLoading(); // the line asked for is not in yet
        const QTextBlock block = editor->document()->findBlockByNumber(line - 1);
        if (block.isValid()) {
            editor->setTextCursor(QTextCursor(block));
            editor->centerCursor();
        }
    });
    // Whether the answer runs in a sandbox or goes back to the agent: set apart from the details.
    QFont kindFont = m_ui->reviewKindLabel->font();
    kindFont.setBold(true);
    m_ui->reviewKindLabel->setFont(kindFont);
    m_ui->reviewKindLabel->setAutoFillBackground(true);
    m_ui->reviewKindLabel->setBackgroundRole(QPalette::AlternateBase);
    m_ui->reviewKindLabel->setMargin(6);
    // The question is the first thing read: a touch larger than the details.
    QFont proseFont = m_ui->proseLabel->font();
    proseFont.setPointSizeF(proseFont.pointSizeF() * 1.05);
    m_ui->proseLabel->setFont(proseFont);
    m_ui->proseLabel->setMargin(4);
    QFont titleFont = m_ui->titleLabel->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_ui->titleLabel->setFont(titleFont);
    // Everything an agent sends is text, never markup (a title could otherwise draw a fake
    // button, hide words or link away). The form says so too; this keeps it true for any label
    // added later.
    for (QLabel* label : findChildren<QLabel*>())
        label->setTextFormat(Qt::PlainText);

    // Approving needs a modifier (Ctrl, which Qt maps to Cmd on macOS) so that a stray key never
    // approves. The keys are read in eventFilter(), not through a QAction shortcut, because a
    // shortcut cannot tell a held key's auto-repeat from a press.
    m_approve = new QAction(tr("&Approve"), this);
    m_approve->setToolTip(tr("%1 (%2)").arg(tr("Approve"), shortcutText(ApprovalKeys)));
    addAction(m_approve);
    m_edit = makeAction(this, tr("&Edit"), tr("Edit the code before approving"),
                        {QKeySequence(Qt::CTRL | Qt::Key_E), QKeySequence(Qt::Key_E)});
    m_edit->setCheckable(true);
    m_revert = new QAction(tr("&Discard edits"), this);
    m_revert->setToolTip(tr("Put back the code and arguments as the agent sent them"));
    m_reject = makeAction(this, tr("Reject…"), tr("Type a reason and press Enter to reject"),
                          {QKeySequence(Qt::CTRL | Qt::Key_Backspace), QKeySequence(Qt::Key_R)});
    m_rejectNow = new QAction(tr("&Reject"), this);
    m_rejectNow->setToolTip(
        tr("Reject now, with the reason typed beside (%1 to type a reason, Enter rejects)")
            .arg(shortcutText(m_reject->shortcuts())));
    m_respond = makeAction(this, tr("Respond…"), tr("Type a response to the agent and press Enter"),
                           {QKeySequence(Qt::CTRL | Qt::Key_R)});
    m_respondNow = new QAction(tr("Re&spond"), this);
    m_respondNow->setToolTip(
        tr("Send the response typed beside to the agent instead of running the action (%1)")
            .arg(shortcutText(m_respond->shortcuts())));

    m_ui->approveButton->setDefaultAction(m_approve);
    m_ui->editButton->setDefaultAction(m_edit);
    m_ui->revertButton->setDefaultAction(m_revert);
    m_ui->rejectButton->setDefaultAction(m_rejectNow);
    m_ui->respondButton->setDefaultAction(m_respondNow);
    // setDefaultAction copies the action's text into the accessible name's place; keep ours.
    m_ui->approveButton->setAccessibleName(tr("Approve"));
    m_ui->editButton->setAccessibleName(tr("Edit"));
    m_ui->revertButton->setAccessibleName(tr("Discard edits"));
    m_ui->rejectButton->setAccessibleName(tr("Reject"));
    m_ui->respondButton->setAccessibleName(tr("Respond"));
    // The approve button is the one the eye looks for.
    QFont approveFont = m_ui->approveButton->font();
    approveFont.setBold(true);
    m_ui->approveButton->setFont(approveFont);

    auto* rulesMenu = new QMenu(m_ui->rulesButton);
    m_ruleApprove = rulesMenu->addAction(tr("Always approve this action as shown…"));
    m_ruleRejectAgent = rulesMenu->addAction(tr("Always reject this agent…"));
    m_ui->rulesButton->setMenu(rulesMenu);

    connect(m_approve, &QAction::triggered, this, &ReviewView::approve);
    connect(m_edit, &QAction::triggered, this, &ReviewView::toggleEdit);
    connect(m_revert, &QAction::triggered, this, &ReviewView::revertEdits);
    connect(m_reject, &QAction::triggered, this, &ReviewView::startReject);
    connect(m_rejectNow, &QAction::triggered, this, &ReviewView::rejectNow);
    connect(m_respond, &QAction::triggered, this, &ReviewView::startRespond);
    connect(m_respondNow, &QAction::triggered, this, &ReviewView::respondNow);
    connect(m_ruleApprove, &QAction::triggered, this, &ReviewView::saveApproveRule);
    connect(m_ruleRejectAgent, &QAction::triggered, this, &ReviewView::saveRejectAgentRule);
    connect(m_ui->rejectMessageEdit, &QLineEdit::returnPressed, this, &ReviewView::rejectNow);
    connect(m_ui->respondEdit, &QLineEdit::returnPressed, this, &ReviewView::respondNow);
    connect(m_ui->rejectMessageEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (!m_loading)
            m_state.setRejectReason(m_current, text);
    });
    connect(m_ui->respondEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (m_loading)
            return;
        m_state.setResponseText(m_current, text);
        updateDecisionState();
    });
    // Named once and never taken away: a read-only reason field takes no text, so its button
    // stays out of sight (removing and adding it on every request made and deleted a widget the
    // accessibility tree had just been told about).
    setClearButton(m_ui->rejectMessageEdit);
    setClearButton(m_ui->respondEdit);
    // Escape in a message field goes back to the code without deciding anything.
    for (QLineEdit* field : {m_ui->rejectMessageEdit, m_ui->respondEdit}) {
        auto* escape =
            new QShortcut(QKeySequence(Qt::Key_Escape), field, nullptr, nullptr, Qt::WidgetShortcut);
        connect(escape, &QShortcut::activated, this, [this] {
            QWidget* target = codeEditor()->isVisible() ? static_cast<QWidget*>(codeEditor())
                                                        : static_cast<QWidget*>(argsEditor());
            target->setFocus(Qt::ShortcutFocusReason);
        });
    }

    connect(m_place, &RunPlacePanel::sandboxChosen, this, [this](const QString& name) {
        if (m_loading || !m_state.isRun() || m_state.isEnded())
            return;
        m_state.setRunSandbox(name);
        updateEgress();
        updateRunBox();
        updateDecisionState();
    });
    connect(m_place, &RunPlacePanel::imageChosen, this, [this](const QString& image) {
        if (m_loading || !m_state.isRun() || m_state.isEnded())
            return;
        m_state.setRunImage(image);
        updateRunBox();
        updateDecisionState();
    });
    connect(m_place, &RunPlacePanel::sandboxesChanged, this, &ReviewView::fillSandboxes);
    connect(m_endBanner, &RequestEndBanner::nextRequested, this, &ReviewView::nextRequested);
    // Enter (and J, the inbox's "next") leave an ended request; only while one is in view.
    m_nextAfterEnd = makeAction(this, tr("Next request"), tr("Leave the ended request for the next one"),
                                {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    m_nextAfterEnd->setEnabled(false);
    connect(m_nextAfterEnd, &QAction::triggered, this, [this] {
        if (m_state.isEnded())
            Q_EMIT nextRequested();
    });

    if (coordinator) {
        connect(coordinator, &agent::ReviewCoordinator::requestRemoved, this,
                [this](quint64 key, const QString& decidedBy) {
                    m_drafts.drop(key);
                    const agent::RequestEnd end = agent::requestEndFrom(decidedBy);
                    // The person's own decision moves on as before; any other end is said in place.
                    if (key == m_key && end != agent::RequestEnd::Person)
                        showEnded(end, decidedBy);
                });
        connect(coordinator, &QObject::destroyed, this, [this] { m_drafts.clear(); });
        // A LangGraph server that went away, or came back: its requests are read only meanwhile.
        connect(coordinator, &agent::ReviewCoordinator::decidabilityChanged, this, [this] {
            if (m_key != 0)
                updateDecisionState();
        });
    }

    m_ageTimer->setInterval(15000);
    connect(m_ageTimer, &QTimer::timeout, this, &ReviewView::updateDetails);
    m_armTimer->setSingleShot(true);
    // Not 0: a zero-time timer can run in the same pass of the event loop as the events the
    // filling posted, before the loop has read its sockets; 1 ms is due only after that.
    m_revealTimer->setSingleShot(true);
    m_revealTimer->setInterval(1);
    connect(m_revealTimer, &QTimer::timeout, this, [this] {
        m_ui->stack->setCurrentWidget(m_ui->reviewPage);
        // The arming delay counts from when the request can be seen; one that ended meanwhile
        // (showEnded()) is not armed at all.
        if (m_state.isEnded())
            updateDecisionState();
        else
            disarm();
    });
    connect(m_armTimer, &QTimer::timeout, this, [this] {
        m_armed = true;
        m_ui->armingLabel->hide();
        updateDecisionState();
        Q_EMIT armedChanged(true);
    });

    qApp->installEventFilter(this);
    // What can hide in the code is counted right above the buttons that decide on it.
    m_revealBar = new RevealBar(this);
    m_ui->revealBarSlot->addWidget(m_revealBar);
    cardAt(0); // there is always a first card, so that the editors the view hands out exist
    m_reachMarker = m_markers.first();
    // In a card from the start: left a loose child of the view, the panel painted itself over the
    // top left corner of the empty inbox.
    cardAt(0)->placeBelowCode(m_reach);

    showRequest(0);
}

ReviewView::~ReviewView()
{
    qApp->removeEventFilter(this);
    // Children outlive m_ui by a moment (QWidget deletes them after this body); make sure none
    // of their signals reaches a slot that uses m_ui then.
    for (QObject* child : findChildren<QObject*>())
        child->disconnect(this);
}

QList<QAction*> ReviewView::decisionActions() const
{
    return {m_approve, m_edit, m_reject, m_respond, m_nextAfterEnd};
}

CodeEditor* ReviewView::codeEditor() const
{
    return currentCard()->codeEditor();
}
CodeEditor* ReviewView::argsEditor() const
{
    return currentCard()->argsEditor();
}
DiffView* ReviewView::diffView() const
{
    return currentCard()->diffView();
}
QList<ActionCard*> ReviewView::actionCards() const
{
    return m_cards.mid(0, m_shownCards);
}
ActionCard* ReviewView::currentCard() const
{
    return m_cards.at(qBound(0, m_current, int(m_cards.size()) - 1));
}

ActionCard* ReviewView::cardAt(int index)
{
    while (m_cards.size() <= index) {
        auto* card = new ActionCard(m_ui->sheet);
        m_ui->cardList->addWidget(card);
        m_cards.append(card);
        m_markers.append(new ReachLineMarker(card->codeEditor()));
        // Agent text only ever as plain text, in the cards too.
        for (QLabel* label : card->findChildren<QLabel*>())
            label->setTextFormat(Qt::PlainText);
        connect(card, &ActionCard::activated, this, [this, card] { onCardActivated(card); });
        // The code is all in view now: approving it may be offered (updateDecisionState()).
        connect(card, &ActionCard::loaded, this, [this] {
            updateTrial(); // a trial waits, like Approve, for all of the code to be on screen
            updateDecisionState();
        });
        connect(card->codeEditor(), &QPlainTextEdit::textChanged, this,
                [this, card] { onCardCodeChanged(card); });
        connect(card->argsEditor(), &QPlainTextEdit::textChanged, this,
                [this, card] { onCardArgsChanged(card); });
        connect(card->codeEditor(), &CodeEditor::findingsChanged, this, &ReviewView::updateRevealBar);
        connect(card->argsEditor(), &CodeEditor::findingsChanged, this, &ReviewView::updateRevealBar);
    }
    return m_cards.at(index);
}

void ReviewView::onCardActivated(ActionCard* card)
{
    const int index = int(m_cards.indexOf(card));
    if (!m_loading && m_key && index != m_current && m_state.isValidAction(index))
        showAction(index);
}

void ReviewView::setCurrentAction(int index)
{
    if (m_key && m_state.isValidAction(index))
        showAction(index);
}

void ReviewView::onCardCodeChanged(ActionCard* card)
{
    const int index = int(m_cards.indexOf(card));
    // A piece of the text coming in is no edit (CodeEditor::setLoadsInPieces()).
    if (m_loading || card->codeEditor()->isLoading() || !m_state.isValidAction(index))
        return;
    m_state.setCode(index, card->codeEditor()->code());
    card->setDiffEdited(m_state.code(index));
    if (index == m_current)
        updateReach();
    updateTrial(); // a trial of the code before this edit is marked so
    updateDecisionState();
}

void ReviewView::onCardArgsChanged(ActionCard* card)
{
    const int index = int(m_cards.indexOf(card));
    if (m_loading || card->argsEditor()->isLoading() || !m_state.isValidAction(index))
        return;
    m_state.setArgsText(index, card->argsEditor()->code());
    updateDecisionState();
}
QLineEdit* ReviewView::rejectMessageEdit() const
{
    return m_ui->rejectMessageEdit;
}
QLineEdit* ReviewView::respondEdit() const
{
    return m_ui->respondEdit;
}
QLineEdit* ReviewView::imageEdit() const
{
    return m_place->imageEdit();
}
QVBoxLayout* ReviewView::revealBarSlot() const
{
    return m_ui->revealBarSlot;
}

bool ReviewView::isEditing() const
{
    return m_state.isEditing(m_current);
}

QString ReviewView::messageText() const
{
    return m_ui->messageLabel->isHidden() ? QString() : m_ui->messageLabel->text();
}

void ReviewView::setKeyScope(QWidget* scope)
{
    m_keyScope = scope;
}

bool ReviewView::isApprovalKey(const QKeyEvent* event)
{
    const int key = event->key();
    if (key != Qt::Key_Return && key != Qt::Key_Enter)
        return false;
    // Ctrl (Cmd on macOS) and nothing else but the keypad flag.
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    return modifiers == Qt::ControlModifier;
}

bool ReviewView::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget)
        return false;
    // Anywhere in the scope's window while the scope is shown: a keyboard user in the sidebar
    // sees the review and expects its keys to work there too. Never in another window (a dialog
    // or a menu is a window of its own).
    const QWidget* scope = m_keyScope ? m_keyScope.data() : this;
    if (!scope->isVisible() || widget->window() != scope->window())
        return false;
    auto* key = static_cast<QKeyEvent*>(event);
    if (!isApprovalKey(key))
        return false;
    if (event->type() == QEvent::ShortcutOverride) {
        // Claimed here so that no shortcut takes it; the key press that follows decides.
        key->accept();
        return true;
    }
    // The request it approves is the one shown when the key went down; a held key repeating
    // never approves (it may have been pressed for the request before).
    if (!key->isAutoRepeat())
        approveFor(m_key);
    return true;
}

void ReviewView::setArmDelayMs(int ms)
{
    m_armDelayMs = qMax(0, ms);
    if (!m_armed && m_armTimer->isActive())
        disarm(); // restart with the new delay
}

void ReviewView::disarm()
{
    m_armTimer->stop();
    const bool wasArmed = m_armed;
    if (isRevealPending()) {
        // Not before the request can be seen: putting it in view disarms again, and the delay
        // starts then.
        m_armed = false;
        m_ui->armingLabel->hide();
    } else if (m_armDelayMs <= 0 || m_key == 0) {
        m_armed = m_key != 0;
        m_ui->armingLabel->hide();
    } else {
        m_armed = false;
        m_ui->armingLabel->setText(
            tr("Approve is armed in %1 s").arg(QLocale().toString(m_armDelayMs / 1000.0, 'f', 1)));
        m_ui->armingLabel->show();
        m_armTimer->start(m_armDelayMs);
    }
    updateDecisionState();
    if (wasArmed != m_armed)
        Q_EMIT armedChanged(m_armed);
}

void ReviewView::setTrialKit(trial::TrialKit* kit)
{
    m_trialKit = kit;
    m_trial->setKit(kit, m_coordinator);
    updateTrial();
}

void ReviewView::updateTrial()
{
    if (!m_trialKit)
        return;
    const int index = qMax(0, m_current);
    if (m_key == 0 || !m_state.isRun() || !m_state.isValidAction(index)) {
        m_trial->clear();
        return;
    }
    trial::TrialSpec spec;
    spec.code = m_state.code(index);
    spec.language = m_state.request().run.language;
    spec.sandbox = m_state.runSandbox();
    spec.image = m_state.runImage();
    QString why;
    if (m_state.isEnded())
        why = tr("the request has ended.");
    else if (isLoading(index))
        why = tr("the code is still being put on screen.");
    else if (const QString problem = m_state.runProblem(); !problem.isEmpty())
        why = problem;
    else
        why = m_trialKit->whyNot(spec.sandbox, m_sandboxes ? m_sandboxes->find(spec.sandbox) : nullptr);
    m_trial->showFor(&m_state.request(), spec, why);
}

void ReviewView::setSandboxModel(kosa8::SandboxListModel* model)
{
    m_sandboxes = model;
    // The panel follows the list and says when it changed (fillSandboxes).
    m_place->setSandboxModel(model);
}

void ReviewView::showRequest(quint64 key)
{
    const agent::Request* request = key && m_coordinator ? m_coordinator->request(key) : nullptr;
    if (request && key == m_key)
        return;
    keepDraft();
    // Another request (or none) supersedes one waiting to be put in view. One shown into the
    // empty page under RevealSeparately waits from here on, so that nothing arms or approves it
    // while it is filled in (disarm(), isLoading()); revealFilledSheet() leaves it to the timer.
    m_revealTimer->stop();
    if (request && m_revealSeparately && m_ui->stack->currentWidget() != m_ui->reviewPage)
        m_revealTimer->start();
    m_key = request ? key : 0;
    m_state = request ? m_drafts.take(*request) : agent::ReviewState();
    m_current = -1;
    setMessage({}, false);
    m_ageTimer->stop();
    m_endBanner->clear();
    m_countdown->clear();
    m_nextAfterEnd->setEnabled(false);
    m_place->setReadOnly(false);

    if (!request) {
        m_loading = true;
        for (ActionCard* card : std::as_const(m_cards)) {
            card->codeEditor()->setCode(QString());
            card->argsEditor()->setCode(QString());
            card->setCurrent(false);
        }
        m_ui->rejectMessageEdit->clear();
        m_ui->respondEdit->clear();
        m_loading = false;
        m_trial->clear();
        // Where agents connect, and whether the app listens: what a person checks when nothing arrives.
        m_ui->socketLabel->setText(
            agent::SocketPath::statusText(m_coordinator ? m_coordinator->socketPath() : QString(),
                                          m_coordinator && m_coordinator->isListening(),
                                          m_coordinator ? m_coordinator->listenProblem() : QString()));
        showConnectHelp();
        m_shownCards = 0;
        m_ui->stack->setCurrentWidget(m_ui->emptyPage);
        disarm();
        return;
    }

    const agent::Request& shown = m_state.request();
    const bool several = shown.actions.size() > 1;
    m_ui->actionStateLabel->setVisible(several);

    m_ui->runBox->setVisible(m_state.isRun());
    fillSandboxes();
    m_countdown->setDeadline(shown.receivedAt, shown.timeoutS);
    m_ui->sheetScroll->verticalScrollBar()->setValue(0);
    updateDetails();
    m_ageTimer->start();

    // The question goes at the top when it is the request's (the same for every action); an
    // action's own description goes on its card.
    QString sharedProse = m_state.prose(0);
    for (int i = 1; i < m_state.actionCount(); ++i) {
        if (m_state.prose(i) != sharedProse)
            sharedProse.clear();
    }
    // Prose with the middleware's text of the call goes on the card, where that text folds.
    const bool proseOnTop = !sharedProse.isEmpty() && m_state.proseParts(0).folded.isEmpty();
    m_ui->proseLabel->setText(agent::HiddenText::revealedInline(sharedProse));
    m_ui->proseLabel->setVisible(proseOnTop);

    m_shownCards = qMax(1, m_state.actionCount());
    cardAt(m_shownCards - 1);
    for (int i = 0; i < m_cards.size(); ++i)
        m_cards.at(i)->setVisible(i < m_shownCards);
    for (int i = 0; i < m_state.actionCount(); ++i) {
        loadCard(i);
        const agent::ReviewState::ProseParts prose = m_state.proseParts(i);
        cardAt(i)->setProse(proseOnTop ? QString() : agent::HiddenText::revealedInline(prose.text),
                            proseOnTop ? QString() : agent::HiddenText::revealedInline(prose.folded));
    }

    if (shown.actions.isEmpty()) {
        // Nothing to decide on is unexpected: offer only a rejection (fail closed).
        ActionCard* card = cardAt(0);
        m_loading = true;
        card->setHeader(QString(), QString());
        card->setProse(QString());
        card->codeEditor()->setCode(QString());
        card->setCodeVisible(false);
        card->argsEditor()->setCode(agent::formatJsonForReview(shown.payload));
        card->argsEditor()->setEditable(false);
        card->setArgsVisible(true, tr("Arguments:"));
        card->updateNotShownNotes();
        card->setCurrent(false);
        m_loading = false;
        updateReach();
        setMessage(tr("This request holds no action that can be approved."), true);
        disarm();
        revealFilledSheet();
        return;
    }
    // A request comes into view from the top of its sheet (its title, who asks, what approving
    // does), unless the work kept on it had another action current.
    const int current = qBound(0, m_state.currentAction(), m_state.actionCount() - 1);
    showAction(current, current == 0 ? SheetScroll::Stay : SheetScroll::ToCurrent);
    revealFilledSheet();
}

void ReviewView::revealFilledSheet()
{
    // Put in view after it is filled: while the page is hidden, showing and filling its widgets
    // lays nothing out; the page is laid out once, when it comes into view (now, or when the
    // reveal timer started in showRequest() fires).
    if (!isRevealPending())
        m_ui->stack->setCurrentWidget(m_ui->reviewPage);
}

bool ReviewView::isRevealPending() const
{
    return m_revealTimer->isActive();
}

void ReviewView::loadCard(int index)
{
    ActionCard* card = cardAt(index);
    const bool hasCode = m_state.hasCode(index);
    const bool editing = m_state.isEditing(index);
    m_loading = true;
    card->codeEditor()->setLanguage(m_state.codeLanguage(index));
    card->codeEditor()->setCode(m_state.code(index), m_state.preparedCode(index));
    card->setCodeVisible(hasCode);
    // The fields shown as the question above are not repeated in the arguments.
    const QString args = m_state.argsTextShown(index);
    const bool folded = !m_state.argsFoldedIntoProse(index).isEmpty();
    card->argsEditor()->setCode(args, folded ? nullptr : m_state.preparedArgs(index));
    card->setArgsVisible(folded ? !args.isEmpty() : m_state.hasOtherArgs(index),
                         hasCode || folded ? tr("Other arguments:") : tr("Arguments:"));
    card->updateNotShownNotes();
    // A partly shown action cannot be edited, so its diff is never shown: a diff of millions of
    // lines would cost what the cut saves (three more documents of every line).
    if (card->isPartlyShown())
        card->setDiffTexts(QString(), QString());
    else
        card->setDiffTexts(m_state.originalCode(index), m_state.code(index));
    card->codeEditor()->setEditable(editing && hasCode);
    card->argsEditor()->setEditable(editing && !m_state.isRun());
    m_loading = false;
    updateCard(index);
}

QString ReviewView::decisionStateText(int index) const
{
    if (!m_state.isDecided(index))
        return tr("waiting");
    switch (m_state.decidedKind(index)) {
    case DecisionKind::Approve:
        return tr("approved");
    case DecisionKind::Edit:
        return tr("approved with edits");
    case DecisionKind::Reject: {
        const QString reason = m_state.rejectReason(index).trimmed();
        return reason.isEmpty() ? tr("rejected")
                                : tr("rejected: %1").arg(agent::HiddenText::revealedInline(reason));
    }
    case DecisionKind::Respond:
        return tr("responded");
    }
    return {};
}

void ReviewView::updateCard(int index)
{
    if (!m_state.isValidAction(index) || index >= m_cards.size())
        return;
    ActionCard* card = m_cards.at(index);
    const int count = m_state.actionCount();
    if (count > 1) {
        const QString name = m_state.request().actions.at(index).name;
        card->setHeader(tr("Action %1 of %2 · %3")
                            .arg(index + 1)
                            .arg(count)
                            .arg(name.isEmpty() ? tr("action") : agent::HiddenText::revealedInline(name)),
                        decisionStateText(index));
    } else {
        card->setHeader(QString(), QString()); // one action: no "1 of 1"
    }
    // The diff compares code; an edit of the other arguments alone is told by the note instead.
    card->setDiffVisible(m_state.hasCode(index) && (m_state.isEditing(index) || m_state.isCodeEdited(index)));
}

void ReviewView::scrollToCurrent()
{
    // After the layout has placed the cards: a card not wholly in view is scrolled to the top of
    // the view, so that its header, prose and code read from the start (and, while editing, the
    // diff under the code gets the rest of the view).
    QTimer::singleShot(0, this, [this] {
        if (!m_key || !m_state.isValidAction(m_current) || m_current >= m_cards.size())
            return;
        // Cards that just grew (a diff shown) are measured as laid out, not as they were: the
        // card's layout request posts the sheet's, which resizes the sheet in the scroll area.
        for (int round = 0; round < 3; ++round)
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        ActionCard* card = m_cards.at(m_current);
        QScrollArea* scroll = m_ui->sheetScroll;
        const int top = card->mapTo(m_ui->sheet, QPoint(0, 0)).y();
        const int bottom = top + card->height();
        QScrollBar* bar = scroll->verticalScrollBar();
        const int viewHeight = scroll->viewport()->height();
        if (top < bar->value() || bottom > bar->value() + viewHeight)
            bar->setValue(top);
    });
}

void ReviewView::keepDraft()
{
    // Only while the request still waits: a decided or withdrawn one has nothing left to keep.
    const agent::InboxModel* inbox = m_coordinator ? m_coordinator->inbox() : nullptr;
    if (!m_key || !inbox || inbox->rowOf(m_key) < 0)
        return;
    m_drafts.keep(m_state);
}

void ReviewView::updateDetails()
{
    if (!m_key)
        return;
    const agent::Request& request = m_state.request();
    // Agent text: bidi controls and invisible characters are named, not applied (HiddenText).
    const auto reveal = &agent::HiddenText::revealedInline;
    m_ui->titleLabel->setText(request.title.isEmpty() ? tr("(untitled request)") : reveal(request.title));
    QStringList parts;
    parts << tr("From %1").arg(reveal(request.agent));
    parts << agent::InboxModel::kindText(request);
    if (m_state.isRun()) {
        m_ui->reviewKindLabel->setText(
            tr("Approving runs this %1 code in the kosa8 sandbox below.").arg(request.run.language));
    } else {
        // A review is answered to the agent, which then acts itself, outside any sandbox: said
        // on a line of its own so that nobody mistakes it for a sandboxed run.
        QStringList names;
        for (const agent::ReviewAction& action : request.actions) {
            if (!action.name.isEmpty() && !names.contains(reveal(action.name)))
                names.append(reveal(action.name));
        }
        m_ui->reviewKindLabel->setText(
            names.isEmpty()
                ? tr("Your answer goes back to the agent, which acts on it itself, outside kosa8: no "
                     "sandbox, "
                     "no checkpoint.")
                : tr("Your answer goes back to the agent, which then runs %1 itself, outside kosa8: no "
                     "sandbox, no checkpoint.")
                      .arg(names.join(QStringLiteral(", "))));
    }
    // Where it waits: a server's interrupt says which server (the app's name for it), and the
    // assistant a resume runs with.
    if (!request.origin.server.isEmpty())
        parts << tr("on LangGraph server %1").arg(reveal(request.origin.serverName));
    if (!request.threadId.isEmpty())
        parts << tr("thread %1").arg(reveal(request.threadId));
    if (!request.origin.assistantId.isEmpty())
        parts << tr("assistant %1").arg(reveal(request.origin.assistantId));
    parts << tr("received %1 (%2)")
                 .arg(QLocale().toString(request.receivedAt.toLocalTime().time(), QLocale::ShortFormat),
                      ageText(request.receivedAt));
    if (request.timeoutS > 0)
        parts << tr("rejected automatically after %n s", nullptr, request.timeoutS);
    m_ui->detailsLabel->setText(parts.join(QStringLiteral(" · ")));
}

void ReviewView::showConnectHelp()
{
    // How an agent reaches this inbox, ready to copy: the Python client, the socket's variable
    // for any other process, and the MCP server with this very binary's path.
    const QString socket = m_coordinator ? m_coordinator->socketPath() : QString();
    const QString help =
        tr("# Python (pip install kosa8-desk; clients/python):\n"
           "from kosa8_desk import DeskClient\n"
           "with DeskClient() as desk:\n"
           "    print(desk.review({\"question\": \"OK?\", \"code\": \"print(1)\"}, title=\"Hello\"))\n"
           "\n"
           "# Any process or client: where this app listens\n"
           "export KOSA8_DESK_SOCKET=%1\n"
           "\n"
           "# MCP clients (standard input and output):\n"
           "%2 mcp --agent my-agent")
            .arg(kosa8::shellQuote(socket), kosa8::shellQuote(QCoreApplication::applicationFilePath()));
    if (m_connectHelp->toPlainText() == help)
        return;
    m_connectHelp->setPlainText(help);
    // As wide as its longest line, so that nothing in it is cut while the window has the room.
    int widest = 0;
    for (const QString& line : help.split(QLatin1Char('\n')))
        widest = qMax(widest, m_connectHelp->fontMetrics().horizontalAdvance(line));
    const int margins = 2 * m_connectHelp->frameWidth() +
                        2 * int(m_connectHelp->document()->documentMargin()) +
                        m_connectHelp->fontMetrics().averageCharWidth() * 2;
    m_connectHelp->setMinimumWidth(
        qMin(widest + margins, m_connectHelp->fontMetrics().averageCharWidth() * 110));
}

void ReviewView::showAction(int index, SheetScroll scroll)
{
    if (!m_state.isValidAction(index))
        return;
    const bool changed = index != m_current;
    m_current = index;
    m_state.setCurrentAction(index);
    ActionCard* card = cardAt(index);
    for (int i = 0; i < m_cards.size(); ++i)
        m_cards.at(i)->setCurrent(i == index);

    m_loading = true;
    m_ui->rejectMessageEdit->setText(m_state.rejectReason(index));
    m_ui->respondEdit->setText(m_state.responseText(index));
    m_loading = false;
    // The reach panel and its line markers follow the current card.
    for (ReachLineMarker* marker : std::as_const(m_markers))
        marker->setLines({});
    m_reachMarker = m_markers.at(index);
    card->placeBelowCode(m_reach);
    updateReach();

    m_edit->setChecked(m_state.isEditing(index));
    updateRevealBar();
    if (changed) {
        if (scroll == SheetScroll::ToCurrent)
            scrollToCurrent();
        disarm(); // another action in view: what the next key approves changed
    } else {
        updateDecisionState();
    }
}

void ReviewView::updateRevealBar()
{
    agent::HiddenText::Report report;
    if (m_key && m_state.isValidAction(m_current)) {
        if (m_state.hasCode(m_current))
            report = codeEditor()->currentFindings();
        if (m_state.hasOtherArgs(m_current)) {
            const agent::HiddenText::Report& args = argsEditor()->currentFindings();
            for (int kind = 0; kind < int(report.counts.size()); ++kind)
                report.counts[kind] += args.counts[kind];
            report.findings += args.findings;
            report.truncated = report.truncated || args.truncated;
            report.longestLine = qMax(report.longestLine, args.longestLine);
        }
    }
    m_revealBar->setReport(report);
}

void ReviewView::updateDecisionState()
{
    const bool active = m_key != 0 && m_state.isValidAction(m_current);
    const bool edited = active && m_state.isEdited(m_current);
    const bool editing = active && m_state.isEditing(m_current);

    QString problem;
    agent::ActionDecision approval;
    const bool approvable = active && m_state.approvalFor(m_current, &approval, &problem);
    const QString runProblem = m_state.isRun() ? m_state.runProblem() : QString();
    // Nothing is approved, edited or bound to a rule before its code is all in view.
    const bool inView = active && !isLoading(m_current);

    m_approve->setEnabled(approvable && m_armed && inView && !m_trial->isRunning());
    const bool isRun = m_state.isRun();
    m_approve->setText(edited ? (isRun ? tr("&Approve edited and run") : tr("&Approve edited"))
                              : (isRun ? tr("&Approve and run") : tr("&Approve")));
    // A screen reader says what the button says: "Approve edited" too (it read "Approve"). Set
    // only on a change: each call tells the accessibility tree the name changed.
    if (const QString name = QString(m_approve->text()).remove(QLatin1Char('&'));
        m_ui->approveButton->accessibleName() != name)
        m_ui->approveButton->setAccessibleName(name);
    m_edit->setEnabled(active && m_state.allows(m_current, DecisionKind::Edit) && !isPartlyShown(m_current) &&
                       inView);
    m_revert->setEnabled(edited);
    m_ui->revertButton->setVisible(active && m_state.allows(m_current, DecisionKind::Edit));
    const bool canReject =
        m_key != 0 && (m_state.actionCount() == 0 || m_state.allows(m_current, DecisionKind::Reject));
    m_reject->setEnabled(canReject);
    m_rejectNow->setEnabled(canReject);
    m_ui->rejectMessageEdit->setEnabled(canReject);
    // A reason the payload shape cannot carry back (Agent Inbox "ignore", the plain "reject"
    // string) is not offered. The field is read-only rather than disabled so that the keyboard
    // path stays the same for every shape: R focuses it and Return rejects.
    const bool carriesReason = m_state.canCarryReason(m_current);
    m_ui->rejectMessageEdit->setReadOnly(!carriesReason);
    m_ui->rejectMessageEdit->setPlaceholderText(
        carriesReason ? tr("Reason for rejecting (optional); Enter rejects")
                      : tr("This agent's request format has no place for a reason; Enter rejects"));
    m_ui->rejectMessageEdit->setToolTip(
        carriesReason ? QString() : tr("The agent would not receive a reason, so none is asked for."));
    const bool canRespond = active && m_state.allows(m_current, DecisionKind::Respond);
    m_respond->setEnabled(canRespond);
    m_respondNow->setEnabled(canRespond && !m_state.responseText(m_current).trimmed().isEmpty());
    m_ui->respondEdit->setVisible(canRespond);
    m_ui->respondButton->setVisible(canRespond);

    for (int i = 0; i < m_state.actionCount(); ++i)
        updateCard(i);

    // Why approving is not possible, and what the edits will do, in words beside the code.
    QString note = active ? m_state.note(m_current) : QString();
    if (note.isEmpty() && edited && !editing)
        note = tr("Edit is off, and your edits are kept: they are what will be sent. \"Discard edits\" puts "
                  "the agent's original back.");
    if (active && !approvable && !problem.isEmpty() && problem != runProblem && !m_state.isEnded() &&
        (edited || !m_state.allows(m_current, DecisionKind::Approve)))
        note = note.isEmpty() ? problem : note + QLatin1Char('\n') + problem;
    m_ui->noteLabel->setText(note);
    m_ui->noteLabel->setVisible(!note.isEmpty());

    agent::PersonDecision ruleDecision;
    m_ruleApprove->setEnabled(active && !isLoadingAny() && m_state.approvalOfAll(&ruleDecision));
    m_ruleRejectAgent->setEnabled(m_key != 0);
    m_ui->rulesButton->setEnabled(m_key != 0);

    if (m_state.actionCount() > 1)
        m_ui->actionStateLabel->setText(
            tr("%1 of %2 decided").arg(m_state.decidedCount()).arg(m_state.actionCount()));

    // Its agent cannot be reached now (a LangGraph server that is away): read only until it can,
    // drafts kept; the note says why.
    const QString undecidable =
        m_key != 0 && !m_state.isEnded() && m_coordinator ? m_coordinator->whyUndecidable(m_key) : QString();
    if (!undecidable.isEmpty()) {
        note = note.isEmpty() ? undecidable : undecidable + QLatin1Char('\n') + note;
        m_ui->noteLabel->setText(note);
        m_ui->noteLabel->setVisible(true);
    }

    if (m_state.isEnded() || !undecidable.isEmpty()) {
        // Read-only: the request is shown as it was, and nothing on it can be decided (any more, or
        // for now).
        for (QAction* action : {m_approve, m_edit, m_revert, m_reject, m_rejectNow, m_respond, m_respondNow,
                                m_ruleApprove, m_ruleRejectAgent})
            action->setEnabled(false);
        m_ui->rejectMessageEdit->setEnabled(false);
        m_ui->respondEdit->setEnabled(false);
        m_ui->rulesButton->setEnabled(false);
    } else {
        m_ui->respondEdit->setEnabled(true);
    }
}

void ReviewView::showEnded(agent::RequestEnd end, const QString& decidedBy)
{
    if (!m_key || end == agent::RequestEnd::Pending)
        return;
    const bool focusInside = !QApplication::focusWidget() || isAncestorOf(QApplication::focusWidget());
    m_state.setEnded(end);
    m_state.undecideAll();
    m_endBanner->showEnd(end, m_state.request(), decidedBy);
    m_countdown->clear();
    m_ageTimer->stop();
    m_armTimer->stop();
    m_ui->armingLabel->hide();
    m_edit->setChecked(false);
    for (ActionCard* card : std::as_const(m_cards)) {
        card->codeEditor()->setEditable(false);
        card->argsEditor()->setEditable(false);
    }
    m_place->setReadOnly(true);
    updateTrial();
    // A request too long to show in full holds megabytes the ended view no longer needs: only
    // what is shown stays (the agent service returns the memory once every copy has gone).
    bool partlyShown = false;
    for (int i = 0; i < m_shownCards; ++i)
        partlyShown = partlyShown || m_cards.at(i)->isPartlyShown();
    if (partlyShown) {
        m_state.dropAgentTexts();
        for (ActionCard* card : std::as_const(m_cards)) {
            card->codeEditor()->dropTextNotShown();
            card->argsEditor()->dropTextNotShown();
        }
        m_reach->setInput(QString(), QString(), QString(), policy::EgressRules());
        agent::FreedMemory::returnSoon();
    }
    m_nextAfterEnd->setEnabled(true);
    setMessage({}, false);
    updateDecisionState();
    // Focus left in a field that is now disabled would go nowhere useful: Enter should leave.
    if (focusInside)
        m_endBanner->nextButton()->setFocus(Qt::OtherFocusReason);
}

RunPlacePanel* ReviewView::placePanel() const
{
    return m_place;
}

void ReviewView::toggleEdit()
{
    if (!m_key || !m_state.allows(m_current, DecisionKind::Edit) || isPartlyShown(m_current) ||
        isLoading(m_current)) {
        m_edit->setChecked(false);
        return;
    }
    // The action may be checkable-toggled already (button) or not (E key via the shortcut on a
    // checkable action toggles too); follow the action's state. Switching off keeps the edits.
    const bool editing = m_edit->isChecked();
    m_state.setEditing(m_current, editing);
    codeEditor()->setEditable(editing && m_state.hasCode(m_current));
    argsEditor()->setEditable(editing && !m_state.isRun());
    if (editing) {
        if (m_state.hasCode(m_current))
            codeEditor()->setFocus(Qt::ShortcutFocusReason);
        else
            argsEditor()->setFocus(Qt::ShortcutFocusReason);
    }
    updateDecisionState();
    if (editing)
        scrollToCurrent();
}

void ReviewView::revertEdits()
{
    if (!m_key || !m_state.isValidAction(m_current))
        return;
    m_state.revert(m_current);
    const int index = m_current;
    loadCard(index);
    m_current = -1; // show it afresh, and disarm: the code in view changed
    showAction(index);
}

void ReviewView::approve()
{
    approveFor(m_key);
}

bool ReviewView::approveFor(quint64 key)
{
    if (!key || key != m_key || !m_state.isValidAction(m_current))
        return false;
    if (!m_armed) {
        setMessage(
            tr("Not approved: this request has only just come into view. %1.").arg(m_ui->armingLabel->text()),
            true);
        return false;
    }
    if (isLoading(m_current)) {
        // The arming delay can be 0 and a key can come in the same turn as the request: what is
        // approved must have been all on screen (CodeEditor::setLoadsInPieces()).
        setMessage(
            tr("Not approved: the code is still being put on screen. Approve once all of it is shown."),
            true);
        return false;
    }
    if (m_trial->isRunning()) {
        setMessage(
            tr("Not approved: a trial of this code is running. Approve once it has ended, or stop it."),
            true);
        return false;
    }
    if (!m_approve->isEnabled()) {
        QString problem;
        agent::ActionDecision unused;
        if (!m_state.approvalFor(m_current, &unused, &problem))
            setMessage(problem, true);
        return false;
    }
    if (isPartlyShown(m_current) && !confirmPartlyShownApproval())
        return false;
    recordDecision(m_state.isEdited(m_current) ? DecisionKind::Edit : DecisionKind::Approve);
    return true;
}

bool ReviewView::isLoading(int index) const
{
    // A sheet waiting for its turn to be put in view (RevealSeparately) is not on screen yet.
    return m_state.isValidAction(index) && index < m_shownCards &&
           (isRevealPending() || m_cards.at(index)->isLoading());
}

bool ReviewView::isLoadingAny() const
{
    if (isRevealPending())
        return true;
    for (int i = 0; i < m_shownCards && i < m_cards.size(); ++i) {
        if (m_cards.at(i)->isLoading())
            return true;
    }
    return false;
}

bool ReviewView::isPartlyShown(int index) const
{
    return m_state.isValidAction(index) && index < m_shownCards && m_cards.at(index)->isPartlyShown();
}

bool ReviewView::confirmPartlyShownApproval()
{
    const ActionCard* card = currentCard();
    QStringList notShown;
    for (const QLabel* note : {card->codeNotShownLabel(), card->argsNotShownLabel()}) {
        if (!note->isHidden())
            notShown.append(note->text());
    }
    MessageBox::Question question;
    question.objectName = QStringLiteral("partlyShownApproval");
    question.title = tr("Approve what you have not all seen?");
    question.text =
        tr("This action is too long to show in full. %1\n\nApproving approves all of it, the part "
           "not shown included.")
            .arg(notShown.join(QLatin1Char(' ')));
    question.acceptText = tr("Approve all of it");
    const quint64 key = m_key;
    const bool accepted = MessageBox::ask(this, question) == MessageBox::Answer::Accept;
    // The box waits in an event loop: the request may have left, or another come into view.
    if (!accepted || key != m_key || !m_state.isValidAction(m_current)) {
        setMessage(tr("Not approved."), false);
        return false;
    }
    return true;
}

void ReviewView::startReject()
{
    if (!m_reject->isEnabled())
        return;
    m_ui->rejectMessageEdit->setFocus(Qt::ShortcutFocusReason);
    m_ui->rejectMessageEdit->selectAll();
}

void ReviewView::rejectNow()
{
    if (!m_key || !m_rejectNow->isEnabled())
        return;
    if (m_state.actionCount() == 0) {
        // No actions at all: answer the whole request as rejected.
        agent::ActionDecision decision;
        decision.kind = DecisionKind::Reject;
        if (!m_ui->rejectMessageEdit->isReadOnly())
            decision.message = m_ui->rejectMessageEdit->text().trimmed();
        agent::PersonDecision whole;
        whole.actions.append(decision);
        QString error;
        const quint64 key = m_key;
        const QString sent = agent::sentConfirmation(m_state.request().agent, whole);
        if (!m_coordinator || !m_coordinator->decide(key, whole, &error)) {
            setMessage(error.isEmpty() ? tr("Nothing was sent: the agent service has stopped.") : error,
                       true);
        } else {
            Q_EMIT decided(key);
            Q_EMIT decisionSent(key, sent);
        }
        return;
    }
    m_state.setRejectReason(m_current, m_ui->rejectMessageEdit->text());
    recordDecision(DecisionKind::Reject);
}

void ReviewView::startRespond()
{
    if (!m_respond->isEnabled())
        return;
    m_ui->respondEdit->setFocus(Qt::ShortcutFocusReason);
    m_ui->respondEdit->selectAll();
}

void ReviewView::respondNow()
{
    if (!m_key || !m_state.allows(m_current, DecisionKind::Respond))
        return;
    m_state.setResponseText(m_current, m_ui->respondEdit->text());
    if (m_state.responseText(m_current).trimmed().isEmpty()) {
        setMessage(tr("Type the response to send to the agent first."), true);
        m_ui->respondEdit->setFocus(Qt::OtherFocusReason);
        return;
    }
    recordDecision(DecisionKind::Respond);
}

void ReviewView::recordDecision(DecisionKind kind)
{
    QString problem;
    bool recorded = false;
    switch (kind) {
    case DecisionKind::Approve:
    case DecisionKind::Edit:
        recorded = m_state.approve(m_current, &problem);
        break;
    case DecisionKind::Reject:
        recorded = m_state.reject(m_current, &problem);
        break;
    case DecisionKind::Respond:
        recorded = m_state.respond(m_current, &problem);
        break;
    }
    if (!recorded) {
        setMessage(problem, true);
        return;
    }
    const int decidedIndex = m_current;
    setMessage({}, false);
    const int next = m_state.nextUndecided(decidedIndex);
    if (next >= 0) {
        showAction(next);
        setMessage(tr("Action %1: %2. Now decide action %3 of %4.")
                       .arg(decidedIndex + 1)
                       .arg(agent::decisionName(m_state.decidedKind(decidedIndex)))
                       .arg(next + 1)
                       .arg(m_state.actionCount()),
                   false);
        Q_EMIT actionDecided(m_key, decidedIndex);
        return;
    }
    submit();
}

void ReviewView::submit()
{
    const quint64 key = m_state.key();
    if (!m_coordinator) {
        setMessage(tr("Nothing was sent: the agent service has stopped."), true);
        return;
    }
    agent::PersonDecision whole;
    QString problem;
    // What is sent is built here, from the state as shown now, and for the request shown now.
    if (key != m_key || !m_state.decisionToSend(&whole, &problem)) {
        m_state.undecideAll();
        setMessage(problem.isEmpty() ? tr("Nothing was sent: the request in view changed.") : problem, true);
        updateDecisionState();
        return;
    }
    QString error;
    // Taken before decide(): the request leaves the inbox then, and the view moves on.
    const QString sent = agent::sentConfirmation(m_state.request().agent, whole);
    if (!m_coordinator->decide(key, whole, &error)) {
        // Nothing was sent: let the person decide again.
        m_state.undecideAll();
        setMessage(error.isEmpty() ? tr("The decision could not be applied.") : error, true);
        updateDecisionState();
        return;
    }
    Q_EMIT decided(key);
    Q_EMIT decisionSent(key, sent);
}

void ReviewView::fillSandboxes()
{
    // What the list says decides whether the run can be approved (ReviewState::runProblem).
    m_state.setRunPlaceFacts(m_place->facts());
    if (!m_state.isRun())
        return;
    updateEgress();
    updateRunBox();
    updateDecisionState();
}

void ReviewView::updateEgress()
{
    updateReach(); // the verdicts follow the chosen sandbox and its policy
}

void ReviewView::updateReach()
{
    const bool hasCode = m_state.isValidAction(m_current) && m_state.hasCode(m_current);
    m_reach->setVisible(hasCode);
    if (!hasCode) {
        m_reachMarker->setLines({});
        return;
    }
    const QString name = m_state.runSandbox();
    const kosa8::Sandbox* sandbox = m_sandboxes ? m_sandboxes->find(name) : nullptr;
    const QString code = m_state.code(m_current);
    const QString language = m_state.codeLanguage(m_current);
    const agent::PreparedText* prepared = m_state.preparedCode(m_current);
    m_reach->setInput(code, language, sandbox ? name : QString(),
                      sandbox ? policy::EgressRules::fromKosa8(sandbox->egress) : policy::EgressRules(),
                      prepared ? prepared->reachFor(code, language) : nullptr);
    QStringList reasons;
    const QList<int> lines = m_reach->attentionLines();
    for (int line : lines) {
        QStringList why;
        const QStringList verdicts = m_reach->verdicts();
        for (int i = 0; i < m_reach->findings().size(); ++i) {
            const policy::ReachFinding& finding = m_reach->findings().at(i);
            if (finding.line == line)
                why << (finding.kind == policy::ReachFinding::Kind::Risk
                            ? finding.detail
                            : tr("%1: %2").arg(finding.destination(), verdicts.at(i)));
        }
        reasons << why.join(QLatin1Char('\n'));
    }
    m_reachMarker->setLines(lines, reasons);
}

void ReviewView::updateRunBox()
{
    // The person's picks stay as typed: the panel only re-reads the state (no signals back).
    m_place->showState(m_state);
    updateTrial();
}

void ReviewView::setMessage(const QString& text, bool isError)
{
    m_ui->messageLabel->setText(text);
    m_ui->messageLabel->setVisible(!text.isEmpty());
    style::setForegroundTone(m_ui->messageLabel, isError ? style::Tone::Error : style::Tone::None);
}

MessageBox::Answer ReviewView::ask(const QString& title, const QString& text, const QString& extraText,
                                   bool* serverOnly)
{
    // Agent text goes into this box (names, code facts): MessageBox shows it as plain text.
    MessageBox::Question question;
    question.objectName = QStringLiteral("ruleConfirmation");
    question.title = title;
    question.text = text;
    question.extraText = extraText;
    const QString server = m_state.request().origin.server;
    if (serverOnly && !server.isEmpty()) {
        // The URL is the one --langgraph was given, and the rule keeps it (Rule::server).
        QString shown = server;
        shown.replace(QLatin1Char('&'), QStringLiteral("&&"));
        question.checkText = tr("&Only for requests from the LangGraph server %1").arg(shown);
        question.checkAccessibleName =
            tr("Limit the rule to requests from the LangGraph server %1").arg(server);
        // Checked by default: the person judged this request as one from this server, and the
        // narrower rule is the one that asks again where that judgement may not hold (the same
        // action from another server, or over the socket, where any program of this user can
        // send it). Unchecking is a deliberate choice to trust the action from everywhere.
        question.checked = true;
    }
    bool checked = false;
    const MessageBox::Answer answer = MessageBox::ask(this, question, &checked);
    if (serverOnly)
        *serverOnly = !question.checkText.isEmpty() && checked;
    return answer;
}

bool ReviewView::confirm(const QString& title, const QString& text, bool* serverOnly)
{
    return ask(title, text, {}, serverOnly) == MessageBox::Answer::Accept;
}

void ReviewView::saveApproveRule()
{
    if (!m_key)
        return;
    const quint64 key = m_key;
    agent::PersonDecision decision;
    QString problem;
    // The rule binds what the person would approve now: the edited action where they edited it,
    // never the agent's original as well.
    if (!m_state.approvalOfAll(&decision, &problem)) {
        setMessage(tr("No rule was saved: %1").arg(problem), true);
        return;
    }
    if (isLoadingAny()) {
        setMessage(tr("No rule was saved: the code is still being put on screen."), true);
        return;
    }
    const QString text =
        tr("Save a standing rule that approves, without asking you, any request from any agent that holds "
           "%1\n\nIt binds the whole action, not only its code: a single changed character, argument, "
           "sandbox, image or checkpoint makes it ask you again. This request still waits for your "
           "decision.")
            .arg(m_state.ruleScopeText());
    // "Open rules…" shows what is already approved and rejected by itself, and saves nothing.
    // The server is read before the box opens: the request in view may change while it is open.
    const QString server = m_state.request().origin.server;
    bool serverOnly = false;
    const MessageBox::Answer answer =
        ask(tr("Always approve this action?"), text, tr("Open &rules…"), &serverOnly);
    if (answer == MessageBox::Answer::Extra) {
        Q_EMIT rulesEditorRequested();
        return;
    }
    if (answer != MessageBox::Answer::Accept)
        return;
    if (key != m_key) {
        setMessage(tr("No rule was saved: the request in view changed."), true);
        return;
    }
    QString error;
    if (m_coordinator &&
        m_coordinator->addApproveActionRule(key, decision, &error, serverOnly ? server : QString()))
        setMessage(serverOnly ? tr("Saved: this action, exactly as shown, is approved from now on when it "
                                   "comes from the LangGraph server %1.")
                                    .arg(server)
                              : tr("Saved: this action, exactly as shown, is approved from now on."),
                   false);
    else
        setMessage(tr("The rule was not saved: %1").arg(error), true);
}

void ReviewView::saveRejectAgentRule()
{
    if (!m_key)
        return;
    const QString agentName = m_state.request().agent;
    const QString server = m_state.request().origin.server;
    bool serverOnly = false;
    if (!confirm(
            tr("Always reject this agent?"),
            tr("Save a standing rule that rejects every request from the agent \"%1\" without asking you? "
               "This request still waits for your decision.")
                .arg(agentName),
            &serverOnly))
        return;
    QString error;
    if (m_coordinator &&
        m_coordinator->addRejectAgentRule(agentName, &error, serverOnly ? server : QString()))
        setMessage(serverOnly ? tr("Saved: requests from \"%1\" on the LangGraph server %2 are rejected from "
                                   "now on.")
                                    .arg(agentName, server)
                              : tr("Saved: requests from \"%1\" are rejected from now on.").arg(agentName),
                   false);
    else
        setMessage(tr("The rule was not saved: %1").arg(error), true);
}

} // namespace k8::app
