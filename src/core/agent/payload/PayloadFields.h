// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/request/RequestError.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

// What every payload shape reads the same way (PayloadShapes and the *Shape files): params errors,
// optional strings, the timeout, the code arg, titles. Internal to the agent folder.

namespace k8::agent {

// The messages of every shape keep the one translation context they have always had.
struct PayloadText
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::PayloadShapes)
};

inline constexpr int MaxTimeoutS = 86400;
inline constexpr int MaxTitleLength = 100;

// Params keys that `review` and `run` share (protocol.md).
inline const QString KeyAgent = QStringLiteral("agent");
inline const QString KeyTitle = QStringLiteral("title");

// Sets *error to InvalidParams with `message`; false, for `return invalidParams(...)`.
bool invalidParams(RpcError* error, const QString& message);
// The first line of `text`, simplified and cut to MaxTitleLength with an ellipsis.
QString shortened(const QString& text);
// Optional string params: absent and null are "not given"; anything else must be a string.
bool optionalString(const QJsonObject& object, const QString& key, const QString& fieldName, QString* out,
                    RpcError* error);
// "timeout_s" (1..MaxTimeoutS seconds, rounded up) into *timeoutS when given.
bool readTimeout(const QJsonObject& params, int* timeoutS, RpcError* error);
// The first arg that holds code as a string, in codeFieldNames() order; empty when none does.
QString codeFieldIn(const QJsonObject& args);
// Sets action->codeField and action->code from codeFieldIn(action->args).
void findCode(ReviewAction* action);

} // namespace k8::agent
