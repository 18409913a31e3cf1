// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/ConnectionProfile.h"
#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Types.h"

#include <QObject>
#include <QPointer>

namespace k8::app {

class AppContext;

// `kosa8 version` with one profile's connection, whether or not it is the active one: a runner
// of its own with the app's command profile and limits, so the check goes through the same
// machinery (argv from the profile, environment, masking, timeout) as every other command and
// never touches the app's runner. Asynchronous; one check at a time.
class ProfileHealthCheck : public QObject
{
    Q_OBJECT
public:
    enum class State
    {
        Unknown,
        Checking,
        Ok,           // client and daemon/worker answered
        NoServer,     // the client answered, no daemon or worker
        Missing,      // the executable could not be started
        NotAnswering, // it failed, timed out or crashed
    };
    Q_ENUM(State)

    ProfileHealthCheck(AppContext* context, const kosa8::ConnectionProfile& connection,
                       QObject* parent = nullptr);

    void setConnection(const kosa8::ConnectionProfile& connection);
    // The command the check runs (token masked).
    QString preview() const;
    State state() const { return m_state; }
    bool isRunning() const { return m_job != nullptr; }
    const kosa8::VersionInfo& version() const { return m_version; }
    const kosa8::JobResult& lastResult() const { return m_result; }
    // "kosa8 0.9.0 · worker 0.9.0 reachable", "kosa8 not found", ...
    QString summary() const;

public Q_SLOTS:
    void start();

Q_SIGNALS:
    void finished();

private:
    void onFinished(const kosa8::JobResult& result);
    kosa8::Kosa8Runner* m_runner;
    State m_state = State::Unknown;
    kosa8::VersionInfo m_version;
    kosa8::JobResult m_result;
    QPointer<kosa8::Kosa8Job> m_job;
};

} // namespace k8::app
