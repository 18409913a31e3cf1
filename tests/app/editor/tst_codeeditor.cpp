#include "editor/BuiltinHighlighter.h"
#include "editor/CodeEditor.h"
#include "editor/HighlightColours.h"
#include "editor/SyntaxBackend.h"

#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

using k8::app::BuiltinHighlighter;
using k8::app::CodeEditor;
using k8::app::HighlightColours;

namespace {

// The foreground colour the highlighter gave the character at column col of line (0-based).
QColor colourAt(const CodeEditor& editor, int line, int col)
{
    const QTextBlock block = editor.document()->findBlockByNumber(line);
    const auto formats = block.layout()->formats();
    for (const QTextLayout::FormatRange& range : formats) {
        if (col >= range.start && col < range.start + range.length)
            return range.format.foreground().color();
    }
    return {};
}

} // namespace

class TestCodeEditor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void reportsHighlighterName();
    void pythonKeywordsStringsComments();
    void pythonTripleQuotedStringSpansLines();
    void hashInsideStringIsNotAComment();
    void decoratorsAndNumbers();
    void bashCommentsVariablesAndStrings();
    void jsonKeysDifferFromValues();
    void unknownLanguageIsPlain();
    void darkPaletteFlipsTheme();
    void lineNumberAreaGrowsWithLineCount();
    void readOnlyToggle();
};

void TestCodeEditor::reportsHighlighterName()
{
    CodeEditor editor;
    QCOMPARE(editor.highlighterName(), k8::app::preferredSyntaxBackendName());
    editor.useBuiltinHighlighter();
    QCOMPARE(editor.highlighterName(), QStringLiteral("built-in"));
}

void TestCodeEditor::pythonKeywordsStringsComments()
{
    CodeEditor editor;
    editor.useBuiltinHighlighter();
    editor.setLanguage(QStringLiteral("python"));
    editor.setPlainText(QStringLiteral("import os\nx = 'hello'  # note\n"));
    const HighlightColours light = HighlightColours::light();
    QCOMPARE(colourAt(editor, 0, 0), light.keyword);  // import
    QCOMPARE(colourAt(editor, 0, 7), QColor());       // os: plain
    QCOMPARE(colourAt(editor, 1, 4), light.string);   // 'hello'
    QCOMPARE(colourAt(editor, 1, 10), light.string);  // closing quote
    QCOMPARE(colourAt(editor, 1, 13), light.comment); // # note
    QCOMPARE(colourAt(editor, 1, 17), light.comment);
}

void TestCodeEditor::pythonTripleQuotedStringSpansLines()
{
    CodeEditor editor;
    editor.useBuiltinHighlighter();
    editor.setLanguage(QStringLiteral("python"));
    editor.setPlainText(QStringLiteral("s = \"\"\"first\nif inside\nend\"\"\"\nif True:\n    pass"));
    const HighlightColours light = HighlightColours::light();
    QCOMPARE(colourAt(editor, 0, 4), light.string);
    QCOMPARE(colourAt(editor, 1, 0), light.string);  // "if" inside the string is not a keyword
    QCOMPARE(colourAt(editor, 2, 5), light.string);  // closing quotes
    QCOMPARE(colourAt(editor, 3, 0), light.keyword); // after the string, keywords again
    QCOMPARE(colourAt(editor, 3, 3), light.keyword); // True
    QCOMPARE(editor.document()->findBlockByNumber(1).userState(), int(BuiltinHighlighter::InTripleDouble));
    QCOMPARE(editor.document()->findBlockByNumber(3).userState(), int(BuiltinHighlighter::Normal));

    // Closing the string later re-highlights the following lines.
    editor.setPlainText(QStringLiteral("s = '''open\nimport x"));
    QCOMPARE(colourAt(editor, 1, 0), light.string);
}

void TestCodeEditor::hashInsideStringIsNotAComment()
{
    CodeEditor editor;
    editor.useBuiltinHighlighter();
    editor.setLanguage(QStringLiteral("python"));
    editor.setPlainText(QStringLiteral("url = \"http://x/#frag\" # real\nf\"{a}\" + rb'\\x00'"));
    const HighlightColours light = HighlightColours::light();
    QCOMPARE(colourAt(editor, 0, 16), light.string); // the # inside the string
    QCOMPARE(colourAt(editor, 0, 23), light.comment);
    QCOMPARE(colourAt(editor, 1, 0), light.string); // f prefix
    QCOMPARE(colourAt(editor, 1, 9), light.string); // rb prefix
}

