// SPDX-License-Identifier: Apache-2.0
// "Set up a code sandbox" against the stand-in: the three steps with their exact commands, and
// a failing pull that stops the setup there with the command, exit code and stderr.

#include "kosa8/Kosa8Runner.h"
#include "plumbing/AppContext.h"
#include "setup/CodeSandboxSetup.h"
#include "setup/SetupDialog.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"

#include <QPushButton>
#include <QtTest>

using namespace k8;
using StepState = app::CodeSandboxSetup::StepState;

namespace {
constexpr int Slow = k8::test::waits::Binary;

const QStringList CreateArgv{QStringLiteral("sandbox"), QStringLiteral("create"),
                             QStringLiteral("code-runner"), QStringLiteral("--egress"),
                             QStringLiteral("deny")};
const QStringList PullArgv{QStringLiteral("sandbox"), QStringLiteral("pull"), QStringLiteral("code-runner"),
                           QStringLiteral("python:3.12-slim")};
const QStringList CheckpointArgv{QStringLiteral("checkpoint"), QStringLiteral("code-runner"),
                                 QStringLiteral("--label"), QStringLiteral("clean")};
} // namespace

class TestCodeSandboxSetup : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void stepsShowTheirCommandsBeforeRunning()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::CodeSandboxSetup setup(context.runner());
        QCOMPARE(setup.steps().size(), 3);
        const QString program = test::StandinEnvironment::standin();
        QCOMPARE(setup.steps().at(0).command,
                 program + QStringLiteral(" sandbox create code-runner --egress deny"));
        QCOMPARE(setup.steps().at(1).command,
                 program + QStringLiteral(" sandbox pull code-runner python:3.12-slim"));
        QCOMPARE(setup.steps().at(2).command,
                 program + QStringLiteral(" checkpoint code-runner --label clean"));
        QVERIFY(env.calls().isEmpty()); // nothing ran yet
    }

    void runsTheThreeSteps()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        auto* setup = new app::CodeSandboxSetup(context.runner());
        app::SetupDialog dialog(setup);
        dialog.show();
        QSignalSpy finished(setup, &app::CodeSandboxSetup::finished);
        QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
        QVERIFY(setup->isRunning());
        QVERIFY(finished.wait(Slow));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(setup->succeeded());
        for (const app::CodeSandboxSetup::Step& step : setup->steps())
            QCOMPARE(step.state, StepState::Done);
        QCOMPARE(env.calls(), (QList<QStringList>{CreateArgv, PullArgv, CheckpointArgv}));
        QVERIFY(dialog.resultText().contains(QStringLiteral("code-runner is ready")));
        QCOMPARE(dialog.stepStateText(1), QStringLiteral("done"));
        QVERIFY(dialog.outputText().contains(QStringLiteral("Pulled python:3.12-slim")));

        // What a person would check afterwards: the image is there and `clean` can be rewound to.
        QProcess list;
        list.start(test::StandinEnvironment::standin(),
                   {QStringLiteral("checkpoint"), QStringLiteral("ls"), QStringLiteral("code-runner")});
        QVERIFY(list.waitForFinished(Slow));
        QVERIFY(list.readAllStandardOutput().contains("clean"));
    }

    void failingPullStopsThereWithTheReason()
    {
        test::StandinEnvironment env;
        env.setFaults(QJsonObject{{QStringLiteral("sandbox pull"),
                                   QJsonObject{{QStringLiteral("mode"), QStringLiteral("exit")},
                                               {QStringLiteral("code"), 4},
                                               {QStringLiteral("message"),
                                                QStringLiteral("kosa8: registry.example unreachable")}}}});
        app::AppContext context(env.options());
        auto* setup = new app::CodeSandboxSetup(context.runner());
        app::SetupDialog dialog(setup);
        dialog.show();
        QSignalSpy finished(setup, &app::CodeSandboxSetup::finished);
        QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
        QVERIFY(finished.wait(Slow));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(setup->failedStep(), 1);
        QCOMPARE(setup->steps().at(0).state, StepState::Done);
        QCOMPARE(setup->steps().at(1).state, StepState::Failed);
        QCOMPARE(setup->steps().at(2).state, StepState::Pending);
        // The checkpoint never ran.
        QCOMPARE(env.calls(), (QList<QStringList>{CreateArgv, PullArgv}));

        const QString message = dialog.resultText();
        QVERIFY2(message.contains(QStringLiteral("Step 2 of 3")), qPrintable(message));
        QVERIFY(message.contains(QStringLiteral("sandbox pull code-runner python:3.12-slim")));
        QVERIFY(message.contains(QStringLiteral("code 4")));
        QVERIFY(message.contains(QStringLiteral("registry.example unreachable")));
        QVERIFY(dialog.stepStateText(1).contains(QStringLiteral("4")));
        QVERIFY2(dialog.startButton()->isEnabled(), "the person can try again");

        // Try again once the registry is back: the sandbox is not created twice.
        env.clearFaults();
        finished.clear();
        QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
        QVERIFY(finished.wait(Slow));
        QVERIFY(setup->succeeded());
        QCOMPARE(env.calls(), (QList<QStringList>{CreateArgv, PullArgv, PullArgv, CheckpointArgv}));
    }

    void existingSandboxIsNotCreatedAgain()
    {
        test::StandinEnvironment env;
        QCOMPARE(env.runStandin(CreateArgv), 0);
        app::AppContext context(env.options());
        app::CodeSandboxSetup setup(context.runner());
        setup.setSandboxExists(true);
        QSignalSpy finished(&setup, &app::CodeSandboxSetup::finished);
        setup.start();
        QVERIFY(finished.wait(Slow));
        QVERIFY(setup.succeeded());
        QCOMPARE(setup.steps().at(0).state, StepState::Skipped);
        QCOMPARE(env.calls(),
                 (QList<QStringList>{CreateArgv, PullArgv, CheckpointArgv})); // create: the set-up call
    }

    void cancelStopsTheRunningStep()
    {
        test::StandinEnvironment env;
        env.setFaults(QJsonObject{
            {QStringLiteral("sandbox pull"), QJsonObject{{QStringLiteral("mode"), QStringLiteral("hang")}}}});
        app::AppContext context(env.options());
        app::CodeSandboxSetup setup(context.runner());
        QSignalSpy finished(&setup, &app::CodeSandboxSetup::finished);
        QSignalSpy changed(&setup, &app::CodeSandboxSetup::stepChanged);
        setup.start();
        QTRY_COMPARE_WITH_TIMEOUT(setup.steps().at(1).state, StepState::Running, Slow);
        setup.cancel();
        QVERIFY(finished.wait(Slow));
        QVERIFY(!setup.succeeded());
        QCOMPARE(setup.steps().at(1).state, StepState::Cancelled);
        QVERIFY(setup.failureText().contains(QStringLiteral("cancelled")));
    }
};

QTEST_MAIN(TestCodeSandboxSetup)
#include "tst_codesandboxsetup.moc"
