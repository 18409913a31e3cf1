// SPDX-License-Identifier: Apache-2.0
// kosa8's health as the person sees it: a missing kosa8 or one that does not answer gets a
// panel that says what is wrong and how to fix it; Retry checks again.

#include "health/ExecutableWatcher.h"
#include "health/HealthMonitor.h"
#include "health/HealthPanel.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "secrets/ProfileSecrets.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"

#include <QPushButton>
#include <QtTest>

using namespace k8;
using State = app::HealthMonitor::State;

namespace {
constexpr int Slow = k8::test::waits::Standin;
}

class TestHealth : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void missingKosa8SaysNotFoundAndHowToFix()
    {
        test::StandinEnvironment env;
        const QString missing = env.root() + QStringLiteral("/no/such/kosa8");
        app::AppContext context(env.options(missing));
        app::HealthMonitor monitor(&context);
        QWidget window;
        auto* panel = new app::HealthPanel(&monitor, &window);
        app::HealthIndicator indicator(&monitor);
        window.show();
        QVERIFY(panel->isHidden());
        // Built at the first problem, not before (bench_startup: hidden, it still cost start-up).
        QVERIFY(!panel->retryButton());
        QVERIFY(panel->findChildren<QWidget*>().isEmpty());
        monitor.check();
        QTRY_COMPARE_WITH_TIMEOUT(monitor.state(), State::Missing, Slow);
        QVERIFY(panel->isVisible());
        QVERIFY2(panel->titleText().contains(QStringLiteral("not found")), qPrintable(panel->titleText()));
        QVERIFY(panel->bodyText().contains(missing));
        QVERIFY(panel->bodyText().contains(QStringLiteral("Apple-silicon")));
        QVERIFY(panel->bodyText().contains(QStringLiteral("KOSA8_HOST")));
        QVERIFY(panel->detailsText().contains(missing));
        QCOMPARE(indicator.text(), QStringLiteral("kosa8 not found"));
    }

    void missingOnPathIsSaidSo()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options(QStringLiteral("kosa8-not-installed-anywhere")));
        app::HealthMonitor monitor(&context);
        monitor.check();
        QTRY_COMPARE_WITH_TIMEOUT(monitor.state(), State::Missing, Slow);
        QVERIFY(monitor.problemText().contains(QStringLiteral("not found on PATH")));
    }

    void answeringKosa8ShowsVersions()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::HealthMonitor monitor(&context);
        app::HealthPanel panel(&monitor);
        app::HealthIndicator indicator(&monitor);
        QCOMPARE(indicator.text(), QStringLiteral("Checking kosa8…"));
        monitor.check();
        QTRY_COMPARE_WITH_TIMEOUT(monitor.state(), State::Ok, Slow);
        QVERIFY(panel.isHidden());
        QCOMPARE(indicator.text(), QStringLiteral("kosa8 0.9.0-standin · daemon 0.9.0-standin"));
        QVERIFY(env.wasCalledWith({QStringLiteral("version")}));
    }

    void notAnsweringShowsExitCodeAndRetryRecovers()
    {
        test::StandinEnvironment env;
        env.setFaults(QJsonObject{{QStringLiteral("version"),
                                   QJsonObject{{QStringLiteral("mode"), QStringLiteral("exit")},
                                               {QStringLiteral("code"), 5},
                                               {QStringLiteral("message"),
                                                QStringLiteral("kosa8: daemon kosa8d is not running")}}}});
        app::AppContext context(env.options());
        app::HealthMonitor monitor(&context);
        QWidget window;
        auto* panel = new app::HealthPanel(&monitor, &window);
        window.show();
        monitor.check();
        QTRY_COMPARE_WITH_TIMEOUT(monitor.state(), State::NotAnswering, Slow);
        QVERIFY(panel->isVisible());
        QCOMPARE(panel->titleText(), QStringLiteral("kosa8 is not answering"));
        QVERIFY(panel->bodyText().contains(QStringLiteral("code 5")));
        QVERIFY(panel->bodyText().contains(QStringLiteral("kosa8d is not running")));
        QVERIFY(panel->bodyText().contains(QStringLiteral("kosa8 daemon start")));

        env.clearFaults();
        QTest::mouseClick(panel->retryButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(monitor.state(), State::Ok, Slow);
        QVERIFY(panel->isHidden());
    }

    void remoteWorkerGetsHostAndTokenButPreviewsHideTheToken()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        QVERIFY(context.switchProfile(context.profileSecrets()->addRemote(
            QStringLiteral("Mac worker"), QStringLiteral("mac-worker.local:7443"),
            QStringLiteral("tok-SECRET-123"))));
        app::HealthMonitor monitor(&context);
        monitor.check();
        QTRY_COMPARE_WITH_TIMEOUT(monitor.state(), State::Ok, Slow);
        // The stand-in names the worker it was pointed at.
        QVERIFY(monitor.version()
                    .rawLines.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("mac-worker.local:7443")));
        QVERIFY(!monitor.lastResult().preview.contains(QStringLiteral("tok-SECRET-123")));
        QVERIFY(monitor.lastResult().preview.contains(QStringLiteral("KOSA8_HOST=")));
        // The stand-in records what reached it: the token did arrive.
        QFile calls(QDir(env.statePath()).filePath(QStringLiteral("calls.jsonl")));
        QVERIFY(calls.open(QIODevice::ReadOnly));
        QVERIFY(calls.readAll().contains("tok-SECRET-123"));
    }

    // issue 14: kosa8 missing at start, then installed into a folder on the PATH: the app notices
    // by itself (a watch on the PATH folders, not the slow fallback, which is ten minutes here)
    // and the "not found" panel goes away without Retry.
    void installedOnPathLaterIsNoticedWithoutRetry()
    {
        test::StandinEnvironment env;
        const QString bin = env.root() + QStringLiteral("/bin");
        QVERIFY(QDir().mkpath(bin));
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", (bin + QStringLiteral(":/usr/bin:/bin")).toLocal8Bit());
        const auto restorePath = qScopeGuard([&] { qputenv("PATH", oldPath); });

        app::AppContext context(env.options(QStringLiteral("kosa8")));
        app::HealthMonitor monitor(&context);
        monitor.executableWatcher()->setFallbackIntervalMs(10 * 60'000);
        app::HealthPanel panel(&monitor);
        panel.show();
        monitor.check();
        QTRY_COMPARE_WITH_TIMEOUT(monitor.state(), State::Missing, Slow);
        QVERIFY(panel.isVisible());
        QVERIFY(monitor.executableWatcher()->isWatching());
        QVERIFY2(monitor.executableWatcher()->watchedPaths().contains(bin),
                 qPrintable(monitor.executableWatcher()->watchedPaths().join(QLatin1Char(' '))));

        QSignalSpy changed(&monitor, &app::HealthMonitor::stateChanged);
        QVERIFY(QFile::copy(test::StandinEnvironment::standin(), bin + QStringLiteral("/kosa8")));
        QVERIFY(changed.wait(Slow));
        QCOMPARE(changed.last().first().value<State>(), State::Ok);
        QVERIFY(panel.isHidden());
        QVERIFY(!monitor.executableWatcher()->isWatching());
    }

    // The configured path, in a folder that does not exist yet: its nearest parent is watched,
    // then the folder once it is made; a file without the execute bit is not yet kosa8.
    void installedAtConfiguredPathLaterIsNoticed()
    {
        test::StandinEnvironment env;
        const QString folder = env.root() + QStringLiteral("/opt/kosa8/bin");
        const QString executable = folder + QStringLiteral("/kosa8");
        app::AppContext context(env.options(executable));
        app::HealthMonitor monitor(&context);
        monitor.executableWatcher()->setFallbackIntervalMs(10 * 60'000);
        monitor.check();
        QTRY_COMPARE_WITH_TIMEOUT(monitor.state(), State::Missing, Slow);
        QVERIFY(monitor.executableWatcher()->watchedPaths().contains(env.root()));

        QSignalSpy changed(&monitor, &app::HealthMonitor::stateChanged);
        QVERIFY(QDir().mkpath(folder));
        QTRY_VERIFY_WITH_TIMEOUT(monitor.executableWatcher()->watchedPaths().contains(folder), Slow);
        QFile source(test::StandinEnvironment::standin());
        QVERIFY(source.open(QIODevice::ReadOnly));
        QFile target(executable);
        QVERIFY(target.open(QIODevice::WriteOnly));
        target.write(source.readAll());
        target.close();
        QVERIFY(target.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
        QTest::qWait(500); // settled and looked: not executable, so not found
        QCOMPARE(monitor.state(), State::Missing);
        QVERIFY(changed.isEmpty());
        QVERIFY(target.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QVERIFY(changed.wait(Slow));
        QCOMPARE(changed.last().first().value<State>(), State::Ok);
    }
};

QTEST_MAIN(TestHealth)
#include "tst_health.moc"
