// SPDX-License-Identifier: Apache-2.0
// RuleStore (src/core/agent/RuleStore.h): the own rules.json and the read-only --rules file,
// unique names, enable/disable/remove of own rules only, and no save over an invalid rules.json.
// Real files in a temporary folder.
#include "agent/RuleStore.h"
#include "agent/Sha256.h"

#include <QFile>
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
        QVERIFY2(store.addRejectAgent(QStringLiteral("Bad Bot!"), &error), qPrintable(error));
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

    void enableDisableAndRemoveOwnRules()
    {
        QTemporaryDir dir;
        const QString own = dir.filePath(QStringLiteral("rules.json"));
        RuleStore store;
        store.setPaths(own, QString());
        QVERIFY(store.reload());
        QString error;
        QVERIFY(store.addRejectAgent(QStringLiteral("evil"), &error));
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
        QVERIFY(store.addRejectAgent(QStringLiteral("evil"), &error));
        QCOMPARE(namesOf(store.rules()), (QStringList{name, name + QStringLiteral("-2")}));

        QVERIFY(store.remove(name, &error));
        QCOMPARE(namesOf(store.rules()), QStringList{name + QStringLiteral("-2")});
        QVERIFY(!store.remove(name, &error));
        QVERIFY2(error.contains(name), qPrintable(error));
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
        QVERIFY(!store.addRejectAgent(QStringLiteral("evil"), &error));
        QVERIFY2(error.contains(QStringLiteral("is invalid")), qPrintable(error));
        QFile file(own);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), broken);
    }
};

QTEST_GUILESS_MAIN(TestRuleStore)
#include "tst_rulestore.moc"
