// SPDX-License-Identifier: Apache-2.0
// Issue 8, "automatic decisions visible and reversible", through the inbox page's widgets with the
// real AgentService on a socket in a temp folder: notices for decisions the person did not make,
// History following every ledger write, reject reasons per payload shape, the "Sent to …"
// confirmation, and the rules editor from the "Always approve…" confirmation.
#include "agent/AgentService.h"
#include "agent/canonical/Sha256.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/review/InboxModel.h"
#include "editor/CodeEditor.h"
#include "history/AuditHistory.h"
#include "history/AuditTableModel.h"
#include "history/DecisionHistoryView.h"
#include "inbox/DecisionNotices.h"
#include "inbox/InboxPage.h"
#include "inbox/ReviewView.h"
#include "kosa8/Kosa8Runner.h"
#include "rules/RulesDialog.h"
#include "rules/RulesTableModel.h"
#include "support/AgentTestClient.h"
#include "support/HitlPayloads.h"
#include "support/ServiceFixture.h"
#include "support/TestJson.h"
#include "widgets/MessageBox.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <memory>

using namespace k8::agent;
using k8::app::DecisionNotices;
using k8::app::InboxPage;
using k8::app::MessageBox;
using k8::app::ReviewView;
using k8::history::AuditColumn;
using k8::history::AuditTableModel;
using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Service;

QJsonObject codePayload(const QString& code)
{
    return {{QStringLiteral("question"), QStringLiteral("Run it?")}, {QStringLiteral("code"), code}};
}

using k8::test::hitlPayload;
using k8::test::readJsonLines;

} // namespace

class TestDecisionNotices : public QObject, private k8::test::ServiceFixture
{
    Q_OBJECT

private:
    std::unique_ptr<InboxPage> m_page;
    std::unique_ptr<QAbstractItemModelTester> m_historyTester;
    std::unique_ptr<AgentTestClient> m_client;
    AgentSettings m_settings;

    ReviewView* review() const { return m_page->reviewView(); }
    DecisionNotices* notices() const { return m_page->decisionNotices(); }
    AuditTableModel* history() const { return m_page->historyView()->model(); }
    QJsonObject historyEntry(int row) const { return m_page->historyView()->entry(row); }

    QJsonValue send(const QJsonValue& payload, const QString& title, const QString& agent,
                    const QJsonObject& extra = {}, const QJsonValue& id = {})
    {
        QJsonObject params{{QStringLiteral("payload"), payload},
                           {QStringLiteral("title"), title},
                           {QStringLiteral("agent"), agent}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            params.insert(it.key(), it.value());
        return m_client->request(QStringLiteral("review"), params, id);
    }

    QJsonValue resultFor(const QJsonValue& id) { return m_client->waitForResult(id, Wait); }

    void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget* target = QApplication::focusWidget();
        QVERIFY2(target, "something in the page must have the focus");
        QTest::keyClick(target, key, modifiers);
    }

    void writeRules(const QByteArray& json)
    {
        QFile file(m_settings.rulesPath());
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(json);
        file.close();
        QString error;
        QVERIFY2(m_service->reloadRules(&error), qPrintable(error));
    }

    // The History row of the newest entry decided by `decidedBy`; -1 when there is none.
    // The History tab on screen, as a person opens it: it reads the ledger only while shown.
    void openHistory() { m_page->listTabs()->setCurrentWidget(m_page->historyView()); }

    int historyRowDecidedBy(const QString& decidedBy) const
    {
        for (int row = 0; row < history()->rowCount(); ++row) {
            if (history()->index(row, int(AuditColumn::DecidedBy)).data().toString() == decidedBy)
                return row;
        }
        return -1;
    }

