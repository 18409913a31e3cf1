// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QMutex>
#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <memory>

namespace k8::history {

// Where an entry comes from: kosa8's audit log or the app's own ledger of decisions.
enum class Source : quint8
{
    Kosa8 = 0,
    Desk = 1
};

// The text fields of an entry, kept as UTF-8 in the store's arena.
enum class TextField : int
{
    Detail = 0,
    Hash,
    PreviousHash, // the ledger's "prev"; for kosa8 the HASH of the entry before (see previousRow)
    TimeText,     // TIME as printed
    Extra,        // columns or keys the app does not know, "key=value" one a line; the ledger's whole line
    Count
};

// The interned columns: a handful of distinct values repeated on every row.
enum class NameColumn : int
{
    Actor = 0,
    Action,
    Sandbox,
    DecidedBy,
    Count
};

// Which characters a text holds, as bits in one word, so that the filter can tell from the row
// alone that a row cannot contain what is typed (issue 26: the first keystroke over a million rows
// read every row's text from the arena, a cache miss a row). ASCII letters are folded to lower
// case, as the filter folds them. Letters, digits and 27 common punctuation characters (the space
// among them) have a bit of their own; every other byte (rarer punctuation, control characters,
// UTF-8 beyond ASCII) shares the last one.
class TextChars
{
public:
    static constexpr int SharedBit = 63;

    // Whether `c`'s bit is `c`'s alone (after folding): then a row without the bit does not hold
    // `c`, and a row with it does.
    static bool hasOwnBit(unsigned char c);
    static quint64 of(QByteArrayView text);
    // The hex digits a text holds ('0'..'9', 'a'..'f', either case), one bit each by value: the
    // hash column, which the filter searches only for hex text.
    static quint16 hexDigitsOf(QByteArrayView text);
};

// One entry: fixed size, no pointers to the heap of its own.
struct AuditRow
{
    static constexpr qint64 NoTime = INT64_MIN;
    qint64 timeMs = NoTime; // UTC milliseconds since the epoch; NoTime when TIME did not parse
    qint64 seq = -1;        // kosa8's SEQ or the ledger's seq
    quint64 textChars = 0;  // TextChars::of DETAIL and EXTRA
    quint32 arenaChunk = 0;
    quint32 arenaOffset = 0;
    quint32 fieldEnd[int(TextField::Count)] = {}; // end of each text field, relative to arenaOffset
    quint32 names[int(NameColumn::Count)] = {};   // ids into the name tables (0: empty)
    qint32 previousRow = -1;                      // kosa8: the row of SEQ-1, whose HASH chains into this
    qint32 line = 0;                              // 1-based line of the output or ledger file
    quint16 hashHexDigits = 0;                    // TextChars::hexDigitsOf HASH
    Source source = Source::Kosa8;
};

// An unreadable line: counted and shown with its number, never dropped silently.
struct AuditProblem
{
    Source source = Source::Kosa8;
    qint64 lineNumber = 0; // 1-based, of kosa8's stdout or of the ledger file
    QString text;          // ANSI codes stripped, shortened to a few hundred characters
    QString reason;
};

// An entry as the parsers hand it to the store (plain views, valid for the call only).
struct AuditRowInput
{
    Source source = Source::Kosa8;
    qint64 seq = -1;
    qint64 timeMs = AuditRow::NoTime;
    qint32 line = 0;
    QByteArrayView text[int(TextField::Count)];
    QByteArrayView names[int(NameColumn::Count)];
};

// The pointers to a store's chunks. They live in pages of 1024, each allocated when its first
// chunk comes, so that an empty store costs a few KiB of page pointers rather than tables sized up
// front for every chunk it could ever have (each history view makes stores, and a refresh makes
// one), and a pointer once set never moves: readers on other threads take no lock.
template <typename Chunk, qsizetype Capacity> class ChunkPointers
{
public:
    static constexpr int PageBits = 10;
    static constexpr qsizetype PageSize = qsizetype(1) << PageBits;
    static_assert(Capacity % PageSize == 0);

    // Shifts and masks on the index as unsigned: the filter reads every row through here.
    Chunk* at(qsizetype index) const
    {
        return m_pages[size_t(index) >> PageBits][size_t(index) & (PageSize - 1)];
    }
    // Writer side: sets the pointer at `index` (below Capacity), making its page when needed.
    void set(qsizetype index, Chunk* chunk)
    {
        std::unique_ptr<Chunk*[]>& page = m_pages[size_t(index) >> PageBits];
        if (!page)
            page.reset(new Chunk*[PageSize]);
        page[size_t(index) & (PageSize - 1)] = chunk;
    }

private:
    std::unique_ptr<Chunk*[]> m_pages[Capacity / PageSize];
};

// A million entries in little memory (issue 13): rows are fixed-size records in chunks, their
// text is UTF-8 in an arena of large chunks, actor/action/sandbox/decided-by are interned to small
// ids, time is milliseconds; display strings are built on demand.
//
// One thread writes (append), any number read at the same time: chunks never move once
// allocated (nor do the pointers to them, ChunkPointers), and a row is published by the
// release-store of the row count after it is written, so a reader that loads rowCount() may read
// every row below it without a lock. The name tables are small and behind a mutex.
class AuditStore
{
    Q_DECLARE_TR_FUNCTIONS(k8::history::AuditStore)
public:
    // 1024 rows (80 KiB) a chunk: small enough that a short log (a refresh, one sandbox's
    // entries) takes little, and that allocators serve it without a mapping of its own.
    static constexpr int RowChunkBits = 10;
    static constexpr qsizetype RowChunkSize = qsizetype(1) << RowChunkBits;
    static constexpr qsizetype MaxRowChunks = 1 << 20; // ~1e9 rows
    static constexpr qsizetype ArenaChunkBytes = 4 * 1024 * 1024;
    static constexpr qsizetype ArenaFirstChunkBytes = 64 * 1024;
    static constexpr qsizetype MaxArenaChunks = 1 << 16;
    // A field longer than this is cut (at a UTF-8 boundary) and ends in "…": one entry must not
    // hold the memory of a hundred thousand.
    static constexpr qsizetype MaxFieldBytes = 256 * 1024;
    static constexpr qsizetype MaxProblemsKept = 10000;

