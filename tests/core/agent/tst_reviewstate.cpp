// SPDX-License-Identifier: Apache-2.0
// The review state without widgets: every path from what a person did to what is sent.
#include "agent/payload/PayloadShapes.h"
#include "agent/payload/PreparedText.h"
#include "agent/review/ReviewState.h"
#include "support/TestJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace k8::agent;

namespace {

using k8::test::json;

Request reviewOf(const char* payloadJson, quint64 key = 7)
{
    Request request;
    RpcError error;
    if (!requestFromReview(QJsonObject{{QStringLiteral("payload"), json(payloadJson)}}, &request, &error))
        qWarning("review rejected: %s", qPrintable(error.message));
    request.key = key;
    request.receivedAt = QDateTime(QDate(2026, 12, 1), QTime(5, 40, 0), Qt::UTC);
    // As AgentService fixes it on arrival.
    request.run.checkpointLabel = QStringLiteral("before-12-20261201T054000Z-3");
    return request;
}

Request runOf(const QJsonObject& params, quint64 key = 3)
{
    Request request;
    RpcError error;
    RunDefaults defaults;
    defaults.sandbox = QStringLiteral("code-runner");
    if (!requestFromRun(params, QJsonValue(12), defaults, &request, &error))
        qWarning("run rejected: %s", qPrintable(error.message));
    request.key = key;
    request.receivedAt = QDateTime(QDate(2026, 12, 1), QTime(5, 40, 0), Qt::UTC);
    // As AgentService fixes it on arrival.
    request.run.checkpointLabel = QStringLiteral("before-12-20261201T054000Z-3");
    return request;
}

// The sandbox list as the review view feeds it: code-runner holds the request's default image,
// box2 holds two.
RunPlaceFacts knownPlaces()
{
    RunPlaceFacts facts;
    facts.loaded = true;
    facts.imagesBySandbox.insert(QStringLiteral("code-runner"), {QStringLiteral("python:3.12-slim")});
    facts.imagesBySandbox.insert(QStringLiteral("box2"),
                                 {QStringLiteral("python:3.12-slim"), QStringLiteral("python:3.13-slim")});
    return facts;
}

const char* hitlCodeAndTimeout = R"j({
  "action_requests": [{"name": "python_repl", "args": {"code": "print(1)", "timeout": 5},
                       "description": "Tool execution pending approval"}],
  "review_configs": [{"action_name": "python_repl", "allowed_decisions": ["approve", "edit", "reject"]}]})j";

const char* hitlTwo = R"j({
  "action_requests": [
    {"name": "run_python", "args": {"code": "a = 1"}},
    {"name": "shell", "args": {"command": "ls"}}
  ],
  "review_configs": [
    {"action_name": "run_python", "allowed_decisions": ["approve", "edit", "reject"]},
    {"action_name": "shell", "allowed_decisions": ["approve", "reject", "respond"]}
  ]})j";

const char* hitlApproveOnly = R"j({
  "action_requests": [{"name": "t", "args": {"code": "x", "n": 1}}],
  "review_configs": [{"action_name": "t", "allowed_decisions": ["approve"]}]})j";

const char* hitlEditOnly = R"j({
  "action_requests": [{"name": "t", "args": {"n": 1}}],
  "review_configs": [{"action_name": "t", "allowed_decisions": ["edit"]}]})j";

PersonDecision sendOrFail(const ReviewState& state)
{
    PersonDecision out;
    QString problem;
    if (!state.decisionToSend(&out, &problem))
        qWarning("nothing to send: %s", qPrintable(problem));
    return out;
}

} // namespace

