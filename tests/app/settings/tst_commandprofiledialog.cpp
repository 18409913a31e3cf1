// SPDX-License-Identifier: Apache-2.0
// The command profile file editor as a person uses it (issue 16): opened from the settings, every
// entry listed, words typed and checked as typed, resets, and a Save that the runner uses at once.

#include "kosa8/CommandProfileDocument.h"
#include "kosa8/Kosa8Runner.h"
#include "plumbing/AppContext.h"
#include "settings/CommandProfileDialog.h"
#include "settings/CommandProfileEntriesModel.h"
#include "settings/SettingsDialog.h"
#include "support/AppTestSupport.h"
#include "widgets/CommandPreviewField.h"
#include "widgets/MessageBox.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

using namespace k8;
using namespace Qt::StringLiterals;
using app::CommandProfileDialog;
using app::CommandProfileEntriesModel;

namespace {

QString profilePath(const test::StandinEnvironment& env)
{
    return env.dataPath() + u"/kosa8-profile.json"_s;
}

bool writeProfile(const test::StandinEnvironment& env, const QByteArray& json)
{
    QFile file(profilePath(env));
    return file.open(QIODevice::WriteOnly) && file.write(json) == json.size();
}

QJsonObject writtenProfile(const test::StandinEnvironment& env)
{
    QFile file(profilePath(env));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QJsonObject json(const QByteArray& text)
{
    return QJsonDocument::fromJson(text).object();
}

int rowOf(const CommandProfileEntriesModel* model, const QString& qualifiedKey)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, CommandProfileEntriesModel::KeyColumn).data().toString() == qualifiedKey)
            return row;
    }
    return -1;
}

QString cell(const CommandProfileEntriesModel* model, const QString& qualifiedKey, int column)
{
    return model->index(rowOf(model, qualifiedKey), column).data().toString();
}

// Replaces the words in the editor by typing them, one per line, with real key events.
void typeWords(QPlainTextEdit* edit, const QStringList& words)
{
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(edit, Qt::Key_Delete);
    for (qsizetype i = 0; i < words.size(); ++i) {
        if (i > 0)
            QTest::keyClick(edit, Qt::Key_Return);
        QTest::keyClicks(edit, words.at(i));
    }
}

// Opens the editor the way a person does: Settings, then "Edit…" next to the profile file.
CommandProfileDialog* openFromSettings(app::SettingsDialog* settings)
{
    auto* edit = settings->findChild<QPushButton*>(u"editProfileButton"_s);
    if (!edit)
        return nullptr;
    QTest::mouseClick(edit, Qt::LeftButton);
    return settings->findChild<CommandProfileDialog*>();
}

} // namespace

class TestCommandProfileDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void listsEveryEntry()
    {
        test::StandinEnvironment env;
        QVERIFY(writeProfile(env, R"({"operations": {"sandbox.ls": ["sandbox", "ls", "--all"]}})"));
        app::AppContext context(env.options());
        app::SettingsDialog settings(&context);
        settings.show();
        CommandProfileDialog* dialog = openFromSettings(&settings);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        const CommandProfileEntriesModel* model = dialog->model();
        QCOMPARE(model->rowCount(), kosa8::CommandProfileDocument().count());
        for (kosa8::Operation op : kosa8::allOperations())
            QVERIFY2(rowOf(model, u"operations."_s + kosa8::operationKey(op)) >= 0,
                     qPrintable(kosa8::operationKey(op)));
        for (const QString& key :
             {u"fragments.egress.mode"_s, u"fragments.egress.allow"_s, u"fragments.mount"_s,
              u"interpreters.python"_s, u"interpreters.python.stdin"_s, u"interpreters.bash"_s,
              u"interpreters.bash.stdin"_s, u"interpreters.node"_s, u"interpreters.node.stdin"_s})
            QVERIFY2(rowOf(model, key) >= 0, qPrintable(key));

        QCOMPARE(cell(model, u"operations.sandbox.create"_s, CommandProfileEntriesModel::PurposeColumn),
                 kosa8::operationTitle(kosa8::Operation::SandboxCreate));
        QCOMPARE(cell(model, u"operations.sandbox.create"_s, CommandProfileEntriesModel::BuiltInColumn),
                 u"[\"sandbox\", \"create\", \"{name}\", \"{egress...}\", \"{mounts...}\"]"_s);
        QCOMPARE(cell(model, u"operations.sandbox.create"_s, CommandProfileEntriesModel::StatusColumn),
                 u"Built-in"_s);
        // The overridden entry is marked, with both argvs.
        QCOMPARE(cell(model, u"operations.sandbox.ls"_s, CommandProfileEntriesModel::BuiltInColumn),
                 u"[\"sandbox\", \"ls\"]"_s);
        QCOMPARE(cell(model, u"operations.sandbox.ls"_s, CommandProfileEntriesModel::CurrentColumn),
                 u"[\"sandbox\", \"ls\", \"--all\"]"_s);
        QCOMPARE(cell(model, u"operations.sandbox.ls"_s, CommandProfileEntriesModel::StatusColumn),
                 u"Overridden"_s);
        const QModelIndex ls = model->index(rowOf(model, u"operations.sandbox.ls"_s), 0);
        QVERIFY(ls.data(CommandProfileEntriesModel::OverriddenRole).toBool());
        QVERIFY(ls.data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(dialog->saveButton()->isEnabled());
    }

    void invalidEditShowsTheMessageAndDisablesSave()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        CommandProfileDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.selectEntry(u"operations.sandbox.create"_s));
        QCOMPARE(dialog.wordsEdit()->toPlainText(), u"sandbox\ncreate\n{name}\n{egress...}\n{mounts...}"_s);
        QVERIFY(dialog.saveButton()->isEnabled());

        typeWords(dialog.wordsEdit(), {u"sandbox"_s, u"create"_s, u"{egress...}"_s, u"{mounts...}"_s});
        QVERIFY2(dialog.entryProblemText().contains(u"\"{name}\" is missing"_s),
                 qPrintable(dialog.entryProblemText()));
        const QString status =
            cell(dialog.model(), u"operations.sandbox.create"_s, CommandProfileEntriesModel::StatusColumn);
        QVERIFY2(status.contains(u"\"{name}\" is missing"_s), qPrintable(status));
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY2(dialog.messageText().contains(u"operations.sandbox.create"_s),
                 qPrintable(dialog.messageText()));
        QVERIFY(!dialog.previewField()->isAvailable());

        // A list where a word is expected, then an unknown placeholder: each says what is wrong.
        typeWords(dialog.wordsEdit(),
                  {u"sandbox"_s, u"create"_s, u"{name}"_s, u"--egress={egress...}"_s, u"{mounts...}"_s});
        QVERIFY2(dialog.entryProblemText().contains(u"word of its own"_s),
                 qPrintable(dialog.entryProblemText()));
        typeWords(dialog.wordsEdit(),
                  {u"sandbox"_s, u"create"_s, u"{nmae}"_s, u"{egress...}"_s, u"{mounts...}"_s});
        QVERIFY2(dialog.entryProblemText().contains(u"{nmae}"_s), qPrintable(dialog.entryProblemText()));
        QVERIFY(!dialog.saveButton()->isEnabled());

        // Fixed: the message goes, Save comes back, the preview shows the new words.
        typeWords(dialog.wordsEdit(),
                  {u"sandbox"_s, u"create"_s, u"{name}"_s, u"{egress...}"_s, u"{mounts...}"_s, u"--quiet"_s});
        QVERIFY(dialog.entryProblemText().isEmpty());
        QVERIFY(dialog.saveButton()->isEnabled());
        QVERIFY(dialog.previewField()->isAvailable());
        QVERIFY2(dialog.previewField()->command().endsWith(u"sandbox create code-runner --egress deny -v "
                                                           "/home/me/data:/data --quiet"_s),
                 qPrintable(dialog.previewField()->command()));
        QCOMPARE(dialog.findChild<QLabel*>(u"argvLabel"_s)->text(),
                 u"[\"sandbox\", \"create\", \"{name}\", \"{egress...}\", \"{mounts...}\", \"--quiet\"]"_s);
    }

    void resetOneEntryRemovesOnlyThatOverride()
    {
        test::StandinEnvironment env;
        QVERIFY(writeProfile(env, R"({"operations": {"sandbox.ls": ["sandbox", "ls", "--all"],
                                                     "audit.ls": ["audit", "ls", "--json"]},
                                     "fragments": {"mount": ["--volume", "{mount}"]}})"));
        app::AppContext context(env.options());
        CommandProfileDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.selectEntry(u"operations.sandbox.ls"_s));
        QVERIFY(dialog.resetEntryButton()->isEnabled());
        dialog.resetEntryButton()->setFocus();
        QTest::keyClick(dialog.resetEntryButton(), Qt::Key_Space);
        QCOMPARE(dialog.wordsEdit()->toPlainText(), u"sandbox\nls"_s);
        QVERIFY(!dialog.resetEntryButton()->isEnabled());
        QCOMPARE(cell(dialog.model(), u"operations.sandbox.ls"_s, CommandProfileEntriesModel::StatusColumn),
                 u"Built-in"_s);
        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(writtenProfile(env), json(R"({"operations": {"audit.ls": ["audit", "ls", "--json"]},
                                               "fragments": {"mount": ["--volume", "{mount}"]}})"));
        QCOMPARE(context.runner()->profile().overriddenKeys(),
                 (QStringList{u"fragments.mount"_s, u"operations.audit.ls"_s}));
    }

    void resetAll()
    {
        test::StandinEnvironment env;
        QVERIFY(writeProfile(env, R"({"operations": {"sandbox.ls": ["sandbox", "ls", "--all"]},
                                     "interpreters": {"ruby": ["ruby", "-e", "{code}"]}})"));
        app::AppContext context(env.options());
        QVERIFY(context.runner()->profile().languages().contains(u"ruby"_s));
        CommandProfileDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const int before = dialog.model()->rowCount();
        QVERIFY(rowOf(dialog.model(), u"interpreters.ruby"_s) >= 0);
        QVERIFY(dialog.resetAllButton()->isEnabled());
        QTest::mouseClick(dialog.resetAllButton(), Qt::LeftButton);
        QCOMPARE(dialog.model()->rowCount(), before - 1); // the added interpreter is gone
        QCOMPARE(rowOf(dialog.model(), u"interpreters.ruby"_s), -1);
        QCOMPARE(cell(dialog.model(), u"operations.sandbox.ls"_s, CommandProfileEntriesModel::StatusColumn),
                 u"Built-in"_s);
        QVERIFY(!dialog.resetAllButton()->isEnabled());
        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(writtenProfile(env), QJsonObject());
        QVERIFY(context.runner()->profile().overriddenKeys().isEmpty());
        QVERIFY(!context.runner()->profile().languages().contains(u"ruby"_s));
    }

    // Save → the file → the app's runner → the settings' status line, at once.
    void saveIsUsedByTheRunnerAtOnce()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        QSignalSpy changed(&context, &app::AppContext::configurationChanged);
        app::SettingsDialog settings(&context);
        settings.show();
        QVERIFY(settings.profileStatusText().contains(u"No profile file"_s));
        CommandProfileDialog* dialog = openFromSettings(&settings);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QVERIFY(dialog->selectEntry(u"operations.sandbox.ls"_s));
        typeWords(dialog->wordsEdit(), {u"sandbox"_s, u"ls"_s, u"--format"_s, u"json"_s});
        QVERIFY2(dialog->previewField()->command().endsWith(u"sandbox ls --format json"_s),
                 qPrintable(dialog->previewField()->command()));
        QVERIFY(dialog->selectEntry(u"fragments.egress.mode"_s));
        typeWords(dialog->wordsEdit(), {u"--net={mode}"_s});
        QVERIFY2(dialog->previewField()->command().contains(u" sandbox create code-runner --net=deny "_s),
                 qPrintable(dialog->previewField()->command()));

        QPointer<CommandProfileDialog> guard(dialog);
        QTest::mouseClick(dialog->saveButton(), Qt::LeftButton);
        QTRY_VERIFY(guard.isNull()); // closed and deleted
        QCOMPARE(writtenProfile(env), json(R"({"fragments": {"egress.mode": ["--net={mode}"]},
                                               "operations": {"sandbox.ls": ["sandbox", "ls", "--format", "json"]}})"));
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                                QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                                QFileDevice::WriteOther | QFileDevice::ExeOther;
        QCOMPARE(QFile::permissions(profilePath(env)) & others, QFileDevice::Permissions());
        QCOMPARE(changed.count(), 1);
        QVERIFY(context.profileError().isEmpty());
        const QString preview = context.runner()->preview(kosa8::Operation::SandboxList, {});
        QVERIFY2(preview.endsWith(u"sandbox ls --format json"_s), qPrintable(preview));
        QString error;
        const QString create = context.runner()->preview(
            kosa8::Operation::SandboxCreate, {{u"name"_s, u"box"_s}, {u"mode"_s, u"fakenet"_s}}, &error);
        QVERIFY2(create.endsWith(u"sandbox create box --net=fakenet"_s), qPrintable(create + error));
        QVERIFY2(settings.profileStatusText().contains(u"operations.sandbox.ls"_s),
                 qPrintable(settings.profileStatusText()));
        QVERIFY(settings.profileStatusText().contains(u"fragments.egress.mode"_s));
    }

    void invalidFileOpensWithTheBadEntriesMarked()
    {
        test::StandinEnvironment env;
        QVERIFY(writeProfile(env, R"({"operations": {"sandbox.ls": "sandbox ls --all",
                                                     "sandbox.frob": ["frob"],
                                                     "version": ["version", "--short"]}})"));
        app::AppContext context(env.options());
        QVERIFY(!context.profileError().isEmpty()); // the app does not use it
        CommandProfileDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const CommandProfileEntriesModel* model = dialog.model();
        QVERIFY(dialog.fileProblemText().isEmpty()); // its entries could all be read
        QVERIFY(!dialog.saveButton()->isEnabled());
        // Nothing dropped: the good override, the bad one, the unknown one.
        QCOMPARE(cell(model, u"operations.version"_s, CommandProfileEntriesModel::StatusColumn),
                 u"Overridden"_s);
        QVERIFY(cell(model, u"operations.sandbox.ls"_s, CommandProfileEntriesModel::StatusColumn)
                    .contains(u"\"sandbox ls --all\""_s));
        QVERIFY(cell(model, u"operations.sandbox.frob"_s, CommandProfileEntriesModel::StatusColumn)
                    .contains(u"unknown operation"_s));
        QVERIFY(
            !model->index(rowOf(model, u"operations.sandbox.frob"_s), 0).data(Qt::DecorationRole).isNull());
        // It opens on the first entry that needs attention, its problem beside the field.
        QCOMPARE(dialog.findChild<QLabel*>(u"entryKeyLabel"_s)->text(), u"operations.sandbox.frob"_s);
        QVERIFY(dialog.entryProblemText().contains(u"unknown operation"_s));
        QCOMPARE(dialog.resetEntryButton()->text(), u"&Remove this entry"_s);

        // Mended with the keyboard: remove the unknown entry, retype the other.
        dialog.resetEntryButton()->setFocus();
        QTest::keyClick(dialog.resetEntryButton(), Qt::Key_Space);
        QCOMPARE(rowOf(model, u"operations.sandbox.frob"_s), -1);
        QVERIFY(dialog.selectEntry(u"operations.sandbox.ls"_s));
        QVERIFY(dialog.wordsEdit()->toPlainText().isEmpty());
        typeWords(dialog.wordsEdit(), {u"sandbox"_s, u"ls"_s, u"--all"_s});
        QVERIFY(dialog.saveButton()->isEnabled());
        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(writtenProfile(env), json(R"({"operations": {"sandbox.ls": ["sandbox", "ls", "--all"],
                                                              "version": ["version", "--short"]}})"));
        QVERIFY(context.profileError().isEmpty());
    }

    void unreadableFileIsShownAndKeptUntilResetAll()
    {
        test::StandinEnvironment env;
        const QByteArray broken = R"({"operations": {"sandbox.ls": ["sandbox", )";
        QVERIFY(writeProfile(env, broken));
        app::AppContext context(env.options());
        CommandProfileDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY2(dialog.fileProblemText().contains(u"not valid JSON"_s),
                 qPrintable(dialog.fileProblemText()));
        QVERIFY(!dialog.saveButton()->isEnabled());
        dialog.save(); // refused: the file is left as it was
        QFile file(profilePath(env));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), broken);
        file.close();
        QVERIFY(dialog.resetAllButton()->isEnabled());
        QTest::mouseClick(dialog.resetAllButton(), Qt::LeftButton);
        QVERIFY(dialog.fileProblemText().isEmpty());
        QVERIFY(dialog.saveButton()->isEnabled());
        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QCOMPARE(writtenProfile(env), QJsonObject());
        QVERIFY(context.profileError().isEmpty());
    }

    void unreadablePartIsLeftOutOnlyWhenAsked()
    {
        test::StandinEnvironment env;
        QVERIFY(writeProfile(env, R"({"operations": {"version": ["version", "--short"]},
                                     "operation": {"sandbox.ls": ["sandbox", "ls", "--all"]}})"));
        app::AppContext context(env.options());
        CommandProfileDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY2(dialog.fileProblemText().contains(u"\"operation\""_s), qPrintable(dialog.fileProblemText()));
        QVERIFY(dialog.dropUnreadableButton()->isVisible());
        QVERIFY(!dialog.saveButton()->isEnabled());
        QCOMPARE(cell(dialog.model(), u"operations.version"_s, CommandProfileEntriesModel::StatusColumn),
                 u"Overridden"_s);
        dialog.dropUnreadableButton()->setFocus();
        QTest::keyClick(dialog.dropUnreadableButton(), Qt::Key_Space);
        QVERIFY(dialog.fileProblemText().isEmpty());
        QVERIFY(!dialog.dropUnreadableButton()->isVisible());
        QVERIFY(dialog.saveButton()->isEnabled());
        QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(writtenProfile(env), json(R"({"operations": {"version": ["version", "--short"]}})"));
        QCOMPARE(context.runner()->profile().overriddenKeys(), QStringList{u"operations.version"_s});
    }

    void cancelAsksBeforeDiscardingChanges()
    {
        test::StandinEnvironment env;
        QVERIFY(writeProfile(env, R"({"operations": {"version": ["version", "--short"]}})"));
        app::AppContext context(env.options());
        {
            // Nothing changed: Escape closes without asking.
            CommandProfileDialog dialog(&context);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            app::MessageBox::setNextAnswer(app::MessageBox::Answer::Cancel);
            QTest::keyClick(dialog.entriesView(), Qt::Key_Escape);
            QVERIFY(!dialog.isVisible());
            QVERIFY(app::MessageBox::takeNextAnswer().has_value()); // not asked
        }
        CommandProfileDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.selectEntry(u"operations.version"_s));
        QTest::mouseClick(dialog.resetEntryButton(), Qt::LeftButton);
        QVERIFY(dialog.hasChanges());
        app::MessageBox::setNextAnswer(app::MessageBox::Answer::Cancel);
        QTest::keyClick(dialog.entriesView(), Qt::Key_Escape);
        QVERIFY(dialog.isVisible()); // kept: the person said no
        QCOMPARE(app::MessageBox::lastQuestion().objectName, u"discardProfileChangesBox"_s);
        app::MessageBox::setNextAnswer(app::MessageBox::Answer::Accept);
        QTest::keyClick(dialog.entriesView(), Qt::Key_Escape);
        QVERIFY(!dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QCOMPARE(writtenProfile(env), json(R"({"operations": {"version": ["version", "--short"]}})"));
    }

    void keyboardReachesEverything()
    {
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        CommandProfileDialog dialog(&context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTableView* view = dialog.entriesView();
        QTRY_VERIFY(view->hasFocus());
        QCOMPARE(dialog.currentRow(), 0);
        const QString first = dialog.wordsEdit()->toPlainText();
        QTest::keyClick(view, Qt::Key_Down);
        QCOMPARE(dialog.currentRow(), 1);
        QVERIFY(dialog.wordsEdit()->toPlainText() != first);
        const QString key = dialog.findChild<QLabel*>(u"entryKeyLabel"_s)->text();
        QCOMPARE(dialog.wordsEdit()->accessibleName(), u"Words of %1, one per line"_s.arg(key));
        QTest::keyClick(view, Qt::Key_Tab);
        QTRY_VERIFY(dialog.wordsEdit()->hasFocus());
        QTest::keyClick(dialog.wordsEdit(), Qt::Key_End, Qt::ControlModifier);
        QTest::keyClick(dialog.wordsEdit(), Qt::Key_Return);
        QTest::keyClicks(dialog.wordsEdit(), u"--verbose"_s);
        QVERIFY(dialog.resetEntryButton()->isEnabled());
        // Tab leaves the editor (it does not insert a tab): on to the reset button.
        QTest::keyClick(dialog.wordsEdit(), Qt::Key_Tab);
        QTRY_VERIFY(dialog.resetEntryButton()->hasFocus());
        QVERIFY(!dialog.wordsEdit()->toPlainText().contains(u'\t'));
        QVERIFY(!view->accessibleName().isEmpty());
        QVERIFY(!dialog.resetAllButton()->accessibleName().isEmpty());
        QVERIFY(!dialog.resetEntryButton()->accessibleName().isEmpty());
        QVERIFY(!dialog.previewField()->textField()->accessibleName().isEmpty());
    }
};

QTEST_MAIN(TestCommandProfileDialog)
#include "tst_commandprofiledialog.moc"
