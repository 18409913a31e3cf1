// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>

namespace k8::policy {

// What a scan of code found on one line: a network destination it would reach, or a risky
// operation. A hint from patterns, not a guarantee: code can build a host at run time or hide
// a call, and the view says so.
struct ReachFinding
{
    enum class Kind
    {
        Destination,
        Risk
    };
    Kind kind = Kind::Destination;
    int line = 0;   // 1-based
    QString host;   // Destination: ASCII lower-case name or address text
    int port = 0;   // Destination: 0 when the code does not say
    QString source; // what found it: "URL", "pip install", "socket", "subprocess", ...
    QString detail; // Risk: what it does, in a sentence; Destination: the matched text
    // "host" or "host:port" ("[v6]:port" for IPv6), the form match() and the editor take.
    QString destination() const;
};

// Scans code in a language ("python", "bash"/"sh"/"shell", "javascript"/"js"/"node"; other
// names get every rule). Commands that reach package registries (pip, npm, apt, git clone,
// curl, wget) are found in every language, since code often runs them through a shell.
// Findings come sorted by line; a destination is listed once per line.
QList<ReachFinding> scanCode(const QString& code, const QString& language);

// What the review scans of a code: its first ReviewScanChars characters. The review scans again
// on every edit, and a scan of megabytes takes seconds.
constexpr qsizetype ReviewScanChars = 256 * 1024;
// scanCode() of that part; *truncated says whether the code is longer.
QList<ReachFinding> scanCodeForReview(const QString& code, const QString& language,
                                      bool* truncated = nullptr);

} // namespace k8::policy
