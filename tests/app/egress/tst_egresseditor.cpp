// SPDX-License-Identifier: Apache-2.0
// The egress policy editor against the kosa8 stand-in, driven like a person: a sandbox created
// with a preset plus a typed host, a live change with its diff and `sandbox egress`, a change kosa8
// refuses (the edited policy stays, kosa8's stderr is shown, recreate is offered), and "allow this
// host" from the review panel going through the same diff and confirmation.

#include "egress/EgressEditor.h"
#include "egress/EgressEditorDialog.h"
#include "egress/EgressGlanceDelegate.h"
#include "egress/ReachPanel.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/SandboxListModel.h"
#include "plumbing/AppContext.h"
#include "sandboxes/CreateSandboxDialog.h"
#include "sandboxes/SandboxRefresher.h"
#include "sandboxes/SandboxesPage.h"
#include "support/AppTestSupport.h"
#include "support/Waits.h"
#include "widgets/CommandPreviewField.h"
#include "widgets/ConfirmCommandDialog.h"
#include "widgets/MessageArea.h"
#include "widgets/ValidatedListEditor.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProxyStyle>
#include <QPushButton>
#include <QRadioButton>
#include <QStandardItemModel>
#include <QStyleOptionViewItem>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace k8;
using namespace Qt::StringLiterals;
using k8::test::argv;
using policy::EgressRules;

namespace {
constexpr int Slow = k8::test::waits::Standin;

template <typename T> T* waitForChild(QObject* parent, const QString& name = {})
{
    T* found = nullptr;
    const bool shown = QTest::qWaitFor(
        [&] {
            found = parent->findChild<T*>(name);
            return found && qobject_cast<QWidget*>(found)->isVisible();
        },
        Slow);
    return shown ? found : nullptr;
}
} // namespace

class TestEgressEditor : public QObject
{
    Q_OBJECT

    struct Fixture
    {
        test::StandinEnvironment env;
        std::unique_ptr<app::AppContext> context;
        std::unique_ptr<app::MessageArea> messages;
        std::unique_ptr<app::SandboxesPage> page;

        void open()
        {
            context = std::make_unique<app::AppContext>(env.options());
            messages = std::make_unique<app::MessageArea>();
            QObject::connect(context.get(), &app::AppContext::messagePosted, messages.get(),
                             &app::MessageArea::post);
            page = std::make_unique<app::SandboxesPage>(context.get());
            page->resize(1000, 600);
            page->show();
            page->refresher()->start();
        }

        // A running sandbox made directly through the stand-in, then selected in the list.
        bool openWithSandbox(const QStringList& createArgs)
        {
            if (env.runStandin(createArgs) != 0)
                return false;
            open();
            if (!QTest::qWaitFor([&] { return page->model()->rowOf(createArgs.at(2)) >= 0; }, Slow))
                return false;
            page->selectSandbox(createArgs.at(2));
            return page->selectedSandbox() == createArgs.at(2);
        }
    };

private Q_SLOTS:
    void createWithPresetAndTypedHost();
    void refusedCreateOpensAgainWithThePolicy();
    void liveChangeShowsDiffAndSendsEgress();
    void refusedLiveChangeKeepsThePolicyAndShowsTheError();
    void recreateAfterARefusalDeletesThenCreates();
    void allowThisHostFromAReview();
    void editorMarksInvalidAndRedundantEntries();
    void testAHostNamesTheDecidingEntry();
    void modeSentencesAndCommandPreview();
    void importRefusesAMalformedFileAndKeepsThePolicy();
    void notesSurviveAReopen();
    void aNoteAloneIsSavedWithoutRunningKosa8();
    void mnemonicsAreUnique();
    void listShowsEachPolicyAtAGlance();
    void glanceTextIsPaintedOnceBesideTheSymbol();
    void reachPanelScansAtMostItsLimit();
    void userPresetsAreSavedAndShown();
};

