// SPDX-License-Identifier: Apache-2.0
// RuleStore (src/core/agent/rules/RuleStore.h): the own rules.json and the read-only --rules file,
// unique names, enable/disable/remove/rename of own rules only, the action a rule binds kept and
// checked against its hash, and no save over an invalid rules.json.
// Real files in a temporary folder.
#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/rules/RuleStore.h"

#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace k8::agent;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

QStringList namesOf(const RuleSet& rules)
{
    QStringList names;
    for (const Rule& rule : rules.rules())
        names.append(rule.name);
    return names;
}

const Rule* ruleNamed(const RuleSet& rules, const QString& name, QList<Rule>* storage)
{
    *storage = rules.rules();
    for (const Rule& rule : std::as_const(*storage)) {
        if (rule.name == name)
            return &rule;
    }
    return nullptr;
}

} // namespace

class TestRuleStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mergesOwnAndReadOnlyExtra()
    {
        QTemporaryDir dir;
        const QString own = dir.filePath(QStringLiteral("rules.json"));
        const QString extra = dir.filePath(QStringLiteral("extra.json"));
        QVERIFY(
            writeFile(extra, R"j({"rules": [{"name": "no-evil", "decision": "reject", "agent": "evil"}]})j"));
        RuleStore store;
        store.setPaths(own, extra);
        QVERIFY2(store.reload(), qPrintable(store.loadProblems())); // a missing rules.json is empty
        QCOMPARE(namesOf(store.rules()), QStringList{QStringLiteral("no-evil")});
        QVERIFY(store.rules().rules().first().readOnly);

        QString error;
        QVERIFY2(store.addRejectAgent(QStringLiteral("Bad Bot!"), {}, &error), qPrintable(error));
        QVERIFY(QFile::exists(own));
        QCOMPARE(namesOf(store.rules()),
                 (QStringList{QStringLiteral("reject-agent-bad-bot-"), QStringLiteral("no-evil")}));

        // Extra rules are read-only: neither switched off nor removed, and the file is untouched.
        const QByteArray extraBefore = [&] {
            QFile f(extra);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        QVERIFY(!store.setEnabled(QStringLiteral("no-evil"), false, &error));
        QVERIFY2(error.contains(QStringLiteral("read-only")), qPrintable(error));
        error.clear();
        QVERIFY(!store.remove(QStringLiteral("no-evil"), &error));
        QVERIFY2(error.contains(QStringLiteral("read-only")), qPrintable(error));
        QFile after(extra);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), extraBefore);
        QVERIFY(namesOf(store.rules()).contains(QStringLiteral("no-evil")));
    }

    void namesAreUnique()
    {
        QTemporaryDir dir;
        RuleStore store;
        store.setPaths(dir.filePath(QStringLiteral("rules.json")), QString());
        QVERIFY(store.reload());
        const QString hashA = sha256Hex("print(1)");
        const QString hashB = sha256Hex("print(2)");
        Rule first;
        first.decision = Rule::Decision::Approve;
        first.actionSha256 = hashA;
        first.name = RuleStore::actionRuleName(QStringLiteral("Run_Python"), hashA);
        QCOMPARE(first.name, QStringLiteral("approve-run-python-") + hashA.left(12));
        Rule second = first;
        second.actionSha256 = hashB; // another action under a name that is taken
        QString error;
        QVERIFY2(store.addApproveActions({first, second}, &error), qPrintable(error));
        QCOMPARE(namesOf(store.rules()), (QStringList{first.name, first.name + QStringLiteral("-2")}));
        // The same action again adds nothing.
        QVERIFY(store.addApproveActions({first}, &error));
        QCOMPARE(store.rules().rules().size(), 2);

        QVERIFY(store.addApproveCode(hashA, &error));
        QVERIFY(store.addApproveCode(hashA, &error)); // already there: no second rule
        QCOMPARE(namesOf(store.rules()).last(), QStringLiteral("approve-code-") + hashA.left(12));
        QCOMPARE(store.rules().rules().size(), 3);

        // What is saved is read back the same by a fresh store.
        RuleStore again;
        again.setPaths(dir.filePath(QStringLiteral("rules.json")), QString());
        QVERIFY(again.reload());
        QCOMPARE(namesOf(again.rules()), namesOf(store.rules()));
    }

    // Issue 27: rules limited to a server are saved with it; a rule for every source already
    // covers the same rule limited to one server, not the other way round.
    void serverLimitedRulesAreSavedWithTheirServer()
    {
        QTemporaryDir dir;
        const QString own = dir.filePath(QStringLiteral("rules.json"));
        RuleStore store;
        store.setPaths(own, QString());
        QVERIFY(store.reload());
        const QString server = QStringLiteral("http://127.0.0.1:2024");
        QString error;
        QVERIFY2(store.addRejectAgent(QStringLiteral("hitl"), server + QLatin1Char('/'), &error),
                 qPrintable(error));
        QVERIFY2(store.addRejectAgent(QStringLiteral("hitl"), server, &error), qPrintable(error));
        QCOMPARE(namesOf(store.rules()), QStringList{QStringLiteral("reject-agent-hitl")});
        // For every source: a rule of its own, and then the limited one adds nothing.
        QVERIFY2(store.addRejectAgent(QStringLiteral("hitl"), {}, &error), qPrintable(error));
        QVERIFY2(store.addRejectAgent(QStringLiteral("hitl"), QStringLiteral("http://10.0.0.1:2024"), &error),
                 qPrintable(error));
        QCOMPARE(namesOf(store.rules()),
                 (QStringList{QStringLiteral("reject-agent-hitl"), QStringLiteral("reject-agent-hitl-2")}));

        Rule action;
        action.decision = Rule::Decision::Approve;
        action.actionSha256 = sha256Hex("print(1)");
        action.name = RuleStore::actionRuleName(QStringLiteral("python"), action.actionSha256);
        action.server = server;
        QVERIFY2(store.addApproveActions({action}, &error), qPrintable(error));
        Rule elsewhere = action;
        elsewhere.server = QStringLiteral("http://10.0.0.1:2024");
        QVERIFY2(store.addApproveActions({elsewhere}, &error), qPrintable(error));
        QCOMPARE(store.rules().rules().size(), 4);

        RuleStore reread;
        reread.setPaths(own, QString());
        QVERIFY2(reread.reload(), qPrintable(reread.loadProblems()));
        QStringList servers;
        for (const Rule& rule : reread.rules().rules())
            servers.append(rule.server);
        QCOMPARE(servers, (QStringList{server, QString(), server, QStringLiteral("http://10.0.0.1:2024")}));
    }

    void enableDisableAndRemoveOwnRules()
    {
        QTemporaryDir dir;
        const QString own = dir.filePath(QStringLiteral("rules.json"));
        RuleStore store;
        store.setPaths(own, QString());
        QVERIFY(store.reload());
        QString error;
        QVERIFY(store.addRejectAgent(QStringLiteral("evil"), {}, &error));
        const QString name = QStringLiteral("reject-agent-evil");
        QList<Rule> storage;
        QVERIFY(ruleNamed(store.rules(), name, &storage));
        QVERIFY(ruleNamed(store.rules(), name, &storage)->enabled);

        QVERIFY2(store.setEnabled(name, false, &error), qPrintable(error));
        QVERIFY(!ruleNamed(store.rules(), name, &storage)->enabled);
        RuleStore reread;
        reread.setPaths(own, QString());
        QVERIFY(reread.reload());
        QVERIFY(!ruleNamed(reread.rules(), name, &storage)->enabled); // saved
        // A disabled rule does not count as present: the same rule is added again.
        QVERIFY(store.addRejectAgent(QStringLiteral("evil"), {}, &error));
        QCOMPARE(namesOf(store.rules()), (QStringList{name, name + QStringLiteral("-2")}));

        QVERIFY(store.remove(name, &error));
        QCOMPARE(namesOf(store.rules()), QStringList{name + QStringLiteral("-2")});
        QVERIFY(!store.remove(name, &error));
        QVERIFY2(error.contains(name), qPrintable(error));
    }

    // Issue 25, defect 3: a rule keeps the action it binds beside its hash, read back as saved;
    // an action that does not hash to the rule's action_sha256 turns that rule off and says so,
    // the other rules of the file still apply.
    void rulesKeepTheActionTheyBind()
    {
        QTemporaryDir dir;
        const QString own = dir.filePath(QStringLiteral("rules.json"));
        const QJsonObject action{{QStringLiteral("method"), QStringLiteral("run")},
                                 {QStringLiteral("language"), QStringLiteral("python")},
                                 {QStringLiteral("code"), QStringLiteral("print(1)")},
                                 {QStringLiteral("sandbox"), QStringLiteral("box1")},
                                 {QStringLiteral("image"), QStringLiteral("python:3.12-slim")},
                                 {QStringLiteral("checkpoint"), true}};
        const QString hash = sha256Hex(canonicalJson(QJsonValue(action)));
        Rule rule;
        rule.decision = Rule::Decision::Approve;
        rule.actionSha256 = hash;
        rule.action = action;
        rule.name = RuleStore::actionRuleName(QStringLiteral("run"), hash);
        RuleStore store;
        store.setPaths(own, QString());
        QVERIFY(store.reload());
        QString error;
        QVERIFY2(store.addApproveActions({rule}, &error), qPrintable(error));
        RuleStore reread;
        reread.setPaths(own, QString());
        QVERIFY2(reread.reload(), qPrintable(reread.loadProblems()));
        QList<Rule> storage;
        const Rule* read = ruleNamed(reread.rules(), rule.name, &storage);
        QVERIFY(read);
        QCOMPARE(read->action, action);
        QVERIFY(read->problem.isEmpty());

        // Someone edits the code shown in the file, not the hash: the rule is off and says why.
        QFile file(own);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray text = file.readAll();
        file.close();
        QVERIFY(text.contains("\"print(1)\""));
        text.replace("\"print(1)\"", "\"print(2)\"");
        QVERIFY(writeFile(own, text));
        QVERIFY(!store.reload());
        QVERIFY2(store.loadProblems().contains(rule.name) &&
                     store.loadProblems().contains(QStringLiteral("does not hash")),
                 qPrintable(store.loadProblems()));
        const Rule* edited = ruleNamed(store.rules(), rule.name, &storage);
        QVERIFY(edited);
        QVERIFY(!edited->problem.isEmpty());
        // It approves nothing, neither the action shown nor the one hashed.
        Request request;
        request.method = Method::Run;
        request.agent = QStringLiteral("bot");
        ReviewAction run;
        run.code = QStringLiteral("print(1)");
        run.allowed = {DecisionKind::Approve, DecisionKind::Reject};
        request.actions = {run};
        ActionBinding binding;
        binding.actionSha256 = hash;
        QVERIFY(!store.rules().match(request, QList<ActionBinding>{binding}));
        // The file's other rules still apply.
        QVERIFY(store.addRejectAgent(QStringLiteral("evil"), {}, &error));
        request.agent = QStringLiteral("evil");
        QVERIFY(store.rules().match(request, QList<ActionBinding>{binding}));
        request.agent = QStringLiteral("bot");
        // Saving "always approve" again is not "already there": a sound rule is added.
        QVERIFY(store.addApproveActions({rule}, &error));
        QVERIFY(store.rules().match(request, QList<ActionBinding>{binding}));
    }

    void theActionFieldIsReadStrictly_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("reason");
        const QByteArray hash = QByteArray(64, 'a');
        QTest::newRow("not an object")
            << ("{\"name\": \"r\", \"decision\": \"approve\", \"action_sha256\": \"" + hash +
                "\", \"action\": \"print(1)\"}")
            << QStringLiteral("\"action\" must be an object");
        QTest::newRow("no hash beside it")
            << QByteArray(R"({"name": "r", "decision": "approve", "code_sha256": ")" + hash +
                          R"(", "action": {"method": "run"}})")
            << QStringLiteral("needs the \"action_sha256\"");
        QTest::newRow("earlier names not a list")
            << QByteArray(R"({"name": "r", "decision": "reject", "agent": "a", "earlier_names": "old"})")
            << QStringLiteral("\"earlier_names\" must be a list");
        QTest::newRow("an empty earlier name")
            << QByteArray(R"({"name": "r", "decision": "reject", "agent": "a", "earlier_names": [""]})")
            << QStringLiteral("only names");
    }

    void theActionFieldIsReadStrictly()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rules.json"));
        QVERIFY(writeFile(path, "{\"rules\": [" + line + "]}"));
        RuleSet rules;
        QString error;
        QVERIFY(!rules.load(path, false, &error));
        QVERIFY2(error.contains(reason), qPrintable(error));
        QVERIFY(rules.rules().isEmpty());
    }

    // A rename keeps the old name among the earlier ones, in the file too; a taken or empty name
    // is refused, and a read-only rule cannot be renamed.
    void renameKeepsTheEarlierNames()
    {
        QTemporaryDir dir;
        const QString own = dir.filePath(QStringLiteral("rules.json"));
        const QString extra = dir.filePath(QStringLiteral("extra.json"));
        QVERIFY(writeFile(extra,
                          R"j({"rules": [{"name": "team-rule", "decision": "reject", "method": "run"}]})j"));
        RuleStore store;
        store.setPaths(own, extra);
        QVERIFY(store.reload());
        QString error;
        QVERIFY(store.addRejectAgent(QStringLiteral("evil"), {}, &error));
        QVERIFY(store.addRejectAgent(QStringLiteral("other"), {}, &error));
        QVERIFY2(store.rename(QStringLiteral("reject-agent-evil"), QStringLiteral("  no evil  "), &error),
                 qPrintable(error));
        QVERIFY2(store.rename(QStringLiteral("no evil"), QStringLiteral("never evil"), &error),
                 qPrintable(error));
        RuleStore reread;
        reread.setPaths(own, extra);
        QVERIFY(reread.reload());
        QList<Rule> storage;
        const Rule* renamed = ruleNamed(reread.rules(), QStringLiteral("never evil"), &storage);
        QVERIFY(renamed);
        QCOMPARE(renamed->earlierNames,
                 (QStringList{QStringLiteral("reject-agent-evil"), QStringLiteral("no evil")}));
        QCOMPARE(renamed->agent, QStringLiteral("evil"));

        QVERIFY(!store.rename(QStringLiteral("never evil"), QStringLiteral("reject-agent-other"), &error));
        QVERIFY2(error.contains(QStringLiteral("exists already")), qPrintable(error));
        QVERIFY(!store.rename(QStringLiteral("never evil"), QStringLiteral("team-rule"), &error));
        QVERIFY2(error.contains(QStringLiteral("exists already")), qPrintable(error));
        QVERIFY(!store.rename(QStringLiteral("never evil"), QStringLiteral("   "), &error));
        // The ledger joins rule names with ',': a name cannot hold one, nor a line end.
        QVERIFY(!store.rename(QStringLiteral("never evil"), QStringLiteral("a,b"), &error));
        QVERIFY2(error.contains(QStringLiteral("comma")), qPrintable(error));
        QVERIFY(!store.rename(QStringLiteral("never evil"), QStringLiteral("a\nb"), &error));
        QVERIFY(!store.rename(QStringLiteral("team-rule"), QStringLiteral("mine now"), &error));
        QVERIFY2(error.contains(QStringLiteral("read-only")), qPrintable(error));
    }

    void invalidOwnFileIsNeverOverwritten()
    {
        QTemporaryDir dir;
        const QString own = dir.filePath(QStringLiteral("rules.json"));
        const QByteArray broken = "{\"rules\": [ not json";
        QVERIFY(writeFile(own, broken));
        RuleStore store;
        store.setPaths(own, QString());
        QVERIFY(!store.reload());
        QVERIFY2(store.loadProblems().contains(own), qPrintable(store.loadProblems()));
        QVERIFY(store.rules().rules().isEmpty());

        QString error;
        QVERIFY(!store.addRejectAgent(QStringLiteral("evil"), {}, &error));
        QVERIFY2(error.contains(QStringLiteral("is invalid")), qPrintable(error));
        QFile file(own);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), broken);
    }
};

QTEST_GUILESS_MAIN(TestRuleStore)
#include "tst_rulestore.moc"
