// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/Kosa8Runner.h"
#include "trial/HostMountRecord.h"
#include "trial/TrialCopies.h"
#include "trial/TrialRun.h"

#include <QCoreApplication>
#include <QPointer>

namespace k8::kosa8 {
struct Sandbox;
}

namespace k8::trial {

// What the review sheet needs to offer a trial: the runner, the record of copies, the record of
// host mounts, and the limits. One per app (AppComposition), shared by every sheet.
class TrialKit
{
    Q_DECLARE_TR_FUNCTIONS(k8::trial::TrialKit)
public:
    // `runner` is not owned and must outlive the kit.
    TrialKit(kosa8::Kosa8Runner* runner, const QString& dataDir);

    kosa8::Kosa8Runner* runner() const { return m_runner; }
    TrialCopies* copies() { return &m_copies; }
    HostMountRecord* mounts() { return &m_mounts; }
    int limitMs() const { return m_limitMs; }
    void setLimitMs(int ms) { m_limitMs = ms > 0 ? ms : TrialSpec::DefaultLimitMs; }
    qint64 stdinThresholdBytes() const { return m_stdinThreshold; }
    void setStdinThresholdBytes(qint64 bytes) { m_stdinThreshold = bytes; }

    // Empty when code may be tried in a copy of `sandbox`; else why not, for the person.
    // `listed`: its line of kosa8's last `sandbox ls` (null: not in the list, or not listed yet).
    // Only a running sandbox the app made without host mounts, and not itself a trial's copy.
    QString whyNot(const QString& sandbox, const kosa8::Sandbox* listed) const;

private:
    QPointer<kosa8::Kosa8Runner> m_runner;
    TrialCopies m_copies;
    HostMountRecord m_mounts;
    int m_limitMs = TrialSpec::DefaultLimitMs;
    qint64 m_stdinThreshold = 0;
};

} // namespace k8::trial
