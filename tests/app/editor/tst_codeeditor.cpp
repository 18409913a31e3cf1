#include "editor/CodeEditor.h"

#include <QTest>

using k8::app::CodeEditor;

class TestCodeEditor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void lineNumberAreaGrowsWithLineCount();
    void readOnlyToggle();
};

void TestCodeEditor::lineNumberAreaGrowsWithLineCount()
{
    CodeEditor editor;
    editor.resize(400, 300);
    editor.setPlainText(QStringLiteral("one line"));
    const int small = editor.lineNumberAreaWidth();
    QVERIFY(small > 0);
    QStringList lines;
    for (int i = 0; i < 1200; ++i)
        lines.append(QStringLiteral("x = %1").arg(i));
    editor.setPlainText(lines.join(QLatin1Char('\n')));
    const int large = editor.lineNumberAreaWidth();
    QVERIFY2(large > small, qPrintable(QStringLiteral("%1 <= %2").arg(large).arg(small)));
    // The text starts after the gutter.
    QCOMPARE(editor.viewport()->geometry().left() - editor.contentsRect().left(), large);
}

void TestCodeEditor::readOnlyToggle()
{
    CodeEditor editor;
    editor.setPlainText(QStringLiteral("print(1)"));
    editor.setEditable(false);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    editor.setFocus();
    QTest::keyClicks(&editor, QStringLiteral("zzz"));
    QCOMPARE(editor.toPlainText(), QStringLiteral("print(1)"));
    QVERIFY(!editor.isEditable());
    QVERIFY(editor.tabChangesFocus());

    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    QTest::keyClicks(&editor, QStringLiteral("zz"));
    QCOMPARE(editor.toPlainText(), QStringLiteral("print(1)zz"));
    QVERIFY(editor.isEditable());
    QVERIFY(!editor.tabChangesFocus());
}

QTEST_MAIN(TestCodeEditor)
#include "tst_codeeditor.moc"
