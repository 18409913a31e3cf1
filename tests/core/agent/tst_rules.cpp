// SPDX-License-Identifier: Apache-2.0
#include "agent/canonical/Sha256.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/rules/Rules.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace k8::agent;

namespace {

// The app's run defaults in these tests: sandbox box1, the built-in images.
const RunDefaults& runDefaults()
{
    static const RunDefaults defaults = [] {
        RunDefaults d;
        d.sandbox = QStringLiteral("box1");
        return d;
    }();
    return defaults;
}

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
    action.args = QJsonObject{{QStringLiteral("code"), code}};
    action.allowed = {DecisionKind::Reject, DecisionKind::Edit};
    if (approvable)
        action.allowed.insert(DecisionKind::Approve);
    return action;
}

Request requestWith(Method method, const QString& agent, const QList<ReviewAction>& actions)
{
    Request request;
    request.method = method;
    request.agent = agent;
    request.shape = method == Method::Run ? PayloadShape::Run : PayloadShape::HumanInTheLoop;
    request.actions = actions;
    if (request.shape == PayloadShape::Run && !actions.isEmpty()) {
        // Where the app would run it by default (runDefaults() below).
        request.run.code = actions.first().code;
        request.run.sandbox = QStringLiteral("box1");
        request.run.image = QStringLiteral("python:3.12-slim");
    }
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

Rule rejectRule(const QString& name, const QString& agent, std::optional<Method> method = {},
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

// Requests as the socket makes them, so that every field an agent can send is there.
Request runRequest(const QJsonObject& params)
{
    Request request;
    RpcError error;
    if (!requestFromRun(params, QJsonValue(1), runDefaults(), &request, &error))
        qWarning("run refused: %s", qPrintable(error.message));
    request.agent = QStringLiteral("agent-a");
    return request;
}

Request reviewRequest(const QJsonValue& payload)
{
    Request request;
    RpcError error;
    if (!requestFromReview(QJsonObject{{QStringLiteral("payload"), payload}}, &request, &error))
        qWarning("review refused: %s", qPrintable(error.message));
    request.agent = QStringLiteral("agent-a");
    return request;
}

QJsonValue parsed(const QByteArray& text)
{
    return QJsonDocument::fromJson("[" + text + "]").array().at(0);
}

// One HITL action with these args, approve allowed.
QJsonObject hitlPayload(const QString& name, const QJsonObject& args)
{
    return QJsonObject{
        {QStringLiteral("action_requests"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("args"), args}}}},
        {QStringLiteral("review_configs"),
         QJsonArray{QJsonObject{{QStringLiteral("action_name"), name},
                                {QStringLiteral("allowed_decisions"),
                                 QJsonArray{QStringLiteral("approve"), QStringLiteral("reject")}}}}}};
}

// SHA-256 of canonical JSON written out by hand here, independent of the app's canonical form.
QString handHash(const QByteArray& canonical)
{
    return QString::fromLatin1(QCryptographicHash::hash(canonical, QCryptographicHash::Sha256).toHex());
}

Rule approveAction(const QString& name, const QString& actionSha256, const QString& agent = {})
{
    Rule rule;
    rule.name = name;
    rule.decision = Rule::Decision::Approve;
    rule.actionSha256 = actionSha256;
    rule.agent = agent;
    return rule;
}

std::optional<RuleMatch> matchOf(const RuleSet& rules, const Request& request)
{
    return rules.match(request, runDefaults());
}
} // namespace

