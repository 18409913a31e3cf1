// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"
#include "timeline/TimelineStore.h"

#include <QObject>
#include <QPointer>

namespace k8::kosa8 {
class Kosa8Runner;
}

namespace k8::timeline {

// The per-sandbox option "rewind to the base checkpoint after every approved run": when a run in
// such a sandbox ends (however it ended: a timed-out run leaves the most behind), starts
// `rewind NAME --to BASE --yes` through the runner.
class ResetAfterRun : public QObject
{
    Q_OBJECT
public:
    ResetAfterRun(kosa8::Kosa8Runner* runner, TimelineStore* store, QObject* parent = nullptr);

public Q_SLOTS:
    void onRunEnded(const k8::timeline::RunResult& result);

Q_SIGNALS:
    void resetStarted(const QString& sandbox, const QString& baseLabel, const QString& command);
    // result.ok(): the sandbox is back at its base.
    void resetFinished(const QString& sandbox, const k8::kosa8::JobResult& result);
    // The option is on but no base is set: nothing was rewound.
    void resetSkipped(const QString& sandbox, const QString& reason);

private:
    QPointer<kosa8::Kosa8Runner> m_runner;
    TimelineStore* m_store;
};

} // namespace k8::timeline
