// SPDX-License-Identifier: Apache-2.0
#include "agent/runs/OutputPieces.h"

#include <QStringDecoder>

#include <array>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace k8::agent {

namespace {

// UTF-8 bytes of `count` UTF-16 units, a surrogate half counted as two: a pair is its four bytes,
// a lone half (decoded output never holds one) more than the '?' toUtf8() writes for it. No branch
// on the characters: for output that is not ASCII (bytes that were not UTF-8 decode to U+FFFD
// between ASCII at random) branching on each took 3.5 ns a character, this 1 ns.
qsizetype unitsSize(const char16_t* units, qsizetype count)
{
    qsizetype bytes = count;
    for (qsizetype i = 0; i < count; ++i) {
        const char16_t c = units[i];
        bytes += qsizetype(c >= 0x80) + qsizetype(c >= 0x800) - qsizetype((c & 0xF800) == 0xD800);
    }
    return bytes;
}

// UTF-8 bytes of the character that starts at units[i] and how many UTF-16 units it spans.
struct Unit
{
    qsizetype bytes;
    qsizetype units;
};

Unit unitAt(const char16_t* units, qsizetype i, qsizetype size)
{
    if (QChar::isHighSurrogate(units[i]) && i + 1 < size && QChar::isLowSurrogate(units[i + 1]))
        return {4, 2};
    return {unitsSize(units + i, 1), 1};
}

// What a byte says of the sequence it starts: its length (1 for ASCII, 0 for bytes that start
// none: 0x80..0xC1 and 0xF5..) and the range of the byte after it. The ranges are Unicode's table
// of well-formed sequences: the second byte's range rules out overlong forms (after 0xE0, 0xF0),
// surrogates (after 0xED) and code points past U+10FFFF (after 0xF4). Noncharacters such as
// U+FFFE are well-formed and kept, as Qt keeps them.
struct alignas(4) LeadByte // four bytes: one load
{
    unsigned char length = 0;
    unsigned char secondLow = 0x80;
    unsigned char secondSpan = 0xBF - 0x80; // the highest second byte, less secondLow
};

constexpr std::array<LeadByte, 256> LeadBytes = [] {
    std::array<LeadByte, 256> table{};
    for (int byte = 0; byte < 0x80; ++byte)
        table[byte].length = 1;
    for (int byte = 0xC2; byte <= 0xDF; ++byte)
        table[byte].length = 2;
    for (int byte = 0xE0; byte <= 0xEF; ++byte)
        table[byte].length = 3;
    for (int byte = 0xF0; byte <= 0xF4; ++byte)
        table[byte].length = 4;
    table[0xE0] = {3, 0xA0, 0xBF - 0xA0};
    table[0xED] = {3, 0x80, 0x9F - 0x80};
    table[0xF0] = {4, 0x90, 0xBF - 0x90};
    table[0xF4] = {4, 0x80, 0x8F - 0x80};
    return table;
}();

// Bytes in the well-formed sequence at `at`, which has four bytes to read (a shorter end is padded
// with zero bytes, which continue nothing), or 0 when none starts there. Without a branch on the
// bytes: in output that is not UTF-8, whether a byte is ASCII, starts a sequence or breaks one is
// a coin toss, and a mispredicted branch for nearly every byte cost more than all the rest. (So
// bitwise, not && and ||, which compilers turn into branches here.)
Q_ALWAYS_INLINE unsigned sequenceLength(const unsigned char* at)
{
    const LeadByte lead = LeadBytes[at[0]];
    const unsigned second =
        unsigned(unsigned(at[1] - lead.secondLow) <= lead.secondSpan) | unsigned(lead.length < 2);
    const unsigned third = unsigned((at[2] & 0xC0) == 0x80) | unsigned(lead.length < 3);
    const unsigned fourth = unsigned((at[3] & 0xC0) == 0x80) | unsigned(lead.length < 4);
    return lead.length * (second & third & fourth);
}

#if defined(__SSE2__)
// Unsigned lo <= byte <= hi, for each of sixteen bytes (SSE2 compares bytes as signed).
__m128i between(__m128i bytes, unsigned char lo, unsigned char hi)
{
    const __m128i shifted = _mm_sub_epi8(bytes, _mm_set1_epi8(char(lo)));
    const __m128i span = _mm_set1_epi8(char(hi - lo));
    return _mm_cmpeq_epi8(_mm_min_epu8(shifted, span), shifted);
}

__m128i equals(__m128i bytes, unsigned char value)
{
    return _mm_cmpeq_epi8(bytes, _mm_set1_epi8(char(value)));
}

// Which of the sixteen bytes at `at` start a well-formed sequence of one byte (ASCII), of two or
// more, of three or more and of four, a bit each (`at` has nineteen bytes to read): the rules of
// sequenceLength() on sixteen bytes at once.
struct SequenceStarts
{
    unsigned ascii;
    unsigned twoOrMore;
    unsigned threeOrMore;
    unsigned four;
};

SequenceStarts sequenceStarts(const unsigned char* at)
{
    const auto load = [at](int offset) {
        return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at + offset));
    };
    const __m128i lead = load(0);
    const __m128i second = load(1);
    const __m128i continuation = _mm_set1_epi8(char(0x80));
    const __m128i topBits = _mm_set1_epi8(char(0xC0));
    const auto continues = [&](__m128i bytes) {
        return _mm_cmpeq_epi8(_mm_and_si128(bytes, topBits), continuation);
    };
    // The second byte's range after the four leads whose range is narrower (LeadBytes).
    const __m128i outOfRange =
        _mm_or_si128(_mm_or_si128(_mm_and_si128(equals(lead, 0xE0), between(second, 0x80, 0x9F)),
                                  _mm_and_si128(equals(lead, 0xED), between(second, 0xA0, 0xBF))),
                     _mm_or_si128(_mm_and_si128(equals(lead, 0xF0), between(second, 0x80, 0x8F)),
                                  _mm_and_si128(equals(lead, 0xF4), between(second, 0x90, 0xBF))));
    const __m128i secondFits = _mm_andnot_si128(outOfRange, continues(second));
    const __m128i thirdFits = _mm_and_si128(secondFits, continues(load(2)));
    const __m128i fourthFits = _mm_and_si128(thirdFits, continues(load(3)));
    const __m128i two = _mm_and_si128(between(lead, 0xC2, 0xDF), secondFits);
    const __m128i three = _mm_and_si128(between(lead, 0xE0, 0xEF), thirdFits);
    const __m128i four = _mm_and_si128(between(lead, 0xF0, 0xF4), fourthFits);
    const auto bits = [](__m128i lanes) { return unsigned(_mm_movemask_epi8(lanes)); };
    return {bits(_mm_cmplt_epi8(lead, _mm_setzero_si128())) ^ 0xFFFFu,
            bits(_mm_or_si128(two, _mm_or_si128(three, four))), bits(_mm_or_si128(three, four)), bits(four)};
}
#endif

} // namespace

