// SPDX-License-Identifier: Apache-2.0
// canonicalJson (RFC 8785, used for every hash others recompute). Invariants: the output is
// valid JSON on one line that parses back to the same value (numbers compared as doubles; strings with a lone
// surrogate excepted: they are written with '?', CanonicalJson.h) and is its own canonical form,
// and CanonicalNumbers finds no number of it in another form (on any input, only real ones).
#include "FuzzSupport.h"

#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/CanonicalNumbers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <utility>
#include <vector>

namespace {

bool hasLoneSurrogate(const QString& text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            ++i;
            continue;
        }
        if (c.isSurrogate())
            return true;
    }
    return false;
}

bool hasLoneSurrogate(const QJsonValue& value)
{
    if (value.isString())
        return hasLoneSurrogate(value.toString());
    if (value.isArray()) {
        for (const QJsonValue& item : value.toArray()) {
            if (hasLoneSurrogate(item))
                return true;
        }
    }
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (hasLoneSurrogate(it.key()) || hasLoneSurrogate(it.value()))
                return true;
        }
    }
    return false;
}

// Equal as RFC 8785 sees values: numbers are IEEE doubles, so an integer beyond 2^53 that Qt
// keeps exact equals the double it rounds to (ActionBinding marks such values inexact).
bool sameValue(const QJsonValue& a, const QJsonValue& b)
{
    if (a.isDouble() && b.isDouble())
        return a.toDouble() == b.toDouble();
    if (a.type() != b.type())
        return false;
    if (a.isArray()) {
        const QJsonArray x = a.toArray();
        const QJsonArray y = b.toArray();
        if (x.size() != y.size())
            return false;
        for (qsizetype i = 0; i < x.size(); ++i) {
            if (!sameValue(x.at(i), y.at(i)))
                return false;
        }
        return true;
    }
    if (a.isObject()) {
        const QJsonObject x = a.toObject();
        const QJsonObject y = b.toObject();
        // Pairs sorted by key, not y.value(key): Qt 6.4 does not find a key beyond U+FFFF in an
        // object that also has a key in U+E000-U+FFFF when one was written with \u escapes and
        // the other not, and the order it keeps them in depends on how they were written (its
        // stored order and its lookup disagree there; ASCII keys, the only ones the app looks up,
        // are always found).
        if (x.size() != y.size())
            return false;
        const auto pairs = [](const QJsonObject& object) {
            std::vector<std::pair<QString, QJsonValue>> out;
            for (auto it = object.begin(); it != object.end(); ++it)
                out.emplace_back(it.key(), it.value());
            std::sort(out.begin(), out.end(), [](const auto& l, const auto& r) { return l.first < r.first; });
            return out;
        };
        const auto px = pairs(x);
        const auto py = pairs(y);
        for (size_t k = 0; k < px.size(); ++k) {
            if (px[k].first != py[k].first || !sameValue(px[k].second, py[k].second))
                return false;
        }
        return true;
    }
    return a == b;
}

QJsonValue reparsed(const QByteArray& json)
{
    // Wrapped in an array so that scalars parse too.
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson('[' + json + ']', &error);
    FUZZ_ASSERT(error.error == QJsonParseError::NoError,
                QByteArray("canonical JSON does not parse: ") + json.left(200));
    FUZZ_ASSERT(doc.array().size() == 1, "canonical JSON holds more than one value");
    return doc.array().at(0);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray input = k8fuzz::bytes(data, size);
    // The number scanner takes any bytes; what it names is in them and is not canonical.
    if (const auto number = k8::agent::CanonicalNumbers::firstNonCanonical(input)) {
        FUZZ_ASSERT(number->offset >= 0 &&
                        input.mid(number->offset, number->written.size()) == number->written,
                    "a number that is not where it is said to be");
        FUZZ_ASSERT(number->written != number->canonical, "a canonical number named as not canonical");
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(input, &error);
    if (error.error != QJsonParseError::NoError)
        return 0;
    const QJsonValue value = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    const QByteArray canonical = k8::agent::canonicalJson(value);
    FUZZ_ASSERT(!canonical.contains('\n'), "canonical JSON spans lines");
    // Every number canonicalJson() writes is in its canonical form, as the scanner sees it.
    FUZZ_ASSERT(!k8::agent::CanonicalNumbers::firstNonCanonical(canonical),
                QByteArray("canonical JSON with a number in another form: ") + canonical.left(200));
    const QJsonValue back = reparsed(canonical);
    if (!hasLoneSurrogate(value)) {
        FUZZ_ASSERT(sameValue(back, value),
                    QByteArray("canonical JSON parses to another value: ") + canonical.left(200));
        FUZZ_ASSERT(k8::agent::canonicalJson(back) == canonical,
                    "canonical JSON is not its own canonical form");
    } else {
        // A lone surrogate became '?', which may move a key in the sort order; from then on the
        // form is stable.
        const QByteArray second = k8::agent::canonicalJson(back);
        FUZZ_ASSERT(k8::agent::canonicalJson(reparsed(second)) == second, "canonical JSON is not stable");
    }

    // Each member value on its own, which reaches the scalar paths.
    if (value.isArray()) {
        for (const QJsonValue& item : value.toArray()) {
            const QByteArray first = k8::agent::canonicalJson(item);
            // With a lone surrogate, stable from the second round on (see above).
            const QByteArray one = hasLoneSurrogate(item) ? k8::agent::canonicalJson(reparsed(first)) : first;
            FUZZ_ASSERT(k8::agent::canonicalJson(reparsed(one)) == one, "canonical scalar is not stable");
        }
    }
    return 0;
}
