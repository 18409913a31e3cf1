#include "inbox/ReviewView.h"

#include "ui_ReviewView.h"

#include "agent/InboxModel.h"
#include "agent/ReviewCoordinator.h"
#include "editor/CodeEditor.h"
#include "editor/DiffView.h"
#include "kosa8/Names.h"
#include "kosa8/SandboxListModel.h"

#include <QAction>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QMenu>
#include <QMessageBox>
#include <QShortcut>
#include <QTimer>

#include <optional>

namespace k8::app {

using agent::DecisionKind;

namespace {

QString formatJson(const QJsonValue& value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented)).trimmed();
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)).trimmed();
    if (value.isUndefined())
        return {};
    // A scalar: serialise it inside an array and drop the brackets.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

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

// An action whose shortcut works anywhere inside the inbox page, with the shortcut in its tooltip.
QAction* makeAction(QWidget* owner, const QString& text, const QString& what, const QList<QKeySequence>& keys)
{
    auto* action = new QAction(text, owner);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    action->setToolTip(keys.isEmpty() ? what : ReviewView::tr("%1 (%2)").arg(what, shortcutText(keys)));
    owner->addAction(action);
    return action;
}

} // namespace

ReviewView::ReviewView(agent::ReviewCoordinator* coordinator, QWidget* parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::ReviewView>())
    , m_coordinator(coordinator)
    , m_ageTimer(new QTimer(this))
{
    m_ui->setupUi(this);
    m_ui->argsEditor->setLanguage(QStringLiteral("json"));
    m_ui->codeEditor->setEditable(false);
    m_ui->argsEditor->setEditable(false);
    m_ui->codeSplitter->setStretchFactor(0, 3);
    m_ui->codeSplitter->setStretchFactor(1, 2);
    m_ui->contentSplitter->setStretchFactor(0, 3);
    m_ui->contentSplitter->setStretchFactor(1, 1);
    QFont titleFont = m_ui->titleLabel->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_ui->titleLabel->setFont(titleFont);

    // Approving needs a modifier (Ctrl, which Qt maps to Cmd on macOS) so that a stray key never
    // approves; the other decisions also have single keys, which only act where no text is typed.
    m_approve = makeAction(this, tr("&Approve"), tr("Approve"),
                           {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    m_edit = makeAction(this, tr("&Edit"), tr("Edit the code before approving"),
                        {QKeySequence(Qt::CTRL | Qt::Key_E), QKeySequence(Qt::Key_E)});
    m_edit->setCheckable(true);
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
    m_ui->rejectButton->setDefaultAction(m_rejectNow);
    m_ui->respondButton->setDefaultAction(m_respondNow);
    // setDefaultAction copies the action's text into the accessible name's place; keep ours.
    m_ui->approveButton->setAccessibleName(tr("Approve"));
    m_ui->editButton->setAccessibleName(tr("Edit"));
    m_ui->rejectButton->setAccessibleName(tr("Reject"));
    m_ui->respondButton->setAccessibleName(tr("Respond"));
    // The approve button is the one the eye looks for.
    QFont approveFont = m_ui->approveButton->font();
    approveFont.setBold(true);
    m_ui->approveButton->setFont(approveFont);

    auto* rulesMenu = new QMenu(m_ui->rulesButton);
    m_ruleApproveCode = rulesMenu->addAction(tr("Always approve this exact code…"));
    m_ruleRejectAgent = rulesMenu->addAction(tr("Always reject this agent…"));
    m_ui->rulesButton->setMenu(rulesMenu);

    connect(m_approve, &QAction::triggered, this, &ReviewView::approve);
    connect(m_edit, &QAction::triggered, this, &ReviewView::toggleEdit);
    connect(m_reject, &QAction::triggered, this, &ReviewView::startReject);
    connect(m_rejectNow, &QAction::triggered, this, &ReviewView::rejectNow);
    connect(m_respond, &QAction::triggered, this, &ReviewView::startRespond);
    connect(m_respondNow, &QAction::triggered, this, &ReviewView::respondNow);
    connect(m_ruleApproveCode, &QAction::triggered, this, &ReviewView::saveApproveCodeRule);
    connect(m_ruleRejectAgent, &QAction::triggered, this, &ReviewView::saveRejectAgentRule);
    connect(m_ui->rejectMessageEdit, &QLineEdit::returnPressed, this, &ReviewView::rejectNow);
    connect(m_ui->respondEdit, &QLineEdit::returnPressed, this, &ReviewView::respondNow);
    connect(m_ui->respondEdit, &QLineEdit::textChanged, this, [this] { updateDecisionState(); });
    // Escape in a message field goes back to the code without deciding anything.
    for (QLineEdit* field : {m_ui->rejectMessageEdit, m_ui->respondEdit}) {
        auto* escape =
            new QShortcut(QKeySequence(Qt::Key_Escape), field, nullptr, nullptr, Qt::WidgetShortcut);
        connect(escape, &QShortcut::activated, this, [this] {
            QWidget* target = m_ui->codeEditor->isVisible() ? static_cast<QWidget*>(m_ui->codeEditor)
                                                            : static_cast<QWidget*>(m_ui->argsEditor);
            target->setFocus(Qt::ShortcutFocusReason);
        });
    }

    connect(m_ui->actionCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_loading && index >= 0)
            showAction(index);
    });
    connect(m_ui->codeEditor, &QPlainTextEdit::textChanged, this, [this] {
        if (m_loading)
            return;
        m_ui->diffView->setEdited(m_ui->codeEditor->toPlainText());
        updateDecisionState();
    });
    connect(m_ui->argsEditor, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_loading)
            updateDecisionState();
    });
    connect(m_ui->sandboxCombo, &QComboBox::currentTextChanged, this, [this] {
        updateEgress();
        updateDecisionState();
    });
    connect(m_ui->imageEdit, &QLineEdit::textChanged, this, [this] { updateDecisionState(); });

    if (coordinator) {
        connect(coordinator, &agent::ReviewCoordinator::requestRemoved, this,
                [this](quint64 key) { m_drafts.remove(key); });
        connect(coordinator, &QObject::destroyed, this, [this] { m_drafts.clear(); });
    }

    m_ageTimer->setInterval(15000);
    connect(m_ageTimer, &QTimer::timeout, this, &ReviewView::updateDetails);

    showRequest(0);
}

