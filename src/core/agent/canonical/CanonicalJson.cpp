// SPDX-License-Identifier: Apache-2.0
#include "agent/canonical/CanonicalJson.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace k8::agent {

namespace {

void appendCanonical(const QJsonValue& value, QByteArray* out, bool* exact);

// How many bytes a code unit takes in canonical JSON: 1, 2 for the short escapes, 6 for \u00XX.
template <typename Unit> int escapedWidth(Unit unit)
{
    const auto c = static_cast<unsigned int>(unit);
    if (c >= 0x20)
        return c == '"' || c == '\\' ? 2 : 1;
    switch (c) {
    case '\b':
    case '\f':
    case '\n':
    case '\r':
    case '\t':
        return 2;
    default:
        return 6;
    }
}

// Writes `size` units (ASCII from UTF-16, or UTF-8 bytes) escaped into `to`, which has room.
template <typename Unit> constexpr char* writeEscaped(const Unit* units, qsizetype size, char* to)
{
    constexpr char hexDigits[] = "0123456789abcdef";
    for (qsizetype i = 0; i < size; ++i) {
        const auto c = static_cast<unsigned int>(units[i]);
        if (c >= 0x20 && c != '"' && c != '\\') {
            *to++ = static_cast<char>(c);
            continue;
        }
        *to++ = '\\';
        switch (c) {
        case '"':
        case '\\':
            *to++ = static_cast<char>(c);
            break;
        case '\b':
            *to++ = 'b';
            break;
        case '\f':
            *to++ = 'f';
            break;
        case '\n':
            *to++ = 'n';
            break;
        case '\r':
            *to++ = 'r';
            break;
        case '\t':
            *to++ = 't';
            break;
        default:
            *to++ = 'u';
            *to++ = '0';
            *to++ = '0';
            *to++ = hexDigits[c >> 4];
            *to++ = hexDigits[c & 0xf];
        }
    }
    return to;
}

// Sizes the output once and writes straight into it: byte-by-byte appends were most of the cost
// of hashing a payload and of writing a ledger line.
template <typename Unit>
void appendEscapedQuoted(const Unit* units, qsizetype size, qsizetype width, QByteArray* out)
{
    const qsizetype start = out->size();
    out->resize(start + width + 2);
    char* to = out->data() + start;
    *to++ = '"';
    to = writeEscaped(units, size, to);
    *to = '"';
}

template <typename Unit> qsizetype escapedSize(const Unit* units, qsizetype size)
{
    qsizetype width = 0;
    for (qsizetype i = 0; i < size; ++i)
        width += escapedWidth(units[i]);
    return width;
}

// Each byte as canonical JSON writes it inside a string, in eight bytes (at most six of text and
// its length last): written a whole word at a time and advanced by the length, with no branch on
// the byte. Output that is not UTF-8 reaches the agent with a byte to escape in nearly every
// sixteen (control characters among the random bytes), where one branch per byte was the cost.
struct EscapedByte
{
    char text[7];
    unsigned char length;
};
static_assert(sizeof(EscapedByte) == 8);

constexpr std::array<EscapedByte, 256> EscapedBytes = [] {
    std::array<EscapedByte, 256> table{};
    for (int byte = 0; byte < 256; ++byte) {
        const char unit = static_cast<char>(byte);
        EscapedByte& entry = table[byte];
        entry.length = static_cast<unsigned char>(writeEscaped(&unit, 1, entry.text) - entry.text);
    }
    return table;
}();

// True when the UTF-16 text holds a surrogate that is not part of a pair (it has no UTF-8 form).
bool hasLoneSurrogate(const char16_t* units, qsizetype size)
{
    for (qsizetype i = 0; i < size; ++i) {
        if (!QChar::isSurrogate(units[i]))
            continue;
        if (QChar::isHighSurrogate(units[i]) && i + 1 < size && QChar::isLowSurrogate(units[i + 1])) {
            ++i;
            continue;
        }
        return true;
    }
    return false;
}

// `exact`, when given, is cleared for a string with a lone surrogate (written as '?').
void appendCanonicalString(QStringView text, QByteArray* out, bool* exact = nullptr)
{
    const char16_t* units = text.utf16();
    const qsizetype size = text.size();
    // One pass learns both whether the text is ASCII and its escaped width: run output answered
    // whole (megabytes) made every extra pass over it count.
    qsizetype width = 0;
    char16_t bits = 0;
    for (qsizetype i = 0; i < size; ++i) {
        bits |= units[i];
        width += escapedWidth(units[i]);
    }
    if (bits < 0x80) {
        appendEscapedQuoted(units, size, width, out); // ASCII is its own UTF-8
        return;
    }
    if (exact && *exact && hasLoneSurrogate(units, size))
        *exact = false;
    const QByteArray utf8 = text.toUtf8();
    appendEscapedQuoted(utf8.constData(), utf8.size(), escapedSize(utf8.constData(), utf8.size()), out);
}

// ECMAScript's Number-to-string, which RFC 8785 (section 3.2.2.3) prescribes: the shortest digits
// that read back as the same double, written plainly from 1e-6 up to below 1e21 and with an
// exponent ("1e-7", "1.5e+300") outside that range. `exact`, when given, is cleared for an integer
// of 2^53 or more, which JSON readers do not all read alike (ActionBinding::exact).
void appendCanonicalNumber(double number, QByteArray* out, bool* exact)
{
    if (!std::isfinite(number)) {
        out->append("null"); // JSON has no NaN or infinity; QJsonValue never holds them from parsing
        return;
    }
    if (std::floor(number) == number && std::fabs(number) < 9007199254740992.0) {
        out->append(QByteArray::number(static_cast<qint64>(number))); // also turns -0 into 0
        return;
    }
    if (exact && std::floor(number) == number)
        *exact = false;
    // "d.ddde±x": the shortest round-trip digits and the decimal exponent.
    const QByteArray scientific =
        QString::number(std::fabs(number), 'e', QLocale::FloatingPointShortest).toLatin1();
    const qsizetype e = scientific.indexOf('e');
    QByteArray digits = scientific.left(e);
    digits.replace(".", "");
    while (digits.size() > 1 && digits.endsWith('0'))
        digits.chop(1);
    const QByteArray exponentText = scientific.mid(e + 1);
    int exponent = 0;
    for (const char c : exponentText) {
        if (c >= '0' && c <= '9')
            exponent = exponent * 10 + (c - '0');
    }
    if (exponentText.startsWith('-'))
        exponent = -exponent;
    const int k = int(digits.size());
    const int n = exponent + 1; // the decimal point sits after n digits
    if (number < 0)
        out->append('-');
    if (k <= n && n <= 21) {
        out->append(digits);
        out->append(QByteArray(n - k, '0'));
    } else if (0 < n && n <= 21) {
        out->append(digits.left(n));
        out->append('.');
        out->append(digits.mid(n));
    } else if (-6 < n && n <= 0) {
        out->append("0.");
        out->append(QByteArray(-n, '0'));
        out->append(digits);
    } else {
        out->append(digits.at(0));
        if (k > 1) {
            out->append('.');
            out->append(digits.mid(1));
        }
        out->append(n - 1 < 0 ? "e-" : "e+");
        out->append(QByteArray::number(std::abs(n - 1)));
    }
}

void appendCanonical(const QJsonValue& value, QByteArray* out, bool* exact)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out->append("null");
        break;
    case QJsonValue::Bool:
        out->append(value.toBool() ? "true" : "false");
        break;
    case QJsonValue::Double:
        appendCanonicalNumber(value.toDouble(), out, exact);
        break;
    case QJsonValue::String:
        appendCanonicalString(value.toString(), out, exact);
        break;
    case QJsonValue::Array: {
        out->append('[');
        const QJsonArray array = value.toArray();
        bool first = true;
        for (const QJsonValue& item : array) {
            if (!first)
                out->append(',');
            first = false;
            appendCanonical(item, out, exact);
        }
        out->append(']');
        break;
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        // One pass over the members; QJsonObject usually holds them in this order already, so
        // the sort is a check (QString's operator< compares UTF-16 code units).
        std::vector<std::pair<QString, QJsonValue>> members;
        members.reserve(size_t(object.size()));
        for (auto it = object.constBegin(); it != object.constEnd(); ++it)
            members.emplace_back(it.key(), it.value());
        auto byKey = [](const auto& a, const auto& b) { return a.first < b.first; };
        if (!std::is_sorted(members.begin(), members.end(), byKey))
            std::sort(members.begin(), members.end(), byKey);
        out->append('{');
        bool first = true;
        for (const auto& [key, member] : members) {
            if (!first)
                out->append(',');
            first = false;
            appendCanonicalString(key, out, exact);
            out->append(':');
            appendCanonical(member, out, exact);
        }
        out->append('}');
        break;
    }
    }
}

} // namespace

