#include "kosa8/JobResult.h"

#include <QCoreApplication>

namespace k8::kosa8 {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("k8::kosa8::JobResult", text);
}

} // namespace

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
        return tr("finished");
    case Outcome::Crashed:
        return tr("crashed");
    case Outcome::FailedToStart:
        return tr("failed to start");
    case Outcome::Invalid:
        return tr("not started (invalid input)");
    case Outcome::Cancelled:
        return tr("cancelled");
    case Outcome::TimedOut:
        return tr("timed out");
    }
    return {};
}

QString JobResult::describeFailure() const
{
    QStringList parts;
    if (!preview.isEmpty())
        parts.append(tr("Command: %1").arg(preview));
    switch (outcome) {
    case Outcome::Finished:
        parts.append(exitCode == 0 ? tr("It finished successfully.")
                                   : tr("It exited with code %1.").arg(exitCode));
        break;
    case Outcome::TimedOut:
        parts.append(
            tr("It timed out after %1 s and was stopped.").arg(double(durationMs) / 1000.0, 0, 'f', 1));
        break;
    case Outcome::Cancelled:
        parts.append(tr("It was cancelled."));
        break;
    default:
        parts.append(tr("It %1.").arg(outcomeName(outcome)));
        break;
    }
    if (!errorText.isEmpty())
        parts.append(errorText);
    const QString err = stderrText().trimmed();
    if (!err.isEmpty())
        parts.append(tr("Standard error:\n%1").arg(err));
    if (stderrTruncated)
        parts.append(tr("(%1 more bytes of standard error were not kept)").arg(stderrDroppedBytes));
    return parts.join(QLatin1Char('\n'));
}

} // namespace k8::kosa8