ReviewView::~ReviewView()
{
    // Children outlive m_ui by a moment (QWidget deletes them after this body); make sure none
    // of their signals reaches a slot that uses m_ui then.
    for (QObject* child : findChildren<QObject*>())
        child->disconnect(this);
}

QList<QAction*> ReviewView::decisionActions() const
{
    return {m_approve, m_edit, m_reject, m_respond};
}

CodeEditor* ReviewView::codeEditor() const
{
    return m_ui->codeEditor;
}
CodeEditor* ReviewView::argsEditor() const
{
    return m_ui->argsEditor;
}
DiffView* ReviewView::diffView() const
{
    return m_ui->diffView;
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
    return m_ui->imageEdit;
}

QString ReviewView::messageText() const
{
    return m_ui->messageLabel->isHidden() ? QString() : m_ui->messageLabel->text();
}

void ReviewView::setSandboxModel(kosa8::SandboxListModel* model)
{
    if (m_sandboxes)
        m_sandboxes->disconnect(this);
    m_sandboxes = model;
    if (model) {
        connect(model, &QAbstractItemModel::modelReset, this, &ReviewView::fillSandboxes);
        connect(model, &QAbstractItemModel::rowsInserted, this, &ReviewView::fillSandboxes);
        connect(model, &QAbstractItemModel::dataChanged, this, &ReviewView::updateEgress);
    }
    fillSandboxes();
}

