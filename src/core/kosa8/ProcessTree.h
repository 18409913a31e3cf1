// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

#include <sys/types.h>

namespace k8::kosa8 {

// Ends everything one kosa8 invocation left behind, also after kosa8 itself exited.
//
// Each kosa8 starts as the leader of its own session (detachChild(), so pgid == sid == pid), and
// its environment carries a tag (tagVariable() = "<app pid>-<runner>-<job>") that every process it
// starts inherits. endTree() then reaches, in this order:
//  1. the process group (kill(-leader)): everything that stayed in it;
//  2. on Linux, every process of the session (setpgid escapees) and every process carrying the
//     job's tag (setsid escapees, orphans reparented to init), found in /proc.
// A process that both left the session and cleared its environment is not found; nothing short
// of a cgroup would find it, and the app cannot count on being given one.
//
// Why not PR_SET_CHILD_SUBREAPER: it would make the app the parent of every orphan of every
// program it starts (not only kosa8's), which the app must then reap itself without taking the
// exit status of its own QProcess children from under Qt; and it still would not say which
// adopted process came from which kosa8. The tag says exactly that, with no change of parents.
//
// Processes are signalled through a pidfd where the kernel has them (Linux 5.3), checked to
// have the start time read before, so that a pid reused between reading /proc and sending
// SIGKILL is never hit.
class ProcessTree
{
public:
    // The environment variable holding a job's tag.
    static QString tagVariable();
    // A tag no other job of this app carries: "<app pid>-<runner>-<job>".
    static QString jobTag(quint64 runnerSerial, quint64 jobId);
    // The part of jobTag() shared by every job of one runner, for endTagged() at shutdown.
    static QString runnerTagPrefix(quint64 runnerSerial);
    // A serial for each runner, unique in this process.
    static quint64 nextRunnerSerial();

    // In the child between fork and exec (async-signal-safe): a new session, so the child is the
    // leader of both its process group and its session.
    static void detachChild() noexcept;

    // What a child needs to be bound to the app's life (bindChildToApp()), made on the app's side
    // before the child is started, because the child may not allocate.
    struct AppBinding
    {
        int lifeline = -1; // lifelineReadEnd(); -1: no watcher
        pid_t app = 0;     // this process
    };
    static AppBinding appBinding();
    // The read end of the app's lifeline: a pipe made once, both ends closed on exec, whose write
    // end only this process holds and never closes. It reaches end-of-file when the app is gone,
    // however it ended (SIGKILL, a crash, the OOM killer), and only then. -1 when no pipe can be made.
    static int lifelineReadEnd();

    // In the child between fork and exec (async-signal-safe), instead of detachChild(): a new
    // session as there, then a watcher so that nothing kosa8 starts outlives the app. The child
    // forks a small watcher (it never execs) that closes everything but the lifeline and waits on
    // it: at end-of-file (the app is gone) it SIGKILLs kosa8's session members (Linux, /proc) and
    // process group, itself last. When kosa8 exits first, the watcher just exits (the app ends
    // what kosa8 left, endTree()). PR_SET_PDEATHSIG alone would not do: it reaches only kosa8,
    // not what kosa8 starts, and fires when the *thread* that started kosa8 ends. So kosa8 gets a
    // death signal only when the watcher could not be forked (Linux). A child whose app is gone
    // before this runs exits at once (127) without running kosa8.
    static void bindChildToApp(const AppBinding& binding) noexcept;

    // SIGKILL to the group and session led by `leader` (which may have exited already) and to
    // every process whose environment holds tagVariable()=`tag`. Repeats the /proc pass while it
    // finds something, so a process forked during a pass is found by the next. Returns how many
    // processes were signalled by pid (the group counts as one when it still had members).
    // `leaderStartTicks` (startTicks() of the leader, 0 when unknown) spares reading the
    // environment of processes older than kosa8, which cannot be its descendants.
    // Reads /proc (a file per live process), so a job calls it off the UI thread.
    static int endTree(qint64 leader, qint64 leaderStartTicks, const QString& tag);
    // The thread the last endTree() ran on (for tests: it is not the UI thread).
    static Qt::HANDLE lastEndTreeThread();
    // When the process started (Linux: clock ticks after boot, /proc/PID/stat); 0 when unknown.
    static qint64 startTicks(qint64 pid);
    // SIGKILL to every process whose tag starts with `tagPrefix` (an app quitting, a runner going away).
    static int endTagged(const QString& tagPrefix);

    // Whether this platform can find session members and tagged processes (Linux: /proc).
    static bool canSweepDescendants();
};

} // namespace k8::kosa8
