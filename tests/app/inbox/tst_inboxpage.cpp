// SPDX-License-Identifier: Apache-2.0
// The inbox page with the real AgentService on a socket in a temp folder: an agent asks through a
// socket client, the test drives the widgets with the keyboard as a person would, and checks
// what the agent receives.
#include "agent/AgentService.h"
#include "agent/review/InboxModel.h"
#include "editor/CodeEditor.h"
#include "editor/DiffView.h"
#include "history/AuditTableModel.h"
#include "history/DecisionHistoryView.h"
#include "inbox/ActionCard.h"
#include "inbox/CountdownLabel.h"
#include "inbox/InboxNotifier.h"
#include "inbox/InboxPage.h"
#include "inbox/RequestEndBanner.h"
#include "inbox/ReviewView.h"
#include "inbox/RunPane.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/SandboxListModel.h"
#include "support/AgentTestClient.h"
#include "support/HitlPayloads.h"
#include "support/ServiceFixture.h"
#include "widgets/PageHeader.h"
#include "widgets/PlainText.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QJsonArray>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

#include <memory>

using namespace k8::agent;
using k8::app::InboxNotifier;
using k8::app::InboxPage;
using k8::app::ReviewView;
using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Service;

using k8::test::hitlAction;
using k8::test::hitlConfig;
using k8::test::hitlPayload;

const QStringList AllHitl = k8::test::allHitlDecisions();

// An Agent Inbox interrupt that can only be answered with a response (or ignored).
QJsonObject askUserInterrupt()
{
    return QJsonObject{{QStringLiteral("action_request"),
                        QJsonObject{{QStringLiteral("action"), QStringLiteral("ask_user")},
                                    {QStringLiteral("args"),
                                     QJsonObject{{QStringLiteral("question"), QStringLiteral("Which?")}}}}},
                       {QStringLiteral("config"), QJsonObject{{QStringLiteral("allow_accept"), false},
                                                              {QStringLiteral("allow_edit"), false},
                                                              {QStringLiteral("allow_respond"), true},
                                                              {QStringLiteral("allow_ignore"), true}}},
                       {QStringLiteral("description"), QStringLiteral("Pick a dataset")}};
}

} // namespace

class TestInboxPage : public QObject, private k8::test::ServiceFixture
{
    Q_OBJECT

private:
    std::unique_ptr<InboxPage> m_page;
    std::unique_ptr<QAbstractItemModelTester> m_inboxTester;
    std::unique_ptr<QAbstractItemModelTester> m_runsTester;
    std::unique_ptr<QAbstractItemModelTester> m_historyTester;
    std::unique_ptr<AgentTestClient> m_client;

    ReviewView* review() const { return m_page->reviewView(); }

    // Sends a review and waits until the page shows something for it.
    QJsonValue ask(const QJsonValue& payload, const QString& title,
                   const QString& agent = QStringLiteral("bot"))
    {
        QSignalSpy arrived(m_page.get(), &InboxPage::requestArrived);
        const QJsonValue id =
            m_client->request(QStringLiteral("review"), {{QStringLiteral("payload"), payload},
                                                         {QStringLiteral("title"), title},
                                                         {QStringLiteral("agent"), agent}});
        if (!arrived.wait(Wait))
            qWarning("request %s did not arrive", qPrintable(title));
        // A request that arrives into the empty review is put in view a turn or two later (one
        // that does not take the review, while a run is chosen, leaves it as it is).
        static_cast<void>(QTest::qWaitFor([this] { return reviewInView(); }, Wait));
        return id;
    }

    QJsonValue resultFor(const QJsonValue& id) { return m_client->waitForResult(id, Wait); }

