// SPDX-License-Identifier: Apache-2.0
#include "kosa8/JobResult.h"

#include <QCoreApplication>

namespace k8::kosa8 {

namespace {} // namespace

QString JobResult::stdoutText() const
{
    // QString::fromUtf8 replaces every invalid sequence with U+FFFD.
    return QString::fromUtf8(stdoutData);
}

QString JobResult::stderrText() const
{
    return QString::fromUtf8(stderrData);
}

QString JobResult::outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Finished:
        return JobResult::tr("finished");
    case Outcome::Crashed:
        return JobResult::tr("crashed");
    case Outcome::FailedToStart:
        return JobResult::tr("failed to start");
    case Outcome::Invalid:
        return JobResult::tr("not started (invalid input)");
    case Outcome::Cancelled:
        return JobResult::tr("cancelled");
    case Outcome::TimedOut:
        return JobResult::tr("timed out");
    }
    return {};
}

QString JobResult::describeFailure() const
{
    QStringList parts;
    if (!preview.isEmpty())
        parts.append(JobResult::tr("Command: %1").arg(preview));
    switch (outcome) {
    case Outcome::Finished:
        parts.append(exitCode == 0 ? JobResult::tr("It finished successfully.")
                                   : JobResult::tr("It exited with code %1.").arg(exitCode));
        break;
    case Outcome::TimedOut:
        parts.append(JobResult::tr("It timed out after %1 s and was stopped.")
                         .arg(double(durationMs) / 1000.0, 0, 'f', 1));
        break;
    case Outcome::Cancelled:
        parts.append(JobResult::tr("It was cancelled."));
        break;
    default:
        parts.append(JobResult::tr("It %1.").arg(outcomeName(outcome)));
        break;
    }
    if (!errorText.isEmpty())
        parts.append(errorText);
    const QString err = stderrText().trimmed();
    if (!err.isEmpty())
        parts.append(JobResult::tr("Standard error:\n%1").arg(err));
    if (stderrTruncated)
        parts.append(
            JobResult::tr("(%1 more bytes of standard error were not kept)").arg(stderrDroppedBytes));
    return parts.join(QLatin1Char('\n'));
}

} // namespace k8::kosa8
