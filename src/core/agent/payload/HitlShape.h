// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/request/RequestError.h"

#include <QJsonValue>
#include <QString>

namespace k8::agent::hitl {

// The LangGraph / langchain HumanInTheLoopMiddleware shape (PayloadShapes.h names the upstream
// schema): {action_requests: [...], review_configs: [...]}, answered with {"decisions": [...]}.

// True for an object with both "action_requests" and "review_configs".
bool matches(const QJsonValue& payload);
// The actions with their code and allowed decisions into out->actions; false with InvalidParams.
bool parse(const QJsonObject& payload, Request* out, RpcError* error);
// {"decisions": [...]}, one per action in order (the decisions fit the request: PayloadShapes
// checked them).
QJsonValue result(const Request& request, const PersonDecision& decision);
// Every action rejected with `reason`.
QJsonValue rejection(const Request& request, const QString& reason);
// Every action approved.
QJsonValue approval(const Request& request);

} // namespace k8::agent::hitl
