// SPDX-License-Identifier: Apache-2.0
// The editor's highlighting through KSyntaxHighlighting: real snippets of each language get
// several distinct formats, unknown languages stay plain, the palette picks the theme, folding
// regions are found, and a large file is coloured in slices rather than at once.

#include "editor/CodeEditor.h"
#include "editor/CodeHighlighter.h"
#include "editor/SyntaxRepository.h"
#include "support/Waits.h"

#include <KSyntaxHighlighting/Definition>

#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

using k8::app::CodeEditor;
using k8::app::CodeHighlighter;

namespace {

// The foreground colour given to the character at column col of line (0-based); invalid when
// the highlighter gave it none.
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

// Every distinct character format the highlighter put into the document (colour, weight, style).
QSet<QString> distinctFormats(const CodeEditor& editor)
{
    QSet<QString> seen;
    for (QTextBlock block = editor.document()->begin(); block.isValid(); block = block.next()) {
        const auto formats = block.layout()->formats();
        for (const QTextLayout::FormatRange& range : formats) {
            seen.insert(QStringLiteral("%1/%2/%3")
                            .arg(range.format.foreground().color().name())
                            .arg(range.format.fontWeight())
                            .arg(range.format.fontItalic()));
        }
    }
    return seen;
}

int formatRangeCount(const CodeEditor& editor)
{
    int count = 0;
    for (QTextBlock block = editor.document()->begin(); block.isValid(); block = block.next())
        count += int(block.layout()->formats().size());
    return count;
}

void setLightPalette(CodeEditor& editor)
{
    QPalette light = editor.palette();
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    editor.setPalette(light);
}

void setDarkPalette(CodeEditor& editor)
{
    QPalette dark = editor.palette();
    dark.setColor(QPalette::Base, QColor(0x1e1e1e));
    dark.setColor(QPalette::Text, QColor(0xdddddd));
    editor.setPalette(dark);
}

// Sets the text and waits for the highlighter to finish its slices.
void showCode(CodeEditor& editor, const QString& language, const QString& code)
{
    editor.setLanguage(language);
    editor.setPlainText(code);
    if (!editor.highlighter()->isDone()) {
        QSignalSpy done(editor.highlighter(), &CodeHighlighter::highlightingDone);
        QVERIFY(done.wait(k8::test::waits::InProcess));
    }
    QVERIFY(editor.highlighter()->isDone());
}

const char* const PythonSnippet = R"CODE(import os
from pathlib import Path


@dataclass
class Report:
    """Counts the files in a folder."""

    def count(self, folder: str) -> int:
        total = 0  # running count
        for entry in Path(folder).iterdir():
            if entry.is_file() and not entry.name.startswith("."):
                total += 1
        return total


print(f"{Report().count(os.getcwd())} files", 3.5e-2, None)
)CODE";

const char* const BashSnippet = R"CODE(#!/usr/bin/env bash
set -euo pipefail
# every log file older than a week
for f in "$HOME"/logs/*.log; do
    if [ "$(stat -c %Y "$f")" -lt $(( $(date +%s) - 604800 )) ]; then
        echo "old: ${f##*/}" >&2
    fi
done
count=$(ls | wc -l)
exit 0
)CODE";

const char* const NodeSnippet = R"CODE(const fs = require('fs');
// list the folder, biggest first
async function main(dir = '.') {
  const names = await fs.promises.readdir(dir);
  for (const name of names) {
    if (name.startsWith('.')) continue;
    console.log(`${name}: ${name.length * 2}`);
  }
  return null;
}
main().catch((e) => { process.exitCode = 1; });
)CODE";

const char* const JsonSnippet = R"CODE({
  "name": "report",
  "count": -12.5,
  "ok": true,
  "tags": ["a", "b"],
  "owner": null
}
)CODE";

} // namespace

class TestSyntaxHighlighting : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // First: the repository is loaded once per process.
    void theRepositoryLoadsOffTheUiThread();
    void eachLanguageHasSeveralFormats_data();
    void eachLanguageHasSeveralFormats();
    void pythonKindsDiffer();
    void namesTheLibraryKnowsAreUsed_data();
    void namesTheLibraryKnowsAreUsed();
    void unknownLanguagesArePlain_data();
    void unknownLanguagesArePlain();
    void darkPaletteChangesColours();
    void foldingRegionsAreFound();
    void editsRecolourFollowingLines();
    void largeFileIsColouredInSlices();
    void veryLongLinesStayPlain();
    void darkThemeIsPainted_data();
    void darkThemeIsPainted();
    void libraryIsNamed();
};

