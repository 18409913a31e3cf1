// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace k8::kosa8 {

// A sandbox's status as the app acts on it. kosa8 prints the status as a word in `sandbox ls`
// (kept as printed in Sandbox::status for display); the app reads that word once, here, and
// decides on the enum: which of Start and Stop make sense, which colour the dot has.
enum class SandboxState
{
    Running,
    Stopped,
    Changing, // creating, starting, stopping: on its way to another state
    Failed,   // error, failed
    Unknown   // any other word
};

// The state for kosa8's status word, in any case and with spaces around it.
SandboxState sandboxStateFrom(const QString& status);

} // namespace k8::kosa8
