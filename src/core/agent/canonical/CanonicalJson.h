// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QStringView>

namespace k8::agent {

// RFC 8785 (JSON Canonicalization Scheme): keys sorted by UTF-16 code units, no whitespace,
// strings with only '"', '\\' and U+0000..U+001F escaped (the rest raw UTF-8, including '/',
// U+2028 and U+2029), numbers as ECMAScript writes them. Used for hashes that others recompute
// (payload_sha256, action_sha256, the ledger chain), so it must not change. (Numbers below 1e-6
// and integers of 2^53 or more were written in C's "%g" form before; ledger entries hold neither.)
// A string with a lone surrogate has no UTF-8 form and is written with '?' in its
// place; RFC 8785 refuses such input, and ActionBinding never lets a rule approve it.
QByteArray canonicalJson(const QJsonValue& value);
// The same, and in one pass whether the form stands for exactly this value: *exact is false when
// a string or key holds a lone surrogate or a number is an integer of 2^53 or more (what
// inexactReason() in ActionBinding.h names), so a caller that needs both walks the value once.
QByteArray canonicalJson(const QJsonValue& value, bool* exact);
// The same form appended to *out, for a value or for one string (quoted and escaped).
void appendCanonicalJson(const QJsonValue& value, QByteArray* out);
void appendCanonicalJsonString(QStringView text, QByteArray* out);
// The same string form from its UTF-8, which must be valid (QtPrivate::isValidUtf8): the bytes
// of text that was never decoded, such as a run's output sent on as it was printed.
void appendCanonicalJsonUtf8(QByteArrayView utf8, QByteArray* out);

} // namespace k8::agent
