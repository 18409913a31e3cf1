// SPDX-License-Identifier: Apache-2.0
// LangChain's per-call approval (payload {"type": "tool_approval", ...}, protocol.md's fourth
// shape) through the inbox page and the real AgentService over a real socket: shown like one HITL
// action, with the decisions its response_schema allows, answered with ONE decision object.
#include "agent/AgentService.h"
#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/review/InboxModel.h"
#include "editor/CodeEditor.h"
#include "inbox/ActionCard.h"
#include "inbox/InboxPage.h"
#include "inbox/ReviewView.h"
#include "support/AgentTestClient.h"
#include "support/ServiceFixture.h"

#include <QAction>
#include <QApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using k8::agent::InboxModel;
using k8::app::InboxPage;
using k8::app::ReviewView;
using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Service;

// The value langchain 1.5's HumanInTheLoopMiddleware(interrupt_mode="per_call") raises, with
// markup in the description (agent text: shown as text, never rendered).
QJsonObject toolApproval(const QJsonObject& args)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("tool_approval")},
                       {QStringLiteral("tool_call_id"), QStringLiteral("call_1")},
                       {QStringLiteral("name"), QStringLiteral("run_python")},
                       {QStringLiteral("args"), args},
                       {QStringLiteral("description"), QStringLiteral("<b>Check</b> the code first")}};
}

// The response_schema LangGraph publishes with it: a union discriminated on "type".
QJsonObject schemaAllowing(const QStringList& decisions)
{
    QJsonObject mapping;
    for (const QString& decision : decisions)
        mapping.insert(decision, QStringLiteral("#/$defs/") + decision);
    return QJsonObject{{QStringLiteral("discriminator"),
                        QJsonObject{{QStringLiteral("propertyName"), QStringLiteral("type")},
                                    {QStringLiteral("mapping"), mapping}}}};
}

} // namespace

class TestToolApprovalReview : public QObject, private k8::test::ServiceFixture
{
    Q_OBJECT

private:
    std::unique_ptr<InboxPage> m_page;
    std::unique_ptr<AgentTestClient> m_client;

    ReviewView* review() const { return m_page->reviewView(); }

    QJsonValue ask(const QJsonObject& args, const QStringList& allowed)
    {
        QSignalSpy arrived(m_page.get(), &InboxPage::requestArrived);
        const QJsonValue id = m_client->request(QStringLiteral("review"),
                                                {{QStringLiteral("payload"), toolApproval(args)},
                                                 {QStringLiteral("response_schema"), schemaAllowing(allowed)},
                                                 {QStringLiteral("agent"), QStringLiteral("per-call-bot")}});
        if (!arrived.wait(Wait))
            qWarning("the tool approval did not arrive");
        return id;
    }

