// SPDX-License-Identifier: Apache-2.0
#include "kosa8/ProcessTree.h"

#include <QList>
#include <QPair>
#include <QSet>
#include <QThread>
#include <QtGlobal>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef Q_OS_LINUX
#include <dirent.h>
#include <sys/prctl.h>
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

// ---- the watcher (bindChildToApp()): everything below runs in a child of fork() of a threaded
// program, so it makes system calls only: no allocation, no locks, no stdio.

// The lifeline's descriptor in the watcher, whatever it was in the app.
constexpr int WatcherLifeline = 3;
// How often the watcher looks whether kosa8 is still its parent when no signal says so (macOS
// has no PR_SET_PDEATHSIG; on Linux a mask or a kosa8 that changed it could hide the signal).
#ifdef Q_OS_LINUX
constexpr int ParentCheckMs = 1000;
#else
constexpr int ParentCheckMs = 250;
#endif

void wakeUp(int) {}

pid_t forkRaw() noexcept
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return ::_Fork(); // no atfork handlers, which could wait for a lock held by a thread that is gone
#elif defined(Q_OS_LINUX)
    return pid_t(::syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0));
#else
    return ::fork(); // macOS: the child of Qt's fork() has one thread and sane locks
#endif
}

// Closes every descriptor from `first` up.
void closeFrom(int first) noexcept
{
#if defined(Q_OS_LINUX) && defined(SYS_close_range)
    if (::syscall(SYS_close_range, unsigned(first), ~0U, 0U) == 0)
        return;
#endif
    struct rlimit limit;
    rlim_t last = 65536;
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < last)
        last = limit.rlim_cur;
    for (rlim_t fd = rlim_t(first); fd < last; ++fd)
        ::close(int(fd));
}

// Whether the lifeline is at end-of-file now (the app is gone); waits up to `timeoutMs`.
bool lifelineEnded(int timeoutMs) noexcept
{
    struct pollfd item;
    item.fd = WatcherLifeline;
    item.events = POLLIN;
    item.revents = 0;
    const int ready = ::poll(&item, 1, timeoutMs);
    if (ready < 0 && errno != EINTR)
        ::_exit(0); // the lifeline cannot be watched: no watcher rather than one that spins
    if (ready <= 0)
        return false; // timeout or a signal: look again
    char byte;
    const ssize_t n = ::read(WatcherLifeline, &byte, 1);
    return n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN);
}

#ifdef Q_OS_LINUX
// SIGKILL to every process of `session` but this one, read from /proc with getdents64.
int killSession(pid_t session) noexcept
{
    const int proc = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc < 0)
        return 0;
    const pid_t self = ::getpid();
    int killed = 0;
    alignas(8) char entries[4096];
    while (true) {
        const long size = ::syscall(SYS_getdents64, proc, entries, sizeof entries);
        if (size <= 0)
            break;
        for (long offset = 0; offset < size;) {
            struct Entry
            {
                quint64 inode;
                qint64 next;
                unsigned short length;
                unsigned char type;
                char name[1];
            };
            const auto* entry = reinterpret_cast<const Entry*>(entries + offset);
            offset += entry->length;
            pid_t pid = 0;
            const char* c = entry->name;
            for (; *c >= '0' && *c <= '9'; ++c)
                pid = pid * 10 + (*c - '0');
            if (*c != '\0' || pid <= 1 || pid == self)
                continue;
            char path[32] = "/proc/";
            int at = 6;
            for (const char* n = entry->name; *n && at < 24; ++n)
                path[at++] = *n;
            const char tail[] = "/stat";
            for (const char* t = tail; *t; ++t)
                path[at++] = *t;
            path[at] = '\0';
            const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
            if (fd < 0)
                continue;
            char text[512];
            const ssize_t length = ::read(fd, text, sizeof text - 1);
            ::close(fd);
            if (length <= 0)
                continue;
            // "pid (comm) state ppid pgrp session ...": after the last ')', the fourth field.
            ssize_t close = length - 1;
            while (close > 0 && text[close] != ')')
                --close;
            int field = 0;
            long value = 0;
            for (ssize_t i = close + 1; i < length; ++i) {
                if (text[i] == ' ') {
                    if (field == 4)
                        break;
                    ++field;
                    value = 0;
                } else if (field == 4 && text[i] >= '0' && text[i] <= '9') {
                    value = value * 10 + (text[i] - '0');
                }
            }
            if (field == 4 && value == session && ::kill(pid, SIGKILL) == 0)
                ++killed;
        }
    }
    ::close(proc);
    return killed;
}
#endif