void ReviewView::showRequest(quint64 key)
{
    const agent::Request* request = key && m_coordinator ? m_coordinator->request(key) : nullptr;
    if (request && key == m_key)
        return;
    saveDraft();
    m_key = request ? key : 0;
    const std::optional<Draft> draft =
        request && m_drafts.contains(key) ? std::optional<Draft>(m_drafts.value(key)) : std::nullopt;
    m_states.clear();
    m_current = -1;
    m_editing = false;
    m_edit->setChecked(draft && draft->editing);
    setMessage({}, false);
    m_ui->rejectMessageEdit->setText(draft ? draft->rejectMessage : QString());
    m_ui->respondEdit->setText(draft ? draft->respondText : QString());

    if (!request) {
        m_request = {};
        m_ageTimer->stop();
        m_ui->stack->setCurrentWidget(m_ui->emptyPage);
        updateDecisionState();
        return;
    }
    m_request = *request;
    for (const agent::ReviewAction& action : std::as_const(m_request.actions)) {
        ActionState state;
        state.editedCode = action.code;
        QJsonObject args = action.args;
        if (!action.codeField.isEmpty())
            args.remove(action.codeField);
        state.editedArgsText = formatJson(args);
        m_states.append(state);
    }
    if (draft && draft->states.size() == m_request.actions.size())
        m_states = draft->states;

    m_loading = true;
    m_ui->actionCombo->clear();
    for (int i = 0; i < m_request.actions.size(); ++i) {
        const QString name = m_request.actions.at(i).name;
        m_ui->actionCombo->addItem(tr("%1 of %2: %3")
                                       .arg(i + 1)
                                       .arg(m_request.actions.size())
                                       .arg(name.isEmpty() ? tr("request") : name));
    }
    m_loading = false;
    const bool several = m_request.actions.size() > 1;
    m_ui->actionLabel->setVisible(several);
    m_ui->actionCombo->setVisible(several);
    m_ui->actionStateLabel->setVisible(several);

    const bool isRun = m_request.method == u"run";
    m_ui->runBox->setVisible(isRun);
    if (isRun) {
        m_ui->sandboxCombo->clear();
        m_ui->sandboxCombo->setEditText(draft ? draft->sandbox : QString());
        fillSandboxes();
        m_ui->imageEdit->setText(draft ? draft->image : m_request.run.image);
    }
    m_ui->stack->setCurrentWidget(m_ui->reviewPage);
    updateDetails();
    m_ageTimer->start();

    if (m_request.actions.isEmpty()) {
        // Nothing to decide on is unexpected: offer only a rejection (fail closed).
        m_ui->codeEditor->clear();
        m_ui->argsEditor->setPlainText(formatJson(m_request.payload));
        setMessage(tr("This request holds no action that can be approved."), true);
        updateDecisionState();
        return;
    }
    showAction(draft ? qBound(0, draft->current, int(m_request.actions.size()) - 1) : 0);
}

void ReviewView::saveDraft()
{
    // Only while the request still waits: a decided or withdrawn one has nothing left to keep.
    const agent::InboxModel* inbox = m_coordinator ? m_coordinator->inbox() : nullptr;
    if (!m_key || !inbox || inbox->rowOf(m_key) < 0)
        return;
    storeCurrentEdits();
    Draft draft;
    draft.states = m_states;
    draft.current = qMax(0, m_current);
    draft.editing = m_editing;
    draft.rejectMessage = m_ui->rejectMessageEdit->text();
    draft.respondText = m_ui->respondEdit->text();
    draft.sandbox = m_ui->sandboxCombo->currentText();
    draft.image = m_ui->imageEdit->text();
    m_drafts.insert(m_key, draft);
}

