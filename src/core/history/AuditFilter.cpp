// SPDX-License-Identifier: Apache-2.0
#include "history/AuditFilter.h"

#include "history/DecisionFields.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace k8::history {

namespace {

constexpr qsizetype CancelCheckEvery = 8192;

// ASCII letters to lower case, every other byte as it is; built at compile time, so that the scan
// below checks no guard of a static on each call.
constexpr std::array<unsigned char, 256> FoldLower = [] {
    std::array<unsigned char, 256> lower{};
    for (int i = 0; i < 256; ++i)
        lower[size_t(i)] =
            (i >= 'A' && i <= 'Z') ? static_cast<unsigned char>(i + 32) : static_cast<unsigned char>(i);
    return lower;
}();

constexpr quint64 EveryByte = 0x0101010101010101ull;

// Whether `needle` (already lower-cased ASCII-wise) occurs in `hay`, ASCII letters in either case.
// Eight bytes at a time, the places where the needle could start are found without looking at
// bytes one by one: for a letter, a byte with 0x20 set equals the letter exactly when it is that
// letter in either case (no other byte turns into a lower-case letter that way); other bytes are
// compared as they are. A narrowing keystroke over a million rows scans most of their details.
bool containsFolded(QByteArrayView hay, const QByteArray& needle)
{
    const qsizetype m = needle.size();
    const qsizetype n = hay.size();
    if (m == 0)
        return true;
    if (m > n)
        return false;
    const unsigned char* h = reinterpret_cast<const unsigned char*>(hay.data());
    const unsigned char* p = reinterpret_cast<const unsigned char*>(needle.constData());
    const unsigned char first = p[0];
    const qsizetype last = n - m; // the last place the needle can start
    auto matchesAt = [&](qsizetype at) {
        qsizetype k = 1;
        while (k < m && FoldLower[h[at + k]] == p[k])
            ++k;
        return k == m;
    };
    qsizetype i = 0;
    if constexpr (std::endian::native == std::endian::little) {
        const quint64 caseBits = (first >= 'a' && first <= 'z') ? EveryByte * 0x20 : 0;
        const quint64 firstBytes = EveryByte * first;
        while (i + 7 <= last) {
            quint64 word;
            std::memcpy(&word, h + i, sizeof word);
            const quint64 x = (word | caseBits) ^ firstBytes; // a zero byte where the needle may start
            // The lowest byte flagged here is the first zero byte of x (a flag above it may be false).
            const quint64 zeroBytes = (x - EveryByte) & ~x & (EveryByte << 7);
            if (zeroBytes == 0) {
                i += 8;
                continue;
            }
            i += std::countr_zero(zeroBytes) / 8;
            if (matchesAt(i))
                return true;
            ++i;
        }
    }
    for (; i <= last; ++i) {
        if (FoldLower[h[i]] == first && matchesAt(i))
            return true;
    }
    return false;
}

bool isHex(const QByteArray& text)
{
    for (const char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return !text.isEmpty();
}

// Per interned id: whether it is the wanted value / whether it contains the free text.
struct NameMatch
{
    QList<bool> exact;     // empty: any
    QList<bool> textMatch; // empty: no free text
};

NameMatch nameMatch(const AuditStore& store, NameColumn column, const QString& wanted, const QString& text)
{
    NameMatch match;
    const QStringList names = store.names(column);
    if (!wanted.isEmpty()) {
        match.exact.resize(names.size());
        for (qsizetype i = 0; i < names.size(); ++i)
            match.exact[i] = names[i] == wanted;
    }
    if (!text.isEmpty()) {
        match.textMatch.resize(names.size());
        for (qsizetype i = 0; i < names.size(); ++i)
            match.textMatch[i] = names[i].contains(text, Qt::CaseInsensitive);
    }
    return match;
}

bool idIn(const QList<bool>& table, quint32 id)
{
    // An id interned after the table was made (the store still grows) is not the wanted value.
    return qsizetype(id) < table.size() && table[qsizetype(id)];
}

} // namespace

// One filter, prepared once (needle folded, name tables matched), tested row by row.
class RowMatcher
{
public:
    RowMatcher(const AuditStore& store, const AuditFilter& filter)
        : m_store(store)
        , m_filter(filter)
        , m_text(filter.text.trimmed())
    {
        m_needle = m_text.toUtf8();
        for (char& c : m_needle)
            c = char(FoldLower[static_cast<unsigned char>(c)]);
        m_hexNeedle = isHex(m_needle);
        m_needleChars = TextChars::of(m_needle);
        m_needleHexDigits = m_hexNeedle ? TextChars::hexDigitsOf(m_needle) : 0;
        m_oneChar = m_needle.size() == 1;
        m_oneCharOwnBit = m_oneChar && TextChars::hasOwnBit(static_cast<unsigned char>(m_needle[0]));
        m_seqNeedle = m_text.toLongLong(&m_seqNeedleOk);
        m_names[int(NameColumn::Actor)] = nameMatch(store, NameColumn::Actor, filter.actor, m_text);
        m_names[int(NameColumn::Action)] = nameMatch(store, NameColumn::Action, filter.action, m_text);
        m_names[int(NameColumn::Sandbox)] = nameMatch(store, NameColumn::Sandbox, filter.sandbox, m_text);
        m_names[int(NameColumn::DecidedBy)] =
            nameMatch(store, NameColumn::DecidedBy, filter.decidedBy, m_text);
        m_anyExact = !filter.actor.isEmpty() || !filter.action.isEmpty() || !filter.sandbox.isEmpty() ||
                     !filter.decidedBy.isEmpty();
        m_timeRange = filter.fromMs != AuditRow::NoTime || filter.toMs != AuditRow::NoTime;
        m_everything =
            !m_anyExact && !m_timeRange && filter.source == AuditFilter::AnySource && m_text.isEmpty();
    }

