// SPDX-License-Identifier: Apache-2.0
#include "agent/request/RequestEnd.h"

namespace k8::agent {

namespace {
const QString RulePrefix = QStringLiteral("rule:");
} // namespace

RequestEnd requestEndFrom(const QString& decidedBy)
{
    // The strings AgentService passes to requestRemoved() (src/core/agent/AgentService.cpp).
    if (decidedBy == QLatin1String("person"))
        return RequestEnd::Person;
    if (decidedBy.startsWith(RulePrefix))
        return RequestEnd::Rule;
    if (decidedBy == QLatin1String("timeout"))
        return RequestEnd::TimedOut;
    if (decidedBy == QLatin1String("withdrawn"))
        return RequestEnd::Withdrawn;
    if (decidedBy == QLatin1String("shutdown"))
        return RequestEnd::Shutdown;
    if (decidedBy == QLatin1String("elsewhere"))
        return RequestEnd::Elsewhere;
    return RequestEnd::Other;
}

QString ruleNameFrom(const QString& decidedBy)
{
    return decidedBy.startsWith(RulePrefix) ? decidedBy.mid(RulePrefix.size()) : QString();
}

} // namespace k8::agent
