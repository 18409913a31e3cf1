#include "agent/AgentService.h"
#include "agent/InboxModel.h"
#include "rules/RulesDialog.h"
#include "rules/RulesTableModel.h"
#include "support/AgentTestClient.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace k8::agent;
using k8::app::RulesDialog;
using k8::app::RulesTableModel;
using k8::test::AgentTestClient;

namespace {

constexpr int Wait = 15000;

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

} // namespace

class TestRulesDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<AgentService> m_service;
    AgentSettings m_settings;

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_settings = {};
        m_settings.socketPath = m_dir->filePath(QStringLiteral("sock/agent.sock"));
        m_settings.dataDir = m_dir->filePath(QStringLiteral("data"));
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
        m_dir.reset();
    }

    void listsOwnAndReadOnlyRules()
    {
        RulesDialog dialog(m_service.get());
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
                 QStringLiteral("exact code aaaaaaaaaaaa…"));
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
        dialog.deleteSelected(false);
        QVERIFY(dialog.messageText().contains(QLatin1String("read-only")));
        QCOMPARE(dialog.model()->rowCount(), 3);
    }

    void deleteOwnRule()
    {
        RulesDialog dialog(m_service.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* table = dialog.findChild<QTableView*>(QStringLiteral("table"));
        auto* deleteButton = dialog.findChild<QPushButton*>(QStringLiteral("deleteButton"));
        const int pandas = dialog.model()->rowOf(QStringLiteral("pandas-summary"));
        table->setCurrentIndex(dialog.model()->index(pandas, RulesTableModel::NameColumn));
        QVERIFY(deleteButton->isEnabled());
        dialog.deleteSelected(false);
        QCOMPARE(dialog.model()->rowCount(), 2);
        QCOMPARE(dialog.model()->rowOf(QStringLiteral("pandas-summary")), -1);
        QCOMPARE(rulesOnDisk(m_settings.rulesPath()).size(), 1);
        QCOMPARE(m_service->rules().size(), 2);
    }
};

QTEST_MAIN(TestRulesDialog)
#include "tst_rulesdialog.moc"