    bool everything() const { return m_everything; }

    // Calls pass(storeRow) for each of `count` rows (the k-th is store row indexAt(k)) that passes, in
    // order. In blocks: first what each row itself tells, asking memory early for the text of the
    // rows that need it, then those rows' text, which has come in meanwhile. Row by row, each such
    // row waited for its own cache miss (most of a narrowing keystroke over a million rows).
    template <typename IndexAt, typename Pass> void each(qsizetype count, IndexAt indexAt, Pass pass) const
    {
        constexpr qsizetype Block = 32;
        Verdict verdicts[Block];
        for (qsizetype from = 0; from < count; from += Block) {
            const qsizetype n = qMin(Block, count - from);
            for (qsizetype k = 0; k < n; ++k) {
                const AuditRow& row = m_store.row(indexAt(from + k));
                verdicts[k] = m_everything ? Verdict::Passes : fromRow(row);
                if (verdicts[k] == Verdict::ReadText)
                    prefetchText(row);
            }
            for (qsizetype k = 0; k < n; ++k) {
                if (verdicts[k] == Verdict::Fails)
                    continue;
                const qsizetype index = indexAt(from + k);
                if (verdicts[k] == Verdict::Passes || fromText(m_store.row(index)))
                    pass(index);
            }
        }
    }

private:
    enum class Verdict : quint8
    {
        Fails,
        Passes,
        ReadText, // the answer is in the row's text in the arena
    };

