// SPDX-License-Identifier: Apache-2.0
#include "kosa8/Kosa8Runner.h"

#include "kosa8/EgressPolicy.h"
#include "kosa8/Names.h"
#include "kosa8/ProcessTree.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QProcess>
#include <QThreadPool>
#include <QTimer>

#include <fcntl.h>

#include <spdlog/spdlog.h>

#include <csignal>
#include <sys/types.h>
#include <unistd.h>

namespace k8::kosa8 {

namespace {

// A line longer than this without a line end is delivered in pieces, so that a stream without
// newlines costs no more than one with them (no unbounded buffer, no huge signal).
constexpr qsizetype MaxPendingLine = 16 * 1024;
// outputChunk() carries at most this much per signal.
constexpr qsizetype MaxChunk = 16 * 1024;
#ifdef F_SETPIPE_SZ
// The size of a run's standard output pipe (startProcess(); Linux).
constexpr int RunPipeBytes = 256 * 1024;
#endif
// A stream that has printed this much gets the whole room its result keeps at once (see
// takeOutput()).
constexpr qsizetype LargeOutputBytes = 256 * 1024;

// Where to cut `data` to at most `max` bytes without splitting a UTF-8 sequence: back off over
// continuation bytes (10xxxxxx), at most three, so a piece never ends inside a character.
qsizetype utf8Cut(const QByteArray& data, qsizetype max)
{
    if (data.size() <= max)
        return data.size();
    qsizetype cut = max;
    for (int back = 0; back < 3 && cut > 1 && (static_cast<unsigned char>(data.at(cut)) & 0xC0) == 0x80;
         ++back)
        --cut;
    return cut;
}

// One log line per event: line breaks escaped, long previews (agent code) shortened.
std::string logText(const QString& text)
{
    constexpr qsizetype MaxLogChars = 400;
    QString shown = text.left(MaxLogChars);
    shown.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    shown.replace(QLatin1Char('\r'), QStringLiteral("\\r"));
    if (text.size() > MaxLogChars)
        shown += QStringLiteral("… (%1 characters)").arg(text.size());
    return shown.toStdString();
}

// The usual names of the signals a crash or a kill ends a process with; empty for others.
QString signalName(int number)
{
    switch (number) {
    case SIGSEGV:
        return QStringLiteral("SIGSEGV");
    case SIGABRT:
        return QStringLiteral("SIGABRT");
    case SIGKILL:
        return QStringLiteral("SIGKILL");
    case SIGTERM:
        return QStringLiteral("SIGTERM");
    case SIGBUS:
        return QStringLiteral("SIGBUS");
    case SIGILL:
        return QStringLiteral("SIGILL");
    case SIGFPE:
        return QStringLiteral("SIGFPE");
    case SIGPIPE:
        return QStringLiteral("SIGPIPE");
    default:
        return {};
    }
}

QStringList stringList(const QVariant& value)
{
    if (value.canConvert<QStringList>())
        return value.toStringList();
    return {};
}

// ProcessTree::endTree() for job `id`, logged when it ended something; callable from any thread.
void endTreeOfJob(quint64 id, qint64 leader, qint64 leaderStartTicks, const QString& tag)
{
    QElapsedTimer clock;
    clock.start();
    const int killed = ProcessTree::endTree(leader, leaderStartTicks, tag);
    if (killed > 0)
        spdlog::warn("kosa8 job {}: ended {} process(es) it left running ({} ms)", id, killed,
                     clock.elapsed());
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Kosa8Job

Kosa8Job::Kosa8Job(quint64 id, Operation op, QObject* parent)
    : QObject(parent)
    , m_id(id)
    , m_operation(op)
{}

Kosa8Job::~Kosa8Job()
{
    if (m_process) {
        // Callbacks must not reach a half-destroyed job; the group goes down with us.
        m_process->disconnect(this);
        const bool wasRunning = m_process->state() != QProcess::NotRunning;
        killTree();
        delete m_process.data();
        if (wasRunning)
            endLeftovers();
    }
}

void Kosa8Job::cancel()
{
    // Once kosa8 has exited there is nothing left to stop: its result stands, also while the
    // pass over what it left behind still runs.
    if (m_finished || m_exited)
        return;
    m_cancelRequested = true;
    if (m_process && m_process->state() != QProcess::NotRunning) {
        spdlog::info("kosa8 job {} cancelled: {}", m_id, logText(m_preview));
        killTree();
    }
}

void Kosa8Job::killTree()
{
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    const qint64 pid = m_process->processId();
    // The child made itself a process group leader (setpgid in the child modifier), so the
    // negative pid reaches everything it spawned that did not leave the group.
    if (pid > 0)
        ::kill(-static_cast<pid_t>(pid), SIGKILL);
    m_process->kill();
}

void Kosa8Job::endLeftovers()
{
    if (m_leaderPid <= 0 || m_tag.isEmpty())
        return;
    endTreeOfJob(m_id, m_leaderPid, m_leaderStartTicks, m_tag);
}

void Kosa8Job::readStream(bool isStderr)
{
    if (!m_process)
        return;
    const QByteArray read = isStderr ? m_process->readAllStandardError() : m_process->readAllStandardOutput();
    if (read.isEmpty())
        return;
    takeOutput(isStderr, (isStderr ? m_stderrMask : m_stdoutMask).feed(read));
}

void Kosa8Job::releaseHeldOutput()
{
    takeOutput(false, m_stdoutMask.finish());
    takeOutput(true, m_stderrMask.finish());
}

void Kosa8Job::takeOutput(bool isStderr, const QByteArray& data)
{
    if (data.isEmpty())
        return;
    for (qsizetype offset = 0; offset < data.size(); offset += MaxChunk)
        Q_EMIT outputChunk(isStderr, data.mid(offset, MaxChunk));

    QByteArray& kept = isStderr ? m_result.stderrData : m_result.stdoutData;
    const qint64 room = qMax<qint64>(0, m_outputCap - kept.size());
    // Grown by doubling, the 4 MiB kept of a run that prints more are allocated and copied about
    // twice over, on the UI thread, and every page of fresh memory is a page fault the first time
    // it is written (half of this function's time for a run printing 100 MB). A stream this large
    // is likely to fill the cap: it gets it in one allocation, whose pages are each touched once.
    const qint64 wanted = kept.size() + qMin<qint64>(room, data.size());
    if (wanted > kept.capacity() && wanted > LargeOutputBytes)
        kept.reserve(qsizetype(qMax<qint64>(wanted, m_outputCap)));
    if (room >= data.size()) {
        kept.append(data);
    } else {
        kept.append(data.left(room));
        if (isStderr) {
            m_result.stderrTruncated = true;
            m_result.stderrDroppedBytes += data.size() - room;
        } else {
            m_result.stdoutTruncated = true;
            m_result.stdoutDroppedBytes += data.size() - room;
        }
    }

    if (!m_splitLines)
        return;
    (isStderr ? m_stderrPartial : m_stdoutPartial).append(data);
    splitLines(isStderr, false);
}

void Kosa8Job::splitLines(bool isStderr, bool flushPartial)
{
    QByteArray& pending = isStderr ? m_stderrPartial : m_stdoutPartial;
    qsizetype from = 0;
    QStringList lines;
    while (true) {
        const qsizetype end = pending.indexOf('\n', from);
        if (end < 0)
            break;
        lines.append(QString::fromUtf8(pending.constData() + from, end - from));
        from = end + 1;
    }
    pending.remove(0, from);
    while (pending.size() > MaxPendingLine) {
        const qsizetype cut = utf8Cut(pending, MaxPendingLine);
        lines.append(QString::fromUtf8(pending.constData(), cut));
        pending.remove(0, cut);
    }
    if (flushPartial && !pending.isEmpty()) {
        lines.append(QString::fromUtf8(pending));
        pending.clear();
    }
    for (const QString& line : lines) {
        if (isStderr)
            Q_EMIT stderrLine(maskSecrets(line, m_connection));
        else
            Q_EMIT stdoutLine(line);
    }
}

void Kosa8Job::onProcessFinished(int exitCode, bool crashed)
{
    readStream(false);
    readStream(true);
    releaseHeldOutput(); // the streams have ended: what was held back is no token
    // kosa8 has exited; a child it forked may still hold the output pipes (QProcess has already
    // closed its ends, so the job does not wait for their EOF) or run on in a session of its own.
    // They are ended before the job is, off this thread: the values the pass needs are copied,
    // and the job's rest runs here again unless the job is gone by then.
    m_exited = true;
    if (m_timeout)
        m_timeout->stop(); // kosa8 ended within its time, whatever the pass takes
    if (m_leaderPid <= 0 || m_tag.isEmpty()) {
        finishAfterLeftovers(exitCode, crashed);
        return;
    }
    QThreadPool::globalInstance()->start([job = QPointer<Kosa8Job>(this), id = m_id, leader = m_leaderPid,
                                          ticks = m_leaderStartTicks, tag = m_tag, exitCode, crashed] {
        endTreeOfJob(id, leader, ticks, tag);
        // Back on the application's thread (the job may have gone meanwhile, which only that
        // thread can tell: it is deleted there); the application outlives the pool's tasks.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [job, exitCode, crashed] {
                if (job)
                    job->finishAfterLeftovers(exitCode, crashed);
            },
            Qt::QueuedConnection);
    });
}

void Kosa8Job::finishAfterLeftovers(int exitCode, bool crashed)
{
    splitLines(false, true);
    splitLines(true, true);
    if (m_timedOut) {
        complete(JobResult::Outcome::TimedOut, -1,
                 tr("It did not finish within %1 s; it and its child processes were stopped.")
                     .arg(m_timeout ? m_timeout->interval() / 1000.0 : 0.0, 0, 'f', 1));
    } else if (m_cancelRequested) {
        complete(JobResult::Outcome::Cancelled, -1,
                 tr("Cancelled; it and its child processes were stopped."));
    } else if (crashed) {
        // On a crash, QProcess's exit code is the signal's number (Unix).
        const QString name = signalName(exitCode);
        complete(
            JobResult::Outcome::Crashed, -1,
            name.isEmpty()
                ? tr("kosa8 stopped unexpectedly (killed by signal %1) before it finished.").arg(exitCode)
                : tr("kosa8 stopped unexpectedly (killed by signal %1, %2) before it finished; the output "
                     "up to then is kept.")
                      .arg(exitCode)
                      .arg(name));
    } else {
        complete(JobResult::Outcome::Finished, exitCode, {});
    }
}

void Kosa8Job::onFailedToStart(const QString& message)
{
    complete(JobResult::Outcome::FailedToStart, -1,
             tr("kosa8 could not be started: %1. Check the kosa8 executable in the connection settings.")
                 .arg(message));
}

void Kosa8Job::complete(JobResult::Outcome outcome, int exitCode, const QString& errorText)
{
    if (m_finished)
        return;
    if (m_inStart) {
        // Callers connect to finished() after start() returns: never finish inside it.
        QMetaObject::invokeMethod(
            this, [this, outcome, exitCode, errorText] { complete(outcome, exitCode, errorText); },
            Qt::QueuedConnection);
        return;
    }
    releaseHeldOutput(); // for an end that did not come through onProcessFinished()
    m_finished = true;
    if (m_timeout)
        m_timeout->stop();
    m_result.outcome = outcome;
    m_result.exitCode = exitCode;
    m_result.errorText = maskSecrets(errorText, m_connection);
    m_result.durationMs = m_clock.isValid() ? m_clock.elapsed() : 0;

    const std::string outcomeText = logText(JobResult::outcomeName(outcome));
    if (outcome == JobResult::Outcome::Finished && exitCode == 0) {
        spdlog::info("kosa8 job {} finished in {} ms: {}", m_id, m_result.durationMs, logText(m_preview));
    } else if (outcome == JobResult::Outcome::Finished) {
        spdlog::warn("kosa8 job {} exited with code {} after {} ms: {}", m_id, exitCode, m_result.durationMs,
                     logText(m_preview));
    } else {
        spdlog::warn("kosa8 job {} {} after {} ms: {} ({})", m_id, outcomeText, m_result.durationMs,
                     logText(m_preview), logText(m_result.errorText));
    }
    Q_EMIT finished(m_result);
    deleteLater();
}

// ---------------------------------------------------------------------------------------------
// Kosa8Runner

Kosa8Runner::Kosa8Runner(QObject* parent)
    : QObject(parent)
    , m_serial(ProcessTree::nextRunnerSerial())
{}

Kosa8Runner::~Kosa8Runner()
{
    // The jobs (children) end their own trees as they are destroyed; this also reaches the
    // leftovers of jobs that finished while a pass could not see them.
    const auto jobs = m_running.values();
    for (const QPointer<Kosa8Job>& job : jobs)
        delete job.data();
    ProcessTree::endTagged(ProcessTree::runnerTagPrefix(m_serial));
}

bool Kosa8Runner::leavesProcesses(Operation op)
{
    return op == Operation::DaemonStart;
}

int Kosa8Runner::timeoutFor(Operation op, const JobOptions& options) const
{
    if (options.timeoutMs > 0)
        return options.timeoutMs;
    switch (op) {
    case Operation::SandboxCreate:
    case Operation::SandboxPull:
    case Operation::SandboxRun:
    case Operation::SandboxRunStdin:
    case Operation::CheckpointCreate:
    case Operation::Rewind:
    case Operation::SnapshotCreate:
    case Operation::SnapshotRestore:
    case Operation::Fork:
        return m_limits.longTimeoutMs;
    default:
        return m_limits.defaultTimeoutMs;
    }
}

CommandLine Kosa8Runner::build(Operation op, const QVariantMap& params, QString* error) const
{
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return CommandLine{};
    };

