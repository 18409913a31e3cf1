// SPDX-License-Identifier: Apache-2.0
// The code-reach scan (policy/CodeReach): the first byte picks the language, the rest is code.
// Invariants: findings are sorted by line and name a line of the code; a destination has a
// host that the egress check can take (its destination() parses as a valid Destination) and is
// listed once per line; a risk says what it does. The scan gives a pattern only lines holding one
// of its words (policy/ReachPatterns): on the inputs whose first byte has bit 3 set (the language
// takes bits 0-2), every pattern is also run on every line without its words, and must not match
// a line that holds none of them. Half the inputs, so that the check does not cost the
// harness the time the words save.
#include "FuzzSupport.h"

#include "policy/CodeReach.h"
#include "policy/EgressEntry.h"
#include "policy/ReachPatterns.h"

#include <QSet>

using namespace k8::policy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 1)
        return 0;
    static const char* const languages[] = {"python",     "bash", "sh",   "shell",
                                            "javascript", "js",   "node", "ruby"};
    const QString language = QString::fromLatin1(languages[data[0] % std::size(languages)]);
    const QString code = QString::fromUtf8(k8fuzz::bytes(data + 1, size - 1));
    const qsizetype lineCount = code.count(QLatin1Char('\n')) + 1;

    if (data[0] & 0x08) {
        const QList<const ReachPattern*> patterns = ReachPatterns::instance().all();
        for (const QString& text : code.split(QLatin1Char('\n'))) {
            const ReachLine line(text);
            for (const ReachPattern* pattern : patterns)
                FUZZ_ASSERT(pattern->wordsHoldFor(line),
                            QStringLiteral("a pattern matches a line without its words: ") +
                                pattern->pattern());
        }
    }

    const QList<ReachFinding> findings = scanCode(code, language);
    int previousLine = 0;
    QSet<QString> seenOnLine;
    for (const ReachFinding& finding : findings) {
        FUZZ_ASSERT(finding.line >= 1 && finding.line <= lineCount, "a finding on no line");
        FUZZ_ASSERT(finding.line >= previousLine, "findings out of line order");
        if (finding.line != previousLine)
            seenOnLine.clear();
        previousLine = finding.line;
        FUZZ_ASSERT(!finding.source.isEmpty(), "a finding without its source");
        if (finding.kind == ReachFinding::Kind::Risk) {
            FUZZ_ASSERT(!finding.detail.isEmpty(), "a risk that does not say what it does");
            continue;
        }
        FUZZ_ASSERT(!finding.host.isEmpty(), "a destination without a host");
        FUZZ_ASSERT(finding.port >= 0 && finding.port <= 65535, "a destination port out of range");
        const Destination destination = Destination::parse(finding.destination());
        FUZZ_ASSERT(destination.isValid(), QStringLiteral("a destination the egress check refuses: ") +
                                               finding.destination() + QStringLiteral(" (") +
                                               destination.error + QStringLiteral(")"));
        FUZZ_ASSERT(!seenOnLine.contains(finding.destination()), "a destination listed twice on a line");
        seenOnLine.insert(finding.destination());
    }
    return 0;
}