    // Everything the row itself tells: the exact boxes, the names, SEQ and the row's character
    // bits, which leave the text in the arena unread when a character of the needle is not
    // there, and for one character that has a bit of its own (the first keystroke) altogether.
    Verdict fromRow(const AuditRow& row) const
    {
        if (m_filter.source != AuditFilter::AnySource && int(row.source) != m_filter.source)
            return Verdict::Fails;
        if (m_timeRange) {
            if (row.timeMs == AuditRow::NoTime)
                return Verdict::Fails;
            if (m_filter.fromMs != AuditRow::NoTime && row.timeMs < m_filter.fromMs)
                return Verdict::Fails;
            if (m_filter.toMs != AuditRow::NoTime && row.timeMs > m_filter.toMs)
                return Verdict::Fails;
        }
        if (m_anyExact) {
            for (int c = 0; c < int(NameColumn::Count); ++c) {
                if (!m_names[c].exact.isEmpty() && !idIn(m_names[c].exact, row.names[c]))
                    return Verdict::Fails;
            }
        }
        if (m_text.isEmpty())
            return Verdict::Passes;
        for (int c = 0; c < int(NameColumn::Count); ++c) {
            if (idIn(m_names[c].textMatch, row.names[c]))
                return Verdict::Passes;
        }
        if (m_seqNeedleOk && row.seq == m_seqNeedle)
            return Verdict::Passes;
        const bool textMay = mayHoldInText(row);
        const bool hashMay = mayHoldInHash(row);
        if ((textMay && m_oneCharOwnBit) || (hashMay && m_oneChar))
            return Verdict::Passes;
        return textMay || hashMay ? Verdict::ReadText : Verdict::Fails;
    }

    // The rest for a row fromRow() left open: the needle in the detail, the extra or (hex) the hash.
    bool fromText(const AuditRow& row) const
    {
        if (mayHoldInText(row) && (containsFolded(m_store.text(row, TextField::Detail), m_needle) ||
                                   containsFolded(m_store.text(row, TextField::Extra), m_needle)))
            return true;
        return mayHoldInHash(row) && containsFolded(m_store.text(row, TextField::Hash), m_needle);
    }

    bool mayHoldInText(const AuditRow& row) const { return (row.textChars & m_needleChars) == m_needleChars; }
    bool mayHoldInHash(const AuditRow& row) const
    {
        return m_hexNeedle && (row.hashHexDigits & m_needleHexDigits) == m_needleHexDigits;
    }

    // The cache lines fromText() reads first: the detail's (and for hex text the hash's, which
    // follows it). Lines it may not need would only take memory bandwidth from the scan.
    void prefetchText(const AuditRow& row) const
    {
#if defined(__GNUC__) || defined(__clang__)
        const QByteArrayView detail = m_store.text(row, TextField::Detail);
        const qsizetype reach =
            m_hexNeedle ? detail.size() + m_store.text(row, TextField::Hash).size() : detail.size();
        for (qsizetype at = 0; at < reach; at += 64)
            __builtin_prefetch(detail.data() + at);
        if (reach > 0)
            __builtin_prefetch(detail.data() + reach - 1); // the line the text ends in
#else
        Q_UNUSED(row);
#endif
    }

