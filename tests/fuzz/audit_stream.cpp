// SPDX-License-Identifier: Apache-2.0
// history/AuditStreamParser: `kosa8 audit ls` read as it arrives (a table, JSON lines or a JSON
// array), in pieces of any size. The first two bytes of the input choose how the rest is cut into
// pieces and whether the parser skips entries already loaded (a refresh); the rest is kosa8's
// stdout.
// Invariants: the same rows, problems and figures whatever the cut, as when it all arrives at
// once; every row's line is a line of the output, its SEQ a whole number above the skipped ones,
// its SANDBOX empty or a valid sandbox name (kosa8/Names), its time the TIME it printed; every
// problem names a line of the output that is not blank, in order; no row from nothing (a table row
// is a line of the table holding its fields, a JSON row starts at a '{'); and in a table read in full no
// line dropped silently (each line below the header is a row, a problem or a repeated header).
#include "FuzzSupport.h"

#include "history/AuditStore.h"
#include "history/AuditStreamParser.h"
#include "history/TimeText.h"
#include "kosa8/Names.h"

#include <QList>
#include <QSet>

using namespace k8::history;

namespace {

// What a parse gave, in full, for comparing one cut with another.
struct Outcome
{
    AuditStreamParser::Format format = AuditStreamParser::Format::Unknown;
    qint64 linesRead = 0;
    qint64 entriesStored = 0;
    bool rewritten = false;
    QByteArray rows;     // every row, field by field
    QByteArray problems; // every problem kept
    qint64 problemCount = 0;
};

QByteArray describeRows(const AuditStore& store)
{
    QByteArray out;
    for (qsizetype i = 0; i < store.rowCount(); ++i) {
        const AuditRow& row = store.row(i);
        out += QByteArray::number(row.seq) + ' ' + QByteArray::number(row.timeMs) + ' ' +
               QByteArray::number(row.line) + ' ' + QByteArray::number(row.previousRow) + ' ' +
               QByteArray::number(int(row.source));
        for (int f = 0; f < int(TextField::Count); ++f)
            out += '|' + store.text(row, TextField(f)).toByteArray();
        for (int c = 0; c < int(NameColumn::Count); ++c)
            out += '|' + store.name(NameColumn(c), row.names[c]).toUtf8();
        out += '\n';
    }
    return out;
}

QByteArray describeProblems(const AuditStore& store)
{
    QByteArray out;
    for (const AuditProblem& p : store.problems())
        out += QByteArray::number(p.lineNumber) + '|' + p.text.toUtf8() + '|' + p.reason.toUtf8() + '\n';
    return out;
}

struct Cut
{
    quint32 state;
    int mode;
    // Sizes of 1 byte, 1-16, 1-4096 or 1-64 bytes, from a small xorshift generator.
    qsizetype next()
    {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        switch (mode) {
        case 0:
            return 1;
        case 1:
            return 1 + qsizetype(state % 16);
        case 2:
            return 1 + qsizetype(state % 4096);
        default:
            return 1 + qsizetype(state % 64);
        }
    }
};

Outcome parse(const QByteArray& output, qint64 skipSeq, const QByteArray& skipHash, Cut* cut,
              std::unique_ptr<AuditStore>* storeOut)
{
    auto store = std::make_unique<AuditStore>();
    AuditStreamParser parser(store.get());
    parser.setSkipThroughSeq(skipSeq);
    parser.setExpectedHashAtSkip(skipHash);
    if (!cut) {
        parser.feed(output);
    } else {
        for (qsizetype at = 0; at < output.size();) {
            const qsizetype size = qMin(cut->next(), output.size() - at);
            parser.feed(QByteArrayView(output).sliced(at, size));
            at += size;
        }
    }
    parser.finish();
    Outcome outcome;
    outcome.format = parser.format();
    outcome.linesRead = parser.linesRead();
    outcome.entriesStored = parser.entriesStored();
    outcome.rewritten = parser.rewritten();
    outcome.rows = describeRows(*store);
    outcome.problems = describeProblems(*store);
    outcome.problemCount = store->problemCount();
    if (storeOut)
        *storeOut = std::move(store);
    return outcome;
}

// The output's lines as the parser sees them: CR at the end, the BOM and ANSI escapes removed.
QList<QByteArray> linesOf(const QByteArray& output)
{
    QList<QByteArray> lines = output.split('\n');
    if (!output.isEmpty() && output.endsWith('\n'))
        lines.removeLast();
    if (output.isEmpty())
        lines.clear();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QByteArray& line = lines[i];
        while (line.endsWith('\r'))
            line.chop(1);
        if (i == 0 && line.startsWith("\xEF\xBB\xBF"))
            line.remove(0, 3);
        if (line.contains('\x1B'))
            line = AuditStreamParser::stripAnsi(line);
    }
    return lines;
}

