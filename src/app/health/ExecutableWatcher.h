// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/ConnectionProfile.h"

#include <QObject>

class QFileSystemWatcher;
class QTimer;

namespace k8::app {

// Notices when the kosa8 executable appears: watches the folders it would be found in (the
// configured path's folder, or every folder of the PATH kosa8 gets; a folder that does not exist
// yet is watched through its nearest existing parent), and re-looks on a slow timer as a fallback
// for file systems that do not report changes. Emits found() once the executable resolves.
// Nothing polls fast: the timer runs only while watching, at fallbackIntervalMs().
class ExecutableWatcher : public QObject
{
    Q_OBJECT
public:
    explicit ExecutableWatcher(QObject* parent = nullptr);

    // Starts (or re-targets) watching for `connection`'s executable. found() follows at once,
    // from the event loop, when it is already there.
    void watch(const kosa8::ConnectionProfile& connection);
    void stop();
    bool isWatching() const { return m_watching; }
    // The folders (and files) watched now, for tests and the log.
    QStringList watchedPaths() const;

    int fallbackIntervalMs() const;
    void setFallbackIntervalMs(int ms);

Q_SIGNALS:
    void found(const QString& executable);

private:
    void rewatch();
    void lookAgain();
    QStringList pathsFor() const;
    kosa8::ConnectionProfile m_connection;
    QFileSystemWatcher* m_watcher;
    QTimer* m_settle;   // many events in a row (a copy in progress) make one look
    QTimer* m_fallback; // the slow re-look
    bool m_watching = false;
};

} // namespace k8::app
