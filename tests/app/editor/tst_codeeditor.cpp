// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/PreparedText.h"
#include "editor/CodeEditor.h"
#include "editor/HiddenMarkers.h"
#include "editor/RevealedCode.h"
#include "support/Waits.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QImage>
#include <QLineEdit>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>
#include <QVBoxLayout>

using k8::agent::HiddenText;
using k8::app::CodeEditor;
namespace revealed = k8::app::revealed;

namespace {

// The document's own characters (U+FFFC where a marker is), without Qt's plain-text rewriting.
QString documentCharacters(const QTextDocument* document)
{
    QStringList blocks;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        blocks.append(block.text());
    return blocks.join(QLatin1Char('\n'));
}

// The original characters of the markers in the document, in order.
QStringList markerOriginals(const QTextDocument* document)
{
    QStringList originals;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!revealed::isMarker(fragment.charFormat()))
                continue;
            for (const QChar ch : fragment.text()) {
                if (ch == QChar::ObjectReplacementCharacter)
                    originals.append(revealed::originalOf(fragment.charFormat()));
            }
        }
    }
    return originals;
}

// Types text key by key, as a keyboard layout or a compose key would deliver it (keyClicks()
// only knows Latin-1).
void typeText(QWidget* widget, const QString& text)
{
    for (const QChar ch : text)
        QTest::sendKeyEvent(QTest::Click, widget, Qt::Key_unknown, QString(ch), Qt::NoModifier);
}

QImage render(CodeEditor& editor)
{
    editor.viewport()->update();
    return editor.grab().toImage();
}

} // namespace

class TestCodeEditor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void lineNumberAreaGrowsWithLineCount();
    void readOnlyToggle();
    void codeRoundTripsByteForByte_data();
    void codeRoundTripsByteForByte();
    void rightToLeftOverrideDoesNotReorderTheLine();
    void zeroWidthCharacterTakesRoom();
    void documentMapsBackWithoutTheShortcut_data();
    void documentMapsBackWithoutTheShortcut();
    void editElsewhereKeepsTheRest();
    void returnUsesTheCodesLineEnd();
    void shiftReturnIsAPlainLineBreak();
    void typingNextToAMarkerIsPlainText();
    void typedSpecialCharactersBecomeMarkers();
    void copyGivesTheOriginalAndPasteKeepsIt();
    void undoingEveryEditGivesTheOriginalBack();
    void specialCharactersAreMarkers();
    void markersChangeWhatIsDrawn();
    void longLinesWrap();
    void ctrlTabLeavesCodeBeingEdited();
    void lookAlikeLettersAreUnderlined();
    void findingsFollowTheCode();
    void preparedFindingsOnlyForTheirOwnText();
    void lineEndsOtherThanLfAreLabelled();
    void codeDuringTheLoadIsTheNewCode();
    void joiningLinesKeepsTheLineEndThatStays_data();
    void joiningLinesKeepsTheLineEndThatStays();
    void setPlainTextIsLeftAlone();
    void aLineStartingRightToLeftIsStillLaidOutLeftToRight();
    void piecesMakeTheDocumentOneLoadMakes();
    void anotherTextDropsThePiecesStillToCome();
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

