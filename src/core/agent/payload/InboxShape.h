// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/request/RequestError.h"

#include <QJsonValue>
#include <QString>

namespace k8::agent::inbox {

// The Agent Inbox shape (langgraph prebuilt HumanInterrupt, PayloadShapes.h names the schema): one
// {action_request, config, description?} or a list of them, answered with a list of HumanResponse.

// True for an item with "action_request", or a non-empty list holding one.
bool matches(const QJsonValue& payload);
// The item or items into out->actions (and payloadIsList); false with InvalidParams.
bool parse(const QJsonValue& payload, Request* out, RpcError* error);
// A HumanResponse per action in order (the decisions fit the request).
QJsonValue result(const Request& request, const PersonDecision& decision);
// "ignore" for each action (the shape carries no reason).
QJsonValue rejection(const Request& request);
// "accept" for each action.
QJsonValue approval(const Request& request);

} // namespace k8::agent::inbox