qsizetype utf8Size(QStringView text)
{
    // Run output is mostly ASCII, which Qt checks many characters at a time.
    if (QtPrivate::isAscii(text))
        return text.size();
    return unitsSize(text.utf16(), text.size());
}

QStringList splitUtf8Pieces(const QString& text, qsizetype maxUtf8Bytes)
{
    QStringList pieces;
    // Fast path: a piece of ASCII or short text is the common case.
    if (text.size() * 3 <= maxUtf8Bytes || (text.size() <= maxUtf8Bytes && QtPrivate::isAscii(text))) {
        if (!text.isEmpty())
            pieces.append(text);
        return pieces;
    }
    const char16_t* units = QStringView(text).utf16();
    const qsizetype size = text.size();
    qsizetype start = 0;
    while (start < size) {
        qsizetype end = start;
        qsizetype bytes = 0;
        // As many bytes as fit, found in stretches that surely fit (no unit is more than three
        // bytes), each counted in one pass: the room left shrinks by a third or more each time.
        while (end < size) {
            qsizetype take = qMin((maxUtf8Bytes - bytes) / 3, size - end);
            if (take > 0 && end + take < size && QChar::isHighSurrogate(units[end + take - 1]) &&
                QChar::isLowSurrogate(units[end + take]))
                --take; // never between the halves of a pair
            if (take <= 0)
                break;
            bytes += unitsSize(units + end, take);
            end += take;
        }
        // Then character by character up to the limit (at least one character per piece).
        while (end < size) {
            const Unit unit = unitAt(units, end, size);
            if (bytes + unit.bytes > maxUtf8Bytes && end > start)
                break;
            bytes += unit.bytes;
            end += unit.units;
        }
        pieces.append(text.mid(start, end - start));
        start = end;
    }
    return pieces;
}