    QVariantMap values = params;
    const QStringList used = m_profile.placeholders(op);

    // Names first: everything that becomes an argument on its own is checked before any
    // process exists, so a value can never turn into a flag.
    struct Check
    {
        const char* key;
        QString (*check)(const QString&);
    };
    const Check checks[] = {{"name", &Names::checkSandbox},
                            {"image", &Names::checkImage},
                            {"label", &Names::checkLabel},
                            {"id", &Names::checkSnapshotId}};
    for (const Check& c : checks) {
        const QString key = QString::fromLatin1(c.key);
        if (!used.contains(key) && !values.contains(key))
            continue;
        const QString problem = c.check(values.value(key).toString());
        if (!problem.isEmpty())
            return fail(problem);
    }

    QString mode = values.value(QStringLiteral("mode")).toString();
    QStringList hosts = stringList(values.value(QStringLiteral("hosts")));
    // "egress" may also come as kosa8's column text ("allow:a.com,b.com").
    const QVariant egressValue = values.value(QStringLiteral("egress"));
    const bool egressIsText = egressValue.typeId() == QMetaType::QString;
    if (egressIsText) {
        const EgressPolicy policy = EgressPolicy::parse(egressValue.toString());
        if (policy.mode == EgressPolicy::Mode::Unknown)
            return fail(tr("The egress \"%1\" is not understood: use deny, any, fakenet or allow:HOST,HOST.")
                            .arg(egressValue.toString()));
        mode = policy.modeName();
        hosts = policy.hosts;
        if (policy.mode == EgressPolicy::Mode::Allow && hosts.isEmpty())
            mode = QStringLiteral("deny"); // an empty allow-list lets nothing out
        values.remove(QStringLiteral("egress"));
    }
    if (mode == QLatin1String("allow"))
        mode.clear();
    if (!mode.isEmpty() && mode != QLatin1String("deny") && mode != QLatin1String("any") &&
        mode != QLatin1String("fakenet"))
        return fail(tr("The egress mode \"%1\" is not allowed: use deny, any or fakenet, or a list of hosts.")
                        .arg(mode));
    if (!mode.isEmpty() && !hosts.isEmpty())
        return fail(tr("Give either an egress mode or a list of allowed hosts, not both."));
    for (const QString& host : hosts) {
        const QString problem = Names::checkHost(host);
        if (!problem.isEmpty())
            return fail(problem);
    }
    const QStringList mountList = stringList(values.value(QStringLiteral("mount_list")));
    for (const QString& mount : mountList) {
        const QString problem = Names::checkMount(mount);
        if (!problem.isEmpty())
            return fail(problem);
    }
    if (used.contains(QStringLiteral("count")) || values.contains(QStringLiteral("count"))) {
        bool ok = false;
        const int count = values.value(QStringLiteral("count")).toString().toInt(&ok);
        if (!ok || count < 1 || count > 64)
            return fail(tr("The number of forks must be a whole number from 1 to 64."));
        values.insert(QStringLiteral("count"), QString::number(count));
    }

