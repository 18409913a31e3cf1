// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/runs/RunAnswer.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>

class QTimer;

namespace k8::kosa8 {
class Kosa8Job;
class Kosa8Runner;
struct JobResult;
} // namespace k8::kosa8

namespace k8::agent {

// Whether a sandbox goes back to its base checkpoint after every approved run, and which base.
// The option lives with the timeline (main.cpp hands it over as a RunResetPolicy), so the agent
// layer needs no link to it.
struct RunResetPlan
{
    bool resetAfterRun = false;
    QString baseLabel; // empty: the option is on but there is no base to go back to
};
using RunResetPolicy = std::function<RunResetPlan(const QString& sandbox)>;

// Runs one approved `run`: a checkpoint first (unless the request said checkpoint false), then
// `sandbox run` through the runner, code as one argument only when its bytes pass through argv
// unchanged (CommandProfile::fitsOneArgument: small, ASCII, no NUL) and on standard input
// otherwise. Streams the run's output. When the sandbox resets after every run (RunResetPolicy),
// `rewind NAME --to BASE --yes` follows the run however it ended, and finished() comes only after
// it, so whoever waits for finished() knows the sandbox is clean again (but see the budget).
// Ends with exactly one finished(), then one idle().
//
// The budget (docs/protocol.md, `run`): a run's timeout_s is one time limit for everything from
// its approval (approve()) to its answer: waiting for its sandbox, the checkpoint, the run and
// the reset. Each kosa8 step gets what is left of it, and a step that does not end in time is
// killed and reported as that step's failure (-32010, data.step). The checkpoint and the reset
// never get longer than stepLimitMs, with or without timeout_s. A reset still going when the
// budget ends does not hold the answer: finished() comes then, and the reset goes on (within
// stepLimitMs) until idle(), so the next run in the sandbox still starts after it.
class RunExecutor : public QObject
{
    Q_OBJECT
public:
    // The Linux limit for one argument is 128 KiB; stay well below it.
    static constexpr qint64 DefaultStdinThresholdBytes = 100 * 1024;
    // The longest a checkpoint before a run or a reset after it may take (AgentSettings).
    static constexpr int DefaultStepLimitMs = 120'000;

    // Where the run is (the service's `cancel` withdraws a run until its code starts).
    enum class Step
    {
        Approved,   // approved, waiting for its sandbox (start() not called yet)
        Checkpoint, // the checkpoint before the code
        Run,        // the code runs (or is about to)
        Reset,      // the rewind to the base after the run
        Done        // idle() was emitted, or is about to be
    };

    explicit RunExecutor(kosa8::Kosa8Runner* runner, QObject* parent = nullptr);
    ~RunExecutor() override;

    void setStdinThresholdBytes(qint64 bytes) { m_stdinThreshold = bytes; }
    void setResetPolicy(RunResetPolicy policy) { m_resetPolicy = std::move(policy); }
    void setStepLimitMs(int ms) { m_stepLimitMs = ms > 0 ? ms : DefaultStepLimitMs; }

    // The run was approved: `spec` carries the code that runs (the edited one after an edit), the
    // sandbox and image, and its timeout_s, whose budget starts now (a run still waiting for its
    // sandbox when it ends is answered as a failure of the "queue" step, and never starts).
    void approve(const RunSpec& spec);
    // Its turn in the sandbox: the steps begin, within what is left of the budget.
    void start();
    // approve(spec), then start().
    void start(const RunSpec& spec);
    // Stops whichever kosa8 process is running; nothing follows it (no reset), and finished()
    // follows as a kosa8 failure.
    void cancel();
    Step step() const { return m_step; }
    // Started and not idle yet.
    bool isRunning() const { return m_running; }
    // The exact command of the run step (for the UI), once it is known.
    QString runPreview() const { return m_runPreview; }
    // What the reset after the run did, for the run's record and the inbox (not for the agent):
    // {base, ok, command, error?} once it ran, {skipped: reason} when the option is on without a
    // base; empty when the sandbox has no such option. When the budget ended during the reset:
    // {base, command, ok: false, error} saying it was still going (resetFinished() says how it
    // ended).
    QJsonObject resetOutcome() const { return m_resetOutcome; }

