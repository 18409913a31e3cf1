// SPDX-License-Identifier: Apache-2.0
#include "editor/DiffView.h"
#include "editor/LineDiff.h"
#include "editor/RevealingTextEdit.h"
#include "support/Waits.h"

#include <QAbstractTextDocumentLayout>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

using k8::app::DiffLine;
using k8::app::DiffView;
using k8::app::LineDiff;
using k8::app::RevealingTextEdit;

namespace {

// Renders a diff compactly: " a" same, "+b" added, "-c" removed, joined by '|'.
QString compact(const QList<DiffLine>& lines)
{
    QStringList out;
    for (const DiffLine& line : lines) {
        const QChar mark = line.kind == DiffLine::Same ? u' ' : line.kind == DiffLine::Added ? u'+' : u'-';
        out.append(mark + line.text);
    }
    return out.join(QLatin1Char('|'));
}

RevealingTextEdit* pane(DiffView& view, const QString& accessibleName)
{
    for (RevealingTextEdit* edit : view.findChildren<RevealingTextEdit*>()) {
        if (edit->accessibleName() == accessibleName)
            return edit;
    }
    return nullptr;
}

// The characters the text layout gets, block by block.
QStringList blockTexts(const QTextDocument* document)
{
    QStringList texts;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        texts.append(block.text());
    return texts;
}

} // namespace

class TestLineDiff : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void diff_data();
    void diff();
    void lineNumbers();
    void largeInputsStayCorrect();
    void viewSummaryAndModes();
    void viewUpdatesAfterEdit();
    void viewRevealsHiddenCharacters();
    void viewShowsTheLineInLogicalOrder();
    void viewLongLinesWrap();
    void viewIsAsHighAsWhatItShows();
};

void TestLineDiff::diff_data()
{
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("edited");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("added");
    QTest::addColumn<int>("removed");

    QTest::newRow("identical") << "a\nb\nc"
                               << "a\nb\nc"
                               << " a| b| c" << 0 << 0;
    QTest::newRow("both empty") << ""
                                << ""
                                << "" << 0 << 0;
    QTest::newRow("from empty") << ""
                                << "a\nb"
                                << "+a|+b" << 2 << 0;
    QTest::newRow("to empty") << "a\nb"
                              << ""
                              << "-a|-b" << 0 << 2;
    QTest::newRow("insert middle") << "a\nc"
                                   << "a\nb\nc"
                                   << " a|+b| c" << 1 << 0;
    QTest::newRow("insert end") << "a\nb"
                                << "a\nb\nc"
                                << " a| b|+c" << 1 << 0;
    QTest::newRow("delete first") << "a\nb\nc"
                                  << "b\nc"
                                  << "-a| b| c" << 0 << 1;
    QTest::newRow("change") << "a\nb\nc"
                            << "a\nB\nc"
                            << " a|-b|+B| c" << 1 << 1;
    QTest::newRow("trailing newline ignored") << "a\nb\n"
                                              << "a\nb"
                                              << " a| b" << 0 << 0;
    QTest::newRow("interleaved") << "x\na\nb\nc\ny"
                                 << "x\nb\nq\nc\ny\nz"
                                 << " x|-a| b|+q| c| y|+z" << 2 << 1;
    QTest::newRow("all different") << "a\nb"
                                   << "c\nd"
                                   << "-a|-b|+c|+d" << 2 << 2;
}

void TestLineDiff::diff()
{
    QFETCH(QString, original);
    QFETCH(QString, edited);
    QFETCH(QString, expected);
    QFETCH(int, added);
    QFETCH(int, removed);
    const QList<DiffLine> lines = LineDiff::compute(original, edited);
    QCOMPARE(compact(lines), expected);
    QCOMPARE(LineDiff::count(lines, DiffLine::Added), added);
    QCOMPARE(LineDiff::count(lines, DiffLine::Removed), removed);
}

void TestLineDiff::lineNumbers()
{
    const QList<DiffLine> lines = LineDiff::compute(QStringLiteral("a\nb\nc"), QStringLiteral("a\nX\nc\nd"));
    QCOMPARE(lines.size(), 5);
    QCOMPARE(lines.at(0), (DiffLine{DiffLine::Same, QStringLiteral("a"), 1, 1}));
    QCOMPARE(lines.at(1), (DiffLine{DiffLine::Removed, QStringLiteral("b"), 2, 0}));
    QCOMPARE(lines.at(2), (DiffLine{DiffLine::Added, QStringLiteral("X"), 0, 2}));
    QCOMPARE(lines.at(3), (DiffLine{DiffLine::Same, QStringLiteral("c"), 3, 3}));
    QCOMPARE(lines.at(4), (DiffLine{DiffLine::Added, QStringLiteral("d"), 0, 4}));
}

