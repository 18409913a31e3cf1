// SPDX-License-Identifier: Apache-2.0
// What a standing approve rule binds (protocol.md "Standing rules"), checked against canonical
// JSON written out by hand and hashed with QCryptographicHash, so that the app's own canonical
// form is not what checks itself.
#include "agent/payload/ActionBinding.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace k8::agent;

namespace {

QString handHash(const QByteArray& canonical)
{
    return QString::fromLatin1(QCryptographicHash::hash(canonical, QCryptographicHash::Sha256).toHex());
}

QJsonValue parsed(const QByteArray& text)
{
    return QJsonDocument::fromJson("[" + text + "]").array().at(0);
}

RunDefaults defaults()
{
    RunDefaults d;
    d.sandbox = QStringLiteral("box1");
    d.imageByLanguage.insert(QStringLiteral("bash"), QStringLiteral("my/bash:1"));
    return d;
}

Request runOf(const QByteArray& params)
{
    Request request;
    RpcError error;
    if (!requestFromRun(parsed(params).toObject(), QJsonValue(1), defaults(), &request, &error))
        qWarning("run refused: %s", qPrintable(error.message));
    return request;
}

Request reviewOf(const QByteArray& payload)
{
    Request request;
    RpcError error;
    if (!requestFromReview(QJsonObject{{QStringLiteral("payload"), parsed(payload)}}, &request, &error))
        qWarning("review refused: %s", qPrintable(error.message));
    return request;
}

PersonDecision decided(std::initializer_list<std::pair<DecisionKind, QJsonObject>> actions)
{
    PersonDecision decision;
    for (const auto& [kind, args] : actions) {
        ActionDecision action;
        action.kind = kind;
        action.editedArgs = args;
        decision.actions.append(action);
    }
    return decision;
}

const char* hitlTwo = R"j({"action_requests": [
    {"name": "python", "args": {"code": "print(1)"}, "description": "shown, not bound"},
    {"name": "write_file", "args": {"path": "/tmp/a", "source": "x = 1"}}],
  "review_configs": [{"action_name": "python", "allowed_decisions": ["approve", "edit", "reject"]},
                     {"action_name": "write_file", "allowed_decisions": ["approve", "edit", "reject"]}]})j";

} // namespace

