// SPDX-License-Identifier: Apache-2.0
#include "agent/OutputPieces.h"

namespace k8::agent {

namespace {

// UTF-8 bytes of the character that starts at text[i] and how many UTF-16 units it spans. A lone
// surrogate (decoded output never holds one) counts three bytes, an upper bound of its encoding.
struct Unit
{
    qsizetype bytes;
    qsizetype units;
};

Unit unitAt(QStringView text, qsizetype i)
{
    const char16_t c = text[i].unicode();
    if (c < 0x80)
        return {1, 1};
    if (c < 0x800)
        return {2, 1};
    if (QChar::isHighSurrogate(c) && i + 1 < text.size() && QChar::isLowSurrogate(text[i + 1].unicode()))
        return {4, 2};
    return {3, 1};
}

} // namespace

qsizetype utf8Size(QStringView text)
{
    // Run output is mostly ASCII, which Qt checks many characters at a time.
    if (QtPrivate::isAscii(text))
        return text.size();
    qsizetype bytes = 0;
    for (qsizetype i = 0; i < text.size();) {
        const Unit unit = unitAt(text, i);
        bytes += unit.bytes;
        i += unit.units;
    }
    return bytes;
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
    qsizetype start = 0;
    qsizetype bytes = 0;
    for (qsizetype i = 0; i < text.size();) {
        const Unit unit = unitAt(text, i);
        if (bytes + unit.bytes > maxUtf8Bytes && i > start) {
            pieces.append(text.mid(start, i - start));
            start = i;
            bytes = 0;
        }
        bytes += unit.bytes;
        i += unit.units;
    }
    if (start < text.size())
        pieces.append(text.mid(start));
    return pieces;
}

} // namespace k8::agent
