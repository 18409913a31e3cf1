// SPDX-License-Identifier: Apache-2.0
// The run console stays bounded whatever the code prints: long lines are cut into marked pieces,
// old lines go, and nothing printed is lost from what is kept.
#include "inbox/RunConsole.h"

#include <QElapsedTimer>
#include <QPlainTextDocumentLayout>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>

using k8::app::RunConsole;

namespace {

// The console's text with the continuation marks taken out: what the code printed.
QString withoutMarks(const QString& text)
{
    QString out = text;
    out.replace(RunConsole::continuationMark() + QLatin1Char('\n') + RunConsole::continuationLead(),
                QString());
    return out;
}

int longestBlock(const QTextDocument* document)
{
    int longest = 0;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        longest = qMax(longest, block.length() - 1);
    return longest;
}

// The console's kind of layout, counting the blocks it lays out (shapes): the work that showing
// text costs, whether or not anyone sees the block.
class CountingLayout : public QPlainTextDocumentLayout
{
public:
    using QPlainTextDocumentLayout::QPlainTextDocumentLayout;

    QRectF blockBoundingRect(const QTextBlock& block) const override
    {
        if (block.isValid() && block.layout()->lineCount() == 0)
            ++m_laidOut;
        return QPlainTextDocumentLayout::blockBoundingRect(block);
    }
    int laidOut() const { return m_laidOut; }

private:
    mutable int m_laidOut = 0;
};

} // namespace