    if (used.contains(QStringLiteral("egress")) && !values.contains(QStringLiteral("egress"))) {
        // Fail closed: a new sandbox without an explicit policy gets no network.
        if (mode.isEmpty() && hosts.isEmpty()) {
            if (op != Operation::SandboxCreate)
                return fail(tr("Choose an egress: deny, any, fakenet or a list of allowed hosts."));
            mode = QStringLiteral("deny");
        }
        values.insert(QStringLiteral("egress"), m_profile.egressArguments(mode, hosts));
    }
    if (used.contains(QStringLiteral("mounts")) && !values.contains(QStringLiteral("mounts")))
        values.insert(QStringLiteral("mounts"), m_profile.mountArguments(mountList));

    Operation actual = op;
    const QString code = values.value(QStringLiteral("code")).toString();
    QByteArray standardInput;
    if (values.contains(QStringLiteral("code")) && !CommandProfile::encodesExactly(code))
        return fail(tr("The code holds a lone UTF-16 surrogate, which has no UTF-8 form; it cannot be run "
                       "exactly as written."));
    if (op == Operation::SandboxRun &&
        !CommandProfile::fitsOneArgument(code.toUtf8(), m_limits.maxCodeArgumentBytes))
        actual = Operation::SandboxRunStdin;
    if (actual == Operation::SandboxRunStdin)
        standardInput = code.toUtf8();
    const QStringList actualUsed = m_profile.placeholders(actual);
    if (actualUsed.contains(QStringLiteral("interpreter")) &&
        !values.contains(QStringLiteral("interpreter"))) {
        const QString language =
            values.value(QStringLiteral("language"), QStringLiteral("python")).toString();
        // On standard input the code never goes into argv as well, whatever the profile's template.
        bool viaStdin = actual == Operation::SandboxRunStdin;
        QStringList interpreter =
            m_profile.interpreterArguments(language, viaStdin ? QString() : code, viaStdin);
        if (!viaStdin && !interpreter.isEmpty() && !interpreter.contains(code)) {
            // The profile's template does not pass the code as one whole argument: standard input.
            viaStdin = true;
            actual = Operation::SandboxRunStdin;
            standardInput = code.toUtf8();
            interpreter = m_profile.interpreterArguments(language, QString(), true);
        }
        if (interpreter.isEmpty())
            return fail(tr("No interpreter is configured for the language \"%1\" (known: %2).")
                            .arg(language, m_profile.languages().join(QStringLiteral(", "))));
        if (viaStdin) {
            const QString refusal = m_profile.stdinRefusal(language, code);
            if (!refusal.isEmpty())
                return fail(refusal);
        }
        values.insert(QStringLiteral("interpreter"), interpreter);
    }