// Issue 26: the first text that needs KSyntaxHighlighting does not load its repository and the
// definition on the UI thread (about 7 ms when a request's code came into view, bench/README.md,
// bench_large_requests): the lines wait, uncoloured, and are coloured once they are loaded.
void TestSyntaxHighlighting::theRepositoryLoadsOffTheUiThread()
{
    if (k8::app::isSyntaxRepositoryLoaded())
        QSKIP("The repository was loaded before this test; it must run first.");
    CodeEditor editor;
    QSignalSpy done(editor.highlighter(), &CodeHighlighter::highlightingDone);
    editor.setLanguage(QStringLiteral("python"));
    editor.setPlainText(QString::fromUtf8(PythonSnippet));
    QVERIFY(!k8::app::isSyntaxRepositoryLoaded());
    QVERIFY(!editor.highlighter()->isDone());
    QCOMPARE(formatRangeCount(editor), 0);

    QVERIFY(done.wait(k8::test::waits::InProcess));
    QVERIFY(k8::app::isSyntaxRepositoryLoaded());
    QCOMPARE(editor.highlighter()->definitionName(), QStringLiteral("Python"));
    QVERIFY(distinctFormats(editor).size() >= 5);
}

void TestSyntaxHighlighting::eachLanguageHasSeveralFormats_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("definition");
    QTest::addColumn<int>("minimumFormats");
    QTest::newRow("python") << "python" << QString::fromUtf8(PythonSnippet) << "Python" << 5;
    QTest::newRow("bash") << "bash" << QString::fromUtf8(BashSnippet) << "Bash" << 5;
    QTest::newRow("sh") << "sh" << QString::fromUtf8(BashSnippet) << "Bash" << 5;
    QTest::newRow("node") << "node" << QString::fromUtf8(NodeSnippet) << "JavaScript" << 5;
    QTest::newRow("javascript") << "javascript" << QString::fromUtf8(NodeSnippet) << "JavaScript" << 5;
    QTest::newRow("json") << "json" << QString::fromUtf8(JsonSnippet) << "JSON" << 4;
}

void TestSyntaxHighlighting::eachLanguageHasSeveralFormats()
{
    QFETCH(QString, language);
    QFETCH(QString, code);
    QFETCH(QString, definition);
    QFETCH(int, minimumFormats);
    CodeEditor editor;
    setLightPalette(editor);
    showCode(editor, language, code);
    QCOMPARE(editor.highlighter()->definitionName(), definition);
    const QSet<QString> formats = distinctFormats(editor);
    QVERIFY2(formats.size() >= minimumFormats,
             qPrintable(QStringList(formats.values()).join(QLatin1Char(' '))));
    // Every line that has text is coloured, the last one too (nothing left half done).
    const QTextBlock last = editor.document()->lastBlock().previous();
    QVERIFY(!last.text().isEmpty());
    QVERIFY(!last.layout()->formats().isEmpty());
}

void TestSyntaxHighlighting::pythonKindsDiffer()
{
    CodeEditor editor;
    setLightPalette(editor);
    showCode(
        editor, QStringLiteral("python"),
        QStringLiteral(
            "import os\nx = 'hello'  # note\ns = \"\"\"first\nif inside\nend\"\"\"\nif True:\n    pass"));
    const QColor keyword = colourAt(editor, 0, 0);  // import
    const QColor string = colourAt(editor, 1, 5);   // hello
    const QColor comment = colourAt(editor, 1, 15); // note
    QVERIFY(keyword.isValid() && string.isValid() && comment.isValid());
    QVERIFY(keyword != string);
    QVERIFY(string != comment);
    QVERIFY(keyword != comment);
    // "if" inside a triple-quoted string is string, after it a keyword again.
    QCOMPARE(colourAt(editor, 3, 0), colourAt(editor, 2, 8));
    QVERIFY(colourAt(editor, 3, 0) != colourAt(editor, 5, 0));
    QCOMPARE(colourAt(editor, 3, 0), string);
}

void TestSyntaxHighlighting::namesTheLibraryKnowsAreUsed_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("definition");
    QTest::newRow("case-insensitive") << "PYTHON"
                                      << "Python";
    QTest::newRow("python3") << "python3"
                             << "Python";
    QTest::newRow("shell") << "shell"
                           << "Bash";
    QTest::newRow("nodejs") << "nodejs"
                            << "JavaScript";
    QTest::newRow("js") << "js"
                        << "JavaScript";
    QTest::newRow("library name") << "Rust"
                                  << "Rust";
    QTest::newRow("typescript") << "typescript"
                                << "TypeScript";
    QTest::newRow("extension") << "rb"
                               << "Ruby";
    QTest::newRow("mime type") << "text/x-python"
                               << "Python";
    QTest::newRow("padded") << "  json "
                            << "JSON";
}