void TestCodeEditor::codeRoundTripsByteForByte_data()
{
    QTest::addColumn<QString>("code");
    QTest::newRow("empty") << QString();
    QTest::newRow("lf") << QStringLiteral("a = 1\nb = 2\n");
    QTest::newRow("no final newline") << QStringLiteral("a = 1\nb = 2");
    QTest::newRow("crlf") << QStringLiteral("a = 1\r\nb = 2\r\n");
    QTest::newRow("lone cr") << QStringLiteral("# note\rimport os\r");
    QTest::newRow("mixed line ends") << QStringLiteral("a\nb\r\nc\rd\r\n\ne\r\r\n");
    QTest::newRow("line and paragraph separators") << QStringLiteral("x = 1\u2028y = 2\u2029z = 3\n");
    QTest::newRow("nbsp and other spaces") << QStringLiteral("x\u00A0=\u00A01\u2003\u3000\u202F\n");
    QTest::newRow("nul and controls")
        << QStringLiteral("print('a')") + QChar(u'\0') + QStringLiteral("import os\u001B\u007F\u0085\n");
    QTest::newRow("bidi controls (trojan source)")
        << QStringLiteral("if role != \"user\u202E \u2066# only admins\u2069 \u2066\":\n    grant()\n");
    QTest::newRow("zero width and bom") << QStringLiteral("\uFEFFpass\u200Dword = 1\u200B\u2060\n");
    QTest::newRow("object replacement and qt frame marks") << QStringLiteral("a\uFFFCb\uFDD0c\uFDD1d");
    QTest::newRow("tags and emoji") << QStringLiteral("ok") +
                                           QString::fromUcs4(U"\U000E0068\U000E0069\U0001F600");
    QTest::newRow("lone surrogate") << QStringLiteral("x = '") + QChar(char16_t(0xDC00)) +
                                           QStringLiteral("'");
    QTest::newRow("tabs and trailing blanks") << QStringLiteral("\tx = 1   \n\n\n   ");
}

void TestCodeEditor::codeRoundTripsByteForByte()
{
    QFETCH(QString, code);
    CodeEditor editor;
    editor.setCode(code);
    QCOMPARE(editor.code(), code);
    QCOMPARE(editor.code().toUtf8(), code.toUtf8());
    QVERIFY(!editor.isCodeTouched());
    // Showing, highlighting and a theme change are not edits.
    editor.setLanguage(QStringLiteral("python"));
    editor.resize(300, 200);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QPalette dark = editor.palette();
    dark.setColor(QPalette::Base, QColor(0x1e1e1e));
    editor.setPalette(dark);
    QFont bigger = editor.font();
    bigger.setPointSizeF(bigger.pointSizeF() + 2);
    editor.setFont(bigger);
    editor.resize(120, 200);
    QCOMPARE(editor.code(), code);
    QVERIFY(!editor.isCodeTouched());
}

void TestCodeEditor::rightToLeftOverrideDoesNotReorderTheLine()
{
    CodeEditor editor;
    editor.resize(900, 200);
    editor.setCode(QStringLiteral("if role != \"user\u202E \u2066# only admins\u2069 \u2066\":"));
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    const QTextBlock block = editor.document()->firstBlock();
    QTextLayout* layout = block.layout();
    QVERIFY(layout && layout->lineCount() >= 1);
    // Logical order is display order: every next character is drawn to the right of the one
    // before it, so the override cannot move the comment out of the string on screen.
    const QTextLine line = layout->lineAt(0);
    qreal previous = -1;
    for (int i = 0; i < block.length() - 1; ++i) {
        const qreal x = line.cursorToX(i);
        QVERIFY2(x > previous,
                 qPrintable(QStringLiteral("column %1 at x %2 after %3").arg(i).arg(x).arg(previous)));
        previous = x;
    }
    QVERIFY(!block.text().contains(QChar(0x202E)));
}

void TestCodeEditor::zeroWidthCharacterTakesRoom()
{
    CodeEditor editor;
    editor.resize(600, 200);
    editor.setCode(QStringLiteral("pass\u200Dword"));
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    const QTextLine line = editor.document()->firstBlock().layout()->lineAt(0);
    const qreal markerWidth = line.cursorToX(5) - line.cursorToX(4);
    QVERIFY2(markerWidth >= editor.fontMetrics().horizontalAdvance(QLatin1Char('x')),
             qPrintable(QString::number(markerWidth)));
}

void TestCodeEditor::documentMapsBackWithoutTheShortcut_data()
{
    codeRoundTripsByteForByte_data();
}

void TestCodeEditor::documentMapsBackWithoutTheShortcut()
{
    // code() returns the string it was given until an edit; this is the mapping an edit relies on.
    QFETCH(QString, code);
    CodeEditor editor;
    editor.setCode(code);
    QCOMPARE(editor.revealedText(), code);
    QCOMPARE(revealed::text(editor.document()), code);
    // No raw special character reached the text layout.
    const QString shown = documentCharacters(editor.document());
    for (const QChar ch : shown)
        QVERIFY2(ch == QChar::ObjectReplacementCharacter || !HiddenText::needsMarker(ch.unicode()) ||
                     ch.isSurrogate(),
                 qPrintable(QString::number(ch.unicode(), 16)));
}

