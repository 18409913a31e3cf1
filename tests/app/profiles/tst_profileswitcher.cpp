// SPDX-License-Identifier: Apache-2.0
// The status bar's profile switcher in the real main window: picking another profile gives the
// runner its connection (the next command shows KOSA8_HOST), re-checks kosa8, empties the
// sandbox list at once and reads it from the new connection (no rows of the old one stay), and
// says so in the message area. The two profiles point the stand-in at two state folders
// (extraEnvironment), so the lists differ.

#include "health/HealthMonitor.h"
#include "kosa8/ConnectionProfiles.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/SandboxListModel.h"
#include "mainwindow/MainWindow.h"
#include "plumbing/AppContext.h"
#include "profiles/ProfileSwitcher.h"
#include "sandboxes/SandboxesPage.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"

#include <QMenu>
#include <QProcess>
#include <QSignalSpy>
#include <QStatusBar>
#include <QtTest>

using namespace k8;
using kosa8::SavedProfile;

namespace {
constexpr int Slow = test::waits::Standin;

// Test set-up only: a sandbox in a stand-in state folder of its own.
bool createSandbox(const QString& statePath, const QString& name)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), statePath);
    process.setProcessEnvironment(environment);
    process.start(test::StandinEnvironment::standin(),
                  {QStringLiteral("sandbox"), QStringLiteral("create"), name, QStringLiteral("--egress"),
                   QStringLiteral("deny")});
    return process.waitForFinished(test::waits::Standin) && process.exitCode() == 0;
}
} // namespace

class TestProfileSwitcher : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void switchingFromTheStatusBarFollowsTheNewConnection()
    {
        test::StandinEnvironment env;
        const QString stateA = env.root() + QStringLiteral("/state-a");
        const QString stateB = env.root() + QStringLiteral("/state-b");
        QVERIFY(createSandbox(stateA, QStringLiteral("box-of-a")));
        QVERIFY(createSandbox(stateB, QStringLiteral("box-of-b")));

        app::AppContext context(env.options());
        kosa8::ConnectionProfiles* profiles = context.profiles();
        SavedProfile local = profiles->active();
        local.extraEnvironment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), stateA);
        QVERIFY(profiles->update(local));
        SavedProfile worker;
        worker.name = QStringLiteral("Mac worker");
        worker.kind = SavedProfile::Kind::Remote;
        worker.host = QStringLiteral("mac-worker.local:7443");
        worker.extraEnvironment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), stateB);
        const QString workerId = profiles->add(worker);
        QVERIFY(!workerId.isEmpty());

        app::MainWindow window(&context);
        window.show();
        window.startMonitoring();
        kosa8::SandboxListModel* sandboxes = window.sandboxesPage()->model();
        QTRY_VERIFY_WITH_TIMEOUT(sandboxes->find(QStringLiteral("box-of-a")), Slow);
        QTRY_COMPARE_WITH_TIMEOUT(window.health()->state(), app::HealthMonitor::State::Ok, Slow);

        auto* switcher =
            window.statusBar()->findChild<app::ProfileSwitcher*>(QStringLiteral("profileSwitcher"));
        QVERIFY(switcher);
        QCOMPARE(switcher->text(), QStringLiteral("Profile: Local"));
        QVERIFY(switcher->isVisible());
        QVERIFY(!switcher->accessibleName().isEmpty());

        // The menu lists both, the active one checked; pick the worker.
        Q_EMIT switcher->profileMenu()->aboutToShow();
        QAction* pick = nullptr;
        for (QAction* action : switcher->profileMenu()->actions()) {
            if (action->data().toString() == profiles->activeId())
                QVERIFY(action->isChecked());
            if (action->data().toString() == workerId)
                pick = action;
        }
        QVERIFY(pick);
        QVERIFY(!pick->isChecked());
        QSignalSpy posted(&context, &app::AppContext::messagePosted);
        pick->trigger();

        // At once: the runner's connection, the button, and no rows of the old connection.
        QCOMPARE(profiles->activeId(), workerId);
        QCOMPARE(switcher->text(), QStringLiteral("Profile: Mac worker"));
        QVERIFY(context.runner()
                    ->preview(kosa8::Operation::SandboxList, {})
                    .startsWith(QStringLiteral("KOSA8_HOST=mac-worker.local:7443 ")));
        QVERIFY(!sandboxes->find(QStringLiteral("box-of-a")));
        QVERIFY(!sandboxes->isLoaded());
        // Then the list of the new connection.
        QTRY_VERIFY_WITH_TIMEOUT(sandboxes->find(QStringLiteral("box-of-b")), Slow);
        QVERIFY(!sandboxes->find(QStringLiteral("box-of-a")));
        // Health re-checked against the worker (the stand-in names the worker it was sent to).
        QTRY_VERIFY_WITH_TIMEOUT(window.health()
                                     ->version()
                                     .rawLines.join(QLatin1Char('\n'))
                                     .contains(QStringLiteral("mac-worker.local:7443")),
                                 Slow);
        // Visible in the message area.
        bool said = false;
        for (const QList<QVariant>& arguments : std::as_const(posted))
            said = said ||
                   arguments.first().value<app::UserMessage>().title.contains(QStringLiteral("Mac worker"));
        QVERIFY(said);
        // And remembered for the next start.
        app::AppContext again(env.options());
        QCOMPARE(again.profiles()->activeId(), workerId);
    }
};

QTEST_MAIN(TestProfileSwitcher)
#include "tst_profileswitcher.moc"