void ReviewView::updateDetails()
{
    if (!m_key)
        return;
    m_ui->titleLabel->setText(m_request.title.isEmpty() ? tr("(untitled request)") : m_request.title);
    QStringList parts;
    parts << tr("From %1").arg(m_request.agent);
    parts << (m_request.method == u"run" ? tr("run %1 code").arg(m_request.run.language) : tr("review"));
    if (m_request.method != u"run")
        parts << tr("shape: %1").arg(agent::shapeName(m_request.shape));
    if (!m_request.threadId.isEmpty())
        parts << tr("thread %1").arg(m_request.threadId);
    parts << tr("received %1 (%2)")
                 .arg(QLocale().toString(m_request.receivedAt.toLocalTime().time(), QLocale::ShortFormat),
                      ageText(m_request.receivedAt));
    if (m_request.timeoutS > 0)
        parts << tr("rejected automatically after %n s", nullptr, m_request.timeoutS);
    if (m_request.method == u"run" && m_request.run.checkpoint)
        parts << tr("checkpoint \"%1\" first").arg(m_request.run.checkpointLabel);
    m_ui->detailsLabel->setText(parts.join(QStringLiteral(" · ")));
}

void ReviewView::storeCurrentEdits()
{
    if (m_current < 0 || m_current >= m_states.size())
        return;
    m_states[m_current].editedCode = m_ui->codeEditor->toPlainText();
    m_states[m_current].editedArgsText = m_ui->argsEditor->toPlainText();
}

void ReviewView::showAction(int index)
{
    if (index < 0 || index >= m_request.actions.size())
        return;
    if (index != m_current)
        storeCurrentEdits();
    m_current = index;
    const agent::ReviewAction& action = m_request.actions.at(index);
    const ActionState& state = m_states.at(index);
    const bool isRun = m_request.method == u"run";

    m_loading = true;
    m_ui->actionCombo->setCurrentIndex(index);
    const bool hasCode = currentHasCode();
    QString language = QStringLiteral("python");
    if (isRun)
        language = m_request.run.language;
    else if (action.args.value(QLatin1String("language")).isString())
        language = action.args.value(QLatin1String("language")).toString().toLower();
    else if (action.codeField == u"command")
        language = QStringLiteral("bash");
    m_ui->codeEditor->setLanguage(language);
    m_ui->codeEditor->setPlainText(state.editedCode);
    m_ui->codeEditor->setVisible(hasCode);
    m_ui->diffView->setTexts(action.code, state.editedCode);

    QString argsText = state.editedArgsText;
    if (m_request.shape == agent::PayloadShape::Generic && !m_request.payload.isObject())
        argsText = formatJson(m_request.payload);
    m_ui->argsEditor->setPlainText(argsText);
    // A run's args are its code and language, both shown elsewhere.
    m_ui->argsPanel->setVisible(!isRun && !argsText.trimmed().isEmpty() && argsText != u"{\n}");
    m_ui->argsLabel->setText(hasCode ? tr("Other arguments:") : tr("Arguments:"));
    m_loading = false;

    m_ui->descriptionLabel->setText(action.description);
    m_ui->descriptionLabel->setVisible(!action.description.isEmpty());

    m_editing = m_edit->isChecked() && currentAllows(DecisionKind::Edit);
    m_edit->setChecked(m_editing);
    m_ui->codeEditor->setEditable(m_editing);
    m_ui->argsEditor->setEditable(m_editing && !isRun);
    updateDecisionState();
}

bool ReviewView::currentAllows(DecisionKind kind) const
{
    if (m_current < 0 || m_current >= m_request.actions.size())
        return false;
    return m_request.actions.at(m_current).allowed.contains(kind);
}

bool ReviewView::currentHasCode() const
{
    if (m_current < 0 || m_current >= m_request.actions.size())
        return false;
    return m_request.method == u"run" || !m_request.actions.at(m_current).codeField.isEmpty();
}

QJsonObject ReviewView::originalArgsWithoutCode(int index) const
{
    const agent::ReviewAction& action = m_request.actions.at(index);
    QJsonObject args = action.args;
    if (!action.codeField.isEmpty())
        args.remove(action.codeField);
    return args;
}

