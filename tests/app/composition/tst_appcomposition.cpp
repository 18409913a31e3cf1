// SPDX-License-Identifier: Apache-2.0
// AppComposition builds the app as main() runs it: a review an agent sends over the socket
// reaches the inbox page inside the main window, and a socket that cannot be used is said in the
// window, which opens all the same, until Retry listens.
#include "agent/AgentService.h"
#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/ledger/Ledger.h"
#include "composition/AppComposition.h"
#include "inbox/AgentUnavailableBanner.h"
#include "inbox/DecisionNotices.h"
#include "inbox/InboxPage.h"
#include "kosa8/Kosa8Runner.h"
#include "mainwindow/MainWindow.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "rules/RulesDialog.h"
#include "sandboxes/SandboxRefresher.h"
#include "sandboxes/SandboxesPage.h"
#include "support/AgentTestClient.h"
#include "support/AltKeys.h"
#include "support/AppTestSupport.h"
#include "support/FileSizeLimit.h"
#include "timeline/TimelinePage.h"
#include "widgets/MessageArea.h"
#include "widgets/PlainText.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocalServer>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include <functional>
#include <memory>

using k8::app::AppComposition;
using k8::app::InboxPage;
using k8::test::AgentTestClient;

namespace {

// The stand-in's options with the agent socket in the environment's own folder (never a person's
// running kosa8 Desk).
k8::app::AppOptions optionsWithSocket(const k8::test::StandinEnvironment& env)
{
    k8::app::AppOptions options = env.options();
    options.socketPath = QDir(env.root()).filePath(QStringLiteral("agent.sock"));
    return options;
}

constexpr int Wait = 15000;

QJsonObject reviewPayload()
{
    const QJsonObject action{
        {QStringLiteral("name"), QStringLiteral("python_repl")},
        {QStringLiteral("args"), QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")}}}};
    const QJsonObject config{{QStringLiteral("action_name"), QStringLiteral("python_repl")},
                             {QStringLiteral("allowed_decisions"),
                              QJsonArray{QStringLiteral("approve"), QStringLiteral("reject")}}};
    return {{QStringLiteral("action_requests"), QJsonArray{action}},
            {QStringLiteral("review_configs"), QJsonArray{config}}};
}

// A rules file at `path` with one standing rule, "ok", that approves `code` (code_sha256).
bool writeApproveRule(const QString& path, const QString& code)
{
    QFile rules(path);
    if (!rules.open(QIODevice::WriteOnly))
        return false;
    const QString text =
        QStringLiteral(R"({"rules": [{"name": "ok", "decision": "approve", "code_sha256": "%1"}]})")
            .arg(k8::agent::sha256Hex(code.toUtf8()));
    return rules.write(text.toUtf8()) == text.toUtf8().size();
}

// The cards of the window's message area whose title contains `title`.
QList<k8::app::MessageCard*> cardsTitled(AppComposition& composition, const QString& title)
{
    QList<k8::app::MessageCard*> found;
    for (k8::app::MessageCard* card : composition.window()->messageArea()->cards()) {
        if (card->titleText().contains(title))
            found.append(card);
    }
    return found;
}

QJsonObject codeReview(const QString& code)
{
    return {{QStringLiteral("payload"), QJsonObject{{QStringLiteral("question"), QStringLiteral("Run this?")},
                                                    {QStringLiteral("code"), code}}},
            {QStringLiteral("agent"), QStringLiteral("research-bot")}};
}

// Counts the paint events widgets receive.
class PaintCounter : public QObject
{
public:
    int count = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && watched->isWidgetType())
            ++count;
        return false;
    }
};

} // namespace