void TestCodeEditor::decoratorsAndNumbers()
{
    CodeEditor editor;
    editor.useBuiltinHighlighter();
    editor.setLanguage(QStringLiteral("python"));
    editor.setPlainText(QStringLiteral("@functools.cache\ndef f(x1):\n    return 42 + 3.5e-2"));
    const HighlightColours light = HighlightColours::light();
    QCOMPARE(colourAt(editor, 0, 0), light.decorator);
    QCOMPARE(colourAt(editor, 0, 12), light.decorator);
    QCOMPARE(colourAt(editor, 1, 0), light.keyword);
    QCOMPARE(colourAt(editor, 1, 7), QColor()); // the 1 in x1 is not a number
    QCOMPARE(colourAt(editor, 2, 11), light.number);
    QCOMPARE(colourAt(editor, 2, 16), light.number);
    QCOMPARE(colourAt(editor, 2, 21), light.number); // the -2 exponent
}

void TestCodeEditor::bashCommentsVariablesAndStrings()
{
    CodeEditor editor;
    editor.useBuiltinHighlighter();
    editor.setLanguage(QStringLiteral("bash"));
    editor.setPlainText(QStringLiteral("for f in $HOME/*; do echo \"a#b\"; done # loop\nx='multi\nline'"));
    const HighlightColours light = HighlightColours::light();
    QCOMPARE(colourAt(editor, 0, 0), light.keyword);
    QCOMPARE(colourAt(editor, 0, 9), light.decorator); // $HOME
    QCOMPARE(colourAt(editor, 0, 27), light.string);   // the # inside quotes
    QCOMPARE(colourAt(editor, 0, 40), light.comment);
    QCOMPARE(colourAt(editor, 2, 0), light.string); // second line of the quoted string
}

void TestCodeEditor::jsonKeysDifferFromValues()
{
    CodeEditor editor;
    editor.useBuiltinHighlighter();
    editor.setLanguage(QStringLiteral("json"));
    editor.setPlainText(QStringLiteral("{\n  \"name\": \"value\",\n  \"n\": -12.5,\n  \"ok\": true\n}"));
    const HighlightColours light = HighlightColours::light();
    QCOMPARE(colourAt(editor, 1, 2), light.key);
    QCOMPARE(colourAt(editor, 1, 10), light.string);
    QCOMPARE(colourAt(editor, 2, 7), light.number);
    QCOMPARE(colourAt(editor, 3, 8), light.keyword);
    QVERIFY(light.key != light.string);
}

void TestCodeEditor::unknownLanguageIsPlain()
{
    CodeEditor editor;
    editor.useBuiltinHighlighter();
    editor.setLanguage(QStringLiteral("cobol"));
    editor.setPlainText(QStringLiteral("import os # x"));
    QCOMPARE(colourAt(editor, 0, 0), QColor());
    QCOMPARE(colourAt(editor, 0, 10), QColor());
}

void TestCodeEditor::darkPaletteFlipsTheme()
{
    CodeEditor editor;
    editor.useBuiltinHighlighter();
    editor.setLanguage(QStringLiteral("python"));
    editor.setPlainText(QStringLiteral("import os"));
    QPalette light = editor.palette();
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    editor.setPalette(light);
    QVERIFY(!editor.isDarkTheme());
    QCOMPARE(colourAt(editor, 0, 0), HighlightColours::light().keyword);

    QSignalSpy spy(&editor, &CodeEditor::themeChanged);
    QPalette dark = editor.palette();
    dark.setColor(QPalette::Base, QColor(0x1e1e1e));
    dark.setColor(QPalette::Text, QColor(0xdddddd));
    editor.setPalette(dark);
    QVERIFY(editor.isDarkTheme());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toBool(), true);
    QCOMPARE(colourAt(editor, 0, 0), HighlightColours::dark().keyword);

    editor.setPalette(light);
    QVERIFY(!editor.isDarkTheme());
    QCOMPARE(colourAt(editor, 0, 0), HighlightColours::light().keyword);
}

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