void TestCodeEditor::editElsewhereKeepsTheRest()
{
    const QString code = QStringLiteral("x\u00A0= 1\r\nprint(x)\r\nsecret = 'a\u202Eb'\r\n") + QChar(u'\0') +
                         QStringLiteral("\u2028tail\r");
    CodeEditor editor;
    editor.setCode(code);
    editor.setEditable(true);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    editor.setFocus();
    QTextCursor cursor(editor.document()->findBlockByNumber(1));
    cursor.movePosition(QTextCursor::EndOfBlock);
    editor.setTextCursor(cursor);
    QTest::keyClicks(&editor, QStringLiteral(" # checked"));
    QVERIFY(editor.isCodeTouched());
    const QString expected = QStringLiteral("x\u00A0= 1\r\nprint(x) # checked\r\nsecret = 'a\u202Eb'\r\n") +
                             QChar(u'\0') + QStringLiteral("\u2028tail\r");
    QCOMPARE(editor.code(), expected);
    QCOMPARE(editor.code().toUtf8(), expected.toUtf8());

    // Deleting a marker deletes exactly the character it stands for.
    cursor = QTextCursor(editor.document()->findBlockByNumber(0));
    cursor.movePosition(QTextCursor::NextCharacter);
    editor.setTextCursor(cursor);
    QTest::keyClick(&editor, Qt::Key_Delete);
    QVERIFY(editor.code().startsWith(QStringLiteral("x= 1\r\nprint(x) # checked\r\n")));
}

void TestCodeEditor::returnUsesTheCodesLineEnd()
{
    CodeEditor editor;
    editor.setCode(QStringLiteral("a\r\nb\r\nc"));
    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    QTest::keyClick(&editor, Qt::Key_Return);
    QTest::keyClicks(&editor, QStringLiteral("d"));
    QCOMPARE(editor.code(), QStringLiteral("a\r\nb\r\nc\r\nd"));

    // Splitting a line: the new break is the code's usual one, the old line end stays after the
    // text that moved down.
    editor.setCode(QStringLiteral("one\rtwo\nthree\n"));
    QTextCursor cursor(editor.document()->firstBlock());
    cursor.setPosition(2);
    editor.setTextCursor(cursor);
    QTest::keyClick(&editor, Qt::Key_Return);
    QCOMPARE(editor.code(), QStringLiteral("on\ne\rtwo\nthree\n"));
}

void TestCodeEditor::shiftReturnIsAPlainLineBreak()
{
    CodeEditor editor;
    editor.setCode(QStringLiteral("a"));
    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    QTest::keyClick(&editor, Qt::Key_Return, Qt::ShiftModifier);
    QTest::keyClicks(&editor, QStringLiteral("b"));
    QCOMPARE(editor.code(), QStringLiteral("a\nb"));
}

void TestCodeEditor::typingNextToAMarkerIsPlainText()
{
    CodeEditor editor;
    editor.setCode(QStringLiteral("a\u200B"));
    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    QTest::keyClicks(&editor, QStringLiteral("bc"));
    QCOMPARE(editor.code(), QStringLiteral("a\u200Bbc"));
    QCOMPARE(documentCharacters(editor.document()), QStringLiteral("a\uFFFCbc"));
    QCOMPARE(markerOriginals(editor.document()), QStringList{QStringLiteral("\u200B")});
}

void TestCodeEditor::typedSpecialCharactersBecomeMarkers()
{
    CodeEditor editor;
    editor.setCode(QStringLiteral("x = 1"));
    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    // A key that produces a no-break space, as a compose key or an input method would.
    typeText(&editor, QStringLiteral("\u00A0+\u200D"));
    QCOMPARE(editor.code(), QStringLiteral("x = 1\u00A0+\u200D"));
    QCOMPARE(markerOriginals(editor.document()),
             (QStringList{QStringLiteral("\u00A0"), QStringLiteral("\u200D")}));

    // Text put in by any other way is revealed too, without giving up the characters.
    editor.insertPlainText(QStringLiteral("\u202Ey"));
    QTRY_COMPARE(markerOriginals(editor.document()).size(), 3);
    QCOMPARE(editor.code(), QStringLiteral("x = 1\u00A0+\u200D\u202Ey"));
    QVERIFY(!documentCharacters(editor.document()).contains(QChar(0x202E)));
}

