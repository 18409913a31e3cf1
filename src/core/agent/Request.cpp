#include "agent/Request.h"

namespace k8::agent {

QString shapeName(PayloadShape shape)
{
    switch (shape) {
    case PayloadShape::HumanInTheLoop:
        return QStringLiteral("human-in-the-loop");
    case PayloadShape::AgentInbox:
        return QStringLiteral("agent-inbox");
    case PayloadShape::Generic:
        return QStringLiteral("generic");
    case PayloadShape::Run:
        return QStringLiteral("run");
    }
    return QStringLiteral("unknown");
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

} // namespace k8::agent
