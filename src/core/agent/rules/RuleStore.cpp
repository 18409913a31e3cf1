// SPDX-License-Identifier: Apache-2.0
#include "agent/rules/RuleStore.h"

#include <QStringList>

#include <algorithm>

namespace k8::agent {

namespace {

// Adds `rule` as `base`, or `base-2`, `base-3`, ... when a rule of that name exists already.
bool addUnderFreeName(RuleSet* rules, Rule rule, const QString& base, QString* error)
{
    rule.name = base;
    for (int suffix = 2; !rules->add(rule, error); ++suffix) {
        if (suffix > 100)
            return false;
        rule.name = base + QLatin1Char('-') + QString::number(suffix);
    }
    return true;
}

// Lower-case a-z and 0-9 of `text`, everything else as '-' (for names people read).
QString plainSlug(const QString& text)
{
    QString slug;
    for (const QChar c : text) {
        const bool plain = (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
        slug.append(plain ? c : QChar(u'-'));
    }
    return slug;
}

} // namespace

void RuleStore::setPaths(const QString& ownPath, const QString& extraPath)
{
    m_ownPath = ownPath;
    m_extraPath = extraPath;
}

bool RuleStore::reload()
{
    QStringList problems;
    RuleSet own;
    QString ownError;
    m_ownRulesValid = own.load(m_ownPath, false, &ownError);
    if (!m_ownRulesValid) {
        problems.append(ownError);
        own = RuleSet();
    }
    RuleSet extra;
    if (!m_extraPath.isEmpty()) {
        QString extraError;
        if (!extra.load(m_extraPath, true, &extraError)) {
            problems.append(extraError);
            extra = RuleSet();
        }
    }
    m_ownRules = own;
    m_rules = own;
    m_rules.merge(extra);
    for (const Rule& rule : m_rules.rules()) {
        if (!rule.problem.isEmpty())
            problems.append(
                tr("Rules file %1, rule \"%2\": %3.")
                    .arg(rule.source.isEmpty() ? m_ownPath : rule.source, rule.name, rule.problem));
    }
    m_loadProblems = problems.join(QLatin1Char('\n'));
    return problems.isEmpty();
}

bool RuleStore::changeOwn(const std::function<bool(RuleSet*, QString*)>& change, QString* error)
{
    QString localError;
    QString* out = error ? error : &localError;
    if (!m_ownRulesValid) {
        // Saving now would overwrite the file the person still has to fix.
        *out = tr("%1 is invalid; fix or remove it before changing rules, so that nothing in it is lost.")
                   .arg(m_ownPath);
        return false;
    }
    RuleSet updated = m_ownRules;
    if (!change(&updated, out))
        return false;
    if (!updated.save(m_ownPath, out))
        return false;
    reload();
    return true;
}

bool RuleStore::addApproveCode(const QString& codeSha256, QString* error)
{
    return changeOwn(
        [&codeSha256](RuleSet* rules, QString* out) {
            for (const Rule& existing : rules->rules()) {
                if (existing.decision == Rule::Decision::Approve && existing.codeSha256 == codeSha256 &&
                    existing.agent.isEmpty() && !existing.method && existing.enabled)
                    return true; // already approved exactly like this
            }
            Rule rule;
            rule.decision = Rule::Decision::Approve;
            rule.codeSha256 = codeSha256;
            return addUnderFreeName(rules, rule, QStringLiteral("approve-code-") + codeSha256.left(12), out);
        },
        error);
}

bool RuleStore::addApproveActions(const QList<Rule>& wanted, QString* error)
{
    return changeOwn(
        [&wanted](RuleSet* rules, QString* out) {
            for (const Rule& rule : wanted) {
                const QList<Rule> existing = rules->rules();
                const bool present =
                    std::any_of(existing.begin(), existing.end(), [&rule](const Rule& other) {
                        return other.decision == Rule::Decision::Approve &&
                               other.actionSha256 == rule.actionSha256 && other.codeSha256.isEmpty() &&
                               other.agent.isEmpty() && !other.method && other.enabled &&
                               other.problem.isEmpty() &&
                               // a rule for every source covers one limited to a server
                               (other.server.isEmpty() || other.server == serverUrlKey(rule.server));
                    });
                if (!present && !addUnderFreeName(rules, rule, rule.name, out))
                    return false;
            }
            return true;
        },
        error);
}

bool RuleStore::addRejectAgent(const QString& agent, const QString& server, QString* error)
{
    return changeOwn(
        [&agent, &server](RuleSet* rules, QString* out) {
            const QString serverKey = serverUrlKey(server);
            for (const Rule& existing : rules->rules()) {
                if (existing.decision == Rule::Decision::Reject && existing.agent == agent &&
                    existing.codeSha256.isEmpty() && existing.actionSha256.isEmpty() && !existing.method &&
                    existing.enabled && (existing.server.isEmpty() || existing.server == serverKey))
                    return true;
            }
            Rule rule;
            rule.decision = Rule::Decision::Reject;
            rule.agent = agent;
            rule.server = server;
            return addUnderFreeName(
                rules, rule, QStringLiteral("reject-agent-") + plainSlug(agent.toLower()).left(40), out);
        },
        error);
}

bool RuleStore::setEnabled(const QString& name, bool enabled, QString* error)
{
    return changeOwn(
        [&name, enabled](RuleSet* rules, QString* out) {
            if (rules->setEnabled(name, enabled))
                return true;
            *out =
                tr("There is no rule '%1' that the app may change (rules from a --rules file are read-only).")
                    .arg(name);
            return false;
        },
        error);
}

bool RuleStore::remove(const QString& name, QString* error)
{
    return changeOwn(
        [&name](RuleSet* rules, QString* out) {
            if (rules->remove(name))
                return true;
            *out =
                tr("There is no rule '%1' that the app may remove (rules from a --rules file are read-only).")
                    .arg(name);
            return false;
        },
        error);
}

bool RuleStore::rename(const QString& name, const QString& newName, QString* error)
{
    QStringList readOnlyNames;
    for (const Rule& rule : m_rules.rules()) {
        if (rule.readOnly)
            readOnlyNames.append(rule.name);
    }
    return changeOwn(
        [&](RuleSet* rules, QString* out) { return rules->rename(name, newName, readOnlyNames, out); },
        error);
}

QString RuleStore::actionRuleName(const QString& label, const QString& actionSha256)
{
    return QStringLiteral("approve-") + plainSlug(label.toLower()).left(40) + QLatin1Char('-') +
           actionSha256.left(12);
}

} // namespace k8::agent