void TestCodeEditor::copyGivesTheOriginalAndPasteKeepsIt()
{
    const QString code = QStringLiteral("a\u202E\r\nb\u00A0c\rd") + QChar(u'\0');
    CodeEditor editor;
    editor.setCode(code);
    editor.selectAll();
    editor.copy();
    QCOMPARE(QGuiApplication::clipboard()->text(), code);

    CodeEditor other;
    other.setCode(QStringLiteral("start\nend"));
    other.setEditable(true);
    QTextCursor cursor(other.document()->firstBlock());
    cursor.movePosition(QTextCursor::EndOfBlock);
    other.setTextCursor(cursor);
    other.paste();
    QCOMPARE(other.code(), QStringLiteral("start") + code + QStringLiteral("\nend"));
    QVERIFY(!documentCharacters(other.document()).contains(QChar(0x202E)));
}

void TestCodeEditor::undoingEveryEditGivesTheOriginalBack()
{
    const QString code = QStringLiteral("a\r\nb\u2028c\u00A0\r\n");
    CodeEditor editor;
    editor.setCode(code);
    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    QTest::keyClicks(&editor, QStringLiteral("xyz"));
    QTest::keyClick(&editor, Qt::Key_Return);
    QVERIFY(editor.code() != code);
    while (editor.document()->isUndoAvailable())
        editor.undo();
    QCOMPARE(editor.code(), code);
}

void TestCodeEditor::specialCharactersAreMarkers()
{
    CodeEditor editor;
    editor.setCode(QStringLiteral("if a\u202E != b\u2066:\u200B\u00A0") + QChar(u'\0') +
                   QString::fromUcs4(U"\U000E0041"));
    QCOMPARE(documentCharacters(editor.document()),
             QStringLiteral("if a\uFFFC != b\uFFFC:\uFFFC\uFFFC\uFFFC\uFFFC"));
    QCOMPARE(
        markerOriginals(editor.document()),
        (QStringList{QStringLiteral("\u202E"), QStringLiteral("\u2066"), QStringLiteral("\u200B"),
                     QStringLiteral("\u00A0"), QString(QChar(u'\0')), QString::fromUcs4(U"\U000E0041")}));
    // Each marker says what it stands for.
    QStringList labels;
    for (auto it = editor.document()->firstBlock().begin(); !it.atEnd(); ++it) {
        if (revealed::isMarker(it.fragment().charFormat()))
            labels.append(k8::app::HiddenMarkers::labelOf(it.fragment().charFormat()));
    }
    QCOMPARE(labels, (QStringList{QStringLiteral("RLO"), QStringLiteral("LRI"), QStringLiteral("ZWSP"),
                                  QStringLiteral("NBSP"), QStringLiteral("NUL"), QStringLiteral("TAG A")}));
}

void TestCodeEditor::markersChangeWhatIsDrawn()
{
    // A zero-width space next to nothing else: today it draws nothing, so both look the same.
    CodeEditor plain;
    CodeEditor hidden;
    for (CodeEditor* editor : {&plain, &hidden}) {
        editor->resize(300, 80);
        editor->show();
        QVERIFY(QTest::qWaitForWindowExposed(editor));
    }
    plain.setCode(QStringLiteral("ab"));
    hidden.setCode(QStringLiteral("a\u200Bb"));
    QVERIFY(render(plain) != render(hidden));
    // The marker is drawn in the warning colour.
    const QImage image = render(hidden);
    const QColor warning = hidden.markers()->warningColour();
    bool found = false;
    for (int y = 0; y < image.height() && !found; ++y) {
        for (int x = 0; x < image.width() && !found; ++x) {
            const QColor pixel = image.pixelColor(x, y);
            found = qAbs(pixel.red() - warning.red()) < 40 && qAbs(pixel.green() - warning.green()) < 40 &&
                    qAbs(pixel.blue() - warning.blue()) < 40;
        }
    }
    QVERIFY(found);
}

