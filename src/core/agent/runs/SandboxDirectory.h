// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/Types.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace k8::agent {

// What the app knows of its sandboxes (from `sandbox ls`), for the socket's read-only `sandboxes`
// method (protocol.md). The app supplies it (composition/AppComposition.cpp, from the sandboxes
// page's model); the core only reads it.
class SandboxDirectory
{
public:
    virtual ~SandboxDirectory() = default;
    // False until the app has listed the sandboxes once (a list never read is unknown, not empty).
    virtual bool isListed() const = 0;
    virtual QList<kosa8::Sandbox> sandboxes() const = 0;
    // Lines of kosa8's last list that could not be read as a sandbox (0: the list is whole).
    virtual int unreadableLines() const { return 0; }

    // The `sandboxes` answer: {"listed", "default_sandbox", "sandboxes": [{"name", "status",
    // "images", "egress": {"mode", "hosts", "text"}}], "partial", "unreadable_lines"}: partial is
    // true when some lines of kosa8's list could not be read (unreadable_lines says how many), so
    // a sandbox may be missing from it. `directory` may be null (nothing listed).
    static QJsonObject describe(const SandboxDirectory* directory, const QString& defaultSandbox);
    // One policy: "mode" deny, any, fakenet, allow or unknown; "hosts" for allow; "text" as kosa8
    // prints it.
    static QJsonObject describeEgress(const kosa8::EgressPolicy& egress);
};

} // namespace k8::agent
