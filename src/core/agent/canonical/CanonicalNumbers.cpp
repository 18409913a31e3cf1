// SPDX-License-Identifier: Apache-2.0
#include "agent/canonical/CanonicalNumbers.h"

#include "agent/canonical/CanonicalJson.h"

#include <QJsonValue>

#include <cmath>

namespace k8::agent {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// The characters of a JSON number: digits, sign, point and exponent.
bool isNumberChar(char c)
{
    return isDigit(c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// Plain digits without a leading zero (or "0" alone), at most 15 of them, optionally after '-':
// below 2^53, so canonical as written. Nearly every number of a request is one; the rest are
// converted.
bool isShortPlainInteger(QByteArrayView token)
{
    const bool negative = token.startsWith('-');
    const QByteArrayView digits = negative ? token.sliced(1) : token;
    if (digits.isEmpty() || digits.size() > 15)
        return false;
    for (const char c : digits) {
        if (!isDigit(c))
            return false;
    }
    if (digits.front() == '0')
        return digits.size() == 1 && !negative; // "-0" is written "0"
    return true;
}

// Shortens what an agent wrote for a message: a number may be a megabyte of digits.
QString shown(const QByteArray& text)
{
    constexpr qsizetype Limit = 40;
    if (text.size() <= Limit)
        return QString::fromLatin1(text);
    return QString::fromLatin1(text.left(Limit)) + QChar(0x2026);
}

} // namespace

QByteArray CanonicalNumbers::canonicalForm(QByteArrayView token)
{
    bool ok = false;
    const double value = token.toByteArray().toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return {};
    return canonicalJson(QJsonValue(value));
}

std::optional<NumberSpelling> CanonicalNumbers::firstNonCanonical(QByteArrayView json)
{
    const char* const text = json.data();
    const qsizetype size = json.size();
    qsizetype i = 0;
    while (i < size) {
        const char c = text[i];
        if (c == '"') {
            // Skip the string: its digits are text, not numbers.
            for (++i; i < size && text[i] != '"'; ++i) {
                if (text[i] == '\\')
                    ++i;
            }
            ++i;
            continue;
        }
        if (!isDigit(c) && c != '-') {
            ++i;
            continue;
        }
        const qsizetype start = i;
        while (i < size && isNumberChar(text[i]))
            ++i;
        const QByteArrayView token = json.sliced(start, i - start);
        if (isShortPlainInteger(token))
            continue;
        QByteArray canonical = canonicalForm(token);
        if (canonical != token)
            return NumberSpelling{token.toByteArray(), std::move(canonical), start};
    }
    return std::nullopt;
}

QString CanonicalNumbers::reason(const NumberSpelling& number)
{
    if (number.canonical.isEmpty())
        return tr("the number %1 is not one that JSON readers agree on").arg(shown(number.written));
    return tr("the number %1 is not written in its canonical form %2, and a rule's hash cannot tell the "
              "two apart while the agent's JSON reader may (an integer and a float, say)")
        .arg(shown(number.written), shown(number.canonical));
}

} // namespace k8::agent
