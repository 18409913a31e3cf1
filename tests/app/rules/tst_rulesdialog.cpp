// SPDX-License-Identifier: Apache-2.0
#include "agent/AgentService.h"
#include "agent/review/InboxModel.h"
#include "editor/CodeEditor.h"
#include "rules/RuleActionView.h"
#include "rules/RulesDialog.h"
#include "rules/RulesTableModel.h"
#include "support/AgentTestClient.h"
#include "support/ServiceFolders.h"
#include "support/Waits.h"
#include "widgets/MessageBox.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace k8::agent;
using k8::app::MessageBox;
using k8::app::RulesDialog;
using k8::app::RulesTableModel;
using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Service;

void writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

QJsonArray rulesOnDisk(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("rules")).toArray();
}

// The Delete shortcut works on the focused table only: focus it as a person would.
bool focusTable(RulesDialog& dialog, QTableView* table)
{
    dialog.activateWindow();
    if (!QTest::qWaitForWindowActive(&dialog))
        return false;
    table->setFocus();
    return QTest::qWaitFor([table] { return table->hasFocus(); });
}

} // namespace

class TestRulesDialog : public QObject, private k8::test::ServiceFolders
{
    Q_OBJECT

private:
    std::unique_ptr<AgentService> m_service;
    AgentSettings m_settings;

private Q_SLOTS:
    void init()
    {
        QVERIFY(setUpFolders());
        m_settings = {};
        m_settings.socketPath = socketPath();
        m_settings.dataDir = dataDir();
        m_settings.rulesFile = m_dir->filePath(QStringLiteral("team-rules.json"));
        writeFile(m_settings.rulesPath(),
                  R"({"rules": [
  {"name": "no-night-bot", "decision": "reject", "agent": "night-bot"},
  {"name": "pandas-summary", "decision": "approve", "code_sha256": ")" +
                      QByteArray(64, 'a') + R"("}
]})");
        writeFile(m_settings.rulesFile,
                  R"({"rules": [{"name": "no-runs", "decision": "reject", "method": "run"}]})");
        m_service = std::make_unique<AgentService>();
        QString error;
        QVERIFY2(m_service->start(m_settings, &error), qPrintable(error));
    }

    void cleanup()
    {
        m_service.reset();
        tearDownFolders();
    }

    void listsOwnAndReadOnlyRules()
    {
        RulesDialog dialog(m_service.get());
        QAbstractItemModelTester tester(dialog.model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        RulesTableModel* model = dialog.model();
        QCOMPARE(model->rowCount(), 3);
        const int night = model->rowOf(QStringLiteral("no-night-bot"));
        const int runs = model->rowOf(QStringLiteral("no-runs"));
        const int pandas = model->rowOf(QStringLiteral("pandas-summary"));
        QVERIFY(night >= 0 && runs >= 0 && pandas >= 0);
        QCOMPARE(model->index(night, RulesTableModel::DecisionColumn).data().toString(),
                 QStringLiteral("reject"));
        QCOMPARE(model->index(night, RulesTableModel::MatchColumn).data().toString(),
                 QStringLiteral("agent \"night-bot\""));
        QCOMPARE(model->index(pandas, RulesTableModel::MatchColumn).data().toString(),
                 QStringLiteral("exact code aaaaaaaaaaaa…, nothing else"));
        QCOMPARE(model->index(runs, RulesTableModel::SourceColumn).data().toString(),
                 QStringLiteral("team-rules.json (read-only)"));
        QCOMPARE(model->index(night, RulesTableModel::EnabledColumn).data(Qt::CheckStateRole).toInt(),
                 int(Qt::Checked));
        QVERIFY(model->flags(model->index(night, RulesTableModel::EnabledColumn)) & Qt::ItemIsUserCheckable);
        QVERIFY(
            !(model->flags(model->index(runs, RulesTableModel::EnabledColumn)) & Qt::ItemIsUserCheckable));
    }

    void switchingOffARuleLetsRequestsThrough()
    {
        RulesDialog dialog(m_service.get());
        QAbstractItemModelTester tester(dialog.model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* table = dialog.findChild<QTableView*>(QStringLiteral("table"));
        QVERIFY(table);
        const int night = dialog.model()->rowOf(QStringLiteral("no-night-bot"));
        table->setFocus();
        table->setCurrentIndex(dialog.model()->index(night, RulesTableModel::EnabledColumn));
        QTest::keyClick(table, Qt::Key_Space); // the keyboard path to the checkbox
        const int row = dialog.model()->rowOf(QStringLiteral("no-night-bot"));
        QCOMPARE(dialog.model()->index(row, RulesTableModel::EnabledColumn).data(Qt::CheckStateRole).toInt(),
                 int(Qt::Unchecked));
        // Saved to rules.json...
        bool savedOff = false;
        for (const QJsonValue& rule : rulesOnDisk(m_settings.rulesPath())) {
            if (rule[QStringLiteral("name")] == QStringLiteral("no-night-bot"))
                savedOff = rule[QStringLiteral("enabled")] == QJsonValue(false);
        }
        QVERIFY(savedOff);
        // ...and in force: night-bot's request now waits for a person instead of being rejected.
        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(m_settings.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        client.request(QStringLiteral("review"), {{QStringLiteral("payload"), QStringLiteral("hello")},
                                                  {QStringLiteral("agent"), QStringLiteral("night-bot")}});
        QVERIFY(queued.wait(Wait));
        QCOMPARE(m_service->inbox()->count(), 1);
    }

    void readOnlyRulesCannotBeChanged()
    {
        RulesDialog dialog(m_service.get());
        QAbstractItemModelTester tester(dialog.model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* table = dialog.findChild<QTableView*>(QStringLiteral("table"));
        auto* deleteButton = dialog.findChild<QPushButton*>(QStringLiteral("deleteButton"));
        QVERIFY(table && deleteButton);
        const int runs = dialog.model()->rowOf(QStringLiteral("no-runs"));
        table->setCurrentIndex(dialog.model()->index(runs, RulesTableModel::NameColumn));
        QVERIFY(!deleteButton->isEnabled());
        QVERIFY(!dialog.model()->setData(dialog.model()->index(runs, RulesTableModel::EnabledColumn),
                                         Qt::Unchecked, Qt::CheckStateRole));
        // The Delete key on a read-only rule says why, and asks nothing: the answer stays unused.
        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        QVERIFY(focusTable(dialog, table));
        QTest::keyClick(table, Qt::Key_Delete);
        QVERIFY(dialog.messageText().contains(QLatin1String("read-only")));
        QCOMPARE(MessageBox::takeNextAnswer(), std::optional(MessageBox::Answer::Accept));
        QCOMPARE(dialog.model()->rowCount(), 3);
    }

    // Issue 7: the editor says what each rule binds, in words, and that agent names prove
    // nothing; agent-chosen text stays plain text everywhere.
    void showsWhatEachRuleBinds()
    {
        const QByteArray actionHash(64, 'b');
        const QString agent = QStringLiteral("<b>trusted</b> bot");
        writeFile(m_settings.rulesPath(),
                  R"({"rules": [
  {"name": "bound-action", "decision": "approve", "action_sha256": ")" +
                      actionHash + R"(", "agent": ")" + agent.toUtf8().replace('"', "\\\"") + R"("},
  {"name": "bare-code", "decision": "approve", "code_sha256": ")" +
                      QByteArray(64, 'a') + R"("}
]})");
        QString error;
        QVERIFY2(m_service->reloadRules(&error), qPrintable(error));
        RulesDialog dialog(m_service.get());
        QAbstractItemModelTester tester(dialog.model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        RulesTableModel* model = dialog.model();
        const int bound = model->rowOf(QStringLiteral("bound-action"));
        const int bare = model->rowOf(QStringLiteral("bare-code"));
        QVERIFY(bound >= 0 && bare >= 0);
        const QString match = model->index(bound, RulesTableModel::MatchColumn).data().toString();
        QVERIFY2(match.startsWith(QStringLiteral("exact action bbbbbbbbbbbb…")), qPrintable(match));
        QVERIFY2(match.contains(QLatin1String("proves nothing")), qPrintable(match));
        QVERIFY2(match.contains(agent), qPrintable(match)); // as sent, not as markup

        auto* table = dialog.findChild<QTableView*>(QStringLiteral("table"));
        auto* details = dialog.findChild<QLabel*>(QStringLiteral("detailsLabel"));
        QVERIFY(table && details);
        QCOMPARE(details->textFormat(), Qt::PlainText);
        QVERIFY(!details->accessibleDescription().isEmpty());
        table->setCurrentIndex(model->index(bound, RulesTableModel::NameColumn));
        const QString text = dialog.detailsText();
        QVERIFY2(text.contains(QString::fromLatin1(actionHash)), qPrintable(text)); // the full hash
        QVERIFY2(text.contains(QLatin1String("all of its arguments")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("sandbox")) && text.contains(QLatin1String("image")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("chosen by the agent and prove nothing")), qPrintable(text));
        QVERIFY2(text.contains(agent), qPrintable(text));
        QVERIFY2(text.contains(m_settings.rulesPath()), qPrintable(text));
        // The tool tip is rich text made on purpose, with the agent's markup escaped.
        const QString tip =
            model->index(bound, RulesTableModel::MatchColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("&lt;b&gt;trusted&lt;/b&gt;")), qPrintable(tip));
        QVERIFY2(!tip.contains(QLatin1String("<b>")), qPrintable(tip));

        table->setCurrentIndex(model->index(bare, RulesTableModel::NameColumn));
        const QString bareText = dialog.detailsText();
        QVERIFY2(bareText.contains(QLatin1String("only when nothing else comes with it")),
                 qPrintable(bareText));
        QVERIFY2(bareText.contains(QLatin1String("default sandbox")), qPrintable(bareText));
    }

    // Issue 27: the editor says which server a rule is limited to, and that one without a server
    // applies to every source.
    void showsTheServerARuleIsLimitedTo()
    {
        // Not a raw string: moc reads the "//" of a URL in one as the start of a comment.
        writeFile(m_settings.rulesPath(),
                  "{\"rules\": [\n"
                  "  {\"name\": \"hitl-at-2024\", \"decision\": \"reject\", \"agent\": \"hitl\",\n"
                  "   \"server\": \"http://127.0.0.1:2024/\"},\n"
                  "  {\"name\": \"hitl-anywhere\", \"decision\": \"reject\", \"agent\": \"hitl\"}\n]}");
        QString error;
        QVERIFY2(m_service->reloadRules(&error), qPrintable(error));
        RulesDialog dialog(m_service.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        RulesTableModel* model = dialog.model();
        const int limited = model->rowOf(QStringLiteral("hitl-at-2024"));
        const int anywhere = model->rowOf(QStringLiteral("hitl-anywhere"));
        QVERIFY(limited >= 0 && anywhere >= 0);
        QCOMPARE(model->index(limited, RulesTableModel::MatchColumn).data().toString(),
                 QStringLiteral("agent \"hitl\", only from LangGraph server http://127.0.0.1:2024"));
        QCOMPARE(model->index(anywhere, RulesTableModel::MatchColumn).data().toString(),
                 QStringLiteral("agent \"hitl\""));
        auto* table = dialog.findChild<QTableView*>(QStringLiteral("table"));
        QVERIFY(table);
        table->setCurrentIndex(model->index(limited, RulesTableModel::NameColumn));
        QString text = dialog.detailsText();
        QVERIFY2(text.contains(QLatin1String("Server: http://127.0.0.1:2024\n")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("never to those of another server or of the socket")),
                 qPrintable(text));
        table->setCurrentIndex(model->index(anywhere, RulesTableModel::NameColumn));
        text = dialog.detailsText();
        QVERIFY2(text.contains(QLatin1String("Server: any")), qPrintable(text));
    }

    // "Always approve…" from a review lands in the editor as an action rule, saved with its hash.
    void alwaysApproveShowsInTheEditor()
    {
        RulesDialog dialog(m_service.get());
        QAbstractItemModelTester tester(dialog.model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const int before = dialog.model()->rowCount();
        AgentTestClient client;
        QSignalSpy connected(&client, &AgentTestClient::connected);
        client.connectTo(m_settings.socketPath);
        QVERIFY(client.isConnected() || connected.wait(Wait));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        client.request(
            QStringLiteral("review"),
            {{QStringLiteral("payload"), QJsonObject{{QStringLiteral("question"), QStringLiteral("ok?")},
                                                     {QStringLiteral("code"), QStringLiteral("print(1)")},
                                                     {QStringLiteral("cwd"), QStringLiteral("/")}}}});
        QVERIFY(queued.wait(Wait));
        const quint64 key = queued.first().at(0).toULongLong();
        PersonDecision decision;
        decision.actions.append(ActionDecision{DecisionKind::Approve, {}, {}});
        QString error;
        QVERIFY2(m_service->addApproveActionRule(key, decision, &error), qPrintable(error));
        QCOMPARE(dialog.model()->rowCount(), before + 1);
        int row = -1;
        for (int r = 0; r < dialog.model()->rowCount(); ++r) {
            if (dialog.model()->ruleAt(r)->name.startsWith(QLatin1String("approve-review-")))
                row = r;
        }
        QVERIFY(row >= 0);
        const Rule* rule = dialog.model()->ruleAt(row);
        QVERIFY(rule->codeSha256.isEmpty());
        QCOMPARE(rule->actionSha256.size(), 64);
        // The table says what the rule approves before its hash (issue 25, defect 3).
        const QString match = dialog.model()->index(row, RulesTableModel::MatchColumn).data().toString();
        QVERIFY2(match.startsWith(QStringLiteral("payload with code: print(1), exact action ") +
                                  rule->actionSha256.left(12)),
                 qPrintable(match));
        bool saved = false;
        const QJsonObject bound{
            {QStringLiteral("method"), QStringLiteral("review")},
            {QStringLiteral("payload"), QJsonObject{{QStringLiteral("question"), QStringLiteral("ok?")},
                                                    {QStringLiteral("code"), QStringLiteral("print(1)")},
                                                    {QStringLiteral("cwd"), QStringLiteral("/")}}}};
        for (const QJsonValue& onDisk : rulesOnDisk(m_settings.rulesPath()))
            saved = saved || (onDisk[QStringLiteral("action_sha256")] == QJsonValue(rule->actionSha256) &&
                              onDisk[QStringLiteral("action")] == QJsonValue(bound));
        QVERIFY2(saved, "rules.json lacks the action beside its hash");

        // The editor shows the code and the other fields, and renames the rule: the old name is
        // kept among its earlier names.
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* table = dialog.findChild<QTableView*>(QStringLiteral("table"));
        table->setCurrentIndex(dialog.model()->index(row, RulesTableModel::NameColumn));
        QCOMPARE(dialog.actionView()->codeEditor()->code(), QStringLiteral("print(1)"));
        QVERIFY(dialog.actionView()->codeEditor()->isVisibleTo(&dialog));
        QVERIFY2(dialog.actionView()->argsEditor()->code().contains(QLatin1String("\"cwd\": \"/\"")),
                 qPrintable(dialog.actionView()->argsEditor()->code()));
        const QString oldName = rule->name;
        dialog.nameEdit()->setText(QStringLiteral("print one"));
        QTest::keyClick(dialog.nameEdit(), Qt::Key_Return);
        QVERIFY2(dialog.messageText().isEmpty(), qPrintable(dialog.messageText()));
        const int renamedRow = dialog.model()->rowOf(QStringLiteral("print one"));
        QVERIFY(renamedRow >= 0);
        QCOMPARE(dialog.model()->ruleAt(renamedRow)->earlierNames, QStringList{oldName});
        QVERIFY2(dialog.isVisible(), "Return in the name field closed the editor");
    }

    void deleteOwnRule()
    {
        RulesDialog dialog(m_service.get());
        QAbstractItemModelTester tester(dialog.model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* table = dialog.findChild<QTableView*>(QStringLiteral("table"));
        auto* deleteButton = dialog.findChild<QPushButton*>(QStringLiteral("deleteButton"));
        const int pandas = dialog.model()->rowOf(QStringLiteral("pandas-summary"));
        table->setCurrentIndex(dialog.model()->index(pandas, RulesTableModel::NameColumn));
        QVERIFY(deleteButton->isEnabled());

        // The Delete key asks first (a destructive question naming the rule); Cancel keeps it.
        MessageBox::setNextAnswer(MessageBox::Answer::Cancel);
        QVERIFY(focusTable(dialog, table));
        QTest::keyClick(table, Qt::Key_Delete);
        QVERIFY(!MessageBox::takeNextAnswer());
        const MessageBox::Question asked = MessageBox::lastQuestion();
        QCOMPARE(asked.objectName, QStringLiteral("deleteRuleQuestion"));
        QVERIFY(asked.destructive);
        QVERIFY2(asked.text.contains(QLatin1String("\"pandas-summary\"")), qPrintable(asked.text));
        QCOMPARE(dialog.model()->rowCount(), 3);
        QCOMPARE(rulesOnDisk(m_settings.rulesPath()).size(), 2);

        // The button asks the same; Delete deletes.
        MessageBox::setNextAnswer(MessageBox::Answer::Accept);
        QTest::mouseClick(deleteButton, Qt::LeftButton);
        QVERIFY(!MessageBox::takeNextAnswer());
        QCOMPARE(MessageBox::lastQuestion().objectName, QStringLiteral("deleteRuleQuestion"));
        QCOMPARE(dialog.model()->rowCount(), 2);
        QCOMPARE(dialog.model()->rowOf(QStringLiteral("pandas-summary")), -1);
        QCOMPARE(rulesOnDisk(m_settings.rulesPath()).size(), 1);
        QCOMPARE(m_service->rules().size(), 2);
    }
};

QTEST_MAIN(TestRulesDialog)
#include "tst_rulesdialog.moc"