class TestReviewState : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Issue 24: large arrays and objects are formatted in pieces, and the text is exactly
    // QJsonDocument's indented form of the whole (nested values, strings to escape, empty
    // containers, a piece boundary at an exact multiple).
    void largePayloadsFormatExactlyAsQtIndentsThem()
    {
        const auto qtIndented = [](const QJsonValue& value) {
            const QJsonDocument document =
                value.isObject() ? QJsonDocument(value.toObject()) : QJsonDocument(value.toArray());
            return QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed();
        };
        QJsonArray mixed;
        for (int i = 0; i < 70'001; ++i) {
            switch (i % 6) {
            case 0:
                mixed.append(i);
                break;
            case 1:
                mixed.append(QStringLiteral("s\u00e9\"\n%1\u202e").arg(i));
                break;
            case 2:
                mixed.append(QJsonArray{});
                break;
            case 3:
                mixed.append(QJsonObject{{QStringLiteral("k"), QJsonArray{1, QJsonObject{}}}});
                break;
            case 4:
                mixed.append(1.5e300);
                break;
            default:
                mixed.append(QJsonValue());
                break;
            }
        }
        QCOMPARE(formatJsonForReview(mixed), qtIndented(mixed));
        QJsonArray exact;
        for (int i = 0; i < 2 * 64 * 1024; ++i)
            exact.append(i);
        QCOMPARE(formatJsonForReview(exact), qtIndented(exact));
        QJsonObject keys;
        for (int i = 0; i < 70'000; ++i)
            keys.insert(QStringLiteral("key%1").arg(i), i % 2 ? QJsonValue(QJsonArray{i}) : QJsonValue(true));
        QCOMPARE(formatJsonForReview(keys), qtIndented(keys));
    }

    // A large request arrives with its texts prepared off the UI thread (prepareReviewTexts): the
    // review uses them for exactly the texts they were made of, and never for an edited one.
    void preparedTextsServeOnlyTheTextsTheyWereMadeOf()
    {
        Request request =
            reviewOf(R"json({"action_requests":[{"name":"python_repl","args":{"code":"print(\u202e1)",
            "timeout":5}}],"review_configs":[{"action_name":"python_repl","allowed_decisions":["approve","edit","reject"]}]})json");
        QCOMPARE(request.shape, PayloadShape::HumanInTheLoop);
        const ReviewState plain(request);
        prepareReviewTexts(&request);
        const ReviewAction& action = request.actions.first();
        QVERIFY(action.preparedCode && action.preparedArgs);
        QCOMPARE(action.preparedArgs->text, plain.originalArgsText(0));
        QCOMPARE(action.preparedArgs->findings, HiddenText::scan(plain.originalArgsText(0)));
        QCOMPARE(action.preparedCode->findings.count(HiddenText::BidiControl), 1);

        ReviewState state(request);
        QCOMPARE(state.originalArgsText(0), plain.originalArgsText(0));
        QVERIFY(state.preparedCode(0) == action.preparedCode.get());
        QVERIFY(state.preparedArgs(0) == action.preparedArgs.get());
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setCode(0, QStringLiteral("print(2)")));
        QVERIFY(!state.preparedCode(0));
        QVERIFY(state.setArgsText(0, QStringLiteral("{\"timeout\": 6}")));
        QVERIFY(!state.preparedArgs(0));
        state.revert(0);
        QVERIFY(state.preparedCode(0) == action.preparedCode.get());
        QVERIFY(!state.isValidAction(1) && !state.preparedCode(1));
        // A run's code is prepared; it has no other arguments.
        // A run's code is prepared, with what it would reach as its language reads it; it has no
        // other arguments.
        const QString fetch = QStringLiteral("import requests\nrequests.get('https://example.com/x')\n");
        Request run = runOf({{QStringLiteral("code"), fetch}});
        prepareReviewTexts(&run);
        const PreparedText* preparedRun = run.actions.first().preparedCode.get();
        QVERIFY(preparedRun && !run.actions.first().preparedArgs);
        QCOMPARE(preparedRun->text, fetch);
        const QList<k8::policy::ReachFinding>* reach =
            preparedRun->reachFor(run.actions.first().code, QStringLiteral("python"));
        QVERIFY(reach);
        const QList<k8::policy::ReachFinding> scanned =
            k8::policy::scanCodeForReview(fetch, QStringLiteral("python"));
        QCOMPARE(reach->size(), scanned.size());
        QVERIFY(!reach->isEmpty());
        QCOMPARE(reach->first().destination(), scanned.first().destination());
        QCOMPARE(reach->first().line, 2);
        QVERIFY(!preparedRun->reachFor(run.actions.first().code, QStringLiteral("bash")));
        QVERIFY(!preparedRun->reachFor(QString(fetch.constData(), fetch.size()), QStringLiteral("python")));
    }

    void untouchedApproves()
    {
        ReviewState state(reviewOf(hitlCodeAndTimeout));
        QCOMPARE(state.actionCount(), 1);
        QVERIFY(state.hasCode(0));
        QCOMPARE(state.code(0), QStringLiteral("print(1)"));
        QVERIFY(!state.isEdited(0));
        QVERIFY(state.approve(0));
        PersonDecision sent;
        QVERIFY(state.decisionToSend(&sent));
        QCOMPARE(sent.actions.size(), 1);
        QCOMPARE(sent.actions.at(0).kind, DecisionKind::Approve);
        QVERIFY(sent.actions.at(0).editedArgs.isEmpty());
    }

    void nothingIsSentUndecided()
    {
        ReviewState state(reviewOf(hitlTwo));
        QVERIFY(state.approve(0));
        PersonDecision sent;
        QString problem;
        QVERIFY(!state.decisionToSend(&sent, &problem));
        QVERIFY2(problem.contains(QLatin1String("Action 2 of 2")), qPrintable(problem));
        QCOMPARE(state.nextUndecided(0), 1);
    }

    void codeIsComparedExactly_data()
    {
        QTest::addColumn<QString>("original");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<bool>("edited");
        QTest::newRow("same") << QStringLiteral("a\r\nb") << QStringLiteral("a\r\nb") << false;
        QTest::newRow("crlf to lf") << QStringLiteral("a\r\nb") << QStringLiteral("a\nb") << true;
        QTest::newRow("cr") << QStringLiteral("a\rb") << QStringLiteral("a\nb") << true;
        QTest::newRow("u2028") << QStringLiteral("a\u2028b") << QStringLiteral("a\nb") << true;
        QTest::newRow("nbsp") << QStringLiteral("a\u00a0b") << QStringLiteral("a b") << true;
        QTest::newRow("trailing newline") << QStringLiteral("a\n") << QStringLiteral("a") << true;
        QTest::newRow("trailing space") << QStringLiteral("a") << QStringLiteral("a ") << true;
    }
    void codeIsComparedExactly()
    {
        QFETCH(QString, original);
        QFETCH(QString, shown);
        QFETCH(bool, edited);
        Request request = runOf({{QStringLiteral("code"), original}});
        ReviewState state(request);
        state.setRunPlaceFacts(knownPlaces());
        QVERIFY(!state.isEdited(0));
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setCode(0, shown));
        QCOMPARE(state.isCodeEdited(0), edited);
        QVERIFY(state.approve(0));
        const PersonDecision sent = sendOrFail(state);
        QCOMPARE(sent.actions.at(0).kind, edited ? DecisionKind::Edit : DecisionKind::Approve);
        if (edited)
            QCOMPARE(sent.actions.at(0).editedArgs.value(QStringLiteral("code")).toString(), shown);
    }

    void codeIsNotChangedOutsideEditMode()
    {
        ReviewState state(reviewOf(hitlCodeAndTimeout));
        QVERIFY(!state.setCode(0, QStringLiteral("evil()")));
        QVERIFY(!state.setArgsText(0, QStringLiteral("{}")));
        QCOMPARE(state.code(0), QStringLiteral("print(1)"));
        QVERIFY(!state.isEdited(0));
    }

    void editedCodeAndArgsAreSentTogether()
    {
        ReviewState state(reviewOf(hitlCodeAndTimeout));
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setCode(0, QStringLiteral("print(2)")));
        QVERIFY(state.setArgsText(0, QStringLiteral("{\"timeout\": 9}")));
        QVERIFY(state.approve(0));
        const PersonDecision sent = sendOrFail(state);
        QCOMPARE(sent.actions.at(0).kind, DecisionKind::Edit);
        QCOMPARE(sent.actions.at(0).editedArgs,
                 (QJsonObject{{QStringLiteral("code"), QStringLiteral("print(2)")},
                              {QStringLiteral("timeout"), 9}}));
    }

    // Only the code edited: the other arguments go out as the agent's own values (a hard case for
    // a JSON round trip, a lone surrogate, included), not as re-read from the shown text.
    void untouchedArgsAreTheOriginalValues()
    {
        ReviewState state(reviewOf(R"j({
  "action_requests": [{"name": "t", "args": {"code": "x", "note": "\ud800"}}],
  "review_configs": [{"action_name": "t", "allowed_decisions": ["approve", "edit"]}]})j"));
        const QString lone(QChar(0xd800));
        QCOMPARE(state.request().actions.at(0).args.value(QStringLiteral("note")).toString(), lone);
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setCode(0, QStringLiteral("y")));
        QVERIFY(!state.areArgsEdited(0));
        QVERIFY(state.approve(0));
        const PersonDecision sent = sendOrFail(state);
        QCOMPARE(sent.actions.at(0).kind, DecisionKind::Edit);
        QCOMPARE(sent.actions.at(0).editedArgs.value(QStringLiteral("note")).toString(), lone);
        QCOMPARE(sent.actions.at(0).editedArgs.value(QStringLiteral("code")).toString(), QStringLiteral("y"));
    }

    // Finding 3: the edit of "Other arguments" survives switching edit mode off, stays shown and is
    // sent; the original comes back only through revert(), with a note.
    void argsEditKeptWhenEditModeGoesOff()
    {
        ReviewState state(reviewOf(hitlCodeAndTimeout));
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setArgsText(0, QStringLiteral("{\"timeout\": 600}")));
        QVERIFY(state.setEditing(0, false));
        QVERIFY(!state.isEditing(0));
        QCOMPARE(state.argsText(0), QStringLiteral("{\"timeout\": 600}"));
        QVERIFY(state.isEdited(0));
        QVERIFY(state.approve(0));
        const PersonDecision sent = sendOrFail(state);
        QCOMPARE(sent.actions.at(0).kind, DecisionKind::Edit);
        QCOMPARE(sent.actions.at(0).editedArgs.value(QStringLiteral("timeout")).toInt(), 600);
        QCOMPARE(sent.actions.at(0).editedArgs.value(QStringLiteral("code")).toString(),
                 QStringLiteral("print(1)"));
    }

    void revertDiscardsVisibly()
    {
        ReviewState state(reviewOf(hitlCodeAndTimeout));
        const QString originalArgs = state.argsText(0);
        QVERIFY(originalArgs.contains(QLatin1String("\"timeout\": 5")));
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setCode(0, QStringLiteral("print(3)")));
        QVERIFY(state.setArgsText(0, QStringLiteral("{\"timeout\": 600}")));
        state.revert(0);
        QVERIFY(!state.isEditing(0));
        QCOMPARE(state.code(0), QStringLiteral("print(1)"));
        QCOMPARE(state.argsText(0), originalArgs);
        QVERIFY(!state.isEdited(0));
        QVERIFY(state.note(0).contains(QLatin1String("discarded")));
        QVERIFY(state.approve(0));
        QCOMPARE(sendOrFail(state).actions.at(0).kind, DecisionKind::Approve);
        // Editing again clears the note.
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.note(0).isEmpty());
    }

    void reformattedArgsAreNotAnEdit()
    {
        ReviewState state(reviewOf(hitlCodeAndTimeout));
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setArgsText(0, QStringLiteral("{ \"timeout\" : 5 }")));
        QVERIFY(!state.isEdited(0));
    }

    void invalidArgsSendNothing_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("broken") << QStringLiteral("{\"timeout\": ") << QStringLiteral("not valid JSON");
        QTest::newRow("array") << QStringLiteral("[1]") << QStringLiteral("must be a JSON object");
        QTest::newRow("code twice") << QStringLiteral("{\"code\": \"other()\"}")
                                    << QStringLiteral("must not hold");
    }
    void invalidArgsSendNothing()
    {
        QFETCH(QString, args);
        QFETCH(QString, says);
        ReviewState state(reviewOf(hitlCodeAndTimeout));
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setArgsText(0, args));
        QString problem;
        QVERIFY(!state.approve(0, &problem));
        QVERIFY2(problem.contains(says), qPrintable(problem));
        QVERIFY(!state.isDecided(0));
        PersonDecision rule;
        QVERIFY(!state.approvalOfAll(&rule, &problem));
    }

    void changeAfterDecidingTakesTheDecisionBack()
    {
        ReviewState state(reviewOf(hitlTwo));
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.approve(0));
        QVERIFY(state.isDecided(0));
        QVERIFY(state.setCode(0, QStringLiteral("a = 2")));
        QVERIFY(!state.isDecided(0));
        QCOMPARE(state.decidedCount(), 0);
    }

    void kindsTheActionDoesNotAllow()
    {
        ReviewState approveOnly(reviewOf(hitlApproveOnly));
        QVERIFY(!approveOnly.setEditing(0, true));
        QString problem;
        QVERIFY(!approveOnly.reject(0, &problem));
        QVERIFY(!problem.isEmpty());
        QVERIFY(!approveOnly.respond(0, &problem));
        QVERIFY(approveOnly.approve(0));

        // An action that allows only edits cannot be approved untouched, only edited.
        ReviewState editOnly(reviewOf(hitlEditOnly));
        QVERIFY(!editOnly.approve(0, &problem));
        QVERIFY(editOnly.setEditing(0, true));
        QVERIFY(editOnly.setArgsText(0, QStringLiteral("{\"n\": 2}")));
        QVERIFY(editOnly.approve(0));
        QCOMPARE(sendOrFail(editOnly).actions.at(0).editedArgs, (QJsonObject{{QStringLiteral("n"), 2}}));

        // A plain payload is approved or rejected, never edited.
        ReviewState plain(reviewOf(R"j({"question": "Run?", "code": "print(1)"})j"));
        QVERIFY(!plain.setEditing(0, true));
        QVERIFY(plain.reject(0));
        QCOMPARE(sendOrFail(plain).actions.at(0).kind, DecisionKind::Reject);
    }

    void rejectAndRespondCarryTheirText()
    {
        ReviewState state(reviewOf(hitlTwo));
        state.setRejectReason(0, QStringLiteral("  not now  "));
        QVERIFY(state.reject(0));
        QString problem;
        QVERIFY(!state.respond(1, &problem)); // no text yet
        state.setResponseText(1, QStringLiteral("use ls -la"));
        QVERIFY(state.respond(1));
        const PersonDecision sent = sendOrFail(state);
        QCOMPARE(sent.actions.at(0).kind, DecisionKind::Reject);
        QCOMPARE(sent.actions.at(0).message, QStringLiteral("not now"));
        QCOMPARE(sent.actions.at(1).kind, DecisionKind::Respond);
        QCOMPARE(sent.actions.at(1).message, QStringLiteral("use ls -la"));
    }

    void runSandboxAndImageAsChosen()
    {
        ReviewState state(runOf({{QStringLiteral("code"), QStringLiteral("print(1)")}}));
        state.setRunPlaceFacts(knownPlaces());
        QCOMPARE(state.runSandbox(), QStringLiteral("code-runner"));
        QCOMPARE(state.runImage(), QStringLiteral("python:3.12-slim"));
        QVERIFY(state.approve(0));
        PersonDecision sent = sendOrFail(state);
        QVERIFY(sent.runSandbox.isEmpty());
        QVERIFY(sent.runImage.isEmpty());

        state.setRunSandbox(QStringLiteral("box2"));
        QVERIFY(!state.isDecided(0)); // what runs changed: decide again
        state.setRunImage(QString());
        QString problem;
        QVERIFY(!state.approve(0, &problem));
        QVERIFY2(problem.contains(QLatin1String("image")), qPrintable(problem));
        state.setRunImage(QStringLiteral("Not An Image"));
        QVERIFY(!state.approve(0, &problem));
        state.setRunImage(QStringLiteral("python:3.13-slim"));
        state.setRunSandbox(QStringLiteral("-rm"));
        QVERIFY(!state.approve(0, &problem));
        state.setRunSandbox(QString());
        QVERIFY(!state.approve(0, &problem));
        state.setRunSandbox(QStringLiteral("box2"));
        QVERIFY(state.approve(0, &problem));
        sent = sendOrFail(state);
        QCOMPARE(sent.runSandbox, QStringLiteral("box2"));
        QCOMPARE(sent.runImage, QStringLiteral("python:3.13-slim"));

        // A rejection is never blocked by a bad sandbox.
        state.setRunSandbox(QStringLiteral("-rm"));
        QVERIFY(state.reject(0));
        sent = sendOrFail(state);
        QCOMPARE(sent.actions.at(0).kind, DecisionKind::Reject);
        QVERIFY(sent.runSandbox.isEmpty());
    }

    // Issue 8: a run goes only where the sandbox list says it can; anything else blocks approval.
    void unknownSandboxBlocks()
    {
        ReviewState state(runOf({{QStringLiteral("code"), QStringLiteral("print(1)")}}));
        state.setRunPlaceFacts(knownPlaces());
        state.setRunSandbox(QStringLiteral("no-such-box"));
        QString problem;
        ActionDecision approval;
        QVERIFY(!state.approvalFor(0, &approval, &problem));
        QVERIFY2(problem.contains(QLatin1String("\"no-such-box\" does not exist")), qPrintable(problem));
        QCOMPARE(state.runProblem(), problem);
        QVERIFY(!state.approve(0));
        PersonDecision rule;
        QVERIFY(!state.approvalOfAll(&rule)); // nor can a rule bind it
        // A rejection still goes.
        QVERIFY(state.reject(0));
        QCOMPARE(sendOrFail(state).actions.at(0).kind, DecisionKind::Reject);
    }

    void imageNotPulledBlocks()
    {
        ReviewState state(runOf({{QStringLiteral("code"), QStringLiteral("print(1)")},
                                 {QStringLiteral("image"), QStringLiteral("python:3.13-slim")}}));
        state.setRunPlaceFacts(knownPlaces());
        QCOMPARE(state.runImage(), QStringLiteral("python:3.13-slim"));
        QString problem;
        QVERIFY(!state.approve(0, &problem));
        QVERIFY2(problem.contains(QLatin1String("\"python:3.13-slim\" is not pulled in code-runner")),
                 qPrintable(problem));
        // Another sandbox that has it, or another image that is there, makes it approvable.
        state.setRunSandbox(QStringLiteral("box2"));
        QVERIFY(state.runProblem().isEmpty());
        state.setRunSandbox(QStringLiteral("code-runner"));
        QVERIFY(!state.runProblem().isEmpty());
        state.setRunImage(QStringLiteral("python:3.12-slim"));
        QVERIFY2(state.approve(0, &problem), qPrintable(problem));
        QCOMPARE(sendOrFail(state).runImage, QStringLiteral("python:3.12-slim"));
    }

    void untaggedImageIsLatest()
    {
        RunPlaceFacts facts;
        facts.loaded = true;
        facts.imagesBySandbox.insert(QStringLiteral("a"),
                                     {QStringLiteral("alpine"), QStringLiteral("registry:5000/tools:1.2")});
        QVERIFY(facts.hasImage(QStringLiteral("a"), QStringLiteral("alpine:latest")));
        QVERIFY(facts.hasImage(QStringLiteral("a"), QStringLiteral("alpine")));
        QVERIFY(facts.hasImage(QStringLiteral("a"), QStringLiteral("registry:5000/tools:1.2")));
        QVERIFY(!facts.hasImage(QStringLiteral("a"), QStringLiteral("registry:5000/tools")));
        QVERIFY(!facts.hasImage(QStringLiteral("a"), QStringLiteral("alpine:3")));
        QVERIFY(!facts.hasImage(QStringLiteral("b"), QStringLiteral("alpine")));
    }

    void listNotLoadedBlocks()
    {
        ReviewState state(runOf({{QStringLiteral("code"), QStringLiteral("print(1)")}}));
        QVERIFY(!state.runPlaceFacts().loaded); // fail closed: nothing known by default
        QString problem;
        QVERIFY(!state.approve(0, &problem));
        QVERIFY2(problem.startsWith(QLatin1String("The sandbox list has not been read yet")),
                 qPrintable(problem));
        // Even a list that names the sandbox is not trusted until it says it was read.
        RunPlaceFacts unread = knownPlaces();
        unread.loaded = false;
        state.setRunPlaceFacts(unread);
        QVERIFY(!state.approve(0));
        state.setRunPlaceFacts(knownPlaces());
        QVERIFY2(state.approve(0, &problem), qPrintable(problem));
    }

    void knownSandboxAndPulledImageApprovable()
    {
        ReviewState state(runOf({{QStringLiteral("code"), QStringLiteral("print(1)")}}));
        state.setRunPlaceFacts(knownPlaces());
        QVERIFY(state.runProblem().isEmpty());
        ActionDecision approval;
        QVERIFY(state.approvalFor(0, &approval));
        QCOMPARE(approval.kind, DecisionKind::Approve);
        // A review is not a run: the sandbox list does not matter to it.
        ReviewState review(reviewOf(hitlCodeAndTimeout));
        QVERIFY(review.approvalFor(0, &approval));
    }

    void editedRunIsStillChecked()
    {
        ReviewState state(runOf({{QStringLiteral("code"), QStringLiteral("print(1)")}}));
        state.setRunPlaceFacts(knownPlaces());
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setCode(0, QStringLiteral("print(2)")));
        state.setRunSandbox(QStringLiteral("gone"));
        QString problem;
        QVERIFY(!state.approve(0, &problem));
        QVERIFY2(problem.contains(QLatin1String("does not exist")), qPrintable(problem));
        state.setRunSandbox(QStringLiteral("box2"));
        state.setRunImage(QStringLiteral("node:22"));
        QVERIFY(!state.approve(0, &problem));
        QVERIFY2(problem.contains(QLatin1String("not pulled")), qPrintable(problem));
        state.setRunImage(QStringLiteral("python:3.13-slim"));
        QVERIFY2(state.approve(0, &problem), qPrintable(problem));
        const PersonDecision sent = sendOrFail(state);
        QCOMPARE(sent.actions.at(0).kind, DecisionKind::Edit);
        QCOMPARE(sent.runSandbox, QStringLiteral("box2"));
    }

    // Issue 8: a request that ended (timed out, withdrawn) stays in view but takes no decision.
    void endedRequestTakesNoDecision()
    {
        ReviewState state(reviewOf(hitlCodeAndTimeout));
        QVERIFY(state.approve(0));
        state.setEnded(RequestEnd::TimedOut);
        QVERIFY(state.isEnded());
        PersonDecision sent;
        QString problem;
        QVERIFY(!state.decisionToSend(&sent, &problem)); // decided before it ended: still nothing goes
        QCOMPARE(problem, ReviewState::endedProblem());
        state.undecideAll();
        ActionDecision approval;
        QVERIFY(!state.approvalFor(0, &approval));
        QVERIFY(!state.approve(0));
        QVERIFY(!state.reject(0));
        QVERIFY(!state.approvalOfAll(&sent));
    }

    void requestEndIsReadFromDecidedBy()
    {
        QCOMPARE(requestEndFrom(QStringLiteral("person")), RequestEnd::Person);
        QCOMPARE(requestEndFrom(QStringLiteral("rule:pandas")), RequestEnd::Rule);
        QCOMPARE(ruleNameFrom(QStringLiteral("rule:pandas")), QStringLiteral("pandas"));
        QCOMPARE(requestEndFrom(QStringLiteral("timeout")), RequestEnd::TimedOut);
        QCOMPARE(requestEndFrom(QStringLiteral("withdrawn")), RequestEnd::Withdrawn);
        QCOMPARE(requestEndFrom(QStringLiteral("shutdown")), RequestEnd::Shutdown);
        QCOMPARE(requestEndFrom(QStringLiteral("???")), RequestEnd::Other);
    }

    void checkpointIsAlwaysStated()
    {
        ReviewState with(runOf({{QStringLiteral("code"), QStringLiteral("x")}}));
        QVERIFY(with.willCheckpoint());
        QCOMPARE(with.checkpointLabel(), QStringLiteral("before-12-20261201T054000Z-3"));
        QVERIFY2(with.checkpointText().contains(with.checkpointLabel()), qPrintable(with.checkpointText()));

        ReviewState without(
            runOf({{QStringLiteral("code"), QStringLiteral("x")}, {QStringLiteral("checkpoint"), false}}));
        QVERIFY(!without.willCheckpoint());
        QVERIFY(without.checkpointLabel().isEmpty());
        QVERIFY2(
            without.checkpointText().startsWith(QLatin1String("No checkpoint: the agent asked for none")),
            qPrintable(without.checkpointText()));
        QVERIFY(without.ruleScopeText().contains(QLatin1String("without a checkpoint")));
    }

    // Finding 2: "Always approve" binds what the person would approve now: the edit, not the original.
    void ruleApprovalIsTheEditedAction()
    {
        ReviewState state(runOf({{QStringLiteral("code"), QStringLiteral("print(1)")}}));
        state.setRunPlaceFacts(knownPlaces());
        QVERIFY(state.setEditing(0, true));
        QVERIFY(state.setCode(0, QStringLiteral("print(2)")));
        state.setRunSandbox(QStringLiteral("box2"));
        PersonDecision rule;
        QVERIFY(state.approvalOfAll(&rule));
        QCOMPARE(rule.actions.size(), 1);
        QCOMPARE(rule.actions.at(0).kind, DecisionKind::Edit);
        QCOMPARE(rule.actions.at(0).editedArgs.value(QStringLiteral("code")).toString(),
                 QStringLiteral("print(2)"));
        QCOMPARE(rule.runSandbox, QStringLiteral("box2"));
        const QString scope = state.ruleScopeText();
        QVERIFY2(scope.contains(QLatin1String("box2")) && scope.contains(QLatin1String("python:3.12-slim")) &&
                     scope.contains(QLatin1String("checkpoint")) && scope.contains(QLatin1String("edited")),
                 qPrintable(scope));
        QVERIFY(!scope.contains(QLatin1String("this exact code")));

        ReviewState review(reviewOf(hitlTwo));
        QVERIFY(review.approvalOfAll(&rule));
        QCOMPARE(rule.actions.size(), 2);
        QVERIFY(review.ruleScopeText().contains(QLatin1String("\"shell\" with all of its arguments")));
    }

    void proseIsTheQuestion()
    {
        ReviewState plain(
            reviewOf(R"j({"question": "Delete the cache?", "description": "It is 2 GB.", "code": "x"})j"));
        QCOMPARE(plain.prose(0), QStringLiteral("Delete the cache?\n\nIt is 2 GB."));
        ReviewState hitl(reviewOf(hitlCodeAndTimeout));
        QCOMPARE(hitl.prose(0), QStringLiteral("Tool execution pending approval"));
        ReviewState none(reviewOf(R"j({"code": "x"})j"));
        QVERIFY(none.prose(0).isEmpty());
        QVERIFY(!none.hasOtherArgs(0));
        QVERIFY(plain.hasOtherArgs(0));
    }

    // The question and description a plain payload's prose shows are not repeated in the
    // arguments below it (issue 25, defect 12: the question read twice); the rest stays.
    void argumentsShowNothingTheProseShows()
    {
        ReviewState plain(reviewOf(
            R"j({"question": "Delete the cache?", "description": "It is 2 GB.", "code": "x", "path": "/tmp/c"})j"));
        QCOMPARE(plain.argsFoldedIntoProse(0),
                 (QStringList{QStringLiteral("question"), QStringLiteral("description")}));
        QCOMPARE(plain.argsTextShown(0), QStringLiteral("{\n    \"path\": \"/tmp/c\"\n}"));
        // The arguments as sent are unchanged: what a rule binds and what the answer carries.
        QVERIFY(plain.argsText(0).contains(QLatin1String("Delete the cache?")));
        ReviewState onlyQuestion(reviewOf(R"j({"question": "Run it?", "code": "x"})j"));
        QVERIFY(onlyQuestion.argsTextShown(0).isEmpty());
        // A blank question is not shown as prose, so it stays in the arguments.
        ReviewState blank(reviewOf(R"j({"question": "  ", "code": "x"})j"));
        QVERIFY(blank.argsFoldedIntoProse(0).isEmpty());
        QCOMPARE(blank.argsTextShown(0), blank.argsText(0));
        // Only a plain payload's: a tool call's question argument is the tool's, not prose.
        ReviewState hitl(reviewOf(R"j({"action_requests": [{"name": "ask", "args": {"question": "q?"}}],
            "review_configs": [{"action_name": "ask", "allowed_decisions": ["approve", "reject"]}]})j"));
        QCOMPARE(hitl.argsTextShown(0), hitl.argsText(0));
        QVERIFY(hitl.argsTextShown(0).contains(QLatin1String("q?")));
    }

    // LangChain's HumanInTheLoopMiddleware appends "Tool: NAME\nArgs: {...}" to its description
    // by default; the review folds that part, which the formatted arguments repeat (defect 12).
    void middlewareTextOfTheCallIsFolded_data()
    {
        QTest::addColumn<QString>("description");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("folded");
        const QString tail = QStringLiteral("Tool: python_repl\nArgs: {'code': 'print(1)\\nprint(2)'}");
        QTest::newRow("the middleware's default")
            << QStringLiteral("Tool execution requires approval\n\n") + tail
            << QStringLiteral("Tool execution requires approval") << tail;
        QTest::newRow("no prefix") << tail << QString() << tail;
        QTest::newRow("another tool's name")
            << QStringLiteral("Check\n\nTool: shell\nArgs: {'c': 1}")
            << QStringLiteral("Check\n\nTool: shell\nArgs: {'c': 1}") << QString();
        QTest::newRow("text after the arguments")
            << QStringLiteral("Check\n\n") + tail + QStringLiteral("\nand also delete /etc")
            << QStringLiteral("Check\n\n") + tail + QStringLiteral("\nand also delete /etc") << QString();
        QTest::newRow("not after a blank line")
            << QStringLiteral("Check ") + tail << QStringLiteral("Check ") + tail << QString();
        QTest::newRow("the agent's own words")
            << QStringLiteral("Clean the cache") << QStringLiteral("Clean the cache") << QString();
    }

    void middlewareTextOfTheCallIsFolded()
    {
        QFETCH(QString, description);
        QFETCH(QString, text);
        QFETCH(QString, folded);
        QJsonObject action{
            {QStringLiteral("name"), QStringLiteral("python_repl")},
            {QStringLiteral("args"), QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")}}},
            {QStringLiteral("description"), description}};
        QJsonObject config{{QStringLiteral("action_name"), QStringLiteral("python_repl")},
                           {QStringLiteral("allowed_decisions"), QJsonArray{QStringLiteral("approve")}}};
        const QByteArray payload =
            QJsonDocument(QJsonObject{{QStringLiteral("action_requests"), QJsonArray{action}},
                                      {QStringLiteral("review_configs"), QJsonArray{config}}})
                .toJson(QJsonDocument::Compact);
        ReviewState review(reviewOf(payload.constData()));
        QCOMPARE(review.prose(0), description);
        const ReviewState::ProseParts parts = review.proseParts(0);
        QCOMPARE(parts.text, text);
        QCOMPARE(parts.folded, folded);
        // Nothing is lost: the two parts hold the whole description.
        if (!folded.isEmpty())
            QCOMPARE(parts.text.isEmpty() ? parts.folded : parts.text + QStringLiteral("\n\n") + parts.folded,
                     description);
        // A plain payload's prose is never folded.
        ReviewState plain(reviewOf(R"j({"question": "Tool: python_repl\nArgs: {'code': 1}", "code": "x"})j"));
        QVERIFY(plain.proseParts(0).folded.isEmpty());
    }

    void draftsKeepWorkPerRequest()
    {
        ReviewDrafts drafts;
        const Request a = reviewOf(hitlCodeAndTimeout, 1);
        const Request b = reviewOf(hitlCodeAndTimeout, 2);
        ReviewState stateA = drafts.take(a);
        QVERIFY(stateA.setEditing(0, true));
        QVERIFY(stateA.setCode(0, QStringLiteral("edited")));
        drafts.keep(stateA);
        QCOMPARE(drafts.take(b).code(0), QStringLiteral("print(1)"));
        QCOMPARE(drafts.take(a).code(0), QStringLiteral("edited"));
        QVERIFY(drafts.take(a).isEditing(0));
        drafts.drop(1);
        QVERIFY(!drafts.contains(1));
        QCOMPARE(drafts.take(a).code(0), QStringLiteral("print(1)"));
    }

    void noActionsSendsNothing()
    {
        Request request;
        request.key = 9;
        ReviewState state(request);
        PersonDecision sent;
        QVERIFY(!state.decisionToSend(&sent));
        QVERIFY(!state.approvalOfAll(&sent));
        QVERIFY(!state.approve(0));
        QCOMPARE(state.nextUndecided(-1), -1);
    }
};

QTEST_GUILESS_MAIN(TestReviewState)
#include "tst_reviewstate.moc"
