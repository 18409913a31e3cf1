// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/runs/RunAnswer.h"
#include "kosa8/Operation.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

class QTimer;

namespace k8::kosa8 {
class Kosa8Job;
class Kosa8Runner;
struct JobResult;
} // namespace k8::kosa8

namespace k8::agent {
class RunExecutor;
}

namespace k8::trial {

class CopyRemoval;
class TrialCopies;

// What a trial runs: the code as it stands on the sheet, where the request would run it.
struct TrialSpec
{
    static constexpr int DefaultLimitMs = 60'000;
    QString code;
    QString language = QStringLiteral("python");
    QString sandbox; // the request's own sandbox: the only one a trial forks
    QString image;
    int limitMs = DefaultLimitMs;   // for the code in the copy; the copy's set-up and removal have their own
    qint64 stdinThresholdBytes = 0; // 0: RunExecutor's default, as for an approved run
};

// How a trial ended. Never an approval, and never sent to an agent.
struct TrialResult
{
    bool ran = false; // the code ran in the copy and exited (exitCode holds its exit code)
    int exitCode = -1;
    qint64 durationMs = 0;
    bool timedOut = false; // stopped at the trial's time limit
    bool truncated = false;
    QByteArray stdoutData; // kosa8's bytes, capped as a run's (RunnerLimits::outputCapBytes)
    QByteArray stderrData;
    QString copy; // the copy's name; empty when none was made (or kosa8 named none)
    bool copyRemoved = false;
    QString problem;        // why the code did not run or did not finish; empty when it did
    QString removalProblem; // why the copy is still there; empty when removed or never made
    QString codeSha256;     // SHA-256 of the UTF-8 code that was tried
    QStringList commands;   // the exact command of every step, in order
};

// One trial, start to end: `sandbox ls` (the sandbox must be there and running, and what is
// there already is never taken for the copy), `fork SANDBOX -n 1` (kosa8 prints the copy's name,
// written down at once in TrialCopies; a name that was listed before the fork is no copy, and the
// trial stops without touching it), `sandbox egress COPY --egress deny`, then `sandbox ls` to read the copy's
// egress back: the code runs only when the list says deny. It runs as an approved run would
// (RunExecutor: the same image, language and way to the interpreter), without a checkpoint, within
// TrialSpec::limitMs; then `sandbox rm COPY`, and when kosa8 refuses, `sandbox stop COPY` and
// `sandbox rm COPY` again. Whatever fails, the copy is removed if one was made, and a copy that
// cannot be removed stays written down (a leftover, removed at the next start). Ends with exactly
// one finished().
//
// Between the fork and the egress change the copy's own processes, copies of the original's, have
// the original's network (docs/design.md, "Trial runs"); no code of the request is in it yet.
class TrialRun : public QObject
{
    Q_OBJECT
public:
    enum class Step
    {
        Idle,
        ListBefore, // the sandboxes before the fork: a name the fork prints must be new
        Fork,
        Egress,
        Check,
        Run,
        Remove, // the copy is removed (rm, then stop and rm when kosa8 refuses)
        Done
    };

    // `runner` and `copies` are not owned and must outlive the trial.
    TrialRun(kosa8::Kosa8Runner* runner, TrialCopies* copies, QObject* parent = nullptr);
    ~TrialRun() override;

    void start(const TrialSpec& spec);
    // The person stops the trial (or the sheet goes away): the step going on is stopped and the
    // copy, if there is one, is removed; finished() follows.
    void cancel();
    bool isRunning() const { return m_step != Step::Idle && m_step != Step::Done; }
    Step step() const { return m_step; }
    const TrialSpec& spec() const { return m_spec; }

Q_SIGNALS:
    // A kosa8 step started: what it does, for people ("Forking box1…"), and its exact command.
    void stepStarted(const QString& what, const QString& command);
    // The code's output as it arrives (whole UTF-8 characters per piece, as RunExecutor gives).
    void output(bool isStderr, const QByteArray& bytes);
    void finished(const k8::trial::TrialResult& result);

private:
    void startListBefore();
    void listBeforeFinished(const kosa8::JobResult& result);
    void startFork();
    void forkFinished(const kosa8::JobResult& result);
    void startEgress();
    void egressFinished(const kosa8::JobResult& result);
    void startCheck();
    void checkFinished(const kosa8::JobResult& result);
    void startCode();
    void codeFinished(bool ran, const agent::RunOutcome& outcome, const QString& message);
    void limitReached();
    // Stops there: nothing more of the request runs; the copies the fork named, if any, are
    // removed, and with none the trial ends at once.
    void stopAndRemove(const QString& problem);
    void removed(const QStringList& removed, const QStringList& problems);
    void finish();
    kosa8::Kosa8Job* startJob(const QString& what, kosa8::Operation operation, const QVariantMap& params);
    // The next step, unless the person stopped the trial meanwhile (then the copy is removed).
    void goOn(void (TrialRun::*next)());

    QPointer<kosa8::Kosa8Runner> m_runner;
    TrialCopies* m_copies;
    QPointer<kosa8::Kosa8Job> m_job;
    agent::RunExecutor* m_executor = nullptr;
    QTimer* m_limit = nullptr;
    TrialSpec m_spec;
    TrialResult m_result;
    Step m_step = Step::Idle;
    bool m_cancelled = false;
    CopyRemoval* m_removal = nullptr;
    QStringList m_toRemove; // every copy the fork named
    QStringList m_before;   // the sandboxes listed before the fork
};

} // namespace k8::trial

Q_DECLARE_METATYPE(k8::trial::TrialResult)