bool ReviewView::currentIsEdited() const
{
    if (m_current < 0 || m_current >= m_request.actions.size())
        return false;
    const agent::ReviewAction& action = m_request.actions.at(m_current);
    if (currentHasCode() && m_ui->codeEditor->toPlainText() != action.code)
        return true;
    if (m_request.method == u"run" || !m_ui->argsEditor->isEditable())
        return false;
    const QJsonDocument parsed = QJsonDocument::fromJson(m_ui->argsEditor->toPlainText().toUtf8());
    return !parsed.isObject() || parsed.object() != originalArgsWithoutCode(m_current);
}

QString ReviewView::runProblem() const
{
    if (m_request.method != u"run")
        return {};
    const QString sandbox = m_ui->sandboxCombo->currentText().trimmed();
    if (sandbox.isEmpty())
        return tr("Choose a sandbox to run in.");
    QString problem = kosa8::Names::checkSandbox(sandbox);
    if (!problem.isEmpty())
        return problem;
    const QString image = m_ui->imageEdit->text().trimmed();
    if (!image.isEmpty()) {
        problem = kosa8::Names::checkImage(image);
        if (!problem.isEmpty())
            return problem;
    }
    return {};
}

void ReviewView::updateDecisionState()
{
    const bool active = m_key != 0 && m_current >= 0;
    const bool edited = active && currentIsEdited();
    const QString problem = active ? runProblem() : QString();
    m_ui->runProblemLabel->setText(problem);
    m_ui->runProblemLabel->setVisible(!problem.isEmpty());

    const bool canApprove =
        active && problem.isEmpty() &&
        (edited ? currentAllows(DecisionKind::Edit) : currentAllows(DecisionKind::Approve));
    m_approve->setEnabled(canApprove);
    const bool isRun = m_request.method == u"run";
    m_approve->setText(edited ? (isRun ? tr("&Approve edited and run") : tr("&Approve edited"))
                              : (isRun ? tr("&Approve and run") : tr("&Approve")));
    m_edit->setEnabled(active && currentAllows(DecisionKind::Edit));
    const bool canReject = m_key != 0 && (m_current < 0 || currentAllows(DecisionKind::Reject));
    m_reject->setEnabled(canReject);
    m_rejectNow->setEnabled(canReject);
    m_ui->rejectMessageEdit->setEnabled(canReject);
    const bool canRespond = active && currentAllows(DecisionKind::Respond);
    m_respond->setEnabled(canRespond);
    m_respondNow->setEnabled(canRespond && !m_ui->respondEdit->text().trimmed().isEmpty());
    m_ui->respondEdit->setVisible(canRespond);
    m_ui->respondButton->setVisible(canRespond);

    const bool showDiff = active && currentHasCode() && (m_editing || edited);
    m_ui->diffView->setVisible(showDiff);

    const bool hasCode = active && currentHasCode();
    m_ruleApproveCode->setEnabled(hasCode && currentAllows(DecisionKind::Approve));
    m_ruleRejectAgent->setEnabled(m_key != 0);
    m_ui->rulesButton->setEnabled(m_key != 0);

    if (m_states.size() > 1) {
        int done = 0;
        for (const ActionState& state : std::as_const(m_states))
            done += state.decided ? 1 : 0;
        m_ui->actionStateLabel->setText(tr("%1 of %2 decided").arg(done).arg(m_states.size()));
    }
}

void ReviewView::toggleEdit()
{
    if (!m_key || !currentAllows(DecisionKind::Edit)) {
        m_edit->setChecked(false);
        return;
    }
    // The action may be checkable-toggled already (button) or not (E key via the shortcut on a
    // checkable action toggles too); follow the action's state.
    m_editing = m_edit->isChecked();
    m_ui->codeEditor->setEditable(m_editing);
    m_ui->argsEditor->setEditable(m_editing && m_request.method != u"run");
    if (m_editing) {
        if (currentHasCode())
            m_ui->codeEditor->setFocus(Qt::ShortcutFocusReason);
        else
            m_ui->argsEditor->setFocus(Qt::ShortcutFocusReason);
    }
    updateDecisionState();
}

