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

    // The `sandboxes` answer: {"listed", "default_sandbox", "sandboxes": [{"name", "status",
    // "images", "egress": {"mode", "hosts", "text"}}]}. `directory` may be null (nothing listed).
    static QJsonObject describe(const SandboxDirectory* directory, const QString& defaultSandbox);
    // One policy: "mode" deny, any, fakenet, allow or unknown; "hosts" for allow; "text" as kosa8
    // prints it.
    static QJsonObject describeEgress(const kosa8::EgressPolicy& egress);
};

} // namespace k8::agent
