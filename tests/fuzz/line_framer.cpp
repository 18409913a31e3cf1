// SPDX-License-Identifier: Apache-2.0
// LineFramer (protocol.md "Framing"): the first byte picks the line limit, the second the size of
// the chunks the rest arrives in, as a socket would hand them over.
// Invariants: no emitted line is longer than the limit, holds a '\n' or is blank; the lines come
// in order and are exactly the non-blank complete lines of the input up to where framing failed;
// after a failure nothing more comes.
#include "FuzzSupport.h"

#include "agent/socket/LineFramer.h"

#include <QList>

namespace {

bool isBlank(const QByteArray& line)
{
    for (char c : line) {
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 2)
        return 0;
    k8fuzz::ensureApp();
    const qint64 limit = 1 + data[0];
    const qsizetype chunk = 1 + data[1] % 64;
    const QByteArray input = k8fuzz::bytes(data + 2, size - 2);

    k8::agent::LineFramer framer;
    framer.setMaxLineBytes(limit);
    QList<QByteArray> emitted;
    bool failed = false;
    for (qsizetype at = 0; at < input.size(); at += chunk) {
        const k8::agent::LineFramer::Result result = framer.feed(input.mid(at, chunk));
        FUZZ_ASSERT(!failed || (result.lines.isEmpty() && !result.tooLong), "lines after the framing failed");
        for (const QByteArray& line : result.lines) {
            FUZZ_ASSERT(line.size() <= limit, "a line longer than the limit");
            FUZZ_ASSERT(!line.contains('\n'), "a line holding a newline");
            FUZZ_ASSERT(!isBlank(line), "a blank line emitted");
            emitted.append(line);
        }
        if (result.tooLong) {
            FUZZ_ASSERT(result.tooLongSize > limit, "tooLong for a line within the limit");
            failed = true;
        }
        FUZZ_ASSERT(framer.hasFailed() == failed, "hasFailed() disagrees with the results");
        FUZZ_ASSERT(framer.partialLineBytes() <= limit, "keeps more than the limit buffered");
    }

    // The same input split at once: what the framer emitted must be its complete lines in order.
    QList<QByteArray> expected;
    const QList<QByteArray> pieces = input.split('\n');
    for (qsizetype i = 0; i + 1 < pieces.size(); ++i) {
        if (pieces[i].size() > limit)
            break;
        if (!isBlank(pieces[i]))
            expected.append(pieces[i]);
    }
    if (failed) {
        FUZZ_ASSERT(emitted.size() <= expected.size(), "more lines than the input holds");
        FUZZ_ASSERT(emitted == expected.mid(0, emitted.size()), "lines differ from the input's");
    } else {
        FUZZ_ASSERT(emitted == expected, "lines differ from the input's");
    }
    return 0;
}
