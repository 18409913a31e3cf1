#pragma once

#include "agent/Request.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace k8::agent {

// One standing rule of rules.json (protocol.md "Standing rules").
struct Rule
{
    enum class Decision
    {
        Approve,
        Reject
    };
    QString name;
    Decision decision = Decision::Reject;
    QString codeSha256; // lower-case hex; required for Approve
    QString agent;
    QString method; // "review" or "run"
    bool enabled = true;
    bool readOnly = false; // from a --rules FILE
    QString source;        // the file it was read from (empty: added in the app)
};

struct RuleMatch
{
    QString ruleName; // for the ledger's decided_by "rule:NAME"; several joined with ','
    Rule::Decision decision = Rule::Decision::Reject;
};

// The rules in force: the app's own rules.json (writable) plus an optional read-only extra file.
class RuleSet
{
public:
    // Reads {"rules":[...]}. Missing file: true and empty. Invalid file: false, *error names the
    // file, the line (of the offending rule, or of the JSON syntax error) and the reason, and the
    // set stays empty so none of its rules apply.
    bool load(const QString& path, bool readOnly, QString* error);
    // Writes the writable rules (disabled ones keep "enabled": false) atomically.
    bool save(const QString& path, QString* error) const;
    // Adds the rules of another set (the read-only extra file).
    void merge(const RuleSet& other);

    // Reject rules win over approve rules; every field a rule names must match; disabled rules
    // never match. An approve match needs every action to hold code, every action to allow
    // approval, and every action's code SHA-256 to be named by a matching approve rule.
    std::optional<RuleMatch> match(const Request& request) const;
    // The same with each action's code SHA-256 already computed (actionCodeSha256s(request)).
    std::optional<RuleMatch> match(const Request& request, const QStringList& codeSha256s) const;

    QList<Rule> rules() const { return m_rules; }
    // Validates like load() and refuses duplicate names and read-only rules.
    bool add(const Rule& rule, QString* error);
    // Only writable rules can be removed or switched; false when there is no such rule.
    bool remove(const QString& name);
    bool setEnabled(const QString& name, bool enabled);

    // Why a rule is not acceptable, or empty.
    static QString validate(const Rule& rule);
    static QString decisionName(Rule::Decision decision); // "approve" / "reject"

private:
    QList<Rule> m_rules;
};

} // namespace k8::agent
