// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>

#include <optional>

namespace k8::agent {

// One number of a JSON text as it was written, beside the form canonical JSON writes for it.
struct NumberSpelling
{
    QByteArray written;    // the token as it stands in the text ("1.0", "1e0", "-0")
    QByteArray canonical;  // what canonicalJson() writes for its value ("1", "0"); empty: no finite double
    qsizetype offset = -1; // where the token starts in the text
};

// Finds a number of a JSON text that is not written in its canonical form (CanonicalJson.h).
// RFC 8785 writes 1, 1.0, 1e0 and 10e-1 alike, so a hash of the canonical form cannot tell them
// apart while the agent's own JSON reader can (Python reads 1 as an int and 1.0 as a float).
// QJsonValue keeps no number's text, so this reads the text itself: a standing rule approves only
// a request whose every number is already in canonical form (Rules.h, protocol.md "Never by a
// rule"). A canonical token is what canonicalJson() writes for the double it reads as, so an
// integer below 2^53 is canonical only as plain digits and stays an integer for every reader.
class CanonicalNumbers
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::CanonicalNumbers)
public:
    // The first number token of `json` whose text is not its canonical form; nullopt when every
    // one is (or there is none). Made for valid JSON; other bytes are scanned alike without harm
    // (a token is a run of the characters a JSON number can hold, outside strings).
    static std::optional<NumberSpelling> firstNonCanonical(QByteArrayView json);
    // What canonicalJson() writes for the number `token` stands for; empty when it is not a
    // finite double (an overflow such as 1e400, or not a number at all).
    static QByteArray canonicalForm(QByteArrayView token);
    // Why a standing rule does not approve a request that writes `number`, for people.
    static QString reason(const NumberSpelling& number);
};

} // namespace k8::agent
