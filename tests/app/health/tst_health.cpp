// SPDX-License-Identifier: Apache-2.0
// kosa8's health as the person sees it: a missing kosa8 or one that does not answer gets a
// panel that says what is wrong and how to fix it; Retry checks again.

#include "health/HealthMonitor.h"
#include "health/HealthPanel.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
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
        context.settings()->setRemoteHost(QStringLiteral("mac-worker.local:7443"));
        context.settings()->setRemoteToken(QStringLiteral("tok-SECRET-123"));
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
};

QTEST_MAIN(TestHealth)
#include "tst_health.moc"
