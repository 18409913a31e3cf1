#include "agent/PayloadShapes.h"
#include "agent/Rules.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace k8::agent;

namespace {

QString shaOf(const QString& code)
{
    return sha256Hex(code.toUtf8());
}

ReviewAction codeAction(const QString& code, bool approvable = true)
{
    ReviewAction action;
    action.name = QStringLiteral("tool");
    action.codeField = QStringLiteral("code");
    action.code = code;
    action.allowed = {DecisionKind::Reject, DecisionKind::Edit};
    if (approvable)
        action.allowed.insert(DecisionKind::Approve);
    return action;
}

Request requestWith(const QString& method, const QString& agent, const QList<ReviewAction>& actions)
{
    Request request;
    request.method = method;
    request.agent = agent;
    request.shape = method == QLatin1String("run") ? PayloadShape::Run : PayloadShape::HumanInTheLoop;
    request.actions = actions;
    return request;
}

Rule approveRule(const QString& name, const QString& code)
{
    Rule rule;
    rule.name = name;
    rule.decision = Rule::Decision::Approve;
    rule.codeSha256 = shaOf(code);
    return rule;
}

Rule rejectRule(const QString& name, const QString& agent, const QString& method = {},
                const QString& code = {})
{
    Rule rule;
    rule.name = name;
    rule.decision = Rule::Decision::Reject;
    rule.agent = agent;
    rule.method = method;
    if (!code.isEmpty())
        rule.codeSha256 = shaOf(code);
    return rule;
}

bool writeFile(const QString& path, const QByteArray& text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

} // namespace

class TestRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void approveExactCode()
    {
        RuleSet rules;
        QString error;
        QVERIFY2(rules.add(approveRule(QStringLiteral("pandas"), QStringLiteral("df.describe()")), &error),
                 qPrintable(error));
        auto match = rules.match(requestWith(QStringLiteral("run"), QStringLiteral("a"),
                                             {codeAction(QStringLiteral("df.describe()"))}));
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Approve);
        QCOMPARE(match->ruleName, QStringLiteral("pandas"));

