// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/EgressPolicy.h"
#include "policy/EgressEntry.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace k8::kosa8 {
class CommandProfile;
}

namespace k8::policy {

// A sandbox's egress as the editor holds it: a mode and, for the allow-list, entries with notes.
// Notes and the typed spelling stay in the app; kosa8 gets the mode or the entries' sent forms.
struct EgressRules
{
    Q_DECLARE_TR_FUNCTIONS(k8::policy::EgressRules)
public:
    using Mode = kosa8::EgressPolicy::Mode; // Deny, Any, Fakenet, Allow (Unknown is never edited)

    struct Item
    {
        QString entry; // as typed
        QString note;
        bool operator==(const Item& other) const = default;
    };

    Mode mode = Mode::Deny;
    QList<Item> items; // only for Allow

    bool operator==(const EgressRules& other) const;

    // From what kosa8 reports (sandbox ls); Unknown becomes Deny plus *unknownText set, so an
    // editor never shows a made-up policy as the current one without saying so.
    static EgressRules fromKosa8(const kosa8::EgressPolicy& policy, QString* unknownText = nullptr);
    // To the kosa8 form: the mode, or the entries' sent forms (punycode, no trailing dot).
    // Invalid entries are left out; the editor does not let them through.
    kosa8::EgressPolicy toKosa8() const;
    QStringList sentHosts() const;

    // "deny", "any", "fakenet", "allow".
    static QString modeKey(Mode mode);
    static bool modeFromKey(const QString& key, Mode* mode);
    // One sentence saying what a mode means, for the editor.
    static QString modeSentence(Mode mode);
    // At a glance, for the sandbox list: "no network", "3 hosts", "any", "fakenet".
    static QString glance(const kosa8::EgressPolicy& policy);
};

// What validation says about each entry of an allow-list, in table order.
struct EntryCheck
{
    EgressEntry parsed;
    QString error;        // refused: invalid or a duplicate
    QString warning;      // kept but marked: already covered by another entry
    int duplicateOf = -1; // index of the first identical entry
    int coveredBy = -1;   // index of an entry that already allows all of this one
    bool isUsable() const { return error.isEmpty(); }
};

QList<EntryCheck> checkEntries(const QList<EgressRules::Item>& items);
// Empty when the rules can be sent; else the first problem, naming the entry.
QString rulesProblem(const EgressRules& rules);

// The one answer to "may this sandbox reach host[:port], and why (not)".
struct MatchResult
{
    enum class Verdict
    {
        Allowed,
        Blocked,
        Simulated, // fakenet: answered inside the sandbox, nothing leaves
        Invalid    // the destination itself is not a host
    };
    Verdict verdict = Verdict::Blocked;
    int entryIndex = -1; // the allowing entry (Allowed by an allow-list)
    QString entry;       // its typed text
    QString reason;      // "allowed by *.pythonhosted.org", "blocked: not in the allow-list"
    bool allowed() const { return verdict == Verdict::Allowed; }
};

// Matches a destination ("pypi.org", "pypi.org:443", "[::1]:8080", "10.1.2.3"). Among the
// entries that allow it, the most specific one decides (exact name or address, then the longest
// wildcard suffix or block prefix, then table order): the order of the table never changes the
// verdict, only which entry is named.
MatchResult match(const EgressRules& rules, const QString& destination);
MatchResult match(const EgressRules& rules, const Destination& destination);
// The same with checkEntries(rules.items) computed once by the caller (many destinations).
MatchResult match(const EgressRules& rules, const QList<EntryCheck>& checks, const Destination& destination);

// Argv pieces from the command profile's fragments: "--egress MODE" or "--egress-allow HOST"...
QStringList egressArguments(const kosa8::CommandProfile& profile, const EgressRules& rules);
// Parameters for `sandbox egress NAME {egress...}` (Kosa8Runner validates each host again).
QVariantMap egressChangeParams(const kosa8::CommandProfile& profile, const QString& sandbox,
                               const EgressRules& rules);

// A readable diff of two policies for the confirmation: lines starting "+ ", "- " or "  ".
QStringList describeChange(const EgressRules& current, const EgressRules& next);

// Policy files: {"version": 1, "mode": "allow", "entries": [{"entry": "pypi.org", "note": ""}]}.
QByteArray toJson(const EgressRules& rules);
// Reads a policy file. On any problem returns false, leaves *rules unchanged and sets *error to
// "line N: reason" (nothing is half-imported).
bool fromJson(const QByteArray& data, EgressRules* rules, QString* error);

} // namespace k8::policy
