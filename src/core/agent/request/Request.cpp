// SPDX-License-Identifier: Apache-2.0
#include "agent/request/Request.h"

namespace k8::agent {

QString shapeName(PayloadShape shape)
{
    switch (shape) {
    case PayloadShape::HumanInTheLoop:
        return QStringLiteral("human-in-the-loop");
    case PayloadShape::ToolApproval:
        return QStringLiteral("tool-approval");
    case PayloadShape::AgentInbox:
        return QStringLiteral("agent-inbox");
    case PayloadShape::Generic:
        return QStringLiteral("generic");
    case PayloadShape::Run:
        return QStringLiteral("run");
    }
    return QStringLiteral("unknown");
}

QString methodName(Method method)
{
    switch (method) {
    case Method::Review:
        return QStringLiteral("review");
    case Method::Run:
        return QStringLiteral("run");
    }
    return QStringLiteral("unknown");
}

std::optional<Method> methodFrom(const QString& name)
{
    for (Method method : {Method::Review, Method::Run}) {
        if (name == methodName(method))
            return method;
    }
    return std::nullopt;
}

QString decisionName(DecisionKind kind)
{
    switch (kind) {
    case DecisionKind::Approve:
        return QStringLiteral("approve");
    case DecisionKind::Edit:
        return QStringLiteral("edit");
    case DecisionKind::Reject:
        return QStringLiteral("reject");
    case DecisionKind::Respond:
        return QStringLiteral("respond");
    }
    return QStringLiteral("unknown");
}

std::optional<DecisionKind> decisionKindFrom(const QString& name)
{
    for (DecisionKind kind :
         {DecisionKind::Approve, DecisionKind::Edit, DecisionKind::Reject, DecisionKind::Respond}) {
        if (name == decisionName(kind))
            return kind;
    }
    return std::nullopt;
}

bool goesAhead(DecisionKind kind)
{
    return kind == DecisionKind::Approve || kind == DecisionKind::Edit;
}

} // namespace k8::agent
