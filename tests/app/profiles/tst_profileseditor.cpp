// SPDX-License-Identifier: Apache-2.0
// The settings dialog's connection profiles as a person uses them: Add a remote worker, name it,
// give host and token, make it active, Save; Remove asks and never takes the last one; every
// profile shows its health from `kosa8 version` with its own connection and the exact command;
// with no keychain the person is asked before a token is kept in memory only.

#include "kosa8/ConnectionProfiles.h"
#include "kosa8/Kosa8Runner.h"
#include "plumbing/AppContext.h"
#include "profiles/ProfileHealthCheck.h"
#include "profiles/ProfilesEditor.h"
#include "secrets/MemorySecretStore.h"
#include "secrets/ProfileSecrets.h"
#include "settings/SettingsDialog.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"
#include "widgets/CommandPreviewField.h"
#include "widgets/MessageBox.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QtTest>

using namespace k8;
using kosa8::SavedProfile;
constexpr int Slow = test::waits::Standin;

namespace {
secrets::MemorySecretStore* noKeychain()
{
    auto* store = new secrets::MemorySecretStore;
    store->setPersistent(true);
    store->setFailure(secrets::SecretStore::Error::NoBackend, QStringLiteral("no secret service on the bus"));
    return store;
}
} // namespace

class TestProfilesEditor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { app::MessageBox::takeNextAnswer(); }

    void addARemoteWorkerMakeItActiveAndSave()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::SettingsDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        app::ProfilesEditor* editor = dialog.profilesEditor();
        QCOMPARE(editor->profileList()->count(), 1);
        QCOMPARE(editor->profileList()->item(0)->text(), QStringLiteral("Local (active)"));
        QVERIFY(!editor->removeButton()->isEnabled()); // never the last one
        QVERIFY(!editor->makeActiveButton()->isEnabled());

        QTest::mouseClick(editor->addButton(), Qt::LeftButton);
        QCOMPARE(editor->profileList()->count(), 2);
        QCOMPARE(editor->currentRow(), 1);
        QCOMPARE(editor->kindCombo()->currentIndex(), 1); // a remote worker
        // The host field has the focus: typed straight in.
        QTRY_VERIFY(editor->hostEdit()->hasFocus());
        QTest::keyClicks(editor->hostEdit(), QStringLiteral("build-mac.local:7443"));
        QTest::keyClicks(editor->tokenEdit(), QStringLiteral("tok-NEW"));
        // A name taken already blocks Save, with the reason.
        editor->nameEdit()->selectAll();
        QTest::keyClicks(editor->nameEdit(), QStringLiteral("local"));
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY2(dialog.problem().contains(QStringLiteral("already a profile")),
                 qPrintable(dialog.problem()));
        editor->nameEdit()->selectAll();
        QTest::keyClicks(editor->nameEdit(), QStringLiteral("Build Mac"));
        QVERIFY2(dialog.saveButton()->isEnabled(), qPrintable(dialog.problem()));
        QCOMPARE(editor->profileList()->item(1)->text(), QStringLiteral("Build Mac"));

        QTest::mouseClick(editor->makeActiveButton(), Qt::LeftButton);
        QCOMPARE(editor->profileList()->item(1)->text(), QStringLiteral("Build Mac (active)"));
        QCOMPARE(editor->profileList()->item(0)->text(), QStringLiteral("Local"));
        // Nothing is saved before Save.
        QCOMPARE(context.profiles()->count(), 1);

        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(context.profiles()->count(), 2);
        QCOMPARE(context.profiles()->active().name, QStringLiteral("Build Mac"));
        QCOMPARE(context.runner()->connection().host, QStringLiteral("build-mac.local:7443"));
        QCOMPARE(context.runner()->connection().token, QStringLiteral("tok-NEW"));
        QVERIFY(context.runner()
                    ->preview(kosa8::Operation::Version, {})
                    .startsWith(QStringLiteral("KOSA8_HOST=build-mac.local:7443 KOSA8_TOKEN=")));
        QTRY_COMPARE(context.profileSecrets()->pendingCount(), 0);
        QCOMPARE(context.profiles()->active().tokenState, SavedProfile::TokenState::Stored);
    }

    void removeAsksFirstAndNeverTheLast()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        const QString id = context.profileSecrets()->addRemote(
            QStringLiteral("Old worker"), QStringLiteral("old:1"), QStringLiteral("tok-OLD"));
        QTRY_COMPARE(context.profileSecrets()->pendingCount(), 0);
        auto* store = qobject_cast<secrets::MemorySecretStore*>(context.profileSecrets()->store());
        QVERIFY(store && store->contains(id));

        app::SettingsDialog dialog(&context);
        dialog.show();
        app::ProfilesEditor* editor = dialog.profilesEditor();
        editor->profileList()->setCurrentRow(1);
        QVERIFY(editor->removeButton()->isEnabled());
        // Cancelled: still there.
        app::MessageBox::setNextAnswer(app::MessageBox::Answer::Cancel);
        QTest::mouseClick(editor->removeButton(), Qt::LeftButton);
        QCOMPARE(app::MessageBox::lastQuestion().objectName, QStringLiteral("removeProfile"));
        QVERIFY(app::MessageBox::lastQuestion().text.contains(QStringLiteral("Old worker")));
        QVERIFY(app::MessageBox::lastQuestion().destructive);
        QCOMPARE(editor->profileList()->count(), 2);
        // Confirmed: gone from the list, and with Save from the profiles and the keychain.
        app::MessageBox::setNextAnswer(app::MessageBox::Answer::Accept);
        QTest::mouseClick(editor->removeButton(), Qt::LeftButton);
        QCOMPARE(editor->profileList()->count(), 1);
        QVERIFY(!editor->removeButton()->isEnabled());
        QCOMPARE(context.profiles()->count(), 2);
        dialog.save();
        QCOMPARE(context.profiles()->count(), 1);
        QVERIFY(!context.profiles()->find(id));
        QTRY_VERIFY(!store->contains(id));
    }

    void eachProfileShowsItsHealthAndCommand()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        SavedProfile worker;
        worker.name = QStringLiteral("Mac worker");
        worker.kind = SavedProfile::Kind::Remote;
        worker.host = QStringLiteral("mac-worker.local:7443");
        worker.executable = test::StandinEnvironment::standin();
        const QString workerId = context.profiles()->add(worker);
        context.profileSecrets()->setToken(workerId, QStringLiteral("tok-SECRET-9"));
        const QString missingId = context.profiles()->addLocal(QStringLiteral("Not installed"),
                                                               env.root() + QStringLiteral("/no/kosa8"));
        QVERIFY(!workerId.isEmpty() && !missingId.isEmpty());

        app::SettingsDialog dialog(&context);
        dialog.show();
        app::ProfilesEditor* editor = dialog.profilesEditor();
        // The active one is checked when the section opens; the command line's --kosa8 is used
        // for it this run, and the section says so.
        QCOMPARE(editor->currentRow(), 0);
        QVERIFY(editor->executableNote()->isVisible());
        QVERIFY(editor->executableNote()->text().contains(test::StandinEnvironment::standin()));
        QTRY_VERIFY_WITH_TIMEOUT(editor->healthLabel()->text().contains(QStringLiteral("daemon")), Slow);
        QVERIFY2(editor->healthLabel()->text().contains(QStringLiteral("reachable")),
                 qPrintable(editor->healthLabel()->text()));
        QCOMPARE(editor->commandField()->command(),
                 test::StandinEnvironment::standin() + QStringLiteral(" version"));

        // The worker, picked with the keyboard: its own connection, the token masked.
        editor->profileList()->setFocus();
        QTRY_VERIFY(editor->profileList()->hasFocus());
        QTest::keyClick(editor->profileList(), Qt::Key_Down);
        QCOMPARE(editor->currentRow(), 1);
        QVERIFY(!editor->executableNote()->isVisible());
        const QString command = editor->commandField()->command();
        QVERIFY2(command.startsWith(QStringLiteral("KOSA8_HOST=mac-worker.local:7443 KOSA8_TOKEN=")),
                 qPrintable(command));
        QVERIFY(!command.contains(QStringLiteral("tok-SECRET-9")));
        QTRY_VERIFY_WITH_TIMEOUT(editor->healthLabel()->text().contains(QStringLiteral("reachable")), Slow);
        QCOMPARE(editor->healthCheck(1)->state(), app::ProfileHealthCheck::State::Ok);
        // The stand-in names the worker it was sent to.
        QVERIFY(editor->healthCheck(1)
                    ->version()
                    .rawLines.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("mac-worker.local:7443")));
        // The check went to the worker with the token, through the stand-in.
        QTRY_VERIFY(QFile(QDir(env.statePath()).filePath(QStringLiteral("calls.jsonl"))).size() > 0);
        QFile calls(QDir(env.statePath()).filePath(QStringLiteral("calls.jsonl")));
        QVERIFY(calls.open(QIODevice::ReadOnly));
        const QByteArray recorded = calls.readAll();
        QVERIFY(recorded.contains("mac-worker.local:7443"));
        QVERIFY(recorded.contains("tok-SECRET-9"));

        QTest::keyClick(editor->profileList(), Qt::Key_Down);
        QCOMPARE(editor->currentRow(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(editor->healthLabel()->text().startsWith(QStringLiteral("kosa8 not found")),
                                 Slow);
        // The app's own runner was never pointed elsewhere.
        QVERIFY(context.runner()->connection().host.isEmpty());
        QCOMPARE(context.runner()->connection().executable, test::StandinEnvironment::standin());
    }

    void noKeychainAskedAndYesKeepsTheTokenForThisSession()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options(), noKeychain());
        app::SettingsDialog dialog(&context);
        dialog.show();
        app::ProfilesEditor* editor = dialog.profilesEditor();
        editor->kindCombo()->setCurrentIndex(1);
        QTest::keyClicks(editor->hostEdit(), QStringLiteral("w:1"));
        QTest::keyClicks(editor->tokenEdit(), QStringLiteral("tok-MEM"));
        app::MessageBox::setNextAnswer(app::MessageBox::Answer::Accept);
        dialog.save();
        QTRY_COMPARE(context.profileSecrets()->pendingCount(), 0);
        QCOMPARE(app::MessageBox::lastQuestion().objectName, QStringLiteral("keepTokenInMemory"));
        QVERIFY(app::MessageBox::lastQuestion().text.contains(QStringLiteral("No keychain")));
        QCOMPARE(context.profiles()->active().tokenState, SavedProfile::TokenState::SessionOnly);
        QCOMPARE(context.runner()->connection().token, QStringLiteral("tok-MEM"));

        app::SettingsDialog again(&context);
        QVERIFY(
            again.profilesEditor()->tokenStateLabel()->text().contains(QStringLiteral("this session only")));
    }

    void noKeychainAskedAndNoLeavesTheTokenNotStored()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options(), noKeychain());
        app::SettingsDialog dialog(&context);
        dialog.show();
        app::ProfilesEditor* editor = dialog.profilesEditor();
        editor->kindCombo()->setCurrentIndex(1);
        QTest::keyClicks(editor->hostEdit(), QStringLiteral("w:1"));
        QTest::keyClicks(editor->tokenEdit(), QStringLiteral("tok-NO"));
        app::MessageBox::setNextAnswer(app::MessageBox::Answer::Cancel);
        dialog.save();
        QTRY_COMPARE(context.profileSecrets()->pendingCount(), 0);
        QCOMPARE(app::MessageBox::lastQuestion().objectName, QStringLiteral("keepTokenInMemory"));
        QCOMPARE(context.profiles()->active().tokenState, SavedProfile::TokenState::NotStored);
        QTRY_VERIFY(context.runner()->connection().token.isEmpty());

        app::SettingsDialog again(&context);
        QCOMPARE(again.profilesEditor()->tokenStateLabel()->text(), QStringLiteral("token not stored"));
        QVERIFY(again.profilesEditor()->tokenEdit()->text().isEmpty());
    }
};

QTEST_MAIN(TestProfilesEditor)
#include "tst_profileseditor.moc"