QByteArray canonicalJson(const QJsonValue& value)
{
    QByteArray out;
    out.reserve(256);
    appendCanonical(value, &out, nullptr);
    return out;
}

QByteArray canonicalJson(const QJsonValue& value, bool* exact)
{
    *exact = true;
    QByteArray out;
    out.reserve(256);
    appendCanonical(value, &out, exact);
    return out;
}

void appendCanonicalJson(const QJsonValue& value, QByteArray* out)
{
    appendCanonical(value, out, nullptr);
}

void appendCanonicalJsonUtf8(QByteArrayView utf8, QByteArray* out)
{
    // The same form as appendEscapedQuoted(), at a fraction of the cost over the megabytes a run
    // sends: whole steps copied where no byte needs an escape (run output: a '\n' every line, the
    // rest plain), and only the bytes that do are looked at one by one.
    const char* data = utf8.data();
    const qsizetype size = utf8.size();
    qsizetype width = 0;
    qsizetype i = 0;
#if defined(__SSE2__)
    // Sixteen bytes a step (every x86-64 has SSE2): a bit for each byte below 0x20, '"' or '\\'.
    const auto specialBits = [data](qsizetype at) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at));
        const __m128i belowSpace = _mm_set1_epi8(0x1f);
        // Unsigned: max(b, 0x1f) == 0x1f only for b <= 0x1f (a signed compare would take the
        // bytes of 0x80 and up, every multi-byte character, for control characters).
        const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(bytes, belowSpace), belowSpace);
        const __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
        const __m128i backslash = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'));
        return unsigned(_mm_movemask_epi8(_mm_or_si128(control, _mm_or_si128(quote, backslash))));
    };
    for (; i + 16 <= size; i += 16) {
        width += 16;
        for (unsigned bits = specialBits(i); bits != 0; bits &= bits - 1)
            width += EscapedBytes[static_cast<unsigned char>(data[i + std::countr_zero(bits)])].length - 1;
    }
