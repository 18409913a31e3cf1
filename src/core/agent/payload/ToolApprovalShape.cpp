// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/ToolApprovalShape.h"

#include "agent/payload/PayloadFields.h"

#include <QSet>

// Checked against the installed langchain 1.5.2 (langchain/agents/middleware/human_in_the_loop.py,
// read, not copied): ToolApprovalRequest is a TypedDict of exactly type ("tool_approval"),
// tool_call_id (str), name (str), args (dict) and description (str), built by
// _tool_approval_request. The answer is checked by pydantic against _decision_schema(allowed,
// name, tool): a discriminated union on "type" of the allowed decisions (a single allowed decision
// is that decision's plain object schema). Its edit branch pins edited_action.name to the tool's
// own name and checks edited_action.args against the tool's argument schema. LangGraph publishes
// that type as JSON Schema in Interrupt.response_schema: the union as {"oneOf": [...],
// "discriminator": {"propertyName": "type", "mapping": {DECISION: ref}}}, a single decision as
// {"properties": {"type": {"const": DECISION}}, ...}.

namespace k8::agent::toolapproval {

namespace {

const QString KeyType = QStringLiteral("type");

// The decisions a LangGraph response_schema allows, read from either form above.
QSet<DecisionKind> decisionsOf(const QJsonObject& schema)
{
    QStringList names;
    const QJsonObject discriminator = schema.value(QLatin1String("discriminator")).toObject();
    if (discriminator.value(QLatin1String("propertyName")).toString() == KeyType)
        names = discriminator.value(QLatin1String("mapping")).toObject().keys();
    else
        names.append(schema.value(QLatin1String("properties"))
                         .toObject()
                         .value(KeyType)
                         .toObject()
                         .value(QLatin1String("const"))
                         .toString());
    QSet<DecisionKind> allowed;
    for (const QString& name : names) {
        if (const std::optional<DecisionKind> kind = decisionKindFrom(name))
            allowed.insert(*kind);
    }
    return allowed;
}

} // namespace

bool matches(const QJsonValue& payload)
{
    if (!payload.isObject())
        return false;
    const QJsonObject object = payload.toObject();
    const QJsonValue name = object.value(QLatin1String("name"));
    return object.size() == 5 && object.value(KeyType) == QJsonValue(QStringLiteral("tool_approval")) &&
           object.value(QLatin1String("tool_call_id")).isString() && name.isString() &&
           !name.toString().isEmpty() && object.value(QLatin1String("args")).isObject() &&
           object.value(QLatin1String("description")).isString();
}

bool parse(const QJsonObject& payload, const QJsonValue& responseSchema, Request* out, RpcError* error)
{
    ReviewAction action;
    action.name = payload.value(QLatin1String("name")).toString();
    action.description = payload.value(QLatin1String("description")).toString();
    action.args = payload.value(QLatin1String("args")).toObject();
    findCode(&action);
    if (responseSchema.isUndefined() || responseSchema.isNull()) {
        action.allowed = {DecisionKind::Approve, DecisionKind::Edit, DecisionKind::Reject,
                          DecisionKind::Respond};
    } else {
        if (!responseSchema.isObject())
            return invalidParams(error, PayloadText::tr("Invalid params: \"response_schema\" must be the "
                                                        "interrupt's response schema (a JSON object)."));
        action.allowed = decisionsOf(responseSchema.toObject());
        if (action.allowed.isEmpty())
            return invalidParams(
                error, PayloadText::tr("Invalid params: \"response_schema\" allows none of approve, "
                                       "edit, reject, respond."));
    }
    out->actions.append(action);
    return true;
}

QJsonValue result(const Request& request, const PersonDecision& decision)
{
    const ActionDecision& chosen = decision.actions.first();
    QJsonObject out{{KeyType, decisionName(chosen.kind)}};
    switch (chosen.kind) {
    case DecisionKind::Approve:
        break;
    case DecisionKind::Edit:
        // The schema pins the edited tool's name to the one asked about.
        out.insert(QLatin1String("edited_action"),
                   QJsonObject{{QLatin1String("name"), request.actions.first().name},
                               {QLatin1String("args"), chosen.editedArgs}});
        break;
    case DecisionKind::Reject:
        if (!chosen.message.isEmpty())
            out.insert(QLatin1String("message"), chosen.message);
        break;
    case DecisionKind::Respond:
        out.insert(QLatin1String("message"), chosen.message);
        break;
    }
    return out;
}

QJsonValue rejection(const QString& reason)
{
    return QJsonObject{{KeyType, QStringLiteral("reject")}, {QLatin1String("message"), reason}};
}

QJsonValue approval()
{
    return QJsonObject{{KeyType, QStringLiteral("approve")}};
}

} // namespace k8::agent::toolapproval
