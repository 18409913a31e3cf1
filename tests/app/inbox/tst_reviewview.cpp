// SPDX-License-Identifier: Apache-2.0
// The review view against a small fake coordinator, to see exactly what the view hands over:
// the decision of "Always approve…" (issue 7 finding 2), the arming delay and a request swapped
// under the cursor (finding 4), plain text in confirmation boxes (finding 5).
#include "agent/payload/HiddenText.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/review/InboxModel.h"
#include "agent/review/ReviewCoordinator.h"
#include "agent/review/ReviewState.h"
#include "editor/CodeEditor.h"
#include "editor/DiffView.h"
#include "egress/ReachLineMarker.h"
#include "egress/ReachPanel.h"
#include "inbox/ActionCard.h"
#include "inbox/CountdownLabel.h"
#include "inbox/RequestEndBanner.h"
#include "inbox/ReviewView.h"
#include "inbox/RunPlacePanel.h"
#include "inbox/TrialPane.h"
#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/SandboxListModel.h"
#include "style/Style.h"
#include "support/TestJson.h"
#include "support/Waits.h"
#include "trial/TrialKit.h"
#include "widgets/MessageBox.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>
#include <QTimer>
#include <QVBoxLayout>

#include <functional>

using namespace k8::agent;
using k8::app::MessageBox;
using k8::app::ReviewView;

namespace {

constexpr int Wait = k8::test::waits::InProcess;

// Holds requests in a real InboxModel and records every call the view makes.
class FakeCoordinator : public ReviewCoordinator
{
public:
    struct RuleCall
    {
        quint64 key = 0;
        PersonDecision decision;
        QString server;
    };

    FakeCoordinator()
        : m_model(new InboxModel(this))
    {}

    InboxModel* inbox() const override { return m_model; }
    const Request* request(quint64 key) const override { return m_model->find(key); }
    bool decide(quint64 key, const PersonDecision& decision, QString* error) override
    {
        if (!m_model->find(key)) {
            if (error)
                *error = QStringLiteral("gone");
            return false;
        }
        decisions.append({key, decision, {}});
        m_model->remove(key);
        Q_EMIT requestRemoved(key, QStringLiteral("person"));
        return true;
    }
    bool addApproveActionRule(quint64 key, const PersonDecision& decision, QString*,
                              const QString& server) override
    {
        actionRules.append({key, decision, server});
        return true;
    }
    bool addRejectAgentRule(const QString& agent, QString*, const QString& server) override
    {
        agentRules.append(agent);
        agentRuleServers.append(server);
        return true;
    }
    bool recordTrial(const Request& request, const TrialRecord& trial, QString*) override
    {
        trials.append({request.key, trial});
        return true;
    }

    void add(const Request& request)
    {
        m_model->append(request);
        Q_EMIT requestQueued(request.key);
    }
    // The request leaves without the person, as AgentService reports it ("timeout", "withdrawn").
    void end(quint64 key, const QString& decidedBy)
    {
        m_model->remove(key);
        Q_EMIT requestRemoved(key, decidedBy);
    }

    QList<RuleCall> decisions;
    QList<RuleCall> actionRules;
    QStringList agentRules;
    QStringList agentRuleServers; // beside agentRules: the server each is limited to, or empty
    QList<QPair<quint64, TrialRecord>> trials;

private:
    InboxModel* m_model;
};

Request runRequest(quint64 key, const QString& code, const QString& agent = QStringLiteral("bot"))
{
    Request request;
    RpcError error;
    RunDefaults defaults;
    defaults.sandbox = QStringLiteral("code-runner");
    const bool ok = requestFromRun({{QStringLiteral("code"), code}, {QStringLiteral("agent"), agent}},
                                   QJsonValue(int(key)), defaults, &request, &error);
    if (!ok)
        qFatal("run rejected: %s", qPrintable(error.message));
    request.key = key;
    request.agent = agent;
    request.receivedAt = QDateTime::currentDateTimeUtc();
    return request;
}

Request hitlRequest(quint64 key, const QJsonObject& args)
{
    Request request;
    RpcError error;
    const QJsonObject payload{
        {QStringLiteral("action_requests"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("python")},
                                {QStringLiteral("args"), args}}}},
        {QStringLiteral("review_configs"),
         QJsonArray{QJsonObject{
             {QStringLiteral("action_name"), QStringLiteral("python")},
             {QStringLiteral("allowed_decisions"),
              QJsonArray{QStringLiteral("approve"), QStringLiteral("edit"), QStringLiteral("reject")}}}}}};
    if (!requestFromReview({{QStringLiteral("payload"), payload}}, &request, &error))
        qFatal("review rejected: %s", qPrintable(error.message));
    request.key = key;
    request.agent = QStringLiteral("bot");
    request.receivedAt = QDateTime::currentDateTimeUtc();
    return request;
}

// A LangGraph HITL request with one action per code, all named `name`, every decision allowed.
Request twoActionRequest(quint64 key, const QStringList& codes,
                         const QString& name = QStringLiteral("python"))
{
    QJsonArray actions;
    for (const QString& code : codes)
        actions.append(QJsonObject{{QStringLiteral("name"), name},
                                   {QStringLiteral("args"), QJsonObject{{QStringLiteral("code"), code}}}});
    const QJsonObject payload{
        {QStringLiteral("action_requests"), actions},
        {QStringLiteral("review_configs"),
         QJsonArray{QJsonObject{
             {QStringLiteral("action_name"), name},
             {QStringLiteral("allowed_decisions"),
              QJsonArray{QStringLiteral("approve"), QStringLiteral("edit"), QStringLiteral("reject")}}}}}};
    Request request;
    RpcError error;
    if (!requestFromReview({{QStringLiteral("payload"), payload}}, &request, &error))
        qFatal("review rejected: %s", qPrintable(error.message));
    request.key = key;
    request.agent = QStringLiteral("bot");
    request.receivedAt = QDateTime::currentDateTimeUtc();
    return request;
}

// A plain question (no LangGraph format): the question is the agent's prose.
Request questionRequest(quint64 key, const QString& question)
{
    Request request;
    RpcError error;
    const QJsonObject payload{{QStringLiteral("question"), question},
                              {QStringLiteral("code"), QStringLiteral("x = 1")}};
    if (!requestFromReview({{QStringLiteral("payload"), payload}}, &request, &error))
        qFatal("review rejected: %s", qPrintable(error.message));
    request.key = key;
    request.agent = QStringLiteral("bot");
    request.receivedAt = QDateTime::currentDateTimeUtc();
    return request;
}

QString labelText(const QWidget& view, const char* name)
{
    auto* label = view.findChild<QLabel*>(QLatin1String(name));
    return label && label->isVisible() ? label->text() : QString();
}

