// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

namespace k8::kosa8 {

// Validation of names before any process starts. Each returns an empty string when the value
// is acceptable, or a message (through tr()) that says what was wrong and what is allowed.
struct Names
{
    Q_DECLARE_TR_FUNCTIONS(k8::kosa8::Names)
public:
    // Sandbox names: 1-63 chars, [a-z0-9] first, then [a-z0-9_.-]. No leading '-', so a name can
    // never be read as a flag.
    static QString checkSandbox(const QString& name);
    // Checkpoint labels: 1-128 chars of [A-Za-z0-9_.-], first char alphanumeric.
    static QString checkLabel(const QString& label);
    // Image references: [registry/]repo[:tag][@sha256:...], lower-case repo, no spaces, no leading '-'.
    static QString checkImage(const QString& image);
    // Egress hosts: a DNS name, IPv4/IPv6 literal or CIDR block, optionally *.suffix, optionally :port.
    static QString checkHost(const QString& host);
    // Host mounts "HOSTPATH:GUESTPATH", both absolute, no ':' inside either path.
    static QString checkMount(const QString& mount);
    // Snapshot ids: 1-128 chars of [A-Za-z0-9_.:-], first char alphanumeric.
    static QString checkSnapshotId(const QString& id);
};

} // namespace k8::kosa8
