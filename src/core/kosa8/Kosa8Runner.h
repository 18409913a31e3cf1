// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/CommandProfile.h"
#include "kosa8/ConnectionProfile.h"
#include "kosa8/JobResult.h"
#include "kosa8/StreamMask.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QVariantMap>

class QProcess;
class QTimer;

namespace k8::kosa8 {

struct RunnerLimits
{
    qint64 outputCapBytes = 4 * 1024 * 1024; // per stream; the rest is counted, not kept
    int defaultTimeoutMs = 60'000;
    int longTimeoutMs = 30 * 60'000; // pull, run, create
    // Code larger than this goes on standard input (sandbox.run -> sandbox.run.stdin): Linux
    // limits one argument to 128 KiB, and the rest of argv and the environment share the space.
    qint64 maxCodeArgumentBytes = 100 * 1024;
};

// One running (or finished) kosa8 process. Owned by the runner; deletes itself later after
// finished() has been delivered. Streams output line by line as it arrives.
class Kosa8Job : public QObject
{
    Q_OBJECT
public:
    ~Kosa8Job() override;
    quint64 id() const { return m_id; }
    Operation operation() const { return m_operation; }
    QString preview() const { return m_preview; }
    bool isFinished() const { return m_finished; }
    // Kills the whole process tree (process group). finished() follows with Outcome::Cancelled.
    void cancel();
    // Valid once finished() has been emitted.
    const JobResult& result() const { return m_result; }

Q_SIGNALS:
    void started();
    // One complete line (without the line end; CR and ANSI codes kept as printed) per signal.
    // A last line without '\n' is delivered before finished().
    void stdoutLine(const QString& line);
    void stderrLine(const QString& line);
    // Raw bytes as they arrive, for consoles that want them unsplit.
    void outputChunk(bool isStderr, const QByteArray& data);
    void finished(const k8::kosa8::JobResult& result);

private:
    friend class Kosa8Runner;
    explicit Kosa8Job(quint64 id, Operation op, QObject* parent);
    void readStream(bool isStderr);
    // Masked output of a stream: signalled, kept up to the cap, split into lines.
    void takeOutput(bool isStderr, const QByteArray& data);
    // The ends of the streams held back as a possible start of the token (StreamMask).
    void releaseHeldOutput();
    void splitLines(bool isStderr, bool flushPartial);
    void killTree();
    // After kosa8 exited: what it left behind (see ProcessTree); nothing for a job that may
    // rightly leave a process running (leavesProcesses()).
    void endLeftovers();
    void onProcessFinished(int exitCode, bool crashed);
    // The rest of onProcessFinished(), once endLeftovers()'s pass over /proc has ended on the
    // thread pool: a pass reads a file per live process (a few ms on a quiet machine, more on a
    // desktop with hundreds), and every kosa8 call ends with one.
    void finishAfterLeftovers(int exitCode, bool crashed);
    void onFailedToStart(const QString& message);
    // Ends the job exactly once; deferred to the event loop while inside start().
    void complete(JobResult::Outcome outcome, int exitCode, const QString& errorText);
    quint64 m_id;
    Operation m_operation;
    QString m_preview;
    bool m_finished = false;
    QPointer<QProcess> m_process;
    QTimer* m_timeout = nullptr;
    JobResult m_result;
    QByteArray m_stdoutPartial;
    QByteArray m_stderrPartial;
    bool m_cancelRequested = false;
    bool m_exited = false; // kosa8 has exited (the job may still end what it left behind)
    bool m_timedOut = false;
    bool m_inStart = false;
    bool m_completing = false;
    bool m_splitLines = true;
    qint64 m_outputCap = 0;
    qint64 m_leaderPid = 0;         // kosa8's pid, kept after it exited: the id of its group and session
    qint64 m_leaderStartTicks = 0;  // ProcessTree::startTicks() of kosa8
    QString m_tag;                  // ProcessTree::tagVariable() in its environment; empty: not tagged
    ConnectionProfile m_connection; // for masking the token in stderr
    // The token masked in each stream as it is read, also across two reads.
    StreamMask m_stdoutMask{{}, {}};
    StreamMask m_stderrMask{{}, {}};
    QElapsedTimer m_clock;
};

struct JobOptions
{
    int timeoutMs = 0; // 0: the runner's default for the operation
    QByteArray standardInput;
    // False: no stdoutLine()/stderrLine() signals, only outputChunk(). A reader that parses the
    // raw bytes itself (the history's million-line audit list) spares the UI thread a QString
    // per line.
    bool splitLines = true;
};

// Starts kosa8 processes asynchronously through the command profile. Nothing here blocks.
// Every job ends with exactly one finished() (also when it never started: Invalid,
// FailedToStart), delivered from the event loop, never from inside start().
class Kosa8Runner : public QObject
{
    Q_OBJECT
public:
    explicit Kosa8Runner(QObject* parent = nullptr);
    // Ends every process tree it started that is still alive (the app quitting).
    ~Kosa8Runner() override;

    // Whether a job of this operation may rightly leave a process running after kosa8 exited
    // (`daemon start` starts the daemon): such a job's leftovers are not ended when it finishes,
    // nor at quit, only on cancel and timeout (its process group).
    static bool leavesProcesses(Operation op);

    void setProfile(const CommandProfile& profile) { m_profile = profile; }
    const CommandProfile& profile() const { return m_profile; }
    void setConnection(const ConnectionProfile& connection) { m_connection = connection; }
    const ConnectionProfile& connection() const { return m_connection; }
    void setLimits(const RunnerLimits& limits) { m_limits = limits; }
    const RunnerLimits& limits() const { return m_limits; }

    // Builds the argv from the profile (validating the names in params: "name" as a sandbox,
    // "image", "label", "id" as a snapshot id, each element of "hosts" and "mount_list") and
    // starts it. The returned job is never null.
    Kosa8Job* start(Operation op, const QVariantMap& params = {}, const JobOptions& options = {});

    // The exact command start() would run, for "show command" buttons; empty + *error when
    // params are invalid.
    QString preview(Operation op, const QVariantMap& params, QString* error = nullptr) const;
    // Builds the command line without running it (validation included).
    CommandLine build(Operation op, const QVariantMap& params, QString* error) const;

    int runningCount() const { return int(m_running.size()); }
    void cancelAll();

Q_SIGNALS:
    // For the command log: every job the runner starts and how it ended.
    void jobStarted(k8::kosa8::Kosa8Job* job);
    void jobFinished(const k8::kosa8::JobResult& result);

private:
    int timeoutFor(Operation op, const JobOptions& options) const;
    void startProcess(Kosa8Job* job, const CommandLine& command, const QString& executable, int timeoutMs);
    CommandProfile m_profile = CommandProfile::builtIn();
    ConnectionProfile m_connection;
    RunnerLimits m_limits;
    quint64 m_nextId = 1;
    quint64 m_serial; // ProcessTree::runnerTagPrefix()
    QHash<quint64, QPointer<Kosa8Job>> m_running;
};

} // namespace k8::kosa8