// The watcher's life: see ProcessTree::bindChildToApp(). Never returns.
[[noreturn]] void watchOver(pid_t leader, int lifeline) noexcept
{
    // Holding nothing of the app's: a copy of a socket or pipe would keep the app's peers (agents,
    // QProcess's start-up pipe) from seeing it closed. Only the lifeline stays.
    if (lifeline != WatcherLifeline && ::dup2(lifeline, WatcherLifeline) < 0)
        ::_exit(0);
    const int null = ::open("/dev/null", O_RDWR);
    if (null >= 0) {
        for (int fd = 0; fd < 3; ++fd)
            ::dup2(null, fd);
    }
    closeFrom(WatcherLifeline + 1);
    // Only SIGKILL ends it: a kosa8 signalling its own group must not take the watcher with it.
    struct sigaction ignore;
    std::memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    for (int number :
         {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGUSR2, SIGALRM, SIGTSTP, SIGTTIN, SIGTTOU})
        ::sigaction(number, &ignore, nullptr);
    struct sigaction wake;
    std::memset(&wake, 0, sizeof wake);
    wake.sa_handler = &wakeUp;
    ::sigaction(SIGUSR1, &wake, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
#ifdef Q_OS_LINUX
    // Woken (not killed) when kosa8 ends, to exit with it.
    ::prctl(PR_SET_PDEATHSIG, SIGUSR1);
#endif
    while (::getppid() == leader) {
        if (lifelineEnded(ParentCheckMs)) {
#ifdef Q_OS_LINUX
            // What left kosa8's group but stayed in its session, then the group, this one included.
            for (int pass = 0; pass < 3 && killSession(leader) > 0; ++pass) {
            }
#endif
            ::kill(-leader, SIGKILL);
            ::_exit(0);
        }
    }
    // kosa8 ended while the app lives: the app ends what it left (Kosa8Job::endLeftovers()).
    // Unless the app went down with it: then the lifeline says so.
    if (lifelineEnded(0)) {
#ifdef Q_OS_LINUX
        killSession(leader);
#endif
        ::kill(-leader, SIGKILL);
    }
    ::_exit(0);
}

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

int ProcessTree::lifelineReadEnd()
{
    static int readEnd = -1;
    static std::once_flag made;
    std::call_once(made, [] {
        int ends[2] = {-1, -1};
#ifdef Q_OS_LINUX
        if (::pipe2(ends, O_CLOEXEC) != 0)
            return;
#else
        if (::pipe(ends) != 0)
            return;
        ::fcntl(ends[0], F_SETFD, FD_CLOEXEC);
        ::fcntl(ends[1], F_SETFD, FD_CLOEXEC);
#endif
        // The write end (ends[1]) stays open, unused, for as long as this process lives.
        readEnd = ends[0];
    });
    return readEnd;
}

ProcessTree::AppBinding ProcessTree::appBinding()
{
    AppBinding binding;
    binding.lifeline = lifelineReadEnd();
    binding.app = ::getpid();
    return binding;
}

void ProcessTree::bindChildToApp(const AppBinding& binding) noexcept
{
    detachChild();
    // The app died between fork and here: the watcher would never see its lifeline end.
    if (::getppid() != binding.app)
        ::_exit(127);
    if (binding.lifeline < 0)
        return;
    const pid_t leader = ::getpid();
    const pid_t watcher = forkRaw();
    if (watcher == 0)
        watchOver(leader, binding.lifeline);
#ifdef Q_OS_LINUX
    if (watcher < 0) {
        // No watcher: kosa8 at least does not outlive the thread that started it.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != binding.app)
            ::_exit(127);
    }
#endif
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

namespace {
std::atomic<Qt::HANDLE> lastEndTreeThreadId{nullptr};
} // namespace

Qt::HANDLE ProcessTree::lastEndTreeThread()
{
    return lastEndTreeThreadId.load();
}

int ProcessTree::endTree(qint64 leader, qint64 leaderStartTicks, const QString& tag)
{
    lastEndTreeThreadId = QThread::currentThreadId();
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