void TestEgressEditor::createWithPresetAndTypedHost()
{
    Fixture f;
    f.open();
    QTRY_VERIFY_WITH_TIMEOUT(f.page->isShowingEmptyState(), Slow);
    f.page->createAction()->trigger();
    auto* create = f.page->findChild<app::CreateSandboxDialog*>();
    QVERIFY(create);
    QTest::keyClicks(create->findChild<QLineEdit*>(u"nameEdit"_s), u"analysis"_s);
    QTest::mouseClick(create->policyEditorButton(), Qt::LeftButton);
    QPointer<app::EgressEditorDialog> editorDialog = waitForChild<app::EgressEditorDialog>(create);
    QVERIFY(editorDialog);
    app::EgressEditor* editor = editorDialog->editor();

    // The preset's entries are shown before they are added.
    QVERIFY(editor->choosePreset(u"Python packages"_s));
    QCOMPARE(editor->presetPreviewText(),
             u"Adds: pypi.org (package index (pip, uv)), files.pythonhosted.org (package downloads)"_s);
    QCOMPARE(editor->table()->rowCount(), 0);
    QTest::mouseClick(editor->findChild<QPushButton*>(u"addPresetButton"_s), Qt::LeftButton);
    QCOMPARE(editor->table()->rowCount(), 2);
    QVERIFY(editor->modeButton(EgressRules::Mode::Allow)->isChecked());

    // A typed internationalised host: shown as typed, sent as punycode.
    editor->newEntryEdit()->setFocus();
    // (QTest cannot type non-ASCII keys; a paste or an input method delivers the text at once.)
    editor->newEntryEdit()->setText(u"bücher.example"_s);
    QCOMPARE(editor->newEntryMessage()->text(), u"OK; sent to kosa8 as xn--bcher-kva.example"_s);
    QTest::keyClick(editor->newEntryEdit(), Qt::Key_Return);
    QCOMPARE(editor->table()->rowCount(), 3);
    QCOMPARE(editor->table()->item(2, app::EgressEditor::EntryColumn)->text(), u"bücher.example"_s);
    QVERIFY(editor->commandPreview().endsWith(u" sandbox create analysis --egress-allow pypi.org "
                                              u"--egress-allow files.pythonhosted.org --egress-allow "
                                              u"xn--bcher-kva.example"_s));

    QTest::mouseClick(editorDialog->applyButton(), Qt::LeftButton);
    QTRY_VERIFY(!editorDialog || !editorDialog->isVisible());
    QVERIFY(create->findChild<QRadioButton*>(u"allowRadio"_s)->isChecked());
    QVERIFY2(
        create->commandPreview().endsWith(u" sandbox create analysis --egress-allow pypi.org --egress-allow "
                                          u"files.pythonhosted.org --egress-allow xn--bcher-kva.example"_s),
        qPrintable(create->commandPreview()));
    QVERIFY(create->okButton()->isEnabled());
    QTest::mouseClick(create->okButton(), Qt::LeftButton);

    const QStringList expected =
        argv({"sandbox", "create", "analysis", "--egress-allow", "pypi.org", "--egress-allow",
              "files.pythonhosted.org", "--egress-allow", "xn--bcher-kva.example"});
    QTRY_VERIFY_WITH_TIMEOUT(f.env.wasCalledWith(expected), Slow);
    QTRY_VERIFY_WITH_TIMEOUT(f.page->model()->rowOf(u"analysis"_s) >= 0, Slow);
    // Exactly that create, nothing else that changes state.
    int creates = 0;
    for (const QStringList& call : f.env.calls())
        creates += call.value(1) == u"create"_s || call.value(1) == u"egress"_s;
    QCOMPARE(creates, 1);
    // The typed spelling comes back in the editor of the new sandbox.
    QTRY_COMPARE_WITH_TIMEOUT(
        app::EgressEditorDialog::savedRules(f.env.dataPath(), u"analysis"_s,
                                            f.page->model()->find(u"analysis"_s)->egress)
            .items.last()
            .entry,
        u"bücher.example"_s, Slow);
}

