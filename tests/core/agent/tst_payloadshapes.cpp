// SPDX-License-Identifier: Apache-2.0
#include "agent/canonical/Sha256.h"
#include "agent/payload/PayloadShapes.h"
#include "support/TestJson.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace k8::agent;

namespace {

using k8::test::json;

QJsonObject reviewParams(const QJsonValue& payload)
{
    return QJsonObject{{QStringLiteral("payload"), payload}};
}

Request reviewOf(const char* payloadJson)
{
    Request request;
    RpcError error;
    if (!requestFromReview(reviewParams(json(payloadJson)), &request, &error))
        qWarning("review rejected: %s", qPrintable(error.message));
    return request;
}

const char* hitlTwoActions = R"j({
  "action_requests": [
    {"name": "run_python", "args": {"code": "print(1)"}, "description": "Runs code"},
    {"name": "shell", "args": {"command": "ls -l"}}
  ],
  "review_configs": [
    {"action_name": "run_python", "allowed_decisions": ["approve", "edit", "reject"]},
    {"action_name": "shell", "allowed_decisions": ["approve", "reject", "respond", "teleport"]}
  ]})j";

const char* inboxSingle =
    R"j({"action_request": {"action": "write_file", "args": {"source": "x = 1", "path": "a.py"}},
  "config": {"allow_accept": true, "allow_edit": true, "allow_respond": false, "allow_ignore": true},
  "description": "Write a file"})j";

const char* inboxList = R"j([
  {"action_request": {"action": "a", "args": {"script": "echo a"}},
   "config": {"allow_accept": true, "allow_edit": false, "allow_respond": true, "allow_ignore": true}},
  {"action_request": {"action": "b", "args": {"n": 1}},
   "config": {"allow_accept": false, "allow_edit": true, "allow_respond": false, "allow_ignore": true}}
])j";

ActionDecision decided(DecisionKind kind, const QJsonObject& args = {}, const QString& message = {})
{
    ActionDecision decision;
    decision.kind = kind;
    decision.editedArgs = args;
    decision.message = message;
    return decision;
}

PersonDecision person(std::initializer_list<ActionDecision> actions)
{
    PersonDecision decision;
    decision.actions = actions;
    return decision;
}

RunDefaults defaultsWithSandbox()
{
    RunDefaults defaults;
    defaults.sandbox = QStringLiteral("dev-box");
    return defaults;
}

Request runOf(const char* params, const QJsonValue& id = QJsonValue(1))
{
    Request request;
    RpcError error;
    if (!requestFromRun(json(params).toObject(), id, defaultsWithSandbox(), &request, &error))
        qWarning("run rejected: %s", qPrintable(error.message));
    return request;
}

} // namespace

