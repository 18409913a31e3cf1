// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/Operation.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace k8::kosa8 {

// Everything about one finished kosa8 process.
struct JobResult
{
    Q_DECLARE_TR_FUNCTIONS(k8::kosa8::JobResult)
public:
    enum class Outcome
    {
        Finished,      // the process ran and exited; see exitCode
        Crashed,       // killed by a signal it did not ask for
        FailedToStart, // missing executable, permission denied, ...
        Invalid,       // rejected before starting (bad name, template without a value)
        Cancelled,     // the user (or the app) cancelled it
        TimedOut,      // the operation's timeout passed
    };

    quint64 jobId = 0;
    Operation operation = Operation::Version;
    QString program;
    QStringList arguments;
    QString preview; // commandPreview(): shell-quoted, token masked
    // The parameters the command was built from (Kosa8Runner::start()), for whoever watches every
    // job: which sandbox a `sandbox create` made and with which host mounts (HostMountRecord).
    QVariantMap parameters;
    Outcome outcome = Outcome::Finished;
    int exitCode = -1;
    QString errorText; // for FailedToStart/Invalid/Crashed: what went wrong, for people
    QDateTime startedAt;
    qint64 durationMs = 0;
    QByteArray stdoutData; // kept up to the cap
    QByteArray stderrData; // kept up to the cap, token masked
    bool stdoutTruncated = false;
    bool stderrTruncated = false;
    qint64 stdoutDroppedBytes = 0; // counted, not kept
    qint64 stderrDroppedBytes = 0;

    bool ok() const { return outcome == Outcome::Finished && exitCode == 0; }
    bool truncated() const { return stdoutTruncated || stderrTruncated; }
    // Lossy UTF-8 decoding (invalid sequences become U+FFFD, never a crash).
    QString stdoutText() const;
    QString stderrText() const;
    // One-paragraph explanation for an error panel: command, exit code or outcome, stderr.
    QString describeFailure() const;
    static QString outcomeName(Outcome outcome);
};

} // namespace k8::kosa8
