// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/canonical/CanonicalJson.h"
#include "agent/request/Request.h"
#include "agent/request/RequestError.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

// Upstream shapes the app follows (checked against the sources, see HitlShape.cpp and
// InboxShape.cpp; PayloadShapes detects the shape and dispatches to one file per shape):
//  - langchain 1.x HumanInTheLoopMiddleware ("batched" mode, the default): the interrupt value is
//    HITLRequest {action_requests: [{name, args, description?}], review_configs: [{action_name,
//    allowed_decisions: ["approve"|"edit"|"reject"|"respond"], args_schema?}]}; resume with
//    HITLResponse {decisions: [...]} one per action in order: {"type":"approve"},
//    {"type":"edit","edited_action":{"name","args"}}, {"type":"reject","message"?},
//    {"type":"respond","message"} (respond exists since langchain 1.x added RespondDecision).
//  - the same middleware's "per_call" mode: ToolApprovalRequest {type: "tool_approval",
//    tool_call_id, name, args, description}, one per gated tool call, answered with one of those
//    decision objects; the allowed decisions come from the interrupt's response_schema
//    (ToolApprovalShape.cpp).
//  - langgraph prebuilt / Agent Inbox: HumanInterrupt {action_request: {action, args},
//    config: {allow_ignore, allow_respond, allow_edit, allow_accept}, description?}; resume with a
//    list of HumanResponse {type: "accept"|"ignore"|"response"|"edit", args: null | str |
//    ActionRequest {action, args}}.

namespace k8::agent {

// Defaults from the app's settings for `run`.
struct RunDefaults
{
    QString sandbox;                         // empty: none configured
    QHash<QString, QString> imageByLanguage; // "python", "bash", "node"; missing: built-in default
};

// The built-in default image for a language (protocol.md), empty for an unknown language.
QString defaultImageFor(const QString& language);

// Validates `review` params into *out: shape detection for the four payload shapes, actions with
// their code field and allowed decisions, title (given or derived), agent (params.agent or empty:
// the caller applies the connection's hello agent and "unknown agent"), thread_id, timeout_s
// (1..86400), response_schema (read for a ToolApproval payload only), payloadSha256 (sha256 of the canonical
// JSON of the payload). Fills method, shape, payload, payloadIsList too; leaves key, origin and
// receivedAt to the caller. Bad params: false with an InvalidParams error naming the field and what was
// expected.
bool requestFromReview(const QJsonObject& params, Request* out, RpcError* error);

// Validates `run` params (code: required string of at most 4 MiB; language python|bash|node;
// sandbox and image names; timeout_s; checkpoint bool) into *out, applying defaults. One action
// named "run" with args {"code","language"} and allowed {Approve, Edit, Reject}. No sandbox given
// and none configured: NoSandbox (-32011). checkpointLabel = "before-<id>" with the JSON-RPC id
// made label-safe. Sets origin.id, payload (= params), payloadSha256 (of the canonical params).
bool requestFromRun(const QJsonObject& params, const QJsonValue& rpcId, const RunDefaults& defaults,
                    Request* out, RpcError* error);

// The resume value for a person's decision (HITL: {"decisions":[...]}; ToolApproval: one decision
// object; Agent Inbox: a list of
// HumanResponse; Generic: "approve"/"reject"). For run: Reject gives {"decision":"reject",
// "message"}, Approve/Edit give {"decision":"approve"|"edit","code":CODE} which the service
// completes with the run's outcome. False with *error when the decision does not fit (wrong
// count, a kind the action does not allow, an edit without args/code). Never approves by default.
bool reviewResult(const Request& request, const PersonDecision& decision, QJsonValue* result, QString* error);

// The fail-closed rejection in the request's own shape (HITL: every action rejected with the
// message; ToolApproval: {"type":"reject","message"}; Agent Inbox: ignore for each; Generic: "reject"; run:
// {"decision":"reject","message"}).
QJsonValue rejectionFor(const Request& request, const QString& reason);

// What an approve rule answers for review (HITL approve / ToolApproval {"type":"approve"} /
// Agent Inbox accept / Generic
// "approve" for every action). For run it returns undefined: the service runs the code instead.
QJsonValue approvalFor(const Request& request);

// The code of every action (for rules), in order; false when some action has no code.
bool codesOf(const Request& request, QStringList* codes);

// The SHA-256 of each action's code, in action order; empty where an action holds no code.
// (The rules and the ledger take these from ActionBinding, which also binds the rest.)
QStringList actionCodeSha256s(const Request& request);

// The args that may hold code, in the order they are looked for.
QStringList codeFieldNames();

} // namespace k8::agent
