// SPDX-License-Identifier: Apache-2.0
// Egress policy files (policy/EgressRules fromJson/toJson) and what the editor does with them:
// entry checks, the problem summary, argv-free matching of a few destinations and the diff.
// Invariants: a refused file leaves the rules as they were and says why; a file that is read
// writes back to one that reads to the same rules; only the Allow mode lets a destination
// through, and only by an entry that is usable and allows it.
#include "FuzzSupport.h"

#include "policy/EgressRules.h"

using namespace k8::policy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    EgressRules rules;
    rules.mode = EgressRules::Mode::Fakenet;
    const EgressRules before = rules;
    QString error;
    if (!fromJson(k8fuzz::bytes(data, size), &rules, &error)) {
        FUZZ_ASSERT(rules == before, "a refused file changed the rules");
        FUZZ_ASSERT(!error.isEmpty(), "a refused file without a reason");
        return 0;
    }
    EgressRules again;
    QString againError;
    FUZZ_ASSERT(fromJson(toJson(rules), &again, &againError), "written rules do not read back");
    FUZZ_ASSERT(again == rules, "written rules read back differently");

    const QList<EntryCheck> checks = checkEntries(rules.items);
    FUZZ_ASSERT(checks.size() == rules.items.size(), "a check per entry");
    (void)rulesProblem(rules);
    (void)describeChange(before, rules);
    for (const char* target :
         {"pypi.org", "pypi.org:443", "files.pythonhosted.org", "10.1.2.3", "[::1]:8080", "example.com:80"}) {
        const MatchResult result = match(rules, checks, Destination::parse(QString::fromLatin1(target)));
        if (!result.allowed())
            continue;
        FUZZ_ASSERT(rules.mode == EgressRules::Mode::Any || rules.mode == EgressRules::Mode::Allow,
                    "a mode without traffic let a destination through");
        if (rules.mode == EgressRules::Mode::Allow) {
            FUZZ_ASSERT(result.entryIndex >= 0 && result.entryIndex < checks.size(), "allowed by no entry");
            const EntryCheck& check = checks.at(result.entryIndex);
            FUZZ_ASSERT(check.isUsable(), "allowed by a refused entry");
            FUZZ_ASSERT(entryAllows(check.parsed, Destination::parse(QString::fromLatin1(target))),
                        "allowed by an entry that does not allow it");
        }
    }
    return 0;
}
