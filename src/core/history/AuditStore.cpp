// SPDX-License-Identifier: Apache-2.0
#include "history/AuditStore.h"

#include <QMutexLocker>

#include <cstring>
#include <new>
#include <type_traits>

namespace k8::history {

namespace {

// Where to cut `text` to at most `max` bytes without splitting a UTF-8 sequence.
qsizetype utf8Cut(QByteArrayView text, qsizetype max)
{
    if (text.size() <= max)
        return text.size();
    qsizetype cut = max;
    while (cut > 0 && (static_cast<unsigned char>(text.at(cut)) & 0xC0) == 0x80)
        --cut;
    return cut;
}

const QByteArray& ellipsis()
{
    static const QByteArray mark = QStringLiteral("…").toUtf8();
    return mark;
}

} // namespace

namespace {

// Per byte: its bit in TextChars::of, and its bit in TextChars::hexDigitsOf (0: not a hex digit).
// Built at compile time: every row's text goes through these while kosa8's output is parsed.
struct TextCharTables
{
    quint64 bit[256];
    quint16 hexBit[256];
};

constexpr TextCharTables textCharTables = [] {
    TextCharTables t{};
    for (int c = 0; c < 256; ++c)
        t.bit[c] = quint64(1) << TextChars::SharedBit;
    for (int c = 'a'; c <= 'z'; ++c) {
        t.bit[c] = quint64(1) << (c - 'a');
        t.bit[c - 'a' + 'A'] = t.bit[c];
    }
    for (int c = '0'; c <= '9'; ++c) {
        t.bit[c] = quint64(1) << (26 + c - '0');
        t.hexBit[c] = quint16(1u << (c - '0'));
    }
    for (int c = 'a'; c <= 'f'; ++c) {
        t.hexBit[c] = quint16(1u << (10 + c - 'a'));
        t.hexBit[c - 'a' + 'A'] = t.hexBit[c];
    }
    // The punctuation of details, commands, paths and key=value text: bits 36 to 62.
    const char punctuation[] = " -.:=_/,\"'()[]{}@#+*%&!?;<>";
    static_assert(sizeof(punctuation) - 1 == TextChars::SharedBit - 36);
    for (size_t i = 0; i + 1 < sizeof(punctuation); ++i)
        t.bit[static_cast<unsigned char>(punctuation[i])] = quint64(1) << (36 + i);
    return t;
}();

// The OR of table[byte] over `text`, four bytes at a time into four words that do not wait on
// each other.
template <typename Bits> Bits orOver(QByteArrayView text, const Bits (&table)[256])
{
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const qsizetype n = text.size();
    Bits a = 0, b = 0, c = 0, d = 0;
    qsizetype i = 0;
    for (; i + 4 <= n; i += 4) {
        a |= table[bytes[i]];
        b |= table[bytes[i + 1]];
        c |= table[bytes[i + 2]];
        d |= table[bytes[i + 3]];
    }
    for (; i < n; ++i)
        a |= table[bytes[i]];
    return Bits(a | b | c | d);
}

} // namespace

bool TextChars::hasOwnBit(unsigned char c)
{
    return textCharTables.bit[c] != quint64(1) << SharedBit;
}

quint64 TextChars::of(QByteArrayView text)
{
    return orOver(text, textCharTables.bit);
}

quint16 TextChars::hexDigitsOf(QByteArrayView text)
{
    return orOver(text, textCharTables.hexBit);
}

AuditStore::AuditStore()
{
    for (auto& names : m_names)
        names.append(QString()); // id 0: empty
    for (auto& ids : m_nameIds)
        ids.insert(QByteArray(), 0);
}

AuditStore::~AuditStore()
{
    // Rows are trivially destructible: their chunks are only given back.
    static_assert(std::is_trivially_destructible_v<AuditRow>);
    for (qsizetype i = 0; i < m_rowChunksUsed; ++i)
        ::operator delete(m_rowChunks.at(i));
    for (qsizetype i = 0; i < m_arenaChunksUsed; ++i)
        delete[] m_arenaChunks.at(i);
}

char* AuditStore::arenaSpace(qsizetype bytes, quint32* chunk, quint32* offset)
{
    if (m_arenaChunksUsed == 0 || m_arenaUsedInChunk + bytes > m_arenaChunkSize) {
        if (m_arenaChunksUsed >= MaxArenaChunks)
            qFatal("AuditStore: arena full");
        // An entry never spans two chunks; a huge one (a cut field is at most MaxFieldBytes) gets
        // a chunk of its own size. The first chunks are small and double up to ArenaChunkBytes,
        // so that a short log (a refresh, a sandbox's few entries) does not take 4 MiB.
        const qsizetype grown = m_arenaChunksUsed == 0 ? ArenaFirstChunkBytes : m_arenaChunkSize * 2;
        m_arenaChunkSize = qMax(qMin(grown, ArenaChunkBytes), bytes);
        m_arenaChunks.set(m_arenaChunksUsed++, new char[size_t(m_arenaChunkSize)]);
        m_arenaUsedInChunk = 0;
        m_arenaBytes += m_arenaChunkSize;
    }
    *chunk = quint32(m_arenaChunksUsed - 1);
    *offset = quint32(m_arenaUsedInChunk);
    char* at = m_arenaChunks.at(m_arenaChunksUsed - 1) + m_arenaUsedInChunk;
    m_arenaUsedInChunk += bytes;
    return at;
}

quint32 AuditStore::intern(NameColumn column, QByteArrayView value)
{
    const QList<QByteArray>& recent = m_recentNames[int(column)];
    for (qsizetype i = 0; i < recent.size(); ++i) {
        if (recent[i] == value)
            return quint32(i + 1); // the first RecentNames ids, in order
    }
    auto& ids = m_nameIds[int(column)];
    const QByteArray key = value.toByteArray();
    const auto it = ids.constFind(key);
    if (it != ids.constEnd())
        return it.value();
    QMutexLocker lock(&m_namesMutex);
    auto& names = m_names[int(column)];
    const auto id = quint32(names.size());
    names.append(QString::fromUtf8(value));
    ids.insert(key, id);
    if (m_recentNames[int(column)].size() < RecentNames &&
        id == quint32(m_recentNames[int(column)].size() + 1))
        m_recentNames[int(column)].append(key);
    return id;
}

qsizetype AuditStore::append(const AuditRowInput& input)
{
    const qsizetype index = m_count.load(std::memory_order_relaxed);
    if ((index >> RowChunkBits) >= m_rowChunksUsed) {
        if (m_rowChunksUsed >= MaxRowChunks)
            qFatal("AuditStore: row table full");
        // Raw memory: a row is constructed when it is appended, so the pages of a chunk's unused
        // rows are never touched (a short log uses a few of its 1024).
        m_rowChunks.set(m_rowChunksUsed++,
                        static_cast<AuditRow*>(::operator new(sizeof(AuditRow) * RowChunkSize)));
    }
    AuditRow& row = *new (&m_rowChunks.at(index >> RowChunkBits)[index & (RowChunkSize - 1)]) AuditRow();
    row.source = input.source;
    row.seq = input.seq;
    row.timeMs = input.timeMs;
    row.line = input.line;

    qsizetype lengths[int(TextField::Count)];
    qsizetype total = 0;
    for (int f = 0; f < int(TextField::Count); ++f) {
        const QByteArrayView value = input.text[f];
        lengths[f] =
            value.size() > MaxFieldBytes ? utf8Cut(value, MaxFieldBytes) + ellipsis().size() : value.size();
        total += lengths[f];
    }
    char* at = arenaSpace(total, &row.arenaChunk, &row.arenaOffset);
    quint32 end = 0;
    for (int f = 0; f < int(TextField::Count); ++f) {
        const QByteArrayView value = input.text[f];
        if (value.size() > MaxFieldBytes) {
            const qsizetype cut = utf8Cut(value, MaxFieldBytes);
            std::memcpy(at + end, value.data(), size_t(cut));
            std::memcpy(at + end + cut, ellipsis().constData(), size_t(ellipsis().size()));
        } else if (!value.isEmpty()) {
            std::memcpy(at + end, value.data(), size_t(value.size()));
        }
        end += quint32(lengths[f]);
        row.fieldEnd[f] = end;
    }
    // From the text as kept (a cut field ends in "…"), which is what the filter searches.
    row.textChars = TextChars::of(text(row, TextField::Detail)) | TextChars::of(text(row, TextField::Extra));
    row.hashHexDigits = TextChars::hexDigitsOf(text(row, TextField::Hash));
    for (int c = 0; c < int(NameColumn::Count); ++c)
        row.names[c] = input.names[c].isEmpty() ? 0 : intern(NameColumn(c), input.names[c]);

    const int s = int(input.source);
    {
        QMutexLocker lock(&m_seqMutex);
        if (input.seq >= 0) {
            if (m_firstSeq[s] < 0)
                m_firstSeq[s] = input.seq;
            const qint64 dense = input.seq - m_firstSeq[s];
            if (dense == m_denseSeqRows[s].size())
                m_denseSeqRows[s].append(qint32(index));
            else
                m_sparseSeqRows[s].insert(input.seq, qint32(index));
        }
    }
    if (input.source == Source::Kosa8 && input.seq > 0) {
        const qsizetype before = rowOfSeq(Source::Kosa8, input.seq - 1);
        row.previousRow = qint32(before);
    }
    if (input.timeMs != AuditRow::NoTime) {
        if (m_lastTime[s] != AuditRow::NoTime && input.timeMs < m_lastTime[s])
            m_timeOrdered[s].store(false, std::memory_order_relaxed);
        m_lastTime[s] = input.timeMs;
    }
    m_lastSeq[s] = qMax(m_lastSeq[s], input.seq);
    m_count.store(index + 1, std::memory_order_release);
    return index;
}

void AuditStore::addProblem(const AuditProblem& problem)
{
    QMutexLocker lock(&m_problemsMutex);
    ++m_problemCount;
    if (m_problems.size() < MaxProblemsKept)
        m_problems.append(problem);
}

QByteArrayView AuditStore::text(const AuditRow& row, TextField field) const
{
    const int f = int(field);
    const quint32 begin = f == 0 ? 0 : row.fieldEnd[f - 1];
    const char* base = m_arenaChunks.at(row.arenaChunk) + row.arenaOffset;
    return QByteArrayView(base + begin, qsizetype(row.fieldEnd[f] - begin));
}

QString AuditStore::textString(qsizetype index, TextField field) const
{
    const QByteArrayView bytes = text(index, field);
    return QString::fromUtf8(bytes.data(), bytes.size());
}

QString AuditStore::name(NameColumn column, quint32 id) const
{
    QMutexLocker lock(&m_namesMutex);
    return m_names[int(column)].value(qsizetype(id));
}

QStringList AuditStore::names(NameColumn column) const
{
    QMutexLocker lock(&m_namesMutex);
    return m_names[int(column)];
}

quint32 AuditStore::nameId(NameColumn column, const QString& value) const
{
    QMutexLocker lock(&m_namesMutex);
    const qsizetype id = m_names[int(column)].indexOf(value);
    return id < 0 ? 0 : quint32(id);
}

qsizetype AuditStore::rowOfSeq(Source source, qint64 seq) const
{
    const int s = int(source);
    QMutexLocker lock(&m_seqMutex);
    if (m_firstSeq[s] >= 0) {
        const qint64 dense = seq - m_firstSeq[s];
        if (dense >= 0 && dense < m_denseSeqRows[s].size())
            return m_denseSeqRows[s].at(dense);
    }
    return m_sparseSeqRows[s].value(seq, -1);
}

QString AuditStore::previousHash(qsizetype index) const
{
    const AuditRow& r = row(index);
    if (r.source == Source::Desk)
        return textString(index, TextField::PreviousHash);
    if (r.previousRow >= 0)
        return textString(r.previousRow, TextField::Hash);
    return textString(index, TextField::PreviousHash);
}

qint64 AuditStore::problemCount() const
{
    QMutexLocker lock(&m_problemsMutex);
    return m_problemCount;
}

QList<AuditProblem> AuditStore::problems() const
{
    QMutexLocker lock(&m_problemsMutex);
    return m_problems;
}

bool AuditStore::timeOrdered(Source source) const
{
    return m_timeOrdered[int(source)].load(std::memory_order_relaxed);
}

qint64 AuditStore::memoryBytes() const
{
    return qint64(m_rowChunksUsed) * RowChunkSize * qint64(sizeof(AuditRow)) + m_arenaBytes;
}

qint64 AuditStore::lastSeq(Source source) const
{
    return m_lastSeq[int(source)];
}

} // namespace k8::history
