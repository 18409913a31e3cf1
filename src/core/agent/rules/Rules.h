// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/payload/ActionBinding.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/request/Request.h"

#include <QJsonObject>
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
    // Lower-case hex. An approve rule names action_sha256 (the whole action, ActionBinding.h) or
    // code_sha256 (the code alone, which then matches only an action that holds nothing else).
    QString actionSha256;
    QString codeSha256;
    QString agent;                // chosen by the agent itself: narrows a rule, proves nothing
    std::optional<Method> method; // none: any method; methodName() in rules.json
    // The one server whose requests the rule matches (serverUrlKey() of its URL, "server" in
    // rules.json); it never matches a request that came over the socket. Empty: every source.
    QString server;
    bool enabled = true;
    bool readOnly = false; // from a --rules FILE
    QString source;        // the file it was read from (empty: added in the app)
    // What action_sha256 binds (ActionBinding::bound()), kept beside it so that a person sees the
    // code, sandbox and image a rule approves, not only a hash. Optional ("action" in rules.json;
    // rules the app saves have it). Checked against the hash when read.
    QJsonObject action;
    // Names the rule had before the person renamed it, oldest first: past ledger entries keep
    // the name they were decided by ("earlier_names").
    QStringList earlierNames;
    // Why this rule never matches although its file is valid: its action does not hash to its
    // action_sha256 (someone edited one of them). Empty for a sound rule.
    QString problem;
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
    // never match. A rule that names a server matches only requests whose origin names the same
    // server (RequestOrigin::server, compared as serverUrlKey()). A reject rule matches by agent,
    // method, server, and (in one action) code_sha256 and action_sha256. An approve match needs
    // every action to allow approval and to be bound by a matching approve rule: by its
    // action_sha256, or by code_sha256 alone when the action holds nothing but that code (which
    // for a run depends on the app's run defaults). A request that writes a number otherwise
    // than in canonical form (Request::nonCanonicalNumber) is never approved.
    std::optional<RuleMatch> match(const Request& request, const RunDefaults& defaults) const;
    // The same with the bindings already computed (actionBindings(request, defaults)).
    std::optional<RuleMatch> match(const Request& request, const QList<ActionBinding>& bindings) const;

    QList<Rule> rules() const { return m_rules; }
    // Validates like load() and refuses duplicate names and read-only rules.
    bool add(const Rule& rule, QString* error);
    // Only writable rules can be removed or switched; false when there is no such rule.
    bool remove(const QString& name);
    bool setEnabled(const QString& name, bool enabled);
    // Renames a writable rule, keeping its old name in earlierNames; refuses an empty or taken
    // name (`taken`: names in use beyond this set, the read-only file's).
    bool rename(const QString& name, const QString& newName, const QStringList& taken, QString* error);

    // Why a rule is not acceptable, or empty.
    static QString validate(const Rule& rule);
    static QString decisionName(Rule::Decision decision); // "approve" / "reject"
    // The decision for its name in rules.json; nullopt for any other text.
    static std::optional<Rule::Decision> decisionFrom(const QString& name);

private:
    QList<Rule> m_rules;
};

} // namespace k8::agent