    void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget* target = QApplication::focusWidget();
        QVERIFY2(target, "something in the page must have the focus");
        QTest::keyClick(target, key, modifiers);
    }

    void focusCode()
    {
        review()->codeEditor()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(review()->codeEditor()->hasFocus(), Wait);
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(setUpService());
        QVERIFY(startService(baseSettings()));
        m_page = std::make_unique<InboxPage>(m_service.get());
        m_page->resize(1300, 850);
        m_page->show();
        m_page->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_page.get()));
        m_client = std::make_unique<AgentTestClient>();
        QVERIFY(connectClient(*m_client));
    }

    void cleanup()
    {
        m_client.reset();
        m_page.reset();
        tearDownService();
    }

    // One action card: the tool's name, its code in the editor, the other args as JSON and the
    // description as plain text; edit changes the code, and the answer is one EditDecision under
    // the tool's own name.
    void shownAsOneActionAndEditedIntoOneDecision()
    {
        const QJsonObject args{{QStringLiteral("code"), QStringLiteral("print(1)")},
                               {QStringLiteral("timeout"), 5}};
        const QJsonValue id =
            ask(args, {QStringLiteral("approve"), QStringLiteral("edit"), QStringLiteral("reject")});
        QTRY_VERIFY_WITH_TIMEOUT(review()->currentKey() != 0 && !review()->isRevealPending(), Wait);
        QCOMPARE(review()->actionCards().size(), 1);
        const k8::app::ActionCard* card = review()->actionCards().first();
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("print(1)"));
        // The description is prose above the code (one action: the review's own prose label).
        auto* prose = review()->findChild<QLabel*>(QStringLiteral("proseLabel"));
        QVERIFY(prose && prose->isVisible());
        QCOMPARE(prose->textFormat(), Qt::PlainText);
        QCOMPARE(prose->text(), QStringLiteral("<b>Check</b> the code first"));
        QVERIFY(card->argsEditor()->toPlainText().contains(QLatin1String("\"timeout\": 5")));
        QCOMPARE(m_service->inbox()->index(0, InboxModel::MethodColumn).data().toString(),
                 QStringLiteral("LangChain tool call"));
        QCOMPARE(m_service->inbox()->index(0, InboxModel::TitleColumn).data().toString(),
                 QStringLiteral("Review run_python"));

        QTRY_VERIFY_WITH_TIMEOUT(review()->isArmed(), Wait);
        QVERIFY(review()->approveAction()->isEnabled());
        QVERIFY(review()->rejectAction()->isEnabled());
        QVERIFY(review()->editAction()->isEnabled());
        QVERIFY(!review()->respondAction()->isEnabled()); // the schema does not allow respond

        focusCode();
        press(Qt::Key_E);
        QVERIFY(review()->isEditing());
        review()->codeEditor()->moveCursor(QTextCursor::End);
        QTest::keyClicks(review()->codeEditor(), QStringLiteral(" or 2"));
        QTRY_VERIFY_WITH_TIMEOUT(review()->isArmed(), Wait);
        press(Qt::Key_Return, Qt::ControlModifier);
        const QJsonObject edited{{QStringLiteral("code"), QStringLiteral("print(1) or 2")},
                                 {QStringLiteral("timeout"), 5}};
        const QJsonObject expected{{QStringLiteral("type"), QStringLiteral("edit")},
                                   {QStringLiteral("edited_action"),
                                    QJsonObject{{QStringLiteral("name"), QStringLiteral("run_python")},
                                                {QStringLiteral("args"), edited}}}};
        QCOMPARE(m_client->waitForResult(id, Wait), QJsonValue(expected));

        // The ledger binds the call as approved, edits and all, as for a batched HITL action.
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().value(QStringLiteral("decision")).toString(), QStringLiteral("edit"));
        QCOMPARE(entries.first().value(QStringLiteral("decided_by")).toString(), QStringLiteral("person"));
        const QJsonObject bound{{QStringLiteral("method"), QStringLiteral("review")},
                                {QStringLiteral("name"), QStringLiteral("run_python")},
                                {QStringLiteral("args"), edited}};
        QCOMPARE(entries.first().value(QStringLiteral("action_sha256")).toString(),
                 k8::agent::sha256Hex(k8::agent::canonicalJson(bound)));
    }

    void rejectedWithAReasonIntoOneDecision()
    {
        const QJsonValue id = ask({{QStringLiteral("code"), QStringLiteral("import shutil")}},
                                  {QStringLiteral("approve"), QStringLiteral("reject")});
        QTRY_VERIFY_WITH_TIMEOUT(review()->currentKey() != 0 && !review()->isRevealPending(), Wait);
        QVERIFY(!review()->editAction()->isEnabled()); // the schema allows no edit
        focusCode();
        press(Qt::Key_E);
        QVERIFY(!review()->isEditing());
        press(Qt::Key_R);
        QVERIFY(review()->rejectMessageEdit()->hasFocus());
        QTest::keyClicks(review()->rejectMessageEdit(), QStringLiteral("no deletes"));
        press(Qt::Key_Return);
        const QJsonObject expected{{QStringLiteral("type"), QStringLiteral("reject")},
                                   {QStringLiteral("message"), QStringLiteral("no deletes")}};
        QCOMPARE(m_client->waitForResult(id, Wait), QJsonValue(expected));
        QCOMPARE(ledger().last().value(QStringLiteral("reason")).toString(), QStringLiteral("no deletes"));
    }
};

QTEST_MAIN(TestToolApprovalReview)
#include "tst_toolapprovalreview.moc"