void TestEgressEditor::refusedCreateOpensAgainWithThePolicy()
{
    Fixture f;
    f.open();
    QTRY_VERIFY_WITH_TIMEOUT(f.page->isShowingEmptyState(), Slow);
    f.page->createAction()->trigger();
    QPointer<app::CreateSandboxDialog> create = f.page->findChild<app::CreateSandboxDialog*>();
    QVERIFY(create);
    QTest::keyClicks(create->findChild<QLineEdit*>(u"nameEdit"_s), u"office"_s);
    EgressRules rules;
    rules.mode = EgressRules::Mode::Allow;
    rules.items = {{u"pypi.org"_s, u"pip"_s}, {u"10.0.0.0/8"_s, u"office network"_s}};
    create->setEditedRules(rules);
    QTest::mouseClick(create->okButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(f.env.wasCalledWith(argv({"sandbox", "create", "office", "--egress-allow",
                                                       "pypi.org", "--egress-allow", "10.0.0.0/8"})),
                             Slow);
    // The stand-in refuses CIDR blocks: the dialog opens again with everything chosen.
    app::CreateSandboxDialog* again = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((again = f.page->findChild<app::CreateSandboxDialog*>()) &&
                                 again != create.data() && again->isVisible(),
                             Slow);
    QCOMPARE(again->name(), u"office"_s);
    QVERIFY(again->rules() == rules); // notes included
    QVERIFY2(again->refusalText().contains(u"invalid host \"10.0.0.0/8\" for --egress-allow"_s),
             qPrintable(again->refusalText()));
    QVERIFY(f.page->model()->rowOf(u"office"_s) < 0);
}

void TestEgressEditor::liveChangeShowsDiffAndSendsEgress()
{
    Fixture f;
    QVERIFY(f.openWithSandbox(argv({"sandbox", "create", "box", "--egress-allow", "github.com"})));
    QVERIFY(f.page->egressAction()->isEnabled());
    f.page->egressAction()->trigger();
    QPointer<app::EgressEditorDialog> dialog = waitForChild<app::EgressEditorDialog>(f.page.get());
    QVERIFY(dialog);
    QCOMPARE(dialog->rules().items.size(), 1);
    QVERIFY(!dialog->applyButton()->isEnabled()); // nothing changed yet
    // A note alone changes nothing for kosa8: it is saved, not sent, and not lost.
    dialog->editor()->table()->item(0, app::EgressEditor::NoteColumn)->setText(u"clone over HTTPS"_s);
    QVERIFY(dialog->applyButton()->isEnabled());
    QCOMPARE(dialog->applyButton()->text(), u"Save n&otes"_s);
    dialog->editor()->table()->item(0, app::EgressEditor::NoteColumn)->setText(QString());
    QVERIFY(!dialog->applyButton()->isEnabled());
    QVERIFY(dialog->addEntry(u"pypi.org"_s, u"for pip"_s));
    QVERIFY(dialog->applyButton()->isEnabled());
    QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);

    auto* confirm = waitForChild<app::ConfirmCommandDialog>(dialog, u"confirmEgressDialog"_s);
    QVERIFY(confirm);
    QVERIFY2(confirm->questionText().contains(u"  mode: allow-list\n  github.com\n+ pypi.org"_s),
             qPrintable(confirm->questionText()));
    QVERIFY2(confirm->command().endsWith(
                 u" sandbox egress box --egress-allow github.com --egress-allow pypi.org"_s),
             qPrintable(confirm->command()));
    // Nothing is sent before the confirmation.
    for (const QStringList& call : f.env.calls())
        QVERIFY(call.value(1) != u"egress"_s);
    QTest::mouseClick(confirm->acceptButton(), Qt::LeftButton);

    QTRY_VERIFY_WITH_TIMEOUT(f.env.wasCalledWith(argv({"sandbox", "egress", "box", "--egress-allow",
                                                       "github.com", "--egress-allow", "pypi.org"})),
                             Slow);
    // The list re-reads the real state.
    QTRY_VERIFY_WITH_TIMEOUT(
        f.page->model()->find(u"box"_s)->egress.hosts == (QStringList{u"github.com"_s, u"pypi.org"_s}), Slow);
    QTRY_VERIFY(!dialog || !dialog->isVisible());
}

void TestEgressEditor::refusedLiveChangeKeepsThePolicyAndShowsTheError()
{
    Fixture f;
    QVERIFY(f.openWithSandbox(argv({"sandbox", "create", "box", "--egress", "deny"})));
    f.page->egressAction()->trigger();
    auto* dialog = waitForChild<app::EgressEditorDialog>(f.page.get());
    QVERIFY(dialog);
    // kosa8's documents do not say whether it takes CIDR blocks; the stand-in refuses them.
    QVERIFY(!dialog->recreateButton()->isVisible()); // offered only once kosa8 refused
    QVERIFY(dialog->addEntry(u"pypi.org"_s, {}));
    QVERIFY(dialog->addEntry(u"10.0.0.0/8"_s, u"office network"_s));
    const EgressRules edited = dialog->rules();
    QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
    auto* confirm = waitForChild<app::ConfirmCommandDialog>(dialog, u"confirmEgressDialog"_s);
    QVERIFY(confirm);
    QVERIFY(confirm->questionText().contains(
        u"- mode: no network (deny)\n+ mode: allow-list\n+ pypi.org\n+ 10.0.0.0/8"_s));
    QTest::mouseClick(confirm->acceptButton(), Qt::LeftButton);

    QTRY_VERIFY_WITH_TIMEOUT(dialog->errorView()->isVisible(), Slow);
    QVERIFY(dialog->isVisible());
    const QString shown = dialog->errorView()->toPlainText();
    QVERIFY2(shown.contains(u"invalid host \"10.0.0.0/8\" for --egress-allow"_s), qPrintable(shown));
    QVERIFY2(shown.contains(u"sandbox egress box --egress-allow pypi.org --egress-allow 10.0.0.0/8"_s),
             qPrintable(shown));
    QVERIFY(dialog->statusLabel()->text().contains(u"your edits are kept"_s));
    QVERIFY2(dialog->statusLabel()->text().contains(u"It names entry 2 (10.0.0.0/8)"_s),
             qPrintable(dialog->statusLabel()->text()));
    QVERIFY(dialog->rules() == edited); // never lose the edited policy
    QCOMPARE(dialog->rules().items.at(1).note, u"office network"_s);
    QCOMPARE(f.page->model()->find(u"box"_s)->egress.mode, kosa8::EgressPolicy::Mode::Deny);

    // Recreate is offered and says plainly what it loses; cancelling changes nothing.
    QVERIFY(dialog->recreateButton()->isVisible());
    QTest::mouseClick(dialog->recreateButton(), Qt::LeftButton);
    auto* recreate = waitForChild<app::ConfirmCommandDialog>(dialog, u"confirmRecreateDialog"_s);
    QVERIFY(recreate);
    QVERIFY(recreate->questionText().contains(u"checkpoints and snapshots, the images pulled into it"_s));
    QVERIFY(recreate->command().endsWith(u" sandbox rm box"_s));
    recreate->reject();
    for (const QStringList& call : f.env.calls())
        QVERIFY(call.value(1) != u"rm"_s);
    QVERIFY(dialog->rules() == edited);
}

