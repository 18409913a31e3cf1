// SPDX-License-Identifier: Apache-2.0
// The About box says where agents connect and whether the app listens there, from the real agent
// service on a socket in a temporary folder.

#include "about/AboutDialog.h"
#include "agent/AgentService.h"
#include "agent/socket/SocketPath.h"
#include "kosa8/Kosa8Runner.h"
#include "support/Waits.h"

#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

using namespace k8;

class TestAboutDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void showsTheSocketAndThatTheAppListens()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        kosa8::Kosa8Runner runner;
        agent::AgentSettings settings;
        settings.socketPath = dir.filePath(QStringLiteral("sock/agent.sock"));
        settings.dataDir = dir.filePath(QStringLiteral("data"));
        agent::AgentService service(&runner);
        QString error;
        QVERIFY2(service.start(settings, &error), qPrintable(error));
        QVERIFY(service.isListening());

        const QString status = agent::SocketPath::statusText(service.socketPath(), service.isListening());
        app::AboutDialog about(QStringLiteral("kosa8 1.0"), dir.path(), status);
        const QString info = about.infoText();
        QVERIFY2(info.contains(QStringLiteral("Agent socket: Listening for agents on %1")
                                   .arg(QDir::toNativeSeparators(settings.socketPath))),
                 qPrintable(info));
        auto* label = about.findChild<QLabel*>(QStringLiteral("aboutInfo"));
        QVERIFY(label);
        QCOMPARE(label->textFormat(), Qt::PlainText);

        // Once the service has stopped, the line says so, with the path.
        QSignalSpy done(&service, &agent::AgentService::shutdownComplete);
        service.shutdown();
        QVERIFY(done.count() > 0 || done.wait(k8::test::waits::Service));
        QVERIFY(!service.isListening());
        const QString stopped = agent::SocketPath::statusText(settings.socketPath, service.isListening());
        app::AboutDialog later(QString(), dir.path(), stopped);
        QVERIFY2(later.infoText().contains(
                     QStringLiteral("Not listening for agents on %1: the agent service has stopped.")
                         .arg(QDir::toNativeSeparators(settings.socketPath))),
                 qPrintable(later.infoText()));
    }

    void withoutAServiceSaysSo()
    {
        app::AboutDialog about(QString(), QStringLiteral("/tmp/data"));
        QVERIFY2(about.infoText().contains(QStringLiteral(
                     "Agent socket: Not listening for agents: the agent service has not started.")),
                 qPrintable(about.infoText()));
    }
};

QTEST_MAIN(TestAboutDialog)
#include "tst_aboutdialog.moc"
