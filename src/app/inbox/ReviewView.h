#pragma once

#include "agent/Request.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <memory>

class QAction;
class QLineEdit;
class QTimer;

namespace Ui {
class ReviewView;
}

namespace k8::agent {
class ReviewCoordinator;
}
namespace k8::kosa8 {
class SandboxListModel;
}

namespace k8::app {

class CodeEditor;
class DiffView;

// One pending request, shown for a decision: who asks and what, the code (read-only until the
// person presses Edit, then with a live diff), the rest of the payload as JSON, and for `run`
// the sandbox, its network policy and the image. Only the decisions the payload allows are
// enabled. With several actions, each action gets its own decision; the request is answered when
// the last one is decided. The view shows and asks; ReviewCoordinator::decide() does the rest.
class ReviewView : public QWidget
{
    Q_OBJECT
public:
    explicit ReviewView(agent::ReviewCoordinator* coordinator, QWidget* parent = nullptr);
    ~ReviewView() override;

    // Where the sandbox choices and their egress policies come from (optional).
    void setSandboxModel(kosa8::SandboxListModel* model);

    // Shows the request (0 or an unknown key: the empty page). Showing the same key again keeps
    // the person's edits; so does showing another request and coming back: the work in progress
    // is kept per request until the request leaves the inbox.
    void showRequest(quint64 key);
    // Whether the person left unsent work on this request (for tests and the list).
    bool hasDraft(quint64 key) const { return m_drafts.contains(key); }
    quint64 currentKey() const { return m_key; }
    int currentAction() const { return m_current; }
    bool isEditing() const { return m_editing; }
    // The message shown under the review (errors, rule saved); empty when none.
    QString messageText() const;

    // The decision actions with their shortcuts, so the inbox page can make them work from its
    // request list as well.
    QList<QAction*> decisionActions() const;
    QAction* approveAction() const { return m_approve; }
    QAction* editAction() const { return m_edit; }
    QAction* rejectAction() const { return m_reject; }
    QAction* respondAction() const { return m_respond; }

    CodeEditor* codeEditor() const;
    CodeEditor* argsEditor() const;
    DiffView* diffView() const;
    QLineEdit* rejectMessageEdit() const;
    QLineEdit* respondEdit() const;
    QLineEdit* imageEdit() const;

Q_SIGNALS:
    // The person's decision went to the coordinator.
    void decided(quint64 key);

public Q_SLOTS:
    void approve();
    void toggleEdit();
    // Focuses the reason field; Enter there rejects.
    void startReject();
    void rejectNow();
    // Focuses the response field; Enter there sends.
    void startRespond();
    void respondNow();

private:
    struct ActionState
    {
        bool decided = false;
        agent::ActionDecision decision;
        QString editedCode;     // the code as the person left it
        QString editedArgsText; // the other args as JSON text, as the person left them
    };

    // Everything the person did on a request that is not sent yet, kept while they look at
    // another one: people review code for a living and must never lose an edit.
    struct Draft
    {
        QList<ActionState> states;
        int current = 0;
        bool editing = false;
        QString rejectMessage;
        QString respondText;
        QString sandbox;
        QString image;
    };

    void saveDraft();
    void showAction(int index);
    void storeCurrentEdits();
    bool currentAllows(agent::DecisionKind kind) const;
    bool currentHasCode() const;
    bool currentIsEdited() const;
    QJsonObject originalArgsWithoutCode(int index) const;
    void recordDecision(const agent::ActionDecision& decision);
    void submit();
    void updateDecisionState();
    void updateDetails();
    void fillSandboxes();
    void updateEgress();
    QString runProblem() const;
    void setMessage(const QString& text, bool isError);
    void saveApproveCodeRule();
    void saveRejectAgentRule();

    std::unique_ptr<Ui::ReviewView> m_ui;
    QPointer<agent::ReviewCoordinator> m_coordinator;
    QPointer<kosa8::SandboxListModel> m_sandboxes;
    quint64 m_key = 0;
    agent::Request m_request; // a copy: the coordinator's entry may go away while we show it
    QList<ActionState> m_states;
    QHash<quint64, Draft> m_drafts;
    int m_current = -1;
    bool m_editing = false;
    bool m_loading = false;

    QAction* m_approve;
    QAction* m_edit;
    QAction* m_reject;     // shortcut: focus the reason field
    QAction* m_rejectNow;  // the button
    QAction* m_respond;    // shortcut: focus the response field
    QAction* m_respondNow; // the button
    QAction* m_ruleApproveCode;
    QAction* m_ruleRejectAgent;
    QTimer* m_ageTimer;
};

} // namespace k8::app