    // Keys go to the widget that has the focus, as with a real keyboard.
    void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget* target = QApplication::focusWidget();
        QVERIFY2(target, "something in the page must have the focus");
        QTest::keyClick(target, key, modifiers);
    }

    // Approval is disarmed for a moment after the request in view changes.
    void waitArmed() { QTRY_VERIFY_WITH_TIMEOUT(review()->isArmed(), Wait); }
    QAbstractButton* approveButton() const
    {
        return review()->findChild<QAbstractButton*>(QStringLiteral("approveButton"));
    }
    // A request in review with its sheet in view: an arrival is filled in first and put in view
    // on a turn of its own (ReviewView::RevealSeparately).
    bool reviewInView() const { return review()->currentKey() != 0 && !review()->isRevealPending(); }
    void setArmDelay(int ms) { review()->setProperty("armDelayMs", ms); }
    QString armingText() const
    {
        auto* label = review()->findChild<QLabel*>(QStringLiteral("armingLabel"));
        return label && label->isVisible() ? label->text() : QString();
    }

    void focusCode()
    {
        review()->codeEditor()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(review()->codeEditor()->hasFocus(), Wait);
    }

    QAbstractButton* reviewButton(const char* name) const
    {
        return review()->findChild<QAbstractButton*>(QLatin1String(name));
    }

    // Asks `count` requests with code that may be approved, edited or rejected; returns their ids.
    QList<QJsonValue> askSteps(int count, const QString& prefix = QStringLiteral("Step"))
    {
        QList<QJsonValue> ids;
        for (int i = 1; i <= count; ++i)
            ids.append(
                ask(hitlPayload({hitlAction(QStringLiteral("python"),
                                            {{QStringLiteral("code"), QStringLiteral("step = %1").arg(i)}})},
                                {hitlConfig(QStringLiteral("python"), AllHitl)}),
                    QStringLiteral("%1 %2").arg(prefix).arg(i)));
        return ids;
    }

    // After a decision the focus is on the request list, the review shows `next`, and the next
    // key acts on it: R opens its (empty) reason field, nothing was typed anywhere, and Escape
    // leaves the field without deciding.
    void expectListFocusOn(quint64 next)
    {
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(m_page->pendingTable()),
                                  Wait);
        QCOMPARE(review()->currentKey(), next);
        QCOMPARE(m_page->pendingTable()->currentIndex().row(), m_service->inbox()->rowOf(next));
        press(Qt::Key_R);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(review()->rejectMessageEdit()));
        QVERIFY2(review()->rejectMessageEdit()->text().isEmpty(),
                 qPrintable(review()->rejectMessageEdit()->text()));
        QCOMPARE(review()->currentKey(), next);
        press(Qt::Key_Escape);
        QVERIFY(!review()->rejectMessageEdit()->hasFocus());
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QFile::exists(m_standin), "KOSA8_STANDIN must name the kosa8 stand-in"); }

    void init()
    {
        QVERIFY(setUpService());
        const AgentSettings settings = baseSettings();
        QVERIFY(startService(settings));

        m_page = std::make_unique<InboxPage>(m_service.get());
        m_page->setLedgerPath(settings.ledgerPath());
        // Every request arriving and leaving, every run starting and every decision reaching
        // History is checked as the page sees it.
        m_inboxTester = std::make_unique<QAbstractItemModelTester>(
            m_service->inbox(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_runsTester = std::make_unique<QAbstractItemModelTester>(
            m_page->runPane()->runsModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_historyTester = std::make_unique<QAbstractItemModelTester>(
            m_page->historyView()->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
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
        m_historyTester.reset();
        m_runsTester.reset();
        m_inboxTester.reset();
        m_page.reset();
        tearDownService();
    }

    void pageHasAHeader()
    {
        // Like the Sandboxes and Command log pages, the inbox says what it is.
        auto* header = m_page->findChild<k8::app::PageHeader*>();
        QVERIFY(header);
        QCOMPARE(header->titleLabel()->text(), QStringLiteral("Inbox"));
        QCOMPARE(header->subtitleLabel()->text(),
                 QStringLiteral("Requests from agents waiting for your decision."));
        QVERIFY(header->isVisible());
    }

    // Issue 8: the empty inbox says where agents connect and that the app is listening there.
    void emptyInboxShowsTheSocket()
    {
        QCOMPARE(m_page->pendingCount(), 0);
        auto* socket = review()->findChild<QLabel*>(QStringLiteral("socketLabel"));
        QVERIFY(socket);
        QVERIFY(socket->isVisible());
        QCOMPARE(socket->textFormat(), Qt::PlainText);
        QCOMPARE(socket->text(), QStringLiteral("Listening for agents on %1")
                                     .arg(QDir::toNativeSeparators(m_service->socketPath())));
        QVERIFY(m_service->socketPath().endsWith(QLatin1String("sock/agent.sock")));
        QVERIFY(!m_page->isRunPaneShown());
        QVERIFY(!m_page->runList()->isVisible()); // no run yet
    }

    void approveWithCtrlReturn()
    {
        const QJsonValue id = ask(QJsonObject{{QStringLiteral("question"), QStringLiteral("Run it?")},
                                              {QStringLiteral("code"), QStringLiteral("print('hi')\n")}},
                                  QStringLiteral("Say hi"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("print('hi')\n"));
        QVERIFY(!review()->codeEditor()->isEditable());
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(resultFor(id), QJsonValue(QStringLiteral("approve")));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 0, Wait);
        QCOMPARE(review()->currentKey(), quint64(0));

        // The history tab shows who decided (it reads the ledger once it is on screen).
        m_page->listTabs()->setCurrentWidget(m_page->historyView());
        QTRY_COMPARE_WITH_TIMEOUT(m_page->historyView()->model()->rowCount(), 1, Wait);
        const auto* history = m_page->historyView()->model();
        QCOMPARE(history->index(0, int(k8::history::AuditColumn::DecidedBy)).data().toString(),
                 QStringLiteral("person"));
        QCOMPARE(history->index(0, int(k8::history::AuditColumn::DecidedByText)).data().toString(),
                 QStringLiteral("you"));
    }

    // Every cell of the pending list shows its text whole at the page's size: words that do not fit
    // their column wrap onto another line of the row (issue 25, defect 7: "guide-…", "sandb…",
    // "2 Lang…" were cut).
    void pendingListCutsNothing()
    {
        ask(hitlPayload(QStringLiteral("python_repl"),
                        QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")}}),
            QStringLiteral("Tidy the build logs of the nightly job"), QStringLiteral("report-agent"));
        ask(QJsonObject{{QStringLiteral("question"), QStringLiteral("Go?")}}, QStringLiteral("Short"),
            QStringLiteral("guide-story"));
        QTableView* list = m_page->pendingTable();
        QTRY_COMPARE_WITH_TIMEOUT(list->model()->rowCount(), 2, Wait);
        const QFontMetrics metrics = list->fontMetrics();
        for (int row = 0; row < list->model()->rowCount(); ++row) {
            for (int column = 0; column < list->model()->columnCount(); ++column) {
                if (list->isColumnHidden(column))
                    continue;
                const QModelIndex index = list->model()->index(row, column);
                const QString text = index.data().toString();
                // The room a cell's text has: its rectangle less the item's margins on each side.
                const QRect cell = list->visualRect(index);
                const int margin =
                    list->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, list) + 1;
                const QRect room = cell.adjusted(margin, 0, -margin, 0);
                QTRY_VERIFY2_WITH_TIMEOUT(
                    metrics.boundingRect(QRect(0, 0, room.width(), 100000), Qt::TextWordWrap, text)
                                .height() <= list->visualRect(index).height() &&
                        metrics.boundingRect(QRect(0, 0, room.width(), 100000), Qt::TextWordWrap, text)
                                .width() <= room.width(),
                    qPrintable(QStringLiteral("%1 does not fit its %2x%3 cell")
                                   .arg(text)
                                   .arg(cell.width())
                                   .arg(cell.height())),
                    Wait);
            }
        }
    }

    void plainReturnDoesNotApprove()
    {
        const QJsonValue id =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("x = 1")}}, QStringLiteral("Stray keys"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        focusCode();
        press(Qt::Key_Return);
        press(Qt::Key_A);
        press(Qt::Key_Space);
        QCoreApplication::processEvents();
        QVERIFY(!m_client->hasResponse(id));
        QCOMPARE(m_page->pendingCount(), 1);
    }

    void editThenApproveSendsEditedArgs()
    {
        const QJsonObject args{{QStringLiteral("code"), QStringLiteral("print(1)")},
                               {QStringLiteral("timeout"), 5}};
        const QJsonValue id = ask(hitlPayload({hitlAction(QStringLiteral("python"), args)},
                                              {hitlConfig(QStringLiteral("python"), AllHitl)}),
                                  QStringLiteral("Edit me"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        focusCode();
        press(Qt::Key_E); // read-only editor: E toggles editing
        QVERIFY(review()->isEditing());
        QVERIFY(review()->codeEditor()->isEditable());
        QVERIFY(review()->codeEditor()->hasFocus());
        review()->codeEditor()->moveCursor(QTextCursor::End);
        QTest::keyClick(review()->codeEditor(), Qt::Key_Return);
        QTest::keyClicks(review()->codeEditor(), QStringLiteral("print(2)"));
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("print(1)\nprint(2)"));
        // The diff shows the change live.
        QTRY_COMPARE_WITH_TIMEOUT(review()->diffView()->addedCount(), 1, Wait);
        QCOMPARE(review()->diffView()->removedCount(), 0);
        QVERIFY(review()->diffView()->isVisible());
        QVERIFY(review()->diffView()->unifiedText().contains(QLatin1String("+ print(2)")));

        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        const QJsonObject edited{{QStringLiteral("code"), QStringLiteral("print(1)\nprint(2)")},
                                 {QStringLiteral("timeout"), 5}};
        const QJsonObject expected{
            {QStringLiteral("decisions"),
             QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("edit")},
                                    {QStringLiteral("edited_action"),
                                     QJsonObject{{QStringLiteral("name"), QStringLiteral("python")},
                                                 {QStringLiteral("args"), edited}}}}}}};
        QCOMPARE(resultFor(id), QJsonValue(expected));
    }

    void editsSurviveSwitchingRequests()
    {
        const QJsonValue idA =
            ask(hitlPayload({hitlAction(QStringLiteral("python"),
                                        {{QStringLiteral("code"), QStringLiteral("a = 1")}})},
                            {hitlConfig(QStringLiteral("python"), AllHitl)}),
                QStringLiteral("Request A"));
        ask(hitlPayload(
                {hitlAction(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("b = 2")}})},
                {hitlConfig(QStringLiteral("python"), AllHitl)}),
            QStringLiteral("Request B"));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 2, Wait);
        const quint64 keyA = m_service->inbox()->keyAt(0);
        QCOMPARE(review()->currentKey(), keyA);

        // Edit A's code and start typing a reason, then look at B.
        focusCode();
        press(Qt::Key_E);
        QVERIFY(review()->isEditing());
        review()->codeEditor()->moveCursor(QTextCursor::End);
        QTest::keyClick(review()->codeEditor(), Qt::Key_Return);
        QTest::keyClicks(review()->codeEditor(), QStringLiteral("a += 1"));
        review()->rejectMessageEdit()->setText(QStringLiteral("half a thought"));
        m_page->selectNext();
        QCOMPARE(review()->currentKey(), m_service->inbox()->keyAt(1));
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("b = 2"));
        QVERIFY(!review()->isEditing());
        QVERIFY(review()->rejectMessageEdit()->text().isEmpty());
        QVERIFY(review()->hasDraft(keyA));

        // Back on A: the edit, the edit mode, the diff and the reason are all still there.
        m_page->selectPrevious();
        QCOMPARE(review()->currentKey(), keyA);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("a = 1\na += 1"));
        QVERIFY(review()->isEditing());
        QVERIFY(review()->codeEditor()->isEditable());
        QVERIFY(review()->diffView()->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(review()->diffView()->addedCount(), 1, Wait);
        QVERIFY(review()->diffView()->unifiedText().contains(QLatin1String("+ a += 1")));
        QCOMPARE(review()->rejectMessageEdit()->text(), QStringLiteral("half a thought"));
        QVERIFY(review()->approveAction()->text().contains(QLatin1String("edited")));

        // Approving sends the edited code, and the draft goes with the request.
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        const QJsonObject edited{{QStringLiteral("code"), QStringLiteral("a = 1\na += 1")}};
        const QJsonObject expected{
            {QStringLiteral("decisions"),
             QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("edit")},
                                    {QStringLiteral("edited_action"),
                                     QJsonObject{{QStringLiteral("name"), QStringLiteral("python")},
                                                 {QStringLiteral("args"), edited}}}}}}};
        QCOMPARE(resultFor(idA), QJsonValue(expected));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 1, Wait);
        QVERIFY(!review()->hasDraft(keyA));
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("b = 2"));
    }

    void rejectWithMessage()
    {
        const QJsonValue id =
            ask(hitlPayload({hitlAction(QStringLiteral("shell"),
                                        {{QStringLiteral("command"), QStringLiteral("rm -rf /")}})},
                            {hitlConfig(QStringLiteral("shell"), AllHitl)}),
                QStringLiteral("Dangerous"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QCOMPARE(review()->codeEditor()->language(), QStringLiteral("bash"));
        focusCode();
        press(Qt::Key_R);
        QVERIFY(review()->rejectMessageEdit()->hasFocus());
        QTest::keyClicks(review()->rejectMessageEdit(), QStringLiteral("not on my disk"));
        press(Qt::Key_Return);
        const QJsonObject expected{
            {QStringLiteral("decisions"),
             QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("reject")},
                                    {QStringLiteral("message"), QStringLiteral("not on my disk")}}}}};
        QCOMPARE(resultFor(id), QJsonValue(expected));
    }

    void nextAndPreviousShortcutsMoveSelection()
    {
        QList<QJsonValue> ids;
        for (int i = 1; i <= 3; ++i)
            ids.append(ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("step = %1").arg(i)}},
                           QStringLiteral("Step %1").arg(i)));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 3, Wait);
        InboxModel* model = m_service->inbox();
        QCOMPARE(review()->currentKey(), model->keyAt(0)); // the oldest first
        m_page->pendingTable()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(m_page->pendingTable()->hasFocus(), Wait);
        press(Qt::Key_J);
        QCOMPARE(review()->currentKey(), model->keyAt(1));
        QCOMPARE(m_page->pendingTable()->currentIndex().row(), 1);
        press(Qt::Key_BracketRight, Qt::ControlModifier);
        QCOMPARE(review()->currentKey(), model->keyAt(2));
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("step = 3"));
        press(Qt::Key_J); // stays on the last
        QCOMPARE(review()->currentKey(), model->keyAt(2));
        press(Qt::Key_K);
        QCOMPARE(review()->currentKey(), model->keyAt(1));
        QVERIFY(m_page->nextAction()->toolTip().contains(QLatin1String("J")));

        // Deciding the shown request moves on to the one that took its place.
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(resultFor(ids.at(1)), QJsonValue(QStringLiteral("approve")));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 2, Wait);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("step = 3"));
        QCOMPARE(m_page->pendingTable()->currentIndex().row(), 1);
    }

    void onlyAllowedDecisionsAreEnabled()
    {
        ask(hitlPayload(
                {hitlAction(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("1")}})},
                {hitlConfig(QStringLiteral("python"),
                            {QStringLiteral("approve"), QStringLiteral("reject")})}),
            QStringLiteral("No edits"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        waitArmed();
        QVERIFY(review()->approveAction()->isEnabled());
        QVERIFY(review()->rejectAction()->isEnabled());
        QVERIFY(!review()->editAction()->isEnabled());
        QVERIFY(!review()->respondAction()->isEnabled());
        QVERIFY(review()->respondEdit()->isHidden());
        focusCode();
        press(Qt::Key_E);
        QVERIFY(!review()->isEditing());
        QVERIFY(!review()->codeEditor()->isEditable());

        // Generic payloads have no edits either; the approve tooltip names its shortcut.
        m_page->selectNext();
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("2")}}, QStringLiteral("Generic"));
        m_page->selectNext();
        QTRY_COMPARE_WITH_TIMEOUT(review()->codeEditor()->toPlainText(), QStringLiteral("2"), Wait);
        QVERIFY(!review()->editAction()->isEnabled());
        waitArmed();
        QVERIFY(review()->approveAction()->isEnabled());
        QVERIFY(review()->approveAction()->toolTip().contains(
            QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText)));
    }

    void agentInboxRespond()
    {
        const QJsonValue id = ask(QJsonArray{askUserInterrupt()}, QStringLiteral("Question"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QVERIFY(!review()->approveAction()->isEnabled());
        QVERIFY(!review()->editAction()->isEnabled());
        QVERIFY(review()->respondAction()->isEnabled());
        m_page->pendingTable()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(m_page->pendingTable()->hasFocus(), Wait);
        press(Qt::Key_R, Qt::ControlModifier);
        QVERIFY(review()->respondEdit()->hasFocus());
        QTest::keyClicks(review()->respondEdit(), QStringLiteral("the 2024 one"));
        press(Qt::Key_Return);
        const QJsonArray expected{QJsonObject{{QStringLiteral("type"), QStringLiteral("response")},
                                              {QStringLiteral("args"), QStringLiteral("the 2024 one")}}};
        QCOMPARE(resultFor(id), QJsonValue(expected));
    }

    void severalActionsEachGetADecision()
    {
        const QJsonValue id = ask(
            hitlPayload(
                {hitlAction(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("a = 1")}}),
                 hitlAction(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("b = 2")}})},
                {hitlConfig(QStringLiteral("python"), AllHitl)}),
            QStringLiteral("Two actions"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QCOMPARE(review()->currentAction(), 0);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("a = 1"));
        // Both actions are in view at once, each with its own code, the first one current.
        const QList<k8::app::ActionCard*> cards = review()->actionCards();
        QCOMPARE(cards.size(), 2);
        QVERIFY(cards.at(0)->isVisible() && cards.at(1)->isVisible());
        QCOMPARE(cards.at(1)->codeEditor()->toPlainText(), QStringLiteral("b = 2"));
        QVERIFY(cards.at(0)->isCurrent() && !cards.at(1)->isCurrent());
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        // Not answered yet: the second action is shown for its own decision.
        QCOMPARE(review()->currentAction(), 1);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("b = 2"));
        QVERIFY(cards.at(1)->isCurrent() && !cards.at(0)->isCurrent());
        QCOMPARE(cards.at(0)->stateLabel()->text(), QStringLiteral("approved"));
        QVERIFY(!m_client->hasResponse(id));
        focusCode();
        press(Qt::Key_R);
        press(Qt::Key_Return);
        const QJsonObject expected{
            {QStringLiteral("decisions"),
             QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("approve")}},
                        QJsonObject{{QStringLiteral("type"), QStringLiteral("reject")}}}}};
        QCOMPARE(resultFor(id), QJsonValue(expected));
    }

    void runShowsOutputInConsole()
    {
        QCOMPARE(QProcess::execute(m_standin, {QStringLiteral("sandbox"), QStringLiteral("create"),
                                               QStringLiteral("box1")}),
                 0);
        const QString code =
            QStringLiteral("# stdout: hello from the sandbox\n# stderr: careful\nprint(42)\n");
        QSignalSpy arrived(m_page.get(), &InboxPage::requestArrived);
        const QJsonValue id = m_client->request(
            QStringLiteral("run"),
            {{QStringLiteral("code"), code}, {QStringLiteral("title"), QStringLiteral("Answer")}},
            QStringLiteral("run-1"));
        QVERIFY(arrived.wait(Wait));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QCOMPARE(review()->imageEdit()->text(), QStringLiteral("python:3.12-slim"));
        // Until the sandbox list is read, the run waits (issue 8); then box1 has the image.
        QVERIFY(!review()->approveAction()->isEnabled());
        k8::kosa8::SandboxListModel sandboxes;
        k8::kosa8::Sandbox box1;
        box1.name = QStringLiteral("box1");
        box1.images = {QStringLiteral("python:3.12-slim")};
        sandboxes.setSandboxes({box1});
        m_page->setSandboxModel(&sandboxes);

        // An invalid image blocks approval until it is fixed.
        review()->imageEdit()->setText(QStringLiteral("Not An Image"));
        QVERIFY(!review()->approveAction()->isEnabled());
        review()->imageEdit()->setText(QStringLiteral("python:3.12-slim"));
        waitArmed();
        QVERIFY(review()->approveAction()->isEnabled());

        // The review names the checkpoint the service then takes (issue 7 finding 12).
        const QString checkpointShown =
            review()->findChild<QLabel*>(QStringLiteral("checkpointLabel"))->text();
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        const QJsonObject result = resultFor(id).toObject();
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(result.value(QStringLiteral("code")).toString(), code);
        QVERIFY2(checkpointShown.contains(
                     QStringLiteral("\"%1\"").arg(result.value(QStringLiteral("checkpoint")).toString())),
                 qPrintable(checkpointShown));
        // Nothing else is pending: the run pane takes the review's place, with the run's title, its
        // code and its output together.
        QTRY_VERIFY_WITH_TIMEOUT(m_page->isRunPaneShown(), Wait);
        QTRY_VERIFY_WITH_TIMEOUT(m_page->runConsole() && m_page->runConsole()->toPlainText().contains(
                                                             QLatin1String("exit code 0")),
                                 Wait);
        const QString console = m_page->runConsole()->toPlainText();
        QVERIFY2(console.contains(QLatin1String("hello from the sandbox")), qPrintable(console));
        QVERIFY2(console.contains(QLatin1String("careful")), qPrintable(console));
        QCOMPARE(m_page->runPane()->titleLabel()->text(), QStringLiteral("Answer"));
        QCOMPARE(m_page->runPane()->codeView()->toPlainText(), code);
        QVERIFY(m_page->runPane()->codeView()->isReadOnly());
        QVERIFY(m_page->runPane()->codeView()->isVisible());
        QCOMPARE(m_page->runList()->model()->rowCount(), 1);
        // kosa8 ran twice (checkpoint, then the run): each command line is shown.
        const QStringList commands =
            console.split(QLatin1Char('\n')).filter(QRegularExpression(QStringLiteral("^\\$ ")));
        QCOMPARE(commands.size(), 2);
        QVERIFY2(commands.at(0).contains(QLatin1String(" checkpoint ")), qPrintable(commands.at(0)));
        QVERIFY2(commands.at(1).contains(QLatin1String(" run ")), qPrintable(commands.at(1)));
        // A short summary: exit code, duration, checkpoint label.
        const QString checkpoint = result.value(QStringLiteral("checkpoint")).toString();
        QVERIFY(!checkpoint.isEmpty());
        const QString summary = console.trimmed().section(QLatin1Char('\n'), -1);
        QVERIFY2(summary.startsWith(QStringLiteral("■ exit code 0 · ")), qPrintable(summary));
        QVERIFY2(summary.endsWith(QStringLiteral(" · checkpoint %1").arg(checkpoint)), qPrintable(summary));
        QVERIFY2(!summary.contains(QLatin1String("taken before")), qPrintable(summary));

        // "Rewind to before this run" asks for exactly that sandbox and checkpoint.
        QVERIFY(m_page->rewindLastRunAction()->isEnabled());
        QSignalSpy rewind(m_page.get(), &InboxPage::rewindToBeforeRunRequested);
        m_page->rewindLastRunAction()->trigger();
        QCOMPARE(rewind.count(), 1);
        QCOMPARE(rewind.first().at(0).toString(), result.value(QStringLiteral("sandbox")).toString());
        QCOMPARE(rewind.first().at(1).toString(), checkpoint);
        m_page->setSandboxModel(nullptr);
    }

    // Issue 12: a sandbox that goes back to its base after every run says so on each run, in the
    // result at the end of its console and beside its status; a failed reset says why.
    void runSaysTheSandboxWasReset()
    {
        const QString state = m_dir->filePath(QStringLiteral("state"));
        QCOMPARE(QProcess::execute(m_standin, {QStringLiteral("sandbox"), QStringLiteral("create"),
                                               QStringLiteral("box1")}),
                 0);
        QCOMPARE(QProcess::execute(m_standin, {QStringLiteral("checkpoint"), QStringLiteral("box1"),
                                               QStringLiteral("--label"), QStringLiteral("clean")}),
                 0);
        m_service->setRunResetPolicy([](const QString& sandbox) {
            return RunResetPlan{sandbox == QLatin1String("box1"), QStringLiteral("clean")};
        });
        k8::kosa8::SandboxListModel sandboxes;
        k8::kosa8::Sandbox box1;
        box1.name = QStringLiteral("box1");
        box1.images = {QStringLiteral("python:3.12-slim")};
        sandboxes.setSandboxes({box1});
        m_page->setSandboxModel(&sandboxes);

        // The first reset fails; the second works.
        QFile faults(state + QStringLiteral("/faults.json"));
        QVERIFY(faults.open(QIODevice::WriteOnly));
        faults.write(
            R"({"rewind": {"mode": "exit", "code": 2, "once": true, "message": "kosa8: rewind refused"}})");
        faults.close();

        QSignalSpy arrived(m_page.get(), &InboxPage::requestArrived);
        const QJsonValue idA = m_client->request(QStringLiteral("run"),
                                                 {{QStringLiteral("code"), QStringLiteral("# stdout: A\n")},
                                                  {QStringLiteral("title"), QStringLiteral("Run A")}});
        QVERIFY(arrived.wait(Wait));
        const QJsonValue idB = m_client->request(QStringLiteral("run"),
                                                 {{QStringLiteral("code"), QStringLiteral("# stdout: B\n")},
                                                  {QStringLiteral("title"), QStringLiteral("Run B")}});
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 2, Wait);
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        expectListFocusOn(m_service->inbox()->keyAt(0));
        m_page->pendingTable()->setFocus();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(resultFor(idA).toObject().contains(QStringLiteral("exit_code")));
        QVERIFY(resultFor(idB).toObject().contains(QStringLiteral("exit_code")));

        QAbstractItemModel* runs = m_page->runList()->model();
        QTRY_COMPARE_WITH_TIMEOUT(runs->rowCount(), 2, Wait);
        m_page->runList()->setFocus();
        m_page->runList()->setCurrentIndex(runs->index(1, 0)); // Run A, the older
        QVERIFY(m_page->isRunPaneShown());
        QCOMPARE(m_page->runPane()->titleLabel()->text(), QStringLiteral("Run A"));
        const QString failed = QStringLiteral("reset to base 'clean' failed: kosa8: rewind refused");
        QTRY_VERIFY_WITH_TIMEOUT(m_page->runPane()->detailsLabel()->text().contains(failed), Wait);
        QVERIFY2(m_page->runConsole()->toPlainText().trimmed().endsWith(QStringLiteral("■ ") + failed),
                 qPrintable(m_page->runConsole()->toPlainText()));
        QCOMPARE(m_page->runPane()->detailsLabel()->textFormat(), Qt::PlainText);

        press(Qt::Key_Up); // Run B
        QCOMPARE(m_page->runPane()->titleLabel()->text(), QStringLiteral("Run B"));
        const QString done = QStringLiteral("Reset to base 'clean' after the run");
        QTRY_VERIFY_WITH_TIMEOUT(m_page->runPane()->detailsLabel()->text().contains(done), Wait);
        QVERIFY2(m_page->runConsole()->toPlainText().trimmed().endsWith(QStringLiteral("■ ") + done),
                 qPrintable(m_page->runConsole()->toPlainText()));
        m_page->setSandboxModel(nullptr);
    }

    void runInAnotherSandbox()
    {
        for (const char* name : {"box1", "box2"})
            QCOMPARE(QProcess::execute(m_standin, {QStringLiteral("sandbox"), QStringLiteral("create"),
                                                   QString::fromLatin1(name)}),
                     0);
        k8::kosa8::SandboxListModel sandboxes;
        k8::kosa8::Sandbox box1;
        box1.name = QStringLiteral("box1");
        box1.status = QStringLiteral("running");
        box1.egress = k8::kosa8::EgressPolicy::deny();
        box1.images = {QStringLiteral("python:3.12-slim")};
        k8::kosa8::Sandbox box2 = box1;
        box2.name = QStringLiteral("box2");
        box2.egress = k8::kosa8::EgressPolicy::allow({QStringLiteral("pypi.org")});
        sandboxes.setSandboxes({box1, box2});
        m_page->setSandboxModel(&sandboxes);

        const QJsonValue id =
            m_client->request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(1)")},
                                                      {QStringLiteral("title"), QStringLiteral("Where")}});
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        auto* sandboxCombo = review()->findChild<QComboBox*>(QStringLiteral("sandboxCombo"));
        auto* egress = review()->findChild<QLabel*>(QStringLiteral("egressLabel"));
        QVERIFY(sandboxCombo && egress);
        QCOMPARE(sandboxCombo->currentText(), QStringLiteral("box1"));
        QCOMPARE(sandboxCombo->count(), 2);
        QVERIFY2(egress->text().startsWith(QLatin1String("No network")), qPrintable(egress->text()));
        sandboxCombo->setCurrentIndex(sandboxCombo->findText(QStringLiteral("box2")));
        QCOMPARE(egress->text(), QStringLiteral("Only this host: pypi.org"));
        // A name kosa8 would refuse blocks approval.
        sandboxCombo->setEditText(QStringLiteral("-rm"));
        QVERIFY(!review()->approveAction()->isEnabled());
        sandboxCombo->setCurrentIndex(sandboxCombo->findText(QStringLiteral("box2")));
        waitArmed();
        QVERIFY(review()->approveAction()->isEnabled());

        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        const QJsonObject result = resultFor(id).toObject();
        QCOMPARE(result.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box2"));
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(), 0);
        m_page->setSandboxModel(nullptr);
    }

    void editArgsWithoutCode()
    {
        const QJsonObject args{{QStringLiteral("to"), QStringLiteral("ops@example.com")},
                               {QStringLiteral("subject"), QStringLiteral("hi")}};
        const QJsonValue id = ask(hitlPayload({hitlAction(QStringLiteral("send_email"), args)},
                                              {hitlConfig(QStringLiteral("send_email"), AllHitl)}),
                                  QStringLiteral("Mail"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QVERIFY(review()->codeEditor()->isHidden()); // no code: the args are what is edited
        review()->argsEditor()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(review()->argsEditor()->hasFocus(), Wait);
        press(Qt::Key_E, Qt::ControlModifier);
        QVERIFY(review()->argsEditor()->isEditable());

        // Broken JSON is never sent: a message, and the request still waits.
        review()->argsEditor()->setPlainText(QStringLiteral("{\"to\": "));
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(review()->messageText().contains(QLatin1String("not valid JSON")));
        QCoreApplication::processEvents();
        QVERIFY(!m_client->hasResponse(id));
        QCOMPARE(m_page->pendingCount(), 1);

        review()->argsEditor()->setPlainText(
            QStringLiteral("{\"to\": \"me@example.com\", \"subject\": \"hi\"}"));
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        const QJsonObject edited{{QStringLiteral("to"), QStringLiteral("me@example.com")},
                                 {QStringLiteral("subject"), QStringLiteral("hi")}};
        const QJsonObject expected{
            {QStringLiteral("decisions"),
             QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("edit")},
                                    {QStringLiteral("edited_action"),
                                     QJsonObject{{QStringLiteral("name"), QStringLiteral("send_email")},
                                                 {QStringLiteral("args"), edited}}}}}}};
        QCOMPARE(resultFor(id), QJsonValue(expected));
    }

    void withdrawnRequestLeavesTheView()
    {
        const QJsonValue first =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("first")}}, QStringLiteral("First"));
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("second")}}, QStringLiteral("Second"));
        QTRY_COMPARE_WITH_TIMEOUT(review()->codeEditor()->toPlainText(), QStringLiteral("first"), Wait);
        const quint64 firstKey = review()->currentKey();
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        const QJsonValue cancel =
            m_client->request(QStringLiteral("cancel"), {{QStringLiteral("id"), first}});
        QVERIFY(removed.wait(Wait));
        QCOMPARE(m_page->pendingCount(), 1);
        // Issue 8: it says so in place instead of vanishing; J moves on.
        QCOMPARE(review()->currentKey(), firstKey);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("first"));
        QVERIFY(review()->isShowingEnded());
        QVERIFY2(review()->endBanner()->text().startsWith(QLatin1String("The agent withdrew this request")),
                 qPrintable(review()->endBanner()->text()));
        QVERIFY(review()->endBanner()->isVisible());
        QVERIFY(!review()->approveFor(firstKey));
        press(Qt::Key_J);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("second"));
        QVERIFY(!review()->isShowingEnded());
        QVERIFY(review()->endBanner()->isHidden());
        QTRY_VERIFY_WITH_TIMEOUT(m_client->hasResponse(cancel), Wait);
        m_page->listTabs()->setCurrentWidget(m_page->historyView()); // read once on screen
        QTRY_COMPARE_WITH_TIMEOUT(m_page->historyView()->model()->rowCount(), 1, Wait);
        QCOMPARE(m_page->historyView()
                     ->model()
                     ->index(0, int(k8::history::AuditColumn::DecidedByText))
                     .data()
                     .toString(),
                 QStringLiteral("withdrawn by the agent"));
    }

    void escapeLeavesTheReasonField()
    {
        const QJsonValue id =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("x")}}, QStringLiteral("Esc"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        focusCode();
        press(Qt::Key_R);
        QVERIFY(review()->rejectMessageEdit()->hasFocus());
        press(Qt::Key_Escape);
        QVERIFY(review()->codeEditor()->hasFocus());
        QCoreApplication::processEvents();
        QVERIFY(!m_client->hasResponse(id));
    }

    void everyControlHasAnAccessibleName()
    {
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("x")}}, QStringLiteral("A11y"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QStringList unnamed;
        for (QWidget* widget : m_page->findChildren<QWidget*>()) {
            const bool interactive =
                qobject_cast<QAbstractButton*>(widget) || qobject_cast<QComboBox*>(widget) ||
                qobject_cast<QAbstractItemView*>(widget) || qobject_cast<QPlainTextEdit*>(widget) ||
                (qobject_cast<QLineEdit*>(widget) && !qobject_cast<QComboBox*>(widget->parent()));
            // Parts of Qt's own composite widgets (tab scrollers, clear buttons, combo popups) are Qt's.
            const bool qtInternal =
                widget->objectName().startsWith(QLatin1String("qt_")) ||
                qobject_cast<QAbstractButton*>(widget->parent()) != nullptr ||
                widget->parent()->inherits("QTabBar") || widget->parent()->inherits("QLineEdit") ||
                widget->parent()->inherits("QComboBoxPrivateContainer") ||
                widget->parent()->inherits("QAbstractItemView") || widget->inherits("QTableCornerButton");
            if (!interactive || qtInternal)
                continue;
            const auto* button = qobject_cast<QAbstractButton*>(widget);
            if (widget->accessibleName().isEmpty() && !(button && !button->text().isEmpty()))
                unnamed.append(QString::fromLatin1(widget->metaObject()->className()) + QLatin1Char(' ') +
                               widget->objectName());
        }
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral(", "))));
    }

    void serviceGoingFirstLeavesAnEmptyPage()
    {
        const QJsonValue id =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("x")}}, QStringLiteral("Late"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        m_service.reset(); // as at quit: pending requests are answered with a rejection
        QCOMPARE(review()->currentKey(), quint64(0));
        QCOMPARE(m_page->pendingCount(), 0);
        QVERIFY(!review()->approveAction()->isEnabled());
        focusCode();
        m_page->selectNext();
        QCOMPARE(resultFor(id), QJsonValue(QStringLiteral("reject")));
    }

    // Issue 7 finding 3: an edit of "Other arguments" is never dropped by switching Edit off.
    void argsEditKeptWhenEditGoesOff()
    {
        const QJsonObject args{{QStringLiteral("code"), QStringLiteral("print(1)")},
                               {QStringLiteral("timeout"), 5}};
        const QJsonValue id = ask(hitlPayload({hitlAction(QStringLiteral("python"), args)},
                                              {hitlConfig(QStringLiteral("python"), AllHitl)}),
                                  QStringLiteral("Args edit"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        waitArmed();
        focusCode();
        press(Qt::Key_E);
        QVERIFY(review()->argsEditor()->isEditable());
        review()->argsEditor()->setPlainText(QStringLiteral("{\"timeout\": 600}"));
        focusCode();
        press(Qt::Key_E, Qt::ControlModifier); // edit mode off again (a plain E types into the editor)
        QVERIFY(!review()->isEditing());
        // Still shown, and what is shown is sent.
        QCOMPARE(review()->argsEditor()->toPlainText(), QStringLiteral("{\"timeout\": 600}"));
        QVERIFY(review()->approveAction()->text().contains(QLatin1String("edited")));
        press(Qt::Key_Return, Qt::ControlModifier);
        const QJsonObject edited{{QStringLiteral("code"), QStringLiteral("print(1)")},
                                 {QStringLiteral("timeout"), 600}};
        const QJsonObject expected{
            {QStringLiteral("decisions"),
             QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("edit")},
                                    {QStringLiteral("edited_action"),
                                     QJsonObject{{QStringLiteral("name"), QStringLiteral("python")},
                                                 {QStringLiteral("args"), edited}}}}}}};
        QCOMPARE(resultFor(id), QJsonValue(expected));
    }

    // Issue 7 finding 4: a held key (auto-repeat) never approves.
    void autoRepeatNeverApproves()
    {
        const QJsonValue id =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("x = 1")}}, QStringLiteral("Held key"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        waitArmed();
        focusCode();
        for (QWidget* target :
             {static_cast<QWidget*>(review()->codeEditor()), static_cast<QWidget*>(m_page->pendingTable())}) {
            target->setFocus();
            QTRY_VERIFY_WITH_TIMEOUT(target->hasFocus(), Wait);
            for (Qt::Key key : {Qt::Key_Return, Qt::Key_Enter}) {
                QKeyEvent repeated(QEvent::KeyPress, key, Qt::ControlModifier, QString(), true);
                QApplication::sendEvent(target, &repeated);
                QKeyEvent released(QEvent::KeyRelease, key, Qt::ControlModifier, QString(), true);
                QApplication::sendEvent(target, &released);
            }
        }
        QCoreApplication::processEvents();
        QVERIFY(!m_client->hasResponse(id));
        QCOMPARE(m_page->pendingCount(), 1);
        // A real press still approves.
        focusCode();
        press(Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(resultFor(id), QJsonValue(QStringLiteral("approve")));
    }

    // Issue 7 finding 4: the request shown changes under the cursor (the one in view is withdrawn
    // and the next takes its place): a key pressed at once does not approve the newcomer.
    void swappedRequestIsNotApproved()
    {
        const QJsonValue first =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("harmless()")}}, QStringLiteral("Seen"));
        const QJsonValue second =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("harmful()")}}, QStringLiteral("Unseen"));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 2, Wait);
        QTRY_COMPARE_WITH_TIMEOUT(review()->codeEditor()->toPlainText(), QStringLiteral("harmless()"), Wait);
        setArmDelay(60000); // long enough that the press below is surely inside it
        focusCode();
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        m_client->request(QStringLiteral("cancel"), {{QStringLiteral("id"), first}});
        QVERIFY(removed.wait(Wait));
        // The withdrawn one stays in view (issue 8) and takes no approval.
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("harmless()"));
        press(Qt::Key_Return, Qt::ControlModifier);
        QCoreApplication::processEvents();
        QVERIFY(!m_client->hasResponse(second));
        // Enter leaves it for the next; a key pressed at once does not approve the newcomer.
        press(Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(review()->codeEditor()->toPlainText(), QStringLiteral("harmful()"), Wait);
        focusCode();
        press(Qt::Key_Return, Qt::ControlModifier);
        QCoreApplication::processEvents();
        QVERIFY(!m_client->hasResponse(second));
        QCOMPARE(m_page->pendingCount(), 1);
        QVERIFY(!review()->approveAction()->isEnabled());
        QVERIFY2(armingText().contains(QLatin1String("Approve is armed in")), qPrintable(armingText()));
    }

    // Issue 24 finding 3 (it replaces issue 7 finding 4's "an arrival disarms"): a request
    // arriving while another is in view leaves the view, and its approval, as they were: what
    // the next key approves did not change. The key approves the request in view, not the new
    // one. A click on a disabled Approve button (while disarmed) does nothing.
    void arrivalLeavesTheRequestInViewArmed()
    {
        const QJsonValue first =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("one()")}}, QStringLiteral("In view"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        const quint64 shown = review()->currentKey();
        waitArmed();
        QSignalSpy armed(review(), &ReviewView::armedChanged);
        setArmDelay(60000);
        const QJsonValue second =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("two()")}}, QStringLiteral("Arrives"));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 2, Wait);
        QCOMPARE(review()->currentKey(), shown); // the view stays on the request in view
        QVERIFY(review()->isArmed());
        QCOMPARE(armed.count(), 0);
        focusCode();
        press(Qt::Key_Enter, Qt::ControlModifier | Qt::KeypadModifier);
        QCOMPARE(resultFor(first), QJsonValue(QStringLiteral("approve")));
        QVERIFY(!m_client->hasResponse(second));
        // The next request comes into view: disarmed (the delay is a minute here).
        QTRY_VERIFY_WITH_TIMEOUT(review()->currentKey() != 0 && review()->currentKey() != shown, Wait);
        QVERIFY(!review()->isArmed());
        focusCode();
        press(Qt::Key_Enter, Qt::ControlModifier | Qt::KeypadModifier);
        auto* approveButton = review()->findChild<QAbstractButton*>(QStringLiteral("approveButton"));
        QVERIFY(approveButton);
        QVERIFY(!approveButton->isEnabled());
        QTest::mouseClick(approveButton, Qt::LeftButton);
        QCoreApplication::processEvents();
        QVERIFY(!m_client->hasResponse(second));
        QCOMPARE(m_page->pendingCount(), 1);
        // Once armed (here made short again), the keypad Enter approves the request in view.
        setArmDelay(0);
        review()->disarm();
        QVERIFY(review()->isArmed());
        focusCode();
        press(Qt::Key_Enter, Qt::ControlModifier | Qt::KeypadModifier);
        QCOMPARE(resultFor(second), QJsonValue(QStringLiteral("approve")));
    }

    // Issue 26: a request that arrives into the empty review is shown on the next turn of the
    // event loop, not in the turn that read it off the socket (each turn then stays short).
    void arrivalIsShownOnTheNextTurn()
    {
        QList<quint64> shownWhenInserted;
        connect(m_service->inbox(), &QAbstractItemModel::rowsInserted, this,
                [this, &shownWhenInserted] { shownWhenInserted.append(review()->currentKey()); });
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("first()")}}, QStringLiteral("First"));
        QCOMPARE(shownWhenInserted, QList<quint64>{0});
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QCOMPARE(review()->currentKey(), m_service->inbox()->keyAt(0));
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("first()"));
    }

    // Issue 26: an arrival's sheet is filled in on one turn and put in view on a later one, so
    // that the event loop reads its sockets in between; until it is in view nothing approves it,
    // not even with no arming delay, and once it is, it approves as usual.
    void arrivalIsPutInViewOnATurnOfItsOwnAndApprovedOnlyThen()
    {
        setArmDelay(0);
        struct Filled
        {
            quint64 key = 0;
            bool revealPending = false;
            bool sheetVisible = true;
            bool approved = true;
        } filled;
        // Connected after the page's own handler, which shows the request: this runs right after.
        connect(m_page->pendingTable()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, &filled] {
                    if (filled.key != 0)
                        return;
                    filled.key = review()->currentKey();
                    filled.revealPending = review()->isRevealPending();
                    filled.sheetVisible = approveButton()->isVisible();
                    filled.approved = review()->approveFor(filled.key);
                });
        const QJsonValue id =
            ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")}}, QStringLiteral("Arrives"));
        QTRY_VERIFY_WITH_TIMEOUT(filled.key != 0, Wait);
        QVERIFY(filled.revealPending);
        QVERIFY(!filled.sheetVisible);
        QVERIFY(!filled.approved);
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QCOMPARE(review()->currentKey(), filled.key);
        QVERIFY(!m_client->hasResponse(id));
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("print(1)"));
        QVERIFY(approveButton()->isVisible());
        QVERIFY(review()->approveFor(review()->currentKey()));
        QCOMPARE(resultFor(id), QJsonValue(QStringLiteral("approve")));
    }

    // A request that ends while its filled sheet waits to be put in view comes into view ended,
    // and is never armed.
    void arrivalThatEndsBeforeItIsInViewIsNotArmed()
    {
        setArmDelay(0);
        bool ended = false;
        connect(m_page->pendingTable()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, &ended] {
                    if (ended || !review()->isRevealPending())
                        return;
                    review()->showEnded(k8::agent::RequestEnd::Withdrawn, QString());
                    ended = true;
                });
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("print(2)")}}, QStringLiteral("Ends"));
        QVERIFY(ended);
        QTRY_VERIFY_WITH_TIMEOUT(approveButton()->isVisible(), Wait);
        QVERIFY(!review()->isArmed());
        QVERIFY(!approveButton()->isEnabled());
        QVERIFY(review()->isShowingEnded());
    }

    // Two requests in one write: the first to arrive takes the empty review, the second waits in
    // the list. They are usually read in one turn, before the first is shown (the case this
    // checks); when handling the first takes longer than the connection's slice (a sanitizer
    // build), the second is read in a later turn and the outcome must be the same.
    void firstOfTwoArrivalsInOneTurnIsShown()
    {
        QByteArray lines;
        for (const QString& name : {QStringLiteral("one"), QStringLiteral("two")}) {
            const QJsonObject params{{QStringLiteral("payload"),
                                      QJsonObject{{QStringLiteral("code"), name + QStringLiteral("()")}}},
                                     {QStringLiteral("title"), name},
                                     {QStringLiteral("agent"), QStringLiteral("bot")}};
            lines += AgentTestClient::requestLine(QStringLiteral("review"), params, name);
        }
        m_client->sendRaw(lines);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 2, Wait);
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("one()"));
        QCOMPARE(m_page->pendingTable()->currentIndex().row(),
                 m_service->inbox()->rowOf(review()->currentKey()));
    }

    // Issue 7 finding 5: agent text is plain text everywhere in the review.
    void agentTextIsPlain()
    {
        const QString title = QStringLiteral("<b>Harmless</b><img src=\"x\">");
        const QString agent = QStringLiteral("<i>trusted-bot</i>");
        const QString question = QStringLiteral("<a href=\"http://x\">Click</a> <h1>to approve</h1>");
        ask(QJsonObject{{QStringLiteral("question"), question},
                        {QStringLiteral("code"), QStringLiteral("x")}},
            title, agent);
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        auto* titleLabel = review()->findChild<QLabel*>(QStringLiteral("titleLabel"));
        auto* details = review()->findChild<QLabel*>(QStringLiteral("detailsLabel"));
        auto* prose = review()->findChild<QLabel*>(QStringLiteral("proseLabel"));
        QVERIFY(titleLabel && details);
        QCOMPARE(titleLabel->textFormat(), Qt::PlainText);
        QCOMPARE(titleLabel->text(), title);
        QCOMPARE(details->textFormat(), Qt::PlainText);
        QVERIFY(details->text().contains(agent));
        // The question is prose above the code, plain and whole.
        QVERIFY(prose);
        QCOMPARE(prose->textFormat(), Qt::PlainText);
        QVERIFY(prose->isVisible());
        QCOMPARE(prose->text(), question);
        for (QLabel* label : review()->findChildren<QLabel*>())
            QVERIFY2(label->textFormat() == Qt::PlainText || !label->text().contains(QLatin1Char('<')),
                     qPrintable(label->objectName()));
        // The list's tooltip shows the title as text, not as markup: the delegate turns the raw
        // title into rich text that displays exactly those characters.
        QVERIFY2(qobject_cast<k8::app::PlainToolTipDelegate*>(m_page->pendingTable()->itemDelegate()),
                 m_page->pendingTable()->itemDelegate()->metaObject()->className());
        QVERIFY(qobject_cast<k8::app::PlainToolTipDelegate*>(m_page->historyView()->table()->itemDelegate()));
        const QString tip =
            m_service->inbox()->index(0, InboxModel::TitleColumn).data(Qt::ToolTipRole).toString();
        QCOMPARE(tip, title);
        QTextDocument shown;
        shown.setHtml(k8::app::plainToolTip(tip));
        QCOMPARE(shown.toPlainText(), title);
        // Notifications carry no markup characters at all.
        const QString notified = InboxNotifier::notificationText(title + QStringLiteral("\nsecond & line"));
        QVERIFY2(!notified.contains(QLatin1Char('<')) && !notified.contains(QLatin1Char('&')) &&
                     !notified.contains(QLatin1Char('\n')),
                 qPrintable(notified));
        QVERIFY(notified.contains(QLatin1String("Harmless")));
    }

    // A bidi control in the title, the agent name or the question is named, not applied: it
    // cannot reorder what the reviewer reads (Trojan Source in prose).
    void agentTextNamesBidiControls()
    {
        const QString rlo = QString(QChar(0x202E));
        ask(QJsonObject{{QStringLiteral("question"),
                         QStringLiteral("Delete ") + rlo + QStringLiteral("?tmp")},
                        {QStringLiteral("code"), QStringLiteral("x")}},
            QStringLiteral("Report") + rlo + QStringLiteral("fdp.exe"), QStringLiteral("bot") + rlo);
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        const QString named = QStringLiteral("\u27E6RLO\u27E7");
        for (const char* name : {"titleLabel", "detailsLabel", "proseLabel"}) {
            auto* label = review()->findChild<QLabel*>(QLatin1String(name));
            QVERIFY(label);
            QVERIFY2(label->text().contains(named) && !label->text().contains(rlo), name);
        }
        const QString listed =
            m_service->inbox()->index(0, InboxModel::TitleColumn).data(Qt::DisplayRole).toString();
        QCOMPARE(listed, QStringLiteral("Report") + named + QStringLiteral("fdp.exe"));
    }

    // Issue 7 finding 12: the review says whether a checkpoint is taken, and which.
    void checkpointIsStated()
    {
        QCOMPARE(QProcess::execute(m_standin, {QStringLiteral("sandbox"), QStringLiteral("create"),
                                               QStringLiteral("box1")}),
                 0);
        m_client->request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(1)")},
                                                  {QStringLiteral("checkpoint"), false},
                                                  {QStringLiteral("title"), QStringLiteral("No cp")}});
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        auto* checkpoint = review()->findChild<QLabel*>(QStringLiteral("checkpointLabel"));
        QVERIFY(checkpoint);
        QVERIFY(checkpoint->isVisible());
        QVERIFY2(checkpoint->text().startsWith(QLatin1String("No checkpoint: the agent asked for none")),
                 qPrintable(checkpoint->text()));
    }

    // Issue 8: after each decision the focus returns to the request list, whatever path decided,
    // so the next key acts on the next request (README, "Keyboard").
    void focusReturnsToTheListAfterApprovals()
    {
        const QList<QJsonValue> ids = askSteps(5);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 5, Wait);
        InboxModel* model = m_service->inbox();
        const quint64 keys[] = {model->keyAt(0), model->keyAt(1), model->keyAt(2), model->keyAt(3),
                                model->keyAt(4)};

        // By the Approve button, with the focus in the code.
        focusCode();
        waitArmed();
        QAbstractButton* approveButton = reviewButton("approveButton");
        QVERIFY(approveButton);
        QTest::mouseClick(approveButton, Qt::LeftButton);
        QCOMPARE(resultFor(ids.at(0)),
                 QJsonValue(QJsonObject{
                     {QStringLiteral("decisions"),
                      QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("approve")}}}}}));
        expectListFocusOn(keys[1]);

        // By Ctrl+Return from the list.
        m_page->pendingTable()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(m_page->pendingTable()->hasFocus(), Wait);
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(m_client->hasResponse(ids.at(1)) || !resultFor(ids.at(1)).isUndefined());
        expectListFocusOn(keys[2]);

        // By Ctrl+Return from the code editor.
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(!resultFor(ids.at(2)).isUndefined());
        expectListFocusOn(keys[3]);

        // Edit then approve: E, type in the editor, Ctrl+Return from the editor.
        m_page->pendingTable()->setFocus();
        press(Qt::Key_E);
        QVERIFY(review()->isEditing());
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(review()->codeEditor()));
        review()->codeEditor()->moveCursor(QTextCursor::End);
        QTest::keyClicks(review()->codeEditor(), QStringLiteral(" + 1"));
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        const QJsonArray edited =
            resultFor(ids.at(3)).toObject().value(QStringLiteral("decisions")).toArray();
        QCOMPARE(edited.first().toObject().value(QStringLiteral("type")).toString(), QStringLiteral("edit"));
        expectListFocusOn(keys[4]);
        // The next request is not in edit mode: E from the list starts editing it, not typing.
        m_page->pendingTable()->setFocus();
        press(Qt::Key_E);
        QVERIFY(review()->isEditing());
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("step = 5"));
    }

    void focusReturnsToTheListAfterRejections()
    {
        const QList<QJsonValue> ids = askSteps(3);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 3, Wait);
        InboxModel* model = m_service->inbox();
        const quint64 second = model->keyAt(1);
        const quint64 third = model->keyAt(2);

        // With the mouse: click into the reason field, type, click Reject.
        QTest::mouseClick(review()->rejectMessageEdit(), Qt::LeftButton);
        review()->rejectMessageEdit()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(review()->rejectMessageEdit()->hasFocus(), Wait);
        QTest::keyClicks(review()->rejectMessageEdit(), QStringLiteral("by mouse"));
        QAbstractButton* rejectButton = reviewButton("rejectButton");
        QVERIFY(rejectButton);
        QTest::mouseClick(rejectButton, Qt::LeftButton);
        QCOMPARE(resultFor(ids.at(0))
                     .toObject()
                     .value(QStringLiteral("decisions"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("message")),
                 QJsonValue(QStringLiteral("by mouse")));
        // The focus left the reason field: J moves to the next request instead of typing a "j".
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(m_page->pendingTable()),
                                  Wait);
        QCOMPARE(review()->currentKey(), second);
        press(Qt::Key_J);
        QCOMPARE(review()->currentKey(), third);
        QVERIFY(review()->rejectMessageEdit()->text().isEmpty());
        press(Qt::Key_K);
        QCOMPARE(review()->currentKey(), second);
        QVERIFY(review()->rejectMessageEdit()->text().isEmpty());

        // With the keys: R, type, Return.
        press(Qt::Key_R);
        QVERIFY(review()->rejectMessageEdit()->hasFocus());
        QTest::keyClicks(review()->rejectMessageEdit(), QStringLiteral("by key"));
        press(Qt::Key_Return);
        QCOMPARE(resultFor(ids.at(1))
                     .toObject()
                     .value(QStringLiteral("decisions"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("message")),
                 QJsonValue(QStringLiteral("by key")));
        expectListFocusOn(third);
        // And the next Ctrl+Return from the list approves the next request.
        m_page->pendingTable()->setFocus();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(resultFor(ids.at(2))
                     .toObject()
                     .value(QStringLiteral("decisions"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("type")),
                 QJsonValue(QStringLiteral("approve")));
        // The last one gone: the list (empty) keeps the focus, no field does.
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 0, Wait);
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(m_page->pendingTable()),
                                  Wait);
    }

    void focusReturnsToTheListAfterRespondAndEachAction()
    {
        const QJsonValue question = ask(QJsonArray{askUserInterrupt()}, QStringLiteral("Question"));
        const QJsonValue two = ask(
            hitlPayload(
                {hitlAction(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("a = 1")}}),
                 hitlAction(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("b = 2")}})},
                {hitlConfig(QStringLiteral("python"), AllHitl)}),
            QStringLiteral("Two actions"));
        const QList<QJsonValue> after = askSteps(1, QStringLiteral("After"));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 3, Wait);
        InboxModel* model = m_service->inbox();
        const quint64 twoKey = model->keyAt(1);
        const quint64 afterKey = model->keyAt(2);

        // Respond: Ctrl+R, type, Return.
        m_page->pendingTable()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(m_page->pendingTable()->hasFocus(), Wait);
        press(Qt::Key_R, Qt::ControlModifier);
        QVERIFY(review()->respondEdit()->hasFocus());
        QTest::keyClicks(review()->respondEdit(), QStringLiteral("the 2024 one"));
        press(Qt::Key_Return);
        QVERIFY(!resultFor(question).isUndefined());
        expectListFocusOn(twoKey);

        // Each action of a multi-action request: the first approved from the code, and the focus
        // is on the list for the second; the last rejected with R, and the focus is on the list
        // for the next request.
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(review()->currentAction(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(m_page->pendingTable()),
                                  Wait);
        QVERIFY(!m_client->hasResponse(two));
        press(Qt::Key_R);
        QVERIFY(review()->rejectMessageEdit()->hasFocus());
        QCOMPARE(review()->currentKey(), twoKey);
        QTest::keyClicks(review()->rejectMessageEdit(), QStringLiteral("not b"));
        press(Qt::Key_Return);
        const QJsonArray decisions = resultFor(two).toObject().value(QStringLiteral("decisions")).toArray();
        QCOMPARE(decisions.size(), 2);
        QCOMPARE(decisions.at(0).toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("approve"));
        QCOMPARE(decisions.at(1).toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("reject"));
        expectListFocusOn(afterKey);
        QVERIFY(!m_client->hasResponse(after.first()));
    }

    // Issue 8: a run's output is never shown beside an unrelated request; each run keeps its
    // code and output together in its own entry.
    void runOutputStaysWithItsRun()
    {
        QCOMPARE(QProcess::execute(m_standin, {QStringLiteral("sandbox"), QStringLiteral("create"),
                                               QStringLiteral("box1")}),
                 0);
        // Runs are approved only into a sandbox the list shows, with the image pulled there.
        k8::kosa8::SandboxListModel sandboxes;
        k8::kosa8::Sandbox box1;
        box1.name = QStringLiteral("box1");
        box1.images = {QStringLiteral("python:3.12-slim")};
        sandboxes.setSandboxes({box1});
        m_page->setSandboxModel(&sandboxes);
        const QString codeA = QStringLiteral("# stdout: output of A\nprint('A')\n");
        const QString codeB = QStringLiteral("# stdout: output of B\nprint('B')\n");
        QSignalSpy arrived(m_page.get(), &InboxPage::requestArrived);
        const QJsonValue idA =
            m_client->request(QStringLiteral("run"), {{QStringLiteral("code"), codeA},
                                                      {QStringLiteral("title"), QStringLiteral("Run A")}});
        QVERIFY(arrived.wait(Wait));
        const QJsonValue idB =
            m_client->request(QStringLiteral("run"), {{QStringLiteral("code"), codeB},
                                                      {QStringLiteral("title"), QStringLiteral("Run B")}});
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 2, Wait);
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("unrelated()")}},
            QStringLiteral("Unrelated"));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 3, Wait);

        // A approved: B takes the review, and A's output is not beside it.
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(resultFor(idA).toObject().contains(QStringLiteral("exit_code")));
        QCOMPARE(resultFor(idA).toObject().value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(m_page->runList()->model()->rowCount(), 1);
        QVERIFY(m_page->runList()->isVisible());
        // As tall as its runs: one run takes one row of the pending list's height, not six.
        const int oneRunHeight = m_page->runList()->height();
        QVERIFY2(oneRunHeight < 2 * m_page->runList()->sizeHintForRow(0),
                 qPrintable(QString::number(oneRunHeight)));
        QVERIFY(!m_page->isRunPaneShown());
        QVERIFY(!m_page->runPane()->isVisible());
        QCOMPARE(review()->codeEditor()->toPlainText(), codeB);

        // B approved from the list: the unrelated request takes the review; still no output beside it.
        expectListFocusOn(m_service->inbox()->keyAt(0));
        m_page->pendingTable()->setFocus();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(resultFor(idB).toObject().contains(QStringLiteral("exit_code")));
        QCOMPARE(resultFor(idB).toObject().value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("unrelated()"));
        QVERIFY(!m_page->isRunPaneShown());
        QCOMPARE(m_page->runList()->model()->rowCount(), 2);

        // The person picks a run: newest first, each with its own code and output.
        QAbstractItemModel* runs = m_page->runList()->model();
        QTRY_VERIFY_WITH_TIMEOUT(m_page->runList()->height() > oneRunHeight, Wait);
        QTRY_VERIFY_WITH_TIMEOUT(
            m_page->runList()->viewport()->rect().contains(m_page->runList()->visualRect(runs->index(1, 0))),
            Wait);
        QVERIFY(runs->index(0, 0).data().toString().startsWith(QLatin1String("Run B")));
        QVERIFY(runs->index(1, 0).data().toString().startsWith(QLatin1String("Run A")));
        m_page->runList()->setFocus();
        m_page->runList()->setCurrentIndex(runs->index(1, 0));
        QVERIFY(m_page->isRunPaneShown());
        QCOMPARE(review()->currentKey(), quint64(0));
        QCOMPARE(m_page->runPane()->titleLabel()->text(), QStringLiteral("Run A"));
        QCOMPARE(m_page->runPane()->codeView()->toPlainText(), codeA);
        QTRY_VERIFY_WITH_TIMEOUT(m_page->runConsole()->toPlainText().contains(QLatin1String("exit code 0")),
                                 Wait);
        QVERIFY(m_page->runConsole()->toPlainText().contains(QLatin1String("output of A")));
        QVERIFY(!m_page->runConsole()->toPlainText().contains(QLatin1String("output of B")));
        press(Qt::Key_Down);
        QCOMPARE(m_page->runPane()->titleLabel()->text(), QStringLiteral("Run A")); // the last row
        press(Qt::Key_Up);
        QCOMPARE(m_page->runPane()->titleLabel()->text(), QStringLiteral("Run B"));
        QCOMPARE(m_page->runPane()->codeView()->toPlainText(), codeB);
        QTRY_VERIFY_WITH_TIMEOUT(m_page->runConsole()->toPlainText().contains(QLatin1String("output of B")),
                                 Wait);
        QVERIFY(!m_page->runConsole()->toPlainText().contains(QLatin1String("output of A")));

        // J goes back to the pending request: the review returns and the run pane leaves.
        press(Qt::Key_J);
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("unrelated()"));
        QVERIFY(!m_page->isRunPaneShown());
        QVERIFY(m_page->runList()->selectionModel()->selectedIndexes().isEmpty());
        m_page->setSandboxModel(nullptr);
    }

    // Two actions with the same key in one page make Qt run neither ("ambiguous shortcut"): every
    // key of the page's actions (decisions, navigation, list toggle, notices) is bound once.
    void everyShortcutIsBoundOnce()
    {
        QHash<QKeySequence, QString> owners;
        for (const QAction* action : m_page->findChildren<QAction*>()) {
            for (const QKeySequence& key : action->shortcuts()) {
                const QString name = action->text().isEmpty() ? action->objectName() : action->text();
                QVERIFY2(!owners.contains(key),
                         qPrintable(QStringLiteral("%1 is bound to both %2 and %3")
                                        .arg(key.toString(), owners.value(key), name)));
                owners.insert(key, name);
            }
        }
        QVERIFY(owners.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L)));
    }

    void notifierKeepsTitleCount()
    {
        QWidget window;
        window.setWindowTitle(QStringLiteral("kosa8 Desk"));
        InboxNotifier notifier(&window, m_page.get());
        QSignalSpy notified(&notifier, &InboxNotifier::notified);
        // A window that keeps its own title count asks for the tray and notifications only.
        QWidget ownTitle;
        ownTitle.setWindowTitle(QStringLiteral("Mine"));
        InboxNotifier quiet(&ownTitle, m_page.get(), InboxNotifier::Notifications);
        QSignalSpy quietNotified(&quiet, &InboxNotifier::notified);
        QCOMPARE(window.windowTitle(), QStringLiteral("kosa8 Desk"));
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("1")}}, QStringLiteral("First"),
            QStringLiteral("night-bot"));
        QTRY_COMPARE_WITH_TIMEOUT(window.windowTitle(), QStringLiteral("(1) kosa8 Desk"), Wait);
        // The window is not active, so the person is told.
        QCOMPARE(notified.count(), 1);
        QVERIFY(notified.at(0).at(0).toString().contains(QLatin1String("night-bot")));
        QCOMPARE(notified.at(0).at(1).toString(), QStringLiteral("First"));
        QCOMPARE(quietNotified.count(), 1);
        QCOMPARE(ownTitle.windowTitle(), QStringLiteral("Mine"));
        QCOMPARE(quiet.pendingCount(), 1);
        focusCode();
        waitArmed();
        press(Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(window.windowTitle(), QStringLiteral("kosa8 Desk"), Wait);
    }

    // Issue 8: a request that times out while in view stays, with its title, read-only, and says
    // it was rejected automatically; J goes on to the next one. A countdown showed it coming.
    void timedOutRequestSaysSoInPlace()
    {
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("waits()")}},
            QStringLiteral("Stays pending"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        const quint64 waiting = review()->currentKey();
        QSignalSpy arrived(m_page.get(), &InboxPage::requestArrived);
        QSignalSpy removed(m_service.get(), &ReviewCoordinator::requestRemoved);
        const QJsonValue id = m_client->request(
            QStringLiteral("review"),
            {{QStringLiteral("payload"), QJsonObject{{QStringLiteral("code"), QStringLiteral("late()")}}},
             {QStringLiteral("title"), QStringLiteral("Too slow")},
             {QStringLiteral("timeout_s"), 2}});
        QVERIFY(arrived.wait(Wait));
        QCOMPARE(review()->currentKey(), waiting); // an arrival does not take the view
        QVERIFY(m_page->selectKey(m_service->inbox()->keyAt(1)));
        const quint64 key = review()->currentKey();
        QVERIFY(key != waiting);
        QVERIFY(review()->countdownLabel()->isVisible());
        QVERIFY2(
            review()->countdownLabel()->text().startsWith(QLatin1String("Rejected automatically in 0:0")),
            qPrintable(review()->countdownLabel()->text()));
        focusCode();

        QVERIFY(removed.wait(Wait));
        QCOMPARE(removed.first().at(1).toString(), QStringLiteral("timeout"));
        // A plain review's rejection is the bare word (as approvals are above).
        QCOMPARE(resultFor(id), QJsonValue(QStringLiteral("reject")));
        QCOMPARE(review()->currentKey(), key);
        QVERIFY(review()->isShowingEnded());
        QCOMPARE(review()->endBanner()->text(),
                 QStringLiteral("This request timed out after 2 s and was rejected automatically."));
        QCOMPARE(review()->findChild<QLabel*>(QStringLiteral("titleLabel"))->text(),
                 QStringLiteral("Too slow"));
        QCOMPARE(review()->codeEditor()->toPlainText(), QStringLiteral("late()"));
        QVERIFY(review()->countdownLabel()->isHidden());
        QVERIFY(!review()->approveFor(key));
        QVERIFY(!review()->approveAction()->isEnabled());
        QVERIFY(!review()->rejectAction()->isEnabled());
        // A request arriving meanwhile does not replace it either.
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("third()")}}, QStringLiteral("Third"));
        QCOMPARE(review()->currentKey(), key);

        // Enter leaves it from the request list too (J does the same: withdrawnRequestLeavesTheView).
        m_page->pendingTable()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(m_page->pendingTable()->hasFocus(), Wait);
        press(Qt::Key_Return);
        QVERIFY(!review()->isShowingEnded());
        QVERIFY(review()->currentKey() != key && review()->currentKey() != 0);
        QVERIFY(review()->endBanner()->isHidden());
    }
    // Issue 8: the request list collapses (tool button or Ctrl+Shift+L) and gives the review its
    // width; the same key brings it back at its width.
    void collapsingTheListGivesTheReviewTheWidth()
    {
        ask(QJsonObject{{QStringLiteral("code"), QStringLiteral("x = 1")}}, QStringLiteral("Wide"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        QVERIFY(m_page->isListShown());
        const int listWidth = m_page->pendingTable()->width();
        // Narrow by default: the review gets most of the page.
        QVERIFY2(review()->width() > m_page->width() / 2, qPrintable(QString::number(review()->width())));
        const int before = review()->width();
        m_page->pendingTable()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(m_page->pendingTable()->hasFocus(), Wait);
        press(Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!m_page->isListShown(), Wait);
        QVERIFY(!m_page->toggleListAction()->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(review()->width() >= before + listWidth - 10, Wait);
        // The focus left the hidden list for the review, so the keys go on working.
        QVERIFY(review()->isAncestorOf(QApplication::focusWidget()));
        press(Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(m_page->isListShown(), Wait);
        QVERIFY(m_page->toggleListAction()->isChecked());
        QTRY_COMPARE_WITH_TIMEOUT(review()->width(), before, Wait);
        // The button in the page header does the same.
        auto* button = m_page->findChild<QAbstractButton*>(QStringLiteral("toggleListButton"));
        QVERIFY(button && button->isVisible());
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!m_page->isListShown(), Wait);
    }

    // Issue 8: the list says what each request is in a reviewer's words, not protocol names.
    void listNamesTheKindInPlainWords()
    {
        ask(hitlPayload(
                {hitlAction(QStringLiteral("python"), {{QStringLiteral("code"), QStringLiteral("a = 1")}})},
                {hitlConfig(QStringLiteral("python"), AllHitl)}),
            QStringLiteral("Kind"));
        QTRY_VERIFY_WITH_TIMEOUT(reviewInView(), Wait);
        const QAbstractItemModel* model = m_page->pendingTable()->model();
        QCOMPARE(model->headerData(InboxModel::MethodColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Kind"));
        QCOMPARE(model->index(0, InboxModel::MethodColumn).data().toString(),
                 QStringLiteral("LangChain tool call"));
    }
};

QTEST_MAIN(TestInboxPage)
#include "tst_inboxpage.moc"
