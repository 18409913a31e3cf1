// SPDX-License-Identifier: Apache-2.0
// Rules files (protocol.md "Standing rules"): RuleSet::load and RuleStore::reload of a rules.json
// with the input as its content, then matching a few requests against what was read.
// Invariants: an invalid file gives no rules and says why; every rule read is valid; saving what
// was read and reading it again gives the same rules; matching never approves a request whose
// action no approve rule binds; a rule limited to a server never decides another source's request.
#include "FuzzSupport.h"

#include "agent/payload/ActionBinding.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/rules/RuleStore.h"
#include "agent/rules/Rules.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace k8::agent;

namespace {

bool sameRules(const QList<Rule>& a, const QList<Rule>& b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const Rule& x = a[i];
        const Rule& y = b[i];
        if (x.name != y.name || x.decision != y.decision || x.actionSha256 != y.actionSha256 ||
            x.codeSha256 != y.codeSha256 || x.agent != y.agent || x.method != y.method ||
            x.enabled != y.enabled || x.server != y.server)
            return false;
    }
    return true;
}

Request reviewOf(const char* params)
{
    Request request;
    RpcError error;
    const bool ok = requestFromReview(QJsonDocument::fromJson(params).object(), &request, &error);
    FUZZ_ASSERT(ok, "a fixed request was refused");
    return request;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QString path = k8fuzz::scratchFolder() + QStringLiteral("/rules.json");
    k8fuzz::writeFile(path, k8fuzz::bytes(data, size));

    RuleSet set;
    QString error;
    const bool loaded = set.load(path, false, &error);
    if (!loaded) {
        FUZZ_ASSERT(set.rules().isEmpty(), "an invalid file contributed rules");
        FUZZ_ASSERT(!error.isEmpty(), "an invalid file without a reason");
    } else {
        for (const Rule& rule : set.rules())
            FUZZ_ASSERT(RuleSet::validate(rule).isEmpty(), "an invalid rule was read");
        const QString copy = k8fuzz::scratchFolder() + QStringLiteral("/copy.json");
        FUZZ_ASSERT(set.save(copy, &error), "rules that were read cannot be saved");
        RuleSet again;
        FUZZ_ASSERT(again.load(copy, false, &error), "saved rules do not read back");
        FUZZ_ASSERT(sameRules(set.rules(), again.rules()), "saved rules read back differently");
    }

    RuleStore store;
    store.setPaths(path, QString());
    const bool reloaded = store.reload();
    FUZZ_ASSERT(reloaded == loaded, "RuleStore and RuleSet disagree about the file");
    FUZZ_ASSERT(reloaded || !store.loadProblems().isEmpty(), "RuleStore failed without saying why");

    static const Request generic = reviewOf(R"json({"payload":{"code":"print(1)"},"agent":"a"})json");
    static const Request hitl = reviewOf(
        R"json({"payload":{"action_requests":[{"name":"shell","args":{"command":"ls"}}],)json"
        R"json("review_configs":[{"action_name":"shell","allowed_decisions":["approve","reject"]}]}})json");
    static const Request hitlFromServer = [] {
        Request request = hitl;
        request.origin.server = QStringLiteral("http://127.0.0.1:2024");
        return request;
    }();
    const RunDefaults defaults;
    for (const Request* request : {&generic, &hitl, &hitlFromServer}) {
        const std::optional<RuleMatch> found = store.rules().match(*request, defaults);
        if (!found)
            continue;
        // A rule limited to a server decides only that server's requests (issue 27).
        for (const QString& name : found->ruleName.split(u',')) {
            for (const Rule& rule : store.rules().rules()) {
                if (rule.name == name && !rule.server.isEmpty())
                    FUZZ_ASSERT(rule.server == serverUrlKey(request->origin.server),
                                "a rule limited to a server decided another source's request");
            }
        }
        if (found->decision != Rule::Decision::Approve)
            continue;
        // An approval needs an enabled approve rule binding each action.
        const QList<ActionBinding> bindings = actionBindings(*request, defaults);
        for (const ActionBinding& binding : bindings) {
            FUZZ_ASSERT(binding.exact, "a rule approved an action its hash cannot stand for");
            bool bound = false;
            for (const Rule& rule : store.rules().rules()) {
                if (rule.enabled && rule.decision == Rule::Decision::Approve &&
                    ((!rule.actionSha256.isEmpty() && rule.actionSha256 == binding.actionSha256) ||
                     (!rule.codeSha256.isEmpty() && rule.codeSha256 == binding.codeSha256)))
                    bound = true;
            }
            FUZZ_ASSERT(bound, "approved an action no approve rule binds");
        }
    }
    return 0;
}
