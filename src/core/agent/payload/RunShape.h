// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/request/RequestError.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace k8::agent {
struct RunDefaults;
}

namespace k8::agent::run {

// The `run` method's params (protocol.md): code to run in a kosa8 sandbox, answered with
// {"decision", "code"} plus the run's outcome, or {"decision":"reject","message"}.

// The whole request from `run` params (requestFromRun in PayloadShapes.h says what is checked).
bool parse(const QJsonObject& params, const QJsonValue& rpcId, const RunDefaults& defaults, Request* out,
           RpcError* error);
// {"decision":"approve"|"edit","code"} or {"decision":"reject","message"}; false with *error for
// respond (a run is only approved, edited or rejected).
bool result(const Request& request, const PersonDecision& decision, QJsonValue* result, QString* error);
QJsonValue rejection(const QString& reason);

} // namespace k8::agent::run