    QString problem;
    const QStringList arguments = m_profile.arguments(actual, values, &problem);
    if (arguments.isEmpty())
        return fail(problem);

    CommandLine command;
    command.operation = actual;
    command.program = m_connection.executable.isEmpty() ? QStringLiteral("kosa8") : m_connection.executable;
    command.arguments = arguments;
    command.standardInput = standardInput;
    return command;
}

QString Kosa8Runner::preview(Operation op, const QVariantMap& params, QString* error) const
{
    const CommandLine command = build(op, params, error);
    if (!command.isValid())
        return {};
    return commandPreview(m_connection, command.program, command.arguments);
}

Kosa8Job* Kosa8Runner::start(Operation op, const QVariantMap& params, const JobOptions& options)
{
    QString error;
    const CommandLine command = build(op, params, &error);
    const Operation actual = command.isValid() ? command.operation : op;

    auto* job = new Kosa8Job(m_nextId++, actual, this);
    const quint64 id = job->id();
    job->m_connection = m_connection;
    if (!m_connection.token.isEmpty()) {
        const QByteArray token = m_connection.token.toUtf8();
        const QByteArray mask = ConnectionProfile::maskedToken().toUtf8();
        job->m_stdoutMask = StreamMask(token, mask);
        job->m_stderrMask = StreamMask(token, mask);
    }
    job->m_outputCap = m_limits.outputCapBytes;
    job->m_splitLines = options.splitLines;
    job->m_clock.start();
    job->m_result.jobId = id;
    job->m_result.operation = actual;
    job->m_result.startedAt = QDateTime::currentDateTime();
    const QString program =
        m_connection.executable.isEmpty() ? QStringLiteral("kosa8") : m_connection.executable;
    job->m_result.program = program;
    job->m_result.arguments = command.isValid() ? command.arguments : m_profile.operationTemplate(op);
    job->m_preview = commandPreview(m_connection, program, job->m_result.arguments);
    job->m_result.preview = job->m_preview;
    job->m_result.parameters = params;
    m_running.insert(id, job);
    connect(job, &Kosa8Job::finished, this, [this, id](const JobResult& result) {
        m_running.remove(id);
        Q_EMIT jobFinished(result);
    });

    job->m_inStart = true;
    Q_EMIT jobStarted(job);
    if (!command.isValid()) {
        spdlog::warn("kosa8 job {} ({}) not started: {}", id, logText(operationKey(op)),
                     logText(maskSecrets(error, m_connection)));
        job->complete(JobResult::Outcome::Invalid, -1, error);
    } else {
        const QString executable = m_connection.resolvedExecutable();
        if (executable.isEmpty()) {
            const QString where =
                program.contains(QLatin1Char('/'))
                    ? tr("kosa8 was not found at %1 (no executable file there).").arg(program)
                    : tr("kosa8 (\"%1\") was not found on the PATH.").arg(program);
            job->complete(JobResult::Outcome::FailedToStart, -1,
                          where + QLatin1Char(' ') +
                              tr("Install kosa8, or set the full path to the kosa8 executable in Settings > "
                                 "Connection."));
        } else {
            CommandLine withInput = command;
            if (!options.standardInput.isEmpty())
                withInput.standardInput = options.standardInput;
            startProcess(job, withInput, executable, timeoutFor(actual, options));
        }
    }
    job->m_inStart = false;
    return job;
}

