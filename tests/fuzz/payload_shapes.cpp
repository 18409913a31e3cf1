// SPDX-License-Identifier: Apache-2.0
// Shape detection and the answers built for it (PayloadShapes, HitlShape, ToolApprovalShape,
// InboxShape, GenericShape, RunShape). The input is the params object of a `review` (or, when its first
// byte is 'r', of a `run`). For every request that is accepted, the person's approval and
// rejection (and the rule answers approvalFor/rejectionFor) are built.
// Invariants: each answer has the shape of the payload it answers (HITL {"decisions":[...]} one
// per action; ToolApproval one decision object of an allowed type, an edit naming the tool asked
// about, for exactly one action; Agent Inbox a list of HumanResponse one per action; Generic
// "approve"/"reject"; run {"decision":...}); a rejection never approves anything; a decision the action does
// not allow is refused.
#include "FuzzSupport.h"

#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/payload/PayloadShapes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

using namespace k8::agent;

namespace {

QString typeOf(const QJsonValue& answer)
{
    return answer.toObject().value(QLatin1String("type")).toString();
}

// The decision types `answer` holds, one per action, after checking its shape.
QStringList answerTypes(const Request& request, const QJsonValue& answer)
{
    QStringList types;
    switch (request.shape) {
    case PayloadShape::HumanInTheLoop: {
        FUZZ_ASSERT(answer.isObject() && answer.toObject().size() == 1, "HITL answer is not {decisions}");
        const QJsonValue decisions = answer.toObject().value(QLatin1String("decisions"));
        FUZZ_ASSERT(decisions.isArray(), "HITL decisions is not a list");
        FUZZ_ASSERT(decisions.toArray().size() == request.actions.size(), "HITL answer count differs");
        for (const QJsonValue& decision : decisions.toArray()) {
            FUZZ_ASSERT(decision.isObject(), "HITL decision is not an object");
            types.append(typeOf(decision));
        }
        const QSet<QString> known{QStringLiteral("approve"), QStringLiteral("edit"), QStringLiteral("reject"),
                                  QStringLiteral("respond")};
        for (const QString& type : types)
            FUZZ_ASSERT(known.contains(type), "HITL decision of an unknown type");
        break;
    }
    case PayloadShape::ToolApproval: {
        FUZZ_ASSERT(request.actions.size() == 1, "a tool approval of more than one action");
        FUZZ_ASSERT(answer.isObject(), "tool approval answer is not one decision object");
        const QJsonObject decision = answer.toObject();
        const std::optional<DecisionKind> kind = decisionKindFrom(typeOf(answer));
        FUZZ_ASSERT(kind.has_value(), "tool approval decision of an unknown type");
        // langchain's _decision_schema: the fields of the decision's own TypedDict and no others.
        QSet<QString> fields{QStringLiteral("type")};
        if (*kind == DecisionKind::Edit) {
            const QJsonObject edited = decision.value(QLatin1String("edited_action")).toObject();
            FUZZ_ASSERT(edited.value(QLatin1String("name")).toString() == request.actions.first().name,
                        "an edit that switches tools");
            FUZZ_ASSERT(edited.value(QLatin1String("args")).isObject() && edited.size() == 2,
                        "edited_action is not {name, args}");
            fields.insert(QStringLiteral("edited_action"));
        } else if (*kind == DecisionKind::Respond) {
            FUZZ_ASSERT(decision.value(QLatin1String("message")).isString(), "respond without its message");
            fields.insert(QStringLiteral("message"));
        } else if (*kind == DecisionKind::Reject && decision.contains(QLatin1String("message"))) {
            FUZZ_ASSERT(decision.value(QLatin1String("message")).isString(),
                        "reject message is not a string");
            fields.insert(QStringLiteral("message"));
        }
        const QStringList keys = decision.keys();
        FUZZ_ASSERT(QSet<QString>(keys.begin(), keys.end()) == fields,
                    "tool approval decision with other fields");
        types.append(typeOf(answer));
        break;
    }
    case PayloadShape::AgentInbox: {
        FUZZ_ASSERT(answer.isArray(), "Agent Inbox answer is not a list");
        FUZZ_ASSERT(answer.toArray().size() == std::max<qsizetype>(1, request.actions.size()),
                    "Agent Inbox answer count differs");
        const QSet<QString> known{QStringLiteral("accept"), QStringLiteral("ignore"),
                                  QStringLiteral("response"), QStringLiteral("edit")};
        for (const QJsonValue& response : answer.toArray()) {
            FUZZ_ASSERT(response.isObject() && response.toObject().contains(QLatin1String("args")),
                        "HumanResponse without args");
            FUZZ_ASSERT(known.contains(typeOf(response)), "HumanResponse of an unknown type");
            types.append(typeOf(response));
        }
        break;
    }
    case PayloadShape::Generic:
        FUZZ_ASSERT(answer.isString(), "Generic answer is not a string");
        FUZZ_ASSERT(answer.toString() == QLatin1String("approve") ||
                        answer.toString() == QLatin1String("reject"),
                    "Generic answer is neither approve nor reject");
        types.append(answer.toString());
        break;
    case PayloadShape::Run:
        FUZZ_ASSERT(answer.isObject(), "run answer is not an object");
        types.append(answer.toObject().value(QLatin1String("decision")).toString());
        FUZZ_ASSERT(types.first() == QLatin1String("approve") || types.first() == QLatin1String("edit") ||
                        types.first() == QLatin1String("reject"),
                    "run answer of an unknown decision");
        break;
    }
    return types;
}

bool approves(const QString& type)
{
    return type == QLatin1String("approve") || type == QLatin1String("accept") ||
           type == QLatin1String("edit");
}

void checkRequest(const Request& request)
{
    FUZZ_ASSERT(!request.actions.isEmpty(), "an accepted request without actions");
    FUZZ_ASSERT(request.payloadSha256 == sha256Hex(canonicalJson(request.payload)), "payload hash differs");
    FUZZ_ASSERT(actionCodeSha256s(request).size() == request.actions.size(), "a code hash per action");

    const QString reason = QStringLiteral("fuzz");
    for (const QString& type : answerTypes(request, rejectionFor(request, reason)))
        FUZZ_ASSERT(!approves(type), "the fail-closed rejection approves");
    if (request.shape != PayloadShape::Run) {
        for (const QString& type : answerTypes(request, approvalFor(request)))
            FUZZ_ASSERT(approves(type), "a rule's approval does not approve");
    }

    for (const DecisionKind kind : {DecisionKind::Approve, DecisionKind::Reject}) {
        PersonDecision decision;
        bool allowed = true;
        for (const ReviewAction& action : request.actions) {
            ActionDecision one;
            one.kind = kind;
            decision.actions.append(one);
            allowed = allowed && action.allowed.contains(kind);
        }
        QJsonValue result;
        QString error;
        const bool built = reviewResult(request, decision, &result, &error);
        FUZZ_ASSERT(built == allowed, "reviewResult disagrees with what the actions allow");
        if (!built) {
            FUZZ_ASSERT(!error.isEmpty(), "a refused decision without a reason");
            continue;
        }
        for (const QString& type : answerTypes(request, result))
            FUZZ_ASSERT(approves(type) == (kind == DecisionKind::Approve),
                        "the answer turns the decision over");
    }

    // Per-call tool approvals offer edit and respond too: built exactly when allowed, never
    // turned over (an edit goes ahead under the tool's own name, a respond does not).
    if (request.shape == PayloadShape::ToolApproval) {
        const ReviewAction& action = request.actions.first();
        for (const DecisionKind kind : {DecisionKind::Edit, DecisionKind::Respond}) {
            PersonDecision decision;
            ActionDecision one;
            one.kind = kind;
            one.editedArgs = action.args;
            one.message = QStringLiteral("fuzz");
            decision.actions.append(one);
            QJsonValue result;
            const bool built = reviewResult(request, decision, &result, nullptr);
            FUZZ_ASSERT(built == action.allowed.contains(kind),
                        "reviewResult disagrees with the response schema");
            if (built)
                FUZZ_ASSERT(answerTypes(request, result) == QStringList{decisionName(kind)},
                            "the answer is not the decision taken");
        }
    }

    // A decision with one action too many is always refused.
    PersonDecision tooMany;
    tooMany.actions.resize(request.actions.size() + 1);
    QJsonValue ignored;
    FUZZ_ASSERT(!reviewResult(request, tooMany, &ignored, nullptr), "a decision of the wrong size accepted");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 1)
        return 0;
    const bool isRun = data[0] == 'r';
    const QJsonDocument doc = QJsonDocument::fromJson(k8fuzz::bytes(data + 1, size - 1));
    if (!doc.isObject())
        return 0;
    Request request;
    RpcError error;
    bool accepted = false;
    if (isRun) {
        RunDefaults defaults;
        defaults.sandbox = QStringLiteral("dev");
        accepted = requestFromRun(doc.object(), QJsonValue(7), defaults, &request, &error);
    } else {
        accepted = requestFromReview(doc.object(), &request, &error);
    }
    if (!accepted) {
        FUZZ_ASSERT(error.code == ErrorCode::InvalidParams || error.code == ErrorCode::NoSandbox,
                    "refused params with an unexpected code");
        FUZZ_ASSERT(!error.message.isEmpty(), "refused params without a message");
        return 0;
    }
    FUZZ_ASSERT(isRun == (request.shape == PayloadShape::Run), "run and review shapes mixed up");
    checkRequest(request);
    return 0;
}