void TestLineDiff::largeInputsStayCorrect()
{
    // Every other line changed in 6000 lines: beyond the edit limit, still a valid script whose
    // sides rebuild the inputs.
    QStringList a, b;
    for (int i = 0; i < 6000; ++i) {
        a.append(QStringLiteral("line %1").arg(i));
        b.append(i % 2 ? QStringLiteral("changed %1").arg(i) : QStringLiteral("line %1").arg(i));
    }
    const QList<DiffLine> lines = LineDiff::compute(a, b);
    QStringList rebuiltA, rebuiltB;
    for (const DiffLine& line : lines) {
        if (line.kind != DiffLine::Added)
            rebuiltA.append(line.text);
        if (line.kind != DiffLine::Removed)
            rebuiltB.append(line.text);
    }
    QCOMPARE(rebuiltA, a);
    QCOMPARE(rebuiltB, b);
}

void TestLineDiff::viewSummaryAndModes()
{
    DiffView view;
    view.setTexts(QStringLiteral("a\nb\nc"), QStringLiteral("a\nB\nc\nd"));
    QCOMPARE(view.addedCount(), 2);
    QCOMPARE(view.removedCount(), 1);
    QCOMPARE(view.summaryText(), QStringLiteral("+2 \u22121"));
    QCOMPARE(view.unifiedText(), QStringLiteral("  a\n- b\n+ B\n  c\n+ d"));
    QCOMPARE(view.mode(), DiffView::Unified);
    view.setMode(DiffView::SideBySide);
    QCOMPARE(view.mode(), DiffView::SideBySide);
    // Rows line up: the changed line faces its replacement, the added line faces a filler row.
    QCOMPARE(view.leftText(), QStringLiteral("a\nb\nc\n"));
    QCOMPARE(view.rightText(), QStringLiteral("a\nB\nc\nd"));

    view.setTexts(QStringLiteral("same"), QStringLiteral("same"));
    QCOMPARE(view.summaryText(), QStringLiteral("no changes"));
}

void TestLineDiff::viewUpdatesAfterEdit()
{
    DiffView view;
    view.setTexts(QStringLiteral("print(1)"), QStringLiteral("print(1)"));
    QSignalSpy spy(&view, &DiffView::diffUpdated);
    view.setEdited(QStringLiteral("print(2)"));
    QVERIFY(spy.wait(k8::test::waits::InProcess));
    QCOMPARE(view.addedCount(), 1);
    QCOMPARE(view.removedCount(), 1);
}

void TestLineDiff::viewRevealsHiddenCharacters()
{
    DiffView view;
    // CRLF code: every line holds a trailing CR once split on LF. It must not split the row.
    view.setTexts(QStringLiteral("a\r\nb\u202Ec\r\n"), QStringLiteral("a\r\nb\u202Ec\r\nd\u200B\u00A0\r\n"));
    QCOMPARE(view.addedCount(), 1);
    RevealingTextEdit* unified = pane(view, QStringLiteral("Changes, unified"));
    QVERIFY(unified);
    QCOMPARE(unified->document()->blockCount(), 3);
    QCOMPARE(view.unifiedText(), QStringLiteral("  a\r\n  b\u202Ec\r\n+ d\u200B\u00A0\r"));
    QCOMPARE(view.rightText(), QStringLiteral("a\r\nb\u202Ec\r\nd\u200B\u00A0\r"));
    for (const QString& name : {QStringLiteral("Changes, unified"), QStringLiteral("Original code"),
                                QStringLiteral("Edited code")}) {
        const QString shown = blockTexts(pane(view, name)->document()).join(QLatin1Char('\n'));
        for (const QChar hidden : {QChar(u'\r'), QChar(0x202E), QChar(0x200B), QChar(0x00A0)})
            QVERIFY2(!shown.contains(hidden), qPrintable(name));
    }
    QCOMPARE(blockTexts(unified->document()).at(1), QStringLiteral("  b\uFFFCc\uFFFC"));

    // Look-alike letters are underlined in the diff too.
    view.setTexts(QStringLiteral("password = 1\n"), QStringLiteral("p\u0430ssword = 1\n"));
    QCOMPARE(unified->markedTextSelections().size(), 1);
    QCOMPARE(pane(view, QStringLiteral("Edited code"))->markedTextSelections().size(), 1);
    QVERIFY(pane(view, QStringLiteral("Original code"))->markedTextSelections().isEmpty());
}