qsizetype wholeUtf8Length(QByteArrayView bytes)
{
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    const qsizetype size = bytes.size();
    // The last lead byte within three of the end, and whether what follows it is all of its
    // sequence. A byte that leads no sequence (ASCII, 0xC0, 0xC1, 0xF5..) needs nothing after it.
    for (qsizetype back = 1; back <= 3 && back <= size; ++back) {
        const unsigned char c = data[size - back];
        if ((c & 0xC0) == 0x80)
            continue; // a continuation byte: its lead is further back
        const qsizetype needs = qMax<qsizetype>(1, LeadBytes[c].length);
        return needs > back ? size - back : size;
    }
    return size;
}

QString decodeUtf8Piece(QByteArrayView bytes)
{
    // Stateless: a lead byte at the end (its sequence broken by the next byte, which was held back
    // for the next piece) is U+FFFD now, as the stream decoded whole has it; a decoder with state
    // would keep it for input that never comes.
    QStringDecoder decoder(QStringDecoder::Utf8,
                           QStringDecoder::Flag::ConvertInitialBom | QStringDecoder::Flag::Stateless);
    return decoder.decode(bytes);
}

QByteArray replaceInvalidUtf8(QByteArrayView bytes)
{
    // Qt's decoder walks from sequence to sequence: a well-formed one is kept, and a byte that
    // starts none becomes U+FFFD, after which it looks at the next byte afresh (a broken sequence
    // is one U+FFFD per byte, and the byte that broke it may start a sequence itself). Walked like
    // that, each step waits for the one before. But well-formed sequences never overlap (the bytes
    // after a lead are continuation bytes, which start none), so the walk reaches every one of
    // them, and a byte is kept exactly when a well-formed sequence starting on it or up to three
    // bytes before covers it: decided for each byte on its own, sixteen at a time with SSE2.
    // Random bytes cost about 1.4 ns a byte here (4.5 ns one at a time), 11 ns decoded into UTF-16
    // and encoded back.
    const auto* from = reinterpret_cast<const unsigned char*>(bytes.data());
    const qsizetype size = bytes.size();
    // Every byte U+FFFD at most, and room for the bytes written past the end.
    QByteArray out(size * 3 + 16, Qt::Uninitialized);
    auto* to = reinterpret_cast<unsigned char*>(out.data());
    // Writes `byte` when it is kept, U+FFFD when not.
    const auto keepOrReplace = [&to](unsigned char byte, unsigned kept) {
        // Blended, not chosen: a branch here is mispredicted as often as not.
        const auto keep = static_cast<unsigned char>(0u - kept);
        to[0] = static_cast<unsigned char>((byte & keep) | (0xEF & ~keep));
        to[1] = 0xBF;
        to[2] = 0xBD;
        to += 3 - 2 * kept;
    };
    // The well-formed sequence at `at`, when it has fewer than four bytes to read as well.
    const auto lengthAt = [from, size](qsizetype at) -> unsigned {
        if (at < 0)
            return 0;
        if (at + 4 <= size)
            return sequenceLength(from + at);
        unsigned char end[4] = {}; // padded with bytes that continue nothing
        std::memcpy(end, from + at, size_t(size - at));
        return sequenceLength(end);
    };
    qsizetype i = 0;
#if defined(__SSE2__)
    // Sixteen bytes a step: which of them are kept, as bits; a sequence that starts in the last
    // three bytes of a step covers the first bytes of the next.
    unsigned coveredFromBefore = 0;
    for (; i + 19 <= size; i += 16) {
        const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + i));
        if (_mm_movemask_epi8(chunk) == 0) { // ASCII only: nothing before covers it, nor it after
            _mm_storeu_si128(reinterpret_cast<__m128i*>(to), chunk);
            to += 16;
            coveredFromBefore = 0;
            continue;
        }
        const SequenceStarts starts = sequenceStarts(from + i);
        const unsigned kept = (starts.ascii | starts.twoOrMore | starts.twoOrMore << 1 |
                               starts.threeOrMore << 2 | starts.four << 3 | coveredFromBefore) &
                              0xFFFFu;
        coveredFromBefore = starts.twoOrMore >> 15 | starts.threeOrMore >> 14 | starts.four >> 13;
        if (kept == 0xFFFFu) {
            std::memcpy(to, from + i, 16);
            to += 16;
            continue;
        }
        for (int k = 0; k < 16; ++k)
            keepOrReplace(from[i + k], (kept >> k) & 1u);
    }
