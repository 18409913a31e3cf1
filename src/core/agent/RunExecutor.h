// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/Request.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringDecoder>

namespace k8::kosa8 {
class Kosa8Job;
class Kosa8Runner;
struct JobResult;
} // namespace k8::kosa8

namespace k8::agent {

// Runs one approved `run`: a checkpoint first (unless the request said checkpoint false), then
// `sandbox run` through the runner, code as one argument only when its bytes pass through argv
// unchanged (CommandProfile::fitsOneArgument: small, ASCII, no NUL) and on standard input
// otherwise. Streams the run's output; ends with exactly one finished().
class RunExecutor : public QObject
{
    Q_OBJECT
public:
    // The Linux limit for one argument is 128 KiB; stay well below it.
    static constexpr qint64 DefaultStdinThresholdBytes = 100 * 1024;

    explicit RunExecutor(kosa8::Kosa8Runner* runner, QObject* parent = nullptr);
    ~RunExecutor() override;

    void setStdinThresholdBytes(qint64 bytes) { m_stdinThreshold = bytes; }

    // `spec` carries the code that runs (the edited one after an edit), the sandbox and image.
    void start(const RunSpec& spec);
    // Stops whichever kosa8 process is running; finished() follows as a kosa8 failure.
    void cancel();
    bool isRunning() const { return m_running; }
    // The exact command of the run step (for the UI), once it is known.
    QString runPreview() const { return m_runPreview; }

Q_SIGNALS:
    // A kosa8 step started: its exact command line.
    void stepStarted(const QString& commandPreview);
    // Output of the code as it arrives (UTF-8 decoded across chunk boundaries), in pieces of at
    // most MaxOutputPieceBytes (OutputPieces.h) of UTF-8, whatever the lines' lengths.
    void output(bool isStderr, const QString& text);
    // ran == true: `result` holds exit_code, stdout, stderr, truncated, duration_ms, sandbox,
    // image, checkpoint. ran == false: kosa8 itself failed; `message` says what and `result`
    // holds the -32010 data {command, exit_code, stderr}.
    void finished(bool ran, const QJsonObject& result, const QString& message);

private:
    // Picks how the code reaches the interpreter (one argument or standard input); false with
    // *problem when it cannot reach it exactly as approved.
    bool planRun(QString* problem);
    void startCheckpoint();
    void startRun();
    void checkpointFinished(const kosa8::JobResult& result);
    void runFinished(const kosa8::JobResult& result);
    void fail(const QString& message, const kosa8::JobResult& result);
    void fail(const QString& message, const QString& command);

    QPointer<kosa8::Kosa8Runner> m_runner;
    QPointer<kosa8::Kosa8Job> m_job;
    RunSpec m_spec;
    qint64 m_stdinThreshold = DefaultStdinThresholdBytes;
    QString m_runPreview;
    QByteArray m_codeBytes;    // exactly what runs: the approved code as UTF-8
    QStringList m_interpreter; // the interpreter's argv (with the code only when it is an argument)
    bool m_viaStdin = false;
    QString m_checkpointTaken; // the label, once the checkpoint succeeded
    QStringDecoder m_stdoutDecoder{QStringDecoder::Utf8};
    QStringDecoder m_stderrDecoder{QStringDecoder::Utf8};
    bool m_running = false;
    bool m_done = false;
};

} // namespace k8::agent
