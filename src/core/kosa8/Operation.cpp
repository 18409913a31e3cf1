// SPDX-License-Identifier: Apache-2.0
#include "kosa8/Operation.h"

#include <QCoreApplication>

namespace k8::kosa8 {

namespace {

struct OperationInfo
{
    Operation op;
    const char* key;
    const char* title;
};

// The keys are part of the profile file format: never rename one.
constexpr OperationInfo Operations[] = {
    {Operation::Version, "version", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Show version")},
    {Operation::Doctor, "doctor", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Check installation")},
    {Operation::DaemonStatus, "daemon.status", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Daemon status")},
    {Operation::SandboxList, "sandbox.ls", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "List sandboxes")},
    {Operation::SandboxCreate, "sandbox.create", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Create sandbox")},
    {Operation::SandboxStart, "sandbox.start", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Start sandbox")},
    {Operation::SandboxStop, "sandbox.stop", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Stop sandbox")},
    {Operation::SandboxRemove, "sandbox.rm", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Delete sandbox")},
    {Operation::SandboxPull, "sandbox.pull", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Pull image")},
    {Operation::SandboxImages, "sandbox.images", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "List images")},
    {Operation::SandboxRun, "sandbox.run", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Run code")},
    {Operation::SandboxRunStdin, "sandbox.run.stdin",
     QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Run code from standard input")},
    {Operation::SandboxEgress, "sandbox.egress", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Change egress")},
    {Operation::CheckpointCreate, "checkpoint.create",
     QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Create checkpoint")},
    {Operation::CheckpointList, "checkpoint.ls",
     QT_TRANSLATE_NOOP("k8::kosa8::Operation", "List checkpoints")},
    {Operation::Rewind, "rewind", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Rewind to checkpoint")},
    {Operation::SnapshotCreate, "snapshot.create",
     QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Create snapshot")},
    {Operation::SnapshotList, "snapshot.ls", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "List snapshots")},
    {Operation::SnapshotRestore, "snapshot.restore",
     QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Restore snapshot")},
    {Operation::SnapshotRemove, "snapshot.rm", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Delete snapshot")},
    {Operation::AuditList, "audit.ls", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "List audit log")},
    {Operation::AuditVerify, "audit.verify", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Verify audit log")},
    {Operation::DaemonStart, "daemon.start", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Start daemon")},
    {Operation::DaemonStop, "daemon.stop", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Stop daemon")},
    {Operation::Fork, "fork", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "Fork sandbox")},
    {Operation::McpTools, "mcp.tools", QT_TRANSLATE_NOOP("k8::kosa8::Operation", "List agent tools")},
};

const OperationInfo* infoFor(Operation op)
{
    for (const auto& info : Operations) {
        if (info.op == op)
            return &info;
    }
    return nullptr;
}

} // namespace

QList<Operation> allOperations()
{
    QList<Operation> ops;
    for (const auto& info : Operations)
        ops.append(info.op);
    return ops;
}

QString operationKey(Operation op)
{
    const OperationInfo* info = infoFor(op);
    return info ? QString::fromLatin1(info->key) : QString();
}

bool operationFromKey(const QString& key, Operation* op)
{
    for (const auto& info : Operations) {
        if (key == QLatin1String(info.key)) {
            if (op)
                *op = info.op;
            return true;
        }
    }
    return false;
}

QString operationTitle(Operation op)
{
    const OperationInfo* info = infoFor(op);
    return info ? QCoreApplication::translate("k8::kosa8::Operation", info->title) : QString();
}

bool readsOnly(Operation op)
{
    switch (op) {
    case Operation::Version:
    case Operation::Doctor:
    case Operation::DaemonStatus:
    case Operation::SandboxList:
    case Operation::SandboxImages:
    case Operation::CheckpointList:
    case Operation::SnapshotList:
    case Operation::AuditList:
    case Operation::AuditVerify:
    case Operation::McpTools:
        return true;
    default:
        return false;
    }
}

} // namespace k8::kosa8
