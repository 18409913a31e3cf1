// SPDX-License-Identifier: Apache-2.0
// LangChain's per-call approval shape (ToolApprovalShape, through PayloadShapes, ActionBinding and
// Rules): detection, hostile near misses, the answers as the installed langchain validates them,
// the fail-closed rejection, and standing rules shared with batched HITL actions.
#include "agent/payload/ActionBinding.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/review/DecisionNotice.h"
#include "agent/rules/Rules.h"
#include "support/TestJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace k8::agent;

namespace {

using k8::test::json;

// What langchain 1.5.2 raises for a gated run_python call with the default description.
const char* perCallPayload = R"j({"type": "tool_approval", "tool_call_id": "call_7", "name": "run_python",
  "args": {"code": "print(6 * 7)", "timeout": 5},
  "description": "Tool execution requires approval\n\nTool: run_python\nArgs: {\u0027code\u0027: \u0027print(6 * 7)\u0027}"})j";

// The response_schema LangGraph publishes for allowed_decisions ["approve", "reject"] (a
// discriminated union) and for ["edit"] alone (the decision's own object schema).
const char* approveRejectSchema = R"j({"$defs": {}, "discriminator": {"mapping": {
  "approve": "#/$defs/ApproveDecision", "reject": "#/$defs/RejectDecision"}, "propertyName": "type"},
  "oneOf": [{"$ref": "#/$defs/ApproveDecision"}, {"$ref": "#/$defs/RejectDecision"}]})j";
const char* editOnlySchema = R"j({"properties": {"type": {"const": "edit", "title": "Type", "type": "string"},
  "edited_action": {"$ref": "#/$defs/EditedAction"}}, "required": ["type", "edited_action"],
  "title": "EditDecision", "type": "object"})j";

bool reviewOf(const QJsonValue& payload, const QJsonValue& schema, Request* request, RpcError* error)
{
    QJsonObject params{{QStringLiteral("payload"), payload}};
    if (!schema.isUndefined())
        params.insert(QStringLiteral("response_schema"), schema);
    return requestFromReview(params, request, error);
}

Request perCall(const QJsonValue& schema = QJsonValue(QJsonValue::Undefined))
{
    Request request;
    RpcError error;
    if (!reviewOf(json(perCallPayload), schema, &request, &error))
        qWarning("review refused: %s", qPrintable(error.message));
    return request;
}

PersonDecision one(DecisionKind kind, const QJsonObject& args = {}, const QString& message = {})
{
    ActionDecision decision;
    decision.kind = kind;
    decision.editedArgs = args;
    decision.message = message;
    PersonDecision person;
    person.actions.append(decision);
    return person;
}

QByteArray compact(const QJsonValue& value)
{
    return value.isObject() ? QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)
                            : QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
}

Rule approveRule(const QString& actionSha256)
{
    Rule rule;
    rule.name = QStringLiteral("approve-run_python");
    rule.decision = Rule::Decision::Approve;
    rule.actionSha256 = actionSha256;
    return rule;
}

const char* unknownDecisionSchema =
    R"j({"discriminator": {"propertyName": "type", "mapping": {"approve": "ref-a", "teleport": "ref-b"}}})j";
const char* batchedPerCallTwin =
    R"j({"action_requests": [{"name": "run_python", "args": {"timeout": 5, "code": "print(6 * 7)"}, "description": "other words"}], "review_configs": [{"action_name": "run_python", "allowed_decisions": ["approve"]}]})j";
const char* boundPerCall =
    R"j({"method": "review", "name": "run_python", "args": {"code": "print(6 * 7)", "timeout": 5}})j";
const char* batchedEditedTwin =
    R"j({"action_requests": [{"name": "run_python", "args": {"code": "print(1)"}}], "review_configs": [{"action_name": "run_python", "allowed_decisions": ["approve", "reject"]}]})j";

} // namespace