class TestActionBinding : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runBindsWhereAndHowItRuns()
    {
        const QList<ActionBinding> bindings = actionBindings(runOf(R"j({"code": "print(1)"})j"), defaults());
        QCOMPARE(bindings.size(), 1);
        const ActionBinding& run = bindings.first();
        QCOMPARE(run.actionSha256,
                 handHash(R"j({"checkpoint":true,"code":"print(1)","image":"python:3.12-slim",)j"
                          R"j("language":"python","method":"run","sandbox":"box1"})j"));
        QCOMPARE(run.codeSha256, handHash("print(1)"));
        QVERIFY(run.codeOnly);
        QVERIFY(run.exact);

        // The defaults are resolved before hashing: the configured image for bash.
        const ActionBinding bash =
            actionBindings(runOf(R"j({"code": "ls", "language": "bash", "checkpoint": false})j"), defaults())
                .first();
        QCOMPARE(bash.actionSha256, handHash(R"j({"checkpoint":false,"code":"ls","image":"my/bash:1",)j"
                                             R"j("language":"bash","method":"run","sandbox":"box1"})j"));
        QVERIFY(!bash.codeOnly);
    }

    void runCodeOnlyOnlyWithEveryDefault_data()
    {
        QTest::addColumn<QByteArray>("params");
        QTest::addColumn<bool>("codeOnly");
        QTest::newRow("defaults") << QByteArray(R"j({"code": "1"})j") << true;
        QTest::newRow("defaults named")
            << QByteArray(
                   R"j({"code": "1", "sandbox": "box1", "image": "python:3.12-slim", "checkpoint": true, "language": "python"})j")
            << true;
        QTest::newRow("other sandbox") << QByteArray(R"j({"code": "1", "sandbox": "box2"})j") << false;
        QTest::newRow("other image") << QByteArray(R"j({"code": "1", "image": "python:3.11"})j") << false;
        QTest::newRow("no checkpoint") << QByteArray(R"j({"code": "1", "checkpoint": false})j") << false;
        // The same text means something else to another interpreter.
        QTest::newRow("bash with its default image")
            << QByteArray(R"j({"code": "1", "language": "bash"})j") << false;
        QTest::newRow("node") << QByteArray(R"j({"code": "1", "language": "node"})j") << false;
    }

    void runCodeOnlyOnlyWithEveryDefault()
    {
        QFETCH(QByteArray, params);
        QFETCH(bool, codeOnly);
        QCOMPARE(actionBindings(runOf(params), defaults()).first().codeOnly, codeOnly);
    }

    // With no default sandbox configured no run is code-only (it names its sandbox).
    void noDefaultSandboxNoCodeOnlyRun()
    {
        RunDefaults none;
        const Request request = runOf(R"j({"code": "1"})j");
        QVERIFY(!actionBindings(request, none).first().codeOnly);
    }

    void toolActionsBindNameAndArgs()
    {
        const QList<ActionBinding> bindings = actionBindings(reviewOf(hitlTwo), defaults());
        QCOMPARE(bindings.size(), 2);
        QCOMPARE(bindings.at(0).actionSha256,
                 handHash(R"j({"args":{"code":"print(1)"},"method":"review","name":"python"})j"));
        QVERIFY(bindings.at(0).codeOnly);
        QCOMPARE(
            bindings.at(1).actionSha256,
            handHash(
                R"j({"args":{"path":"/tmp/a","source":"x = 1"},"method":"review","name":"write_file"})j"));
        QCOMPARE(bindings.at(1).codeSha256, handHash("x = 1"));
        QVERIFY(!bindings.at(1).codeOnly); // the path is more than the code

        const ActionBinding inbox = actionBindings(reviewOf(R"j({"action_request": {"action": "python",
            "args": {"code": "print(1)"}}, "config": {"allow_accept": true}})j"),
                                                   defaults())
                                        .first();
        QCOMPARE(inbox.actionSha256, bindings.at(0).actionSha256); // the same action, either shape
    }

    void plainPayloadsBindTheWholePayload()
    {
        const ActionBinding question =
            actionBindings(reviewOf(R"j({"question": "Run it?", "code": "print(1)", "title": "t"})j"),
                           defaults())
                .first();
        QCOMPARE(
            question.actionSha256,
            handHash(
                R"j({"method":"review","payload":{"code":"print(1)","question":"Run it?","title":"t"}})j"));
        QVERIFY(question.codeOnly);

        const ActionBinding text =
            actionBindings(reviewOf(R"j("Deploy to production?")j"), defaults()).first();
        QCOMPARE(text.actionSha256, handHash(R"j({"method":"review","payload":"Deploy to production?"})j"));
        QVERIFY(text.codeSha256.isEmpty());
        QVERIFY(!text.codeOnly);

        // A parsed request keeps its payload's canonical form for the binding; one built by hand
        // (no kept form) binds the same way.
        for (const QByteArray& payload :
             {QByteArray(R"j({"code": "print('é')", "n": [1, 2.5, null], "k\u2028": "\ud83d\ude00"})j"),
              QByteArray(R"j({"code": "x", "n": 9007199254740993})j"), QByteArray(R"j(["a\ud800"])j")}) {
            const Request parsedRequest = reviewOf(payload);
            QVERIFY(!parsedRequest.payloadCanonical.isEmpty());
            Request byHand;
            byHand.shape = parsedRequest.shape;
            byHand.payload = parsedRequest.payload;
            byHand.actions = parsedRequest.actions;
            const ActionBinding kept = actionBindings(parsedRequest, defaults()).first();
            const ActionBinding built = actionBindings(byHand, defaults()).first();
            QCOMPARE(kept.actionSha256, built.actionSha256);
            QCOMPARE(kept.exact, built.exact);
            QCOMPARE(kept.exact, inexactReason(kept.bound()).isEmpty());
            QCOMPARE(kept.bound(), built.bound());
            QCOMPARE(kept.bound(), (QJsonObject{{QStringLiteral("method"), QStringLiteral("review")},
                                                {QStringLiteral("payload"), parsedRequest.payload}}));
        }

        for (const QByteArray& payload : {QByteArray(R"j({"code": "1", "question": ["a"]})j"),
                                          QByteArray(R"j({"code": "1", "description": null})j"),
                                          QByteArray(R"j({"code": "1", "env": "PROD"})j")})
            QVERIFY2(!actionBindings(reviewOf(payload), defaults()).first().codeOnly, payload.constData());
    }

    // The person's decision applied: the edited args, never the original, and for a run the
    // sandbox and image the person chose.
    void decisionApplied()
    {
        const Request request = reviewOf(hitlTwo);
        const QList<ActionBinding> applied = approvedActionBindings(
            request,
            decided({{DecisionKind::Edit, {{QStringLiteral("code"), QStringLiteral("print(2)")}}},
                     {DecisionKind::Reject, {}}}),
            defaults());
        QCOMPARE(applied.size(), 2);
        const QString edited =
            handHash(R"j({"args":{"code":"print(2)"},"method":"review","name":"python"})j");
        QCOMPARE(applied.at(0).actionSha256, edited);
        QVERIFY(applied.at(0).approved);
        QVERIFY(!applied.at(1).approved);
        QVERIFY(applied.at(1).actionSha256.isEmpty());
        QCOMPARE(approvedActionSha256s(applied), edited + QLatin1Char(','));

        const QList<ActionBinding> both = approvedActionBindings(
            request, decided({{DecisionKind::Approve, {}}, {DecisionKind::Approve, {}}}), defaults());
        QCOMPARE(approvedActionSha256s(both), actionBindings(request, defaults()).at(0).actionSha256 +
                                                  QLatin1Char(',') +
                                                  actionBindings(request, defaults()).at(1).actionSha256);
        QVERIFY(approvedActionSha256s(
                    approvedActionBindings(request,
                                           decided({{DecisionKind::Reject, {}}, {DecisionKind::Reject, {}}}),
                                           defaults()))
                    .isEmpty());
        // A decision of the wrong size binds nothing.
        QVERIFY(
            approvedActionBindings(request, decided({{DecisionKind::Approve, {}}}), defaults()).isEmpty());

        PersonDecision run =
            decided({{DecisionKind::Edit, {{QStringLiteral("code"), QStringLiteral("print(3)")}}}});
        run.runSandbox = QStringLiteral("box9");
        run.runImage = QStringLiteral("python:3.13-slim");
        const QList<ActionBinding> ran =
            approvedActionBindings(runOf(R"j({"code": "print(1)"})j"), run, defaults());
        QCOMPARE(ran.size(), 1);
        QCOMPARE(ran.first().actionSha256,
                 handHash(R"j({"checkpoint":true,"code":"print(3)","image":"python:3.13-slim",)j"
                          R"j("language":"python","method":"run","sandbox":"box9"})j"));
        QVERIFY(!ran.first().codeOnly);

        // A plain payload has no edits: an "edit" of it approves nothing.
        QVERIFY(!approvedActionBindings(reviewOf(R"j({"code": "1"})j"), decided({{DecisionKind::Edit, {}}}),
                                        defaults())
                     .first()
                     .approved);
    }

    void inexactValues_data()
    {
        QTest::addColumn<QByteArray>("payload");
        QTest::addColumn<bool>("exact");
        QTest::newRow("plain") << QByteArray(R"j({"code": "x", "n": 9007199254740991})j") << true;
        QTest::newRow("2^53") << QByteArray(R"j({"code": "x", "n": 9007199254740992})j") << false;
        QTest::newRow("2^53 + 1") << QByteArray(R"j({"code": "x", "n": [9007199254740993]})j") << false;
        QTest::newRow("negative") << QByteArray(R"j({"code": "x", "n": -18446744073709551617})j") << false;
        QTest::newRow("fraction") << QByteArray(R"j({"code": "x", "n": 0.1})j") << true;
        QTest::newRow("surrogate pair") << QByteArray(R"j({"code": "\ud83d\ude00"})j") << true;
        QTest::newRow("lone high surrogate") << QByteArray(R"j({"code": "a\ud800b"})j") << false;
        QTest::newRow("lone low surrogate") << QByteArray(R"j({"code": "\udc00"})j") << false;
        QTest::newRow("lone surrogate in a key") << QByteArray(R"j({"code": "x", "k\ud800": 1})j") << false;
    }

    void inexactValues()
    {
        QFETCH(QByteArray, payload);
        QFETCH(bool, exact);
        const ActionBinding binding = actionBindings(reviewOf(payload), defaults()).first();
        QCOMPARE(binding.exact, exact);
        QCOMPARE(inexactReason(binding.bound()).isEmpty(), exact);
        if (!exact)
            QVERIFY(!binding.codeOnly);
    }
};

QTEST_GUILESS_MAIN(TestActionBinding)
#include "tst_actionbinding.moc"