void TestCodeEditor::longLinesWrap()
{
    CodeEditor editor;
    editor.resize(400, 300);
    const QString code = QStringLiteral("print('ok')") + QString(300, QLatin1Char(' ')) +
                         QStringLiteral("; __import__('os').system('sh')");
    editor.setCode(code);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QCOMPARE(editor.lineWrapMode(), QPlainTextEdit::WidgetWidth);
    QTRY_VERIFY(editor.document()->firstBlock().layout()->lineCount() > 1);
    // Every character is inside the viewport.
    const QTextLayout* layout = editor.document()->firstBlock().layout();
    for (int i = 0; i < layout->lineCount(); ++i)
        QVERIFY(layout->lineAt(i).naturalTextWidth() <= editor.viewport()->width());
    QCOMPARE(editor.code(), code);
    QCOMPARE(editor.wordWrapMode(), QTextOption::WrapAtWordBoundaryOrAnywhere);

    // A line that is one huge word wraps anywhere: at word boundaries Qt lays it out in quadratic
    // time (minutes for a megabyte), which would freeze the review.
    editor.setCode(QStringLiteral("x = '") + QString(50000, QLatin1Char('A')) + QStringLiteral("'\n"));
    QCOMPARE(editor.wordWrapMode(), QTextOption::WrapAnywhere);
    QVERIFY(!editor.isCodeTouched());
    QTRY_VERIFY(editor.document()->firstBlock().layout()->lineCount() > 1);
    editor.setCode(code);
    QCOMPARE(editor.wordWrapMode(), QTextOption::WrapAtWordBoundaryOrAnywhere);
}

void TestCodeEditor::lookAlikeLettersAreUnderlined()
{
    CodeEditor editor;
    editor.setCode(QStringLiteral("password = 1\nif p\u0430ssword:\n    pass\n"));
    const auto& marks = editor.markedTextSelections();
    QCOMPARE(marks.size(), 1);
    QCOMPARE(marks.at(0).cursor.selectionStart(), editor.document()->findBlockByNumber(1).position() + 4);
    QCOMPARE(marks.at(0).cursor.selectionEnd(), editor.document()->findBlockByNumber(1).position() + 5);
    QCOMPARE(marks.at(0).format.underlineStyle(), QTextCharFormat::WaveUnderline);
    // Shown together with the current-line highlight.
    QCOMPARE(editor.extraSelections().size(), 2);

    // An edit that adds one is marked shortly after.
    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    typeText(&editor, QStringLiteral("\u0441ode = 2"));
    QTRY_COMPARE(editor.markedTextSelections().size(), 2);
}

// A large request's cut and findings come prepared off the UI thread: the editor takes them for
// the very string they were made of, exactly what it would have found itself, and ignores them
// for any other string (the findings are then its own scan).
void TestCodeEditor::preparedFindingsOnlyForTheirOwnText()
{
    QString code;
    for (int i = 0; i < 6000; ++i)
        code += QStringLiteral("x = %1  # \u202e\n").arg(i);
    const k8::agent::PreparedText prepared = k8::agent::PreparedText::of(code);
    CodeEditor own;
    own.setCode(code);
    CodeEditor editor;
    QSignalSpy spy(&editor, &CodeEditor::findingsChanged);
    editor.setCode(code, &prepared);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(editor.findings(), own.findings());
    QCOMPARE(editor.findings().count(HiddenText::BidiControl), 6000);
    QVERIFY(editor.isPartlyShown());
    QCOMPARE(editor.shownText().shownLines(), own.shownText().shownLines());
    QCOMPARE(editor.toPlainText(), own.toPlainText());
    QVERIFY(editor.code().constData() == code.constData());

    // The same characters in another string are not "this very string": scanned here.
    const QString other = QStringLiteral("print(1)\n");
    editor.setCode(other, &prepared);
    QVERIFY(editor.findings().isEmpty());
    QVERIFY(!editor.isPartlyShown());
    QCOMPARE(editor.code(), other);
}