    const AuditStore& m_store;
    const AuditFilter& m_filter;
    const QString m_text;
    QByteArray m_needle;
    quint64 m_needleChars = 0;     // TextChars::of(m_needle)
    quint16 m_needleHexDigits = 0; // TextChars::hexDigitsOf(m_needle) when it is hex
    bool m_oneChar = false;
    bool m_oneCharOwnBit = false; // one character whose bit says whether a text holds it
    bool m_hexNeedle = false;
    bool m_seqNeedleOk = false;
    qint64 m_seqNeedle = 0;
    NameMatch m_names[int(NameColumn::Count)];
    bool m_anyExact = false;
    bool m_timeRange = false;
    bool m_everything = false;
};

namespace {

// Rows [from, to) of `store` that pass, each appended to the list of its source: the time merge
// needs them apart, and this pass reads each row anyway (splitting them afterwards read every
// matched row a second time).
void matchBySource(const AuditStore& store, const RowMatcher& matches, qsizetype from, qsizetype to,
                   QList<qint32>* kosa8Rows, QList<qint32>* deskRows)
{
    matches.each(
        to - from, [from](qsizetype k) { return from + k; },
        [&](qsizetype index) {
            (store.row(index).source == Source::Kosa8 ? kosa8Rows : deskRows)->append(qint32(index));
        });
}

} // namespace

QList<qint32> AuditFilterEngine::match(const AuditStore& store, qsizetype from, qsizetype to,
                                       const AuditFilter& filter, const std::atomic<bool>* cancelled,
                                       bool* wasCancelled)
{
    if (wasCancelled)
        *wasCancelled = false;
    const RowMatcher matches(store, filter);
    QList<qint32> rows;
    rows.reserve(matches.everything() ? to - from : qMin<qsizetype>(to - from, 65536));
    for (qsizetype slice = from; slice < to; slice += CancelCheckEvery) {
        if (cancelled && cancelled->load(std::memory_order_relaxed)) {
            if (wasCancelled)
                *wasCancelled = true;
            return rows;
        }
        matches.each(
            qMin(CancelCheckEvery, to - slice), [slice](qsizetype k) { return slice + k; },
            [&rows](qsizetype index) { rows.append(qint32(index)); });
    }
    return rows;
}

QList<qint32> AuditFilterEngine::matchWithin(const AuditStore& store, const QList<qint32>& candidates,
                                             const AuditFilter& filter)
{
    const RowMatcher matches(store, filter);
    QList<qint32> rows;
    rows.reserve(qMin<qsizetype>(candidates.size(), 65536));
    matches.each(
        candidates.size(), [&candidates](qsizetype k) { return qsizetype(candidates[k]); },
        [&rows](qsizetype index) { rows.append(qint32(index)); });
    return rows;
}

bool AuditFilterEngine::narrows(const AuditFilter& before, const AuditFilter& after)
{
    AuditFilter same = after;
    same.text = before.text;
    if (!(same == before))
        return false;
    const QString was = before.text.trimmed();
    const QString now = after.text.trimmed();
    if (was.isEmpty())
        return false; // nothing to narrow: the full pass is as cheap
    // A number also matches SEQ exactly, which longer text does not keep; letters fold ASCII-wise
    // only in the detail, so only ASCII text is narrowed.
    bool number = false;
    now.toLongLong(&number);
    for (const QChar c : now) {
        if (c.unicode() >= 0x80)
            return false;
    }
    return !number && now.toLower().contains(was.toLower());
}

namespace {

// The label after `key` in `text` up to the next `end` character ("label=before-w1-…" in kosa8's
// detail, "checkpoint": "before-w1-…" in the ledger's line); empty when absent.
QByteArrayView valueAfter(QByteArrayView text, QByteArrayView key, char end)
{
    const qsizetype at = text.indexOf(key);
    if (at < 0)
        return {};
    qsizetype from = at + key.size();
    while (from < text.size() && text.at(from) == ' ')
        ++from;
    if (end == '"') {
        if (from >= text.size() || text.at(from) != '"')
            return {};
        ++from;
    }
    qsizetype to = from;
    while (to < text.size() && text.at(to) != end && text.at(to) != '\n')
        ++to;
    return text.sliced(from, to - from);
}

// In time order, a run's decision in the app's ledger can come after kosa8's record of the
// run it caused: the ledger writes the decision when the run's answer leaves, and kosa8's times
// are whole seconds. The checkpoint label taken before the run links the two (the app makes it
// per run): a decision is moved to just before kosa8's checkpoint.create of its label when that
// came earlier. Nothing moves later, and rows without a label keep their place.
void placeDecisionsBeforeTheirRuns(const AuditStore& store, QList<qint32>* rows)
{
    const quint32 checkpointAction = store.nameId(NameColumn::Action, QStringLiteral("checkpoint.create"));
    if (checkpointAction == 0)
        return;
    QHash<QByteArrayView, qsizetype> checkpointAt; // label -> position in *rows
    for (qsizetype i = 0; i < rows->size(); ++i) {
        const AuditRow& row = store.row(rows->at(i));
        if (row.source != Source::Kosa8 || row.names[int(NameColumn::Action)] != checkpointAction)
            continue;
        const QByteArrayView label = valueAfter(store.text(row, TextField::Detail), "label=", ' ');
        if (!label.isEmpty() && !checkpointAt.contains(label))
            checkpointAt.insert(label, i);
    }
    if (checkpointAt.isEmpty())
        return;
    // Decisions to place before a position, in their own order; their old places are skipped.
    QHash<qsizetype, QList<qint32>> before;
    QSet<qsizetype> moved;
    for (qsizetype i = 0; i < rows->size(); ++i) {
        const AuditRow& row = store.row(rows->at(i));
        if (row.source != Source::Desk)
            continue;
        const QByteArrayView label = valueAfter(store.text(row, TextField::Extra), "\"checkpoint\":", '"');
        const auto anchor = label.isEmpty() ? checkpointAt.constEnd() : checkpointAt.constFind(label);
        if (anchor == checkpointAt.constEnd() || anchor.value() >= i)
            continue;
        before[anchor.value()].append(rows->at(i));
        moved.insert(i);
    }
    if (moved.isEmpty())
        return;
    QList<qint32> placed;
    placed.reserve(rows->size());
    for (qsizetype i = 0; i < rows->size(); ++i) {
        if (const auto decisions = before.constFind(i); decisions != before.constEnd())
            placed.append(decisions.value());
        if (!moved.contains(i))
            placed.append(rows->at(i));
    }
    *rows = std::move(placed);
}

} // namespace

void AuditFilterEngine::sort(const AuditStore& store, QList<qint32>* rows, const AuditSort& sort)
{
    QList<qint32> kosa8Rows;
    QList<qint32> deskRows;
    kosa8Rows.reserve(rows->size());
    for (const qint32 r : std::as_const(*rows)) {
        if (store.row(r).source == Source::Kosa8)
            kosa8Rows.append(r);
        else
            deskRows.append(r);
    }
    *rows = sorted(store, std::move(kosa8Rows), std::move(deskRows), sort);
}

QList<qint32> AuditFilterEngine::sorted(const AuditStore& store, QList<qint32> kosa8Rows,
                                        QList<qint32> deskRows, const AuditSort& sort)
{
    auto timeLess = [&store](qint32 a, qint32 b) {
        const AuditRow& ra = store.row(a);
        const AuditRow& rb = store.row(b);
        if (ra.timeMs != rb.timeMs)
            return ra.timeMs < rb.timeMs;
        if (ra.source != rb.source)
            return ra.source == Source::Desk; // same moment: the decision reads before the run
        return ra.seq < rb.seq;
    };

    // Time order first: each source's rows came in time order (usually), so merging the two runs
    // is linear; a source out of order is sorted.
    if (!store.timeOrdered(Source::Kosa8))
        std::stable_sort(kosa8Rows.begin(), kosa8Rows.end(), timeLess);
    if (!store.timeOrdered(Source::Desk))
        std::stable_sort(deskRows.begin(), deskRows.end(), timeLess);
    QList<qint32> result;
    if (deskRows.isEmpty()) {
        result = std::move(kosa8Rows);
    } else if (kosa8Rows.isEmpty()) {
        result = std::move(deskRows);
    } else {
        result.resize(kosa8Rows.size() + deskRows.size());
        std::merge(kosa8Rows.begin(), kosa8Rows.end(), deskRows.begin(), deskRows.end(), result.begin(),
                   timeLess);
        placeDecisionsBeforeTheirRuns(store, &result);
    }

    const bool descending = sort.order == Qt::DescendingOrder;
    if (sort.column == AuditColumn::Time) {
        if (descending)
            std::reverse(result.begin(), result.end());
        return result;
    }

    // Other columns: a stable sort on the time-ordered rows keeps time as the tie-break.
    auto nameRanks = [&store](NameColumn column) {
        const QStringList names = store.names(column);
        QList<qint32> order(names.size());
        for (qsizetype i = 0; i < order.size(); ++i)
            order[i] = qint32(i);
        std::sort(order.begin(), order.end(), [&names](qint32 a, qint32 b) {
            return QString::compare(names[a], names[b], Qt::CaseInsensitive) < 0;
        });
        QList<qint32> rank(names.size());
        for (qsizetype i = 0; i < order.size(); ++i)
            rank[order[i]] = qint32(i);
        return rank;
    };
    std::function<int(qint32, qint32)> compare;
    switch (sort.column) {
    case AuditColumn::Source:
        compare = [&store](qint32 a, qint32 b) {
            return int(store.row(a).source) - int(store.row(b).source);
        };
        break;
    case AuditColumn::Seq:
        compare = [&store](qint32 a, qint32 b) {
            const qint64 sa = store.row(a).seq;
            const qint64 sb = store.row(b).seq;
            return sa < sb ? -1 : (sa > sb ? 1 : 0);
        };
        break;
    case AuditColumn::Actor:
    case AuditColumn::Action:
    case AuditColumn::Sandbox:
    case AuditColumn::DecidedBy: {
        const NameColumn column = sort.column == AuditColumn::Actor     ? NameColumn::Actor
                                  : sort.column == AuditColumn::Action  ? NameColumn::Action
                                  : sort.column == AuditColumn::Sandbox ? NameColumn::Sandbox
                                                                        : NameColumn::DecidedBy;
        compare = [&store, column, rank = nameRanks(column)](qint32 a, qint32 b) {
            const quint32 ia = store.row(a).names[int(column)];
            const quint32 ib = store.row(b).names[int(column)];
            const qint32 ra = qsizetype(ia) < rank.size() ? rank[ia] : qint32(ia);
            const qint32 rb = qsizetype(ib) < rank.size() ? rank[ib] : qint32(ib);
            return ra - rb;
        };
        break;
    }
    case AuditColumn::Detail:
    case AuditColumn::Hash: {
        const TextField field = sort.column == AuditColumn::Detail ? TextField::Detail : TextField::Hash;
        compare = [&store, field](qint32 a, qint32 b) {
            return store.text(a, field).compare(store.text(b, field));
        };
        break;
    }
    case AuditColumn::Agent:
    case AuditColumn::Title:
    case AuditColumn::Method:
    case AuditColumn::Decision:
    case AuditColumn::DecidedByText:
    case AuditColumn::Where:
    case AuditColumn::Reason:
        // Read from each entry's ledger line: meant for the inbox's decisions, not a million rows.
        compare = [&store, column = sort.column](qint32 a, qint32 b) {
            return DecisionFields::cellText(store, a, column)
                .compare(DecisionFields::cellText(store, b, column), Qt::CaseInsensitive);
        };
        break;
    case AuditColumn::Time:
    case AuditColumn::Count:
        return result;
    }
    if (descending)
        std::stable_sort(result.begin(), result.end(),
                         [&compare](qint32 a, qint32 b) { return compare(a, b) > 0; });
    else
        std::stable_sort(result.begin(), result.end(),
                         [&compare](qint32 a, qint32 b) { return compare(a, b) < 0; });
    return result;
}

// ---------------------------------------------------------------------------------------------

namespace {

class FilterWorker : public QObject
{
    Q_OBJECT
public:
    explicit FilterWorker(std::shared_ptr<std::atomic<quint64>> newest)
        : m_newest(std::move(newest))
    {}