#endif
    // Byte by byte (the end, or everywhere without SSE2): the sequences at the three bytes before.
    unsigned back1 = lengthAt(i - 1);
    unsigned back2 = lengthAt(i - 2);
    unsigned back3 = lengthAt(i - 3);
    for (; i < size; ++i) {
        const unsigned length = lengthAt(i);
        keepOrReplace(from[i], unsigned(length >= 1) | unsigned(back1 >= 2) | unsigned(back2 >= 3) |
                                   unsigned(back3 >= 4));
        back3 = back2;
        back2 = back1;
        back1 = length;
    }
    out.truncate(reinterpret_cast<char*>(to) - out.constData());
    return out;
}

qsizetype countLineEnds(QByteArrayView bytes)
{
    const char* data = bytes.data();
    const qsizetype size = bytes.size();
    qsizetype count = 0;
    qsizetype i = 0;
#if defined(__SSE2__)
    // Sixteen bytes a step (every x86-64 has SSE2): about 0.03 ns a byte.
    // Each byte lane counts its matches (a match compares as -1) for at most 255 steps, then
    // the lanes are summed.
    const __m128i newline = _mm_set1_epi8('\n');
    while (i + 16 <= size) {
        __m128i lanes = _mm_setzero_si128();
        for (int step = 0; step < 255 && i + 16 <= size; ++step, i += 16) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(chunk, newline));
        }
        const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
        count += _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
#else
    // Eight bytes a step elsewhere.
    constexpr std::uint64_t Ones = 0x0101010101010101ULL;
    constexpr std::uint64_t Low7 = 0x7F7F7F7F7F7F7F7FULL;
    for (; i + 8 <= size; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, data + i, 8);
        const std::uint64_t x = word ^ (Ones * '\n'); // a zero byte where there was a '\n'
        // High bit set in each byte that is not zero, exactly (no carry between bytes).
        const std::uint64_t nonZero = ((x & Low7) + Low7) | x;
        const std::uint64_t zeros = (~nonZero >> 7) & Ones;
        count += qsizetype((zeros * Ones) >> 56);
    }
#endif
    for (; i < size; ++i)
        count += data[i] == '\n';
    return count;
}

qsizetype afterLineEnds(QByteArrayView bytes, qsizetype count)
{
    const char* data = bytes.data();
    qsizetype at = 0;
    for (qsizetype n = 0; n < count; ++n) {
        const void* found = std::memchr(data + at, '\n', size_t(bytes.size() - at));
        if (!found)
            return -1;
        at = static_cast<const char*>(found) - data + 1;
    }
    return at;
}

} // namespace k8::agent
