// SPDX-License-Identifier: Apache-2.0
// The app context: settings in the data folder, the runner configured from them, the command
// profile file (a broken one is reported by name and the defaults apply), and the shutdown path.

#include "kosa8/ConnectionProfiles.h"
#include "kosa8/Kosa8Runner.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "secrets/ProfileSecrets.h"
#include "support/AppTestSupport.h"

#include <QtTest>

using namespace k8;

class TestAppContext : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void settingsLiveInTheDataFolder()
    {
        test::StandinEnvironment env;
        {
            app::AppContext context(env.options());
            QCOMPARE(context.settings()->image(QStringLiteral("python")), QStringLiteral("python:3.12-slim"));
            QCOMPARE(context.settings()->image(QStringLiteral("bash")),
                     QStringLiteral("debian:bookworm-slim"));
            QCOMPARE(context.settings()->image(QStringLiteral("node")), QStringLiteral("node:22-slim"));
            context.settings()->setImage(QStringLiteral("python"), QStringLiteral("python:3.13-slim"));
            const QString id = context.profileSecrets()->addRemote(
                QStringLiteral("Worker"), QStringLiteral("worker:7443"), QStringLiteral("tok"));
            QVERIFY(!id.isEmpty());
            QVERIFY(context.switchProfile(id));
            context.settings()->setOutputCapBytes(2 * 1024 * 1024);
            context.settings()->sync();
            QCOMPARE(context.runner()->connection().host, QStringLiteral("worker:7443"));
            QCOMPARE(context.runner()->connection().token, QStringLiteral("tok"));
            QCOMPARE(context.runner()->limits().outputCapBytes, 2 * 1024 * 1024);
        }
        const QString ini = env.dataPath() + QStringLiteral("/kosa8-desk.ini");
        QVERIFY(QFile::exists(ini));
        // Readable by the owner only (an old token may still be in it), and no token in it.
        QCOMPARE(QFile::permissions(ini) & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());
        QFile file(ini);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("worker:7443"));
        QVERIFY(!text.contains("tok\n") && !text.contains("=tok"));
        app::AppContext again(env.options());
        QCOMPARE(again.settings()->image(QStringLiteral("python")), QStringLiteral("python:3.13-slim"));
        // The profile used last is the active one again; --kosa8 replaces its executable.
        QCOMPARE(again.profiles()->active().name, QStringLiteral("Worker"));
        QCOMPARE(again.runner()->connection().host, QStringLiteral("worker:7443"));
        QCOMPARE(again.runner()->connection().executable, test::StandinEnvironment::standin());
    }

    void invalidProfileIsReportedAndDefaultsApply()
    {
        test::StandinEnvironment env;
        QFile profile(env.dataPath() + QStringLiteral("/kosa8-profile.json"));
        QVERIFY(profile.open(QIODevice::WriteOnly));
        profile.write("{\"operations\": {\"sandbox.ls\": \"not a list\"}}");
        profile.close();
        app::AppContext context(env.options());
        QSignalSpy posted(&context, &app::AppContext::messagePosted);
        QVERIFY(context.profileError().contains(profile.fileName()));
        QVERIFY(posted.wait(10'000));
        const auto message = posted.first().first().value<app::UserMessage>();
        QVERIFY(message.text.contains(profile.fileName()));
        QCOMPARE(context.runner()->profile().operationTemplate(kosa8::Operation::SandboxList),
                 (QStringList{QStringLiteral("sandbox"), QStringLiteral("ls")}));
    }

    void validProfileOverridesCommands()
    {
        test::StandinEnvironment env;
        QFile profile(env.dataPath() + QStringLiteral("/kosa8-profile.json"));
        QVERIFY(profile.open(QIODevice::WriteOnly));
        profile.write("{\"operations\": {\"sandbox.ls\": [\"sandbox\", \"ls\", \"--format\", \"json\"]}}");
        profile.close();
        app::AppContext context(env.options());
        QVERIFY(context.profileError().isEmpty());
        QVERIFY(context.runner()
                    ->preview(kosa8::Operation::SandboxList, {})
                    .endsWith(QStringLiteral("sandbox ls --format json")));
    }

    void shutdownWaitsForHoldsThenQuits()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        QSignalSpy shuttingDown(&context, &app::AppContext::shuttingDown);
        bool released = false;
        connect(&context, &app::AppContext::shuttingDown, &context, [&context, &released] {
            context.holdShutdown();
            QTimer::singleShot(50, &context, [&context, &released] {
                released = true;
                context.releaseShutdown();
            });
        });
        context.requestShutdown(QStringLiteral("test"));
        context.requestShutdown(QStringLiteral("twice is harmless"));
        QCOMPARE(shuttingDown.count(), 1);
        QVERIFY(context.isShuttingDown());
        // QCoreApplication::quit() outside exec() is a no-op for the test runner, so watch the
        // order instead: nothing quits before the hold is released.
        QTRY_VERIFY_WITH_TIMEOUT(released, 5'000);
    }
};

QTEST_MAIN(TestAppContext)
#include "tst_appcontext.moc"