void TestCodeEditor::findingsFollowTheCode()
{
    CodeEditor editor;
    QSignalSpy spy(&editor, &CodeEditor::findingsChanged);
    editor.setCode(QStringLiteral("if role != \"user\u202E \u2066# admins\u2069 \u2066\":\r\n") +
                   QString(250, QLatin1Char('x')));
    QCOMPARE(spy.count(), 1);
    const auto report = spy.at(0).at(0).value<HiddenText::Report>();
    QCOMPARE(report.count(HiddenText::BidiControl), 4);
    QCOMPARE(report.count(HiddenText::LongLine), 1);
    QCOMPARE(report.count(HiddenText::CrLfLineEnd), 1);
    QCOMPARE(editor.findings(), report);

    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    QTest::keyClicks(&editor, QStringLiteral("\u00A0"));
    // Read at once (as a decision would), the findings already hold the edit.
    QCOMPARE(editor.currentFindings().count(HiddenText::UnusualSpace), 1);
    QCOMPARE(spy.count(), 2);
    QTest::keyClicks(&editor, QStringLiteral("\u00A0"));
    QVERIFY(spy.wait(k8::test::waits::InProcess));
    QCOMPARE(editor.findings().count(HiddenText::UnusualSpace), 2);

    editor.setCode(QStringLiteral("print(1)\n"));
    QVERIFY(editor.findings().isEmpty());
}

void TestCodeEditor::lineEndsOtherThanLfAreLabelled()
{
    // The label is painted after the line; with and without it the picture differs.
    CodeEditor lf;
    CodeEditor cr;
    for (CodeEditor* editor : {&lf, &cr}) {
        editor->resize(300, 80);
        editor->show();
        QVERIFY(QTest::qWaitForWindowExposed(editor));
    }
    lf.setCode(QStringLiteral("# note\nimport os"));
    cr.setCode(QStringLiteral("# note\rimport os"));
    QCOMPARE(cr.document()->blockCount(), 2);
    QCOMPARE(revealed::lineEndOf(cr.document()->firstBlock()), revealed::LineEnd::Cr);
    QVERIFY(render(lf) != render(cr));
}

void TestCodeEditor::joiningLinesKeepsTheLineEndThatStays_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::addColumn<QString>("expected");
    // Positions are document positions: a line break is one position.
    QTest::newRow("delete the CR after a") << QStringLiteral("a\rb\nc") << 1 << 2 << QStringLiteral("ab\nc");
    QTest::newRow("delete the LF after b") << QStringLiteral("a\rb\nc") << 3 << 4 << QStringLiteral("a\rbc");
    QTest::newRow("delete across two breaks")
        << QStringLiteral("a\r\nb\rc\u2028d") << 1 << 5 << QStringLiteral("a\u2028d");
    QTest::newRow("delete from the middle of a line to the middle of the next")
        << QStringLiteral("ab\rcd\r\ne") << 1 << 4 << QStringLiteral("ad\r\ne");
}

void TestCodeEditor::joiningLinesKeepsTheLineEndThatStays()
{
    QFETCH(QString, code);
    QFETCH(int, from);
    QFETCH(int, to);
    QFETCH(QString, expected);
    CodeEditor editor;
    editor.setCode(code);
    editor.setEditable(true);
    QTextCursor cursor(editor.document());
    cursor.setPosition(from);
    cursor.setPosition(to, QTextCursor::KeepAnchor);
    editor.setTextCursor(cursor);
    QTest::keyClick(&editor, Qt::Key_Delete);
    QCOMPARE(editor.code(), expected);

    // The same with Backspace, and by typing over the selection.
    editor.setCode(code);
    cursor = QTextCursor(editor.document());
    cursor.setPosition(from);
    cursor.setPosition(to, QTextCursor::KeepAnchor);
    editor.setTextCursor(cursor);
    QTest::keyClick(&editor, Qt::Key_Backspace);
    QCOMPARE(editor.code(), expected);
    editor.setCode(code);
    cursor = QTextCursor(editor.document());
    cursor.setPosition(from);
    cursor.setPosition(to, QTextCursor::KeepAnchor);
    editor.setTextCursor(cursor);
    QTest::keyClicks(&editor, QStringLiteral("X"));
    QCOMPARE(editor.code(), expected.left(from) + QStringLiteral("X") + expected.mid(from));
}

