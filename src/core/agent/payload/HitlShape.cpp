// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/HitlShape.h"

#include "agent/payload/PayloadFields.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>

// Shapes checked against the upstream sources (not copied):
//  - langchain 1.5.2, langchain/agents/middleware/human_in_the_loop.py: HITLRequest
//    {action_requests: list[ActionRequest{name, args, description?}], review_configs:
//    list[ReviewConfig{action_name, allowed_decisions, args_schema?}]}; DecisionType is
//    Literal["approve", "edit", "reject", "respond"]; HITLResponse {decisions: list[Decision]} with
//    ApproveDecision {type}, EditDecision {type, edited_action: Action{name, args}}, RejectDecision
//    {type, message?}, RespondDecision {type, message: str}. The middleware pairs decisions with
//    action requests by position and raises when a decision's type is not in allowed_decisions.
//    (Its optional "per_call" mode raises ToolApprovalRequest {type: "tool_approval", ...} answered
//    by a single Decision: ToolApprovalShape.)

namespace k8::agent::hitl {

namespace {

bool readHitlConfig(const QJsonObject& config, int index, QSet<DecisionKind>* allowed, RpcError* error)
{
    const QString field = QStringLiteral("payload.review_configs[%1].allowed_decisions").arg(index);
    const QJsonValue decisions = config.value(QLatin1String("allowed_decisions"));
    if (!decisions.isArray())
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"%1\" must be a list of decision names.").arg(field));
    for (const QJsonValue& decision : decisions.toArray()) {
        if (!decision.isString())
            return invalidParams(error,
                                 PayloadText::tr("Invalid params: \"%1\" must hold strings.").arg(field));
        // HITL's decision types are spelled as the app's own (decisionName()). A decision type
        // this app does not know is not offered, so a person cannot pick it. (An optional, not an
        // out-parameter: gcc's TSan build saw the uninitialised out-parameter as maybe-used.)
        if (const std::optional<DecisionKind> kind = decisionKindFrom(decision.toString()))
            allowed->insert(*kind);
    }
    if (allowed->isEmpty())
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"%1\" names none of approve, edit, reject, respond.")
                       .arg(field));
    return true;
}

QJsonObject hitlDecision(const ReviewAction& action, const ActionDecision& decision)
{
    QJsonObject out;
    out.insert(QLatin1String("type"), decisionName(decision.kind));
    switch (decision.kind) {
    case DecisionKind::Approve:
        break;
    case DecisionKind::Edit:
        out.insert(QLatin1String("edited_action"), QJsonObject{{QLatin1String("name"), action.name},
                                                               {QLatin1String("args"), decision.editedArgs}});
        break;
    case DecisionKind::Reject:
        if (!decision.message.isEmpty())
            out.insert(QLatin1String("message"), decision.message);
        break;
    case DecisionKind::Respond:
        out.insert(QLatin1String("message"), decision.message);
        break;
    }
    return out;
}

} // namespace

bool matches(const QJsonValue& payload)
{
    const QJsonObject object = payload.toObject();
    return payload.isObject() && object.contains(QLatin1String("action_requests")) &&
           object.contains(QLatin1String("review_configs"));
}

bool parse(const QJsonObject& payload, Request* out, RpcError* error)
{
    const QJsonValue requests = payload.value(QLatin1String("action_requests"));
    const QJsonValue configs = payload.value(QLatin1String("review_configs"));
    if (!requests.isArray() || requests.toArray().isEmpty())
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"payload.action_requests\" must be a non-empty list of "
                                   "{name, args, description?}."));
    if (!configs.isArray())
        return invalidParams(error,
                             PayloadText::tr("Invalid params: \"payload.review_configs\" must be a list of "
                                             "{action_name, allowed_decisions}."));
    const QJsonArray configList = configs.toArray();
    for (int i = 0; i < configList.size(); ++i) {
        const QJsonObject config = configList.at(i).toObject();
        if (!configList.at(i).isObject() || !config.value(QLatin1String("action_name")).isString())
            return invalidParams(
                error, PayloadText::tr("Invalid params: \"payload.review_configs[%1]\" must be an object "
                                       "with a string \"action_name\".")
                           .arg(i));
    }
    const QJsonArray requestList = requests.toArray();
    for (int i = 0; i < requestList.size(); ++i) {
        const QString field = QStringLiteral("payload.action_requests[%1]").arg(i);
        const QJsonObject request = requestList.at(i).toObject();
        if (!requestList.at(i).isObject() || !request.value(QLatin1String("name")).isString())
            return invalidParams(
                error, PayloadText::tr("Invalid params: \"%1\" must be an object with a string \"name\".")
                           .arg(field));
        const QJsonValue args = request.value(QLatin1String("args"));
        if (!args.isObject())
            return invalidParams(
                error, PayloadText::tr("Invalid params: \"%1.args\" must be an object.").arg(field));
        QString description;
        if (!optionalString(request, QStringLiteral("description"), field + QStringLiteral(".description"),
                            &description, error))
            return false;

        ReviewAction action;
        action.name = request.value(QLatin1String("name")).toString();
        action.description = description;
        action.args = args.toObject();
        findCode(&action);

        // The middleware builds one config per action request, in the same order; fall back to
        // the first config with the action's name when a client sent them otherwise.
        int configIndex = -1;
        if (i < configList.size() &&
            configList.at(i).toObject().value(QLatin1String("action_name")).toString() == action.name)
            configIndex = i;
        for (int c = 0; configIndex < 0 && c < configList.size(); ++c) {
            if (configList.at(c).toObject().value(QLatin1String("action_name")).toString() == action.name)
                configIndex = c;
        }
        if (configIndex < 0)
            return invalidParams(
                error, PayloadText::tr("Invalid params: \"payload.review_configs\" has no entry with "
                                       "action_name \"%1\" (for %2).")
                           .arg(action.name, field));
        if (!readHitlConfig(configList.at(configIndex).toObject(), configIndex, &action.allowed, error))
            return false;
        out->actions.append(action);
    }
    return true;
}

QJsonValue result(const Request& request, const PersonDecision& decision)
{
    QJsonArray decisions;
    for (qsizetype i = 0; i < request.actions.size(); ++i)
        decisions.append(hitlDecision(request.actions.at(i), decision.actions.at(i)));
    return QJsonObject{{QLatin1String("decisions"), decisions}};
}

QJsonValue rejection(const Request& request, const QString& reason)
{
    QJsonArray decisions;
    for (qsizetype i = 0; i < std::max<qsizetype>(1, request.actions.size()); ++i)
        decisions.append(QJsonObject{{QLatin1String("type"), QStringLiteral("reject")},
                                     {QLatin1String("message"), reason}});
    return QJsonObject{{QLatin1String("decisions"), decisions}};
}

QJsonValue approval(const Request& request)
{
    QJsonArray decisions;
    for (qsizetype i = 0; i < request.actions.size(); ++i)
        decisions.append(QJsonObject{{QLatin1String("type"), QStringLiteral("approve")}});
    return QJsonObject{{QLatin1String("decisions"), decisions}};
}

} // namespace k8::agent::hitl
