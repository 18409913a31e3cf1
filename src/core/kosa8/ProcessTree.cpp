// SPDX-License-Identifier: Apache-2.0
#include "kosa8/ProcessTree.h"

#include <QList>
#include <QPair>
#include <QSet>
#include <QtGlobal>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/types.h>
#include <unistd.h>

#ifdef Q_OS_LINUX
#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#endif

namespace k8::kosa8 {

namespace {

#ifdef Q_OS_LINUX

// A whole small file of /proc (stat, environ) into `buffer`; false when it cannot be read (gone,
// another user's process).
bool readProcFile(const char* path, QByteArray* buffer)
{
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    buffer->clear();
    char chunk[4096];
    while (true) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        buffer->append(chunk, n);
        if (buffer->size() > 1024 * 1024) // an environment is at most a few hundred KiB
            break;
    }
    ::close(fd);
    return true;
}

struct ProcStat
{
    char state = '?';
    long processGroup = 0;
    long session = 0;
    qint64 startTicks = 0; // clock ticks after boot
};

// /proc/PID/stat: "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt
// cmajflt utime stime cutime cstime priority nice threads itrealvalue starttime ..."; comm may
// hold spaces and ')'.
bool parseStat(const QByteArray& text, ProcStat* stat)
{
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return false;
    const QList<QByteArray> fields = text.mid(close + 2).split(' ');
    if (fields.size() < 20 || fields.at(0).isEmpty())
        return false;
    bool okGroup = false;
    bool okSession = false;
    bool okStart = false;
    stat->state = fields.at(0).at(0);
    stat->processGroup = fields.at(2).toLong(&okGroup);
    stat->session = fields.at(3).toLong(&okSession);
    stat->startTicks = fields.at(19).toLongLong(&okStart);
    return okGroup && okSession && okStart;
}

bool readStat(pid_t pid, QByteArray* buffer, ProcStat* stat)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
    return readProcFile(path, buffer) && parseStat(*buffer, stat);
}

// Whether the NUL-separated environment holds `entry` ("NAME=VALUE") exactly, or (prefix) an
// entry starting with it.
bool environmentHolds(const QByteArray& environ, const QByteArray& entry, bool prefix)
{
    qsizetype from = 0;
    while (from < environ.size()) {
        qsizetype end = environ.indexOf('\0', from);
        if (end < 0)
            end = environ.size();
        const qsizetype length = end - from;
        if (length >= entry.size() &&
            std::memcmp(environ.constData() + from, entry.constData(), entry.size()) == 0 &&
            (prefix || length == entry.size()))
            return true;
        from = end + 1;
    }
    return false;
}

int pidfdOpen(pid_t pid)
{
#ifdef SYS_pidfd_open
    return int(::syscall(SYS_pidfd_open, pid, 0));
#else
    Q_UNUSED(pid);
    errno = ENOSYS;
    return -1;
#endif
}

bool pidfdKill(int pidfd)
{
#ifdef SYS_pidfd_send_signal
    return ::syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, nullptr, 0) == 0;
#else
    Q_UNUSED(pidfd);
    return false;
#endif
}

// One pass over /proc. Kills (SIGKILL) every live process started at or after `notBefore`
// (clock ticks after boot) that is in the session or group of `leader` (when leader > 0) or
// whose environment holds `entry`. Returns how many it signalled.
int sweepOnce(pid_t leader, qint64 notBefore, const QByteArray& entry, bool prefix,
              QSet<QPair<pid_t, qint64>>* signalled)
{
    DIR* proc = ::opendir("/proc");
    if (!proc)
        return 0;
    const pid_t self = ::getpid();
    int killed = 0;
    QByteArray statText;
    QByteArray environ;
    char path[64];
    while (dirent* item = ::readdir(proc)) {
        char* end = nullptr;
        const long value = std::strtol(item->d_name, &end, 10);
        if (value <= 1 || !end || *end != '\0' || value == self)
            continue;
        const pid_t pid = pid_t(value);
        ProcStat stat;
        // Only the stat file of each process: a descendant of kosa8 started after kosa8 did, so
        // older processes need no further look (this keeps a pass to a few milliseconds).
        if (!readStat(pid, &statText, &stat) || stat.state == 'Z' || stat.state == 'X' ||
            stat.startTicks < notBefore || signalled->contains({pid, stat.startTicks}))
            continue; // (one signalled in an earlier pass may not have died yet)
        bool match = leader > 0 && (stat.session == leader || stat.processGroup == leader);
        std::snprintf(path, sizeof path, "/proc/%d/environ", int(pid));
        if (!match && !entry.isEmpty() && readProcFile(path, &environ))
            match = environmentHolds(environ, entry, prefix);
        if (!match)
            continue;
        // Held by a pidfd, then checked to be the same process (same start time): a pid reused
        // since it was read is never signalled.
        const int pidfd = pidfdOpen(pid);
        if (pidfd >= 0) {
            ProcStat again;
            if (readStat(pid, &statText, &again) && again.startTicks == stat.startTicks && pidfdKill(pidfd)) {
                ++killed;
                signalled->insert({pid, stat.startTicks});
            }
            ::close(pidfd);
        } else if (errno == ENOSYS && ::kill(pid, SIGKILL) == 0) {
            ++killed; // a kernel before 5.3: the small window of a reused pid remains
            signalled->insert({pid, stat.startTicks});
        }
    }
    ::closedir(proc);
    return killed;
}

