// SPDX-License-Identifier: Apache-2.0
// Settings as a person edits them: values are checked as typed, Save writes them and the
// runner picks up the remote worker at once; the token sits in a password field and goes to the
// (fake) keychain, never into the settings file.

#include "kosa8/ConnectionProfiles.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/SandboxListModel.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "profiles/ProfilesEditor.h"
#include "secrets/MemorySecretStore.h"
#include "secrets/ProfileSecrets.h"
#include "settings/SettingsDialog.h"
#include "support/AppTestSupport.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QtTest>

using namespace k8;

class TestSettingsDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void showsCurrentValuesAndTheTokenHidden()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        QVERIFY(context.switchProfile(context.profileSecrets()->addRemote(
            QStringLiteral("Worker"), QStringLiteral("worker:7443"), QStringLiteral("tok-123"))));
        app::SettingsDialog dialog(&context);
        QCOMPARE(dialog.defaultSandboxEdit()->text(), QStringLiteral("code-runner"));
        QCOMPARE(dialog.imageEdit(QStringLiteral("python"))->text(), QStringLiteral("python:3.12-slim"));
        QCOMPARE(dialog.imageEdit(QStringLiteral("bash"))->text(), QStringLiteral("debian:bookworm-slim"));
        QCOMPARE(dialog.imageEdit(QStringLiteral("node"))->text(), QStringLiteral("node:22-slim"));
        // The active profile is the one shown.
        QCOMPARE(dialog.hostEdit()->text(), QStringLiteral("worker:7443"));
        QCOMPARE(dialog.tokenEdit()->text(), QStringLiteral("tok-123"));
        QCOMPARE(dialog.tokenEdit()->echoMode(), QLineEdit::Password);
        QVERIFY(dialog.profileStatusText().contains(QStringLiteral("No profile file")));
    }

    // The form is taller than a small screen (offscreen's is 800x600): it scrolls, and no row is
    // squeezed below its height, as every row was before the form went into a scroll area.
    void noRowIsSqueezedOnASmallScreen()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::SettingsDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QScreen* screen = dialog.screen();
        QVERIFY(screen != nullptr);
        QVERIFY(dialog.height() <= screen->availableGeometry().height());
        const QList<QLineEdit*> edits = dialog.findChildren<QLineEdit*>();
        QVERIFY(edits.size() >= 6);
        for (const QLineEdit* edit : edits) {
            // A spin box's or combo box's own editor is sized inside its frame.
            if (!edit->isVisibleTo(&dialog) || qobject_cast<QAbstractSpinBox*>(edit->parentWidget()) ||
                qobject_cast<QComboBox*>(edit->parentWidget()))
                continue;
            QVERIFY2(edit->height() >= edit->minimumSizeHint().height(),
                     qPrintable(QStringLiteral("%1: %2 < %3")
                                    .arg(edit->accessibleName())
                                    .arg(edit->height())
                                    .arg(edit->minimumSizeHint().height())));
        }
        QVERIFY(dialog.findChild<QScrollArea*>(QStringLiteral("settingsScroll")) != nullptr);
    }

    void invalidValuesDisableSave()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::SettingsDialog dialog(&context);
        dialog.show();
        dialog.imageEdit(QStringLiteral("python"))->clear();
        QTest::keyClicks(dialog.imageEdit(QStringLiteral("python")), QStringLiteral("Python 3"));
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY(dialog.problem().contains(QStringLiteral("python")));
        dialog.imageEdit(QStringLiteral("python"))->clear();
        QTest::keyClicks(dialog.imageEdit(QStringLiteral("python")), QStringLiteral("python:3.13-slim"));
        QVERIFY(dialog.saveButton()->isEnabled());
        dialog.defaultSandboxEdit()->clear();
        QTest::keyClicks(dialog.defaultSandboxEdit(), QStringLiteral("-x"));
        QVERIFY(!dialog.saveButton()->isEnabled());
    }

    void saveAppliesToTheRunner()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        QSignalSpy changed(&context, &app::AppContext::configurationChanged);
        app::SettingsDialog dialog(&context);
        dialog.show();
        // The one profile ("Local") becomes a remote worker.
        dialog.profilesEditor()->kindCombo()->setCurrentIndex(1);
        QVERIFY(dialog.hostEdit()->isEnabled());
        QTest::keyClicks(dialog.hostEdit(), QStringLiteral("mac-worker.local:7443"));
        QTest::keyClicks(dialog.tokenEdit(), QStringLiteral("tok-XYZ"));
        dialog.outputCapSpin()->setValue(8);
        dialog.refreshSpin()->setValue(30);
        QCOMPARE(dialog.armDelaySpin()->value(), app::AppSettings::DefaultApproveArmDelayMs);
        QCOMPARE(dialog.armDelaySpin()->minimum(), 0); // 0 switches the wait off
        dialog.armDelaySpin()->setValue(0);
        // Issue 24: the limit for a run's checkpoint and reset, also without timeout_s.
        QCOMPARE(dialog.runStepLimitSpin()->value(), app::AppSettings::DefaultRunStepLimitS);
        QCOMPARE(dialog.runStepLimitSpin()->accessibleName(),
                 QStringLiteral("Checkpoint and reset time limit"));
        dialog.runStepLimitSpin()->setValue(30);
        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(context.runner()->connection().host, QStringLiteral("mac-worker.local:7443"));
        QCOMPARE(context.runner()->connection().token, QStringLiteral("tok-XYZ"));
        QCOMPARE(context.runner()->limits().outputCapBytes, qint64(8) * 1024 * 1024);
        QCOMPARE(context.settings()->refreshIntervalS(), 30);
        QCOMPARE(context.settings()->approveArmDelayMs(), 0);
        QCOMPARE(context.settings()->runStepLimitS(), 30);
        QVERIFY(context.runner()
                    ->preview(kosa8::Operation::Version, {})
                    .startsWith(QStringLiteral("KOSA8_HOST=mac-worker.local:7443 KOSA8_TOKEN=")));
        QVERIFY(
            !context.runner()->preview(kosa8::Operation::Version, {}).contains(QStringLiteral("tok-XYZ")));
        // The token is in the keychain (here the fake one), and nowhere in the settings file.
        auto* store = qobject_cast<secrets::MemorySecretStore*>(context.profileSecrets()->store());
        QVERIFY(store);
        QTRY_COMPARE(context.profileSecrets()->pendingCount(), 0);
        const QString id = context.profiles()->activeId();
        QCOMPARE(store->value(id), QStringLiteral("tok-XYZ"));
        QCOMPARE(context.profiles()->active().tokenState, kosa8::SavedProfile::TokenState::Stored);
        context.settings()->sync();
        QFile ini(context.settings()->filePath());
        QVERIFY(ini.open(QIODevice::ReadOnly));
        QVERIFY(!ini.readAll().contains("tok-XYZ"));
    }

    // Issue 8: the default sandbox is picked from the sandboxes that exist; a value that is not
    // among them is kept, with a note.
    void defaultSandboxIsChosenFromTheList()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        context.settings()->setDefaultSandbox(QStringLiteral("old-box"));
        kosa8::SandboxListModel sandboxes;
        kosa8::Sandbox one;
        one.name = QStringLiteral("code-runner");
        kosa8::Sandbox two;
        two.name = QStringLiteral("data-box");
        sandboxes.setSandboxes({one, two});

        app::SettingsDialog dialog(&context);
        dialog.setSandboxModel(&sandboxes);
        dialog.show();
        QComboBox* combo = dialog.defaultSandboxCombo();
        QVERIFY(combo->isEditable());
        QCOMPARE(combo->count(), 2);
        QCOMPARE(combo->itemText(0), QStringLiteral("code-runner"));
        QCOMPARE(combo->itemText(1), QStringLiteral("data-box"));
        // The saved value is not in the list: kept as it was, and said so.
        QCOMPARE(combo->currentText(), QStringLiteral("old-box"));
        QVERIFY2(dialog.defaultSandboxNote().contains(QStringLiteral("no sandbox named \"old-box\"")),
                 qPrintable(dialog.defaultSandboxNote()));
        QVERIFY(dialog.saveButton()->isEnabled());

        // A refresh of the list keeps the person's text.
        kosa8::Sandbox three;
        three.name = QStringLiteral("third");
        sandboxes.setSandboxes({one, two, three});
        QCOMPARE(combo->count(), 3);
        QCOMPARE(combo->currentText(), QStringLiteral("old-box"));

        // Picked with the keyboard from the list: the note goes, and Save stores it.
        combo->setFocus();
        QTRY_VERIFY(combo->hasFocus());
        combo->setCurrentIndex(0);
        QTest::keyClick(combo, Qt::Key_Down);
        QCOMPARE(combo->currentText(), QStringLiteral("data-box"));
        QVERIFY(dialog.defaultSandboxNote().isEmpty());
        dialog.save();
        QCOMPARE(context.settings()->defaultSandbox(), QStringLiteral("data-box"));
    }

    void noteWhenThereAreNoSandboxes()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        kosa8::SandboxListModel sandboxes;
        app::SettingsDialog dialog(&context);
        // Without a list nothing is known about the name: no note.
        QVERIFY(dialog.defaultSandboxNote().isEmpty());
        dialog.setSandboxModel(&sandboxes);
        dialog.show();
        QVERIFY2(dialog.defaultSandboxNote().startsWith(QStringLiteral("There are no sandboxes yet")),
                 qPrintable(dialog.defaultSandboxNote()));
        // An invalid name is an error that blocks Save, not a note.
        dialog.defaultSandboxEdit()->clear();
        QTest::keyClicks(dialog.defaultSandboxEdit(), QStringLiteral("-x"));
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY(dialog.defaultSandboxNote().isEmpty());
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