    AuditStore();
    ~AuditStore();
    AuditStore(const AuditStore&) = delete;
    AuditStore& operator=(const AuditStore&) = delete;

    // Writer side (one thread at a time). Returns the new row's index.
    qsizetype append(const AuditRowInput& input);
    // Problems are kept up to MaxProblemsKept, the rest counted.
    void addProblem(const AuditProblem& problem);

    // Reader side, any thread.
    qsizetype rowCount() const { return m_count.load(std::memory_order_acquire); }
    const AuditRow& row(qsizetype index) const
    {
        return m_rowChunks.at(qsizetype(size_t(index) >> RowChunkBits))[size_t(index) & (RowChunkSize - 1)];
    }
    QByteArrayView text(const AuditRow& row, TextField field) const;
    QByteArrayView text(qsizetype index, TextField field) const { return text(row(index), field); }
    QString textString(qsizetype index, TextField field) const;
    // The name of an interned id; the tables only grow, so a copy is a consistent prefix.
    QString name(NameColumn column, quint32 id) const;
    QStringList names(NameColumn column) const;
    // The id of `value` in `column`, or 0 when it never occurred (0 is the empty value).
    quint32 nameId(NameColumn column, const QString& value) const;

    // The row of the entry with this source and seq, or -1.
    qsizetype rowOfSeq(Source source, qint64 seq) const;
    // The hash the entry at `index` chains from: the ledger's prev, or kosa8's HASH of SEQ-1.
    QString previousHash(qsizetype index) const;

    qint64 problemCount() const;
    QList<AuditProblem> problems() const;

    // Rows of each source are in the order they came; false once one came earlier than the one
    // before it (the filter then sorts that source by time instead of merging it).
    bool timeOrdered(Source source) const;
    // Bytes held by rows and arena (for the benchmark and the status line).
    qint64 memoryBytes() const;
    qint64 lastSeq(Source source) const;

private:
    quint32 intern(NameColumn column, QByteArrayView value);
    char* arenaSpace(qsizetype bytes, quint32* chunk, quint32* offset);

    ChunkPointers<AuditRow, MaxRowChunks> m_rowChunks;
    ChunkPointers<char, MaxArenaChunks> m_arenaChunks;
    std::atomic<qsizetype> m_count{0};
    qsizetype m_rowChunksUsed = 0;
    qsizetype m_arenaChunksUsed = 0;
    qsizetype m_arenaUsedInChunk = 0;
    qsizetype m_arenaChunkSize = 0;
    qint64 m_arenaBytes = 0;

    mutable QMutex m_namesMutex;
    QStringList m_names[int(NameColumn::Count)];
    // Writer-only lookup tables: value -> id. The first few values of a column are also kept in
    // a short list compared in place, so that the usual row (a handful of actors, actions and
    // sandboxes) costs no allocation for the hash key.
    QHash<QByteArray, quint32> m_nameIds[int(NameColumn::Count)];
    static constexpr qsizetype RecentNames = 48;
    QList<QByteArray> m_recentNames[int(NameColumn::Count)];

    // kosa8 seq -> row, for SEQ counting up from the first one (the usual case); others in a hash.
    mutable QMutex m_seqMutex;
    qint64 m_firstSeq[2] = {-1, -1};
    QList<qint32> m_denseSeqRows[2];
    QHash<qint64, qint32> m_sparseSeqRows[2];
    qint64 m_lastSeq[2] = {-1, -1};
    qint64 m_lastTime[2] = {AuditRow::NoTime, AuditRow::NoTime};
    std::atomic<bool> m_timeOrdered[2] = {true, true};

    mutable QMutex m_problemsMutex;
    QList<AuditProblem> m_problems;
    qint64 m_problemCount = 0;
};

} // namespace k8::history