void TestCodeEditor::codeDuringTheLoadIsTheNewCode()
{
    CodeEditor editor;
    editor.setCode(QStringLiteral("old\r\n"));
    editor.setEditable(true);
    editor.moveCursor(QTextCursor::End);
    QTest::keyClicks(&editor, QStringLiteral("edit"));
    QStringList seen;
    connect(&editor, &QPlainTextEdit::textChanged, this, [&] { seen.append(editor.code()); });
    editor.setCode(QStringLiteral("new\r\n"));
    QVERIFY(!seen.isEmpty());
    for (const QString& code : std::as_const(seen))
        QCOMPARE(code, QStringLiteral("new\r\n"));
}

void TestCodeEditor::setPlainTextIsLeftAlone()
{
    // A caller that loads with setPlainText() and reads toPlainText() gets what it always got:
    // markers would change what toPlainText() returns.
    CodeEditor editor;
    editor.setCode(QStringLiteral("x\u200B"));
    QVERIFY(editor.isRevealing());
    editor.setPlainText(QStringLiteral("a\u200Bb"));
    QVERIFY(!editor.isRevealing());
    QCoreApplication::processEvents();
    QCOMPARE(editor.toPlainText(), QStringLiteral("a\u200Bb"));
    QCOMPARE(editor.code(), QStringLiteral("a\u200Bb"));
    editor.setCode(QStringLiteral("y\u200B"));
    QVERIFY(editor.isRevealing());
    QCOMPARE(markerOriginals(editor.document()), QStringList{QStringLiteral("\u200B")});
}

void TestCodeEditor::aLineStartingRightToLeftIsStillLaidOutLeftToRight()
{
    // With no bidi control at all, a Hebrew letter first on the line would make the whole line a
    // right-to-left paragraph: right-aligned, its runs in reverse order. Code is laid out left to
    // right whatever it starts with; only the Hebrew letters themselves read right to left.
    CodeEditor editor;
    editor.resize(600, 200);
    editor.setCode(QStringLiteral("\u05D0\u05D1 = run('x'); other()"));
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    const QTextBlock block = editor.document()->firstBlock();
    const QTextLine line = block.layout()->lineAt(0);
    qreal previous = -1;
    for (int i = 2; i < block.length() - 1; ++i) {
        QVERIFY2(line.cursorToX(i) > previous, qPrintable(QString::number(i)));
        previous = line.cursorToX(i);
    }
    QVERIFY(line.cursorToX(2) < 4 * editor.fontMetrics().horizontalAdvance(QLatin1Char('x')));

    // What a right-to-left letter still reorders next to it (here "= 1" is drawn "1 =") is told:
    // the run is underlined and counted.
    editor.setCode(QStringLiteral("\u05D0 = 1; run()"));
    QCOMPARE(editor.markedTextSelections().size(), 1);
    QCOMPARE(editor.markedTextSelections().at(0).format.underlineStyle(), QTextCharFormat::DotLine);
    QCOMPARE(editor.findings().count(HiddenText::RightToLeftText), 1);
}