    // Runs on the worker thread; skipped when a newer request came in meanwhile.
    void run(quint64 generation, const std::shared_ptr<const AuditStore>& store, qsizetype count,
             const AuditFilter& filter, const AuditSort& sort, const QList<qint32>& within, bool refine)
    {
        QElapsedTimer clock;
        clock.start();
        // The store publishes its rows by the release-store of its row count (AuditStore.h); this
        // thread reads them only after loading that count itself. The count in the request was
        // loaded on the requesting thread, and the queued call that carried it orders nothing
        // the store's writer did (ThreadSanitizer reported these reads racing the parse thread's
        // writes in tst_auditloader's streamsTableIntoTheModel).
        count = qMin(count, store->rowCount());
        if (m_newest->load() != generation) {
            Q_EMIT done(generation, {}, false, 0);
            return;
        }
        if (refine) {
            // Rows of a wider filter, already in display order: keep those that still pass.
            QList<qint32> rows = AuditFilterEngine::matchWithin(*store, within, filter);
            const bool current = m_newest->load() == generation;
            Q_EMIT done(generation, current ? rows : QList<qint32>(), current, clock.elapsed());
            return;
        }
        bool wasCancelled = false;
        const RowMatcher matches(*store, filter);
        QList<qint32> kosa8Rows;
        QList<qint32> deskRows;
        // Match in slices so a newer request is noticed between them.
        const qsizetype slice = 1 << 16;
        for (qsizetype from = 0; from < count; from += slice) {
            if (m_newest->load() != generation) {
                wasCancelled = true;
                break;
            }
            matchBySource(*store, matches, from, qMin(count, from + slice), &kosa8Rows, &deskRows);
        }
        QList<qint32> rows;
        if (!wasCancelled && m_newest->load() == generation)
            rows = AuditFilterEngine::sorted(*store, std::move(kosa8Rows), std::move(deskRows), sort);
        const bool current = !wasCancelled && m_newest->load() == generation;
        Q_EMIT done(generation, current ? rows : QList<qint32>(), current, clock.elapsed());
    }

Q_SIGNALS:
    void done(quint64 generation, const QList<qint32>& rows, bool current, qint64 elapsedMs);

private:
    std::shared_ptr<std::atomic<quint64>> m_newest;
};

} // namespace

AuditFilterRunner::AuditFilterRunner(QObject* parent)
    : QObject(parent)
    , m_thread(new QThread(this))
    , m_newest(std::make_shared<std::atomic<quint64>>(0))
{
    qRegisterMetaType<QList<qint32>>();
    auto* worker = new FilterWorker(m_newest);
    m_worker = worker;
    worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &FilterWorker::done, this,
            [this](quint64 generation, const QList<qint32>& rows, bool current, qint64 elapsedMs) {
                --m_pending;
                if (current && generation == m_generation)
                    Q_EMIT finished(generation, rows, elapsedMs);
            });
    m_thread->setObjectName(QStringLiteral("history-filter"));
    m_thread->start();
}

