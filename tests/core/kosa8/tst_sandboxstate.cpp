// SPDX-License-Identifier: Apache-2.0
// kosa8's sandbox status word, read once into the state the app acts on (kosa8/SandboxState.h).
#include "kosa8/SandboxState.h"

#include <QTest>

using k8::kosa8::SandboxState;
using k8::kosa8::sandboxStateFrom;

class TestSandboxState : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void wordsToStates_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<int>("state");
        QTest::newRow("running") << QStringLiteral("running") << int(SandboxState::Running);
        QTest::newRow("case and spaces") << QStringLiteral(" Running\t") << int(SandboxState::Running);
        QTest::newRow("stopped") << QStringLiteral("STOPPED") << int(SandboxState::Stopped);
        QTest::newRow("creating") << QStringLiteral("creating") << int(SandboxState::Changing);
        QTest::newRow("starting") << QStringLiteral("starting") << int(SandboxState::Changing);
        QTest::newRow("stopping") << QStringLiteral("stopping") << int(SandboxState::Changing);
        QTest::newRow("error") << QStringLiteral("error") << int(SandboxState::Failed);
        QTest::newRow("failed") << QStringLiteral("failed") << int(SandboxState::Failed);
        QTest::newRow("paused") << QStringLiteral("paused") << int(SandboxState::Unknown);
        QTest::newRow("empty") << QString() << int(SandboxState::Unknown);
    }

    void wordsToStates()
    {
        QFETCH(QString, word);
        QFETCH(int, state);
        QCOMPARE(int(sandboxStateFrom(word)), state);
    }
};

QTEST_GUILESS_MAIN(TestSandboxState)
#include "tst_sandboxstate.moc"
