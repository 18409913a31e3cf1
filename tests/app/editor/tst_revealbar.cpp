// SPDX-License-Identifier: Apache-2.0
#include "editor/CodeEditor.h"
#include "editor/RevealBar.h"

#include <QLabel>
#include <QTest>

using k8::agent::HiddenText;
using k8::app::CodeEditor;
using k8::app::RevealBar;

class TestRevealBar : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hiddenWhenNothingWasFound();
    void countsEachKind();
    void pluralsAndLongestLine();
    void followsTheEditor();
    void agentTextIsNeverMarkup();
    void encodingDeclarationIsNamedFirstAndUnderlined();
};

void TestRevealBar::hiddenWhenNothingWasFound()
{
    RevealBar bar;
    bar.show();
    bar.setReport(HiddenText::scan(QStringLiteral("print('hello')\n")));
    QVERIFY(bar.isHidden());
    QVERIFY(bar.text().isEmpty());
    QVERIFY(!bar.accessibleName().isEmpty());
}

void TestRevealBar::countsEachKind()
{
    RevealBar bar;
    const QString code = QStringLiteral("if role != \"user\u202E \u2066# admins\u2069 \":\n") +
                         QStringLiteral("pass\u200Dword = p\u0430ss\u00A0\n") +
                         QString(250, QLatin1Char('x'));
    bar.setReport(HiddenText::scan(code));
    QVERIFY(!bar.isHidden());
    QCOMPARE(RevealBar::describe(HiddenText::scan(code)),
             (QStringList{QStringLiteral("3 bidirectional controls"),
                          QStringLiteral("1 zero-width or invisible character"),
                          QStringLiteral("non-ASCII letters inside a word in 1 place (look-alikes)"),
                          QStringLiteral("1 non-breaking or unusual space"),
                          QStringLiteral("1 line longer than 200 characters (250 characters)")}));
    QCOMPARE(
        RevealBar::describe(HiddenText::scan(QStringLiteral("s = '\u05E9\u05DC\u05D5\u05DD'"))),
        QStringList{QStringLiteral("right-to-left text in 1 place (it can reorder the code around it)")});
    QVERIFY2(bar.text().startsWith(QStringLiteral("This code holds 3 bidirectional controls, 1 zero-width or "
                                                  "invisible character, ")),
             qPrintable(bar.text()));
    QCOMPARE(bar.accessibleDescription(), bar.text());
}

void TestRevealBar::pluralsAndLongestLine()
{
    const QString code = QString(300, QLatin1Char('a')) + QStringLiteral("\r\n") +
                         QString(5000, QLatin1Char('b')) + QStringLiteral("\r\n") + QChar(u'\0') +
                         QChar(u'\0') + QStringLiteral("\r\u2028");
    QCOMPARE(
        RevealBar::describe(HiddenText::scan(code)),
        (QStringList{QStringLiteral("2 control characters"), QStringLiteral("1 lone carriage return (CR)"),
                     QStringLiteral("1 Unicode line or paragraph separator"),
                     QStringLiteral("2 lines longer than 200 characters (the longest has 5000)"),
                     QStringLiteral("2 Windows line ends (CRLF)")}));
}

void TestRevealBar::followsTheEditor()
{
    CodeEditor editor;
    RevealBar bar;
    // The wiring the review uses.
    QObject::connect(&editor, &CodeEditor::findingsChanged, &bar, &RevealBar::setReport);
    bar.show();
    editor.setCode(QStringLiteral("x = 1\u202E\n"));
    QVERIFY(bar.isVisible());
    QVERIFY(bar.text().contains(QStringLiteral("1 bidirectional control")));
    editor.setCode(QStringLiteral("x = 1\n"));
    QVERIFY(bar.isHidden());
    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    QTest::sendKeyEvent(QTest::Click, &editor, Qt::Key_unknown, QStringLiteral("\u200B"), Qt::NoModifier);
    QTRY_VERIFY(bar.isVisible());
    QVERIFY(bar.text().contains(QStringLiteral("1 zero-width or invisible character")));
}

void TestRevealBar::agentTextIsNeverMarkup()
{
    RevealBar bar;
    bar.setReport(HiddenText::scan(QStringLiteral("<b>x</b>\u202E")));
    for (const QLabel* label : bar.findChildren<QLabel*>())
        QCOMPARE(label->textFormat(), Qt::PlainText);
}

// Issue 24 finding 1: "# coding: unicode_escape" is ASCII and draws as a grey comment, but Python
// that reads the file decodes the "\n" in the next comment as a line break. The bar names it
// first, as loudly as a bidi control, and the editor underlines it.
void TestRevealBar::encodingDeclarationIsNamedFirstAndUnderlined()
{
    CodeEditor editor;
    RevealBar bar;
    QObject::connect(&editor, &CodeEditor::findingsChanged, &bar, &RevealBar::setReport);
    bar.show();
    editor.setCode(
        QStringLiteral("# coding: unicode_escape\n# tidy \u2014 \\nprint('hidden')\nx = 1\u202E\n"));
    QVERIFY(bar.isVisible());
    const QStringList parts = RevealBar::describe(editor.findings());
    QCOMPARE(parts.size(), 2);
    QVERIFY2(parts.first().startsWith(QStringLiteral("1 source-encoding declaration other than UTF-8")),
             qPrintable(parts.first()));
    QCOMPARE(parts.at(1), QStringLiteral("1 bidirectional control"));
    QVERIFY2(bar.text().startsWith(QStringLiteral("This code holds 1 source-encoding declaration")),
             qPrintable(bar.text()));

    const auto& marks = editor.markedTextSelections();
    QCOMPARE(marks.size(), 1);
    QCOMPARE(marks.at(0).cursor.selectionStart(), 2);
    QCOMPARE(marks.at(0).cursor.selectedText(), QStringLiteral("coding: unicode_escape"));
    QCOMPARE(marks.at(0).format.underlineStyle(), QTextCharFormat::WaveUnderline);

    editor.setCode(QStringLiteral("# -*- coding: utf-8 -*-\nprint(1)\n"));
    QVERIFY(bar.isHidden());
    QVERIFY(editor.markedTextSelections().isEmpty());
}

QTEST_MAIN(TestRevealBar)
#include "tst_revealbar.moc"
