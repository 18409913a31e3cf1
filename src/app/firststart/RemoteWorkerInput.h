// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

namespace k8::app {

// What the "Add a remote worker" form holds, and whether it can be used: a name for the
// connection, the worker's host (KOSA8_HOST) and its token (KOSA8_TOKEN, a secret). Values go
// into kosa8's environment, so nothing that would change their meaning there is accepted.
struct RemoteWorkerInput
{
    Q_DECLARE_TR_FUNCTIONS(k8::app::RemoteWorkerInput)

public:
    static constexpr int MaxNameLength = 64;
    static constexpr int MaxHostLength = 260; // a 253-character DNS name, a colon and a port

    QString name;
    QString host;
    QString token;

    // The values as they are used: surrounding blanks (a paste's trailing newline) dropped.
    RemoteWorkerInput normalized() const;
    // What is wrong, for people (one sentence that says what is allowed); empty when usable.
    // Checked in form order, so the message is about the first field to fix.
    QString problem() const;
};

} // namespace k8::app