void TestLineDiff::viewShowsTheLineInLogicalOrder()
{
    DiffView view;
    view.resize(800, 300);
    view.setTexts(QStringLiteral("x = 1\n"),
                  QStringLiteral("if r != \"user\u202E \u2066# admins\u2069 \u2066\":\n"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QTextBlock block = pane(view, QStringLiteral("Changes, unified"))->document()->findBlockByNumber(1);
    QVERIFY(block.text().startsWith(QStringLiteral("+ if")));
    const QTextLine line = block.layout()->lineAt(0);
    qreal previous = -1;
    for (int i = 0; i < block.length() - 1; ++i) {
        QVERIFY2(line.cursorToX(i) > previous, qPrintable(QString::number(i)));
        previous = line.cursorToX(i);
    }
}

void TestLineDiff::viewLongLinesWrap()
{
    DiffView view;
    view.resize(600, 300);
    const QString tail = QStringLiteral("; __import__('os').system('sh')");
    const QString longLine = QStringLiteral("print('ok')") + QString(400, QLatin1Char(' ')) + tail;
    view.setTexts(QStringLiteral("print('ok')\n"), longLine + QStringLiteral("\n"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    RevealingTextEdit* unified = pane(view, QStringLiteral("Changes, unified"));
    QCOMPARE(unified->lineWrapMode(), QPlainTextEdit::WidgetWidth);
    QTRY_VERIFY(unified->document()->findBlockByNumber(1).layout()->lineCount() > 1);

    // Side by side wraps too (issue 25, defect 12: it cut long lines), and keeps its rows aligned:
    // the short line facing the long one gets filler lines, so the next row starts level.
    view.setMode(DiffView::SideBySide);
    RevealingTextEdit* left = pane(view, QStringLiteral("Original code"));
    RevealingTextEdit* right = pane(view, QStringLiteral("Edited code"));
    QTRY_VERIFY(right->isVisible());
    QCOMPARE(right->lineWrapMode(), QPlainTextEdit::WidgetWidth);
    QTRY_VERIFY(right->document()->firstBlock().layout()->lineCount() > 1);
    // The row after the long one would start level in both columns: the columns are equally
    // many lines high (a plain-text pane stacks its rows line by line).
    const auto linesHigh = [](RevealingTextEdit* edit) {
        int lines = 0;
        for (QTextBlock block = edit->document()->firstBlock(); block.isValid(); block = block.next()) {
            edit->document()->documentLayout()->blockBoundingRect(block); // laid out
            lines += block.layout()->lineCount();
        }
        return lines;
    };
    QTRY_COMPARE(linesHigh(left), linesHigh(right));
    QCOMPARE(left->document()->blockCount(), linesHigh(right)); // the line, then filler lines
    // The padding is for the eye only: the columns' texts are the rows as they were.
    QCOMPARE(view.leftText(), QStringLiteral("print('ok')"));
    QCOMPARE(view.rightText(), longLine);
    // Narrower, the long line wraps onto more lines: padded again to match.
    const int linesBefore = right->document()->firstBlock().layout()->lineCount();
    view.resize(400, 300);
    QTRY_VERIFY(right->document()->firstBlock().layout()->lineCount() > linesBefore);
    QTRY_COMPARE(linesHigh(left), linesHigh(right));
    QVERIFY(linesHigh(right) > linesBefore);
}

// An unchanged diff is one line ("no changes"), not an empty box; a changed one is as high as its
// rows (issue 25, defect 12: the editor had 4 lines while an unchanged diff took 300 px).
void TestLineDiff::viewIsAsHighAsWhatItShows()
{
    DiffView view;
    view.resize(600, 600);
    view.setTexts(QStringLiteral("a = 1\nb = 2\n"), QStringLiteral("a = 1\nb = 2\n"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.summaryText(), QStringLiteral("no changes"));
    const int lineSpacing = view.fontMetrics().lineSpacing();
    QVERIFY2(view.fittingHeight(30) < 3 * lineSpacing, qPrintable(QString::number(view.fittingHeight(30))));
    QVERIFY(!pane(view, QStringLiteral("Changes, unified"))->isVisible());

    view.setTexts(QStringLiteral("a = 1\nb = 2\n"), QStringLiteral("a = 1\nb = 3\n"));
    QTRY_VERIFY(pane(view, QStringLiteral("Changes, unified"))->isVisible());
    const int changed = view.fittingHeight(30);
    // Four rows (a, -b, +b, the empty last line) and the summary: more than four lines, far less
    // than thirty.
    QVERIFY2(changed > 4 * lineSpacing && changed < 10 * lineSpacing, qPrintable(QString::number(changed)));
    // At most the lines asked for: the rest scrolls.
    QString many;
    for (int i = 0; i < 100; ++i)
        many += QStringLiteral("x = %1\n").arg(i);
    view.setTexts(QString(), many);
    QVERIFY2(view.fittingHeight(10) < 14 * lineSpacing, qPrintable(QString::number(view.fittingHeight(10))));
}

QTEST_MAIN(TestLineDiff)
#include "tst_linediff.moc"
