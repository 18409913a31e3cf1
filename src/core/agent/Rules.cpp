#include "agent/Rules.h"

namespace k8::agent {

// Initial version: no rule ever matches (fail closed) until the full implementation lands.
bool RuleSet::load(const QString&, bool, QString*)
{
    m_rules.clear();
    return true;
}
bool RuleSet::save(const QString&, QString*) const
{
    return true;
}
void RuleSet::merge(const RuleSet& other)
{
    m_rules.append(other.m_rules);
}
std::optional<RuleMatch> RuleSet::match(const Request&) const
{
    return std::nullopt;
}
bool RuleSet::add(const Rule& rule, QString*)
{
    m_rules.append(rule);
    return true;
}
bool RuleSet::remove(const QString&)
{
    return false;
}
bool RuleSet::setEnabled(const QString&, bool)
{
    return false;
}
QString RuleSet::validate(const Rule&)
{
    return {};
}
QString RuleSet::decisionName(Rule::Decision decision)
{
    return decision == Rule::Decision::Approve ? QStringLiteral("approve") : QStringLiteral("reject");
}

} // namespace k8::agent