void TestSyntaxHighlighting::namesTheLibraryKnowsAreUsed()
{
    QFETCH(QString, language);
    QFETCH(QString, definition);
    QCOMPARE(k8::app::definitionForLanguage(language).name(), definition);
    CodeEditor editor;
    editor.setLanguage(language);
    QCOMPARE(editor.highlighter()->definitionName(), definition);
}

void TestSyntaxHighlighting::unknownLanguagesArePlain_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("unknown") << "no-such-language";
    QTest::newRow("empty") << "";
    QTest::newRow("path") << "../../etc/passwd";
    QTest::newRow("wildcard") << "*";
    QTest::newRow("control characters") << QStringLiteral("py\nthon\x01");
    QTest::newRow("long") << QString(5000, QLatin1Char('p'));
    QTest::newRow("plain") << "text";
}

void TestSyntaxHighlighting::unknownLanguagesArePlain()
{
    QFETCH(QString, language);
    CodeEditor editor;
    // A language first, so the switch to an unknown one has formats to take away.
    showCode(editor, QStringLiteral("python"), QStringLiteral("import os # x\nprint('y')"));
    QVERIFY(formatRangeCount(editor) > 0);
    editor.setLanguage(language);
    if (!editor.highlighter()->isDone()) {
        QSignalSpy done(editor.highlighter(), &CodeHighlighter::highlightingDone);
        QVERIFY(done.wait(k8::test::waits::InProcess));
    }
    QVERIFY(editor.highlighter()->definitionName().isEmpty());
    QCOMPARE(formatRangeCount(editor), 0); // the palette's colours, nothing else
    QVERIFY(!editor.highlighter()->startsFoldingRegion(editor.document()->firstBlock()));
}

void TestSyntaxHighlighting::darkPaletteChangesColours()
{
    CodeEditor editor;
    setLightPalette(editor);
    QVERIFY(!editor.isDarkTheme());
    showCode(editor, QStringLiteral("python"), QStringLiteral("import os\n# a comment\nx = 'text'"));
    const QColor lightKeyword = colourAt(editor, 0, 0);
    const QColor lightComment = colourAt(editor, 1, 3);
    const QColor lightString = colourAt(editor, 2, 6);
    QVERIFY(lightKeyword.isValid());
    // Dark text for a light background.
    QVERIFY2(lightKeyword.lightness() < 160, qPrintable(lightKeyword.name()));

    QSignalSpy theme(&editor, &CodeEditor::themeChanged);
    QSignalSpy done(editor.highlighter(), &CodeHighlighter::highlightingDone);
    setDarkPalette(editor);
    QVERIFY(editor.isDarkTheme());
    QVERIFY(editor.highlighter()->isDarkTheme());
    QCOMPARE(theme.count(), 1);
    QCOMPARE(theme.at(0).at(0).toBool(), true);
    if (!editor.highlighter()->isDone())
        QVERIFY(done.wait(k8::test::waits::InProcess));
    const QColor darkKeyword = colourAt(editor, 0, 0);
    QVERIFY(darkKeyword.isValid());
    QVERIFY(darkKeyword != lightKeyword);
    QVERIFY(colourAt(editor, 1, 3) != lightComment);
    QVERIFY(colourAt(editor, 2, 6) != lightString);
    // Light text for a dark background.
    QVERIFY2(darkKeyword.lightness() > 100, qPrintable(darkKeyword.name()));

    // And back.
    setLightPalette(editor);
    QVERIFY(!editor.isDarkTheme());
    if (!editor.highlighter()->isDone()) {
        QSignalSpy again(editor.highlighter(), &CodeHighlighter::highlightingDone);
        QVERIFY(again.wait(k8::test::waits::InProcess));
    }
    QCOMPARE(colourAt(editor, 0, 0), lightKeyword);
}

