// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>

namespace k8::kosa8 {

// Every kosa8 operation the app runs. Each has one entry in the CommandProfile, keyed by
// operationKey(); nothing else in the code spells a kosa8 argv.
enum class Operation
{
    Version,          // version
    Doctor,           // doctor
    DaemonStatus,     // daemon status
    SandboxList,      // sandbox ls
    SandboxCreate,    // sandbox create {name} {egress...} {mounts...}
    SandboxStart,     // sandbox start {name}
    SandboxStop,      // sandbox stop {name}
    SandboxRemove,    // sandbox rm {name}
    SandboxPull,      // sandbox pull {name} {image}
    SandboxImages,    // sandbox images {name}
    SandboxRun,       // sandbox run {name} {image} {interpreter...}      (code as one argument)
    SandboxRunStdin,  // sandbox run -i {name} {image} {interpreter...}   (code on standard input)
    SandboxEgress,    // sandbox egress {name} {egress...}
    CheckpointCreate, // checkpoint {name} --label {label}
    CheckpointList,   // checkpoint ls {name}
    Rewind,           // rewind {name} --to {label} --yes
    SnapshotCreate,   // snapshot create {name}
    SnapshotList,     // snapshot ls {name}
    SnapshotRestore,  // snapshot restore {name} {id}
    SnapshotRemove,   // snapshot rm {name} {id}
    AuditList,        // audit ls
    AuditVerify,      // audit verify
    // Added after the first contract (append only, keep the order above):
    DaemonStart, // daemon start
    DaemonStop,  // daemon stop
    Fork,        // fork {name} -n {count}
    McpTools,    // mcp tools
};

// Stable key used in the profile JSON file, e.g. "sandbox.create".
QString operationKey(Operation op);
// Inverse of operationKey(); returns false for an unknown key.
bool operationFromKey(const QString& key, Operation* op);
// Every operation, in enum order (for the settings view and tests).
QList<Operation> allOperations();
// Human label for the UI ("Create sandbox"), through tr().
QString operationTitle(Operation op);
// Whether the operation only reads (version, status, lists, verify): it changes nothing in
// kosa8, so running it is no reason to re-read what kosa8 holds.
bool readsOnly(Operation op);

} // namespace k8::kosa8