bool isBlank(const QByteArray& line)
{
    for (const char c : line) {
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
            return false;
    }
    return true;
}

void checkRows(const AuditStore& store, const QList<QByteArray>& lines, AuditStreamParser::Format format,
               qint64 skipSeq)
{
    qint32 lastLine = 0;
    for (qsizetype i = 0; i < store.rowCount(); ++i) {
        const AuditRow& row = store.row(i);
        FUZZ_ASSERT(row.source == Source::Kosa8, "a kosa8 row from another source");
        FUZZ_ASSERT(row.line >= 1 && row.line <= lines.size(), "a row on no line of the output");
        FUZZ_ASSERT(row.line >= lastLine, "rows out of the output's order");
        if (format == AuditStreamParser::Format::Table)
            FUZZ_ASSERT(row.line > lastLine, "two table rows from one line");
        lastLine = row.line;
        FUZZ_ASSERT(row.seq >= 0, "a row without a SEQ");
        FUZZ_ASSERT(skipSeq < 0 || row.seq > skipSeq, "a row the refresh should have skipped");
        const QString sandbox = store.name(NameColumn::Sandbox, row.names[int(NameColumn::Sandbox)]);
        FUZZ_ASSERT(sandbox.isEmpty() || k8::kosa8::Names::checkSandbox(sandbox).isEmpty(),
                    QStringLiteral("a row with the sandbox name ") + sandbox);
        FUZZ_ASSERT(store.name(NameColumn::DecidedBy, row.names[int(NameColumn::DecidedBy)]).isEmpty(),
                    "kosa8's log names who decided");
        const QByteArrayView timeText = store.text(row, TextField::TimeText);
        if (row.timeMs != AuditRow::NoTime) {
            qint64 ms = 0;
            const bool asTime = parseTimeMs(timeText, &ms) && ms == row.timeMs;
            // A JSON number of seconds since the epoch is read too.
            bool digits = !timeText.isEmpty() && timeText.size() <= 18;
            for (const char c : timeText)
                digits = digits && c >= '0' && c <= '9';
            const bool asSeconds = digits && timeText.toByteArray().toLongLong() * 1000 == row.timeMs;
            FUZZ_ASSERT(asTime || asSeconds, "a time the TIME text does not say");
        }

        const QByteArray& line = lines[row.line - 1];
        if (format == AuditStreamParser::Format::Table) {
            // A table row's fields are cut from its line as they are.
            FUZZ_ASSERT(line.contains(QByteArray::number(row.seq)), "a SEQ not on the row's line");
            for (int f : {int(TextField::Detail), int(TextField::Hash), int(TextField::TimeText)}) {
                const QByteArrayView text = store.text(row, TextField(f));
                FUZZ_ASSERT(text.isEmpty() || line.contains(text), "a field not on the row's line");
            }
            // Names are kept as text (invalid UTF-8 as U+FFFD): compared as text.
            const QString lineText = QString::fromUtf8(line);
            for (int c = 0; c < int(NameColumn::Count); ++c) {
                const QString name = store.name(NameColumn(c), row.names[c]);
                FUZZ_ASSERT(lineText.contains(name), QStringLiteral("a name not on the row's line: ") + name);
            }
        } else {
            FUZZ_ASSERT(line.contains('{'), "a JSON row from a line without '{'");
        }
    }
}

