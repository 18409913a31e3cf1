// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/GenericShape.h"

#include "agent/payload/PayloadFields.h"

#include <QJsonObject>

namespace k8::agent::generic {

void parse(const QJsonValue& payload, Request* out)
{
    ReviewAction action;
    if (payload.isObject()) {
        action.args = payload.toObject();
        const QJsonValue code = action.args.value(QLatin1String("code"));
        if (code.isString()) {
            action.codeField = QStringLiteral("code");
            action.code = code.toString();
        }
        const QJsonValue description = action.args.value(QLatin1String("description"));
        if (description.isString())
            action.description = description.toString();
    }
    action.allowed = {DecisionKind::Approve, DecisionKind::Reject};
    out->actions.append(action);
}

QString title(const Request& request)
{
    const QJsonObject object = request.payload.toObject();
    for (const char* key : {"title", "question", "description", "message"}) {
        const QJsonValue value = object.value(QLatin1String(key));
        if (value.isString() && !value.toString().trimmed().isEmpty())
            return shortened(value.toString());
    }
    if (request.payload.isString() && !request.payload.toString().trimmed().isEmpty())
        return shortened(request.payload.toString());
    if (!request.actions.isEmpty() && !request.actions.first().code.trimmed().isEmpty())
        return shortened(request.actions.first().code.trimmed());
    return PayloadText::tr("Review request");
}

bool result(const PersonDecision& decision, QJsonValue* result, QString* error)
{
    const DecisionKind kind = decision.actions.first().kind;
    if (kind != DecisionKind::Approve && kind != DecisionKind::Reject) {
        if (error)
            *error = PayloadText::tr("A plain question can only be approved or rejected.");
        return false;
    }
    *result = kind == DecisionKind::Approve ? QStringLiteral("approve") : QStringLiteral("reject");
    return true;
}

} // namespace k8::agent::generic