void TestSyntaxHighlighting::foldingRegionsAreFound()
{
    CodeEditor editor;
    const CodeHighlighter* highlighter = editor.highlighter();
    auto block = [&editor](int line) { return editor.document()->findBlockByNumber(line); };

    // Braces and brackets (regions of the definition).
    showCode(editor, QStringLiteral("json"), QString::fromUtf8(JsonSnippet));
    QVERIFY(highlighter->startsFoldingRegion(block(0)));
    QCOMPARE(highlighter->foldingRegionEnd(block(0)).blockNumber(), 6);
    QVERIFY(!highlighter->startsFoldingRegion(block(1)));
    QVERIFY(!highlighter->startsFoldingRegion(block(4))); // ["a", "b"] opens and closes on its line

    // do ... done and if ... fi in shell.
    showCode(editor, QStringLiteral("bash"), QString::fromUtf8(BashSnippet));
    QVERIFY(highlighter->startsFoldingRegion(block(3)));
    QCOMPARE(highlighter->foldingRegionEnd(block(3)).blockNumber(), 7);
    QVERIFY(highlighter->startsFoldingRegion(block(4)));
    QCOMPARE(highlighter->foldingRegionEnd(block(4)).blockNumber(), 6);
    QVERIFY(!highlighter->startsFoldingRegion(block(1)));

    // Python folds by indentation, and on multi-line brackets.
    showCode(editor, QStringLiteral("python"), QString::fromUtf8(PythonSnippet));
    QVERIFY(highlighter->startsFoldingRegion(block(5))); // class Report:
    QCOMPARE(highlighter->foldingRegionEnd(block(5)).blockNumber(), 13);
    QVERIFY(highlighter->startsFoldingRegion(block(8))); // def count
    QCOMPARE(highlighter->foldingRegionEnd(block(8)).blockNumber(), 13);
    QVERIFY(!highlighter->startsFoldingRegion(block(9)));
    showCode(editor, QStringLiteral("python"), QStringLiteral("x = [\n    1,\n    2,\n]\ny = 1"));
    QVERIFY(highlighter->startsFoldingRegion(block(0)));
    QCOMPARE(highlighter->foldingRegionEnd(block(0)).blockNumber(), 3);

    // A region that never closes still starts on its line; it has no end.
    showCode(editor, QStringLiteral("json"), QStringLiteral("{\n  \"a\": [1,\n  2\n"));
    QVERIFY(highlighter->startsFoldingRegion(block(0)));
    QVERIFY(!highlighter->foldingRegionEnd(block(0)).isValid());
    QVERIFY(highlighter->startsFoldingRegion(block(1)));

    // The gutter has room for the markers: painting them must not fail either.
    editor.resize(400, 300);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QVERIFY(!editor.grab().isNull());
}

void TestSyntaxHighlighting::editsRecolourFollowingLines()
{
    CodeEditor editor;
    setLightPalette(editor);
    showCode(editor, QStringLiteral("python"), QStringLiteral("x = 1\nimport os\nif True:\n    pass"));
    const QColor keyword = colourAt(editor, 1, 0);
    const QColor controlFlow = colourAt(editor, 2, 0);
    // Opening a triple-quoted string on the first line makes the lines after it string, at once
    // for the lines near the edit and in slices for the rest.
    QTextCursor cursor(editor.document());
    cursor.movePosition(QTextCursor::EndOfBlock);
    cursor.insertText(QStringLiteral(" + '''"));
    // The edited line is coloured inside the edit, before anything is painted.
    const QColor opened = colourAt(editor, 0, 9);
    QVERIFY(opened.isValid() && opened != colourAt(editor, 0, 0));
    QTRY_VERIFY(editor.highlighter()->isDone());
    const QColor string = colourAt(editor, 0, 9);
    QVERIFY(string != keyword && string != controlFlow);
    QCOMPARE(colourAt(editor, 1, 0), string);
    QCOMPARE(colourAt(editor, 2, 0), string);
    // Closing it again gives the keywords back.
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(QStringLiteral("'''"));
    cursor.setPosition(0);
    cursor.movePosition(QTextCursor::EndOfBlock);
    cursor.deletePreviousChar();
    cursor.deletePreviousChar();
    cursor.deletePreviousChar();
    QTRY_VERIFY(editor.highlighter()->isDone());
    QCOMPARE(colourAt(editor, 1, 0), keyword);
    QCOMPARE(colourAt(editor, 2, 0), controlFlow);
}

void TestSyntaxHighlighting::largeFileIsColouredInSlices()
{
    // Not a timing test (the bench in bench/ measures): only that a large file is not coloured in
    // one go inside setPlainText(), and that the slices reach its end.
    QStringList lines;
    for (int i = 0; i < 2500; ++i) {
        lines << QStringLiteral("def f%1(x):").arg(i) << QStringLiteral("    \"\"\"doc %1\"\"\"").arg(i)
              << QStringLiteral("    return x * %1  # times").arg(i) << QString();
    }
    CodeEditor editor;
    editor.setLanguage(QStringLiteral("python"));
    QSignalSpy done(editor.highlighter(), &CodeHighlighter::highlightingDone);
    editor.setPlainText(lines.join(QLatin1Char('\n')));
    QCOMPARE(editor.blockCount(), 10000);
    QVERIFY(!editor.highlighter()->isDone());
    QVERIFY(editor.document()->findBlockByNumber(9998).layout()->formats().isEmpty());
    QVERIFY(done.wait(k8::test::waits::Process));
    QVERIFY(!editor.document()->findBlockByNumber(9998).layout()->formats().isEmpty());
    QCOMPARE(colourAt(editor, 9998, 0), colourAt(editor, 0, 0));
}

