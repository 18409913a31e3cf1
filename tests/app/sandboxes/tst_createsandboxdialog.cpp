// SPDX-License-Identifier: Apache-2.0
// The create dialog checks what the person types before anything runs: bad names disable OK
// with a message, and the preview shows the exact command.

#include "kosa8/Kosa8Runner.h"
#include "sandboxes/CreateSandboxDialog.h"
#include "widgets/CommandPreviewField.h"
#include "widgets/ValidatedListEditor.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QtTest>

namespace {
// Clicks on the indicator, where a person clicks (the button may be wider than its text).
void clickRadio(QRadioButton* radio)
{
    QTest::mouseClick(radio, Qt::LeftButton, {}, QPoint(8, radio->height() / 2));
}
} // namespace

using k8::app::CreateSandboxDialog;

class TestCreateSandboxDialog : public QObject
{
    Q_OBJECT

    k8::kosa8::Kosa8Runner m_runner;

    static QLineEdit* nameEdit(CreateSandboxDialog& dialog)
    {
        return dialog.findChild<QLineEdit*>(QStringLiteral("nameEdit"));
    }
    static QLabel* nameMessage(CreateSandboxDialog& dialog)
    {
        return dialog.findChild<QLabel*>(QStringLiteral("nameMessage"));
    }
    static QRadioButton* radio(CreateSandboxDialog& dialog, const char* name)
    {
        return dialog.findChild<QRadioButton*>(QString::fromLatin1(name));
    }

private Q_SLOTS:
    void initTestCase()
    {
        k8::kosa8::ConnectionProfile connection;
        connection.executable = QStringLiteral("/opt/kosa8/bin/kosa8");
        m_runner.setConnection(connection);
    }

    void emptyNameKeepsOkDisabled()
    {
        CreateSandboxDialog dialog(&m_runner);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY(!dialog.commandField()->isAvailable());
    }

