// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QString>

namespace k8::kosa8 {
class Kosa8Runner;
struct JobResult;
struct Sandbox;
} // namespace k8::kosa8

namespace k8::trial {

// Which sandboxes the app itself created, and whether with host folders mounted (`-v`). A fork
// may share a sandbox's host mounts, so a trial must know there are none, and `sandbox ls` does not
// say: only a sandbox this record knows was made without `-v` may be tried.
//
// Kept in `sandbox-mounts.json` in the data folder ({NAME: {"mounts": N, "created": RFC 3339}}),
// updated from every job of the runner it watches: a `sandbox create` that succeeded is recorded
// with the number of mounts it was given (JobResult::parameters, "mount_list"), whichever page or
// dialog started it; a `sandbox rm` that succeeded forgets the name. A sandbox of the same name
// made since outside the app is caught by its creation time in `sandbox ls` (later than the
// record's): it is then not known.
class HostMountRecord : public QObject
{
    Q_OBJECT
public:
    explicit HostMountRecord(const QString& dataDir, QObject* parent = nullptr);

    // Records the create and remove jobs `runner` finishes from now on.
    void watch(kosa8::Kosa8Runner* runner);
    // Empty when the app made `sandbox` without host mounts (and `listed`, its line of the last
    // `sandbox ls` when there is one, was not created after that); else why a trial may not fork it.
    QString whyNotMountFree(const QString& sandbox, const kosa8::Sandbox* listed) const;
    // For tests and the create flow: what a finished job means for the record.
    void take(const kosa8::JobResult& result);

private:
    struct Entry
    {
        int mounts = 0;
        QDateTime recordedAt;
    };
    void load();
    void save() const;

    QString m_path;
    QHash<QString, Entry> m_entries;
};

} // namespace k8::trial