class TestToolApprovalShape : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detectsThePerCallShape()
    {
        const Request request = perCall();
        QCOMPARE(request.shape, PayloadShape::ToolApproval);
        QCOMPARE(shapeName(request.shape), QStringLiteral("tool-approval"));
        QCOMPARE(request.actions.size(), 1);
        const ReviewAction& action = request.actions.first();
        QCOMPARE(action.name, QStringLiteral("run_python"));
        QCOMPARE(action.codeField, QStringLiteral("code"));
        QCOMPARE(action.code, QStringLiteral("print(6 * 7)"));
        QCOMPARE(action.args.value(QStringLiteral("timeout")).toInt(), 5);
        QVERIFY(action.description.startsWith(QStringLiteral("Tool execution requires approval\n\n")));
        // Without a response_schema: all four, as langchain's interrupt_on={tool: True}.
        QCOMPARE(action.allowed, (QSet<DecisionKind>{DecisionKind::Approve, DecisionKind::Edit,
                                                     DecisionKind::Reject, DecisionKind::Respond}));
        QCOMPARE(request.title, QStringLiteral("Review run_python"));
    }

    void responseSchemaNamesTheDecisions()
    {
        QCOMPARE(perCall(json(approveRejectSchema)).actions.first().allowed,
                 (QSet<DecisionKind>{DecisionKind::Approve, DecisionKind::Reject}));
        QCOMPARE(perCall(json(editOnlySchema)).actions.first().allowed,
                 QSet<DecisionKind>{DecisionKind::Edit});
        // A decision type this app does not know is not offered.
        QCOMPARE(perCall(json(unknownDecisionSchema)).actions.first().allowed,
                 QSet<DecisionKind>{DecisionKind::Approve});
        QCOMPARE(perCall(QJsonValue(QJsonValue::Null)).actions.first().allowed.size(), 4);
    }

    void invalidResponseSchema_data()
    {
        QTest::addColumn<QByteArray>("schema");
        QTest::newRow("a list") << QByteArray(R"j(["approve"])j");
        QTest::newRow("a string") << QByteArray(R"j("approve")j");
        QTest::newRow("no decisions") << QByteArray(R"j({"type": "object"})j");
        QTest::newRow("unknown decisions only")
            << QByteArray(R"j({"discriminator": {"propertyName": "type", "mapping": {"maybe": "ref"}}})j");
        QTest::newRow("another discriminator")
            << QByteArray(R"j({"discriminator": {"propertyName": "kind", "mapping": {"approve": "ref"}}})j");
    }

    void invalidResponseSchema()
    {
        QFETCH(QByteArray, schema);
        Request request;
        RpcError error;
        QVERIFY(!reviewOf(json(perCallPayload), json(schema.constData()), &request, &error));
        QCOMPARE(error.code, ErrorCode::InvalidParams);
        QVERIFY2(error.message.contains(QStringLiteral("response_schema")), qPrintable(error.message));
    }

    // A response_schema means nothing to the other shapes: a plain question stays a plain question.
    void responseSchemaIgnoredElsewhere()
    {
        Request request;
        RpcError error;
        QVERIFY(reviewOf(json(R"j({"question": "Run it?", "code": "print(1)"})j"), json(R"j(["x"])j"),
                         &request, &error));
        QCOMPARE(request.shape, PayloadShape::Generic);
    }

    // Anything that only looks like a tool approval is a plain value: answered "approve"/"reject".
    void nearMissesAreGeneric_data()
    {
        QTest::addColumn<QByteArray>("payload");
        const QByteArray rest = R"j("name": "run_python", "args": {"code": "1"}, "description": "d")j";
        QTest::newRow("extra key") << QByteArray(R"j({"type": "tool_approval", "tool_call_id": "c", )j") +
                                          rest + R"j(, "allowed_decisions": ["approve"]})j";
        QTest::newRow("no description")
            << QByteArray(R"j({"type": "tool_approval", "tool_call_id": "c", "name": "t", "args": {}})j");
        QTest::newRow("no tool_call_id") << QByteArray(R"j({"type": "tool_approval", )j") + rest + "}";
        QTest::newRow("numeric tool_call_id")
            << QByteArray(R"j({"type": "tool_approval", "tool_call_id": 7, )j") + rest + "}";
        QTest::newRow("null tool_call_id")
            << QByteArray(R"j({"type": "tool_approval", "tool_call_id": null, )j") + rest + "}";
        QTest::newRow("type in capitals")
            << QByteArray(R"j({"type": "Tool_Approval", "tool_call_id": "c", )j") + rest + "}";
        QTest::newRow("type with a space")
            << QByteArray(R"j({"type": "tool_approval ", "tool_call_id": "c", )j") + rest + "}";
        QTest::newRow("empty name") << QByteArray(
            R"j({"type": "tool_approval", "tool_call_id": "c", "name": "", "args": {}, "description": ""})j");
        QTest::newRow("name not a string") << QByteArray(
            R"j({"type": "tool_approval", "tool_call_id": "c", "name": ["t"], "args": {}, "description": ""})j");
        QTest::newRow("args a list") << QByteArray(
            R"j({"type": "tool_approval", "tool_call_id": "c", "name": "t", "args": ["1"], "description": ""})j");
        QTest::newRow("args a string") << QByteArray(
            R"j({"type": "tool_approval", "tool_call_id": "c", "name": "t", "args": "{}", "description": ""})j");
        QTest::newRow("description null") << QByteArray(
            R"j({"type": "tool_approval", "tool_call_id": "c", "name": "t", "args": {}, "description": null})j");
        QTest::newRow("in a list") << QByteArray(R"j([{"type": "tool_approval", "tool_call_id": "c", )j") +
                                          rest + "}]";
        QTest::newRow("a string") << QByteArray(R"j("tool_approval")j");
    }

    void nearMissesAreGeneric()
    {
        QFETCH(QByteArray, payload);
        Request request;
        RpcError error;
        QVERIFY2(reviewOf(json(payload.constData()), json(approveRejectSchema), &request, &error),
                 qPrintable(error.message));
        QCOMPARE(request.shape, PayloadShape::Generic);
        QCOMPARE(rejectionFor(request, QStringLiteral("timed out")), QJsonValue(QStringLiteral("reject")));
    }

    // Each answer is exactly one of langchain's decision objects (ApproveDecision, EditDecision with
    // the tool's own name, RejectDecision with an optional message, RespondDecision).
    void results_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("approve") << int(DecisionKind::Approve) << QByteArray("{}") << QString()
                                 << QByteArray(R"j({"type":"approve"})j");
        QTest::newRow("edit") << int(DecisionKind::Edit)
                              << QByteArray(R"j({"code": "print(1)", "timeout": 5})j") << QString()
                              << QByteArray(R"j({"edited_action":{"args":{"code":"print(1)","timeout":5},)j"
                                            R"j("name":"run_python"},"type":"edit"})j");
        QTest::newRow("reject without a reason") << int(DecisionKind::Reject) << QByteArray("{}") << QString()
                                                 << QByteArray(R"j({"type":"reject"})j");
        QTest::newRow("reject with a reason")
            << int(DecisionKind::Reject) << QByteArray("{}") << QStringLiteral("not on prod")
            << QByteArray(R"j({"message":"not on prod","type":"reject"})j");
        QTest::newRow("respond") << int(DecisionKind::Respond) << QByteArray("{}") << QStringLiteral("42")
                                 << QByteArray(R"j({"message":"42","type":"respond"})j");
        QTest::newRow("respond with nothing") << int(DecisionKind::Respond) << QByteArray("{}") << QString()
                                              << QByteArray(R"j({"message":"","type":"respond"})j");
    }

    void results()
    {
        QFETCH(int, kind);
        QFETCH(QByteArray, args);
        QFETCH(QString, message);
        QFETCH(QByteArray, expected);
        QJsonValue result;
        QString error;
        QVERIFY2(reviewResult(perCall(), one(DecisionKind(kind), json(args.constData()).toObject(), message),
                              &result, &error),
                 qPrintable(error));
        QCOMPARE(compact(result), compact(json(expected.constData())));
    }

    void refusesWhatTheSchemaDoesNotAllow()
    {
        const Request request = perCall(json(approveRejectSchema));
        QJsonValue result;
        QString error;
        QVERIFY(!reviewResult(request,
                              one(DecisionKind::Edit, {{QStringLiteral("code"), QStringLiteral("1")}}),
                              &result, &error));
        QVERIFY2(error.contains(QStringLiteral("edit")), qPrintable(error));
        QVERIFY(!reviewResult(request, one(DecisionKind::Respond, {}, QStringLiteral("x")), &result, &error));
        QVERIFY(reviewResult(request, one(DecisionKind::Approve), &result, &error));
        // One decision object answers one call: two decisions are refused.
        PersonDecision two = one(DecisionKind::Approve);
        two.actions.append(two.actions.first());
        QVERIFY(!reviewResult(request, two, &result, &error));
    }

    // Timeout, withdrawal and quit answer a RejectDecision carrying the reason; a rule approves with
    // an ApproveDecision; the ledger keeps the reason, as for batched HITL.
    void failsClosedInItsShape()
    {
        const Request request = perCall(json(approveRejectSchema));
        QCOMPARE(compact(rejectionFor(request, QStringLiteral("no decision within 30 s"))),
                 QByteArray(R"j({"message":"no decision within 30 s","type":"reject"})j"));
        QCOMPARE(compact(approvalFor(request)), QByteArray(R"j({"type":"approve"})j"));
        QVERIFY(canCarryRejectReason(PayloadShape::ToolApproval));
    }

    // The same tool call binds alike in both modes, so "always approve this action" saved from a
    // batched HITL action approves the per-call approval of that call, and the other way round.
    void bindsLikeABatchedAction()
    {
        const Request single = perCall();
        Request batched;
        RpcError error;
        QVERIFY(reviewOf(json(batchedPerCallTwin), QJsonValue(QJsonValue::Undefined), &batched, &error));
        const RunDefaults defaults;
        const ActionBinding perCallBinding = actionBindings(single, defaults).first();
        QCOMPARE(perCallBinding.bound(), json(boundPerCall).toObject());
        QCOMPARE(perCallBinding.actionSha256, actionBindings(batched, defaults).first().actionSha256);

        RuleSet fromBatched;
        QString ruleError;
        QVERIFY(
            fromBatched.add(approveRule(actionBindings(batched, defaults).first().actionSha256), &ruleError));
        std::optional<RuleMatch> match = fromBatched.match(single, defaults);
        QVERIFY(match.has_value());
        QCOMPARE(match->decision, Rule::Decision::Approve);

        // An approval of an edited per-call action binds the edit, which a batched action with
        // those args then matches.
        const QJsonObject editedArgs{{QStringLiteral("code"), QStringLiteral("print(1)")}};
        const QList<ActionBinding> approved =
            approvedActionBindings(single, one(DecisionKind::Edit, editedArgs), defaults);
        QCOMPARE(approved.size(), 1);
        QCOMPARE(approved.first().bound().value(QStringLiteral("args")).toObject(), editedArgs);
        RuleSet fromPerCall;
        QVERIFY(fromPerCall.add(approveRule(approved.first().actionSha256), &ruleError));
        Request batchedEdit;
        QVERIFY(reviewOf(json(batchedEditedTwin), QJsonValue(QJsonValue::Undefined), &batchedEdit, &error));
        QVERIFY(fromPerCall.match(batchedEdit, defaults).has_value());
        QVERIFY(!fromPerCall.match(single, defaults).has_value()); // the unedited call is another action

        // A rule cannot approve a call whose schema does not allow approval.
        QVERIFY(!fromBatched.match(perCall(json(editOnlySchema)), defaults).has_value());
    }
};

QTEST_GUILESS_MAIN(TestToolApprovalShape)
#include "tst_toolapprovalshape.moc"