        // One byte different is not the same code.
        QVERIFY(!rules
                     .match(requestWith(QStringLiteral("run"), QStringLiteral("a"),
                                        {codeAction(QStringLiteral("df.describe() "))}))
                     .has_value());
        // No code: nothing to approve.
        ReviewAction noCode;
        noCode.allowed = {DecisionKind::Approve, DecisionKind::Reject};
        QVERIFY(
            !rules.match(requestWith(QStringLiteral("review"), QStringLiteral("a"), {noCode})).has_value());
        // Approve not allowed by the payload: the rule cannot answer with an approval.
        QVERIFY(!rules
                     .match(requestWith(QStringLiteral("review"), QStringLiteral("a"),
                                        {codeAction(QStringLiteral("df.describe()"), false)}))
                     .has_value());
    }

    void allFieldsMustMatch_data()
    {
        QTest::addColumn<QString>("ruleAgent");
        QTest::addColumn<QString>("ruleMethod");
        QTest::addColumn<QString>("ruleCode");
        QTest::addColumn<QString>("agent");
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("rejected");
        const QString bot = QStringLiteral("night-bot");
        const QString other = QStringLiteral("day-bot");
        const QString run = QStringLiteral("run");
        const QString review = QStringLiteral("review");
        const QString c = QStringLiteral("rm -rf /");
        const QString d = QStringLiteral("ls");
        QTest::newRow("agent only, same") << bot << QString() << QString() << bot << run << d << true;
        QTest::newRow("agent only, other") << bot << QString() << QString() << other << run << d << false;
        QTest::newRow("agent is case-sensitive")
            << bot << QString() << QString() << QStringLiteral("Night-Bot") << run << d << false;
        QTest::newRow("method only") << QString() << run << QString() << other << run << d << true;
        QTest::newRow("method only, other") << QString() << run << QString() << other << review << d << false;
        QTest::newRow("code only") << QString() << QString() << c << other << review << c << true;
        QTest::newRow("code only, other") << QString() << QString() << c << other << review << d << false;
        QTest::newRow("agent+method both") << bot << run << QString() << bot << run << d << true;
        QTest::newRow("agent+method, method differs")
            << bot << run << QString() << bot << review << d << false;
        QTest::newRow("agent+method, agent differs") << bot << run << QString() << other << run << d << false;
        QTest::newRow("all three") << bot << review << c << bot << review << c << true;
        QTest::newRow("all three, code differs") << bot << review << c << bot << review << d << false;
    }

    void allFieldsMustMatch()
    {
        QFETCH(QString, ruleAgent);
        QFETCH(QString, ruleMethod);
        QFETCH(QString, ruleCode);
        QFETCH(QString, agent);
        QFETCH(QString, method);
        QFETCH(QString, code);
        QFETCH(bool, rejected);
        RuleSet rules;
        QString error;
        QVERIFY2(rules.add(rejectRule(QStringLiteral("r"), ruleAgent, ruleMethod, ruleCode), &error),
                 qPrintable(error));
        const auto match = rules.match(requestWith(method, agent, {codeAction(code)}));
        QCOMPARE(match.has_value(), rejected);
        if (rejected) {
            QCOMPARE(match->decision, Rule::Decision::Reject);
            QCOMPARE(match->ruleName, QStringLiteral("r"));
        }
    }

    void rejectWins()
    {
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(approveRule(QStringLiteral("ok-code"), QStringLiteral("print(1)")), &error));
        QVERIFY(rules.add(rejectRule(QStringLiteral("no-bot"), QStringLiteral("bot")), &error));
        const auto match = rules.match(requestWith(QStringLiteral("review"), QStringLiteral("bot"),
                                                   {codeAction(QStringLiteral("print(1)"))}));
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Reject);
        QCOMPARE(match->ruleName, QStringLiteral("no-bot"));
        // Another agent gets the approval.
        const auto other = rules.match(requestWith(QStringLiteral("review"), QStringLiteral("ok"),
                                                   {codeAction(QStringLiteral("print(1)"))}));
        QVERIFY(other.has_value());
        QCOMPARE(other->decision, Rule::Decision::Approve);
    }

    void rejectByCodeInAnyAction()
    {
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(
            rejectRule(QStringLiteral("no-rm"), QString(), QString(), QStringLiteral("rm -rf /")), &error));
        ReviewAction noCode;
        noCode.allowed = {DecisionKind::Approve};
        const auto match = rules.match(requestWith(QStringLiteral("review"), QStringLiteral("a"),
                                                   {noCode, codeAction(QStringLiteral("rm -rf /"))}));
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Reject);
    }

    void disabledNeverMatches()
    {
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(rejectRule(QStringLiteral("no-bot"), QStringLiteral("bot")), &error));
        QVERIFY(rules.add(approveRule(QStringLiteral("ok"), QStringLiteral("x")), &error));
        QVERIFY(rules.setEnabled(QStringLiteral("no-bot"), false));
        QVERIFY(rules.setEnabled(QStringLiteral("ok"), false));
        QVERIFY(!rules
                     .match(requestWith(QStringLiteral("run"), QStringLiteral("bot"),
                                        {codeAction(QStringLiteral("x"))}))
                     .has_value());
        QVERIFY(rules.setEnabled(QStringLiteral("ok"), true));
        const auto match = rules.match(
            requestWith(QStringLiteral("run"), QStringLiteral("bot"), {codeAction(QStringLiteral("x"))}));
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Approve);
        QVERIFY(!rules.setEnabled(QStringLiteral("missing"), true));
    }

    void multiActionNeedsEveryCode()
    {
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(approveRule(QStringLiteral("a"), QStringLiteral("code a")), &error));
        const Request both =
            requestWith(QStringLiteral("review"), QStringLiteral("x"),
                        {codeAction(QStringLiteral("code a")), codeAction(QStringLiteral("code b"))});
        QVERIFY(!rules.match(both).has_value());

        ReviewAction noCode;
        noCode.allowed = {DecisionKind::Approve};
        QVERIFY(!rules
                     .match(requestWith(QStringLiteral("review"), QStringLiteral("x"),
                                        {codeAction(QStringLiteral("code a")), noCode}))
                     .has_value());

        QVERIFY(rules.add(approveRule(QStringLiteral("b"), QStringLiteral("code b")), &error));
        const auto match = rules.match(both);
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Approve);
        QCOMPARE(match->ruleName, QStringLiteral("a,b"));

        // Same code twice, one rule.
        const auto twice = rules.match(
            requestWith(QStringLiteral("review"), QStringLiteral("x"),
                        {codeAction(QStringLiteral("code a")), codeAction(QStringLiteral("code a"))}));
        QVERIFY(twice.has_value());
        QCOMPARE(twice->ruleName, QStringLiteral("a"));
    }

    void approveRuleScopedByAgent()
    {
        RuleSet rules;
        QString error;
        Rule rule = approveRule(QStringLiteral("only-alice"), QStringLiteral("x"));
        rule.agent = QStringLiteral("alice");
        QVERIFY(rules.add(rule, &error));
        QVERIFY(rules
                    .match(requestWith(QStringLiteral("run"), QStringLiteral("alice"),
                                       {codeAction(QStringLiteral("x"))}))
                    .has_value());
        QVERIFY(!rules
                     .match(requestWith(QStringLiteral("run"), QStringLiteral("bob"),
                                        {codeAction(QStringLiteral("x"))}))
                     .has_value());
    }

    void addValidates()
    {
        RuleSet rules;
        QString error;
        Rule approveWithoutCode;
        approveWithoutCode.name = QStringLiteral("bad");
        approveWithoutCode.decision = Rule::Decision::Approve;
        approveWithoutCode.agent = QStringLiteral("a");
        QVERIFY(!rules.add(approveWithoutCode, &error));
        QVERIFY(error.contains(QStringLiteral("code_sha256")));

        Rule emptyReject;
        emptyReject.name = QStringLiteral("bad");
        QVERIFY(!rules.add(emptyReject, &error));

        Rule badSha = approveRule(QStringLiteral("bad"), QStringLiteral("x"));
        badSha.codeSha256.chop(1);
        QVERIFY(!rules.add(badSha, &error));

        Rule badMethod = rejectRule(QStringLiteral("bad"), QString(), QStringLiteral("cancel"));
        QVERIFY(!rules.add(badMethod, &error));

        Rule noName = rejectRule(QString(), QStringLiteral("a"));
        QVERIFY(!rules.add(noName, &error));

        QVERIFY(rules.add(rejectRule(QStringLiteral("dup"), QStringLiteral("a")), &error));
        QVERIFY(!rules.add(rejectRule(QStringLiteral("dup"), QStringLiteral("b")), &error));
        QVERIFY(error.contains(QStringLiteral("dup")));

        Rule upper = approveRule(QStringLiteral("upper"), QStringLiteral("x"));
        upper.codeSha256 = upper.codeSha256.toUpper();
        QVERIFY(rules.add(upper, &error));
        QVERIFY(rules
                    .match(requestWith(QStringLiteral("run"), QStringLiteral("a2"),
                                       {codeAction(QStringLiteral("x"))}))
                    .has_value());
        QCOMPARE(rules.rules().size(), 2);
        QVERIFY(rules.remove(QStringLiteral("dup")));
        QVERIFY(!rules.remove(QStringLiteral("dup")));
        QCOMPARE(rules.rules().size(), 1);
    }

    void loadProtocolExample()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rules.json"));
        const QByteArray text =
            "{\"rules\": [\n"
            "  {\"name\": \"pandas-summary\", \"decision\": \"approve\", \"code_sha256\": \"" +
            shaOf(QStringLiteral("df.describe()")).toLatin1() +
            "\"},\n"
            "  {\"name\": \"no-night-bot\", \"decision\": \"reject\", \"agent\": \"night-bot\"},\n"
            "  {\"name\": \"no-runs\", \"decision\": \"reject\", \"method\": \"run\", \"enabled\": "
            "false}\n"
            "]}\n";
        QVERIFY(writeFile(path, text));
        RuleSet rules;
        QString error;
        QVERIFY2(rules.load(path, false, &error), qPrintable(error));
        QCOMPARE(rules.rules().size(), 3);
        QCOMPARE(rules.rules().at(0).name, QStringLiteral("pandas-summary"));
        QCOMPARE(rules.rules().at(0).decision, Rule::Decision::Approve);
        QCOMPARE(rules.rules().at(1).agent, QStringLiteral("night-bot"));
        QVERIFY(!rules.rules().at(2).enabled);
        QCOMPARE(rules.rules().at(2).source, path);
        QVERIFY(!rules.rules().at(2).readOnly);

        const auto match = rules.match(requestWith(QStringLiteral("run"), QStringLiteral("x"),
                                                   {codeAction(QStringLiteral("df.describe()"))}));
        QVERIFY(match.has_value());
        QCOMPARE(match->ruleName, QStringLiteral("pandas-summary")); // "no-runs" is disabled
    }

    void missingFileIsEmpty()
    {
        QTemporaryDir dir;
        RuleSet rules;
        QString error;
        QVERIFY(rules.load(dir.filePath(QStringLiteral("none.json")), false, &error));
        QVERIFY(rules.rules().isEmpty());
        const QString empty = dir.filePath(QStringLiteral("empty.json"));
        QVERIFY(writeFile(empty, " \n"));
        QVERIFY(rules.load(empty, false, &error));
        QVERIFY(rules.rules().isEmpty());
        // Saving an empty set writes a valid, empty file.
        QVERIFY(rules.save(empty, &error));
        QVERIFY(rules.load(empty, false, &error));
        QFile file(empty);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("{\"rules\": []}\n"));
    }

    void invalidFiles_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("reason");
        const QByteArray sha = QByteArray(64, 'a');
        QTest::newRow("syntax error")
            << QByteArray("{\"rules\": [\n  {\"name\": \"a\",\n  \"decision\" \"reject\"}\n]}") << 3
            << QString();
        QTest::newRow("not an object") << QByteArray("[1, 2]") << 1 << QStringLiteral("{\"rules\"");
        QTest::newRow("rules not a list")
            << QByteArray("{\"rules\": {}}") << 1 << QStringLiteral("\"rules\"");
        QTest::newRow("unknown top-level")
            << QByteArray("{\"rules\": [], \"rulez\": []}") << 1 << QStringLiteral("rulez");
        QTest::newRow("approve without sha")
            << QByteArray("{\"rules\": [\n  {\"name\": \"ok\", \"decision\": \"reject\", \"agent\": \"a\"},\n"
                          "  {\"name\": \"x\", \"decision\": \"approve\", \"agent\": \"a\"}\n]}")
            << 3 << QStringLiteral("code_sha256");
        QTest::newRow("reject without fields")
            << QByteArray("{\"rules\": [\n\n\n  {\"name\": \"x\",\n   \"decision\": \"reject\"}\n]}") << 4
            << QStringLiteral("at least one");
        QTest::newRow("unknown decision")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"allow\", \"agent\": \"a\"}]}") << 1
            << QStringLiteral("allow");
        QTest::newRow("missing decision")
            << QByteArray("{\"rules\": [\n{\"name\": \"x\", \"agent\": \"a\"}]}") << 2
            << QStringLiteral("decision");
        QTest::newRow("agent not a string")
            << QByteArray("{\"rules\": [\n{\"name\": \"x\", \"decision\": \"reject\", \"agent\": 5}]}") << 2
            << QStringLiteral("\"agent\"");
        QTest::newRow("enabled not bool") << QByteArray("{\"rules\": [\n{\"name\": \"x\", \"decision\": "
                                                        "\"reject\", \"agent\": \"a\", \"enabled\": "
                                                        "\"no\"}]}")
                                          << 2 << QStringLiteral("\"enabled\"");
        QTest::newRow("unknown field")
            << QByteArray(
                   "{\"rules\": [\n{\"name\": \"x\", \"decision\": \"reject\", \"agnet\": \"a\", \"method\": "
                   "\"run\"}]}")
            << 2 << QStringLiteral("agnet");
        QTest::newRow("short sha")
            << QByteArray(
                   "{\"rules\": [{\"name\": \"x\", \"decision\": \"approve\", \"code_sha256\": \"abc\"}]}")
            << 1 << QStringLiteral("64 hex");
        QTest::newRow("bad method")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"method\": \"ping\"}]}")
            << 1 << QStringLiteral("method");
        QTest::newRow("rule not an object") << QByteArray("{\"rules\": [\n  {\"name\": \"y\", \"decision\": "
                                                          "\"reject\", \"agent\": \"a\"},\n  \"x\"\n]}")
                                            << 3 << QStringLiteral("object");
        QTest::newRow("duplicate name")
            << QByteArray("{\"rules\": [\n {\"name\": \"x\", \"decision\": \"reject\", \"agent\": \"a\"}, "
                          "{\"name\": "
                          "\"x\", \"decision\": \"approve\", \"code_sha256\": \"" +
                          sha + "\"}\n]}")
            << 2 << QStringLiteral("twice");
        QTest::newRow("string with brackets before the bad rule")
            << QByteArray("{\"rules\": [\n {\"name\": \"[{x,\", \"decision\": \"reject\", \"agent\": "
                          "\"a\\\"}\"},\n\n "
                          "{\"name\": \"y\", \"decision\": \"reject\"}\n]}")
            << 4 << QStringLiteral("at least one");
    }

    void invalidFiles()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rules.json"));
        QVERIFY(writeFile(path, text));
        RuleSet rules;
        QVERIFY(rules.add(rejectRule(QStringLiteral("before"), QStringLiteral("a")), nullptr));
        QString error;
        QVERIFY(!rules.load(path, false, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("line %1:").arg(line)), qPrintable(error));
        QVERIFY2(error.contains(reason), qPrintable(error));
        // None of its rules apply, and nothing from before stays either.
        QVERIFY(rules.rules().isEmpty());
        QVERIFY(!rules
                     .match(requestWith(QStringLiteral("run"), QStringLiteral("a"),
                                        {codeAction(QStringLiteral("x"))}))
                     .has_value());
    }

    void saveLoadRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/rules.json"));
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(approveRule(QStringLiteral("quote \"me\""), QStringLiteral("print('é')")), &error));
        Rule scoped = rejectRule(QStringLiteral("no-runs"), QStringLiteral("bot ✓"), QStringLiteral("run"));
        QVERIFY(rules.add(scoped, &error));
        QVERIFY(rules.setEnabled(QStringLiteral("no-runs"), false));

        // Read-only rules from an extra file are never written back.
        RuleSet extra;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("extra.json")),
                          "{\"rules\": [{\"name\": \"ro\", \"decision\": \"reject\", \"agent\": \"z\"}]}"));
        QVERIFY(extra.load(dir.filePath(QStringLiteral("extra.json")), true, &error));
        rules.merge(extra);
        QCOMPARE(rules.rules().size(), 3);

        QVERIFY2(rules.save(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(!text.contains("\"ro\""));
        QVERIFY(text.contains("\"enabled\": false"));
        QVERIFY(QJsonDocument::fromJson(text).isObject());

        RuleSet loaded;
        QVERIFY2(loaded.load(path, false, &error), qPrintable(error));
        QCOMPARE(loaded.rules().size(), 2);
        const Rule first = loaded.rules().at(0);
        QCOMPARE(first.name, QStringLiteral("quote \"me\""));
        QCOMPARE(first.decision, Rule::Decision::Approve);
        QCOMPARE(first.codeSha256, shaOf(QStringLiteral("print('é')")));
        QVERIFY(first.enabled);
        const Rule second = loaded.rules().at(1);
        QCOMPARE(second.agent, QStringLiteral("bot ✓"));
        QCOMPARE(second.method, QStringLiteral("run"));
        QVERIFY(!second.enabled);
    }

    void readOnlyExtraFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("extra.json"));
        QVERIFY(writeFile(path,
                          "{\"rules\": [{\"name\": \"team-no-bot\", \"decision\": \"reject\", \"agent\": "
                          "\"bot\"}]}"));
        RuleSet extra;
        QString error;
        QVERIFY(extra.load(path, true, &error));
        QVERIFY(extra.rules().first().readOnly);

        RuleSet own;
        QVERIFY(own.add(approveRule(QStringLiteral("mine"), QStringLiteral("x")), &error));
        own.merge(extra);
        QCOMPARE(own.rules().size(), 2);
        // The extra file's reject rule applies and wins over the app's approve rule.
        const auto match = own.match(
            requestWith(QStringLiteral("run"), QStringLiteral("bot"), {codeAction(QStringLiteral("x"))}));
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Reject);
        QCOMPARE(match->ruleName, QStringLiteral("team-no-bot"));
        // And it cannot be switched off or removed from the app.
        QVERIFY(!own.setEnabled(QStringLiteral("team-no-bot"), false));
        QVERIFY(!own.remove(QStringLiteral("team-no-bot")));
        Rule readOnly = rejectRule(QStringLiteral("ro2"), QStringLiteral("q"));
        readOnly.readOnly = true;
        QVERIFY(!own.add(readOnly, &error));
    }
};

QTEST_GUILESS_MAIN(TestRules)
#include "tst_rules.moc"
