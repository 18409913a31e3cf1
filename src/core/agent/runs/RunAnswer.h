// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/socket/SerialWorker.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace k8::agent {

// The end of an approved run as RunExecutor hands it over: the run's small fields, and its output
// as the bytes kosa8 printed (up to the runner's cap, 4 MiB per stream by default), not yet
// decoded. Decoding megabytes and writing them as JSON is left to buildRunAnswer(), which runs off
// the UI thread (RunAnswerBuilder); the byte arrays are shared, not copied, on the way.
struct RunOutcome
{
    // ran: exit_code, truncated, duration_ms, sandbox, image, checkpoint.
    // Not ran: the -32010 data without its stderr: command, exit_code, outcome, checkpoint, step.
    QJsonObject fields;
    bool withStdout = false; // ran: "stdout" is part of the result
    QByteArray stdoutData;
    QByteArray stderrData;
    QString stderrTail; // appended to the decoded stderr (what went wrong, when kosa8 did not exit)

    // `fields` with "stdout" (when withStdout) and "stderr" decoded as lossy UTF-8 (invalid
    // sequences become U+FFFD, as JobResult::stdoutText() does). Megabytes of work for a large run.
    QJsonObject result() const;
};

// Everything the answer to one finished run is made of. The worker reads only the fields marked
// so; the rest stays for the UI thread's side (whom to answer, what to tell the window).
struct RunAnswerJob
{
    Request request; // the run request (UI thread: whom to answer)
    bool ran = false;
    QString message; // not ran: what failed (already translated)
    // For the worker:
    RunOutcome outcome;
    QJsonValue rpcId;
    QString decision;         // decisionName(): added unless the run set "decision" itself
    QString code;             // the code that ran: added unless the run set "code" itself
    qint64 droppedBytes = 0;  // run.output bytes the agent never received (ran only)
    QString sandbox;          // where it ran (added to what the window shows of a failure)
    QJsonObject resetOutcome; // RunExecutor::resetOutcome(): shown in the window, not sent
};

struct RunAnswer
{
    QByteArray line;   // the JSON-RPC answer, ready for the socket
    QJsonObject shown; // ReviewCoordinator::runFinished()'s result
};

// Builds the answer line and the shown result from `job`'s worker fields only, so it may run on
// any thread. The line is byte for byte what the service wrote when it built it on the UI thread
// (rpcResult / rpcError of the same object).
RunAnswer buildRunAnswer(const RunAnswerJob& job);

// Builds the answers to finished runs on a thread of its own and hands them back to the owner's
// thread in the order the runs finished (built()). A 4 MiB answer costs tens of milliseconds to
// decode and write as canonical JSON; on the UI thread that was the longest stall of a large run
// (bench/README.md, bench_run_stream).
//
// The owner writes each answer when built() comes. settle() waits for the builds in flight and
// hands them all out at once (at quit, so no finished run loses its answer). The destructor waits
// for a build still running and hands nothing out.
class RunAnswerBuilder : public QObject
{
    Q_OBJECT
public:
    explicit RunAnswerBuilder(QObject* parent = nullptr);
    ~RunAnswerBuilder() override;

    void build(const RunAnswerJob& job);
    // Waits for every build in flight and emits built() for each, in order, before it returns.
    void settle();
    bool isIdle() const { return m_inFlight.isEmpty(); }
    int inFlightCount() const { return int(m_inFlight.size()); }
    // The one thread the answers are built on (tests hold it busy to widen the time a build is in
    // flight).
    SerialWorker& worker() { return m_worker; }

Q_SIGNALS:
    void built(const k8::agent::RunAnswerJob& job, const k8::agent::RunAnswer& answer);

private:
    // One answer being built: written by the worker, read by the owner's thread, under `mutex`.
    struct Slot
    {
        std::mutex mutex;
        std::condition_variable done;
        std::optional<RunAnswer> answer;
    };
    struct InFlight
    {
        RunAnswerJob job;
        std::shared_ptr<Slot> slot;
    };
    static bool isBuilt(Slot& slot);

private Q_SLOTS:
    // Hands out the finished builds at the front of the queue (a later one waits for an earlier).
    // A slot, called by name from the worker (see build()).
    void deliverFinished();

private:
    // Returns what the builds freed to the system (glibc keeps a thread's arena otherwise).
    void releaseFreedMemory();

    QList<InFlight> m_inFlight; // in the order build() was called
    SerialWorker m_worker;      // last: its thread ends first, while the rest is still there
};

} // namespace k8::agent