Q_DECLARE_METATYPE(k8::agent::Request)

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
        auto match = matchOf(rules, requestWith(Method::Run, QStringLiteral("a"),
                                                {codeAction(QStringLiteral("df.describe()"))}));
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Approve);
        QCOMPARE(match->ruleName, QStringLiteral("pandas"));

        // One byte different is not the same code.
        QVERIFY(!matchOf(rules, requestWith(Method::Run, QStringLiteral("a"),
                                            {codeAction(QStringLiteral("df.describe() "))}))
                     .has_value());
        // No code: nothing to approve.
        ReviewAction noCode;
        noCode.allowed = {DecisionKind::Approve, DecisionKind::Reject};
        QVERIFY(!matchOf(rules, requestWith(Method::Review, QStringLiteral("a"), {noCode})).has_value());
        // Approve not allowed by the payload: the rule cannot answer with an approval.
        QVERIFY(!matchOf(rules, requestWith(Method::Review, QStringLiteral("a"),
                                            {codeAction(QStringLiteral("df.describe()"), false)}))
                     .has_value());
    }

    // Issue 7 finding 1: a rule naming only code_sha256 of print(1) approves only actions that
    // hold nothing but that code. Each hostile row is a request today's matching approved.
    void codeRuleMatchesOnlyBareCode_data()
    {
        QTest::addColumn<Request>("request");
        QTest::addColumn<bool>("approved");
        const QString code = QStringLiteral("print(1)");
        const QString KeyCode = QStringLiteral("code");
        QTest::newRow("run with every default") << runRequest({{KeyCode, code}}) << true;
        QTest::newRow("run naming the default sandbox and image")
            << runRequest({{KeyCode, code},
                           {QStringLiteral("sandbox"), QStringLiteral("box1")},
                           {QStringLiteral("image"), QStringLiteral("python:3.12-slim")},
                           {QStringLiteral("checkpoint"), true}})
            << true;
        QTest::newRow("run in another sandbox")
            << runRequest({{KeyCode, code}, {QStringLiteral("sandbox"), QStringLiteral("prod-box")}})
            << false;
        QTest::newRow("run with another image")
            << runRequest({{KeyCode, code}, {QStringLiteral("image"), QStringLiteral("evil/image:latest")}})
            << false;
        QTest::newRow("run in another language")
            << runRequest({{KeyCode, code}, {QStringLiteral("language"), QStringLiteral("bash")}}) << false;
        QTest::newRow("run without a checkpoint")
            << runRequest({{KeyCode, code}, {QStringLiteral("checkpoint"), false}}) << false;
        QTest::newRow("plain payload with the question shown")
            << reviewRequest(QJsonObject{{KeyCode, code},
                                         {QStringLiteral("question"), QStringLiteral("Run it?")},
                                         {QStringLiteral("title"), QStringLiteral("t")},
                                         {QStringLiteral("description"), QStringLiteral("d")}})
            << true;
        QTest::newRow("plain payload with an extra non-string key")
            << reviewRequest(QJsonObject{{KeyCode, code}, {QStringLiteral("question"), QJsonArray{1}}})
            << false;
        QTest::newRow("plain payload with an extra unknown key")
            << reviewRequest(QJsonObject{{KeyCode, code}, {QStringLiteral("cwd"), QStringLiteral("/")}})
            << false;
        QTest::newRow("tool whose args are only the code")
            << reviewRequest(hitlPayload(QStringLiteral("python"), {{KeyCode, code}})) << true;
        QTest::newRow("tool with the code plus a command")
            << reviewRequest(
                   hitlPayload(QStringLiteral("python"),
                               {{KeyCode, code}, {QStringLiteral("command"), QStringLiteral("rm -rf ~")}}))
            << false;
        QTest::newRow("tool with the code plus a number")
            << reviewRequest(
                   hitlPayload(QStringLiteral("python"), {{KeyCode, code}, {QStringLiteral("n"), 1}}))
            << false;
        QTest::newRow("Agent Inbox action with the code plus a path")
            << reviewRequest(parsed(R"j({"action_request": {"action": "write", "args":
                                        {"source": "print(1)", "path": "/etc/passwd"}},
                                        "config": {"allow_accept": true}})j"))
            << false;
    }

    void codeRuleMatchesOnlyBareCode()
    {
        QFETCH(Request, request);
        QFETCH(bool, approved);
        QCOMPARE(request.actions.size(), 1);
        RuleSet rules;
        QString error;
        QVERIFY2(rules.add(approveRule(QStringLiteral("print-one"), QStringLiteral("print(1)")), &error),
                 qPrintable(error));
        const auto match = matchOf(rules, request);
        QCOMPARE(match.has_value(), approved);
        if (approved) {
            QCOMPARE(match->decision, Rule::Decision::Approve);
            QCOMPARE(match->ruleName, QStringLiteral("print-one"));
        }
    }

    // An action_sha256 rule approves exactly the action it binds: the tool name and every
    // argument, or for a run the code, language, sandbox, image and checkpoint.
    void actionRuleBindsTheWholeAction()
    {
        const QString python =
            handHash(R"j({"args":{"code":"print(1)","cwd":"/tmp"},"method":"review","name":"python"})j");
        const QString runInBox2 =
            handHash(R"j({"checkpoint":false,"code":"print(1)","image":"python:3.12-slim",)j"
                     R"j("language":"python","method":"run","sandbox":"box2"})j");
        RuleSet rules;
        QString error;
        QVERIFY2(rules.add(approveAction(QStringLiteral("python-tmp"), python), &error), qPrintable(error));
        QVERIFY2(rules.add(approveAction(QStringLiteral("run-box2"), runInBox2), &error), qPrintable(error));
        const QJsonObject args{{QStringLiteral("code"), QStringLiteral("print(1)")},
                               {QStringLiteral("cwd"), QStringLiteral("/tmp")}};

        auto match = matchOf(rules, reviewRequest(hitlPayload(QStringLiteral("python"), args)));
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Approve);
        QCOMPARE(match->ruleName, QStringLiteral("python-tmp"));
        // Another tool name, one more argument, another value: a person decides.
        QVERIFY(!matchOf(rules, reviewRequest(hitlPayload(QStringLiteral("shell"), args))).has_value());
        QJsonObject more = args;
        more.insert(QStringLiteral("command"), QStringLiteral("rm -rf ~"));
        QVERIFY(!matchOf(rules, reviewRequest(hitlPayload(QStringLiteral("python"), more))).has_value());
        QJsonObject other = args;
        other.insert(QStringLiteral("cwd"), QStringLiteral("/"));
        QVERIFY(!matchOf(rules, reviewRequest(hitlPayload(QStringLiteral("python"), other))).has_value());
        // The same action as Agent Inbox sends it binds the same way.
        QVERIFY(matchOf(rules,
                        reviewRequest(QJsonObject{
                            {QStringLiteral("action_request"),
                             QJsonObject{{QStringLiteral("action"), QStringLiteral("python")},
                                         {QStringLiteral("args"), args}}},
                            {QStringLiteral("config"), QJsonObject{{QStringLiteral("allow_accept"), true}}}}))
                    .has_value());

        const QJsonObject run{{QStringLiteral("code"), QStringLiteral("print(1)")},
                              {QStringLiteral("sandbox"), QStringLiteral("box2")},
                              {QStringLiteral("checkpoint"), false}};
        match = matchOf(rules, runRequest(run));
        QVERIFY(match.has_value());
        QCOMPARE(match->ruleName, QStringLiteral("run-box2"));
        for (const auto& [key, value] :
             {std::pair{QStringLiteral("sandbox"), QJsonValue(QStringLiteral("box1"))},
              std::pair{QStringLiteral("image"), QJsonValue(QStringLiteral("python:3.13"))},
              std::pair{QStringLiteral("checkpoint"), QJsonValue(true)},
              std::pair{QStringLiteral("language"), QJsonValue(QStringLiteral("bash"))},
              std::pair{QStringLiteral("code"), QJsonValue(QStringLiteral("print(1) "))}}) {
            QJsonObject changed = run;
            changed.insert(key, value);
            QVERIFY2(!matchOf(rules, runRequest(changed)).has_value(), qPrintable(key));
        }
    }

    // The agent name narrows an approve rule; it cannot widen one.
    void actionRuleNarrowedByAgent()
    {
        const QString bound = handHash(R"j({"method":"review","payload":{"code":"x","cwd":"/"}})j");
        RuleSet rules;
        QString error;
        QVERIFY2(rules.add(approveAction(QStringLiteral("alice-x"), bound, QStringLiteral("alice")), &error),
                 qPrintable(error));
        Request request = reviewRequest(QJsonObject{{QStringLiteral("code"), QStringLiteral("x")},
                                                    {QStringLiteral("cwd"), QStringLiteral("/")}});
        request.agent = QStringLiteral("alice");
        QVERIFY(matchOf(rules, request).has_value());
        request.agent = QStringLiteral("bob");
        QVERIFY(!matchOf(rules, request).has_value());
    }

    // A request is approved by rules only when every action is, and each allows approval.
    void actionRulesForEveryAction()
    {
        const QByteArray payload = R"j({"action_requests": [
            {"name": "a", "args": {"n": 1}}, {"name": "b", "args": {"n": 2}}],
            "review_configs": [{"action_name": "a", "allowed_decisions": ["approve"]},
                               {"action_name": "b", "allowed_decisions": ["approve", "reject"]}]})j";
        const QString a = handHash(R"j({"args":{"n":1},"method":"review","name":"a"})j");
        const QString b = handHash(R"j({"args":{"n":2},"method":"review","name":"b"})j");
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(approveAction(QStringLiteral("rule-a"), a), &error));
        QVERIFY(!matchOf(rules, reviewRequest(parsed(payload))).has_value());
        QVERIFY(rules.add(approveAction(QStringLiteral("rule-b"), b), &error));
        const auto match = matchOf(rules, reviewRequest(parsed(payload)));
        QVERIFY(match.has_value());
        QCOMPARE(match->ruleName, QStringLiteral("rule-a,rule-b"));

        // An action whose payload does not allow approval cannot be approved by any rule.
        QByteArray noApprove = payload;
        noApprove.replace(R"j("allowed_decisions": ["approve", "reject"])j",
                          R"j("allowed_decisions": ["reject"])j");
        QVERIFY(!matchOf(rules, reviewRequest(parsed(noApprove))).has_value());
    }

    // Reject rules may name action_sha256 and code_sha256; the fields of one rule must all match,
    // in the same action.
    void rejectByActionHash()
    {
        const QString bound = handHash(R"j({"args":{"code":"ls"},"method":"review","name":"shell"})j");
        RuleSet rules;
        QString error;
        Rule reject = rejectRule(QStringLiteral("no-ls-shell"), QString());
        reject.actionSha256 = bound;
        QVERIFY2(rules.add(reject, &error), qPrintable(error));
        QVERIFY2(rules.add(approveAction(QStringLiteral("ok"), bound), &error), qPrintable(error));
        const auto match =
            matchOf(rules, reviewRequest(hitlPayload(QStringLiteral("shell"),
                                                     {{QStringLiteral("code"), QStringLiteral("ls")}})));
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Reject);
        QCOMPARE(match->ruleName, QStringLiteral("no-ls-shell"));

        RuleSet both;
        Rule mismatched = rejectRule(QStringLiteral("both"), QString(), std::nullopt, QStringLiteral("rm"));
        mismatched.actionSha256 = bound;
        QVERIFY(both.add(mismatched, &error));
        QVERIFY(!matchOf(both, reviewRequest(hitlPayload(QStringLiteral("shell"),
                                                         {{QStringLiteral("code"), QStringLiteral("ls")}})))
                     .has_value());
    }

    // What cannot be hashed faithfully is never approved by a rule, even one naming its hash.
    void inexactActionsNeverApprovedByRules()
    {
        RuleSet rules;
        QString error;
        // Python keeps 2^53 + 1 apart from 2^53; a double does not.
        const Request bigNumber = reviewRequest(parsed(R"j({"code": "x", "n": 9007199254740993})j"));
        QVERIFY(rules.add(approveAction(QStringLiteral("big"),
                                        actionBindings(bigNumber, runDefaults()).first().actionSha256),
                          &error));
        QVERIFY(!matchOf(rules, bigNumber).has_value());
        // A lone surrogate has no UTF-8 form: "\ud800" and "\ud801" would hash alike.
        const Request lone = reviewRequest(parsed(R"j({"code": "print('\ud800')"})j"));
        QVERIFY(rules.add(approveRule(QStringLiteral("lone"), lone.actions.first().code), &error));
        QVERIFY(rules.add(approveAction(QStringLiteral("lone-action"),
                                        actionBindings(lone, runDefaults()).first().actionSha256),
                          &error));
        QVERIFY(!matchOf(rules, lone).has_value());
    }

    // Issue 24 finding 1: code that can hide something from its reader (a source-encoding
    // declaration other than UTF-8, a bidi control, an invisible or control character, a lone CR,
    // a line separator) is never approved by a rule, even one naming its exact hash: a person
    // decides, with the warning in view. Look-alikes, long lines and CRLF only warn.
    void hidingCodeNeverApprovedByRules_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("approved");
        QTest::newRow("unicode_escape declaration")
            << QStringLiteral("# coding: unicode_escape\n# \u2014 \\nprint('hidden')\n") << false;
        QTest::newRow("utf-7 declaration on line 40")
            << QStringLiteral("x = 1\n").repeated(39) + QStringLiteral("# vim: set fileencoding=utf-7 :\n")
            << false;
        QTest::newRow("bidi control") << QStringLiteral("s = 'user\u202E'\n") << false;
        QTest::newRow("zero-width space") << QStringLiteral("pass\u200Bword = 1\n") << false;
        QTest::newRow("control character") << QStringLiteral("print('\u001B[2J')\n") << false;
        QTest::newRow("lone CR") << QStringLiteral("x = 1\ry = 2\n") << false;
        QTest::newRow("line separator") << QStringLiteral("x = 1\u2028y = 2\n") << false;
        QTest::newRow("utf-8 declaration") << QStringLiteral("# -*- coding: utf-8 -*-\nprint(1)\n") << true;
        QTest::newRow("CRLF") << QStringLiteral("x = 1\r\nprint(x)\r\n") << true;
        QTest::newRow("long line") << QStringLiteral("x = '%1'\n").arg(QString(300, u'a')) << true;
        QTest::newRow("accented comment") << QStringLiteral("# caf\u00e9 \u2014 ok\nprint(1)\n") << true;
    }
    void hidingCodeNeverApprovedByRules()
    {
        QFETCH(QString, code);
        QFETCH(bool, approved);
        QString error;
        // As a run by code_sha256 and action_sha256, and as a tool's argument by action_sha256.
        const Request run = runRequest({{QStringLiteral("code"), code}});
        const Request tool = reviewRequest(
            hitlPayload(QStringLiteral("write_file"), {{QStringLiteral("path"), QStringLiteral("job.py")},
                                                       {QStringLiteral("content"), code}}));
        RuleSet rules;
        QVERIFY(rules.add(approveRule(QStringLiteral("code"), code), &error));
        QVERIFY(rules.add(
            approveAction(QStringLiteral("run"), actionBindings(run, runDefaults()).first().actionSha256),
            &error));
        QVERIFY(rules.add(
            approveAction(QStringLiteral("tool"), actionBindings(tool, runDefaults()).first().actionSha256),
            &error));
        QCOMPARE(matchOf(rules, run).has_value(), approved);
        QCOMPARE(matchOf(rules, tool).has_value(), approved);
        QCOMPARE(hidingReason(actionBindings(tool, runDefaults()).first()).isEmpty(), approved);
        // A reject rule still rejects it.
        QVERIFY(rules.add(rejectRule(QStringLiteral("no-bot"), QStringLiteral("bot")), &error));
        Request fromBot = run;
        fromBot.agent = QStringLiteral("bot");
        const auto rejected = matchOf(rules, fromBot);
        QVERIFY(rejected.has_value());
        QCOMPARE(rejected->decision, Rule::Decision::Reject);
    }

    // Issue 24 finding 5: 1.0 hashes as 1 does, so a request that wrote a number otherwise than
    // canonical JSON is never approved by a rule, even one naming its hash; reject rules still apply.
    void nonCanonicalNumbersNeverApprovedByRules()
    {
        Request request = reviewRequest(hitlPayload(QStringLiteral("calc"), {{QStringLiteral("n"), 1}}));
        const QString hash = actionBindings(request, runDefaults()).first().actionSha256;
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(approveAction(QStringLiteral("calc-one"), hash), &error));
        QVERIFY(matchOf(rules, request).has_value());
        request.nonCanonicalNumber = NumberSpelling{"1.0", "1", 0};
        QVERIFY(!matchOf(rules, request).has_value());
        QVERIFY(rules.add(rejectRule(QStringLiteral("no-a"), QStringLiteral("agent-a")), &error));
        const std::optional<RuleMatch> rejected = matchOf(rules, request);
        QVERIFY(rejected.has_value());
        QCOMPARE(rejected->decision, Rule::Decision::Reject);
    }

    // Bindings that do not line up with the request's actions approve nothing; a reject rule
    // that names no hash still applies.
    void misalignedBindingsApproveNothing()
    {
        const Request request = runRequest({{QStringLiteral("code"), QStringLiteral("print(1)")}});
        const QList<ActionBinding> bindings = actionBindings(request, runDefaults());
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(approveAction(QStringLiteral("exact"), bindings.first().actionSha256), &error));
        QVERIFY(rules.match(request, bindings).has_value());
        QVERIFY(!rules.match(request, QList<ActionBinding>{}).has_value());
        QVERIFY(!rules.match(request, bindings + bindings).has_value());
        QVERIFY(rules.add(rejectRule(QStringLiteral("no-a"), QStringLiteral("agent-a")), &error));
        const auto match = rules.match(request, QList<ActionBinding>{});
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Reject);
    }

    void validatesActionSha256()
    {
        RuleSet rules;
        QString error;
        QVERIFY2(rules.add(approveAction(QStringLiteral("ok"), QString(64, u'b')), &error),
                 qPrintable(error));
        QVERIFY(!rules.add(approveAction(QStringLiteral("short"), QString(63, u'b')), &error));
        QVERIFY2(error.contains(QLatin1String("action_sha256")), qPrintable(error));
        QVERIFY(!rules.add(approveAction(QStringLiteral("not-hex"), QString(64, u'g')), &error));
        Rule neither;
        neither.name = QStringLiteral("neither");
        neither.decision = Rule::Decision::Approve;
        QVERIFY(!rules.add(neither, &error));
        QVERIFY2(error.contains(QLatin1String("action_sha256")) &&
                     error.contains(QLatin1String("code_sha256")),
                 qPrintable(error));
        // Upper-case hex is read as lower-case.
        QVERIFY(rules.add(approveAction(QStringLiteral("upper"), QString(64, u'C')), &error));
        QCOMPARE(rules.rules().last().actionSha256, QString(64, u'c'));
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
        QVERIFY2(
            rules.add(rejectRule(QStringLiteral("r"), ruleAgent, methodFrom(ruleMethod), ruleCode), &error),
            qPrintable(error));
        const auto match = matchOf(rules, requestWith(*methodFrom(method), agent, {codeAction(code)}));
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
        const auto match = matchOf(rules, requestWith(Method::Review, QStringLiteral("bot"),
                                                      {codeAction(QStringLiteral("print(1)"))}));
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Reject);
        QCOMPARE(match->ruleName, QStringLiteral("no-bot"));
        // Another agent gets the approval.
        const auto other = matchOf(rules, requestWith(Method::Review, QStringLiteral("ok"),
                                                      {codeAction(QStringLiteral("print(1)"))}));
        QVERIFY(other.has_value());
        QCOMPARE(other->decision, Rule::Decision::Approve);
    }

    void rejectByCodeInAnyAction()
    {
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(
            rejectRule(QStringLiteral("no-rm"), QString(), std::nullopt, QStringLiteral("rm -rf /")),
            &error));
        ReviewAction noCode;
        noCode.allowed = {DecisionKind::Approve};
        const auto match = matchOf(rules, requestWith(Method::Review, QStringLiteral("a"),
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
        QVERIFY(!matchOf(rules,
                         requestWith(Method::Run, QStringLiteral("bot"), {codeAction(QStringLiteral("x"))}))
                     .has_value());
        QVERIFY(rules.setEnabled(QStringLiteral("ok"), true));
        const auto match = matchOf(
            rules, requestWith(Method::Run, QStringLiteral("bot"), {codeAction(QStringLiteral("x"))}));
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
            requestWith(Method::Review, QStringLiteral("x"),
                        {codeAction(QStringLiteral("code a")), codeAction(QStringLiteral("code b"))});
        QVERIFY(!matchOf(rules, both).has_value());

        ReviewAction noCode;
        noCode.allowed = {DecisionKind::Approve};
        QVERIFY(!matchOf(rules, requestWith(Method::Review, QStringLiteral("x"),
                                            {codeAction(QStringLiteral("code a")), noCode}))
                     .has_value());

        QVERIFY(rules.add(approveRule(QStringLiteral("b"), QStringLiteral("code b")), &error));
        const auto match = matchOf(rules, both);
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Approve);
        QCOMPARE(match->ruleName, QStringLiteral("a,b"));

        // Same code twice, one rule.
        const auto twice = matchOf(
            rules, requestWith(Method::Review, QStringLiteral("x"),
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
        QVERIFY(matchOf(rules,
                        requestWith(Method::Run, QStringLiteral("alice"), {codeAction(QStringLiteral("x"))}))
                    .has_value());
        QVERIFY(!matchOf(rules,
                         requestWith(Method::Run, QStringLiteral("bob"), {codeAction(QStringLiteral("x"))}))
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

        // A method other than review and run cannot be named in a Rule (std::optional<Method>); in
        // a rules file it is refused on load (invalidFiles, "bad method").

        Rule noName = rejectRule(QString(), QStringLiteral("a"));
        QVERIFY(!rules.add(noName, &error));

        QVERIFY(rules.add(rejectRule(QStringLiteral("dup"), QStringLiteral("a")), &error));
        QVERIFY(!rules.add(rejectRule(QStringLiteral("dup"), QStringLiteral("b")), &error));
        QVERIFY(error.contains(QStringLiteral("dup")));

        Rule upper = approveRule(QStringLiteral("upper"), QStringLiteral("x"));
        upper.codeSha256 = upper.codeSha256.toUpper();
        QVERIFY(rules.add(upper, &error));
        QVERIFY(
            matchOf(rules, requestWith(Method::Run, QStringLiteral("a2"), {codeAction(QStringLiteral("x"))}))
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
            "  {\"name\": \"whole-action\", \"decision\": \"approve\", \"action_sha256\": \"" +
            QByteArray(64, 'e') +
            "\"},\n"
            "  {\"name\": \"no-night-bot\", \"decision\": \"reject\", \"agent\": \"night-bot\"},\n"
            "  {\"name\": \"no-runs\", \"decision\": \"reject\", \"method\": \"run\", \"enabled\": "
            "false}\n"
            "]}\n";
        QVERIFY(writeFile(path, text));
        RuleSet rules;
        QString error;
        QVERIFY2(rules.load(path, false, &error), qPrintable(error));
        QCOMPARE(rules.rules().size(), 4);
        QCOMPARE(rules.rules().at(0).name, QStringLiteral("pandas-summary"));
        QCOMPARE(rules.rules().at(0).decision, Rule::Decision::Approve);
        QVERIFY(rules.rules().at(0).actionSha256.isEmpty()); // an old code_sha256 rule still loads
        QCOMPARE(rules.rules().at(1).actionSha256, QString(64, u'e'));
        QVERIFY(rules.rules().at(1).codeSha256.isEmpty());
        QCOMPARE(rules.rules().at(2).agent, QStringLiteral("night-bot"));
        QVERIFY(!rules.rules().at(3).enabled);
        QCOMPARE(rules.rules().at(3).source, path);
        QVERIFY(!rules.rules().at(3).readOnly);

        const auto match = matchOf(rules, requestWith(Method::Run, QStringLiteral("x"),
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
        QTest::newRow("short action sha") << QByteArray("{\"rules\": [\n{\"name\": \"x\", \"decision\": "
                                                        "\"approve\", \"action_sha256\": \"abc\"}]}")
                                          << 2 << QStringLiteral("action_sha256");
        QTest::newRow("action sha not a string")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"approve\", \"action_sha256\": 1}]}")
            << 1 << QStringLiteral("\"action_sha256\" must be a string");
        QTest::newRow("bad method")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"method\": \"ping\"}]}")
            << 1 << QStringLiteral("method");
        QTest::newRow("method cancel")
            << QByteArray(
                   "{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"method\": \"cancel\"}]}")
            << 1 << QStringLiteral("\"method\" must be \"review\" or \"run\", not \"cancel\"");
        QTest::newRow("server not a URL")
            << QByteArray("{\"rules\": [\n{\"name\": \"x\", \"decision\": \"reject\", \"agent\": \"a\",\n"
                          "  \"server\": \"127.0.0.1:2024\"}]}")
            << 2 << QStringLiteral("\"server\" must be an http or https URL with a host");
        QTest::newRow("server not http")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"server\": "
                          "\"ftp://127.0.0.1:2024\"}]}")
            << 1 << QStringLiteral("ftp://127.0.0.1:2024");
        QTest::newRow("server without host")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"server\": "
                          "\"http:///threads\"}]}")
            << 1 << QStringLiteral("\"server\" must be an http or https URL with a host");
        QTest::newRow("server with a query")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"server\": "
                          "\"http://h:2024/?key=1\"}]}")
            << 1 << QStringLiteral("\"server\" must be an http or https URL with a host");
        QTest::newRow("server with a user name")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"server\": "
                          "\"http://me@h:2024\"}]}")
            << 1 << QStringLiteral("without a user name");
        QTest::newRow("agent with a lone surrogate")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"agent\": "
                          "\"x\\ude69\"}]}")
            << 1 << QStringLiteral("\"agent\" holds half a character");
        QTest::newRow("name with a lone surrogate")
            << QByteArray("{\"rules\": [{\"name\": \"\\ud800x\", \"decision\": \"reject\", \"agent\": "
                          "\"a\"}]}")
            << 1 << QStringLiteral("\"name\" holds half a character");
        QTest::newRow("server empty")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"agent\": \"a\", "
                          "\"server\": \"\"}]}")
            << 1 << QStringLiteral("\"server\" is empty");
        QTest::newRow("server not a string")
            << QByteArray("{\"rules\": [{\"name\": \"x\", \"decision\": \"reject\", \"agent\": \"a\", "
                          "\"server\": 2024}]}")
            << 1 << QStringLiteral("\"server\" must be a string");
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
        QVERIFY(
            !matchOf(rules, requestWith(Method::Run, QStringLiteral("a"), {codeAction(QStringLiteral("x"))}))
                 .has_value());
    }

    void saveLoadRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/rules.json"));
        RuleSet rules;
        QString error;
        QVERIFY(rules.add(approveRule(QStringLiteral("quote \"me\""), QStringLiteral("print('é')")), &error));
        QVERIFY(rules.add(approveAction(QStringLiteral("action"), QString(64, u'd'), QStringLiteral("bob")),
                          &error));
        Rule scoped = rejectRule(QStringLiteral("no-runs"), QStringLiteral("bot ✓"), Method::Run);
        QVERIFY(rules.add(scoped, &error));
        QVERIFY(rules.setEnabled(QStringLiteral("no-runs"), false));

        // Read-only rules from an extra file are never written back.
        RuleSet extra;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("extra.json")),
                          "{\"rules\": [{\"name\": \"ro\", \"decision\": \"reject\", \"agent\": \"z\"}]}"));
        QVERIFY(extra.load(dir.filePath(QStringLiteral("extra.json")), true, &error));
        rules.merge(extra);
        QCOMPARE(rules.rules().size(), 4);

        QVERIFY2(rules.save(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(!text.contains("\"ro\""));
        QVERIFY(text.contains("\"enabled\": false"));
        QVERIFY(QJsonDocument::fromJson(text).isObject());

        RuleSet loaded;
        QVERIFY2(loaded.load(path, false, &error), qPrintable(error));
        QCOMPARE(loaded.rules().size(), 3);
        QVERIFY(text.contains("\"action_sha256\": \"" + QByteArray(64, 'd') + '"'));
        const Rule action = loaded.rules().at(1);
        QCOMPARE(action.actionSha256, QString(64, u'd'));
        QCOMPARE(action.agent, QStringLiteral("bob"));
        QVERIFY(action.codeSha256.isEmpty());
        const Rule first = loaded.rules().at(0);
        QCOMPARE(first.name, QStringLiteral("quote \"me\""));
        QCOMPARE(first.decision, Rule::Decision::Approve);
        QCOMPARE(first.codeSha256, shaOf(QStringLiteral("print('é')")));
        QVERIFY(first.enabled);
        const Rule second = loaded.rules().at(2);
        QCOMPARE(second.agent, QStringLiteral("bot ✓"));
        QCOMPARE(second.method, std::optional(Method::Run));
        QVERIFY(!second.enabled);
    }

    // Issue 27: a rule limited to one server matches that server's requests only; one without a
    // server matches the socket's and every server's alike.
    void serverRuleMatchesOnlyItsServer()
    {
        const QJsonObject args{{QStringLiteral("code"), QStringLiteral("print(1)")}};
        const QString bound = handHash(R"j({"args":{"code":"print(1)"},"method":"review","name":"python"})j");
        RuleSet limited;
        QString error;
        Rule rule = approveAction(QStringLiteral("at-2024"), bound);
        rule.server = QStringLiteral("http://127.0.0.1:2024/"); // as a person may copy it
        QVERIFY2(limited.add(rule, &error), qPrintable(error));
        QCOMPARE(limited.rules().first().server, QStringLiteral("http://127.0.0.1:2024"));
        RuleSet everywhere;
        QVERIFY2(everywhere.add(approveAction(QStringLiteral("anywhere"), bound), &error), qPrintable(error));

        Request request = reviewRequest(hitlPayload(QStringLiteral("python"), args));
        // The socket: no server.
        QVERIFY(!matchOf(limited, request).has_value());
        QVERIFY(matchOf(everywhere, request).has_value());
        // Its server, spelled as LangGraphSource does or otherwise for the same server.
        for (const QString& server :
             {QStringLiteral("http://127.0.0.1:2024"), QStringLiteral("http://127.0.0.1:2024/"),
              QStringLiteral("HTTP://127.0.0.1:2024//")}) {
            request.origin.server = server;
            const std::optional<RuleMatch> match = matchOf(limited, request);
            QVERIFY2(match.has_value(), qPrintable(server));
            QCOMPARE(match->ruleName, QStringLiteral("at-2024"));
            QVERIFY2(matchOf(everywhere, request).has_value(), qPrintable(server));
        }
        // Another server, or the same host's other port or scheme, or a path below it.
        for (const QString& server :
             {QStringLiteral("http://127.0.0.1:2025"), QStringLiteral("https://127.0.0.1:2024"),
              QStringLiteral("http://localhost:2024"), QStringLiteral("http://127.0.0.1:2024/api")}) {
            request.origin.server = server;
            QVERIFY2(!matchOf(limited, request).has_value(), qPrintable(server));
            QVERIFY2(matchOf(everywhere, request).has_value(), qPrintable(server));
        }
    }

    // A reject rule limited to a server leaves the same agent elsewhere alone; one that names
    // only a server rejects everything that server sends.
    void serverRejectRules()
    {
        RuleSet rules;
        QString error;
        Rule botThere = rejectRule(QStringLiteral("bot-there"), QStringLiteral("bot"));
        botThere.server = QStringLiteral("http://10.0.0.5:2024");
        QVERIFY2(rules.add(botThere, &error), qPrintable(error));
        Rule all = rejectRule(QStringLiteral("all-of-8123"), {});
        all.server = QStringLiteral("https://graphs.example:8123");
        QVERIFY2(rules.add(all, &error), qPrintable(error));

        Request request =
            requestWith(Method::Review, QStringLiteral("bot"), {codeAction(QStringLiteral("x"))});
        QVERIFY(!matchOf(rules, request).has_value()); // the socket
        request.origin.server = QStringLiteral("http://10.0.0.5:2024");
        QCOMPARE(matchOf(rules, request)->ruleName, QStringLiteral("bot-there"));
        request.agent = QStringLiteral("other");
        QVERIFY(!matchOf(rules, request).has_value());
        request.origin.server = QStringLiteral("https://graphs.example:8123/");
        QCOMPARE(matchOf(rules, request)->ruleName, QStringLiteral("all-of-8123"));
        QCOMPARE(matchOf(rules, request)->decision, Rule::Decision::Reject);
    }

    // add() refuses what reading the file refuses.
    void addRefusesAServerThatIsNoURL()
    {
        for (const QString& server : {QStringLiteral("dev-server"), QStringLiteral("ftp://h:1"),
                                      QStringLiteral("http://"), QStringLiteral("http://h:2024#top")}) {
            RuleSet rules;
            Rule rule = rejectRule(QStringLiteral("x"), QStringLiteral("bot"));
            rule.server = server;
            QString error;
            QVERIFY2(!rules.add(rule, &error), qPrintable(server));
            QVERIFY2(error.contains(QLatin1String("\"server\"")), qPrintable(error));
            QVERIFY(rules.rules().isEmpty());
        }
    }

    // The file keeps "server" in the one spelling that compares, and a rule without one stays
    // without one.
    void serverRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rules.json"));
        QVERIFY(writeFile(path,
                          "{\"rules\": [\n"
                          "  {\"name\": \"a\", \"decision\": \"reject\", \"agent\": \"bot\", \"server\": "
                          "\"HTTP://Graphs.Example:80/api/\"},\n"
                          "  {\"name\": \"b\", \"decision\": \"reject\", \"agent\": \"bot\"}\n]}"));
        RuleSet rules;
        QString error;
        QVERIFY2(rules.load(path, false, &error), qPrintable(error));
        QCOMPARE(rules.rules().at(0).server, QStringLiteral("http://graphs.example/api"));
        QVERIFY(rules.rules().at(1).server.isEmpty());

        const QString saved = dir.filePath(QStringLiteral("saved.json"));
        QVERIFY2(rules.save(saved, &error), qPrintable(error));
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QCOMPARE(text.count("\"server\""), 1);
        QVERIFY2(text.contains("\"server\": \"http://graphs.example/api\"}"), text.constData());
        RuleSet again;
        QVERIFY2(again.load(saved, false, &error), qPrintable(error));
        QCOMPARE(again.rules().size(), 2);
        QCOMPARE(again.rules().at(0).server, QStringLiteral("http://graphs.example/api"));
        QVERIFY(again.rules().at(1).server.isEmpty());
        Request request =
            requestWith(Method::Review, QStringLiteral("bot"), {codeAction(QStringLiteral("x"))});
        request.origin.server = QStringLiteral("http://graphs.example/api");
        QCOMPARE(matchOf(again, request)->ruleName, QStringLiteral("a"));
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
        const auto match =
            matchOf(own, requestWith(Method::Run, QStringLiteral("bot"), {codeAction(QStringLiteral("x"))}));
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
