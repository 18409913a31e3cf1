// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/PayloadShapes.h"

#include "agent/canonical/Sha256.h"
#include "agent/payload/GenericShape.h"
#include "agent/payload/HitlShape.h"
#include "agent/payload/InboxShape.h"
#include "agent/payload/PayloadFields.h"
#include "agent/payload/RunShape.h"
#include "agent/payload/ToolApprovalShape.h"

#include <QJsonArray>

// Detection and dispatch: which shape a `review` payload has, and the answers in that shape. Each
// shape is its own file (HitlShape, ToolApprovalShape, InboxShape, GenericShape, RunShape, with the upstream
// schemas they follow); the canonical JSON for hashes is CanonicalJson.

namespace k8::agent {

namespace {

QString derivedTitle(const Request& request)
{
    if (request.shape == PayloadShape::Generic)
        return generic::title(request);
    QStringList names;
    for (const ReviewAction& action : request.actions)
        names.append(action.name);
    if (names.size() == 1)
        return shortened(PayloadText::tr("Review %1").arg(names.first()));
    return shortened(PayloadText::tr("Review %n actions: %1", nullptr, int(names.size()))
                         .arg(names.join(QStringLiteral(", "))));
}

} // namespace

QStringList codeFieldNames()
{
    return {QStringLiteral("code"), QStringLiteral("script"), QStringLiteral("command"),
            QStringLiteral("source")};
}

QString defaultImageFor(const QString& language)
{
    if (language == QLatin1String("python"))
        return QStringLiteral("python:3.12-slim");
    if (language == QLatin1String("bash"))
        return QStringLiteral("debian:bookworm-slim");
    if (language == QLatin1String("node"))
        return QStringLiteral("node:22-slim");
    return {};
}

bool requestFromReview(const QJsonObject& params, Request* out, RpcError* error)
{
    Request request;
    request.method = Method::Review;
    if (!params.contains(QLatin1String("payload")))
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"payload\" is required (the value the interrupt "
                                   "raised, any JSON value)."));
    request.payload = params.value(QLatin1String("payload"));
    if (!optionalString(params, KeyTitle, KeyTitle, &request.title, error) ||
        !optionalString(params, KeyAgent, KeyAgent, &request.agent, error) ||
        !optionalString(params, QStringLiteral("thread_id"), QStringLiteral("thread_id"), &request.threadId,
                        error) ||
        !readTimeout(params, &request.timeoutS, error))
        return false;

    if (hitl::matches(request.payload)) {
        request.shape = PayloadShape::HumanInTheLoop;
        if (!hitl::parse(request.payload.toObject(), &request, error))
            return false;
    } else if (toolapproval::matches(request.payload)) {
        request.shape = PayloadShape::ToolApproval;
        if (!toolapproval::parse(request.payload.toObject(), params.value(QLatin1String("response_schema")),
                                 &request, error))
            return false;
    } else if (inbox::matches(request.payload)) {
        request.shape = PayloadShape::AgentInbox;
        if (!inbox::parse(request.payload, &request, error))
            return false;
    } else {
        request.shape = PayloadShape::Generic;
        generic::parse(request.payload, &request);
    }
    request.title = request.title.trimmed().isEmpty() ? derivedTitle(request) : shortened(request.title);
    request.payloadCanonical = canonicalJson(request.payload, &request.payloadCanonicalExact);
    request.payloadCanonical.squeeze(); // kept while the request waits: not what growing it left spare
    request.payloadSha256 = sha256Hex(request.payloadCanonical);
    *out = std::move(request);
    return true;
}

bool requestFromRun(const QJsonObject& params, const QJsonValue& rpcId, const RunDefaults& defaults,
                    Request* out, RpcError* error)
{
    return run::parse(params, rpcId, defaults, out, error);
}

bool reviewResult(const Request& request, const PersonDecision& decision, QJsonValue* result, QString* error)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (decision.actions.size() != request.actions.size())
        return fail(PayloadText::tr("The decision covers %1 action(s) but the request has %2.")
                        .arg(decision.actions.size())
                        .arg(request.actions.size()));
    if (request.actions.isEmpty())
        return fail(PayloadText::tr("The request has no action to decide on."));
    for (qsizetype i = 0; i < request.actions.size(); ++i) {
        const ReviewAction& action = request.actions.at(i);
        const ActionDecision& chosen = decision.actions.at(i);
        if (!action.allowed.contains(chosen.kind))
            return fail(PayloadText::tr("\"%1\" is not allowed for action %2 (%3).")
                            .arg(decisionName(chosen.kind))
                            .arg(i + 1)
                            .arg(action.name.isEmpty() ? PayloadText::tr("unnamed") : action.name));
        if (chosen.kind == DecisionKind::Edit && request.shape == PayloadShape::Run &&
            !chosen.editedArgs.value(QLatin1String("code")).isString())
            return fail(PayloadText::tr("An edited run needs the edited code."));
    }

    switch (request.shape) {
    case PayloadShape::HumanInTheLoop:
        *result = hitl::result(request, decision);
        return true;
    case PayloadShape::ToolApproval:
        *result = toolapproval::result(request, decision);
        return true;
    case PayloadShape::AgentInbox:
        *result = inbox::result(request, decision);
        return true;
    case PayloadShape::Generic:
        return generic::result(decision, result, error);
    case PayloadShape::Run:
        return run::result(request, decision, result, error);
    }
    return fail(PayloadText::tr("Unknown payload shape."));
}

QJsonValue rejectionFor(const Request& request, const QString& reason)
{
    switch (request.shape) {
    case PayloadShape::HumanInTheLoop:
        return hitl::rejection(request, reason);
    case PayloadShape::ToolApproval:
        return toolapproval::rejection(reason);
    case PayloadShape::AgentInbox:
        return inbox::rejection(request);
    case PayloadShape::Generic:
        return QStringLiteral("reject");
    case PayloadShape::Run:
        return run::rejection(reason);
    }
    return QStringLiteral("reject");
}

QJsonValue approvalFor(const Request& request)
{
    switch (request.shape) {
    case PayloadShape::HumanInTheLoop:
        return hitl::approval(request);
    case PayloadShape::ToolApproval:
        return toolapproval::approval();
    case PayloadShape::AgentInbox:
        return inbox::approval(request);
    case PayloadShape::Generic:
        return QStringLiteral("approve");
    case PayloadShape::Run:
        break;
    }
    return QJsonValue(QJsonValue::Undefined);
}

QStringList actionCodeSha256s(const Request& request)
{
    QStringList hashes;
    hashes.reserve(request.actions.size());
    for (const ReviewAction& action : request.actions)
        hashes.append(action.codeField.isEmpty() ? QString() : sha256Hex(action.code.toUtf8()));
    return hashes;
}

bool codesOf(const Request& request, QStringList* codes)
{
    QStringList found;
    for (const ReviewAction& action : request.actions) {
        if (action.codeField.isEmpty())
            return false;
        found.append(action.code);
    }
    if (found.isEmpty())
        return false;
    *codes = found;
    return true;
}

} // namespace k8::agent