#else
    // Eight bytes a step elsewhere.
    const auto plainWord = [data](qsizetype at) {
        constexpr std::uint64_t Ones = 0x0101010101010101ULL;
        constexpr std::uint64_t High = 0x8080808080808080ULL;
        std::uint64_t word;
        std::memcpy(&word, data + at, 8);
        const auto hasZero = [](std::uint64_t v) { return ((v - Ones) & ~v & High) != 0; };
        const bool control = ((word - Ones * 0x20) & ~word & High) != 0; // a byte below 0x20
        return !control && !hasZero(word ^ (Ones * '"')) && !hasZero(word ^ (Ones * '\\'));
    };
    for (; i + 8 <= size; i += 8)
        width += plainWord(i) ? 8 : escapedSize(data + i, 8);
#endif
    width += escapedSize(data + i, size - i);

    const qsizetype start = out->size();
    // Room for a whole EscapedByte written at the last byte; cut off at the end.
    constexpr qsizetype Slack = sizeof(EscapedByte);
    out->resize(start + width + 2 + Slack);
    char* to = out->data() + start;
    *to++ = '"';
    i = 0;
#if defined(__SSE2__)
    for (; i + 16 <= size; i += 16) {
        if (specialBits(i) == 0) {
            std::memcpy(to, data + i, 16);
            to += 16;
            continue;
        }
        // A step with bytes to escape: every byte from the table (see EscapedBytes).
        for (qsizetype k = i; k < i + 16; ++k) {
            const EscapedByte& escaped = EscapedBytes[static_cast<unsigned char>(data[k])];
            std::memcpy(to, &escaped, sizeof(EscapedByte));
            to += escaped.length;
        }
    }
#else
    for (; i + 8 <= size; i += 8) {
        if (plainWord(i)) {
            std::memcpy(to, data + i, 8);
            to += 8;
            continue;
        }
        for (qsizetype k = i; k < i + 8; ++k) {
            const EscapedByte& escaped = EscapedBytes[static_cast<unsigned char>(data[k])];
            std::memcpy(to, &escaped, sizeof(EscapedByte));
            to += escaped.length;
        }
    }
#endif
    to = writeEscaped(data + i, size - i, to);
    *to = '"';
    out->resize(start + width + 2);
}

void appendCanonicalJsonString(QStringView text, QByteArray* out)
{
    appendCanonicalString(text, out);
}

} // namespace k8::agent