void checkProblems(const AuditStore& store, const QList<QByteArray>& lines)
{
    const QList<AuditProblem> problems = store.problems();
    FUZZ_ASSERT(store.problemCount() == problems.size() || problems.size() == AuditStore::MaxProblemsKept,
                "problems lost below the limit");
    qint64 lastLine = 0;
    for (const AuditProblem& p : problems) {
        FUZZ_ASSERT(p.source == Source::Kosa8, "a kosa8 problem from another source");
        FUZZ_ASSERT(p.lineNumber >= 1 && p.lineNumber <= lines.size(), "a problem on no line of the output");
        FUZZ_ASSERT(p.lineNumber >= lastLine, "problems out of the output's order");
        lastLine = p.lineNumber;
        FUZZ_ASSERT(!isBlank(lines[p.lineNumber - 1]), "a problem on a blank line");
        FUZZ_ASSERT(!p.reason.isEmpty(), "a problem without a reason");
        FUZZ_ASSERT(p.text.size() <= 301, "a problem's text not shortened");
    }
}

// In a table each line below the header is a row, a problem or the header again: none dropped.
void checkTableLinesAccounted(const AuditStore& store, const QList<QByteArray>& lines)
{
    QSet<qint64> accounted;
    for (qsizetype i = 0; i < store.rowCount(); ++i)
        accounted.insert(store.row(i).line);
    if (store.problemCount() != store.problems().size())
        return; // some problems not kept: nothing to check against
    for (const AuditProblem& p : store.problems())
        accounted.insert(p.lineNumber);
    qsizetype header = -1;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (isBlank(lines[i]))
            continue;
        if (header < 0) {
            if (!accounted.contains(i + 1))
                header = i; // the first line neither a row nor a problem is the header
            continue;
        }
        FUZZ_ASSERT(accounted.contains(i + 1) || lines[i].trimmed() == lines[header].trimmed(),
                    QByteArray("a table line dropped silently: ") + lines[i].left(200));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 2)
        return 0;
    k8fuzz::ensureApp();
    const quint8 cutByte = data[0];
    const quint8 skipByte = data[1];
    const QByteArray output = k8fuzz::bytes(data + 2, size - 2);
    // Second byte: bit 7 set means a refresh that skips SEQ up to its low five bits, expecting the
    // hash "aa11" there when bit 6 is set.
    const qint64 skipSeq = (skipByte & 0x80) ? qint64(skipByte & 0x1F) : -1;
    const QByteArray skipHash = (skipByte & 0x40) ? QByteArray("aa11") : QByteArray();

    std::unique_ptr<AuditStore> store;
    const Outcome whole = parse(output, skipSeq, skipHash, nullptr, &store);
    Cut cut{0x9E3779B9u ^ (quint32(cutByte) * 0x01000193u), cutByte & 3};
    const Outcome pieces = parse(output, skipSeq, skipHash, &cut, nullptr);

    FUZZ_ASSERT(pieces.format == whole.format, "the format depends on the cut");
    FUZZ_ASSERT(pieces.linesRead == whole.linesRead, "the line count depends on the cut");
    FUZZ_ASSERT(pieces.entriesStored == whole.entriesStored, "the entries stored depend on the cut");
    FUZZ_ASSERT(pieces.rewritten == whole.rewritten, "rewritten() depends on the cut");
    FUZZ_ASSERT(pieces.rows == whole.rows, QByteArray("the rows depend on the cut:\n") +
                                               whole.rows.left(2000) + "\n--\n" + pieces.rows.left(2000));
    FUZZ_ASSERT(pieces.problemCount == whole.problemCount, "the problem count depends on the cut");
    FUZZ_ASSERT(pieces.problems == whole.problems, QByteArray("the problems depend on the cut:\n") +
                                                       whole.problems.left(2000) + "\n--\n" +
                                                       pieces.problems.left(2000));

    const QList<QByteArray> lines = linesOf(output);
    FUZZ_ASSERT(whole.linesRead == lines.size(), "linesRead() is not the output's line count");
    FUZZ_ASSERT(whole.entriesStored == store->rowCount(), "entriesStored() is not the rows stored");
    if (skipSeq < 0)
        FUZZ_ASSERT(!whole.rewritten, "rewritten without a refresh");
    checkRows(*store, lines, whole.format, skipSeq);
    checkProblems(*store, lines);
    // A refresh reads the entries it skips without a trace, by design.
    if (whole.format == AuditStreamParser::Format::Table && skipSeq < 0)
        checkTableLinesAccounted(*store, lines);
    return 0;
}
