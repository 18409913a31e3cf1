// SPDX-License-Identifier: Apache-2.0
// The payload shape files on their own (src/core/agent/payload/HitlShape.h, InboxShape.h, GenericShape.h,
// RunShape.h): what each recognises, what it refuses, and the answers it writes. The dispatch
// over them is tst_payloadshapes'.
#include "agent/payload/GenericShape.h"
#include "agent/payload/HitlShape.h"
#include "agent/payload/InboxShape.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/payload/RunShape.h"
#include "support/TestJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace k8::agent;

namespace {

using k8::test::json;

PersonDecision decisionOf(std::initializer_list<DecisionKind> kinds)
{
    PersonDecision decision;
    for (DecisionKind kind : kinds) {
        ActionDecision action;
        action.kind = kind;
        decision.actions.append(action);
    }
    return decision;
}

const char* hitlPayload =
    "{\"action_requests\": [{\"name\": \"shell\", \"args\": {\"command\": \"ls\"}},"
    " {\"name\": \"py\", \"args\": {\"code\": \"1\"}}],"
    " \"review_configs\": [{\"action_name\": \"py\", \"allowed_decisions\": [\"approve\"]},"
    " {\"action_name\": \"shell\", \"allowed_decisions\": [\"reject\", \"respond\"]}]}";

const char* inboxPayload = "[{\"action_request\": {\"action\": \"a\", \"args\": {\"script\": \"echo\"}},"
                           " \"config\": {\"allow_accept\": true, \"allow_ignore\": true}}]";

} // namespace

class TestShapes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hitl()
    {
        QVERIFY(hitl::matches(json(hitlPayload)));
        QVERIFY(!hitl::matches(json(inboxPayload)));
        QVERIFY(!hitl::matches(json("{\"action_requests\": []}")));
        Request request;
        RpcError error;
        QVERIFY2(hitl::parse(json(hitlPayload).toObject(), &request, &error), qPrintable(error.message));
        QCOMPARE(request.actions.size(), 2);
        // Configs are found by name when their order differs.
        QCOMPARE(request.actions.at(0).allowed,
                 (QSet<DecisionKind>{DecisionKind::Reject, DecisionKind::Respond}));
        QCOMPARE(request.actions.at(0).codeField, QStringLiteral("command"));
        QCOMPARE(request.actions.at(1).allowed, QSet<DecisionKind>{DecisionKind::Approve});

        QCOMPARE(hitl::approval(request),
                 json("{\"decisions\": [{\"type\": \"approve\"}, {\"type\": \"approve\"}]}"));
        QCOMPARE(hitl::rejection(request, QStringLiteral("no")),
                 json("{\"decisions\": [{\"type\": \"reject\", \"message\": \"no\"},"
                      " {\"type\": \"reject\", \"message\": \"no\"}]}"));
        PersonDecision decision = decisionOf({DecisionKind::Respond, DecisionKind::Approve});
        decision.actions[0].message = QStringLiteral("use ls -l");
        QCOMPARE(hitl::result(request, decision),
                 json("{\"decisions\": [{\"type\": \"respond\", \"message\": \"use ls -l\"}, {\"type\": "
                      "\"approve\"}]}"));

        Request refused;
        QVERIFY(!hitl::parse(
            json("{\"action_requests\": [{\"name\": \"x\", \"args\": {}}], \"review_configs\": []}")
                .toObject(),
            &refused, &error));
        QCOMPARE(error.code, int(ErrorCode::InvalidParams));
        QVERIFY2(error.message.contains(QStringLiteral("action_name \"x\"")), qPrintable(error.message));
    }

    void inbox()
    {
        QVERIFY(inbox::matches(json(inboxPayload)));
        QVERIFY(inbox::matches(json("{\"action_request\": {}}")));
        QVERIFY(!inbox::matches(json("[]")));
        QVERIFY(!inbox::matches(json(hitlPayload)));
        Request request;
        RpcError error;
        QVERIFY2(inbox::parse(json(inboxPayload), &request, &error), qPrintable(error.message));
        QVERIFY(request.payloadIsList);
        QCOMPARE(request.actions.size(), 1);
        QCOMPARE(request.actions.first().code, QStringLiteral("echo"));
        QCOMPARE(request.actions.first().allowed,
                 (QSet<DecisionKind>{DecisionKind::Approve, DecisionKind::Reject}));
        QCOMPARE(inbox::approval(request), json("[{\"type\": \"accept\", \"args\": null}]"));
        QCOMPARE(inbox::rejection(request), json("[{\"type\": \"ignore\", \"args\": null}]"));
        QCOMPARE(inbox::result(request, decisionOf({DecisionKind::Reject})),
                 json("[{\"type\": \"ignore\", \"args\": null}]"));

        Request refused;
        QVERIFY(!inbox::parse(json("{\"action_request\": {\"action\": \"a\", \"args\": {}}, \"config\": {}}"),
                              &refused, &error));
        QVERIFY2(error.message.contains(QStringLiteral("allows nothing")), qPrintable(error.message));
    }

    void generic()
    {
        Request request;
        request.payload = json("{\"question\": \"Deploy?\", \"code\": \"make deploy\"}");
        generic::parse(request.payload, &request);
        QCOMPARE(request.actions.size(), 1);
        QCOMPARE(request.actions.first().code, QStringLiteral("make deploy"));
        QCOMPARE(generic::title(request), QStringLiteral("Deploy?"));
        QJsonValue result;
        QString error;
        QVERIFY(generic::result(decisionOf({DecisionKind::Approve}), &result, &error));
        QCOMPARE(result, QJsonValue(QStringLiteral("approve")));
        QVERIFY(!generic::result(decisionOf({DecisionKind::Edit}), &result, &error));
        QVERIFY(!error.isEmpty());
    }

    void run()
    {
        Request request;
        RpcError rpcError;
        RunDefaults defaults;
        defaults.sandbox = QStringLiteral("box1");
        QVERIFY2(run::parse(json("{\"code\": \"print(1)\", \"language\": \"python\"}").toObject(),
                            QJsonValue(7), defaults, &request, &rpcError),
                 qPrintable(rpcError.message));
        QCOMPARE(request.run.sandbox, QStringLiteral("box1"));
        QCOMPARE(request.run.image, defaultImageFor(QStringLiteral("python")));
        QCOMPARE(request.run.checkpointLabel, QStringLiteral("before-7"));
        QVERIFY(!run::parse(json("{\"code\": \"x\", \"language\": \"cobol\"}").toObject(), QJsonValue(8),
                            defaults, &request, &rpcError));
        QCOMPARE(rpcError.code, int(ErrorCode::InvalidParams));

        QJsonValue result;
        QString error;
        QVERIFY(run::result(request, decisionOf({DecisionKind::Approve}), &result, &error));
        QCOMPARE(result, json("{\"decision\": \"approve\", \"code\": \"print(1)\"}"));
        QVERIFY(!run::result(request, decisionOf({DecisionKind::Respond}), &result, &error));
        QCOMPARE(run::rejection(QStringLiteral("no")),
                 json("{\"decision\": \"reject\", \"message\": \"no\"}"));
    }
};

QTEST_GUILESS_MAIN(TestShapes)
#include "tst_shapes.moc"
