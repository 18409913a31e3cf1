// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/request/RequestError.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace k8::agent::toolapproval {

// LangChain's per-call human-in-the-loop shape (HumanInTheLoopMiddleware with
// interrupt_mode="per_call"): one gated tool call per interrupt, ToolApprovalRequest
// {type: "tool_approval", tool_call_id, name, args, description}, answered with ONE decision
// object ({"type":"approve"}, {"type":"edit","edited_action":{name,args}}, {"type":"reject",
// "message"?}, {"type":"respond","message"}). The interrupt value does not say which decisions
// the tool allows: LangGraph publishes them in the interrupt's response_schema (a JSON Schema),
// which a client passes beside the payload as the review param "response_schema".

// Strict: an object with exactly the five keys, "type" exactly "tool_approval", string
// tool_call_id, a non-empty string name, object args and string description. Anything that only
// looks like it (an extra or missing key, a wrong type) is not this shape.
bool matches(const QJsonValue& payload);
// The one action (name, args with their code, description) into out->actions, with the decisions
// `responseSchema` allows (undefined: all four, as LangChain's interrupt_on={tool: True}); false
// with InvalidParams when a given schema is not an object or names none of the four decisions.
bool parse(const QJsonObject& payload, const QJsonValue& responseSchema, Request* out, RpcError* error);
// The one decision object (the decision fits the request: PayloadShapes checked it).
QJsonValue result(const Request& request, const PersonDecision& decision);
// {"type":"reject","message": reason}.
QJsonValue rejection(const QString& reason);
// {"type":"approve"}.
QJsonValue approval();

} // namespace k8::agent::toolapproval