void Kosa8Runner::startProcess(Kosa8Job* job, const CommandLine& command, const QString& executable,
                               int timeoutMs)
{
    auto* process = new QProcess(job);
    job->m_process = process;
    process->setProgram(executable);
    process->setArguments(command.arguments);
    QProcessEnvironment environment = m_connection.environment();
    if (!leavesProcesses(command.operation)) {
        job->m_tag = ProcessTree::jobTag(m_serial, job->m_id);
        environment.insert(ProcessTree::tagVariable(), job->m_tag);
    }
    process->setProcessEnvironment(environment);
    // Its own session and process group, so that cancel, timeout and its exit can end everything
    // kosa8 spawned (ProcessTree); bound to the app's life, so that nothing it spawned outlives the
    // app however the app ends. Not `daemon start`: the daemon is meant to stay.
    if (leavesProcesses(command.operation)) {
        process->setChildProcessModifier([] { ProcessTree::detachChild(); });
    } else {
        const ProcessTree::AppBinding binding = ProcessTree::appBinding();
        const bool isRun =
            command.operation == Operation::SandboxRun || command.operation == Operation::SandboxRunStdin;
        process->setChildProcessModifier([binding, isRun] {
            ProcessTree::bindChildToApp(binding);
            // A run's output pipe holds RunPipeBytes instead of 64 KiB: the code may print as fast as
            // it can, and with 64 KiB it stopped every 64 KiB until the UI thread had read and
            // handled them (1,500 such hand-overs for 100 MB, each two wake-ups on a shared
            // machine). Not larger: QProcess reads all that waits at once, and with 1 MiB output
            // that is not UTF-8 held the UI thread 40 to 60 ms per read (bench/README.md). The
            // pages are the kernel's, taken only while output waits; if the call fails (a
            // system limit), the pipe stays as it was.
#ifdef F_SETPIPE_SZ // Linux; elsewhere the pipe keeps the system's size
            if (isRun)
                ::fcntl(STDOUT_FILENO, F_SETPIPE_SZ, RunPipeBytes);
#else
            Q_UNUSED(isRun)
#endif
        });
    }

    connect(process, &QProcess::readyReadStandardOutput, job, [job] { job->readStream(false); });
    connect(process, &QProcess::readyReadStandardError, job, [job] { job->readStream(true); });
    connect(process, &QProcess::finished, job, [job](int exitCode, QProcess::ExitStatus status) {
        job->onProcessFinished(exitCode, status == QProcess::CrashExit);
    });
    connect(process, &QProcess::errorOccurred, job, [job, process](QProcess::ProcessError processError) {
        if (processError == QProcess::FailedToStart)
            job->onFailedToStart(process->errorString());
    });
    const QByteArray input = command.standardInput;
    connect(process, &QProcess::started, job, [job, process, input] {
        job->m_leaderPid = process->processId();
        job->m_leaderStartTicks = ProcessTree::startTicks(job->m_leaderPid);
        // Written as the pipe drains; closing afterwards gives the child its end of input.
        if (!input.isEmpty())
            process->write(input);
        process->closeWriteChannel();
        Q_EMIT job->started();
    });

    job->m_timeout = new QTimer(job);
    job->m_timeout->setSingleShot(true);
    job->m_timeout->setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5% early
    job->m_timeout->setInterval(timeoutMs);
    connect(job->m_timeout, &QTimer::timeout, job, [job] {
        // Already exited, finished() just not delivered yet: that is not a timeout.
        if (job->m_finished || !job->m_process || job->m_process->state() == QProcess::NotRunning)
            return;
        spdlog::warn("kosa8 job {} timed out: {}", job->m_id, logText(job->m_preview));
        job->m_timedOut = true;
        job->killTree();
    });

    spdlog::info("kosa8 job {} started: {}", job->m_id, logText(job->m_preview));
    job->m_timeout->start();
    process->start(QIODevice::ReadWrite);
}

void Kosa8Runner::cancelAll()
{
    const auto jobs = m_running.values();
    for (const QPointer<Kosa8Job>& job : jobs) {
        if (job)
            job->cancel();
    }
}

} // namespace k8::kosa8