AuditFilterRunner::~AuditFilterRunner()
{
    m_newest->store(quint64(-1));
    m_thread->quit();
    m_thread->wait();
}

void AuditFilterRunner::cancel()
{
    m_newest->store(++m_generation);
}

quint64 AuditFilterRunner::request(std::shared_ptr<const AuditStore> store, qsizetype count,
                                   const AuditFilter& filter, const AuditSort& sort)
{
    return request(std::move(store), count, filter, sort, {}, false);
}

quint64 AuditFilterRunner::refine(std::shared_ptr<const AuditStore> store, const QList<qint32>& within,
                                  const AuditFilter& filter)
{
    return request(std::move(store), 0, filter, {}, within, true);
}

quint64 AuditFilterRunner::request(std::shared_ptr<const AuditStore> store, qsizetype count,
                                   const AuditFilter& filter, const AuditSort& sort,
                                   const QList<qint32>& within, bool refine)
{
    const quint64 generation = ++m_generation;
    m_newest->store(generation);
    ++m_pending;
    auto* worker = static_cast<FilterWorker*>(m_worker);
    QMetaObject::invokeMethod(
        worker,
        [worker, generation, store, count, filter, sort, within, refine] {
            worker->run(generation, store, count, filter, sort, within, refine);
        },
        Qt::QueuedConnection);
    return generation;
}

} // namespace k8::history

#include "AuditFilter.moc"