    void badNamesDisableOkWithAMessage_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("flag") << QStringLiteral("-rf");
        QTest::newRow("upper case and space") << QStringLiteral("My Box");
        QTest::newRow("shell characters") << QStringLiteral("box;rm");
        QTest::newRow("too long") << QString(64, QLatin1Char('a'));
    }

    void badNamesDisableOkWithAMessage()
    {
        QFETCH(QString, name);
        CreateSandboxDialog dialog(&m_runner);
        dialog.show();
        QTest::keyClicks(nameEdit(dialog), name);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY(nameMessage(dialog)->isVisible());
        QVERIFY(!nameMessage(dialog)->text().isEmpty());
        QVERIFY(!dialog.commandField()->isAvailable());
    }

    void existingNameIsRefused()
    {
        CreateSandboxDialog dialog(&m_runner);
        dialog.show();
        dialog.setExistingNames({QStringLiteral("code-runner")});
        QTest::keyClicks(nameEdit(dialog), QStringLiteral("code-runner"));
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY(nameMessage(dialog)->text().contains(QStringLiteral("already exists")));
    }

    void goodNameShowsTheExactCommand()
    {
        CreateSandboxDialog dialog(&m_runner);
        dialog.show();
        QTest::keyClicks(nameEdit(dialog), QStringLiteral("code-runner"));
        QVERIFY(dialog.okButton()->isEnabled());
        QVERIFY(!nameMessage(dialog)->isVisible());
        QCOMPARE(dialog.commandPreview(),
                 QStringLiteral("/opt/kosa8/bin/kosa8 sandbox create code-runner --egress deny"));
        QCOMPARE(dialog.commandField()->textField()->toPlainText(), dialog.commandPreview());
    }

    void allowListNeedsValidHosts()
    {
        CreateSandboxDialog dialog(&m_runner);
        dialog.show();
        QTest::keyClicks(nameEdit(dialog), QStringLiteral("web"));
        clickRadio(radio(dialog, "allowRadio"));
        QVERIFY2(!dialog.okButton()->isEnabled(), "an empty allow-list is not accepted");

        k8::app::ValidatedListEditor* hosts = dialog.hostsEditor();
        QTest::keyClicks(hosts->input(), QStringLiteral("not a host!"));
        QVERIFY(!hosts->addButton()->isEnabled());
        QVERIFY(hosts->messageLabel()->isVisible());
        QVERIFY(!dialog.okButton()->isEnabled());

        hosts->input()->clear();
        QTest::keyClicks(hosts->input(), QStringLiteral("pypi.org"));
        QVERIFY(hosts->addButton()->isEnabled());
        QTest::mouseClick(hosts->addButton(), Qt::LeftButton);
        QTest::keyClicks(hosts->input(), QStringLiteral("files.pythonhosted.org"));
        QTest::keyClick(hosts->input(), Qt::Key_Return);
        QCOMPARE(hosts->items(),
                 (QStringList{QStringLiteral("pypi.org"), QStringLiteral("files.pythonhosted.org")}));
        QVERIFY(dialog.okButton()->isEnabled());
        QCOMPARE(
            dialog.commandPreview(),
            QStringLiteral("/opt/kosa8/bin/kosa8 sandbox create web --egress-allow pypi.org --egress-allow "
                           "files.pythonhosted.org"));
    }

    // Issue 8: the host field says what an entry may be, and an error says what is allowed; several
    // hosts typed into one entry are named as such, not as "not allowed".
    void hostFieldExplainsTheFormat()
    {
        CreateSandboxDialog dialog(&m_runner);
        dialog.show();
        QTest::keyClicks(nameEdit(dialog), QStringLiteral("web"));
        auto* help = dialog.findChild<QLabel*>(QStringLiteral("hostsFormatLabel"));
        QVERIFY(help);
        QCOMPARE(help->text(), CreateSandboxDialog::hostFormatText());
        QVERIFY(help->isVisible());
        for (const char* example :
             {"One host per entry", "*.githubusercontent.com", "10.0.0.5", "10.0.0.0/8", ":443"})
            QVERIFY2(help->text().contains(QLatin1String(example)), example);

        clickRadio(radio(dialog, "allowRadio"));
        k8::app::ValidatedListEditor* hosts = dialog.hostsEditor();
        QVERIFY(!hosts->input()->placeholderText().contains(QLatin1Char(',')));
        QTest::keyClicks(hosts->input(), QStringLiteral("pypi.org, files.pythonhosted.org"));
        QVERIFY(!hosts->addButton()->isEnabled());
        QVERIFY(hosts->messageLabel()->isVisible());
        const QString several = hosts->messageLabel()->text();
        QVERIFY2(
            several.startsWith(QStringLiteral("One entry holds 2 hosts: add them one at a time (pypi.org,")),
            qPrintable(several));
        QVERIFY2(!several.contains(QLatin1String("not allowed")), qPrintable(several));
        QVERIFY2(several.contains(CreateSandboxDialog::hostFormatText()), qPrintable(several));
        QVERIFY(!dialog.okButton()->isEnabled());

        hosts->input()->clear();
        QTest::keyClicks(hosts->input(), QStringLiteral("http://pypi.org/simple"));
        const QString wrong = hosts->messageLabel()->text();
        QVERIFY2(wrong.startsWith(QStringLiteral("\"http://pypi.org/simple\" is not a host kosa8 accepts.")),
                 qPrintable(wrong));
        QVERIFY2(wrong.contains(QLatin1String("CIDR")), qPrintable(wrong));

        // Every example the text gives is accepted.
        for (const char* good : {"pypi.org", "*.githubusercontent.com", "10.0.0.5", "10.0.0.0/8",
                                 "api.example.com:443", "[2001:db8::1]:443"})
            QVERIFY2(CreateSandboxDialog::checkHostEntry(QLatin1String(good)).isEmpty(), good);
        hosts->input()->clear();
        QTest::keyClicks(hosts->input(), QStringLiteral("10.0.0.0/8"));
        QTest::keyClick(hosts->input(), Qt::Key_Return);
        QCOMPARE(hosts->items(), QStringList{QStringLiteral("10.0.0.0/8")});
        QVERIFY(dialog.okButton()->isEnabled());
    }

    void anyEgressAndMounts()
    {
        CreateSandboxDialog dialog(&m_runner);
        dialog.show();
        QTest::keyClicks(nameEdit(dialog), QStringLiteral("open"));
        clickRadio(radio(dialog, "anyRadio"));
        k8::app::ValidatedListEditor* mounts = dialog.mountsEditor();
        QTest::keyClicks(mounts->input(), QStringLiteral("relative/path:/work"));
        QVERIFY(mounts->messageLabel()->isVisible());
        QVERIFY2(!dialog.okButton()->isEnabled(), "a bad mount typed but not added blocks OK");
        mounts->input()->clear();
        QTest::keyClicks(mounts->input(), QStringLiteral("/home/me/project:/work"));
        QVERIFY(dialog.okButton()->isEnabled());
        // Typed but not added: still part of the command, not silently dropped.
        QCOMPARE(dialog.commandPreview(),
                 QStringLiteral(
                     "/opt/kosa8/bin/kosa8 sandbox create open --egress any -v /home/me/project:/work"));
    }

    // Issue 11: fakenet is offered here too, and a policy from the editor sets the choice and the
    // hosts, keeping its notes for the sandbox while it still matches what will be sent.
    void fakenetAndPolicyFromTheEditor()
    {
        CreateSandboxDialog dialog(&m_runner);
        dialog.show();
        QTest::keyClicks(nameEdit(dialog), QStringLiteral("sim"));
        clickRadio(radio(dialog, "fakenetRadio"));
        QCOMPARE(dialog.commandPreview(),
                 QStringLiteral("/opt/kosa8/bin/kosa8 sandbox create sim --egress fakenet"));
        QVERIFY(dialog.okButton()->isEnabled());

        k8::policy::EgressRules rules;
        rules.mode = k8::policy::EgressRules::Mode::Allow;
        rules.items = {{QStringLiteral("bücher.example"), QStringLiteral("books")},
                       {QStringLiteral("10.0.0.0/8:5432"), QString()}};
        dialog.setEditedRules(rules);
        QVERIFY(radio(dialog, "allowRadio")->isChecked());
        QCOMPARE(dialog.hostsEditor()->items(),
                 (QStringList{QStringLiteral("xn--bcher-kva.example"), QStringLiteral("10.0.0.0/8:5432")}));
        QCOMPARE(
            dialog.commandPreview(),
            QStringLiteral("/opt/kosa8/bin/kosa8 sandbox create sim --egress-allow xn--bcher-kva.example "
                           "--egress-allow 10.0.0.0/8:5432"));
        QVERIFY(dialog.rules() == rules);
        // Changed here afterwards: what is sent wins, the editor's notes no longer apply.
        clickRadio(radio(dialog, "denyRadio"));
        QCOMPARE(dialog.rules().mode, k8::policy::EgressRules::Mode::Deny);
    }

    void okAcceptsOnlyWhenValid()
    {
        CreateSandboxDialog dialog(&m_runner);
        dialog.show();
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        QTest::keyClicks(nameEdit(dialog), QStringLiteral("Bad Name"));
        QTest::keyClick(nameEdit(dialog), Qt::Key_Return);
        QCOMPARE(accepted.count(), 0);
        nameEdit(dialog)->clear();
        QTest::keyClicks(nameEdit(dialog), QStringLiteral("good"));
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(accepted.count(), 1);
        QCOMPARE(dialog.name(), QStringLiteral("good"));
    }
};

QTEST_MAIN(TestCreateSandboxDialog)
#include "tst_createsandboxdialog.moc"
