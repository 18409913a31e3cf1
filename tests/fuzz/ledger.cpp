// SPDX-License-Identifier: Apache-2.0
// Ledger reading and verification (protocol.md "Ledger"): the input is a ledger.jsonl, optionally
// followed by "\n#STATE\n" and the content of the state file the app keeps beside it.
// LedgerReader::readTail, verify and readRecent and `--verify-ledger` (LedgerVerifier) read it.
// Invariants: a verified ledger has no first bad entry and each of its entries is its line's canonical
// JSON, byte for byte; the hashes are 64 hex digits; the tail that
// Ledger::open() continues after is the verified chain's end; readRecent keeps to its limit; the
// verifier's exit code is 0 only for a chain that verifies.
#include "FuzzSupport.h"

#include "agent/canonical/CanonicalJson.h"
#include "agent/ledger/Ledger.h"
#include "agent/ledger/LedgerReader.h"
#include "agent/ledger/LedgerVerifier.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextStream>

using namespace k8::agent;

namespace {

bool isHash(const QString& text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    return hex.match(text).hasMatch();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray input = k8fuzz::bytes(data, size);
    const QByteArray marker("\n#STATE\n");
    const qsizetype split = input.indexOf(marker);
    const QByteArray ledger = split < 0 ? input : input.left(split);
    const QString path = k8fuzz::scratchFolder() + QStringLiteral("/ledger.jsonl");
    k8fuzz::writeFile(path, ledger);
    const QString state = Ledger::statePath(path);
    QFile::remove(state);
    if (split >= 0)
        k8fuzz::writeFile(state, input.mid(split + marker.size()));

    const LedgerVerifyResult verified = LedgerReader::verify(path);
    FUZZ_ASSERT(verified.entries >= 0, "a negative entry count");
    FUZZ_ASSERT(!verified.message.isEmpty(), "a verification without a sentence");
    if (verified.ok) {
        FUZZ_ASSERT(verified.firstBadSeq == -1 && verified.firstBadLine == 0, "verified with a bad entry");
        FUZZ_ASSERT(isHash(verified.lastHash), "the chain ends in something that is not a hash");
        if (verified.entries == 0)
            FUZZ_ASSERT(verified.lastHash == Ledger::zeroHash(), "an empty chain with a hash");
        // Every entry that counted is written byte for byte as its canonical JSON.
        for (const QByteArray& line : ledger.split('\n')) {
            QJsonObject entry;
            if (!line.trimmed().isEmpty() && LedgerReader::parseEntry(line, &entry))
                FUZZ_ASSERT(canonicalJson(entry) == line, "a verified entry whose line is not canonical");
        }
    } else {
        FUZZ_ASSERT(verified.firstBadLine > 0, "a failed verification without the line");
    }

    LedgerReader::Tail tail;
    QString error;
    FUZZ_ASSERT(LedgerReader::readTail(path, &tail, &error), "a readable ledger was not read");
    FUZZ_ASSERT(tail.tornBytes >= 0 && tail.tornBytes <= ledger.size(), "a torn tail beyond the file");
    if (tail.found) {
        FUZZ_ASSERT(tail.seq >= 1, "a tail entry with seq below 1");
        FUZZ_ASSERT(isHash(tail.hash), "a tail hash that is not 64 hex digits");
        FUZZ_ASSERT(tail.anyContent, "an entry found in an empty file");
    }
    if (verified.ok && verified.entries > 0 && !tail.damageAfter) {
        FUZZ_ASSERT(tail.found && tail.seq == verified.entries && tail.hash == verified.lastHash,
                    "the tail the ledger continues after is not the end of its verified chain");
    }

    QString warning;
    FUZZ_ASSERT(LedgerReader::readRecent(path, 5, &warning).size() <= 5,
                "more recent entries than asked for");

    QString outText;
    QString errText;
    QTextStream out(&outText);
    QTextStream err(&errText);
    const int exitCode = LedgerVerifier::run(path, out, err);
    FUZZ_ASSERT(exitCode == 0 || exitCode == 1, "an unexpected exit code");
    if (exitCode == 0)
        FUZZ_ASSERT(verified.ok, "--verify-ledger passed a ledger that does not chain");
    return 0;
}
