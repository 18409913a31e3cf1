// SPDX-License-Identifier: Apache-2.0
// Every kosa8 output parser (ListParser): sandbox, checkpoint, snapshot, image and audit lists,
// `version` and `audit verify`, all on the same stdout (JSON array, JSON lines or a table).
// Invariants: a parsed list never holds a row with an invalid name (Names: sandbox names,
// checkpoint labels, snapshot ids, image references, which the app passes back to kosa8); every
// row and problem names a line of the input; audit rows have a seq of at least 0.
#include "FuzzSupport.h"

#include "kosa8/ListParser.h"
#include "kosa8/Names.h"

using namespace k8::kosa8;

namespace {

template <typename T> void checkProblems(const Parsed<T>& parsed, qsizetype lineCount)
{
    for (const ParseProblem& problem : parsed.problems) {
        FUZZ_ASSERT(problem.lineNumber >= 1 && problem.lineNumber <= lineCount, "a problem on no line");
        FUZZ_ASSERT(!problem.reason.isEmpty(), "a problem without a reason");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray out = k8fuzz::bytes(data, size);
    const qsizetype lineCount = out.count('\n') + 1;

    // Parsed once: the typed readers over bytes are parse() and then these (ListParser.cpp), so
    // reading the one list five ways tests the same code without parsing the input six times.
    const ParsedList list = ListParser::parse(out);
    FUZZ_ASSERT(list.records.size() == list.recordLines.size(), "a record without its line");
    for (int line : list.recordLines)
        FUZZ_ASSERT(line >= 1 && line <= lineCount, "a record on no line");

    const Parsed<Sandbox> sandboxes = ListParser::sandboxes(list);
    checkProblems(sandboxes, lineCount);
    for (const Sandbox& sandbox : sandboxes.items)
        FUZZ_ASSERT(Names::checkSandbox(sandbox.name).isEmpty(),
                    QStringLiteral("sandbox name: ") + sandbox.name);

    const Parsed<Checkpoint> checkpoints = ListParser::checkpoints(list);
    checkProblems(checkpoints, lineCount);
    for (const Checkpoint& checkpoint : checkpoints.items)
        FUZZ_ASSERT(Names::checkLabel(checkpoint.label).isEmpty(),
                    QStringLiteral("label: ") + checkpoint.label);

    const Parsed<Snapshot> snapshots = ListParser::snapshots(list);
    checkProblems(snapshots, lineCount);
    for (const Snapshot& snapshot : snapshots.items)
        FUZZ_ASSERT(Names::checkSnapshotId(snapshot.id).isEmpty(),
                    QStringLiteral("snapshot id: ") + snapshot.id);

    const Parsed<Image> images = ListParser::images(list);
    checkProblems(images, lineCount);
    for (const Image& image : images.items)
        FUZZ_ASSERT(Names::checkImage(image.reference()).isEmpty(),
                    QStringLiteral("image: ") + image.reference());

    const Parsed<AuditEntry> audit = ListParser::auditEntries(list);
    checkProblems(audit, lineCount);
    for (const AuditEntry& entry : audit.items)
        FUZZ_ASSERT(entry.seq >= 0, "an audit entry with a negative seq");

    const VersionInfo version = ListParser::version(out);
    for (const QString& line : version.rawLines)
        FUZZ_ASSERT(!line.trimmed().isEmpty(), "a blank version line kept");
    const AuditVerifyResult good = ListParser::auditVerify(0, out, QByteArray());
    FUZZ_ASSERT(good.ok && good.brokenSeq == -1, "a passing verify with a broken entry");
    const AuditVerifyResult bad = ListParser::auditVerify(1, QByteArray(), out);
    FUZZ_ASSERT(!bad.ok, "a failing verify read as passing");
    return 0;
}