class TestPayloadShapes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detectsShape_data()
    {
        QTest::addColumn<QByteArray>("payload");
        QTest::addColumn<int>("shape");
        QTest::addColumn<int>("actions");
        QTest::addColumn<bool>("isList");
        QTest::newRow("hitl") << QByteArray(hitlTwoActions) << int(PayloadShape::HumanInTheLoop) << 2
                              << false;
        QTest::newRow("inbox single")
            << QByteArray(inboxSingle) << int(PayloadShape::AgentInbox) << 1 << false;
        QTest::newRow("inbox list") << QByteArray(inboxList) << int(PayloadShape::AgentInbox) << 2 << true;
        QTest::newRow("generic with code") << QByteArray(R"j({"question": "Run?", "code": "print(2)"})j")
                                           << int(PayloadShape::Generic) << 1 << false;
        QTest::newRow("generic string")
            << QByteArray(R"j("Shall I?")j") << int(PayloadShape::Generic) << 1 << false;
        QTest::newRow("generic number") << QByteArray("3") << int(PayloadShape::Generic) << 1 << false;
        QTest::newRow("generic null") << QByteArray("null") << int(PayloadShape::Generic) << 1 << false;
        QTest::newRow("generic list")
            << QByteArray(R"j([1, {"a": 2}])j") << int(PayloadShape::Generic) << 1 << false;
        QTest::newRow("empty list") << QByteArray("[]") << int(PayloadShape::Generic) << 1 << false;
        QTest::newRow("only action_requests")
            << QByteArray(R"j({"action_requests": []})j") << int(PayloadShape::Generic) << 1 << false;
    }

    void detectsShape()
    {
        QFETCH(QByteArray, payload);
        QFETCH(int, shape);
        QFETCH(int, actions);
        QFETCH(bool, isList);
        Request request;
        RpcError error;
        QVERIFY2(requestFromReview(reviewParams(json(payload.constData())), &request, &error),
                 qPrintable(error.message));
        QCOMPARE(int(request.shape), shape);
        QCOMPARE(request.actions.size(), actions);
        QCOMPARE(request.payloadIsList, isList);
        QCOMPARE(request.method, Method::Review);
        QVERIFY(!request.title.isEmpty());
        QCOMPARE(request.payload, json(payload.constData()));
    }

    void hitlActions()
    {
        const Request request = reviewOf(hitlTwoActions);
        QCOMPARE(request.actions.size(), 2);
        const ReviewAction& first = request.actions.at(0);
        QCOMPARE(first.name, QStringLiteral("run_python"));
        QCOMPARE(first.description, QStringLiteral("Runs code"));
        QCOMPARE(first.codeField, QStringLiteral("code"));
        QCOMPARE(first.code, QStringLiteral("print(1)"));
        QCOMPARE(first.allowed,
                 (QSet<DecisionKind>{DecisionKind::Approve, DecisionKind::Edit, DecisionKind::Reject}));
        const ReviewAction& second = request.actions.at(1);
        QCOMPARE(second.codeField, QStringLiteral("command"));
        QCOMPARE(second.code, QStringLiteral("ls -l"));
        // An unknown decision type is not offered.
        QCOMPARE(second.allowed,
                 (QSet<DecisionKind>{DecisionKind::Approve, DecisionKind::Reject, DecisionKind::Respond}));
        QCOMPARE(request.title, QStringLiteral("Review 2 actions: run_python, shell"));
    }

    void hitlConfigsMatchedByName()
    {
        // Configs in another order than the actions are matched by action_name.
        const Request request =
            reviewOf(R"j({"action_requests": [{"name": "a", "args": {}}, {"name": "b", "args": {}}],
            "review_configs": [{"action_name": "b", "allowed_decisions": ["approve"]},
                               {"action_name": "a", "allowed_decisions": ["reject"]}]})j");
        QCOMPARE(request.actions.size(), 2);
        QCOMPARE(request.actions.at(0).allowed, QSet<DecisionKind>{DecisionKind::Reject});
        QCOMPARE(request.actions.at(1).allowed, QSet<DecisionKind>{DecisionKind::Approve});
    }

    void codeFields_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("code");
        QTest::newRow("code") << QByteArray(R"j({"code": "c"})j") << QStringLiteral("code")
                              << QStringLiteral("c");
        QTest::newRow("script") << QByteArray(R"j({"script": "s"})j") << QStringLiteral("script")
                                << QStringLiteral("s");
        QTest::newRow("command") << QByteArray(R"j({"command": "ls"})j") << QStringLiteral("command")
                                 << QStringLiteral("ls");
        QTest::newRow("source") << QByteArray(R"j({"source": "src"})j") << QStringLiteral("source")
                                << QStringLiteral("src");
        QTest::newRow("code wins") << QByteArray(R"j({"source": "s", "code": "c"})j")
                                   << QStringLiteral("code") << QStringLiteral("c");
        QTest::newRow("command list is not code")
            << QByteArray(R"j({"command": ["ls", "-l"]})j") << QString() << QString();
        QTest::newRow("no code") << QByteArray(R"j({"path": "/tmp"})j") << QString() << QString();
    }

    void codeFields()
    {
        QFETCH(QByteArray, args);
        QFETCH(QString, field);
        QFETCH(QString, code);
        const QByteArray hitl =
            R"j({"action_requests": [{"name": "t", "args": )j" + args +
            R"j(}], "review_configs": [{"action_name": "t", "allowed_decisions": ["approve"]}]})j";
        const Request request = reviewOf(hitl.constData());
        QCOMPARE(request.actions.size(), 1);
        QCOMPARE(request.actions.first().codeField, field);
        QCOMPARE(request.actions.first().code, code);

        const QByteArray inbox = R"j({"action_request": {"action": "t", "args": )j" + args +
                                 R"j(}, "config": {"allow_accept": true}})j";
        const Request inboxRequest = reviewOf(inbox.constData());
        QCOMPARE(inboxRequest.actions.first().codeField, field);
        QCOMPARE(inboxRequest.actions.first().code, code);
    }

    void inboxActions()
    {
        Request request = reviewOf(inboxSingle);
        QCOMPARE(request.actions.size(), 1);
        QCOMPARE(request.actions.first().name, QStringLiteral("write_file"));
        QCOMPARE(request.actions.first().description, QStringLiteral("Write a file"));
        QCOMPARE(request.actions.first().code, QStringLiteral("x = 1"));
        QCOMPARE(request.actions.first().allowed,
                 (QSet<DecisionKind>{DecisionKind::Approve, DecisionKind::Edit, DecisionKind::Reject}));

        request = reviewOf(inboxList);
        QCOMPARE(request.actions.at(0).allowed,
                 (QSet<DecisionKind>{DecisionKind::Approve, DecisionKind::Respond, DecisionKind::Reject}));
        QCOMPARE(request.actions.at(1).allowed,
                 (QSet<DecisionKind>{DecisionKind::Edit, DecisionKind::Reject}));
        QCOMPARE(request.actions.at(1).codeField, QString());
    }

    void genericActions()
    {
        Request request = reviewOf(R"j({"question": "Run this?", "code": "import os"})j");
        QCOMPARE(request.actions.first().codeField, QStringLiteral("code"));
        QCOMPARE(request.actions.first().code, QStringLiteral("import os"));
        QCOMPARE(request.actions.first().allowed,
                 (QSet<DecisionKind>{DecisionKind::Approve, DecisionKind::Reject}));
        QCOMPARE(request.title, QStringLiteral("Run this?"));

        request = reviewOf(R"j({"code": 5})j");
        QVERIFY(request.actions.first().codeField.isEmpty());
        request = reviewOf(R"j("plain question")j");
        QVERIFY(request.actions.first().codeField.isEmpty());
        QCOMPARE(request.title, QStringLiteral("plain question"));
    }

    void optionalParams()
    {
        Request request;
        RpcError error;
        QJsonObject params = reviewParams(json(R"j({"code": "x"})j"));
        params.insert(QStringLiteral("title"), QStringLiteral("My title"));
        params.insert(QStringLiteral("agent"), QStringLiteral("bot-1"));
        params.insert(QStringLiteral("thread_id"), QStringLiteral("t-9"));
        params.insert(QStringLiteral("timeout_s"), 30);
        QVERIFY(requestFromReview(params, &request, &error));
        QCOMPARE(request.title, QStringLiteral("My title"));
        QCOMPARE(request.agent, QStringLiteral("bot-1"));
        QCOMPARE(request.threadId, QStringLiteral("t-9"));
        QCOMPARE(request.timeoutS, 30);

        params.insert(QStringLiteral("timeout_s"), 86400);
        QVERIFY(requestFromReview(params, &request, &error));
        QCOMPARE(request.timeoutS, 86400);

        // Absent agent stays empty: the service fills in the connection's hello agent.
        QVERIFY(requestFromReview(reviewParams(json("1")), &request, &error));
        QVERIFY(request.agent.isEmpty());
        QCOMPARE(request.timeoutS, 0);
    }

    void invalidReviewParams_data()
    {
        QTest::addColumn<QByteArray>("params");
        QTest::addColumn<QString>("field");
        QTest::newRow("no payload") << QByteArray(R"j({"title": "x"})j") << QStringLiteral("\"payload\"");
        QTest::newRow("title number")
            << QByteArray(R"j({"payload": 1, "title": 5})j") << QStringLiteral("\"title\"");
        QTest::newRow("agent object")
            << QByteArray(R"j({"payload": 1, "agent": {}})j") << QStringLiteral("\"agent\"");
        QTest::newRow("thread_id bool")
            << QByteArray(R"j({"payload": 1, "thread_id": true})j") << QStringLiteral("\"thread_id\"");
        QTest::newRow("timeout zero")
            << QByteArray(R"j({"payload": 1, "timeout_s": 0})j") << QStringLiteral("\"timeout_s\"");
        QTest::newRow("timeout too long")
            << QByteArray(R"j({"payload": 1, "timeout_s": 86401})j") << QStringLiteral("\"timeout_s\"");
        QTest::newRow("timeout string")
            << QByteArray(R"j({"payload": 1, "timeout_s": "10"})j") << QStringLiteral("\"timeout_s\"");
        QTest::newRow("hitl empty requests")
            << QByteArray(R"j({"payload": {"action_requests": [], "review_configs": []}})j")
            << QStringLiteral("payload.action_requests");
        QTest::newRow("hitl configs not list")
            << QByteArray(
                   R"j({"payload": {"action_requests": [{"name": "a", "args": {}}], "review_configs": {}}})j")
            << QStringLiteral("payload.review_configs");
        QTest::newRow("hitl args not object")
            << QByteArray(R"j({"payload": {"action_requests": [{"name": "a", "args": 3}],
                 "review_configs": [{"action_name": "a", "allowed_decisions": ["approve"]}]}})j")
            << QStringLiteral("payload.action_requests[0].args");
        QTest::newRow("hitl name missing") << QByteArray(R"j({"payload": {"action_requests": [{"args": {}}],
                 "review_configs": [{"action_name": "a", "allowed_decisions": ["approve"]}]}})j")
                                           << QStringLiteral("payload.action_requests[0]");
        QTest::newRow("hitl no config for action")
            << QByteArray(R"j({"payload": {"action_requests": [{"name": "a", "args": {}}],
                 "review_configs": [{"action_name": "b", "allowed_decisions": ["approve"]}]}})j")
            << QStringLiteral("action_name \"a\"");
        QTest::newRow("hitl allowed not list")
            << QByteArray(R"j({"payload": {"action_requests": [{"name": "a", "args": {}}],
                 "review_configs": [{"action_name": "a", "allowed_decisions": "approve"}]}})j")
            << QStringLiteral("payload.review_configs[0].allowed_decisions");
        QTest::newRow("hitl allowed nothing known")
            << QByteArray(R"j({"payload": {"action_requests": [{"name": "a", "args": {}}],
                 "review_configs": [{"action_name": "a", "allowed_decisions": ["maybe"]}]}})j")
            << QStringLiteral("payload.review_configs[0].allowed_decisions");
        QTest::newRow("inbox args not object")
            << QByteArray(
                   R"j({"payload": {"action_request": {"action": "a", "args": []}, "config": {"allow_accept": true}}})j")
            << QStringLiteral("payload.action_request.args");
        QTest::newRow("inbox config missing")
            << QByteArray(R"j({"payload": {"action_request": {"action": "a", "args": {}}}})j")
            << QStringLiteral("payload.config");
        QTest::newRow("inbox flag not bool")
            << QByteArray(
                   R"j({"payload": {"action_request": {"action": "a", "args": {}}, "config": {"allow_edit": "yes"}}})j")
            << QStringLiteral("payload.config.allow_edit");
        QTest::newRow("inbox allows nothing")
            << QByteArray(
                   R"j({"payload": {"action_request": {"action": "a", "args": {}}, "config": {"allow_accept": false}}})j")
            << QStringLiteral("payload.config");
        QTest::newRow("inbox list with a stray item")
            << QByteArray(
                   R"j({"payload": [{"action_request": {"action": "a", "args": {}}, "config": {"allow_accept": true}}, 7]})j")
            << QStringLiteral("payload[1]");
    }

    void invalidReviewParams()
    {
        QFETCH(QByteArray, params);
        QFETCH(QString, field);
        Request request;
        RpcError error;
        QVERIFY(!requestFromReview(json(params.constData()).toObject(), &request, &error));
        QCOMPARE(error.code, ErrorCode::InvalidParams);
        QVERIFY2(error.message.contains(field), qPrintable(error.message));
    }

    void payloadHashIsCanonical()
    {
        const Request a = reviewOf(R"j({"b": 1, "a": {"y": [1, 2], "x": "é"}})j");
        const Request b = reviewOf(R"j({ "a" : { "x" : "é", "y" : [ 1 , 2 ] } , "b" : 1 })j");
        QCOMPARE(a.payloadSha256, b.payloadSha256);
        const QByteArray canonical = QStringLiteral(R"j({"a":{"x":"é","y":[1,2]},"b":1})j").toUtf8();
        QCOMPARE(
            a.payloadSha256,
            QString::fromLatin1(QCryptographicHash::hash(canonical, QCryptographicHash::Sha256).toHex()));
        QVERIFY(reviewOf(R"j({"b": 2})j").payloadSha256 != reviewOf(R"j({"b": 1})j").payloadSha256);
    }

    void runDefaults()
    {
        Request request;
        RpcError error;
        QVERIFY2(requestFromRun(json(R"j({"code": "print(1)"})j").toObject(), QJsonValue(42),
                                defaultsWithSandbox(), &request, &error),
                 qPrintable(error.message));
        QCOMPARE(request.method, Method::Run);
        QCOMPARE(int(request.shape), int(PayloadShape::Run));
        QCOMPARE(request.origin.id, QJsonValue(42));
        QCOMPARE(request.run.code, QStringLiteral("print(1)"));
        QCOMPARE(request.run.language, QStringLiteral("python"));
        QCOMPARE(request.run.sandbox, QStringLiteral("dev-box"));
        QCOMPARE(request.run.image, QStringLiteral("python:3.12-slim"));
        QVERIFY(request.run.checkpoint);
        QCOMPARE(request.run.checkpointLabel, QStringLiteral("before-42"));
        QCOMPARE(request.actions.size(), 1);
        QCOMPARE(request.actions.first().name, QStringLiteral("run"));
        QCOMPARE(request.actions.first().codeField, QStringLiteral("code"));
        QCOMPARE(request.actions.first().code, QStringLiteral("print(1)"));
        QCOMPARE(request.actions.first().allowed,
                 (QSet<DecisionKind>{DecisionKind::Approve, DecisionKind::Edit, DecisionKind::Reject}));
        QVERIFY(!request.title.isEmpty());
        QCOMPARE(request.payloadSha256, sha256Hex(canonicalJson(json(R"j({"code": "print(1)"})j"))));

        request = runOf(R"j({"code": "ls", "language": "bash"})j");
        QCOMPARE(request.run.image, QStringLiteral("debian:bookworm-slim"));
        request = runOf(R"j({"code": "1", "language": "node"})j");
        QCOMPARE(request.run.image, QStringLiteral("node:22-slim"));

        // Settings override the built-in images; explicit params override the settings.
        RunDefaults defaults = defaultsWithSandbox();
        defaults.imageByLanguage.insert(QStringLiteral("python"), QStringLiteral("python:3.11"));
        QVERIFY(
            requestFromRun(json(R"j({"code": "1"})j").toObject(), QJsonValue(1), defaults, &request, &error));
        QCOMPARE(request.run.image, QStringLiteral("python:3.11"));
        QVERIFY2(requestFromRun(json(R"j({"code": "1", "sandbox": "other", "image": "ghcr.io/acme/py:1",
                                          "timeout_s": 5, "checkpoint": false, "agent": "a1", "title": "T"})j")
                                    .toObject(),
                                QJsonValue(QStringLiteral("r/1 x")), defaults, &request, &error),
                 qPrintable(error.message));
        QCOMPARE(request.run.sandbox, QStringLiteral("other"));
        QCOMPARE(request.run.image, QStringLiteral("ghcr.io/acme/py:1"));
        QCOMPARE(request.run.timeoutS, 5);
        QCOMPARE(request.timeoutS, 5);
        QVERIFY(!request.run.checkpoint);
        QCOMPARE(request.run.checkpointLabel, QStringLiteral("before-r-1-x"));
        QCOMPARE(request.agent, QStringLiteral("a1"));
        QCOMPARE(request.title, QStringLiteral("T"));
    }

    void runNoSandbox()
    {
        Request request;
        RpcError error;
        QVERIFY(!requestFromRun(json(R"j({"code": "print(1)"})j").toObject(), QJsonValue(1), RunDefaults(),
                                &request, &error));
        QCOMPARE(error.code, ErrorCode::NoSandbox);
        QCOMPARE(error.code, -32011);
        QVERIFY(error.message.contains(QStringLiteral("sandbox")));
        // Naming one is enough.
        QVERIFY(requestFromRun(json(R"j({"code": "1", "sandbox": "box"})j").toObject(), QJsonValue(1),
                               RunDefaults(), &request, &error));
    }

    void invalidRunParams_data()
    {
        QTest::addColumn<QByteArray>("params");
        QTest::addColumn<QString>("field");
        QTest::newRow("no code") << QByteArray(R"j({"language": "python"})j") << QStringLiteral("\"code\"");
        QTest::newRow("code number") << QByteArray(R"j({"code": 5})j") << QStringLiteral("\"code\"");
        QTest::newRow("language ruby")
            << QByteArray(R"j({"code": "1", "language": "ruby"})j") << QStringLiteral("\"language\"");
        QTest::newRow("language number")
            << QByteArray(R"j({"code": "1", "language": 1})j") << QStringLiteral("\"language\"");
        QTest::newRow("sandbox flag-like")
            << QByteArray(R"j({"code": "1", "sandbox": "--all"})j") << QStringLiteral("\"sandbox\"");
        QTest::newRow("sandbox upper")
            << QByteArray(R"j({"code": "1", "sandbox": "Box"})j") << QStringLiteral("\"sandbox\"");
        QTest::newRow("image with space")
            << QByteArray(R"j({"code": "1", "image": "python 3"})j") << QStringLiteral("\"image\"");
        QTest::newRow("timeout negative")
            << QByteArray(R"j({"code": "1", "timeout_s": -1})j") << QStringLiteral("\"timeout_s\"");
        QTest::newRow("checkpoint string")
            << QByteArray(R"j({"code": "1", "checkpoint": "yes"})j") << QStringLiteral("\"checkpoint\"");
    }

    void invalidRunParams()
    {
        QFETCH(QByteArray, params);
        QFETCH(QString, field);
        Request request;
        RpcError error;
        QVERIFY(!requestFromRun(json(params.constData()).toObject(), QJsonValue(1), defaultsWithSandbox(),
                                &request, &error));
        QCOMPARE(error.code, ErrorCode::InvalidParams);
        QVERIFY2(error.message.contains(field), qPrintable(error.message));
    }

    void runCodeLimit()
    {
        Request request;
        RpcError error;
        const QString atLimit(4 * 1024 * 1024, u'x');
        QVERIFY(requestFromRun(QJsonObject{{QStringLiteral("code"), atLimit}}, QJsonValue(1),
                               defaultsWithSandbox(), &request, &error));
        QVERIFY(!requestFromRun(QJsonObject{{QStringLiteral("code"), atLimit + u'x'}}, QJsonValue(1),
                                defaultsWithSandbox(), &request, &error));
        QCOMPARE(error.code, ErrorCode::InvalidParams);
        QVERIFY(error.message.contains(QStringLiteral("4 MiB")));
    }

    void hitlResults()
    {
        const Request request = reviewOf(hitlTwoActions);
        QJsonValue result;
        QString error;
        QVERIFY2(
            reviewResult(request,
                         person({decided(DecisionKind::Edit, json(R"j({"code": "print(2)"})j").toObject()),
                                 decided(DecisionKind::Respond, {}, QStringLiteral("use ls -la"))}),
                         &result, &error),
            qPrintable(error));
        QCOMPARE(result, json(R"j({"decisions": [
            {"type": "edit", "edited_action": {"name": "run_python", "args": {"code": "print(2)"}}},
            {"type": "respond", "message": "use ls -la"}]})j"));

        QVERIFY(reviewResult(
            request,
            person({decided(DecisionKind::Approve), decided(DecisionKind::Reject, {}, QStringLiteral("no"))}),
            &result, &error));
        QCOMPARE(result,
                 json(R"j({"decisions": [{"type": "approve"}, {"type": "reject", "message": "no"}]})j"));

        QVERIFY(reviewResult(request, person({decided(DecisionKind::Reject), decided(DecisionKind::Approve)}),
                             &result, &error));
        QCOMPARE(result, json(R"j({"decisions": [{"type": "reject"}, {"type": "approve"}]})j"));
    }

    void inboxResults()
    {
        QJsonValue result;
        QString error;
        const Request single = reviewOf(inboxSingle);
        QVERIFY(reviewResult(single, person({decided(DecisionKind::Approve)}), &result, &error));
        QCOMPARE(result, json(R"j([{"type": "accept", "args": null}])j"));
        QVERIFY(reviewResult(
            single, person({decided(DecisionKind::Edit, json(R"j({"source": "x = 2"})j").toObject())}),
            &result, &error));
        QCOMPARE(
            result,
            json(R"j([{"type": "edit", "args": {"action": "write_file", "args": {"source": "x = 2"}}}])j"));
        QVERIFY(reviewResult(single, person({decided(DecisionKind::Reject)}), &result, &error));
        QCOMPARE(result, json(R"j([{"type": "ignore", "args": null}])j"));

        const Request list = reviewOf(inboxList);
        QVERIFY2(reviewResult(list,
                              person({decided(DecisionKind::Respond, {}, QStringLiteral("do b first")),
                                      decided(DecisionKind::Edit, json(R"j({"n": 2})j").toObject())}),
                              &result, &error),
                 qPrintable(error));
        QCOMPARE(result, json(R"j([{"type": "response", "args": "do b first"},
                                   {"type": "edit", "args": {"action": "b", "args": {"n": 2}}}])j"));
    }

    void genericResults()
    {
        const Request request = reviewOf(R"j({"question": "ok?", "code": "rm -rf /tmp/x"})j");
        QJsonValue result;
        QString error;
        QVERIFY(reviewResult(request, person({decided(DecisionKind::Approve)}), &result, &error));
        QCOMPARE(result, QJsonValue(QStringLiteral("approve")));
        QVERIFY(reviewResult(request, person({decided(DecisionKind::Reject, {}, QStringLiteral("why"))}),
                             &result, &error));
        QCOMPARE(result, QJsonValue(QStringLiteral("reject")));
    }

    void runResults()
    {
        const Request request = runOf(R"j({"code": "print(1)"})j", QJsonValue(3));
        QJsonValue result;
        QString error;
        QVERIFY(reviewResult(request, person({decided(DecisionKind::Approve)}), &result, &error));
        QCOMPARE(result, json(R"j({"decision": "approve", "code": "print(1)"})j"));
        QVERIFY(reviewResult(
            request, person({decided(DecisionKind::Edit, json(R"j({"code": "print(3)"})j").toObject())}),
            &result, &error));
        QCOMPARE(result, json(R"j({"decision": "edit", "code": "print(3)"})j"));
        QVERIFY(reviewResult(request, person({decided(DecisionKind::Reject, {}, QStringLiteral("not now"))}),
                             &result, &error));
        QCOMPARE(result, json(R"j({"decision": "reject", "message": "not now"})j"));
        // An edit without code does not fit.
        QVERIFY(!reviewResult(request, person({decided(DecisionKind::Edit)}), &result, &error));
        QVERIFY(!error.isEmpty());
    }

    void mismatchesNeverApprove_data()
    {
        QTest::addColumn<QByteArray>("payload");
        QTest::addColumn<QList<int>>("kinds");
        QTest::newRow("hitl too few") << QByteArray(hitlTwoActions) << QList<int>{int(DecisionKind::Approve)};
        QTest::newRow("hitl too many")
            << QByteArray(hitlTwoActions)
            << QList<int>{int(DecisionKind::Approve), int(DecisionKind::Approve), int(DecisionKind::Approve)};
        QTest::newRow("hitl none") << QByteArray(hitlTwoActions) << QList<int>{};
        QTest::newRow("hitl edit not allowed")
            << QByteArray(hitlTwoActions) << QList<int>{int(DecisionKind::Approve), int(DecisionKind::Edit)};
        QTest::newRow("hitl respond not allowed")
            << QByteArray(hitlTwoActions)
            << QList<int>{int(DecisionKind::Respond), int(DecisionKind::Approve)};
        QTest::newRow("inbox respond not allowed")
            << QByteArray(inboxSingle) << QList<int>{int(DecisionKind::Respond)};
        QTest::newRow("inbox accept not allowed")
            << QByteArray(inboxList) << QList<int>{int(DecisionKind::Approve), int(DecisionKind::Approve)};
        QTest::newRow("generic edit")
            << QByteArray(R"j({"code": "x"})j") << QList<int>{int(DecisionKind::Edit)};
        QTest::newRow("generic respond") << QByteArray(R"j("q")j") << QList<int>{int(DecisionKind::Respond)};
        QTest::newRow("generic two") << QByteArray(R"j("q")j")
                                     << QList<int>{int(DecisionKind::Approve), int(DecisionKind::Approve)};
    }

    void mismatchesNeverApprove()
    {
        QFETCH(QByteArray, payload);
        QFETCH(QList<int>, kinds);
        const Request request = reviewOf(payload.constData());
        QVERIFY(!request.actions.isEmpty());
        PersonDecision decision;
        for (int kind : kinds)
            decision.actions.append(decided(DecisionKind(kind), QJsonObject{{QStringLiteral("code"), 1}}));
        QJsonValue result(QStringLiteral("untouched"));
        QString error;
        QVERIFY(!reviewResult(request, decision, &result, &error));
        QVERIFY(!error.isEmpty());
        QCOMPARE(result, QJsonValue(QStringLiteral("untouched")));
    }

    void rejections()
    {
        const QString why = QStringLiteral("timed out after 30 s");
        QCOMPARE(rejectionFor(reviewOf(hitlTwoActions), why),
                 json(R"j({"decisions": [{"type": "reject", "message": "timed out after 30 s"},
                                          {"type": "reject", "message": "timed out after 30 s"}]})j"));
        QCOMPARE(rejectionFor(reviewOf(inboxSingle), why), json(R"j([{"type": "ignore", "args": null}])j"));
        QCOMPARE(rejectionFor(reviewOf(inboxList), why),
                 json(R"j([{"type": "ignore", "args": null}, {"type": "ignore", "args": null}])j"));
        QCOMPARE(rejectionFor(reviewOf(R"j({"code": "x"})j"), why), QJsonValue(QStringLiteral("reject")));
        QCOMPARE(rejectionFor(runOf(R"j({"code": "1"})j"), why),
                 json(R"j({"decision": "reject", "message": "timed out after 30 s"})j"));
    }

    void approvals()
    {
        QCOMPARE(approvalFor(reviewOf(hitlTwoActions)),
                 json(R"j({"decisions": [{"type": "approve"}, {"type": "approve"}]})j"));
        QCOMPARE(approvalFor(reviewOf(inboxList)),
                 json(R"j([{"type": "accept", "args": null}, {"type": "accept", "args": null}])j"));
        QCOMPARE(approvalFor(reviewOf(R"j({"code": "x"})j")), QJsonValue(QStringLiteral("approve")));
        QVERIFY(approvalFor(runOf(R"j({"code": "1"})j")).isUndefined());
    }

    void codes()
    {
        QStringList found;
        QVERIFY(codesOf(reviewOf(hitlTwoActions), &found));
        QCOMPARE(found, (QStringList{QStringLiteral("print(1)"), QStringLiteral("ls -l")}));
        QVERIFY(!codesOf(reviewOf(inboxList), &found)); // action "b" holds no code
        QVERIFY(codesOf(reviewOf(R"j({"code": ""})j"), &found));
        QCOMPARE(found, QStringList{QString()});
        QVERIFY(!codesOf(reviewOf(R"j({"question": "no code"})j"), &found));
        QVERIFY(codesOf(runOf(R"j({"code": "echo"})j"), &found));
        QCOMPARE(found, QStringList{QStringLiteral("echo")});
    }

    void names()
    {
        QCOMPARE(shapeName(PayloadShape::HumanInTheLoop), QStringLiteral("human-in-the-loop"));
        QCOMPARE(shapeName(PayloadShape::AgentInbox), QStringLiteral("agent-inbox"));
        QCOMPARE(shapeName(PayloadShape::Generic), QStringLiteral("generic"));
        QCOMPARE(shapeName(PayloadShape::Run), QStringLiteral("run"));
        QCOMPARE(decisionName(DecisionKind::Approve), QStringLiteral("approve"));
        QCOMPARE(decisionName(DecisionKind::Edit), QStringLiteral("edit"));
        QCOMPARE(decisionName(DecisionKind::Reject), QStringLiteral("reject"));
        QCOMPARE(decisionName(DecisionKind::Respond), QStringLiteral("respond"));
        QCOMPARE(sha256Hex(QByteArray("abc")),
                 QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    }
};

QTEST_GUILESS_MAIN(TestPayloadShapes)
#include "tst_payloadshapes.moc"