// The sandbox list as read from kosa8: code-runner, where runRequest() runs by default, with the
// image it asks for pulled. A run is approvable only where the list says it can go.
k8::kosa8::SandboxListModel* knownSandboxes()
{
    static k8::kosa8::SandboxListModel* model = [] {
        auto* list = new k8::kosa8::SandboxListModel;
        k8::kosa8::Sandbox runner;
        runner.name = QStringLiteral("code-runner");
        runner.status = QStringLiteral("running");
        runner.egress = k8::kosa8::EgressPolicy::deny();
        runner.images = {QStringLiteral("python:3.12-slim")};
        list->setSandboxes({runner});
        return list;
    }();
    return model;
}

} // namespace

class TestReviewView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Finding 2: "Always approve…" binds what the person approves now, the edit, with the
    // sandbox chosen; never the agent's original code.
    void alwaysApproveBindsTheEditedAction()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.resize(900, 700);
        view.setSandboxModel(knownSandboxes());
        view.show();
        coordinator.add(runRequest(1, QStringLiteral("print(1)\n")));
        view.showRequest(1);
        QCOMPARE(view.currentKey(), quint64(1));

        view.editAction()->trigger();
        QVERIFY(view.isEditing());
        view.codeEditor()->moveCursor(QTextCursor::End);
        QTest::keyClicks(view.codeEditor(), QStringLiteral("print(2)"));
        QCOMPARE(view.state().code(0), QStringLiteral("print(1)\nprint(2)"));

        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        view.approveRuleAction()->trigger();
        QVERIFY(!MessageBox::takeNextAnswer());
        const QString boxText = MessageBox::lastQuestion().text;
        QCOMPARE(coordinator.actionRules.size(), 1);
        const FakeCoordinator::RuleCall& rule = coordinator.actionRules.first();
        QCOMPARE(rule.key, quint64(1));
        QCOMPARE(rule.decision.actions.size(), 1);
        QCOMPARE(rule.decision.actions.at(0).kind, DecisionKind::Edit);
        QCOMPARE(rule.decision.actions.at(0).editedArgs.value(QStringLiteral("code")).toString(),
                 QStringLiteral("print(1)\nprint(2)"));
        // The box says what the rule binds, and not "this exact code" (MessageBox shows it as
        // plain text: tst_messagebox).
        QCOMPARE(MessageBox::lastQuestion().objectName, QStringLiteral("ruleConfirmation"));
        QVERIFY2(boxText.contains(QLatin1String("sandbox code-runner")) &&
                     boxText.contains(QLatin1String("python:3.12-slim")) &&
                     boxText.contains(QLatin1String("checkpoint")) &&
                     boxText.contains(QLatin1String("edited")),
                 qPrintable(boxText));
        QVERIFY(!boxText.contains(QLatin1String("this exact code")));
        // The request itself still waits.
        QVERIFY(coordinator.decisions.isEmpty());
    }

    void alwaysApproveWithBrokenArgsSavesNothing()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.show();
        coordinator.add(
            hitlRequest(2, {{QStringLiteral("code"), QStringLiteral("x")}, {QStringLiteral("n"), 1}}));
        view.showRequest(2);
        view.editAction()->trigger();
        view.argsEditor()->setCode(QStringLiteral("{\"n\": "));
        QVERIFY(!view.approveAction()->isEnabled());
        QVERIFY(!view.approveRuleAction()->isEnabled());
        view.approveRuleAction()->setEnabled(true); // even if it were reached
        view.approveRuleAction()->trigger();
        QVERIFY(coordinator.actionRules.isEmpty());
        QVERIFY(view.messageText().contains(QLatin1String("not valid JSON")));
    }

    // Finding 5: an agent name with markup is shown as text in the confirmation box.
    void rejectAgentBoxIsPlain()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.show();
        const QString agent = QStringLiteral("<b>night</b>-bot");
        coordinator.add(runRequest(3, QStringLiteral("x"), agent));
        view.showRequest(3);
        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        view.rejectAgentRuleAction()->trigger();
        QVERIFY(!MessageBox::takeNextAnswer());
        const MessageBox::Question asked = MessageBox::lastQuestion();
        // The question carries the markup as it came: MessageBox shows it as plain text
        // (tst_messagebox checks the box), the same box every confirmation goes through.
        QVERIFY(asked.text.contains(agent));
        QCOMPARE(MessageBox::createBox(nullptr, asked)->textFormat(), Qt::PlainText);
        QCOMPARE(coordinator.agentRules, QStringList{agent});
    }

    // Issue 27: on a LangGraph server's request, "Always approve…" and "Always reject this
    // agent…" offer to limit the rule to that server, checked; unchecked, the rule is for every
    // source. A socket request's boxes offer nothing new.
    void serverRequestOffersARuleForThatServer()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.show();
        const QString server = QStringLiteral("http://127.0.0.1:2024");
        Request fromServer = hitlRequest(6, {{QStringLiteral("code"), QStringLiteral("print(6)")}});
        fromServer.origin.server = server;
        fromServer.origin.serverName = QStringLiteral("127.0.0.1:2024");
        coordinator.add(fromServer);
        coordinator.add(hitlRequest(7, {{QStringLiteral("code"), QStringLiteral("print(7)")}}));
        view.showRequest(6);
        QTRY_VERIFY_WITH_TIMEOUT(view.approveRuleAction()->isEnabled(), Wait);

        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        view.approveRuleAction()->trigger();
        QVERIFY(!MessageBox::takeNextAnswer());
        const MessageBox::Question asked = MessageBox::lastQuestion();
        QVERIFY2(asked.checkText.contains(server), qPrintable(asked.checkText));
        QVERIFY2(asked.checkAccessibleName.contains(server), qPrintable(asked.checkAccessibleName));
        QVERIFY(asked.checked);
        QCOMPARE(coordinator.actionRules.size(), 1);
        QCOMPARE(coordinator.actionRules.last().key, quint64(6));
        QCOMPARE(coordinator.actionRules.last().server, server);
        QVERIFY2(view.messageText().contains(server), qPrintable(view.messageText()));

        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        MessageBox::setNextChecked(false);
        view.approveRuleAction()->trigger();
        QCOMPARE(coordinator.actionRules.size(), 2);
        QVERIFY(coordinator.actionRules.last().server.isEmpty());

        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        view.rejectAgentRuleAction()->trigger();
        QVERIFY(MessageBox::lastQuestion().checked);
        QVERIFY(MessageBox::lastQuestion().checkText.contains(server));
        QCOMPARE(coordinator.agentRuleServers, QStringList{server});

        view.showRequest(7);
        QTRY_VERIFY_WITH_TIMEOUT(view.approveRuleAction()->isEnabled(), Wait);
        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        view.approveRuleAction()->trigger();
        QVERIFY(MessageBox::lastQuestion().checkText.isEmpty());
        QCOMPARE(coordinator.actionRules.size(), 3);
        QVERIFY(coordinator.actionRules.last().server.isEmpty());
        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        view.rejectAgentRuleAction()->trigger();
        QVERIFY(MessageBox::lastQuestion().checkText.isEmpty());
        QCOMPARE(coordinator.agentRuleServers, (QStringList{server, QString()}));
    }

    // Finding 4: approval waits after the view changes, and says so.
    // Issue 28, on the sheet: a trial keeps Approve greyed (and refuses the keys) while it runs,
    // arms again after the delay when it ends, is recorded with the request it was for, and one
    // still running when the person moves to another request is stopped, its copy removed, and
    // recorded all the same.
    void aTrialHoldsApprovalAndIsRecordedWhenLeft()
    {
        QTemporaryDir state;
        QTemporaryDir data;
        k8::kosa8::Kosa8Runner runner;
        k8::kosa8::ConnectionProfile connection;
        connection.executable = qEnvironmentVariable("KOSA8_STANDIN");
        connection.extraEnvironment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), state.path());
        connection.extraEnvironment.insert(QStringLiteral("PATH"),
                                           QStringLiteral("/usr/bin:") + qEnvironmentVariable("PATH"));
        runner.setConnection(connection);
        {
            QSignalSpy created(
                runner.start(k8::kosa8::Operation::SandboxCreate,
                             k8::kosa8::params::create(runner.profile(), QStringLiteral("code-runner"),
                                                       k8::kosa8::EgressPolicy::deny(), {})),
                &k8::kosa8::Kosa8Job::finished);
            QVERIFY(created.wait(k8::test::waits::Standin));
        }
        k8::trial::TrialKit kit(&runner, data.path());
        // What the app records when it creates a sandbox without -v (HostMountRecord::watch).
        k8::kosa8::JobResult made;
        made.operation = k8::kosa8::Operation::SandboxCreate;
        made.exitCode = 0;
        made.parameters = {{QStringLiteral("name"), QStringLiteral("code-runner")},
                           {QStringLiteral("mount_list"), QStringList()}};
        kit.mounts()->take(made);

        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(200);
        view.setSandboxModel(knownSandboxes());
        view.setTrialKit(&kit);
        view.show();
        coordinator.add(runRequest(7, QStringLiteral("# sleep-ms: 1500\nprint(7)\n")));
        coordinator.add(runRequest(8, QStringLiteral("print(8)\n")));
        view.showRequest(7);
        QTRY_VERIFY_WITH_TIMEOUT(view.isArmed(), Wait);
        k8::app::TrialPane* pane = view.trialPane();
        QVERIFY(pane->isVisible());
        QVERIFY(pane->tryAction()->isEnabled());

        QSignalSpy running(pane, &k8::app::TrialPane::runningChanged);
        pane->tryAction()->trigger();
        QVERIFY(pane->isRunning());
        QVERIFY(!view.approveAction()->isEnabled());
        QVERIFY(!view.approveFor(7));
        QVERIFY(view.messageText().contains(QLatin1String("a trial of this code is running")));
        QTRY_VERIFY_WITH_TIMEOUT(!pane->isRunning(), k8::test::waits::Standin);
        QVERIFY(pane->summaryText().contains(QLatin1String("Exit code 0")));
        QCOMPARE(coordinator.trials.size(), 1);
        QCOMPARE(coordinator.trials.first().first, quint64(7));
        QCOMPARE(coordinator.trials.first().second.copy, QStringLiteral("code-runner-fork1"));
        QCOMPARE(coordinator.trials.first().second.exitCode, std::optional<int>(0));
        // Armed again only after the delay, never at once.
        QVERIFY(!view.isArmed());
        QTRY_VERIFY_WITH_TIMEOUT(view.approveAction()->isEnabled(), Wait);
        QVERIFY(coordinator.decisions.isEmpty());

        // A second trial, left for another request while its code runs.
        pane->tryAction()->trigger();
        QVERIFY(pane->isRunning());
        // The code of the second trial has started in its copy.
        QTRY_COMPARE_WITH_TIMEOUT(k8::test::readStandinRuns(state.path()).size(), 2,
                                  k8::test::waits::Standin);
        view.showRequest(8);
        QVERIFY(!pane->isRunning());
        QVERIFY(pane->summaryText().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(coordinator.trials.size(), 2, k8::test::waits::Standin);
        QCOMPARE(coordinator.trials.last().first, quint64(7));
        QVERIFY(!coordinator.trials.last().second.exitCode);
        QVERIFY(kit.copies()->leftovers().isEmpty());
    }

    void armingDelayAfterEveryChange()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(300);
        view.setSandboxModel(knownSandboxes());
        view.show();
        coordinator.add(runRequest(4, QStringLiteral("a()")));
        coordinator.add(runRequest(5, QStringLiteral("b()")));
        QSignalSpy armed(&view, &ReviewView::armedChanged);
        view.showRequest(4);
        QVERIFY(!view.isArmed());
        QVERIFY(!view.approveAction()->isEnabled());
        auto* label = view.findChild<QLabel*>(QStringLiteral("armingLabel"));
        QVERIFY(label && label->isVisible());
        QCOMPARE(label->text(),
                 QStringLiteral("Approve is armed in %1 s").arg(QLocale().toString(0.3, 'f', 1)));
        QVERIFY(!view.approveFor(4));
        QVERIFY(coordinator.decisions.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(view.isArmed(), Wait);
        QVERIFY(armed.count() >= 1);
        QVERIFY(view.approveAction()->isEnabled());
        QVERIFY(label->isHidden());

        // Switching requests disarms again; an approval named for the request no longer shown is
        // refused even once armed.
        view.showRequest(5);
        QVERIFY(!view.isArmed());
        QTRY_VERIFY_WITH_TIMEOUT(view.isArmed(), Wait);
        QVERIFY(!view.approveFor(4));
        QVERIFY(coordinator.decisions.isEmpty());
        QVERIFY(view.approveFor(5));
        QCOMPARE(coordinator.decisions.size(), 1);
        QCOMPARE(coordinator.decisions.first().key, quint64(5));

        // 0 switches the wait off.
        view.setArmDelayMs(0);
        view.showRequest(4);
        QVERIFY(view.isArmed());
        QVERIFY(label->isHidden());
    }

    // The editor branch's warning bar goes directly above the decision buttons.
    void revealBarSlotIsAboveTheButtons()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        QVBoxLayout* slot = view.revealBarSlot();
        QVERIFY(slot);
        auto* page = view.findChild<QWidget*>(QStringLiteral("reviewPage"));
        QVERIFY(page);
        auto* layout = qobject_cast<QVBoxLayout*>(page->layout());
        QVERIFY(layout);
        const int slotIndex = layout->indexOf(slot);
        QVERIFY(slotIndex >= 0);
        QCOMPARE(layout->itemAt(slotIndex + 1)->layout()->objectName(), QStringLiteral("buttonRow"));
    }

    // Polish of issue 8: with no request in view nothing of the review shows; the reach panel, a
    // loose child of the view until the first card took it, painted over the empty inbox.
    void emptyViewShowsNoStrayPanel()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.resize(800, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* panel = view.findChild<k8::app::ReachPanel*>();
        QVERIFY(panel);
        QVERIFY(!panel->isVisible());
        QVERIFY(qobject_cast<k8::app::ActionCard*>(panel->parentWidget()));
    }

    // Finding 3, visible discard: "Discard edits" puts the original back and says so.
    void discardEditsIsVisible()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.show();
        coordinator.add(
            hitlRequest(6, {{QStringLiteral("code"), QStringLiteral("x = 1")}, {QStringLiteral("n"), 1}}));
        view.showRequest(6);
        const QString originalArgs = view.argsEditor()->code();
        view.editAction()->trigger();
        view.argsEditor()->setCode(QStringLiteral("{\"n\": 2}"));
        view.editAction()->trigger(); // edit off: kept, and the view says so
        QVERIFY(!view.isEditing());
        auto* note = view.findChild<QLabel*>(QStringLiteral("noteLabel"));
        QVERIFY(note && note->isVisible());
        QVERIFY2(note->text().contains(QLatin1String("kept")), qPrintable(note->text()));
        QCOMPARE(view.argsEditor()->code(), QStringLiteral("{\"n\": 2}"));
        QVERIFY(view.revertAction()->isEnabled());
        view.revertAction()->trigger();
        QCOMPARE(view.argsEditor()->code(), originalArgs);
        QVERIFY2(note->isVisible() && note->text().contains(QLatin1String("discarded")),
                 qPrintable(note->text()));
        QVERIFY(view.approveFor(6));
        QCOMPARE(coordinator.decisions.size(), 1);
        QCOMPARE(coordinator.decisions.first().decision.actions.at(0).kind, DecisionKind::Approve);
    }
    // Issue 11: what the code under review would reach, with the chosen sandbox's verdicts,
    // markers on the lines, and "allow this host" handed out (never applied by the view).
    void reachPanelShowsVerdictsMarksLinesAndAsksToAllow()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.resize(900, 800);
        k8::kosa8::SandboxListModel sandboxes;
        k8::kosa8::Sandbox runner;
        runner.name = QStringLiteral("code-runner");
        runner.status = QStringLiteral("running");
        runner.egress = k8::kosa8::EgressPolicy::allow(
            {QStringLiteral("pypi.org"), QStringLiteral("*.pythonhosted.org")});
        sandboxes.setSandboxes({runner});
        view.setSandboxModel(&sandboxes);
        view.show();
        coordinator.add(
            runRequest(1, QStringLiteral("import subprocess, requests\n"
                                         "subprocess.run(['pip', 'install', 'pandas'])\n"
                                         "requests.post('https://collector.example.net/upload', data=b)\n")));
        view.showRequest(1);
        k8::app::ReachPanel* panel = view.reachPanel();
        QVERIFY(panel->isVisible());
        QCOMPARE(panel->verdicts(), (QStringList{QStringLiteral("allowed by pypi.org"),
                                                 QStringLiteral("allowed by *.pythonhosted.org"), QString(),
                                                 QStringLiteral("blocked: not in the allow-list")}));
        QVERIFY(
            panel->summaryLabel()->text().contains(QStringLiteral("1 blocked by the policy of code-runner")));
        QCOMPARE(view.reachMarker()->lines(), (QList<int>{2, 3}));

        // Choosing another sandbox changes the verdicts; so does an edit of the code.
        sandboxes.setSandboxes({runner, [&] {
                                    k8::kosa8::Sandbox open = runner;
                                    open.name = QStringLiteral("open-box");
                                    open.egress.mode = k8::kosa8::EgressPolicy::Mode::Any;
                                    return open;
                                }()});
        view.findChild<QComboBox*>(QStringLiteral("sandboxCombo"))
            ->setCurrentText(QStringLiteral("open-box"));
        QCOMPARE(panel->verdicts().last(), QStringLiteral("allowed: the sandbox may reach any host"));
        view.findChild<QComboBox*>(QStringLiteral("sandboxCombo"))
            ->setCurrentText(QStringLiteral("code-runner"));
        view.editAction()->trigger();
        view.codeEditor()->moveCursor(QTextCursor::End);
        QTest::keyClicks(view.codeEditor(), QStringLiteral("requests.get('http://10.0.0.9')"));
        QCOMPARE(panel->findings().last().host, QStringLiteral("10.0.0.9"));
        QCOMPARE(view.reachMarker()->lines(), (QList<int>{2, 3, 4}));

        QSignalSpy allow(&view, &ReviewView::allowHostRequested);
        panel->selectFinding(3);
        QCOMPARE(panel->allowChoices(3),
                 (QStringList{QStringLiteral("collector.example.net"), QStringLiteral("*.example.net")}));
        panel->requestAllow(QStringLiteral("*.example.net"));
        QCOMPARE(allow.size(), 1);
        QCOMPARE(allow.first().at(0).toString(), QStringLiteral("code-runner"));
        QCOMPARE(allow.first().at(1).toString(), QStringLiteral("*.example.net"));
        QVERIFY(coordinator.decisions.isEmpty()); // asking to allow a host decides nothing

        // The panel's mnemonics never take a decision's letter (Alt+A is Approve).
        QString taken;
        for (QAction* action : view.decisionActions()) {
            const qsizetype amp = action->text().indexOf(QLatin1Char('&'));
            if (amp >= 0)
                taken += action->text().at(amp + 1).toLower();
        }
        QVERIFY(taken.contains(QLatin1Char('a')));
        for (QPushButton* button : panel->findChildren<QPushButton*>()) {
            const qsizetype amp = button->text().indexOf(QLatin1Char('&'));
            QVERIFY(amp >= 0);
            QVERIFY2(!taken.contains(button->text().at(amp + 1).toLower()), qPrintable(button->text()));
        }

        QSignalSpy edit(&view, &ReviewView::editPolicyRequested);
        QTest::mouseClick(panel->editPolicyButton(), Qt::LeftButton);
        QCOMPARE(edit.size(), 1);
        QCOMPARE(edit.first().at(0).toString(), QStringLiteral("code-runner"));
    }
    // Issue 8: every action of a request is shown at once, one card each, with its own code; the
    // buttons act on the current card, the next undecided card becomes current after a decision,
    // and the request is sent only when every action is decided, with one decision per action.
    void twoActionsShowAsCardsDecidedInTurn()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.resize(1000, 800);
        view.show();
        coordinator.add(
            twoActionRequest(20, {QStringLiteral("a = 1"), QStringLiteral("import os\nos.remove('x')")}));
        view.showRequest(20);
        const QList<k8::app::ActionCard*> cards = view.actionCards();
        QCOMPARE(cards.size(), 2);
        QVERIFY(cards.at(0)->isVisible() && cards.at(1)->isVisible());
        QCOMPARE(cards.at(0)->codeEditor()->code(), QStringLiteral("a = 1"));
        QCOMPARE(cards.at(1)->codeEditor()->code(), QStringLiteral("import os\nos.remove('x')"));
        QVERIFY(cards.at(0)->codeEditor()->isVisible() && cards.at(1)->codeEditor()->isVisible());
        // The second action's code is in full height, not folded away.
        QVERIFY(cards.at(1)->codeEditor()->height() >=
                2 * cards.at(1)->codeEditor()->fontMetrics().lineSpacing());
        QCOMPARE(cards.at(0)->headerLabel()->text(), QStringLiteral("Action 1 of 2 · python"));
        QCOMPARE(cards.at(0)->stateLabel()->text(), QStringLiteral("waiting"));
        QVERIFY(cards.at(0)->isCurrent());
        QVERIFY(!cards.at(1)->isCurrent());
        QVERIFY(view.findChild<QComboBox*>(QStringLiteral("actionCombo")) == nullptr);

        QVERIFY(view.approveFor(20));
        QCOMPARE(view.currentAction(), 1);
        QVERIFY(cards.at(1)->isCurrent() && !cards.at(0)->isCurrent());
        QCOMPARE(cards.at(0)->stateLabel()->text(), QStringLiteral("approved"));
        QCOMPARE(view.codeEditor(), cards.at(1)->codeEditor());
        QVERIFY(coordinator.decisions.isEmpty()); // not sent before the second is decided

        view.rejectMessageEdit()->setText(QStringLiteral("no deleting"));
        QTest::keyClick(view.rejectMessageEdit(), Qt::Key_Return);
        QCOMPARE(coordinator.decisions.size(), 1);
        const PersonDecision sent = coordinator.decisions.first().decision;
        QCOMPARE(sent.actions.size(), 2);
        QCOMPARE(sent.actions.at(0).kind, DecisionKind::Approve);
        QCOMPARE(sent.actions.at(1).kind, DecisionKind::Reject);
        QCOMPARE(sent.actions.at(1).message, QStringLiteral("no deleting"));
    }

    // Issue 8: making another card current disarms approval; approving then approves that card's
    // action, not the first one.
    void approveFollowsTheCurrentCard()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(300);
        view.resize(1000, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        coordinator.add(twoActionRequest(21, {QStringLiteral("first()"), QStringLiteral("second()")}));
        view.showRequest(21);
        QTRY_VERIFY_WITH_TIMEOUT(view.isArmed(), Wait);
        const QList<k8::app::ActionCard*> cards = view.actionCards();

        // A click into the second card's code makes it current, and disarms.
        k8::app::CodeEditor* second = cards.at(1)->codeEditor();
        QTest::mouseClick(second->viewport(), Qt::LeftButton, {}, QPoint(20, 5));
        QCOMPARE(view.currentAction(), 1);
        QVERIFY(cards.at(1)->isCurrent());
        QVERIFY(!view.isArmed());
        QVERIFY(!view.approveFor(21));
        QVERIFY(coordinator.decisions.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(view.isArmed(), Wait);
        QVERIFY(view.approveFor(21));
        QCOMPARE(cards.at(1)->stateLabel()->text(), QStringLiteral("approved"));
        QCOMPARE(cards.at(0)->stateLabel()->text(), QStringLiteral("waiting"));
        // The first, still undecided, is current again: reject it and the request goes.
        QCOMPARE(view.currentAction(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(view.isArmed(), Wait);
        view.rejectMessageEdit()->setFocus();
        QTest::keyClick(view.rejectMessageEdit(), Qt::Key_Return);
        QCOMPARE(coordinator.decisions.size(), 1);
        const PersonDecision sent = coordinator.decisions.first().decision;
        QCOMPARE(sent.actions.at(0).kind, DecisionKind::Reject);
        QCOMPARE(sent.actions.at(1).kind, DecisionKind::Approve);
    }

    // Issue 8: moving the focus into a card (keyboard) makes it current as a click does.
    void focusIntoACardMakesItCurrent()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        coordinator.add(twoActionRequest(22, {QStringLiteral("one()"), QStringLiteral("two()")}));
        view.showRequest(22);
        view.actionCards().at(0)->codeEditor()->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY_WITH_TIMEOUT(view.actionCards().at(0)->codeEditor()->hasFocus(), Wait);
        QCOMPARE(view.currentAction(), 0);
        // Read-only code passes Tab on: from the first card's code the focus moves into the second card.
        for (int i = 0; i < 12 && view.currentAction() == 0; ++i)
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(view.currentAction(), 1);
        QVERIFY(view.actionCards().at(1)->isCurrent());
    }

    // Issue 8: the agent's question is prose at the top, in full, however long.
    void proseShownInFull()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.resize(900, 700);
        view.show();
        QString question;
        while (question.size() < 2000)
            question += QStringLiteral("Should I delete the cached files in /tmp/build before the rebuild? ");
        question = question.left(2000) + QStringLiteral("END");
        coordinator.add(questionRequest(23, question));
        view.showRequest(23);
        QCOMPARE(labelText(view, "proseLabel"), question);
        // It scrolls with the sheet: the decision buttons stay in view.
        auto* approve = view.findChild<QWidget*>(QStringLiteral("approveButton"));
        QVERIFY(approve->isVisible());
        QVERIFY(approve->mapTo(&view, QPoint(0, approve->height())).y() <= view.height());
        auto* scroll = view.findChild<QScrollArea*>(QStringLiteral("sheetScroll"));
        QVERIFY(scroll && scroll->isAncestorOf(view.findChild<QLabel*>(QStringLiteral("proseLabel"))));
    }

    // Issue 8: a review says plainly that the agent acts on the answer itself, outside kosa8,
    // naming the tool; a run says where it runs.
    void reviewLineNamesToolAndOutsideKosa8()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.show();
        coordinator.add(twoActionRequest(24, {QStringLiteral("ls")}, QStringLiteral("shell_exec")));
        view.showRequest(24);
        const QString line = labelText(view, "reviewKindLabel");
        QVERIFY2(line.contains(QLatin1String("shell_exec")), qPrintable(line));
        QVERIFY2(line.contains(QLatin1String("outside kosa8")), qPrintable(line));
        // One action: one card, without "1 of 1".
        QCOMPARE(view.actionCards().size(), 1);
        QVERIFY(view.actionCards().first()->headerLabel()->isHidden());
        // No protocol jargon in the details.
        const QString details = labelText(view, "detailsLabel");
        QVERIFY2(details.contains(QLatin1String("LangChain tool call")), qPrintable(details));
        QVERIFY(!details.contains(QLatin1String("hitl"), Qt::CaseInsensitive));
        QVERIFY(!details.contains(QLatin1String("generic"), Qt::CaseInsensitive));

        coordinator.add(runRequest(25, QStringLiteral("print(1)")));
        view.showRequest(25);
        const QString runLine = labelText(view, "reviewKindLabel");
        QVERIFY2(runLine.contains(QLatin1String("sandbox")) && !runLine.contains(QLatin1String("outside")),
                 qPrintable(runLine));
    }
    // Issue 8: after a decision the next card is scrolled to the top of the view; so is the card
    // put in edit mode, so that its code and the diff under it are in view.
    void currentCardScrollsIntoView()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        // Short enough that the two cards do not fit (code without findings shows no reach table).
        view.resize(1000, 420);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QString longCode;
        for (int i = 0; i < 20; ++i)
            longCode += QStringLiteral("step_%1()\n").arg(i);
        coordinator.add(twoActionRequest(26, {longCode, longCode + QStringLiteral("cleanup()")}));
        view.showRequest(26);
        auto* scroll = view.findChild<QScrollArea*>(QStringLiteral("sheetScroll"));
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        // A request comes into view from the top of its sheet, its title in view, even though
        // its first card does not fit (issue 26: nor is the sheet laid out twice for it).
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QVERIFY(scroll->verticalScrollBar()->maximum() > 0);
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        QVERIFY(view.approveFor(26));
        k8::app::ActionCard* second = view.actionCards().at(1);
        const auto topOf = [&] { return second->mapTo(scroll->widget(), QPoint(0, 0)).y(); };
        QTRY_COMPARE_WITH_TIMEOUT(scroll->verticalScrollBar()->value(),
                                  qMin(topOf(), scroll->verticalScrollBar()->maximum()), Wait);
        QVERIFY(scroll->verticalScrollBar()->value() > 0);

        scroll->verticalScrollBar()->setValue(0);
        view.editAction()->trigger();
        QVERIFY(view.diffView()->isVisibleTo(second));
        QTRY_COMPARE_WITH_TIMEOUT(scroll->verticalScrollBar()->value(),
                                  qMin(topOf(), scroll->verticalScrollBar()->maximum()), Wait);
    }
    // Issue 8: a card shows its code in full height up to a cap, then scrolls on its own; short
    // code is never cut.
    void cardCodeGrowsToACapThenScrolls()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QString longCode;
        for (int i = 0; i < 100; ++i)
            longCode += QStringLiteral("line_%1()\n").arg(i);
        coordinator.add(twoActionRequest(27, {QStringLiteral("a()\nb()\nc()\nd()\ne()"), longCode}));
        view.showRequest(27);
        k8::app::CodeEditor* shortCode = view.actionCards().at(0)->codeEditor();
        k8::app::CodeEditor* tallCode = view.actionCards().at(1)->codeEditor();
        const int line = shortCode->fontMetrics().lineSpacing();
        QTRY_VERIFY_WITH_TIMEOUT(shortCode->height() >= 5 * line, Wait);
        QCOMPARE(shortCode->verticalScrollBar()->maximum(), 0); // all five lines in view
        QVERIFY(tallCode->height() >= k8::app::ActionCard::MaxCodeLines * line);
        QVERIFY(tallCode->height() < 40 * line);
        QVERIFY(tallCode->verticalScrollBar()->maximum() > 0);
    }

    // Issue 8: "where it runs" blocks approval of a run into an unknown sandbox or with an image
    // that is not pulled, until the person picks another; every host of the policy is listed.
    void runPlaceBlocksUntilAGoodPlaceIsPicked()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.resize(1000, 800);
        k8::kosa8::SandboxListModel sandboxes;
        k8::kosa8::Sandbox runner;
        runner.name = QStringLiteral("code-runner");
        runner.status = QStringLiteral("running");
        runner.egress = k8::kosa8::EgressPolicy::allow({QStringLiteral("pypi.org"),
                                                        QStringLiteral("files.pythonhosted.org"),
                                                        QStringLiteral("github.com")});
        runner.images = {QStringLiteral("python:3.12-slim")};
        k8::kosa8::Sandbox other = runner;
        other.name = QStringLiteral("data-box");
        other.egress = k8::kosa8::EgressPolicy::deny();
        other.images = {QStringLiteral("python:3.13-slim")};
        sandboxes.setSandboxes({runner, other});
        view.setSandboxModel(&sandboxes);
        view.show();

        Request request = runRequest(1, QStringLiteral("print(1)"));
        request.run.sandbox = QStringLiteral("ghost-box");
        coordinator.add(request);
        view.showRequest(1);
        k8::app::RunPlacePanel* place = view.placePanel();
        QVERIFY(place->isVisible());
        QVERIFY2(place->networkText().contains(QLatin1String("\"ghost-box\" is not in the sandbox list")),
                 qPrintable(place->networkText()));
        auto* problem = view.findChild<QLabel*>(QStringLiteral("runProblemLabel"));
        QVERIFY(problem && problem->isVisible());
        QCOMPARE(problem->palette().color(QPalette::WindowText), k8::app::style::errorColor());
        QVERIFY(!view.approveAction()->isEnabled());
        QVERIFY(!view.approveFor(1));
        QVERIFY2(view.messageText().contains(QLatin1String("does not exist")),
                 qPrintable(view.messageText()));
        QVERIFY(coordinator.decisions.isEmpty());

        // The person picks a sandbox from the list, by keyboard: approval comes back, and the
        // policy is read in full.
        QComboBox* combo = place->sandboxCombo();
        combo->setFocus();
        combo->setCurrentIndex(combo->findText(QStringLiteral("code-runner")));
        QCOMPARE(view.state().runSandbox(), QStringLiteral("code-runner"));
        QVERIFY(problem->isHidden());
        QVERIFY(view.approveAction()->isEnabled());
        const QString network = place->networkText();
        for (const char* host : {"pypi.org", "files.pythonhosted.org", "github.com"})
            QVERIFY2(network.contains(QLatin1String(host)), qPrintable(network));
        QCOMPARE(place->imageStatusText(), QStringLiteral("pulled in code-runner"));

        // An image that is not pulled there blocks again, in red.
        view.imageEdit()->clear();
        QTest::keyClicks(view.imageEdit(), QStringLiteral("python:3.13-slim"));
        QCOMPARE(view.state().runImage(), QStringLiteral("python:3.13-slim"));
        QVERIFY(!view.approveAction()->isEnabled());
        QCOMPARE(place->imageStatusText(), QStringLiteral("not pulled in code-runner"));
        auto* imageStatus = view.findChild<QLabel*>(QStringLiteral("imageStatusLabel"));
        QCOMPARE(imageStatus->palette().color(QPalette::WindowText), k8::app::style::errorColor());
        QVERIFY(!view.approveFor(1));
        // The sandbox that has it makes it approvable again, and that is what is sent.
        combo->setCurrentIndex(combo->findText(QStringLiteral("data-box")));
        QVERIFY(view.approveAction()->isEnabled());
        QCOMPARE(place->networkText(),
                 QStringLiteral("No network: the code reaches no host (DNS included)."));
        QVERIFY(view.approveFor(1));
        QCOMPARE(coordinator.decisions.size(), 1);
        QCOMPARE(coordinator.decisions.first().decision.runSandbox, QStringLiteral("data-box"));
        QCOMPARE(coordinator.decisions.first().decision.runImage, QStringLiteral("python:3.13-slim"));
    }

    void runWaitsForTheSandboxList()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        k8::kosa8::SandboxListModel sandboxes; // not read yet
        view.setSandboxModel(&sandboxes);
        view.show();
        coordinator.add(runRequest(1, QStringLiteral("print(1)")));
        view.showRequest(1);
        QCOMPARE(view.placePanel()->networkText(), QStringLiteral("Checking sandboxes…"));
        QVERIFY(!view.approveAction()->isEnabled());
        QVERIFY(!view.approveFor(1));
        QVERIFY(coordinator.decisions.isEmpty());
        // The list arrives (refresh): the run can be approved.
        k8::kosa8::Sandbox runner;
        runner.name = QStringLiteral("code-runner");
        runner.images = {QStringLiteral("python:3.12-slim")};
        sandboxes.setSandboxes({runner});
        QVERIFY(view.approveAction()->isEnabled());
        QCOMPARE(view.placePanel()->networkText(),
                 QStringLiteral("No network: the code reaches no host (DNS included)."));
    }

    void countdownOnlyWithATimeout()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.show();
        Request timed = hitlRequest(1, {{QStringLiteral("code"), QStringLiteral("x")}});
        timed.timeoutS = 90;
        coordinator.add(timed);
        coordinator.add(hitlRequest(2, {{QStringLiteral("code"), QStringLiteral("y")}}));
        view.showRequest(1);
        k8::app::CountdownLabel* countdown = view.countdownLabel();
        QVERIFY(countdown->isVisible());
        QVERIFY2(countdown->text().startsWith(QLatin1String("Rejected automatically in 1:")),
                 qPrintable(countdown->text()));
        QSignalSpy ticked(countdown, &k8::app::CountdownLabel::ticked);
        QVERIFY(ticked.wait(Wait));
        view.showRequest(2);
        QVERIFY(countdown->isHidden());
        QVERIFY(!countdown->isCounting());
    }

    // Issue 8: a request that ends while in view stays, read-only, and says why.
    void endedRequestStaysReadOnly()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.show();
        coordinator.add(hitlRequest(1, {{QStringLiteral("code"), QStringLiteral("print(1)")}}));
        view.showRequest(1);
        QVERIFY(view.approveAction()->isEnabled());
        view.rejectMessageEdit()->setFocus();

        coordinator.end(1, QStringLiteral("withdrawn"));
        QCOMPARE(view.currentKey(), quint64(1));
        QVERIFY(view.isShowingEnded());
        QVERIFY(view.endBanner()->isVisible());
        QVERIFY2(view.endBanner()->text().startsWith(QLatin1String("The agent withdrew this request")),
                 qPrintable(view.endBanner()->text()));
        QCOMPARE(view.codeEditor()->code(), QStringLiteral("print(1)"));
        for (QAction* action : view.decisionActions()) {
            if (action->text() != QLatin1String("Next request"))
                QVERIFY2(!action->isEnabled(), qPrintable(action->text()));
        }
        QVERIFY(!view.rejectMessageEdit()->isEnabled());
        QVERIFY(!view.approveFor(1));
        view.rejectNow();
        QVERIFY(coordinator.decisions.isEmpty());

        // Enter on the focused "Next request" asks for the next one.
        QSignalSpy next(&view, &ReviewView::nextRequested);
        QTRY_VERIFY_WITH_TIMEOUT(view.endBanner()->nextButton()->hasFocus(), Wait);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(next.count(), 1);

        // The person's own decision is not an "end": the view moves on as before.
        coordinator.add(hitlRequest(2, {{QStringLiteral("code"), QStringLiteral("x")}}));
        view.showRequest(2);
        QVERIFY(!view.isShowingEnded());
        QVERIFY(view.endBanner()->isHidden());
        QVERIFY(view.approveFor(2));
        QVERIFY(!view.isShowingEnded());
        QVERIFY(view.endBanner()->isHidden());
    }

    // Issue 24, finding 2: code of tens of thousands of lines is shown in part, with a note that
    // says how much is not shown; what hides in the part not shown is still counted; the action
    // cannot be edited, and approving it asks first. The whole code is what is approved.
    void aLongActionIsShownInPartAndApprovedOnlyWhenConfirmed()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.resize(900, 700);
        view.show();
        QString code = QStringLiteral("print(1)\n").repeated(19'000);
        code += QStringLiteral("x = 1 \u202e# hidden far down\n"); // line 19,001, never shown
        code += QStringLiteral("print(2)\n").repeated(999);
        coordinator.add(hitlRequest(1, {{QStringLiteral("code"), code}}));
        view.showRequest(1);

        k8::app::CodeEditor* editor = view.codeEditor();
        QVERIFY(editor->isPartlyShown());
        editor->finishLoading();              // the part shown comes a piece at a time (see the test below)
        QCOMPARE(editor->blockCount(), 5001); // 5,000 lines and the empty one after the last line end
        QCOMPARE(editor->code(), code);       // what is decided on is the whole code
        k8::app::ActionCard* card = view.actionCards().first();
        QVERIFY(card->codeNotShownLabel()->isVisible());
        QCOMPARE(card->codeNotShownLabel()->text(),
                 QStringLiteral("Showing the first 5,000 of 20,001 lines: the rest is not shown."));
        QCOMPARE(card->codeNotShownLabel()->textFormat(), Qt::PlainText);
        QCOMPARE(editor->findings().count(HiddenText::BidiControl), 1);
        QVERIFY(!view.editAction()->isEnabled());
        view.toggleEdit();
        QVERIFY(!view.isEditing());
        QVERIFY(!editor->isEditable());

        // Not confirmed: nothing is decided.
        MessageBox::setNextAnswer(MessageBox::Answer::Cancel);
        QVERIFY(!view.approveFor(1));
        QVERIFY(!MessageBox::takeNextAnswer());
        QCOMPARE(MessageBox::lastQuestion().objectName, QStringLiteral("partlyShownApproval"));
        QVERIFY2(MessageBox::lastQuestion().text.contains(card->codeNotShownLabel()->text()),
                 qPrintable(MessageBox::lastQuestion().text));
        QVERIFY(coordinator.decisions.isEmpty());

        // Confirmed: approved as sent, not as an edit of the part shown.
        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        QVERIFY(view.approveFor(1));
        QCOMPARE(coordinator.decisions.size(), 1);
        QCOMPARE(coordinator.decisions.first().decision.actions.first().kind, DecisionKind::Approve);

        // A short action is approved without a question, and its note is hidden.
        coordinator.add(hitlRequest(2, {{QStringLiteral("code"), QStringLiteral("print(3)")}}));
        view.showRequest(2);
        QVERIFY(!view.codeEditor()->isPartlyShown());
        QVERIFY(view.actionCards().first()->codeNotShownLabel()->isHidden());
        QVERIFY(view.editAction()->isEnabled());
        QVERIFY(view.approveFor(2));
        QVERIFY(!MessageBox::takeNextAnswer());
        QCOMPARE(coordinator.decisions.size(), 2);
    }

    // Issue 26: a long code comes into view a piece at a time (CodeEditor::setLoadsInPieces()), so
    // that its arrival does not hold the window. Until all of it is in view, nothing approves it,
    // not even with no arming delay; it cannot be edited and no rule can be saved from it. Once it
    // is in, it is approved as the agent sent it.
    void aLongCodeIsApprovedOnlyOnceAllOfItIsInView()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.resize(900, 700);
        view.show();
        QString code;
        for (int i = 0; i < 3000; ++i)
            code += QStringLiteral("total_%1 = %1 * 2  # a line of the code\n").arg(i);
        coordinator.add(hitlRequest(1, {{QStringLiteral("code"), code}}));
        view.showRequest(1);

        k8::app::CodeEditor* editor = view.codeEditor();
        k8::app::ActionCard* card = view.actionCards().first();
        QSignalSpy loaded(card, &k8::app::ActionCard::loaded);
        QVERIFY(card->isLoading());
        QVERIFY(!editor->isPartlyShown());
        QCOMPARE(editor->blockCount(), k8::app::CodeEditor::FirstPieceLines + 1);
        QCOMPARE(editor->code(), code);
        QVERIFY(!view.approveAction()->isEnabled());
        QVERIFY(!view.editAction()->isEnabled());
        QVERIFY(!view.approveRuleAction()->isEnabled());
        QVERIFY(!view.approveFor(1));
        QVERIFY2(view.messageText().contains(QLatin1String("still being put on screen")),
                 qPrintable(view.messageText()));
        view.editAction()->setChecked(true);
        view.toggleEdit();
        QVERIFY(!view.isEditing());
        QVERIFY(!editor->isEditable());
        QVERIFY(coordinator.decisions.isEmpty());

        QVERIFY(loaded.wait(Wait));
        QVERIFY(!card->isLoading());
        QCOMPARE(editor->blockCount(), 3001);
        QCOMPARE(editor->revealedText(), code);
        QVERIFY(!editor->isCodeTouched());
        QVERIFY(view.approveAction()->isEnabled());
        QVERIFY(view.editAction()->isEnabled());
        QVERIFY(view.approveRuleAction()->isEnabled());
        QVERIFY(view.approveFor(1));
        QCOMPARE(coordinator.decisions.size(), 1);
        QCOMPARE(coordinator.decisions.first().decision.actions.first().kind, DecisionKind::Approve);
    }

    // Issue 26: the diff under the code is worked out when it is first shown (the person edits),
    // not when the request arrives: hidden, the three documents of a 5,000-line code cost tens of
    // milliseconds there (bench/README.md, bench_large_requests).
    void theDiffIsWorkedOutWhenFirstShown()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.show();
        coordinator.add(hitlRequest(1, {{QStringLiteral("code"), QStringLiteral("print(1)\n")}}));
        view.showRequest(1);
        QVERIFY(!view.diffView()->isVisibleTo(view.actionCards().first()));
        QVERIFY(view.diffView()->unifiedText().isEmpty());

        view.editAction()->setChecked(true);
        view.toggleEdit();
        QVERIFY(view.isEditing());
        QVERIFY(view.diffView()->isVisibleTo(view.actionCards().first()));
        QVERIFY2(view.diffView()->unifiedText().contains(QLatin1String("  print(1)")),
                 qPrintable(view.diffView()->unifiedText()));
        QCOMPARE(view.diffView()->summaryText(), QStringLiteral("no changes"));
        QTest::keyClick(view.codeEditor(), Qt::Key_End, Qt::ControlModifier);
        QTest::keyClicks(view.codeEditor(), QStringLiteral("print(2)"));
        QTRY_COMPARE_WITH_TIMEOUT(view.diffView()->addedCount(), 1, Wait);
        QVERIFY(view.diffView()->unifiedText().contains(QLatin1String("+ print(2)")));
    }

    // Issue 26: the marks of the lines the reach scan flagged are placed only for the lines in
    // view. Placing a line far below made the editor lay out every line down to it on every paint
    // (13 ms a paint for 5,000 lines, bench/README.md).
    void reachMarksLayOutNoLineBelowTheView()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setSandboxModel(knownSandboxes());
        view.resize(900, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QString code = QStringLiteral("import requests\n") + QStringLiteral("x = 1\n").repeated(2998);
        code += QStringLiteral("requests.get('https://example.com/data')\n");
        coordinator.add(runRequest(1, code));
        view.showRequest(1);
        k8::app::CodeEditor* editor = view.codeEditor();
        editor->finishLoading();
        QCOMPARE(view.reachMarker()->lines(), QList<int>{3000});
        // Whatever laid the marked line out so far (the highlighter's last slice may), painting the
        // marks must not: it is far below the view.
        const QTextBlock far = editor->document()->findBlockByNumber(2999);
        QVERIFY(far.isValid() && far.layout());
        far.layout()->clearLayout();
        view.reachMarker()->grab(); // paints it
        QCOMPARE(far.layout()->lineCount(), 0);
    }

    // A plain payload of a hundred thousand values: its JSON is shown in part; once the request
    // has ended, the view keeps only what it shows (the rest of its memory can go back).
    void aLongPayloadIsShownInPartAndLetGoOfWhenItEnds()
    {
        FakeCoordinator coordinator;
        ReviewView view(&coordinator);
        view.setArmDelayMs(0);
        view.show();
        QJsonArray values;
        for (int i = 0; i < 100'000; ++i)
            values.append(i);
        Request request;
        RpcError error;
        QVERIFY(requestFromReview({{QStringLiteral("payload"), values}}, &request, &error));
        request.key = 3;
        request.agent = QStringLiteral("bot");
        request.receivedAt = QDateTime::currentDateTimeUtc();
        coordinator.add(request);
        view.showRequest(3);
        k8::app::CodeEditor* args = view.argsEditor();
        QVERIFY(args->isPartlyShown());
        QCOMPARE(args->code(), formatJsonForReview(values));
        QVERIFY(args->blockCount() <= 5001);
        k8::app::ActionCard* card = view.actionCards().first();
        QCOMPARE(card->argsNotShownLabel()->text(),
                 QStringLiteral("Showing the first 5,000 of 100,002 lines: the rest is not shown."));
        QVERIFY(card->argsNotShownLabel()->isVisible());

        coordinator.end(3, QStringLiteral("timeout"));
        QVERIFY(view.isShowingEnded());
        QVERIFY(view.state().argsText(0).isEmpty());
        QCOMPARE(args->code(), args->shownText().shown());
        QVERIFY(card->argsNotShownLabel()->isVisible()); // still says that not all was shown
    }
};

QTEST_MAIN(TestReviewView)
#include "tst_reviewview.moc"