class TestRunConsole : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void longLineIsCutIntoMarkedPieces()
    {
        RunConsole console;
        console.setMaxLineChars(100);
        // Arrives in odd-sized pieces, as output does.
        QString printed;
        for (int i = 0; i < 37; ++i) {
            const QString piece = QString(33, QChar(u'a' + i % 26));
            printed += piece;
            console.appendText(piece);
        }
        printed += QStringLiteral("\nshort line\n");
        console.appendText(QStringLiteral("\nshort line\n"));
        const int limit = 100 + int(RunConsole::continuationMark().size());
        QVERIFY2(longestBlock(console.document()) <= limit,
                 qPrintable(QString::number(longestBlock(console.document()))));
        QVERIFY(console.toPlainText().contains(RunConsole::continuationMark() + QLatin1Char('\n') +
                                               RunConsole::continuationLead()));
        QCOMPARE(withoutMarks(console.toPlainText()), printed);
        QVERIFY(console.atLineStart());
        console.appendText(QStringLiteral("tail"));
        QVERIFY(!console.atLineStart());
    }

    void surrogatePairsAreNeverSplit()
    {
        RunConsole console;
        console.setMaxLineChars(9);
        QString printed;
        for (int i = 0; i < 50; ++i)
            printed += QStringLiteral("\U0001F600");
        console.appendText(printed);
        for (QTextBlock block = console.document()->begin(); block.isValid(); block = block.next()) {
            const QString text = block.text();
            QVERIFY(text.isEmpty() || !text.back().isHighSurrogate() ||
                    text.endsWith(RunConsole::continuationMark()));
            QVERIFY(!text.startsWith(QChar(0xDE00)));
        }
        QCOMPARE(withoutMarks(console.toPlainText()), printed);
    }

    // 8 MB without a newline: the document keeps at most maxLines() lines of bounded length,
    // and each 16 KiB append costs about the same at the end as at the start.
    void outputWithoutNewlinesStaysBounded()
    {
        RunConsole console;
        console.resize(800, 400);
        console.show();
        const QString piece(16 * 1024, QLatin1Char('x'));
        qint64 slowestAppendNs = 0;
        QElapsedTimer clock;
        for (int i = 0; i < 512; ++i) {
            clock.start();
            console.appendText(piece);
            slowestAppendNs = qMax(slowestAppendNs, clock.nsecsElapsed());
        }
        QVERIFY(console.document()->blockCount() <= console.maxLines());
        QVERIFY(!console.document()->isUndoRedoEnabled()); // no history of the lines that went
        QVERIFY(longestBlock(console.document()) <= console.maxLineChars() + 2);
        QVERIFY(console.document()->characterCount() <=
                qint64(console.maxLines()) * (console.maxLineChars() + 4));
        // Not a timing test: a generous bound that one unbounded line (the old console) misses by far.
        QVERIFY2(slowestAppendNs < 2'000'000'000, qPrintable(QString::number(slowestAppendNs)));
    }

    // The oldest lines go without being laid out first. QTextDocument's own cap
    // (maximumBlockCount) laid out every line it removed, so once the console was full each new
    // line cost the layout of two; for output that is not UTF-8 (U+FFFD between other characters,
    // slow to shape) that took most of the UI thread. Counts layouts, not time.
    void droppedLinesAreNotLaidOut()
    {
        RunConsole console;
        auto* document = new QTextDocument(&console);
        auto* layout = new CountingLayout(document);
        document->setDocumentLayout(layout);
        document->setUndoRedoEnabled(false); // as the console's own document
        console.setDocument(document);
        console.setMaxLines(100);
        const int total = 5000;
        auto lines = [](int first, int count) {
            QString text;
            for (int i = first; i < first + count; ++i)
                text += QStringLiteral("line %1 \uFFFD\n").arg(i);
            return text;
        };
        for (int first = 0; first < total; first += 100)
            console.appendText(lines(first, 100));
        QCOMPARE(document->blockCount(), console.maxLines());
        QCOMPARE(document->lastBlock().previous().text(), QStringLiteral("line %1 \uFFFD").arg(total - 1));
        QVERIFY2(layout->laidOut() < console.maxLines(), qPrintable(QString::number(layout->laidOut())));

        // Streamed output, shown in slices, drops its oldest lines the same way.
        const int laidOutBefore = layout->laidOut();
        for (int first = total; first < 2 * total; first += 100) {
            console.queueText(lines(first, 100));
            QTRY_COMPARE(console.queuedLines(), 0);
        }
        QCOMPARE(document->blockCount(), console.maxLines());
        QCOMPARE(document->lastBlock().previous().text(),
                 QStringLiteral("line %1 \uFFFD").arg(2 * total - 1));
        QCOMPARE(console.skippedLines(), 0);
        QVERIFY2(layout->laidOut() - laidOutBefore < console.maxLines(),
                 qPrintable(QString::number(layout->laidOut() - laidOutBefore)));
    }

    // Streamed output is shown a slice at a time, after the event loop runs; text appended at once
    // still comes after whatever was queued before it.
    void queuedOutputIsShownInOrder()
    {
        RunConsole console;
        console.queueText(QStringLiteral("first\n"));
        console.queueText(QStringLiteral("second "));
        QVERIFY(!console.atLineStart());
        QCOMPARE(console.toPlainText(), QString());
        console.appendText(QStringLiteral("done\n"));
        QCOMPARE(console.toPlainText(), QStringLiteral("first\nsecond done\n"));
        QVERIFY(console.atLineStart());

        console.queueText(QStringLiteral("third\n"), Qt::red);
        QCOMPARE(console.queuedLines(), 1);
        QTRY_COMPARE(console.queuedLines(), 0);
        QCOMPARE(console.toPlainText(), QStringLiteral("first\nsecond done\nthird\n"));
        QCOMPARE(console.skippedLines(), 0);
    }

    // Output faster than the console shows it: the newest lines are kept, in order, and one line
    // says how many were skipped; the queue never holds more than MaxQueuedLines lines.
    void floodKeepsTheNewestLinesAndCountsTheRest()
    {
        RunConsole console;
        const int total = 5000;
        for (int first = 0; first < total; first += 100) {
            QString piece;
            for (int i = first; i < first + 100; ++i)
                piece += QStringLiteral("line %1\n").arg(i);
            console.queueText(piece);
            QVERIFY(console.queuedLines() <= RunConsole::MaxQueuedLines);
        }
        QCOMPARE(console.skippedLines(), total - RunConsole::MaxQueuedLines);
        // The first slice comes with the next tick and holds at most SliceLines lines.
        QSignalSpy shown(console.document(), &QTextDocument::blockCountChanged);
        QVERIFY(shown.wait());
        QCOMPARE(console.queuedLines(), RunConsole::MaxQueuedLines - RunConsole::SliceLines);
        QCOMPARE(console.document()->blockCount(), RunConsole::SliceLines + 2); // the notice, the end
        QTRY_COMPARE(console.queuedLines(), 0);

        const QStringList lines = console.toPlainText().split(QLatin1Char('\n'));
        QVERIFY2(lines.first().contains(QString::number(total - RunConsole::MaxQueuedLines)),
                 qPrintable(lines.first()));
        QCOMPARE(lines.size(), int(RunConsole::MaxQueuedLines) + 2); // the notice and the empty end
        for (int i = 0; i < RunConsole::MaxQueuedLines; ++i)
            QCOMPARE(lines.at(i + 1), QStringLiteral("line %1").arg(total - RunConsole::MaxQueuedLines + i));
    }

    // While a flood skips lines, the slices come further apart (FloodSliceIntervalMs), and the
    // console still moves: each slice shows the newest lines. Once nothing is skipped any more the
    // usual pace is back, and the console ends with the same lines as at the usual pace.
    void floodSlowsTheSlicesWhileLinesAreSkipped()
    {
        RunConsole console;
        auto flood = [&console](int first, int count) {
            QByteArray bytes;
            for (int i = first; i < first + count; ++i)
                bytes += "line " + QByteArray::number(i) + '\n';
            console.queueBytes(bytes);
        };
        flood(0, 1000);
        QCOMPARE(console.sliceIntervalMs(), RunConsole::SliceIntervalMs);
        QSignalSpy shown(console.document(), &QTextDocument::blockCountChanged);
        QVERIFY(shown.wait()); // the first slice: 600 lines were skipped before it
        QCOMPARE(console.sliceIntervalMs(), RunConsole::FloodSliceIntervalMs);
        const int afterFirst = console.document()->blockCount();

        flood(1000, 1000); // the flood goes on: skipped again, and the next slice shows newer lines
        QVERIFY(shown.wait());
        QVERIFY(console.document()->blockCount() > afterFirst);
        QCOMPARE(console.sliceIntervalMs(), RunConsole::FloodSliceIntervalMs);
        QVERIFY(console.toPlainText().contains(QStringLiteral("line 1600\n")));

        // The rest of the queue is shown without skipping: the usual pace again.
        QTRY_COMPARE(console.queuedLines(), 0);
        QCOMPARE(console.sliceIntervalMs(), RunConsole::SliceIntervalMs);
        console.appendText(QStringLiteral("done\n"));
        const QStringList lines = console.toPlainText().split(QLatin1Char('\n'));
        QCOMPARE(lines.at(lines.size() - 3), QStringLiteral("line 1999"));
        QCOMPARE(lines.at(lines.size() - 2), QStringLiteral("done"));
        QCOMPARE(console.skippedLines(), 2000 - console.toPlainText().count(QStringLiteral("line ")));
    }

    // Bytes (a run's output as printed) wait undecoded: a flood of 10 MB is counted, its newest
    // MaxQueuedLines lines decoded and shown, the rest skipped as bytes and counted (before, the
    // console was handed all of it decoded).
    void floodOfBytesIsDecodedOnlyWhereShown()
    {
        RunConsole console;
        const int total = 125000; // lines of 80 bytes
        QByteArray read;
        int line = 0;
        while (line < total) {
            read.clear();
            for (int i = 0; i < 800 && line < total; ++i, ++line)
                read += QByteArray("line ") + QByteArray::number(line).rightJustified(74, '.') + '\n';
            console.queueBytes(read);
            QVERIFY(console.queuedLines() <= RunConsole::MaxQueuedLines);
        }
        QCOMPARE(console.decodedBytes(), 0);
        QCOMPARE(console.skippedLines(), total - RunConsole::MaxQueuedLines);
        QTRY_COMPARE(console.queuedLines(), 0);
        QCOMPARE(console.decodedBytes(), RunConsole::MaxQueuedLines * 80);
        const QStringList lines = console.toPlainText().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), int(RunConsole::MaxQueuedLines) + 2); // the notice and the empty end
        QVERIFY2(lines.first().contains(QString::number(total - RunConsole::MaxQueuedLines)),
                 qPrintable(lines.first()));
        QCOMPARE(
            lines.at(1),
            QStringLiteral("line ") +
                QString::number(total - RunConsole::MaxQueuedLines).rightJustified(74, QLatin1Char('.')));
        QVERIFY(lines.at(int(RunConsole::MaxQueuedLines)).endsWith(QString::number(total - 1)));
    }

    // Bytes and text keep their order, and a line begun in one piece of bytes ends in the next.
    void bytesAndTextKeepTheirOrder()
    {
        RunConsole console;
        console.queueBytes("caf\xc3\xa9 one ");
        console.queueBytes("still one\ntwo ");
        QVERIFY(!console.atLineStart());
        console.queueText(QStringLiteral("three\n"));
        console.queueBytes("four\n", Qt::red);
        QVERIFY(console.atLineStart());
        console.appendText(QStringLiteral("done\n"));
        QCOMPARE(console.toPlainText(), QStringLiteral("caf\u00e9 one still one\ntwo three\nfour\ndone\n"));
        QCOMPARE(console.skippedLines(), 0);
    }
};

QTEST_MAIN(TestRunConsole)
#include "tst_runconsole.moc"
