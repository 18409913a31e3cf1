// SPDX-License-Identifier: Apache-2.0
// Screenshots of the inbox page for a person to look at (see CMakeLists.txt). Not a test.
#include "agent/AgentService.h"
#include "editor/CodeEditor.h"
#include "inbox/InboxPage.h"
#include "inbox/ReviewView.h"
#include "kosa8/Kosa8Runner.h"
#include "rules/RulesDialog.h"
#include "support/AgentTestClient.h"

#include <QApplication>
#include <QJsonArray>
#include <QListView>
#include <QProcess>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

using namespace k8::agent;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("/tmp");
    const bool dark = argc > 2 && QString::fromLocal8Bit(argv[2]) == u"dark";
    if (dark) {
        QPalette palette;
        palette.setColor(QPalette::Window, QColor(0x2b2b2b));
        palette.setColor(QPalette::WindowText, QColor(0xdddddd));
        palette.setColor(QPalette::Base, QColor(0x1e1e1e));
        palette.setColor(QPalette::Text, QColor(0xdddddd));
        palette.setColor(QPalette::Button, QColor(0x3c3c3c));
        palette.setColor(QPalette::ButtonText, QColor(0xdddddd));
        QApplication::setPalette(palette);
    }
    QTemporaryDir dir;
    const QString standin = qEnvironmentVariable("KOSA8_STANDIN");
    qputenv("KOSA8_STANDIN_STATE", QFile::encodeName(dir.filePath(QStringLiteral("state"))));
    QProcess::execute(standin, {QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")});
    k8::kosa8::Kosa8Runner runner;
    k8::kosa8::ConnectionProfile connection;
    connection.executable = standin;
    runner.setConnection(connection);
    AgentSettings settings;
    settings.socketPath = dir.filePath(QStringLiteral("agent.sock"));
    settings.dataDir = dir.filePath(QStringLiteral("data"));
    settings.defaultSandbox = QStringLiteral("box1");
    AgentService service(&runner);
    QString error;
    if (!service.start(settings, &error))
        qFatal("%s", qPrintable(error));
    service.addRejectAgentRule(QStringLiteral("night-bot"));

    k8::app::InboxPage page(&service);
    page.reviewView()->setArmDelayMs(0); // the harness presses at fixed times
    page.resize(1400, 860);
    page.show();

    k8::test::AgentTestClient client;
    client.connectTo(settings.socketPath);
    const QString code = QStringLiteral(
        "import pandas as pd\n\n@cache\ndef summary(path: str) -> dict:\n    \"\"\"Summarise a CSV file.\n   "
        " "
        "Returns the shape and dtypes.\"\"\"\n    df = pd.read_csv(path)  # local file only\n    return "
        "{\"rows\": len(df), \"cols\": 12}\n\nprint(summary('data.csv'))\n");
    QTimer::singleShot(200, [&] {
        client.request(
            QStringLiteral("review"),
            {{QStringLiteral("payload"),
              QJsonObject{
                  {QStringLiteral("action_requests"),
                   QJsonArray{QJsonObject{
                       {QStringLiteral("name"), QStringLiteral("python_repl")},
                       {QStringLiteral("args"),
                        QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("timeout"), 30}}},
                       {QStringLiteral("description"), QStringLiteral("Tool execution pending approval")}}}},
                  {QStringLiteral("review_configs"),
                   QJsonArray{QJsonObject{{QStringLiteral("action_name"), QStringLiteral("python_repl")},
                                          {QStringLiteral("allowed_decisions"),
                                           QJsonArray{QStringLiteral("approve"), QStringLiteral("edit"),
                                                      QStringLiteral("reject")}}}}}}},
             {QStringLiteral("title"), QStringLiteral("Summarise data.csv")},
             {QStringLiteral("agent"), QStringLiteral("analyst")},
             {QStringLiteral("thread_id"), QStringLiteral("t-42")}});
        client.request(QStringLiteral("run"),
                       {{QStringLiteral("code"), QStringLiteral("echo hi\nls -la /\n")},
                        {QStringLiteral("language"), QStringLiteral("bash")},
                        {QStringLiteral("title"), QStringLiteral("List the root")},
                        {QStringLiteral("agent"), QStringLiteral("ops-bot")}});
    });
    QTimer::singleShot(1200, [&] {
        page.grab().save(out + QStringLiteral("/inbox-1-review.png"));
        auto* review = page.reviewView();
        review->editAction()->trigger();
        review->codeEditor()->moveCursor(QTextCursor::End);
        review->codeEditor()->insertPlainText(QStringLiteral("print('edited by a person')\n"));
    });
    QTimer::singleShot(1800, [&] {
        page.grab().save(out + QStringLiteral("/inbox-2-edit.png"));
        page.selectNext();
    });
    QTimer::singleShot(2300, [&] {
        page.grab().save(out + QStringLiteral("/inbox-3-run.png"));
        page.reviewView()->approveAction()->trigger();
    });
    QTimer::singleShot(6000, [&] {
        // The run, picked in the recent runs: its code, commands and output in the run pane.
        page.runList()->setCurrentIndex(page.runList()->model()->index(0, 0));
        QApplication::processEvents();
        page.grab().save(out + QStringLiteral("/inbox-4-ran.png"));
        page.listTabs()->setCurrentIndex(1);
        page.grab().save(out + QStringLiteral("/inbox-6-history.png"));
        k8::app::RulesDialog dialog(&service);
        dialog.resize(760, 360);
        dialog.show();
        QApplication::processEvents();
        dialog.grab().save(out + QStringLiteral("/inbox-5-rules.png"));
        QApplication::quit();
    });
    return QApplication::exec();
}