class TestAppComposition : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aReviewOverTheSocketShowsInTheInbox()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);

        AppComposition composition(options);
        QVERIFY(!composition.inboxPage()); // not before the service listens
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        QVERIFY(composition.agentService()->isListening());
        // Built after the window's first paint, not before (bench_startup).
        QVERIFY(!composition.builtInboxPage());
        QSignalSpy built(&composition, &AppComposition::inboxPageBuilt);
        composition.show();
        QVERIFY(built.wait(Wait));
        InboxPage* inbox = composition.builtInboxPage();
        QVERIFY(inbox);
        QCOMPARE(composition.inboxPage(), inbox);
        // The window shows the real inbox page, not its placeholder.
        QCOMPARE(composition.window()->inboxPage(), static_cast<QWidget*>(inbox));

        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));

        QSignalSpy arrived(inbox, &InboxPage::requestArrived);
        client.request(QStringLiteral("review"),
                       {{QStringLiteral("payload"), reviewPayload()},
                        {QStringLiteral("title"), QStringLiteral("Summarise data.csv")},
                        {QStringLiteral("agent"), QStringLiteral("research-bot")}});
        QVERIFY(arrived.wait(Wait));
        QCOMPARE(arrived.first().at(0).toString(), QStringLiteral("Summarise data.csv"));
        QCOMPARE(arrived.first().at(1).toString(), QStringLiteral("research-bot"));
        QTRY_COMPARE_WITH_TIMEOUT(inbox->pendingCount(), 1, Wait);
        // The count reaches the window (navigation and title) through the composition's wiring.
        QTRY_VERIFY_WITH_TIMEOUT(composition.window()->windowTitle().contains(QStringLiteral("1")), Wait);
    }

    // The inbox page is built once the window has painted, without any request or click.
    void theInboxPageIsBuiltAfterTheFirstPaint()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        QCOMPARE(composition.window()->inboxPage()->objectName(), QStringLiteral("inboxPlaceholder"));
        PaintCounter paints;
        qApp->installEventFilter(&paints);
        int paintsBeforeBuilt = -1;
        connect(&composition, &AppComposition::inboxPageBuilt, this,
                [&paints, &paintsBeforeBuilt] { paintsBeforeBuilt = paints.count; });
        composition.show();
        QTRY_VERIFY_WITH_TIMEOUT(composition.builtInboxPage(), Wait);
        qApp->removeEventFilter(&paints);
        QVERIFY(paintsBeforeBuilt > 0);
        QCOMPARE(composition.window()->inboxPage(), static_cast<QWidget*>(composition.builtInboxPage()));
        // The window stays on the page it started on.
        QCOMPARE(composition.window()->currentPage(), k8::app::MainWindow::Page::Sandboxes);
    }

    // The sandbox table (hidden while the Sandboxes page waits for `sandbox ls`) has no model
    // while the window paints its first frame, and gets it right after, with no sandbox listed
    // and no click; the window and the page it shows are the same.
    void theSandboxTableIsSetUpAfterTheFirstPaint()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        k8::app::SandboxesPage* page = composition.window()->sandboxesPage();
        auto* table = page->findChild<QTableView*>(QStringLiteral("sandboxView"));
        QVERIFY(table);
        QVERIFY(!table->model());
        // Whether the table had its model when each paint event arrived.
        class TableAtPaint : public QObject
        {
        public:
            explicit TableAtPaint(QTableView* table)
                : m_table(table)
            {}
            int paints = 0;
            int paintsWithModel = 0;

        protected:
            bool eventFilter(QObject* watched, QEvent* event) override
            {
                if (event->type() == QEvent::Paint && watched->isWidgetType()) {
                    ++paints;
                    if (m_table->model())
                        ++paintsWithModel;
                }
                return false;
            }

        private:
            QTableView* m_table;
        } atPaint(table);
        qApp->installEventFilter(&atPaint);
        composition.show();
        QTRY_VERIFY_WITH_TIMEOUT(table->model(), Wait);
        qApp->removeEventFilter(&atPaint);
        QVERIFY(atPaint.paints > 0);
        QVERIFY(atPaint.paints > atPaint.paintsWithModel); // the first frame was painted without it
        QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(page->proxy()));
        QCOMPARE(composition.window()->currentPage(), k8::app::MainWindow::Page::Sandboxes);
        // It works: once kosa8 lists a sandbox, the table shows and selects it.
        QTRY_VERIFY_WITH_TIMEOUT(page->isShowingEmptyState(), Wait);
        QCOMPARE(
            env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box-1")}),
            0);
        page->refresher()->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 1, Wait);
        QVERIFY(table->isVisible());
        page->selectSandbox(QStringLiteral("box-1"));
        QCOMPARE(page->selectedSandbox(), QStringLiteral("box-1"));
    }

    // A window that starts on another page (the inbox, where the person left it) paints its first
    // frame without the Sandboxes page's widgets, and makes them right after with no click; the
    // actions the menus hold exist from the start. The page then lists, filters and selects.
    void theSandboxesPageIsBuiltAfterTheFirstPaintWhenAnotherPageIsShown()
    {
        using Page = k8::app::MainWindow::Page;
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        {
            k8::app::AppContext lastStart(options);
            lastStart.settings()->setWindowValue(QStringLiteral("page"), int(Page::Inbox));
            lastStart.settings()->sync();
        }
        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        k8::app::MainWindow* window = composition.window();
        k8::app::SandboxesPage* page = window->sandboxesPage();
        QCOMPARE(window->currentPage(), Page::Inbox);
        QVERIFY(page->startAction());
        QVERIFY(!page->startAction()->isEnabled()); // nothing selected
        const auto filterOf = [page] { return page->findChild<QLineEdit*>(QStringLiteral("sandboxFilter")); };
        // Whether the page had its widgets when each paint event arrived.
        class PageAtPaint : public QObject
        {
        public:
            explicit PageAtPaint(std::function<bool()> built)
                : m_built(std::move(built))
            {}
            int paints = 0;
            int paintsWithPage = 0;

        protected:
            bool eventFilter(QObject* watched, QEvent* event) override
            {
                if (event->type() == QEvent::Paint && watched->isWidgetType()) {
                    ++paints;
                    if (m_built())
                        ++paintsWithPage;
                }
                return false;
            }

        private:
            std::function<bool()> m_built;
        } atPaint([&filterOf] { return filterOf() != nullptr; });
        qApp->installEventFilter(&atPaint);
        composition.show();
        QTRY_VERIFY_WITH_TIMEOUT(atPaint.paints > 0 && filterOf(), Wait);
        qApp->removeEventFilter(&atPaint);
        QVERIFY(atPaint.paints > atPaint.paintsWithPage); // the first frame was painted without it
        QCOMPARE(window->currentPage(), Page::Inbox);     // made, not shown
        QVERIFY(page->findChild<QTableView*>(QStringLiteral("sandboxView")));
        QCOMPARE(page->accessibleName(), QStringLiteral("Sandboxes"));

        // It works: the list kosa8 gives is shown, filtered and selected on the page.
        QCOMPARE(
            env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box-1")}),
            0);
        QCOMPARE(
            env.runStandin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("other")}),
            0);
        page->refresher()->refresh();
        window->showPage(Page::Sandboxes);
        QTableView* table = page->view();
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 2, Wait);
        QTRY_VERIFY_WITH_TIMEOUT(table->isVisible(), Wait);
        filterOf()->setText(QStringLiteral("box"));
        QCOMPARE(table->model()->rowCount(), 1);
        page->selectSandbox(QStringLiteral("box-1"));
        QCOMPARE(page->selectedSandbox(), QStringLiteral("box-1"));
        QVERIFY(page->startAction()->isEnabled() || page->stopAction()->isEnabled());
    }

    // A request that arrives before the page is built (here: the window is never shown) builds it
    // before the service says anything about the request: the page hears of it (the tray and the
    // notification follow requestArrived), lists it and the window counts it; and a standing
    // rule's decision on a request that never waited reaches the page's notices.
    void requestsBeforeTheInboxPageIsBuiltAreNotLost()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        const QString ruleCode = QStringLiteral("print('approved by the rule')");
        options.rulesFile = QDir(env.root()).filePath(QStringLiteral("rules.json"));
        QVERIFY(writeApproveRule(options.rulesFile, ruleCode));
        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        std::unique_ptr<QSignalSpy> arrived;
        connect(&composition, &AppComposition::inboxPageBuilt, this, [&composition, &arrived] {
            arrived = std::make_unique<QSignalSpy>(composition.builtInboxPage(), &InboxPage::requestArrived);
        });

        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));
        QVERIFY(!composition.builtInboxPage()); // a connection alone does not build it
        const QJsonValue ruled = client.request(QStringLiteral("review"), codeReview(ruleCode));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(ruled), Wait);
        QCOMPARE(client.response(ruled).value(QStringLiteral("result")).toString(),
                 QStringLiteral("approve"));
        InboxPage* inbox = composition.builtInboxPage();
        QVERIFY(inbox);
        QTRY_COMPARE_WITH_TIMEOUT(inbox->decisionNotices()->count(), 1, Wait);

        client.request(QStringLiteral("review"),
                       {{QStringLiteral("payload"), reviewPayload()},
                        {QStringLiteral("title"), QStringLiteral("Summarise data.csv")},
                        {QStringLiteral("agent"), QStringLiteral("research-bot")}});
        QTRY_COMPARE_WITH_TIMEOUT(inbox->pendingCount(), 1, Wait);
        QVERIFY(arrived);
        QCOMPARE(arrived->size(), 1);
        QCOMPARE(arrived->first().at(0).toString(), QStringLiteral("Summarise data.csv"));
        QVERIFY(composition.window()->windowTitle().contains(QStringLiteral("1")));
    }

    // Showing the inbox (or opening the standing rules) before the planned build builds it there
    // and then.
    void theInboxPageIsBuiltWhenFirstNeeded()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        {
            AppComposition composition(options);
            QString error;
            QVERIFY2(composition.start(&error), qPrintable(error));
            QVERIFY(!composition.builtInboxPage());
            composition.window()->showPage(k8::app::MainWindow::Page::Inbox);
            InboxPage* inbox = composition.builtInboxPage();
            QVERIFY(inbox);
            QCOMPARE(composition.window()->currentPage(), k8::app::MainWindow::Page::Inbox);
            QCOMPARE(composition.window()->inboxPage(), static_cast<QWidget*>(inbox));
            QVERIFY(inbox->isVisibleTo(composition.window()));
        }
        {
            AppComposition composition(options);
            QString error;
            QVERIFY2(composition.start(&error), qPrintable(error));
            QVERIFY(!composition.builtInboxPage());
            composition.window()->rulesAction()->trigger();
            QVERIFY(composition.builtInboxPage());
            QVERIFY(composition.builtInboxPage()->rulesDialog());
        }
    }

    // issue 14: a ledger whose last line a crash cut off is reported in the window at the next
    // start (with the torn byte count), and the app goes on recording after it.
    void tornLedgerTailIsShownInTheWindow()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        const QString ledgerPath = QDir(env.dataPath()).filePath(QStringLiteral("ledger.jsonl"));
        {
            k8::agent::Ledger ledger;
            QString error;
            QVERIFY2(ledger.open(ledgerPath, &error), qPrintable(error));
            k8::agent::LedgerRecord record;
            record.requestId = QStringLiteral("1");
            record.agent = QStringLiteral("research-bot");
            record.method = QStringLiteral("review");
            record.payloadSha256 = QString(64, QLatin1Char('0'));
            record.decision = QStringLiteral("reject");
            record.decidedBy = QStringLiteral("person");
            QVERIFY2(ledger.append(record, &error), qPrintable(error));
        }
        QFile file(ledgerPath);
        QVERIFY(file.open(QIODevice::Append));
        file.write("{\"action_sha256\":\"ab"); // what a crash in the middle of an append leaves
        file.close();

        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        composition.show();
        QTRY_VERIFY_WITH_TIMEOUT(!cardsTitled(composition, QStringLiteral("Agent requests")).isEmpty(), Wait);
        const k8::app::MessageCard* card = cardsTitled(composition, QStringLiteral("Agent requests")).first();
        QVERIFY(card->isVisible());
        QVERIFY2(
            card->bodyText().contains(
                QStringLiteral("The last line of the ledger %1 is incomplete (20 bytes").arg(ledgerPath)),
            qPrintable(card->bodyText()));
        QCOMPARE(composition.agentService()->ledger().stateCheck().isAlarm(), false);
    }

    // issue 14: the ledger cannot grow (a full disk): the standing rule's approval goes out as a
    // rejection and the window says so as an error, one card however many fail; once the ledger
    // is written again, the card goes.
    void unwritableLedgerIsAnErrorInTheWindow()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        const QString code = QStringLiteral("print('approved by the rule')");
        options.rulesFile = QDir(env.root()).filePath(QStringLiteral("rules.json"));
        QVERIFY(writeApproveRule(options.rulesFile, code));
        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        composition.show();
        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));

        const QString ledgerPath = composition.agentService()->ledgerPath();
        {
            k8::test::FileSizeLimit limit(rlim_t(QFileInfo(ledgerPath).size()));
            QVERIFY(limit.isActive());
            const QJsonValue first = client.request(QStringLiteral("review"), codeReview(code));
            const QJsonValue second = client.request(QStringLiteral("review"), codeReview(code));
            QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(first) && client.hasResponse(second), Wait);
            QCOMPARE(client.response(first).value(QStringLiteral("result")).toString(),
                     QStringLiteral("reject"));
            QCOMPARE(client.response(second).value(QStringLiteral("result")).toString(),
                     QStringLiteral("reject"));
        }
        const QList<k8::app::MessageCard*> cards =
            cardsTitled(composition, QStringLiteral("Decisions cannot be recorded"));
        QCOMPARE(cards.size(), 1);
        QCOMPARE(cards.first()->message().severity, k8::app::UserMessage::Severity::Error);
        QVERIFY(cards.first()->isVisible());
        QVERIFY2(cards.first()->bodyText().contains(ledgerPath) &&
                     cards.first()->bodyText().contains(QStringLiteral("standing rule")),
                 qPrintable(cards.first()->bodyText()));
        // Issue 24, finding 12: the card says how to fix it, not only what happened.
        QVERIFY2(cards.first()->bodyText().contains(QStringLiteral("free space on the disk that holds %1")
                                                        .arg(QFileInfo(ledgerPath).absolutePath())),
                 qPrintable(cards.first()->bodyText()));
        QVERIFY(cardsTitled(composition, QStringLiteral("Agent requests")).isEmpty()); // said once

        // Room again: the rule's approval is recorded and goes out; the card goes.
        const QJsonValue later = client.request(QStringLiteral("review"), codeReview(code));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(later), Wait);
        QCOMPARE(client.response(later).value(QStringLiteral("result")).toString(),
                 QStringLiteral("approve"));
        QTRY_VERIFY_WITH_TIMEOUT(
            cardsTitled(composition, QStringLiteral("Decisions cannot be recorded")).isEmpty(), Wait);
    }

    // Issue 24, finding 4: every list and table in the window shows agent and kosa8 text, and
    // each shows its tooltips as plain text (PlainToolTipDelegate), not only the inbox's: Qt
    // would draw a tooltip that looks like markup (an <img> of a local file, a huge font).
    void everyItemViewShowsItsTooltipsAsText()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        composition.show();
        k8::app::MainWindow* window = composition.window();
        using Page = k8::app::MainWindow::Page;
        for (Page page : {Page::Sandboxes, Page::CommandLog, Page::Timeline, Page::History, Page::Inbox})
            window->showPage(page);
        QTRY_VERIFY_WITH_TIMEOUT(composition.builtInboxPage(), Wait);
        QVERIFY(window->builtTimelinePage());

        QStringList notPlain;
        int views = 0;
        for (QAbstractItemView* view : window->findChildren<QAbstractItemView*>()) {
            if (view == static_cast<QAbstractItemView*>(window->navigation()))
                continue;            // the app's own page names
            bool inComboBox = false; // a combo box's popup shows its items' text, no tooltips
            for (QObject* up = view->parent(); up && !inComboBox; up = up->parent())
                inComboBox = qobject_cast<QComboBox*>(up) != nullptr;
            if (inComboBox || qobject_cast<QHeaderView*>(view))
                continue; // a header shows the app's column names
            ++views;
            // The view's delegate and every column's own (a column delegate shows that column's tooltips).
            bool plain = qobject_cast<k8::app::PlainToolTipDelegate*>(view->itemDelegate()) != nullptr;
            for (int column = 0; view->model() && column < view->model()->columnCount(); ++column) {
                QAbstractItemDelegate* own = view->itemDelegateForColumn(column);
                plain = plain && (!own || qobject_cast<k8::app::PlainToolTipDelegate*>(own));
            }
            if (!plain) {
                QString where;
                for (QWidget* up = view->parentWidget(); up && where.isEmpty(); up = up->parentWidget())
                    where = up->objectName();
                notPlain.append(QStringLiteral("%1 %2 in %3")
                                    .arg(QString::fromLatin1(view->metaObject()->className()),
                                         view->objectName(), where));
            }
        }
        QVERIFY(views >= 5); // the inbox's lists, History, the command log, the sandboxes, ...
        QVERIFY2(notPlain.isEmpty(), qPrintable(notPlain.join(QStringLiteral("; "))));
    }

    // Every underlined letter in view does one thing: Alt with it presses that control. Two
    // controls with one letter make Alt a guess (Qt moves to one or the other in turn): Alt+H,
    // the inbox's History tab, opened the Help menu, and the window suite timed out on it.
    // Checked on every page, and on the inbox empty, with a question, with a run and with the
    // notices of decisions taken without the person; in English and in German, whose words put
    // the underline on other letters.
    void everyAltKeyInViewBelongsToOneControl_data()
    {
        QTest::addColumn<QString>("translation");
        QTest::newRow("English") << QString();
        QTest::newRow("German") << QStringLiteral(K8_TRANSLATIONS_DIR "/kosa8-desk_de.qm");
    }

    void everyAltKeyInViewBelongsToOneControl()
    {
        QFETCH(QString, translation);
        QTranslator translator;
        if (!translation.isEmpty()) {
            QVERIFY2(translator.load(translation), qPrintable(translation));
            QVERIFY(QCoreApplication::installTranslator(&translator));
        }
        const auto untranslate =
            qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        const QString ruleCode = QStringLiteral("print('by the rule')");
        options.rulesFile = QDir(env.root()).filePath(QStringLiteral("rules.json"));
        QVERIFY(writeApproveRule(options.rulesFile, ruleCode));
        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        composition.show();
        k8::app::MainWindow* window = composition.window();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        const auto expectOneControlPerKey = [window](const char* where) {
            const QStringList shared = k8::test::sharedAltKeys(window);
            QVERIFY2(shared.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(
                                           QString::fromLatin1(where), shared.join(QStringLiteral("; ")))));
        };
        using Page = k8::app::MainWindow::Page;
        const QList<QPair<Page, const char*>> pages = {{Page::Sandboxes, "Sandboxes"},
                                                       {Page::CommandLog, "Command log"},
                                                       {Page::Timeline, "Timeline"},
                                                       {Page::History, "History"},
                                                       {Page::Inbox, "the empty inbox"}};
        for (const auto& [page, name] : pages) {
            window->showPage(page);
            expectOneControlPerKey(name);
        }
        InboxPage* inbox = composition.builtInboxPage();
        QVERIFY(inbox);

        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));
        const QJsonValue ruled = client.request(QStringLiteral("review"), codeReview(ruleCode));
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(ruled), Wait);
        QTRY_VERIFY_WITH_TIMEOUT(inbox->decisionNotices()->isVisible(), Wait);
        client.request(
            QStringLiteral("review"),
            {{QStringLiteral("payload"), QJsonObject{{QStringLiteral("question"), QStringLiteral("Go on?")}}},
             {QStringLiteral("title"), QStringLiteral("A question")}});
        QTRY_COMPARE_WITH_TIMEOUT(inbox->pendingCount(), 1, Wait);
        expectOneControlPerKey("a question, with a decision notice");
        client.request(QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("print(1)")},
                                               {QStringLiteral("title"), QStringLiteral("A run")}});
        QTRY_COMPARE_WITH_TIMEOUT(inbox->pendingCount(), 2, Wait);
        inbox->selectNext();
        auto* sandboxCombo = inbox->findChild<QComboBox*>(QStringLiteral("sandboxCombo"));
        QVERIFY(sandboxCombo);
        QTRY_VERIFY_WITH_TIMEOUT(sandboxCombo->isVisible(), Wait);
        expectOneControlPerKey("a run");
        for (QTabWidget* tabs : inbox->findChildren<QTabWidget*>()) {
            if (tabs->accessibleName() == QLatin1String("Request lists"))
                tabs->setCurrentIndex(1);
        }
        expectOneControlPerKey("a run beside the History tab");
    }

    // kosa8 is first asked once the window is painted: its processes do not delay the paint.
    // A rule-approved run's end refreshes the timeline only when it is on screen: a hidden one
    // reads kosa8 (checkpoint ls, snapshot ls: two forks of the app each) when it is next shown.
    void aHiddenTimelineReadsKosa8WhenShownNotAfterEachRun()
    {
        k8::test::StandinEnvironment env;
        QProcess create;
        create.start(env.standin(),
                     {QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")});
        QVERIFY(create.waitForFinished(Wait));
        QCOMPARE(create.exitCode(), 0);
        const QString code = QStringLiteral("print('ran by the rule')");
        const QJsonObject action{{QStringLiteral("method"), QStringLiteral("run")},
                                 {QStringLiteral("language"), QStringLiteral("python")},
                                 {QStringLiteral("code"), code},
                                 {QStringLiteral("sandbox"), QStringLiteral("code-runner")},
                                 {QStringLiteral("image"), QStringLiteral("python:3.12-slim")},
                                 {QStringLiteral("checkpoint"), true}};
        k8::app::AppOptions options = optionsWithSocket(env);
        options.rulesFile = QDir(env.root()).filePath(QStringLiteral("rules.json"));
        {
            QFile rules(options.rulesFile);
            QVERIFY(rules.open(QIODevice::WriteOnly));
            const QJsonObject rule{
                {QStringLiteral("name"), QStringLiteral("run-ok")},
                {QStringLiteral("decision"), QStringLiteral("approve")},
                {QStringLiteral("action_sha256"), k8::agent::sha256Hex(k8::agent::canonicalJson(action))}};
            rules.write(QJsonDocument(QJsonObject{{QStringLiteral("rules"), QJsonArray{rule}}}).toJson());
        }
        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        composition.show();
        auto readsTimeline = [&env] {
            for (const QStringList& argv : env.calls()) {
                if (argv.value(1) == u"ls" && (argv.first() == u"checkpoint" || argv.first() == u"snapshot"))
                    return true;
            }
            return false;
        };

        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));
        for (int run = 0; run < 2; ++run) {
            const QJsonValue id = client.request(
                QStringLiteral("run"),
                {{QStringLiteral("code"), code}, {QStringLiteral("sandbox"), QStringLiteral("code-runner")}});
            QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(id), Wait);
            QCOMPARE(client.response(id)
                         .value(QStringLiteral("result"))
                         .toObject()
                         .value(QStringLiteral("decision"))
                         .toString(),
                     QStringLiteral("approve"));
        }
        k8::app::TimelinePage* page = composition.window()->builtTimelinePage();
        QVERIFY(page); // built at the first run, for its reset policy
        QVERIFY(!page->isVisible());
        // The runs' ends reached the page (it waits to refresh) and it read nothing meanwhile.
        QTRY_VERIFY_WITH_TIMEOUT(page->refreshWaitsForShow(), Wait);
        QVERIFY(env.wasCalledWith({QStringLiteral("sandbox"), QStringLiteral("run"),
                                   QStringLiteral("code-runner"), QStringLiteral("python:3.12-slim"),
                                   QStringLiteral("python"), QStringLiteral("-c"), code}));
        QVERIFY(!readsTimeline());

        composition.window()->showPage(k8::app::MainWindow::Page::Timeline);
        QTRY_VERIFY_WITH_TIMEOUT(readsTimeline(), Wait);
        QVERIFY(!page->refreshWaitsForShow());
    }

    void monitoringStartsAfterTheFirstPaint()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = optionsWithSocket(env);
        AppComposition composition(options);
        QString error;
        QVERIFY2(composition.start(&error), qPrintable(error));
        PaintCounter paints;
        qApp->installEventFilter(&paints);
        int paintsBeforeFirstJob = -1;
        connect(composition.context()->runner(), &k8::kosa8::Kosa8Runner::jobStarted, this,
                [&paints, &paintsBeforeFirstJob] {
                    if (paintsBeforeFirstJob < 0)
                        paintsBeforeFirstJob = paints.count;
                });
        composition.show();
        QVERIFY(env.calls().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(env.wasCalledWith({QStringLiteral("sandbox"), QStringLiteral("ls")}), Wait);
        qApp->removeEventFilter(&paints);
        QVERIFY(paintsBeforeFirstJob > 0);
        QTRY_VERIFY_WITH_TIMEOUT(env.wasCalledWith({QStringLiteral("version")}), Wait);
    }

    // KOSA8DESK_REPORT_FIRST_PAINT (plumbing/StartupProbe.h), as bench_startup uses it: the real
    // binary paints its window, prints one JSON line with its phases in order, and quits with 0.
    void theBinaryReportsItsFirstPaint()
    {
        const QString binary = qEnvironmentVariable("KOSA8_DESK_BINARY");
        QVERIFY(QFileInfo(binary).isExecutable());
        k8::test::StandinEnvironment env;
        QTemporaryDir runtime;
        QFile::setPermissions(runtime.path(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QProcess app;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KOSA8DESK_REPORT_FIRST_PAINT"), QStringLiteral("1"));
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime.path());
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), runtime.path());
        app.setProcessEnvironment(environment);
        app.start(binary, {QStringLiteral("--data-dir"), env.dataPath(), QStringLiteral("--socket"),
                           QDir(runtime.path()).filePath(QStringLiteral("agent.sock")),
                           QStringLiteral("--kosa8"), env.standin()});
        QVERIFY(app.waitForFinished(60000));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);
        const QList<QByteArray> lines = app.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), 1);
        QJsonParseError parseError{};
        const QJsonObject report = QJsonDocument::fromJson(lines.first(), &parseError).object();
        QCOMPARE(parseError.error, QJsonParseError::NoError);
        QStringList names;
        qint64 previous = 0;
        for (const QJsonValue& phase : report.value(QStringLiteral("phases")).toArray()) {
            names << phase.toObject().value(QStringLiteral("name")).toString();
            const qint64 at = phase.toObject().value(QStringLiteral("ns")).toInteger();
            QVERIFY(at >= previous);
            previous = at;
        }
        QCOMPARE(names.first(), QStringLiteral("main"));
        QVERIFY(names.contains(QStringLiteral("inbox_wired")));
        QCOMPARE(names.last(), QStringLiteral("first_paint"));
        QCOMPARE(report.value(QStringLiteral("first_paint_ns")).toInteger(), previous);
        QVERIFY(report.value(QStringLiteral("cpu_ns")).toInteger() > 0);
    }

    // A socket folder other users can enter: the window opens all the same and says, with the
    // exact folder, what is wrong and how to fix it (a message that stays, the inbox page, the
    // status bar, the empty review); standing rules still work; after `chmod 700` Retry listens and
    // a review reaches the inbox.
    void anUnsafeSocketFolderOpensTheWindowAndRetryListens()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = env.options();
        const QString folder = QDir(env.root()).filePath(QStringLiteral("open"));
        QVERIFY(QDir().mkdir(folder));
        QVERIFY(QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                  QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther |
                                                  QFile::ExeOther)); // 0755
        options.socketPath = QDir(folder).filePath(QStringLiteral("agent.sock"));
        options.rulesFile = QDir(env.root()).filePath(QStringLiteral("rules.json"));
        QVERIFY(writeApproveRule(options.rulesFile, QStringLiteral("print('by the rule')")));

        AppComposition composition(options);
        QString error;
        QVERIFY(!composition.start(&error));
        QVERIFY2(error.contains(folder) && error.contains(QLatin1String("0755")), qPrintable(error));
        QVERIFY(!composition.agentService()->isListening());
        QVERIFY(!QFile::exists(options.socketPath));

        QSignalSpy built(&composition, &AppComposition::inboxPageBuilt);
        composition.show();
        QVERIFY(QTest::qWaitForWindowExposed(composition.window()));
        QVERIFY(built.wait(Wait));
        InboxPage* inbox = composition.builtInboxPage();
        QVERIFY(inbox);

        // The message area: a card that says what and how, with the folder.
        const QList<k8::app::MessageCard*> cards =
            cardsTitled(composition, QStringLiteral("Agents cannot connect"));
        QCOMPARE(cards.size(), 1);
        QVERIFY2(cards.first()->bodyText().contains(QStringLiteral("chmod 700 %1").arg(folder)),
                 qPrintable(cards.first()->bodyText()));
        QVERIFY(cards.first()->bodyText().contains(QLatin1String("Retry")));
        // The status bar.
        QVERIFY(composition.window()->agentProblemLabel()->isVisible());
        QVERIFY(composition.window()->agentProblemLabel()->toolTip().contains(folder));
        // The inbox page: a banner with the reason, the fix and Retry, instead of "waiting".
        k8::app::AgentUnavailableBanner* banner = inbox->agentUnavailableBanner();
        composition.window()->showPage(k8::app::MainWindow::Page::Inbox);
        QVERIFY(banner->isVisible());
        const QStringList shared = k8::test::sharedAltKeys(composition.window());
        QVERIFY2(shared.isEmpty(), qPrintable(shared.join(QStringLiteral("; "))));
        QVERIFY2(banner->text().startsWith(QStringLiteral("Agents cannot connect: ")),
                 qPrintable(banner->text()));
        QVERIFY(banner->text().contains(QStringLiteral("chmod 700 %1").arg(folder)));
        auto* socketLabel = inbox->findChild<QLabel*>(QStringLiteral("socketLabel"));
        QVERIFY(socketLabel);
        QVERIFY2(socketLabel->text().startsWith(QStringLiteral("Agents cannot connect: ")),
                 qPrintable(socketLabel->text()));
        // Standing rules still load and can be edited.
        QCOMPARE(composition.agentService()->rules().size(), 1);
        inbox->openRules();
        QVERIFY(inbox->rulesDialog());
        inbox->rulesDialog()->close();

        // Retry before the fix: still refused, still said once.
        QTest::mouseClick(banner->retryButton(), Qt::LeftButton);
        QVERIFY(!composition.agentService()->isListening());
        QCOMPARE(cardsTitled(composition, QStringLiteral("Agents cannot connect")).size(), 1);

        // The fix the message names, then Retry.
        QVERIFY(QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QSignalSpy listening(&composition, &AppComposition::agentSocketListening);
        QTest::mouseClick(banner->retryButton(), Qt::LeftButton);
        QCOMPARE(listening.count(), 1);
        QVERIFY(composition.agentService()->isListening());
        QVERIFY(!banner->isVisible());
        QVERIFY(!composition.window()->agentProblemLabel()->isVisible());
        QVERIFY(cardsTitled(composition, QStringLiteral("Agents cannot connect")).isEmpty());
        QVERIFY2(socketLabel->text().contains(QStringLiteral("Listening for agents on")),
                 qPrintable(socketLabel->text()));

        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));
        QSignalSpy arrived(inbox, &InboxPage::requestArrived);
        client.request(QStringLiteral("review"),
                       {{QStringLiteral("payload"), reviewPayload()},
                        {QStringLiteral("title"), QStringLiteral("After the retry")},
                        {QStringLiteral("agent"), QStringLiteral("research-bot")}});
        QVERIFY(arrived.wait(Wait));
        QTRY_COMPARE_WITH_TIMEOUT(inbox->pendingCount(), 1, Wait);
    }

    // Taken by a program that is not kosa8 Desk: the fix names stopping it; once it stops, Retry
    // listens.
    void aSocketTakenByAnotherProgramSaysSoUntilRetryListens()
    {
        k8::test::StandinEnvironment env;
        k8::app::AppOptions options = env.options();
        options.socketPath = QDir(env.root()).filePath(QStringLiteral("taken.sock"));
        auto other = std::make_unique<QLocalServer>();
        QVERIFY(other->listen(options.socketPath));

        AppComposition composition(options);
        QString error;
        QVERIFY(!composition.start(&error));
        QVERIFY2(error.contains(options.socketPath), qPrintable(error));
        QVERIFY(!composition.agentService()->isListening());
        InboxPage* inbox = composition.inboxPage(); // buildable without a listening service
        QVERIFY(inbox);
        QVERIFY(inbox->agentUnavailableBanner()->text().contains(QLatin1String("Stop the program")));
        const QList<k8::app::MessageCard*> cards =
            cardsTitled(composition, QStringLiteral("Agents cannot connect"));
        QCOMPARE(cards.size(), 1);
        QVERIFY(cards.first()->bodyText().contains(options.socketPath));
        QVERIFY(cards.first()->bodyText().contains(QLatin1String("--socket")));

        other.reset(); // the other program stops (its socket file goes with it)
        QVERIFY(composition.retryAgentSocket());
        QVERIFY(composition.agentService()->isListening());
        QVERIFY(!inbox->agentUnavailableBanner()->isVisibleTo(inbox));
        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(options.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));
    }
};

QTEST_MAIN(TestAppComposition)
#include "tst_appcomposition.moc"
