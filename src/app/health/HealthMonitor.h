// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Types.h"

#include <QObject>
#include <QPointer>

namespace k8::app {

class AppContext;
class ExecutableWatcher;

// Runs `kosa8 version` and says whether kosa8 is usable: missing, not answering, answering
// without a daemon/worker, or fine. Nothing blocks; check() returns at once. While kosa8 is
// missing (not found at all), it watches where kosa8 would be found and checks again by itself
// when it appears (ExecutableWatcher), so an install clears the "not found" panel without Retry.
class HealthMonitor : public QObject
{
    Q_OBJECT
public:
    enum class State
    {
        Unknown,      // not checked yet
        Checking,     // `kosa8 version` is running (first check only; re-checks keep the old state)
        Ok,           // client and daemon/worker answered
        NoServer,     // the client answered, but no daemon or worker line
        Missing,      // the executable could not be started (not found, not executable)
        NotAnswering, // it started but failed, timed out or crashed
    };
    Q_ENUM(State)

    explicit HealthMonitor(AppContext* context, QObject* parent = nullptr);

    State state() const { return m_state; }
    bool isProblem() const { return m_state == State::Missing || m_state == State::NotAnswering; }
    bool isChecking() const { return m_job != nullptr; }
    const kosa8::VersionInfo& version() const { return m_version; }
    const kosa8::JobResult& lastResult() const { return m_lastResult; }
    // Watches for a missing kosa8 to appear (tests shorten its fallback interval or read its paths).
    ExecutableWatcher* executableWatcher() const { return m_watcher; }
    // The executable as configured and as found on PATH (empty when not found).
    QString configuredExecutable() const;
    QString resolvedExecutable() const;

    // One line for the status bar: "kosa8 0.9.0 · daemon 0.9.0", "kosa8 not found", ...
    QString summary() const;
    // For the health panel: what is wrong, and how to fix it (several paragraphs, plain text).
    QString problemTitle() const;
    QString problemText() const;
    QString problemDetails() const;

public Q_SLOTS:
    void check();

Q_SIGNALS:
    void stateChanged(k8::app::HealthMonitor::State state);
    void checked();

private:
    void onFinished(const kosa8::JobResult& result);
    void setState(State state);
    void watchWhileMissing();
    AppContext* m_context;
    ExecutableWatcher* m_watcher;
    State m_state = State::Unknown;
    kosa8::VersionInfo m_version;
    kosa8::JobResult m_lastResult;
    QPointer<kosa8::Kosa8Job> m_job;
};

} // namespace k8::app