void ReviewView::approve()
{
    if (!m_key || m_current < 0 || !m_approve->isEnabled())
        return;
    const QString problem = runProblem();
    if (!problem.isEmpty()) {
        setMessage(problem, true);
        return;
    }
    const agent::ReviewAction& action = m_request.actions.at(m_current);
    agent::ActionDecision decision;
    if (currentIsEdited()) {
        if (!currentAllows(DecisionKind::Edit))
            return;
        QJsonObject args;
        if (m_request.method == u"run") {
            args.insert(QLatin1String("code"), m_ui->codeEditor->toPlainText());
        } else {
            QJsonParseError parseError{};
            const QString text = m_ui->argsEditor->toPlainText().trimmed();
            const QJsonDocument parsed = text.isEmpty() ? QJsonDocument(QJsonObject())
                                                        : QJsonDocument::fromJson(text.toUtf8(), &parseError);
            if (!parsed.isObject()) {
                setMessage(
                    parseError.error != QJsonParseError::NoError
                        ? tr("The arguments are not valid JSON (%1 at character %2); nothing was sent.")
                              .arg(parseError.errorString())
                              .arg(parseError.offset)
                        : tr("The arguments must be a JSON object; nothing was sent."),
                    true);
                return;
            }
            args = parsed.object();
            if (!action.codeField.isEmpty())
                args.insert(action.codeField, m_ui->codeEditor->toPlainText());
        }
        decision.kind = DecisionKind::Edit;
        decision.editedArgs = args;
    } else {
        decision.kind = DecisionKind::Approve;
    }
    recordDecision(decision);
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
    agent::ActionDecision decision;
    decision.kind = DecisionKind::Reject;
    decision.message = m_ui->rejectMessageEdit->text().trimmed();
    if (m_current < 0) {
        // No actions at all: answer the whole request as rejected.
        agent::PersonDecision whole;
        whole.actions.append(decision);
        QString error;
        const quint64 key = m_key;
        if (!m_coordinator || !m_coordinator->decide(key, whole, &error))
            setMessage(error.isEmpty() ? tr("Nothing was sent: the agent service has stopped.") : error,
                       true);
        else
            Q_EMIT decided(key);
        return;
    }
    m_ui->rejectMessageEdit->clear();
    recordDecision(decision);
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
    if (!m_key || !currentAllows(DecisionKind::Respond))
        return;
    const QString text = m_ui->respondEdit->text().trimmed();
    if (text.isEmpty()) {
        setMessage(tr("Type the response to send to the agent first."), true);
        m_ui->respondEdit->setFocus(Qt::OtherFocusReason);
        return;
    }
    agent::ActionDecision decision;
    decision.kind = DecisionKind::Respond;
    decision.message = text;
    m_ui->respondEdit->clear();
    recordDecision(decision);
}

void ReviewView::recordDecision(const agent::ActionDecision& decision)
{
    storeCurrentEdits();
    const int decidedIndex = m_current;
    m_states[decidedIndex].decided = true;
    m_states[decidedIndex].decision = decision;
    setMessage({}, false);
    for (int step = 1; step <= m_states.size(); ++step) {
        const int next = (decidedIndex + step) % int(m_states.size());
        if (!m_states.at(next).decided) {
            showAction(next);
            setMessage(tr("Action %1: %2. Now decide action %3 of %4.")
                           .arg(decidedIndex + 1)
                           .arg(agent::decisionName(decision.kind))
                           .arg(next + 1)
                           .arg(m_states.size()),
                       false);
            return;
        }
    }
    submit();
}

void ReviewView::submit()
{
    agent::PersonDecision whole;
    for (const ActionState& state : std::as_const(m_states))
        whole.actions.append(state.decision);
    if (m_request.method == u"run") {
        const QString sandbox = m_ui->sandboxCombo->currentText().trimmed();
        const QString image = m_ui->imageEdit->text().trimmed();
        if (sandbox != m_request.run.sandbox)
            whole.runSandbox = sandbox;
        if (image != m_request.run.image)
            whole.runImage = image;
    }
    const quint64 key = m_key;
    QString error;
    if (!m_coordinator) {
        setMessage(tr("Nothing was sent: the agent service has stopped."), true);
        return;
    }
    if (!m_coordinator->decide(key, whole, &error)) {
        // Nothing was sent: let the person decide again.
        for (ActionState& state : m_states)
            state.decided = false;
        setMessage(error.isEmpty() ? tr("The decision could not be applied.") : error, true);
        updateDecisionState();
        return;
    }
    Q_EMIT decided(key);
}

