// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/InboxShape.h"

#include "agent/payload/PayloadFields.h"

#include <QJsonArray>

#include <algorithm>
#include <utility>

// Shapes checked against the upstream sources (not copied):
//  - langgraph prebuilt/interrupt.py (the Agent Inbox schema): HumanInterrupt {action_request:
//    ActionRequest{action, args}, config: HumanInterruptConfig{allow_ignore, allow_respond,
//    allow_edit, allow_accept}, description?}; HumanResponse {type: "accept"|"ignore"|"response"|
//    "edit", args: None (accept, ignore) | str (response) | ActionRequest (edit)}. Its consumer
//    takes response[0] when it gets a list, and checks each type against the config.

namespace k8::agent::inbox {

namespace {

bool isInboxItem(const QJsonValue& value)
{
    return value.isObject() && value.toObject().contains(QLatin1String("action_request"));
}

bool parseInboxItem(const QJsonValue& value, const QString& field, Request* out, RpcError* error)
{
    const QJsonObject item = value.toObject();
    if (!value.isObject())
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"%1\" must be an object {action_request, config, "
                                   "description?}.")
                       .arg(field));
    const QJsonObject actionRequest = item.value(QLatin1String("action_request")).toObject();
    if (!item.value(QLatin1String("action_request")).isObject() ||
        !actionRequest.value(QLatin1String("action")).isString())
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"%1.action_request\" must be an object with a string "
                                   "\"action\".")
                       .arg(field));
    const QJsonValue args = actionRequest.value(QLatin1String("args"));
    if (!args.isObject())
        return invalidParams(
            error,
            PayloadText::tr("Invalid params: \"%1.action_request.args\" must be an object.").arg(field));
    const QJsonValue configValue = item.value(QLatin1String("config"));
    if (!configValue.isObject())
        return invalidParams(error,
                             PayloadText::tr("Invalid params: \"%1.config\" must be an object {allow_accept, "
                                             "allow_edit, allow_respond, allow_ignore}.")
                                 .arg(field));
    QString description;
    if (!optionalString(item, QStringLiteral("description"), field + QStringLiteral(".description"),
                        &description, error))
        return false;

    ReviewAction action;
    action.name = actionRequest.value(QLatin1String("action")).toString();
    action.description = description;
    action.args = args.toObject();
    findCode(&action);

    const QJsonObject config = configValue.toObject();
    const std::pair<const char*, DecisionKind> flags[] = {{"allow_accept", DecisionKind::Approve},
                                                          {"allow_edit", DecisionKind::Edit},
                                                          {"allow_respond", DecisionKind::Respond},
                                                          {"allow_ignore", DecisionKind::Reject}};
    for (const auto& [key, kind] : flags) {
        const QJsonValue flag = config.value(QLatin1String(key));
        if (flag.isUndefined() || flag.isNull())
            continue; // a missing permission is not granted
        if (!flag.isBool())
            return invalidParams(error,
                                 PayloadText::tr("Invalid params: \"%1.config.%2\" must be true or false.")
                                     .arg(field, QLatin1String(key)));
        if (flag.toBool())
            action.allowed.insert(kind);
    }
    if (action.allowed.isEmpty())
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"%1.config\" allows nothing (set at least one of "
                                   "allow_accept, allow_edit, allow_respond, allow_ignore).")
                       .arg(field));
    out->actions.append(action);
    return true;
}

QJsonObject inboxResponse(const ReviewAction& action, const ActionDecision& decision)
{
    switch (decision.kind) {
    case DecisionKind::Approve:
        return {{QLatin1String("type"), QStringLiteral("accept")}, {QLatin1String("args"), QJsonValue::Null}};
    case DecisionKind::Edit:
        return {{QLatin1String("type"), QStringLiteral("edit")},
                {QLatin1String("args"), QJsonObject{{QLatin1String("action"), action.name},
                                                    {QLatin1String("args"), decision.editedArgs}}}};
    case DecisionKind::Respond:
        return {{QLatin1String("type"), QStringLiteral("response")},
                {QLatin1String("args"), decision.message}};
    case DecisionKind::Reject:
        break;
    }
    return {{QLatin1String("type"), QStringLiteral("ignore")}, {QLatin1String("args"), QJsonValue::Null}};
}

} // namespace

bool matches(const QJsonValue& payload)
{
    if (isInboxItem(payload))
        return true;
    if (!payload.isArray() || payload.toArray().isEmpty())
        return false;
    const QJsonArray items = payload.toArray();
    return std::any_of(items.begin(), items.end(), [](const QJsonValue& item) { return isInboxItem(item); });
}

bool parse(const QJsonValue& payload, Request* out, RpcError* error)
{
    if (payload.isObject())
        return parseInboxItem(payload, QStringLiteral("payload"), out, error);
    out->payloadIsList = true;
    const QJsonArray items = payload.toArray();
    for (int i = 0; i < items.size(); ++i) {
        if (!parseInboxItem(items.at(i), QStringLiteral("payload[%1]").arg(i), out, error))
            return false;
    }
    return true;
}

QJsonValue result(const Request& request, const PersonDecision& decision)
{
    QJsonArray responses;
    for (qsizetype i = 0; i < request.actions.size(); ++i)
        responses.append(inboxResponse(request.actions.at(i), decision.actions.at(i)));
    return responses;
}

QJsonValue rejection(const Request& request)
{
    QJsonArray responses;
    for (qsizetype i = 0; i < std::max<qsizetype>(1, request.actions.size()); ++i)
        responses.append(QJsonObject{{QLatin1String("type"), QStringLiteral("ignore")},
                                     {QLatin1String("args"), QJsonValue::Null}});
    return responses;
}

QJsonValue approval(const Request& request)
{
    QJsonArray responses;
    for (qsizetype i = 0; i < request.actions.size(); ++i)
        responses.append(QJsonObject{{QLatin1String("type"), QStringLiteral("accept")},
                                     {QLatin1String("args"), QJsonValue::Null}});
    return responses;
}

} // namespace k8::agent::inbox