    int selectedHistoryRow() const
    {
        const QModelIndexList rows = m_page->historyView()->table()->selectionModel()->selectedRows();
        return rows.isEmpty() ? -1 : rows.first().row();
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QFile::exists(m_standin), "KOSA8_STANDIN must name the kosa8 stand-in"); }

    void init()
    {
        QVERIFY(setUpService());
        m_settings = baseSettings();
        QVERIFY(startService(m_settings));

        m_page = std::make_unique<InboxPage>(m_service.get());
        // History follows every ledger write: each of its changes is checked as the page sees it.
        m_historyTester = std::make_unique<QAbstractItemModelTester>(
            history(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_page->reviewView()->setArmDelayMs(0);
        m_page->resize(1280, 800);
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
        m_page.reset();
        tearDownService();
    }

    // A request a rule approves on arrival never waits in the inbox: the notice names the rule,
    // History shows the entry without anything else happening, and "Show in History" selects it.
    void ruleDecisionLeavesANoticeAndReachesHistory()
    {
        const QString code = QStringLiteral("import pandas as pd\nprint(pd.read_csv('s.csv').describe())");
        writeRules(
            QStringLiteral(
                R"({"rules": [{"name": "pandas-summary", "decision": "approve", "code_sha256": "%1"}]})")
                .arg(sha256Hex(code.toUtf8()))
                .toUtf8());
        QVERIFY(!notices()->isVisible());
        const QJsonValue id =
            send(codePayload(code), QStringLiteral("Summarise sales"), QStringLiteral("research-bot"));
        QCOMPARE(resultFor(id), QJsonValue(QStringLiteral("approve")));
        QTRY_COMPARE_WITH_TIMEOUT(notices()->count(), 1, Wait);
        QCOMPARE(m_page->pendingCount(), 0);
        QVERIFY(notices()->isVisible());
        const QString text = notices()->text(0);
        QVERIFY2(text.contains(QLatin1String("Approved by rule pandas-summary")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("research-bot")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Summarise sales")), qPrintable(text));
        QVERIFY(!notices()->notice(0).reachedInbox);
        // Whole at the strip's width, wrapped where a line is longer (issue 25, defect 7: "Approved
        // by rule approve-run-…: …" hid what the rule decided).
        QListWidget* list = notices()->list();
        const QRect room = list->visualItemRect(list->item(0)).adjusted(4, 0, -4, 0);
        QTRY_VERIFY2_WITH_TIMEOUT(
            list->fontMetrics()
                    .boundingRect(QRect(0, 0, room.width(), 100000), Qt::TextWordWrap, text)
                    .height() <= list->visualItemRect(list->item(0)).height(),
            qPrintable(QStringLiteral("%1 in %2 px").arg(text).arg(room.width())), Wait);

        // The History tab, not on screen, has not read the ledger: it reads when opened.
        QVERIFY(m_page->listTabs()->currentWidget() != m_page->historyView());
        QCOMPARE(history()->rowCount(), 0);

        // "Show in History" (Alt+O from the keyboard) switches to the History tab and selects that
        // entry.
        m_page->pendingTable()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(m_page->pendingTable()->hasFocus(), Wait);
        press(Qt::Key_O, Qt::AltModifier);
        // A mnemonic "animates" the click: it lands a moment later.
        QTRY_COMPARE_WITH_TIMEOUT(m_page->listTabs()->currentWidget(), m_page->historyView(), Wait);
        QTRY_COMPARE_WITH_TIMEOUT(selectedHistoryRow(),
                                  historyRowDecidedBy(QStringLiteral("rule:pandas-summary")), Wait);

        // Cleared: the strip goes away (the ledger and History keep the decision).
        QTest::mouseClick(notices()->clearButton(), Qt::LeftButton);
        QCOMPARE(notices()->count(), 0);
        QVERIFY(!notices()->isVisible());
        QVERIFY(historyRowDecidedBy(QStringLiteral("rule:pandas-summary")) >= 0);
    }

    void timeoutLeavesANotice()
    {
        const QJsonValue id = send(codePayload(QStringLiteral("print(1)")), QStringLiteral("Slow one"),
                                   QStringLiteral("bot"), {{QStringLiteral("timeout_s"), 1}});
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 1, Wait);
        QCOMPARE(resultFor(id), QJsonValue(QStringLiteral("reject")));
        QTRY_COMPARE_WITH_TIMEOUT(notices()->count(), 1, Wait);
        QVERIFY2(notices()->text(0).contains(QLatin1String("Rejected: timed out after 1 s")),
                 qPrintable(notices()->text(0)));
        QVERIFY(notices()->notice(0).reachedInbox);
    }

    void withdrawalLeavesANotice()
    {
        send(codePayload(QStringLiteral("print(2)")), QStringLiteral("Changed my mind"),
             QStringLiteral("research-bot"), {}, 41);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 1, Wait);
        const QJsonValue cancel = m_client->request(QStringLiteral("cancel"), {{QStringLiteral("id"), 41}});
        QTRY_VERIFY_WITH_TIMEOUT(m_client->hasResponse(cancel), Wait);
        QTRY_COMPARE_WITH_TIMEOUT(notices()->count(), 1, Wait);
        QVERIFY2(notices()->text(0).contains(QLatin1String("Withdrawn by research-bot")),
                 qPrintable(notices()->text(0)));
        QCOMPARE(m_page->pendingCount(), 0);
    }

    // Issue 24, finding 3: another agent that sends and cancels a request every 0.4 s does not
    // keep Approve disarmed on the request in view: it arms 0.5 s after that request came into
    // view, as if nothing else happened. The withdrawals are one notice row for that agent (the
    // ledger keeps one entry each).
    void anotherAgentsChurnNeitherDisarmsNorFloodsTheNotices()
    {
        review()->setArmDelayMs(ReviewView::DefaultArmDelayMs); // as in the app
        const QJsonValue steady = send(codePayload(QStringLiteral("print('steady')")),
                                       QStringLiteral("In view"), QStringLiteral("steady"));
        QTRY_VERIFY_WITH_TIMEOUT(review()->currentKey() != 0 && !review()->isRevealPending(), Wait);
        const quint64 shown = review()->currentKey();
        QVERIFY(!review()->isArmed());
        QElapsedTimer inView;
        inView.start();

        AgentTestClient churn;
        QVERIFY(connectClient(churn));
        int sent = 0;
        qint64 armedAfterMs = -1;
        connect(review(), &ReviewView::armedChanged, this, [&](bool armed) {
            if (armed && armedAfterMs < 0)
                armedAfterMs = inView.elapsed();
        });
        QTimer tick;
        tick.setInterval(400);
        connect(&tick, &QTimer::timeout, this, [&] {
            const int id = 1000 + sent++;
            churn.request(QStringLiteral("review"),
                          {{QStringLiteral("payload"), codePayload(QStringLiteral("print(%1)").arg(id))},
                           {QStringLiteral("title"), QStringLiteral("Churn %1").arg(id)},
                           {QStringLiteral("agent"), QStringLiteral("churn-bot")}},
                          id);
            QTimer::singleShot(200, &churn, [&churn, id] {
                churn.request(QStringLiteral("cancel"), {{QStringLiteral("id"), id}});
            });
        });
        // The first request arrives at once, then every 0.4 s, each withdrawn 0.2 s later: the
        // inbox changes every 0.2 s, more often than the 0.5 s delay.
        tick.start();
        QMetaObject::invokeMethod(&tick, "timeout");
        QTRY_VERIFY_WITH_TIMEOUT(inView.elapsed() >= 2000 && sent >= 5, 4 * Wait);
        tick.stop();
        const auto withdrawn = [this] {
            int count = 0;
            for (const QJsonObject& entry : readJsonLines(m_settings.ledgerPath()))
                count += entry.value(QStringLiteral("decided_by")).toString() == QLatin1String("withdrawn");
            return count;
        };
        QTRY_COMPARE_WITH_TIMEOUT(withdrawn(), sent, Wait);
        QVERIFY2(armedAfterMs >= 0, "Approve never armed while another agent's requests came and went");
        QVERIFY2(armedAfterMs < 1500, qPrintable(QStringLiteral("armed after %1 ms").arg(armedAfterMs)));
        QCOMPARE(review()->currentKey(), shown);
        QVERIFY(review()->isArmed());
        QVERIFY(review()->approveAction()->isEnabled());

        // "Decided without you": one row for churn-bot, however many it withdrew. The ledger's file
        // holds the last withdrawal as soon as it is written; its notice follows the flush, on a
        // later turn of the event loop.
        QCOMPARE(notices()->count(), 1);
        QTRY_VERIFY2_WITH_TIMEOUT(notices()->text(0).contains(QStringLiteral("churn-bot")) &&
                                      notices()->text(0).contains(QString::number(sent)),
                                  qPrintable(notices()->text(0)), Wait);
        QCOMPARE(notices()->list()->count(), 1);

        // Armed: the keyboard approves the request in view.
        review()->codeEditor()->setFocus();
        press(Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(resultFor(steady), QJsonValue(QStringLiteral("approve")));
    }

    // Agent text in a notice is text: markup is shown as written, bidi controls are named, and a
    // huge title is cut (the tooltip has it all).
    void noticeTextIsPlainAndShort()
    {
        const QString title = QStringLiteral("<b>bold</b> \u202Egnp.exe ") + QString(500, QLatin1Char('x'));
        send(codePayload(QStringLiteral("print(3)")), title, QStringLiteral("<i>bot</i>"), {}, 5);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 1, Wait);
        m_client->request(QStringLiteral("cancel"), {{QStringLiteral("id"), 5}});
        QTRY_COMPARE_WITH_TIMEOUT(notices()->count(), 1, Wait);
        const QString text = notices()->text(0);
        QVERIFY2(text.contains(QLatin1String("<b>bold</b>")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("<i>bot</i>")), qPrintable(text));
        QVERIFY2(!text.contains(QChar(0x202E)), qPrintable(text));
        QVERIFY(text.size() < 250);
    }

    // Rule-decided requests while the History tab is not on screen: it neither reads the ledger
    // nor sizes its columns (each ledger write did both, most of the app's CPU under a stream of
    // such requests; issue 26). Counted, not timed. Opened, it reads what it missed once.
    void hiddenHistoryDoesNoWorkUntilShown()
    {
        const QString code = QStringLiteral("print('ruled')");
        writeRules(
            QStringLiteral(R"({"rules": [{"name": "ruled", "decision": "approve", "code_sha256": "%1"}]})")
                .arg(sha256Hex(code.toUtf8()))
                .toUtf8());
        auto* view = m_page->historyView();
        QSignalSpy reloaded(view, &k8::app::DecisionHistoryView::reloaded);
        QSignalSpy loads(view->history(), &k8::history::AuditHistory::loadFinished);
        QSignalSpy sized(view->table()->horizontalHeader(), &QHeaderView::sectionResized);
        constexpr int Requests = 20;
        for (int i = 0; i < Requests; ++i)
            QCOMPARE(
                resultFor(send(codePayload(code), QStringLiteral("Ruled %1").arg(i), QStringLiteral("bot"))),
                QJsonValue(QStringLiteral("approve")));
        QCOMPARE(readJsonLines(m_settings.ledgerPath()).size(), Requests);
        QCoreApplication::processEvents(); // a reload scheduled for the end of this turn would start now
        QVERIFY(!view->history()->isLoading());
        QCOMPARE(loads.size(), 0);
        QCOMPARE(reloaded.size(), 0);
        QCOMPARE(sized.size(), 0);

        openHistory();
        QTRY_COMPARE_WITH_TIMEOUT(history()->rowCount(), Requests, Wait);
        QVERIFY2(loads.size() <= 2, qPrintable(QString::number(loads.size())));
        // Sized once for what it shows, not again on the next read.
        const qsizetype sizedOnce = sized.size();
        QVERIFY(sizedOnce > 0);
        QCOMPARE(resultFor(send(codePayload(code), QStringLiteral("One more"), QStringLiteral("bot"))),
                 QJsonValue(QStringLiteral("approve")));
        QTRY_COMPARE_WITH_TIMEOUT(history()->rowCount(), Requests + 1, Wait);
        QCOMPARE(sized.size(), sizedOnce);
    }

    // Many ledger writes in one go: History reloads and keeps the entry the person selected.
    void historyKeepsItsSelectionAcrossReloads()
    {
        send(codePayload(QStringLiteral("print('keep')")), QStringLiteral("Keep me"), QStringLiteral("bot"),
             {}, 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 1, Wait);
        openHistory();
        m_client->request(QStringLiteral("cancel"), {{QStringLiteral("id"), 1}});
        QTRY_COMPARE_WITH_TIMEOUT(history()->rowCount(), 1, Wait);
        m_page->historyView()->table()->selectRow(0);
        const QString hash = historyEntry(0).value(QStringLiteral("hash")).toString();
        QSignalSpy reloaded(m_page->historyView(), &k8::app::DecisionHistoryView::reloaded);
        for (int i = 0; i < 5; ++i)
            send(codePayload(QStringLiteral("print(%1)").arg(i)), QStringLiteral("More"),
                 QStringLiteral("bot"), {{QStringLiteral("timeout_s"), 1}});
        QTRY_COMPARE_WITH_TIMEOUT(history()->rowCount(), 6, Wait);
        QVERIFY(selectedHistoryRow() >= 0);
        QCOMPARE(historyEntry(selectedHistoryRow()).value(QStringLiteral("hash")).toString(), hash);
        QVERIFY(reloaded.count() <= 6); // coalesced: never more reloads than ledger writes
    }

    // Generic payloads have no place for a reason: the box says so and takes none, and the
    // keyboard path (R, Return) still rejects.
    void reasonBoxOffersNothingTheAgentCannotReceive()
    {
        const QJsonValue id =
            send(codePayload(QStringLiteral("print(4)")), QStringLiteral("Plain"), QStringLiteral("bot"));
        QTRY_VERIFY_WITH_TIMEOUT(review()->currentKey() != 0 && !review()->isRevealPending(), Wait);
        QLineEdit* reason = review()->rejectMessageEdit();
        QVERIFY(reason->isReadOnly());
        QVERIFY2(reason->placeholderText().contains(QLatin1String("no place for a reason")),
                 qPrintable(reason->placeholderText()));
        review()->codeEditor()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(QApplication::focusWidget() != nullptr, Wait);
        press(Qt::Key_R);
        QTRY_VERIFY_WITH_TIMEOUT(reason->hasFocus(), Wait);
        QTest::keyClicks(reason, QStringLiteral("ignored"));
        QCOMPARE(reason->text(), QString());
        press(Qt::Key_Return);
        QCOMPARE(resultFor(id), QJsonValue(QStringLiteral("reject")));
        openHistory();
        QTRY_VERIFY_WITH_TIMEOUT(history()->rowCount() == 1, Wait);
        QVERIFY(!historyEntry(0).contains(QStringLiteral("reason")));
    }

    // A HITL rejection carries its reason: the agent gets it, the ledger keeps it, History shows it.
    void reasonTheAgentReceivesIsRecordedAndShown()
    {
        const QJsonValue id = send(hitlPayload(QStringLiteral("shell"),
                                               {{QStringLiteral("command"), QStringLiteral("rm -rf build")}}),
                                   QStringLiteral("Clean"), QStringLiteral("research-bot"));
        QTRY_VERIFY_WITH_TIMEOUT(review()->currentKey() != 0 && !review()->isRevealPending(), Wait);
        QLineEdit* reason = review()->rejectMessageEdit();
        QVERIFY(!reason->isReadOnly());
        review()->codeEditor()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(QApplication::focusWidget() != nullptr, Wait);
        press(Qt::Key_R);
        QTRY_VERIFY_WITH_TIMEOUT(reason->hasFocus(), Wait);
        QTest::keyClicks(reason, QStringLiteral("use make clean"));
        press(Qt::Key_Return);
        const QJsonObject sent =
            resultFor(id).toObject().value(QStringLiteral("decisions")).toArray().first().toObject();
        QCOMPARE(sent.value(QStringLiteral("message")).toString(), QStringLiteral("use make clean"));
        QCOMPARE(readJsonLines(m_settings.ledgerPath()).last().value(QStringLiteral("reason")).toString(),
                 QStringLiteral("use make clean"));
        openHistory();
        QTRY_COMPARE_WITH_TIMEOUT(history()->rowCount(), 1, Wait);
        QCOMPARE(history()->index(0, int(AuditColumn::Reason)).data().toString(),
                 QStringLiteral("use make clean"));
    }

    // "Sent to …" says what went out, in the page and for the status bar, and never takes focus.
    void sentConfirmationDoesNotTakeFocus()
    {
        QSignalSpy sentSpy(m_page.get(), &InboxPage::decisionSent);
        send(codePayload(QStringLiteral("print(5)")), QStringLiteral("First"),
             QStringLiteral("research-bot"));
        send(codePayload(QStringLiteral("print(6)")), QStringLiteral("Second"),
             QStringLiteral("research-bot"));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 2, Wait);
        m_page->pendingTable()->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(m_page->pendingTable()->hasFocus(), Wait);
        QTRY_VERIFY_WITH_TIMEOUT(review()->isArmed(), Wait);
        press(Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(sentSpy.count(), 1, Wait);
        QCOMPARE(sentSpy.first().at(0).toString(), QStringLiteral("Sent to research-bot: approve"));
        QCOMPARE(m_page->sentLabel()->text(), QStringLiteral("Sent to research-bot: approve"));
        QVERIFY(m_page->sentLabel()->isVisible());
        QCOMPARE(m_page->sentLabel()->focusPolicy(), Qt::NoFocus);
        QCOMPARE(m_page->sentLabel()->textFormat(), Qt::PlainText);
        QWidget* focus = QApplication::focusWidget();
        QVERIFY(focus && focus != m_page->sentLabel());
        QVERIFY(m_page->isAncestorOf(focus));
        QCOMPARE(m_page->pendingCount(), 1);
    }

    // A long "Sent to …" is shown whole, wrapped onto a second line where the pane is narrow; it was
    // cut at the pane's edge ("Sent to report-agent: edit, rejec").
    void aLongSentConfirmationIsShownWhole()
    {
        const QString agent = QStringLiteral("report-agent-of-the-quarterly-numbers-for-the-finance-team");
        send(codePayload(QStringLiteral("print(8)")), QStringLiteral("Long"), agent);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingCount(), 1, Wait);
        QTRY_VERIFY_WITH_TIMEOUT(review()->isArmed(), Wait);
        press(Qt::Key_Return, Qt::ControlModifier);
        QLabel* sent = m_page->sentLabel();
        const QString confirmation = QStringLiteral("Sent to %1: approve").arg(agent);
        QTRY_COMPARE_WITH_TIMEOUT(sent->text(), confirmation, Wait);
        const auto room = [sent] { return sent->contentsRect(); };
        // What the label draws its text in: one line unless it wraps.
        const auto needed = [sent, room] {
            const QFontMetrics metrics = sent->fontMetrics();
            if (!sent->wordWrap())
                return QRect(0, 0, metrics.horizontalAdvance(sent->text()), metrics.height());
            return metrics.boundingRect(QRect(0, 0, room().width(), 100000), Qt::TextWordWrap, sent->text());
        };
        // A narrow window, as on a laptop beside an editor: the list's pane is narrower than the line.
        m_page->resize(900, 800);
        QTRY_VERIFY2_WITH_TIMEOUT(sent->fontMetrics().horizontalAdvance(sent->text()) > room().width(),
                                  "the confirmation fits on one line: this test would prove nothing", Wait);
        // Checked while it is shown (it goes after a few seconds, and an empty label fits anywhere).
        QTRY_VERIFY2_WITH_TIMEOUT(sent->text() == confirmation && needed().width() <= room().width() &&
                                      needed().height() <= room().height(),
                                  qPrintable(QStringLiteral("%1x%2 needed, %3x%4 shown")
                                                 .arg(needed().width())
                                                 .arg(needed().height())
                                                 .arg(room().width())
                                                 .arg(room().height())),
                                  Wait);
    }

    // "Open rules…" in the "Always approve…" confirmation opens the rules editor and saves nothing;
    // the confirmation still says what the rule binds.
    void rulesEditorOpensFromTheConfirmation()
    {
        send(codePayload(QStringLiteral("print(7)")), QStringLiteral("Rule me"), QStringLiteral("bot"));
        QTRY_VERIFY_WITH_TIMEOUT(review()->currentKey() != 0 && !review()->isRevealPending(), Wait);
        QVERIFY(!m_page->rulesDialog());
        MessageBox::setNextAnswer(MessageBox::Answer::Extra);
        review()->approveRuleAction()->trigger();
        QVERIFY(m_page->rulesDialog());
        QTRY_VERIFY_WITH_TIMEOUT(m_page->rulesDialog()->isVisible(), Wait);
        QVERIFY(m_service->rules().isEmpty());
        const MessageBox::Question asked = MessageBox::lastQuestion();
        QVERIFY2(asked.text.contains(review()->state().ruleScopeText()), qPrintable(asked.text));
        QVERIFY(!asked.extraText.isEmpty());
        m_page->rulesDialog()->close();
        QTRY_VERIFY_WITH_TIMEOUT(!m_page->rulesDialog(), Wait);

        // Saved from the same confirmation, the rule shows in the editor opened the other way.
        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        review()->approveRuleAction()->trigger();
        QCOMPARE(m_service->rules().size(), 1);
        m_page->openRules();
        QVERIFY(m_page->rulesDialog() && m_page->rulesDialog()->isVisible());
        QCOMPARE(m_page->rulesDialog()->model()->rowCount(), 1);
    }
};

QTEST_MAIN(TestDecisionNotices)
#include "tst_decisionnotices.moc"