void TestSyntaxHighlighting::veryLongLinesStayPlain()
{
    // One line of an agent's payload can be a megabyte; it is shown plain, and the lines after it
    // are coloured from the state before it.
    CodeEditor editor;
    setLightPalette(editor);
    showCode(editor, QStringLiteral("python"), QStringLiteral("import os\nimport sys"));
    const QColor keyword = colourAt(editor, 0, 0);
    const QString longLine = QStringLiteral("data = '") +
                             QString(CodeHighlighter::MaxHighlightedLineLength, u'a') +
                             QStringLiteral("' # end");
    showCode(editor, QStringLiteral("python"),
             QStringLiteral("import os\n") + longLine + QStringLiteral("\nimport sys"));
    QCOMPARE(colourAt(editor, 0, 0), keyword);
    QVERIFY(editor.document()->findBlockByNumber(1).layout()->formats().isEmpty());
    QCOMPARE(colourAt(editor, 2, 0), keyword);
    // Just under the limit it is coloured.
    showCode(editor, QStringLiteral("python"),
             QStringLiteral("x = '") + QString(CodeHighlighter::MaxHighlightedLineLength - 6, u'a') +
                 QLatin1Char('\''));
    QCOMPARE(editor.document()->firstBlock().text().size(), CodeHighlighter::MaxHighlightedLineLength);
    QVERIFY(!editor.document()->firstBlock().layout()->formats().isEmpty());
}

void TestSyntaxHighlighting::darkThemeIsPainted_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("file");
    QTest::newRow("python") << "python" << QString::fromUtf8(PythonSnippet) << "editor-python-dark.png";
    QTest::newRow("bash") << "bash" << QString::fromUtf8(BashSnippet) << "editor-bash-dark.png";
}

void TestSyntaxHighlighting::darkThemeIsPainted()
{
    // What a reviewer sees: the editor painted in the dark theme has the theme's colours on
    // screen, not only in the document's formats. With KOSA8DESK_SCREENSHOT_DIR set (see
    // docs/screenshots/take-editor.sh) the pictures are kept for the docs.
    QFETCH(QString, language);
    QFETCH(QString, code);
    QFETCH(QString, file);
    CodeEditor editor;
    editor.setEditable(false);
    setDarkPalette(editor);
    editor.resize(820, 440);
    showCode(editor, language, code);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    const QImage image = editor.grab().toImage();
    QVERIFY(!image.isNull());
    QSet<QRgb> colours;
    qint64 lightnessSum = 0;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            const QColor pixel = image.pixelColor(x, y);
            lightnessSum += pixel.lightness();
            // Saturated pixels: glyphs in the theme's colours (anti-aliasing adds shades of them).
            if (pixel.hsvSaturation() > 90 && pixel.value() > 90)
                colours.insert(pixel.rgb() & 0xf0f0f0);
        }
    }
    const qint64 samples = qint64(image.width() / 2 + 1) * (image.height() / 2 + 1);
    QVERIFY2(lightnessSum / samples < 90, "the background is dark");
    QVERIFY2(colours.size() >= 4, qPrintable(QString::number(colours.size())));
    const QString directory = qEnvironmentVariable("KOSA8DESK_SCREENSHOT_DIR");
    if (!directory.isEmpty())
        QVERIFY(image.save(directory + QLatin1Char('/') + file));
}

void TestSyntaxHighlighting::libraryIsNamed()
{
    const QString summary = k8::app::syntaxLibrarySummary();
    QVERIFY2(summary.startsWith(QStringLiteral("KSyntaxHighlighting 6.")), qPrintable(summary));
    QVERIFY(summary.contains(k8::app::syntaxLibraryVersion()));
    QVERIFY(summary.endsWith(k8::app::syntaxLibraryIsBuiltIn() ? QStringLiteral("(built in)")
                                                               : QStringLiteral("(system)")));
#ifdef KOSA8DESK_TEST_KSYNTAX_BUNDLED
    QVERIFY(k8::app::syntaxLibraryIsBuiltIn());
    QCOMPARE(k8::app::syntaxLibraryVersion(), QStringLiteral("6.8.0"));
#endif
}

QTEST_MAIN(TestSyntaxHighlighting)
#include "tst_syntaxhighlighting.moc"
