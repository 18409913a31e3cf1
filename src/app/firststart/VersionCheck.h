// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/ConnectionProfile.h"
#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Types.h"

#include <QObject>
#include <QPointer>

namespace k8::app {

// Runs `kosa8 version` for a connection that is not the app's yet (an executable the person
// pointed at, a remote worker they typed in), to say whether it works before it is used. It runs
// through a runner of its own, so the app's connection stays as it is, but with the app runner's
// command profile and limits, so a profile override of `version` applies here too.
class VersionCheck : public QObject
{
    Q_OBJECT
public:
    explicit VersionCheck(const kosa8::Kosa8Runner* appRunner, QObject* parent = nullptr);

    // The exact command start() runs for `connection` (token masked).
    QString preview(const kosa8::ConnectionProfile& connection);
    // Starts the check; a check still running is cancelled and never reported.
    void start(const kosa8::ConnectionProfile& connection);
    void cancel();
    bool isRunning() const { return m_job != nullptr; }

    // Whether a finished check found a working kosa8: it ran, exited 0 and printed a version.
    static bool works(const kosa8::JobResult& result, const kosa8::VersionInfo& version);
    // What a check found, for people: the version lines, or what went wrong (plain text).
    static QString describe(const kosa8::JobResult& result, const kosa8::VersionInfo& version);

Q_SIGNALS:
    void finished(const k8::kosa8::JobResult& result, const k8::kosa8::VersionInfo& version);

private:
    void prepare(const kosa8::ConnectionProfile& connection);
    const kosa8::Kosa8Runner* m_appRunner;
    kosa8::Kosa8Runner* m_runner;
    QPointer<kosa8::Kosa8Job> m_job;
};

} // namespace k8::app