    // The step names of the -32010 data's "step".
    static QString stepName(Step step);

Q_SIGNALS:
    // A kosa8 step started: its exact command line.
    void stepStarted(const QString& commandPreview);
    // Output of the code as it arrives: the bytes kosa8 printed (the token masked), each piece
    // ending after a whole UTF-8 character (an end cut inside one waits for the next read, or
    // the stream's end), so that a piece decodes alone as it does within the whole stream.
    // Pieces are as kosa8's reads come (Kosa8Job::outputChunk); decoding is left to the readers.
    void output(bool isStderr, const QByteArray& bytes);
    // ran == true: `outcome.result()` holds exit_code, stdout, stderr, truncated, duration_ms,
    // sandbox, image, checkpoint. ran == false: kosa8 itself failed or a step ran out of time;
    // `message` says what and `outcome.result()` holds the -32010 data {command, exit_code,
    // stderr, outcome, checkpoint, step}. The output is handed over as kosa8's bytes: decoding it
    // is left to whoever needs it (the service does it off the UI thread, RunAnswerBuilder).
    void finished(bool ran, const k8::agent::RunOutcome& outcome, const QString& message);
    // The last kosa8 step of the run ended: the sandbox is free for the next run. Right after
    // finished(), or later when the budget ended during the reset.
    void idle();
    // The reset after the run: started (its exact command line), ended, or not possible.
    void resetStarted(const QString& sandbox, const QString& baseLabel, const QString& command);
    void resetFinished(const QString& sandbox, const k8::kosa8::JobResult& result);
    void resetSkipped(const QString& sandbox, const QString& reason);

private:
    // Picks how the code reaches the interpreter (one argument or standard input); false with
    // *problem when it cannot reach it exactly as approved.
    bool planRun(QString* problem);
    void startCheckpoint();
    void startRun();
    void checkpointFinished(const kosa8::JobResult& result);
    void runFinished(const kosa8::JobResult& result);
    void takeOutput(bool isStderr, const QByteArray& data);
    void releaseHeldOutput();
    void fail(const QString& message, const kosa8::JobResult& result);
    void fail(const QString& message, const QString& command);
    // Rewinds to the base when the policy says so, then emits finished(); emits it at once otherwise.
    void finishAfterReset(bool ran, const RunOutcome& outcome, const QString& message);
    void resetFinishedWith(const kosa8::JobResult& result);
    // The answer held for the reset goes out (the budget ended while the reset runs).
    void answerBeforeTheReset();
    void emitFinished(bool ran, const RunOutcome& outcome, const QString& message);
    void becomeIdle();
    void budgetEnded();
    // What is left of the budget in ms; -1 without timeout_s.
    qint64 budgetLeftMs() const;
    // A kosa8 step's time limit: what is left of the budget, at most `cap` (0: no cap); 0 when
    // the budget is spent. *fromBudget: the budget, not the cap, sets it.
    int stepLimitMs(int cap, bool* fromBudget) const;

    QPointer<kosa8::Kosa8Runner> m_runner;
    QPointer<kosa8::Kosa8Job> m_job;
    RunSpec m_spec;
    qint64 m_stdinThreshold = DefaultStdinThresholdBytes;
    int m_stepLimitMs = DefaultStepLimitMs;
    QString m_runPreview;
    QByteArray m_codeBytes;    // exactly what runs: the approved code as UTF-8
    QStringList m_interpreter; // the interpreter's argv (with the code only when it is an argument)
    bool m_viaStdin = false;
    QString m_checkpointTaken; // the label, once the checkpoint succeeded
    QByteArray m_stdoutHeld;   // the start of a character the next read completes
    QByteArray m_stderrHeld;
    bool m_stdoutStarted = false; // some of the stream went out (its start is behind)
    bool m_stderrStarted = false;
    Step m_step = Step::Approved;
    bool m_approved = false;
    bool m_running = false;
    bool m_done = false;            // the outcome is decided (fail() or the run's result)
    bool m_answered = false;        // finished() was emitted
    bool m_cancelled = false;       // cancel(): no further step
    bool m_kosa8Touched = false;    // a kosa8 step started: the sandbox may have changed
    bool m_limitFromBudget = false; // the step going on ends with the budget, not its own cap
    int m_stepLimitUsedMs = 0;      // the checkpoint's time limit
    QElapsedTimer m_budgetClock;    // since approve()
    QTimer* m_budgetTimer = nullptr;
    RunResetPolicy m_resetPolicy;
    QJsonObject m_resetOutcome;
    // finished()'s arguments, held while the reset runs
    bool m_pendingRan = false;
    RunOutcome m_pendingOutcome;
    QString m_pendingMessage;
};

} // namespace k8::agent