void ReviewView::fillSandboxes()
{
    // Keep what the person picked across a refresh of the list; a new request starts from what
    // it asked for (showRequest() clears the combo first).
    const QString current = m_ui->sandboxCombo->currentText().trimmed();
    const QString wanted = current.isEmpty() ? m_request.run.sandbox : current;
    QStringList names;
    if (m_sandboxes) {
        for (const kosa8::Sandbox& sandbox : m_sandboxes->sandboxes())
            names.append(sandbox.name);
    }
    if (!wanted.isEmpty() && !names.contains(wanted))
        names.prepend(wanted);
    const QSignalBlocker blocker(m_ui->sandboxCombo);
    m_ui->sandboxCombo->clear();
    m_ui->sandboxCombo->addItems(names);
    m_ui->sandboxCombo->setCurrentText(wanted);
    updateEgress();
    updateDecisionState();
}

void ReviewView::updateEgress()
{
    const QString name = m_ui->sandboxCombo->currentText().trimmed();
    const kosa8::Sandbox* sandbox = m_sandboxes ? m_sandboxes->find(name) : nullptr;
    if (!sandbox) {
        m_ui->egressLabel->setText(tr("unknown: \"%1\" is not in the sandbox list").arg(name));
        return;
    }
    m_ui->egressLabel->setText(tr("%1 (status: %2)").arg(sandbox->egress.summary(), sandbox->status));
}

void ReviewView::setMessage(const QString& text, bool isError)
{
    m_ui->messageLabel->setText(text);
    m_ui->messageLabel->setVisible(!text.isEmpty());
    QPalette palette = m_ui->messageLabel->palette();
    palette.setColor(QPalette::WindowText,
                     isError ? QColor(0xc0392b) : this->palette().color(QPalette::WindowText));
    m_ui->messageLabel->setPalette(palette);
}

void ReviewView::saveApproveCodeRule()
{
    if (!m_key || !currentHasCode())
        return;
    const QString code = m_request.actions.at(m_current).code;
    const QString hash =
        QString::fromLatin1(QCryptographicHash::hash(code.toUtf8(), QCryptographicHash::Sha256).toHex());
    const auto answer = QMessageBox::question(
        this, tr("Always approve this code?"),
        tr("Save a standing rule that approves this exact code (SHA-256 %1…, %n line(s)) whenever any agent "
           "sends it again, without asking you? A single changed character makes it ask again. This request "
           "still waits for your decision.",
           nullptr, int(code.count(QLatin1Char('\n')) + 1))
            .arg(hash.left(12)),
        QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Save)
        return;
    QString error;
    if (m_coordinator && m_coordinator->addApproveCodeRule(code, &error))
        setMessage(tr("Saved: this exact code is approved from now on."), false);
    else
        setMessage(tr("The rule was not saved: %1").arg(error), true);
}

void ReviewView::saveRejectAgentRule()
{
    if (!m_key)
        return;
    const QString agentName = m_request.agent;
    const auto answer = QMessageBox::question(
        this, tr("Always reject this agent?"),
        tr("Save a standing rule that rejects every request from the agent \"%1\" without asking you? "
           "This request still waits for your decision.")
            .arg(agentName),
        QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Save)
        return;
    QString error;
    if (m_coordinator && m_coordinator->addRejectAgentRule(agentName, &error))
        setMessage(tr("Saved: requests from \"%1\" are rejected from now on.").arg(agentName), false);
    else
        setMessage(tr("The rule was not saved: %1").arg(error), true);
}

} // namespace k8::app
