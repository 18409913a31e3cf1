// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/rules/Rules.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <functional>

namespace k8::agent {

// The standing rules the service decides by: the app's own rules.json (writable) and the extra
// file given with --rules (read-only), kept merged for matching. Changes apply to the own rules
// only; each one is saved to rules.json and then both files are read again, so what matches is
// always what is on disk. Names are unique: a rule added under a taken name gets `-2`, `-3`, ...
//
//   RuleStore store;
//   store.setPaths(settings.rulesPath(), settings.rulesFile);
//   if (!store.reload()) report store.loadProblems();
//   store.addRejectAgent(QStringLiteral("evil"), {}, &error);
class RuleStore
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::RuleStore)
public:
    // `ownPath`: rules.json, which the app writes. `extraPath`: a read-only file, or empty.
    void setPaths(const QString& ownPath, const QString& extraPath);

    // Reads both files. An invalid file contributes no rules; false then, and loadProblems()
    // says why (one line per file). A rule whose action does not hash to its action_sha256
    // stays listed but never matches; false too, with a line for it.
    bool reload();
    QString loadProblems() const { return m_loadProblems; }
    // Own plus extra rules, what matching uses.
    const RuleSet& rules() const { return m_rules; }

    // A code_sha256 approve rule for `codeSha256`, unless an equal enabled one exists.
    bool addApproveCode(const QString& codeSha256, QString* error);
    // Action approve rules (decision approve, actionSha256 and name set, server where limited),
    // each unless an equal enabled one, or one for every source, exists; all or none are saved.
    bool addApproveActions(const QList<Rule>& wanted, QString* error);
    // A reject rule for every request of `agent` (from `server` only, unless it is empty), unless
    // an equal enabled one, or one for every source, exists.
    bool addRejectAgent(const QString& agent, const QString& server, QString* error);
    // False with *error for a rule that is not one of the own rules (extra rules are read-only).
    bool setEnabled(const QString& name, bool enabled, QString* error);
    bool remove(const QString& name, QString* error);
    // Renames one of the own rules (its old name joins its earlier names); a name any rule in
    // force has, the read-only file's included, is refused.
    bool rename(const QString& name, const QString& newName, QString* error);

    // A name for an action rule: "approve-<label as plain characters>-<first 12 of the hash>".
    // The label comes from the agent, so only a-z and 0-9 of it are kept.
    static QString actionRuleName(const QString& label, const QString& actionSha256);

private:
    // Applies `change` to a copy of the own rules, saves rules.json and reloads. Refused while
    // rules.json is invalid, as saving would overwrite what the person still has to fix.
    bool changeOwn(const std::function<bool(RuleSet*, QString*)>& change, QString* error);

    QString m_ownPath;
    QString m_extraPath;
    RuleSet m_ownRules; // rules.json (writable)
    bool m_ownRulesValid = true;
    RuleSet m_rules; // own + read-only extra
    QString m_loadProblems;
};

} // namespace k8::agent
