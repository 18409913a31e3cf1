// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/canonical/CanonicalNumbers.h"
#include "agent/request/RequestOrigin.h"

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QSet>
#include <QString>

#include <memory>
#include <optional>

namespace k8::agent {

struct PreparedText;

// The four payload shapes of `review` (protocol.md), plus `run`.
enum class PayloadShape
{
    HumanInTheLoop,
    AgentInbox,
    Generic,
    Run,
    ToolApproval // LangChain's per-call HITL: one tool call, one decision object
};

// The two methods that queue a request (protocol.md): "review" and "run" on the wire and in the
// ledger, this enum inside the app (methodFrom(), methodName()).
enum class Method
{
    Review,
    Run
};

// Decisions a person can take on one action: "approve", "edit", "reject", "respond" on the wire
// and in the ledger (decisionName(), decisionKindFrom()).
enum class DecisionKind
{
    Approve,
    Edit,
    Reject,
    Respond
};

// One action a person decides on. A Generic payload, a ToolApproval and a run are one action each; an
// Agent Inbox list or a HITL request may hold several.
struct ReviewAction
{
    QString name;               // tool / action name; "run" for run; empty for Generic
    QString description;        // from the payload, may be empty
    QJsonObject args;           // the action's args (Generic: the payload object itself, when an object)
    QString codeField;          // which arg holds code ("code", "script", "command", "source"); empty if none
    QString code;               // that arg's text (run: params.code)
    QSet<DecisionKind> allowed; // which decisions the payload allows for this action
    // For a large request only: the code and the other arguments as the review shows them, cut
    // and scanned off the UI thread when the request arrived (prepareReviewTexts()); null when
    // the review works them out itself (small requests) or has nothing to show.
    std::shared_ptr<const PreparedText> preparedCode;
    std::shared_ptr<const PreparedText> preparedArgs;
};

// What `run` asked for (after defaults were applied from the settings).
struct RunSpec
{
    QString code;
    QString language = QStringLiteral("python"); // python, bash, node
    QString sandbox;
    QString image;
    int timeoutS = 0; // 0: none given
    bool checkpoint = true;
    QString checkpointLabel; // "before-<request id>" unless the request said otherwise
};

// A request waiting for a person (or decided, in the history). Immutable once queued except
// for its state; identified inside the app by `key` (unique per app run).
struct Request
{
    quint64 key = 0;
    RequestOrigin origin;           // which source, and the request's id there
    Method method = Method::Review; // methodName() on the wire and in the ledger
    QString agent;                  // params.agent, else the connection's hello agent, else "unknown agent"
    QString title;                  // params.title, else a title derived from the payload
    QString threadId;
    QDateTime receivedAt;
    int timeoutS = 0; // 0: none
    PayloadShape shape = PayloadShape::Generic;
    QJsonValue payload;         // review: params.payload; run: the params object
    bool payloadIsList = false; // Agent Inbox sent as a list
    QList<ReviewAction> actions;
    RunSpec run; // only for Method::Run
    QString payloadSha256;
    // review: the canonical JSON payloadSha256 hashes and whether it stands for exactly the payload
    // (canonicalJson(value, exact)), kept so that the action binding of a plain payload, which
    // holds the same JSON, does not write it again (ActionBinding.cpp). Empty: not computed.
    QByteArray payloadCanonical;
    bool payloadCanonicalExact = false;
    // The first number the request's line wrote otherwise than canonical JSON would (1.0 for 1;
    // RpcMessage::nonCanonicalNumber). The hashes stand for the canonical form, which such
    // spellings share, so no standing rule approves the request (Rules.h); a person decides.
    std::optional<NumberSpelling> nonCanonicalNumber;
};

// A person's decision on one action.
struct ActionDecision
{
    DecisionKind kind = DecisionKind::Reject;
    QJsonObject editedArgs; // Edit: the full edited args (the code field replaced by the edited code)
    QString message;        // Reject (optional reason) / Respond (the response text)
};

// A person's decision on a whole request: one ActionDecision per action, in order.
// For run: actions[0]; Edit carries the edited code in editedArgs["code"]; the sandbox and
// image the person chose are in runSandbox/runImage (empty: as requested).
struct PersonDecision
{
    QList<ActionDecision> actions;
    QString runSandbox;
    QString runImage;
};

QString shapeName(PayloadShape shape);

QString methodName(Method method);
// The method for its wire name; nullopt for any other text.
std::optional<Method> methodFrom(const QString& name);

QString decisionName(DecisionKind kind);
// The decision for its wire name; nullopt for any other text (a ledger entry of several actions
// holds several names, e.g. "approve, reject").
std::optional<DecisionKind> decisionKindFrom(const QString& name);
// Whether the action goes ahead as asked or edited (Approve, Edit): a run runs. Reject and
// Respond stop it.
bool goesAhead(DecisionKind kind);

} // namespace k8::agent
