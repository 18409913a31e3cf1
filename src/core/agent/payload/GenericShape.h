// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/request/RequestError.h"

#include <QJsonValue>
#include <QString>

namespace k8::agent::generic {

// The plain shape: any other payload (a question, an object with "code", a string), one action
// that is approved or rejected, answered with "approve" or "reject".

// The one action into out->actions (code from "code", description from "description").
void parse(const QJsonValue& payload, Request* out);
// A title from "title", "question", "description", "message", the payload string or the code.
QString title(const Request& request);
// "approve" or "reject"; false with *error for any other decision.
bool result(const PersonDecision& decision, QJsonValue* result, QString* error);

} // namespace k8::agent::generic