// Tab indents code being edited; Ctrl+Tab and Ctrl+Shift+Tab leave the editor (issue 25: the
// keyboard had no way out of an editable editor to the diff's controls).
void TestCodeEditor::ctrlTabLeavesCodeBeingEdited()
{
    QWidget window;
    auto* before = new QLineEdit(&window);
    auto* editor = new CodeEditor(&window);
    auto* after = new QLineEdit(&window);
    auto* layout = new QVBoxLayout(&window);
    layout->addWidget(before);
    layout->addWidget(editor);
    layout->addWidget(after);
    editor->setCode(QStringLiteral("x = 1\n"));
    editor->setEditable(true);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    editor->setFocus();
    QTRY_VERIFY(editor->hasFocus());
    QTest::keyClick(editor, Qt::Key_Tab);
    QVERIFY(editor->hasFocus());
    QVERIFY2(editor->code().contains(QLatin1Char('\t')), qPrintable(editor->code())); // indented
    QTest::keyClick(editor, Qt::Key_Tab, Qt::ControlModifier);
    QTRY_VERIFY(after->hasFocus());
    editor->setFocus();
    QTRY_VERIFY(editor->hasFocus());
    QTest::keyClick(editor, Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(before->hasFocus());
    QCOMPARE(editor->code().count(QLatin1Char('\t')), 1); // neither key typed anything
}

// Issue 26: a long text put in a piece at a time (setLoadsInPieces(), as the review does) ends as
// the very document one load makes: every line end kept per line, also where a piece ends after a
// CRLF, a CR or a U+2028, markers and surrogate pairs too. Until the last piece it is read-only.
void TestCodeEditor::piecesMakeTheDocumentOneLoadMakes()
{
    QString code;
    for (int i = 0; i < 1500; ++i) {
        code += QStringLiteral("line_%1 = 'caf\u00e9 \U0001F600'\u200b").arg(i);
        code += i % 7 == 0    ? QStringLiteral("\r\n")
                : i % 11 == 0 ? QStringLiteral("\r")
                : i % 13 == 0 ? QString(QChar(QChar::LineSeparator))
                              : QStringLiteral("\n");
    }
    code += QStringLiteral("last = 1  # no line end after it");
    CodeEditor once;
    once.setCode(code);
    CodeEditor pieces;
    pieces.setLoadsInPieces(true);
    QSignalSpy loaded(&pieces, &CodeEditor::codeLoaded);
    pieces.setCode(code);
    pieces.setEditable(true);
    QVERIFY(pieces.isLoading());
    QCOMPARE(pieces.blockCount(), CodeEditor::FirstPieceLines + 1);
    QVERIFY(!pieces.isEditable()); // asked for: given once every piece is in
    QCOMPARE(pieces.code(), code); // what is decided on is all of it from the start
    QCOMPARE(pieces.findings(), once.findings());

    QVERIFY(loaded.wait(k8::test::waits::InProcess));
    QCOMPARE(loaded.count(), 1);
    QVERIFY(!pieces.isLoading());
    QVERIFY(pieces.isEditable());
    QVERIFY(!pieces.isCodeTouched());
    QVERIFY(!pieces.document()->isUndoAvailable()); // the pieces are no steps to undo into
    QCOMPARE(pieces.revealedText(), code);
    QCOMPARE(pieces.blockCount(), once.blockCount());
    QCOMPARE(documentCharacters(pieces.document()), documentCharacters(once.document()));
    QCOMPARE(markerOriginals(pieces.document()), markerOriginals(once.document()));
    for (QTextBlock a = once.document()->begin(), b = pieces.document()->begin(); a.isValid();
         a = a.next(), b = b.next())
        QCOMPARE(int(revealed::lineEndBefore(b)), int(revealed::lineEndBefore(a)));
    QCOMPARE(pieces.markedTextSelections().size(), once.markedTextSelections().size());
}

// A new text while pieces of the last one are still to come: none of them is added to it.
void TestCodeEditor::anotherTextDropsThePiecesStillToCome()
{
    CodeEditor editor;
    editor.setLoadsInPieces(true);
    QSignalSpy loaded(&editor, &CodeEditor::codeLoaded);
    editor.setCode(QStringLiteral("print(1)\n").repeated(3000));
    QVERIFY(editor.isLoading());
    editor.setCode(QStringLiteral("print(2)\n"));
    QVERIFY(!editor.isLoading());
    for (int turn = 0; turn < 20; ++turn)
        QCoreApplication::processEvents();
    QCOMPARE(editor.revealedText(), QStringLiteral("print(2)\n"));
    QCOMPARE(editor.code(), QStringLiteral("print(2)\n"));
    QCOMPARE(loaded.count(), 0);
}

QTEST_MAIN(TestCodeEditor)
#include "tst_codeeditor.moc"