void TestEgressEditor::recreateAfterARefusalDeletesThenCreates()
{
    Fixture f;
    QVERIFY(f.openWithSandbox(argv({"sandbox", "create", "box", "--egress", "deny"})));
    // This kosa8 cannot change a live sandbox's egress; deleting takes a moment.
    f.env.setFaults(QJsonObject{
        {u"sandbox egress"_s,
         QJsonObject{{u"mode"_s, u"exit"_s},
                     {u"code"_s, 2},
                     {u"message"_s, u"kosa8: unknown command \"egress\" for \"kosa8 sandbox\""_s}}},
        {u"sandbox rm"_s, QJsonObject{{u"mode"_s, u"delay"_s}, {u"ms"_s, 1500}}}});
    f.page->egressAction()->trigger();
    QPointer<app::EgressEditorDialog> dialog = waitForChild<app::EgressEditorDialog>(f.page.get());
    QVERIFY(dialog);
    QVERIFY(dialog->addEntry(u"pypi.org"_s, {}));
    QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
    auto* confirm = waitForChild<app::ConfirmCommandDialog>(dialog, u"confirmEgressDialog"_s);
    QVERIFY(confirm);
    QTest::mouseClick(confirm->acceptButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->recreateButton()->isVisible(), Slow);
    QVERIFY(dialog->errorView()->toPlainText().contains(u"unknown command \"egress\""_s));

    QTest::mouseClick(dialog->recreateButton(), Qt::LeftButton);
    auto* recreate = waitForChild<app::ConfirmCommandDialog>(dialog, u"confirmRecreateDialog"_s);
    QVERIFY(recreate);
    QVERIFY(recreate->questionText().contains(u"sandbox create box --egress-allow pypi.org"_s));
    QTest::mouseClick(recreate->acceptButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(f.env.wasCalledWith(argv({"sandbox", "rm", "box"})), Slow);
    // Closing now would leave the sandbox deleted: the dialog stays until kosa8 answered.
    dialog->reject();
    QVERIFY(dialog && dialog->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(
        f.env.wasCalledWith(argv({"sandbox", "create", "box", "--egress-allow", "pypi.org"})), Slow);
    QTRY_VERIFY_WITH_TIMEOUT(f.page->model()->find(u"box"_s) &&
                                 f.page->model()->find(u"box"_s)->egress.hosts == QStringList{u"pypi.org"_s},
                             Slow);
    QTRY_VERIFY(!dialog || !dialog->isVisible());
}

void TestEgressEditor::allowThisHostFromAReview()
{
    Fixture f;
    QVERIFY(f.openWithSandbox(argv({"sandbox", "create", "box", "--egress-allow", "pypi.org"})));
    const kosa8::Sandbox* box = f.page->model()->find(u"box"_s);
    app::ReachPanel panel;
    QObject::connect(&panel, &app::ReachPanel::allowHostRequested, f.page.get(),
                     [&f](const QString& sandbox, const QString& entry, const QString& note) {
                         f.page->openEgressEditorWithEntry(sandbox, entry, note);
                     });
    panel.setInput(
        u"import requests\nrequests.get('https://files.example.com/data.csv')\nimport os\nos.system('ls')"_s,
        u"python"_s, u"box"_s, EgressRules::fromKosa8(box->egress));
    panel.show();
    QCOMPARE(panel.verdicts(), (QStringList{u"blocked: not in the allow-list"_s, QString()}));
    QCOMPARE(panel.attentionLines(), (QList<int>{2, 4}));
    QCOMPARE(panel.list()->topLevelItem(0)->text(app::ReachPanel::VerdictColumn),
             u"blocked: not in the allow-list"_s);
    QVERIFY(!panel.allowButton()->isEnabled());
    panel.selectFinding(0);
    QVERIFY(panel.allowButton()->isEnabled());
    QCOMPARE(panel.allowChoices(0), (QStringList{u"files.example.com"_s, u"*.example.com"_s}));
    QVERIFY(panel.allowChoices(1).isEmpty()); // a risk, not a host

    QSignalSpy requested(&panel, &app::ReachPanel::allowHostRequested);
    panel.requestAllow(u"*.example.com"_s);
    QCOMPARE(requested.size(), 1);
    QPointer<app::EgressEditorDialog> dialog = waitForChild<app::EgressEditorDialog>(f.page.get());
    QVERIFY(dialog);
    QCOMPARE(dialog->rules().items.last().entry, u"*.example.com"_s);
    QVERIFY(dialog->rules().items.last().note.contains(u"line 2"_s));
    // Never silently: nothing was sent yet.
    for (const QStringList& call : f.env.calls())
        QVERIFY(call.value(1) != u"egress"_s);
    QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
    auto* confirm = waitForChild<app::ConfirmCommandDialog>(dialog, u"confirmEgressDialog"_s);
    QVERIFY(confirm);
    QVERIFY(confirm->questionText().contains(u"+ *.example.com"_s));
    QTest::mouseClick(confirm->acceptButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(f.env.wasCalledWith(argv({"sandbox", "egress", "box", "--egress-allow",
                                                       "pypi.org", "--egress-allow", "*.example.com"})),
                             Slow);
    QTRY_VERIFY_WITH_TIMEOUT(f.page->model()->find(u"box"_s)->egress.hosts.contains(u"*.example.com"_s),
                             Slow);
    panel.setPolicy(u"box"_s, EgressRules::fromKosa8(f.page->model()->find(u"box"_s)->egress));
    QCOMPARE(panel.verdicts().first(), u"allowed by *.example.com"_s);
}

void TestEgressEditor::editorMarksInvalidAndRedundantEntries()
{
    app::EgressEditor editor;
    EgressRules rules;
    rules.mode = EgressRules::Mode::Allow;
    rules.items = {
        {u"*.pythonhosted.org"_s, {}}, {u"files.pythonhosted.org"_s, u"redundant"_s}, {u"10.0.0.0/33"_s, {}}};
    editor.setRules(rules);
    QTableWidget* table = editor.table();
    QCOMPARE(table->item(0, app::EgressEditor::CheckColumn)->text(), u"OK"_s);
    QCOMPARE(table->item(1, app::EgressEditor::CheckColumn)->text(),
             u"Already allowed by entry 1 (*.pythonhosted.org); this entry changes nothing."_s);
    QVERIFY(table->item(1, app::EgressEditor::EntryColumn)->font().italic());
    QCOMPARE(table->item(2, app::EgressEditor::CheckColumn)->text(),
             u"The prefix length /33 is out of range for IPv4: use /0 to /32."_s);
    QCOMPARE(editor.problem(),
             u"Entry 3 (10.0.0.0/33): The prefix length /33 is out of range for IPv4: use /0 to /32."_s);
    QCOMPARE(editor.problemLabel()->text(), editor.problem());

    // Fixing the cell in place revalidates.
    table->item(2, app::EgressEditor::EntryColumn)->setText(u"10.0.0.0/8"_s);
    QCOMPARE(table->item(2, app::EgressEditor::CheckColumn)->text(), u"OK"_s);
    QVERIFY(editor.problem().isEmpty());

    // The new-entry field refuses duplicates and says why; a covered entry is warned, not refused.
    QVERIFY(!editor.addEntry(u"10.0.0.0/8"_s));
    QCOMPARE(editor.newEntryMessage()->text(), u"Duplicate of entry 3 (10.0.0.0/8); remove one of them."_s);
    QTest::keyClicks(editor.newEntryEdit(), u"10.1.0.0/16"_s);
    QCOMPARE(editor.newEntryMessage()->text(),
             u"Already allowed by entry 3 (10.0.0.0/8); this entry changes nothing."_s);
    QVERIFY(editor.findChild<QPushButton*>(u"addEntryButton"_s)->isEnabled());

    // Typed or imported text is shown as text: a "<b>" stays literal in messages and tooltips.
    QVERIFY(!editor.addEntry(u"<img src=x>.example"_s));
    QCOMPARE(editor.newEntryMessage()->textFormat(), Qt::PlainText);
    QVERIFY(editor.newEntryMessage()->text().contains(u"<img src=x>"_s));
    table->item(0, app::EgressEditor::EntryColumn)->setText(u"<b>x</b>"_s);
    QVERIFY2(table->item(0, app::EgressEditor::CheckColumn)->toolTip().contains(u"&lt;b&gt;x&lt;/b&gt;"_s),
             qPrintable(table->item(0, app::EgressEditor::CheckColumn)->toolTip()));
}

void TestEgressEditor::testAHostNamesTheDecidingEntry()
{
    app::EgressEditor editor;
    EgressRules rules;
    rules.mode = EgressRules::Mode::Allow;
    rules.items = {{u"pypi.org"_s, {}}, {u"*.pythonhosted.org"_s, {}}, {u"api.example:443"_s, {}}};
    editor.setRules(rules);
    QTest::keyClicks(editor.testHostEdit(), u"files.pythonhosted.org:443"_s);
    QCOMPARE(editor.testHostResult()->text(), u"allowed by *.pythonhosted.org"_s);
    editor.testHostEdit()->clear();
    QTest::keyClicks(editor.testHostEdit(), u"api.example:80"_s);
    QCOMPARE(editor.testHostResult()->text(), u"blocked: api.example:443 allows only port 443, not 80"_s);
    // The answer follows the policy as it is edited.
    QVERIFY(editor.addEntry(u"api.example"_s));
    QCOMPARE(editor.testHostResult()->text(), u"allowed by api.example"_s);
    editor.modeButton(EgressRules::Mode::Deny)->click();
    QCOMPARE(editor.testHostResult()->text(), u"blocked: the sandbox has no network"_s);
}

void TestEgressEditor::modeSentencesAndCommandPreview()
{
    test::StandinEnvironment env;
    app::AppContext context(env.options());
    app::EgressEditor editor;
    editor.setCommandContext(context.runner(), kosa8::Operation::SandboxEgress, u"box"_s);
    editor.show();
    const QList<std::pair<EgressRules::Mode, QString>> modes = {
        {EgressRules::Mode::Deny, u"--egress deny"_s},
        {EgressRules::Mode::Any, u"--egress any"_s},
        {EgressRules::Mode::Fakenet, u"--egress fakenet"_s}};
    for (const auto& [mode, flags] : modes) {
        editor.modeButton(mode)->click();
        QVERIFY(editor.modeSentenceLabel(mode)->font().bold()); // the chosen one stands out
        QVERIFY2(editor.commandPreview().endsWith(u" sandbox egress box "_s + flags),
                 qPrintable(editor.commandPreview()));
        QVERIFY(!editor.table()->isVisible());
    }
    editor.modeButton(EgressRules::Mode::Allow)->click();
    QVERIFY(editor.table()->isVisible());
    // One sentence under each switch, all visible, each different.
    QStringList sentences;
    for (EgressRules::Mode mode : {EgressRules::Mode::Deny, EgressRules::Mode::Allow, EgressRules::Mode::Any,
                                   EgressRules::Mode::Fakenet}) {
        QVERIFY(editor.modeSentenceLabel(mode)->isVisible());
        QCOMPARE(editor.modeSentenceLabel(mode)->font().bold(), mode == EgressRules::Mode::Allow);
        sentences << editor.modeSentenceLabel(mode)->text();
    }
    sentences.removeDuplicates();
    QCOMPARE(sentences.size(), 4);
    QVERIFY(sentences.first().contains(u"not even DNS"_s));
    // An empty allow-list cannot be sent and says so instead of a command.
    QVERIFY(editor.commandPreview().isEmpty());
    QVERIFY(editor.problem().contains(u"The allow-list is empty"_s));
}

void TestEgressEditor::importRefusesAMalformedFileAndKeepsThePolicy()
{
    QTemporaryDir dir;
    app::EgressEditor editor;
    EgressRules rules;
    rules.mode = EgressRules::Mode::Allow;
    rules.items = {{u"github.com"_s, u"mine"_s}};
    editor.setRules(rules);
    const QString good = dir.filePath(u"good.json"_s);
    QString error;
    QVERIFY(editor.exportFile(good, &error));
    const QString bad = dir.filePath(u"bad.json"_s);
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "{\n  \"version\": 1,\n  \"mode\": \"allow\",\n  \"entries\": [\n    {\"entry\": \"pypi.org\"},\n"
        "    {\"entry\": \"a.*.example.com\"}\n  ]\n}\n");
    file.close();
    QVERIFY(!editor.importFile(bad, &error));
    QVERIFY2(
        error.contains(
            u"line 6: entry 2 (a.*.example.com): A wildcard is allowed only as the whole leftmost label"_s),
        qPrintable(error));
    QVERIFY(editor.rules() == rules); // nothing half-imported

    editor.setRules({});
    QVERIFY(editor.importFile(good, &error));
    QVERIFY(editor.rules() == rules);
}

void TestEgressEditor::notesSurviveAReopen()
{
    QTemporaryDir dir;
    EgressRules rules;
    rules.mode = EgressRules::Mode::Allow;
    rules.items = {{u"bücher.example"_s, u"books"_s}};
    QVERIFY(app::EgressEditorDialog::saveRules(dir.path(), u"box"_s, rules));
    // kosa8 reports the punycode form; the editor shows the typed one with its note again.
    const auto reported = kosa8::EgressPolicy::parse(u"allow:xn--bcher-kva.example"_s);
    QVERIFY(app::EgressEditorDialog::savedRules(dir.path(), u"box"_s, reported) == rules);
    // Once kosa8 reports something else, the real state wins.
    const auto changed = kosa8::EgressPolicy::parse(u"allow:pypi.org"_s);
    QCOMPARE(app::EgressEditorDialog::savedRules(dir.path(), u"box"_s, changed).items.first().entry,
             u"pypi.org"_s);
}

void TestEgressEditor::aNoteAloneIsSavedWithoutRunningKosa8()
{
    Fixture f;
    QVERIFY(f.openWithSandbox(argv({"sandbox", "create", "box", "--egress-allow", "pypi.org"})));
    f.page->egressAction()->trigger();
    QPointer<app::EgressEditorDialog> dialog = waitForChild<app::EgressEditorDialog>(f.page.get());
    QVERIFY(dialog);
    dialog->editor()->table()->item(0, app::EgressEditor::NoteColumn)->setText(u"package index"_s);
    // The runner announces every job as it starts it: no `sandbox egress` among them.
    QList<kosa8::Operation> started;
    QObject::connect(f.context->runner(), &kosa8::Kosa8Runner::jobStarted, f.page.get(),
                     [&started](kosa8::Kosa8Job* job) { started << job->operation(); });
    QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
    QTRY_VERIFY(!dialog || !dialog->isVisible());
    QVERIFY(f.page->findChild<app::ConfirmCommandDialog*>() == nullptr);
    QVERIFY(!started.contains(kosa8::Operation::SandboxEgress));
    f.page->egressAction()->trigger();
    QPointer<app::EgressEditorDialog> again = waitForChild<app::EgressEditorDialog>(f.page.get());
    QVERIFY(again);
    QCOMPARE(again->rules().items.first().note, u"package index"_s);
}

void TestEgressEditor::mnemonicsAreUnique()
{
    // Alt+letter is the keyboard path to every control; a letter used twice only cycles focus.
    test::StandinEnvironment env;
    app::AppContext context(env.options());
    app::EgressEditorDialog dialog(&context, u"box"_s, kosa8::EgressPolicy::parse(u"allow:pypi.org"_s));
    dialog.show();
    QStringList texts;
    for (QAbstractButton* button : dialog.findChildren<QAbstractButton*>())
        texts << button->text();
    for (QLabel* label : dialog.findChildren<QLabel*>()) {
        if (label->buddy())
            texts << label->text();
    }
    QString letters;
    for (const QString& text : texts) {
        const qsizetype amp = text.indexOf(QLatin1Char('&'));
        if (amp < 0 || amp + 1 >= text.size())
            continue;
        const QChar letter = text.at(amp + 1).toLower();
        QVERIFY2(!letters.contains(letter), qPrintable(u"Alt+"_s + letter + u" twice, e.g. "_s + text));
        letters += letter;
    }
    QVERIFY(letters.size() >= 12);
}

void TestEgressEditor::listShowsEachPolicyAtAGlance()
{
    Fixture f;
    QVERIFY(f.env.runStandin(argv({"sandbox", "create", "a-deny", "--egress", "deny"})) == 0);
    QVERIFY(f.env.runStandin(argv({"sandbox", "create", "b-hosts", "--egress-allow", "pypi.org",
                                   "--egress-allow", "github.com", "--egress-allow", "deb.debian.org"})) ==
            0);
    QVERIFY(f.env.runStandin(argv({"sandbox", "create", "c-any", "--egress", "any"})) == 0);
    f.open();
    QTRY_COMPARE_WITH_TIMEOUT(f.page->model()->rowCount(), 3, Slow);
    auto* delegate = qobject_cast<app::EgressGlanceDelegate*>(
        f.page->view()->itemDelegateForColumn(kosa8::SandboxListModel::EgressColumn));
    QVERIFY(delegate);
    QStringList glances;
    for (const QString& name : {u"a-deny"_s, u"b-hosts"_s, u"c-any"_s}) {
        const QModelIndex index =
            f.page->model()->index(f.page->model()->rowOf(name), kosa8::SandboxListModel::EgressColumn);
        glances << app::EgressGlanceDelegate::glanceText(
            index.data(kosa8::SandboxListModel::EgressRawRole).toString());
    }
    QCOMPARE(glances, (QStringList{u"no network"_s, u"3 hosts"_s, u"any"_s}));
    f.page->view()->viewport()->repaint(); // paints the symbols without complaint
}

namespace {
// Records the item-view cells the style is asked to draw, with their text.
class CellRecordingStyle : public QProxyStyle
{
public:
    void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget) const override
    {
        if (const auto* item = qstyleoption_cast<const QStyleOptionViewItem*>(option);
            item && element == CE_ItemViewItem && !item->text.isEmpty())
            texts.append({item->rect, item->text});
        QProxyStyle::drawControl(element, option, painter, widget);
    }
    mutable QList<QPair<QRect, QString>> texts;
};
} // namespace

void TestEgressEditor::glanceTextIsPaintedOnceBesideTheSymbol()
{
    // The sandbox list drew the glance twice: once beside the symbol and once under it, the two
    // overlapping into an unreadable smear ("no network" over the crossed circle).
    QStandardItemModel model(1, 1);
    model.setData(model.index(0, 0), u"deny"_s, kosa8::SandboxListModel::EgressRawRole);
    CellRecordingStyle style;
    QWidget widget;
    widget.setStyle(&style);
    app::EgressGlanceDelegate delegate;
    QStyleOptionViewItem option;
    option.initFrom(&widget);
    option.widget = &widget;
    option.rect = QRect(0, 0, 200, 28);
    QImage image(200, 28, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    delegate.paint(&painter, option, model.index(0, 0));
    painter.end();
    QCOMPARE(style.texts.size(), 1);
    QCOMPARE(style.texts.first().second, u"no network"_s);
    const int symbolWidth = option.rect.height() - 10;
    QVERIFY2(style.texts.first().first.left() > symbolWidth,
             qPrintable(u"text starts at %1"_s.arg(style.texts.first().first.left())));
}

void TestEgressEditor::reachPanelScansAtMostItsLimit()
{
    // The scan runs on every edit of the code under review; a huge paste must not stall typing.
    app::ReachPanel panel;
    QString code = u"requests.get('https://first.example.com')\n"_s;
    while (code.size() <= app::ReachPanel::MaxScannedChars)
        code += u"x = 1  # filler line of ordinary code\n"_s;
    code += u"requests.get('https://last.example.com')\n"_s;
    panel.setInput(code, u"python"_s, {}, {});
    QCOMPARE(panel.findings().size(), 1);
    QCOMPARE(panel.findings().first().host, u"first.example.com"_s);
    QVERIFY2(panel.summaryLabel()->text().contains(u"Only the first 256 KiB of the code were scanned."_s),
             qPrintable(panel.summaryLabel()->text()));
}

void TestEgressEditor::userPresetsAreSavedAndShown()
{
    QTemporaryDir dir;
    {
        app::EgressEditor editor;
        editor.setDataDir(dir.path());
        QVERIFY(editor.addEntry(u"git.corp.example"_s, u"our git"_s));
        QString error;
        QVERIFY(!editor.saveCurrentAsPreset(u"GitHub"_s, &error)); // a built-in's name
        QVERIFY(error.contains(u"built-in"_s));
        QVERIFY2(editor.saveCurrentAsPreset(u"Work"_s, &error), qPrintable(error));
    }
    app::EgressEditor again;
    again.setDataDir(dir.path());
    QVERIFY(again.choosePreset(u"Work"_s));
    QCOMPARE(again.presetPreviewText(), u"Adds: git.corp.example (our git)"_s);
    again.addChosenPreset();
    QCOMPARE(again.rules().items, (QList<EgressRules::Item>{{u"git.corp.example"_s, u"our git"_s}}));

    // A broken presets file is named, and the built-in presets still work.
    QFile broken(dir.filePath(policy::EgressPresets::fileName()));
    QVERIFY(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
    broken.write("{\"version\": 1, \"presets\": [");
    broken.close();
    app::EgressEditor third;
    third.setDataDir(dir.path());
    QVERIFY(third.choosePreset(u"npm"_s));
    QVERIFY2(third.presetPreviewText().contains(u"line 1: not valid JSON"_s),
             qPrintable(third.presetPreviewText()));
    QVERIFY(third.presetPreviewText().contains(u"Adds: registry.npmjs.org"_s));
}

QTEST_MAIN(TestEgressEditor)
#include "tst_egresseditor.moc"