int sweep(pid_t leader, qint64 notBefore, const QByteArray& entry, bool prefix)
{
    // A process signalled in one pass cannot fork any more, but one of the same job may have
    // forked after this pass read it; the next pass finds that child. A bound in case something
    // keeps respawning (a parent outside the tree restarting children with the same tag).
    constexpr int MaxPasses = 5;
    int total = 0;
    QSet<QPair<pid_t, qint64>> signalled;
    for (int pass = 0; pass < MaxPasses; ++pass) {
        const int killed = sweepOnce(leader, notBefore, entry, prefix, &signalled);
        total += killed;
        if (killed == 0)
            break;
    }
    return total;
}

#endif // Q_OS_LINUX

} // namespace

QString ProcessTree::tagVariable()
{
    return QStringLiteral("KOSA8DESK_JOB");
}

QString ProcessTree::jobTag(quint64 runnerSerial, quint64 jobId)
{
    return runnerTagPrefix(runnerSerial) + QString::number(jobId);
}

QString ProcessTree::runnerTagPrefix(quint64 runnerSerial)
{
    return QStringLiteral("%1-%2-").arg(::getpid()).arg(runnerSerial);
}

quint64 ProcessTree::nextRunnerSerial()
{
    static std::atomic<quint64> serial{0};
    return ++serial;
}

void ProcessTree::detachChild() noexcept
{
    // A fresh child of fork() is never a group leader, so setsid() succeeds; should it not, the
    // old behaviour (a group of its own) still lets endTree() reach what stays in the group.
    if (::setsid() < 0)
        ::setpgid(0, 0);
}

qint64 ProcessTree::startTicks(qint64 pid)
{
#ifdef Q_OS_LINUX
    QByteArray buffer;
    ProcStat stat;
    if (pid > 0 && readStat(pid_t(pid), &buffer, &stat))
        return stat.startTicks;
#else
    Q_UNUSED(pid);
#endif
    return 0;
}

int ProcessTree::endTree(qint64 leader, qint64 leaderStartTicks, const QString& tag)
{
    int killed = 0;
    // The group outlives its leader while any member lives, and its id is not reused meanwhile
    // (the kernel keeps a pid that is still some group's or session's id); kill() on an empty
    // group fails with ESRCH and does nothing.
    if (leader > 1 && ::kill(-pid_t(leader), SIGKILL) == 0)
        ++killed;
#ifdef Q_OS_LINUX
    const QByteArray entry = tag.isEmpty() ? QByteArray() : (tagVariable() + QLatin1Char('=') + tag).toUtf8();
    killed += sweep(leader > 1 ? pid_t(leader) : 0, leaderStartTicks, entry, false);
#else
    Q_UNUSED(leaderStartTicks);
    Q_UNUSED(tag);
#endif
    return killed;
}

int ProcessTree::endTagged(const QString& tagPrefix)
{
#ifdef Q_OS_LINUX
    if (tagPrefix.isEmpty())
        return 0;
    return sweep(0, 0, (tagVariable() + QLatin1Char('=') + tagPrefix).toUtf8(), true);
#else
    Q_UNUSED(tagPrefix);
    return 0;
#endif
}

bool ProcessTree::canSweepDescendants()
{
#ifdef Q_OS_LINUX
    return true;
#else
    return false;
#endif
}

} // namespace k8::kosa8
