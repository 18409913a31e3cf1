// SPDX-License-Identifier: Apache-2.0
#include "health/ExecutableWatcher.h"

#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

#include <spdlog/spdlog.h>

namespace k8::app {

namespace {

// How long to let a burst of changes settle (a copy writes, then sets the mode) before looking.
constexpr int SettleMs = 200;
// The fallback: file systems without change notification (some network mounts) still get
// noticed, a minute at most after the install.
constexpr int DefaultFallbackMs = 60'000;

// The folder itself when it exists, else its nearest existing parent (whose change tells when
// the folder is made).
QString nearestExisting(const QString& folder)
{
    QString path = QDir::cleanPath(folder);
    while (!path.isEmpty() && !QFileInfo(path).isDir()) {
        const QString parent = QFileInfo(path).absolutePath();
        if (parent == path)
            return {};
        path = parent;
    }
    return path;
}

} // namespace

ExecutableWatcher::ExecutableWatcher(QObject* parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_settle(new QTimer(this))
    , m_fallback(new QTimer(this))
{
    m_settle->setSingleShot(true);
    m_settle->setInterval(SettleMs);
    m_fallback->setInterval(DefaultFallbackMs);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_settle, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_settle, qOverload<>(&QTimer::start));
    connect(m_settle, &QTimer::timeout, this, &ExecutableWatcher::lookAgain);
    connect(m_fallback, &QTimer::timeout, this, &ExecutableWatcher::lookAgain);
}

int ExecutableWatcher::fallbackIntervalMs() const
{
    return m_fallback->interval();
}

void ExecutableWatcher::setFallbackIntervalMs(int ms)
{
    m_fallback->setInterval(qMax(1000, ms));
}

QStringList ExecutableWatcher::watchedPaths() const
{
    return m_watcher->directories() + m_watcher->files();
}

QStringList ExecutableWatcher::pathsFor() const
{
    QStringList folders;
    const QString program = m_connection.executable.trimmed();
    if (program.isEmpty())
        return {};
    if (program.contains(QLatin1Char('/'))) {
        const QFileInfo info(QDir::cleanPath(QDir::fromNativeSeparators(program)));
        folders.append(info.absolutePath());
        // The file itself too: made executable after it was written (chmod +x) changes only it.
        if (info.exists())
            folders.append(info.absoluteFilePath());
    } else {
        const QString path = m_connection.environment().value(QStringLiteral("PATH"));
        for (const QString& folder : path.split(QDir::listSeparator(), Qt::SkipEmptyParts))
            folders.append(QDir(folder).absolutePath());
    }
    QStringList paths;
    for (const QString& folder : folders) {
        const QString existing = QFileInfo(folder).isFile() ? folder : nearestExisting(folder);
        if (!existing.isEmpty() && !paths.contains(existing))
            paths.append(existing);
    }
    return paths;
}

void ExecutableWatcher::watch(const kosa8::ConnectionProfile& connection)
{
    m_connection = connection;
    m_watching = true;
    rewatch();
    m_fallback->start();
    m_settle->start(); // it may be there already
}

void ExecutableWatcher::stop()
{
    m_watching = false;
    m_settle->stop();
    m_fallback->stop();
    const QStringList watched = watchedPaths();
    if (!watched.isEmpty())
        m_watcher->removePaths(watched);
}

void ExecutableWatcher::rewatch()
{
    const QStringList wanted = pathsFor();
    const QStringList watched = watchedPaths();
    QStringList gone;
    for (const QString& path : watched) {
        if (!wanted.contains(path))
            gone.append(path);
    }
    if (!gone.isEmpty())
        m_watcher->removePaths(gone);
    QStringList added;
    for (const QString& path : wanted) {
        if (!watched.contains(path))
            added.append(path);
    }
    if (!added.isEmpty()) {
        const QStringList failed = m_watcher->addPaths(added);
        for (const QString& path : failed)
            spdlog::info("health: cannot watch {} for kosa8 (the slow re-check still looks)",
                         path.toStdString());
    }
}

void ExecutableWatcher::lookAgain()
{
    if (!m_watching)
        return;
    const QString executable = m_connection.resolvedExecutable();
    if (executable.isEmpty()) {
        // A folder on the way may have been made: watch the nearer one now.
        rewatch();
        return;
    }
    spdlog::info("health: kosa8 appeared at {}", executable.toStdString());
    stop();
    Q_EMIT found(executable);
}

} // namespace k8::app
