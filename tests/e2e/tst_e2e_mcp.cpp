// SPDX-License-Identifier: Apache-2.0
// `kosa8-desk mcp` (docs/mcp.md), the real binary over its standard input and output: the
// JSON-RPC errors of hostile or wrong input, the tools' argument checks and the app-down error
// without an app; then against the real app offscreen with the kosa8 stand-in, decisions made by
// standing rules and by timeouts: a run approved, one rejected, one cancelled by the client and
// one whose client went away, each as the ledger records it.
#include "support/DeskProcess.h"
#include "support/E2eBinaries.h"
#include "support/McpProcess.h"
#include "support/ServiceFolders.h"
#include "support/TestJson.h"
#include "support/UnixSockets.h"
#include "support/Waits.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <unistd.h>

using k8::test::countDecidedBy;
using k8::test::DeskProcess;
using k8::test::McpProcess;

namespace {

constexpr int Wait = k8::test::waits::Process;
const QString Sandbox = QStringLiteral("analysis");

QString sha256(const QString& text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

int errorCode(const QJsonObject& message)
{
    return message.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt();
}

QString errorMessage(const QJsonObject& message)
{
    return message.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
}

QJsonObject resultOf(const QJsonObject& message)
{
    return message.value(QStringLiteral("result")).toObject();
}

QString resultText(const QJsonObject& message)
{
    return resultOf(message)
        .value(QStringLiteral("content"))
        .toArray()
        .at(0)
        .toObject()
        .value(QStringLiteral("text"))
        .toString();
}

bool isToolError(const QJsonObject& message)
{
    return resultOf(message).value(QStringLiteral("isError")).toBool();
}

QJsonObject callParams(const QString& tool, const QJsonObject& arguments,
                       const QJsonValue& progressToken = {})
{
    QJsonObject params{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}};
    if (!progressToken.isUndefined() && !progressToken.isNull())
        params.insert(QStringLiteral("_meta"), QJsonObject{{QStringLiteral("progressToken"), progressToken}});
    return params;
}

QJsonObject codeArguments(const QString& code, const QJsonObject& extra = {})
{
    QJsonObject arguments = extra;
    arguments.insert(QStringLiteral("code"), code);
    return arguments;
}

} // namespace

class TestE2eMcp : public QObject, private k8::test::ServiceFolders, private k8::test::E2eBinaries
{
    Q_OBJECT

private:
    // A socket path where no app listens.
    QString deadSocket() const { return m_dir->filePath(QStringLiteral("no-app/agent.sock")); }

    bool writeRules(const QString& path, const QJsonArray& rules)
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return false;
        file.write(QJsonDocument(QJsonObject{{QStringLiteral("rules"), rules}}).toJson());
        return true;
    }

    // The real app with the sandbox "analysis" (made with the stand-in) as its default sandbox
    // and `rules` as its read-only rules file.
    std::unique_ptr<DeskProcess> startDesk(const QJsonArray& rules)
    {
        QProcess create;
        create.start(m_standin, {QStringLiteral("sandbox"), QStringLiteral("create"), Sandbox});
        if (!create.waitForFinished(k8::test::waits::Standin) || create.exitCode() != 0)
            return nullptr;
        if (!QDir().mkpath(dataDir()))
            return nullptr;
        QFile ini(dataDir() + QStringLiteral("/kosa8-desk.ini"));
        if (!ini.open(QIODevice::WriteOnly))
            return nullptr;
        ini.write("[agent]\ndefaultSandbox=analysis\n");
        ini.close();
        const QString rulesFile = m_dir->filePath(QStringLiteral("rules.json"));
        if (!writeRules(rulesFile, rules))
            return nullptr;
        auto desk = std::make_unique<DeskProcess>(m_binary, m_standin, dataDir(), socketPath(), stateDir());
        desk->start({QStringLiteral("--rules"), rulesFile});
        k8::test::AgentTestClient probe;
        if (!desk->connect(probe))
            return nullptr;
        return desk;
    }

    QList<QJsonObject> standinRuns() const
    {
        return k8::test::readJsonLines(stateDir() + QStringLiteral("/runs.jsonl"));
    }

    // Sends resources/read (which goes to the app on the same connection as the calls before it)
    // and waits for its answer: the app has then read and queued every call sent before.
    void syncWithApp(McpProcess& mcp, const QString& id)
    {
        mcp.request(id, QStringLiteral("resources/read"),
                    {{QStringLiteral("uri"), QStringLiteral("kosa8-desk://sandboxes")}});
        const QJsonObject answer = mcp.waitForId(id);
        QVERIFY2(answer.contains(QStringLiteral("result")), QJsonDocument(answer).toJson().constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = locateBinaries();
        QVERIFY2(missing.isEmpty(), qPrintable(missing));
    }

    void init() { QVERIFY(setUpFolders()); }

    void cleanup() { tearDownFolders(); }

    void initializeNegotiatesTheProtocolVersion()
    {
        McpProcess mcp(m_binary, deadSocket());
        const QJsonObject answer = mcp.initialize(QStringLiteral("2024-11-05"));
        const QJsonObject result = resultOf(answer);
        QCOMPARE(result.value(QStringLiteral("protocolVersion")).toString(), QStringLiteral("2024-11-05"));
        QCOMPARE(
            result.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("kosa8-desk"));
        const QJsonObject capabilities = result.value(QStringLiteral("capabilities")).toObject();
        QVERIFY(capabilities.contains(QStringLiteral("tools")));
        QVERIFY(capabilities.contains(QStringLiteral("resources")));
        QCOMPARE(mcp.closeInputAndWait(), 0);

        // A revision it does not speak: the answer names the newest it does; the client decides.
        McpProcess future(m_binary, deadSocket());
        const QJsonObject futureAnswer = future.initialize(QStringLiteral("1999-01-01"));
        QCOMPARE(resultOf(futureAnswer).value(QStringLiteral("protocolVersion")).toString(),
                 QStringLiteral("2025-11-25"));
        // A second initialize is refused.
        future.request(2, QStringLiteral("initialize"),
                       {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")}});
        QCOMPARE(errorCode(future.waitForId(2)), -32600);
        QCOMPARE(future.closeInputAndWait(), 0);
        QVERIFY(future.badLines().isEmpty()); // standard output held MCP messages only
    }

    void requestsBeforeInitializeAreRefused()
    {
        McpProcess mcp(m_binary, deadSocket());
        mcp.request(1, QStringLiteral("tools/list"));
        mcp.request(2, QStringLiteral("tools/call"),
                    callParams(QStringLiteral("run_python"), codeArguments(QStringLiteral("print(1)"))));
        mcp.request(3, QStringLiteral("ping"));
        QCOMPARE(errorCode(mcp.waitForId(1)), -32600);
        QVERIFY(errorMessage(mcp.waitForId(1)).contains(QStringLiteral("initialize")));
        QCOMPARE(errorCode(mcp.waitForId(2)), -32600);
        // ping works at any time.
        QVERIFY(mcp.waitForId(3).contains(QStringLiteral("result")));
        QCOMPARE(mcp.closeInputAndWait(), 0);
    }

    void malformedAndUnknownInput()
    {
        McpProcess mcp(m_binary, deadSocket());
        mcp.initialize();
        mcp.sendRaw("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \n"); // cut short: not JSON
        mcp.sendRaw("\"just a string\"\n");                              // JSON, not JSON-RPC
        mcp.sendRaw("{\"jsonrpc\": \"1.0\", \"id\": 7, \"method\": \"ping\"}\n");
        mcp.sendRaw("\xff\xfe\n"); // not UTF-8
        mcp.request(8, QStringLiteral("no/such/method"));
        mcp.request(9, QStringLiteral("tools/call"), callParams(QStringLiteral("rm_rf"), {}));
        mcp.request(10, QStringLiteral("tools/call"), {{QStringLiteral("arguments"), QJsonObject{}}});
        mcp.request(11, QStringLiteral("resources/read"),
                    {{QStringLiteral("uri"), QStringLiteral("file:///etc/passwd")}});
        mcp.request(12, QStringLiteral("ping"));
        QVERIFY(!mcp.waitForId(12).isEmpty());

        QList<int> nullIdCodes;
        for (const QJsonObject& message : mcp.messages()) {
            if (message.value(QStringLiteral("id")).isNull())
                nullIdCodes.append(errorCode(message));
        }
        QCOMPARE(nullIdCodes, (QList<int>{-32700, -32600, -32700}));
        QCOMPARE(errorCode(mcp.waitForId(7)), -32600);
        QCOMPARE(errorCode(mcp.waitForId(8)), -32601);
        QCOMPARE(errorCode(mcp.waitForId(9)), -32602);
        QVERIFY(errorMessage(mcp.waitForId(9)).contains(QStringLiteral("rm_rf")));
        QCOMPARE(errorCode(mcp.waitForId(10)), -32602);
        QCOMPARE(errorCode(mcp.waitForId(11)), -32002);
        // A notification is never answered, known or not, and a response from the client is not
        // a request.
        mcp.notify(QStringLiteral("notifications/whatever"));
        mcp.send(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                             {QStringLiteral("id"), 99},
                             {QStringLiteral("result"), QJsonObject{}}});
        mcp.request(13, QStringLiteral("ping"));
        QVERIFY(!mcp.waitForId(13).isEmpty());
        QVERIFY(!mcp.hasAnswer(99));
        const int before = int(mcp.messages().size());
        QCOMPARE(mcp.closeInputAndWait(), 0);
        QCOMPARE(int(mcp.messages().size()), before);
        QVERIFY(mcp.badLines().isEmpty());
    }

    void invalidArgumentsAreToolErrorsTheModelCanRead()
    {
        McpProcess mcp(m_binary, deadSocket());
        mcp.initialize();
        const QList<std::pair<QJsonObject, QString>> cases{
            {QJsonObject{}, QStringLiteral("\"code\" is required")},
            {QJsonObject{{QStringLiteral("code"), 42}}, QStringLiteral("\"code\" must be a string")},
            {QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")},
                         {QStringLiteral("sandbox"), 3}},
             QStringLiteral("\"sandbox\" must be a string")},
            {QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")},
                         {QStringLiteral("timeout_s"), QStringLiteral("soon")}},
             QStringLiteral("\"timeout_s\"")},
            {QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")},
                         {QStringLiteral("timeout_s"), 0}},
             QStringLiteral("\"timeout_s\"")},
            {QJsonObject{{QStringLiteral("code"), QStringLiteral("print(1)")},
                         {QStringLiteral("shell"), true}},
             QStringLiteral("Unknown argument \"shell\"")},
        };
        for (int i = 0; i < cases.size(); ++i)
            mcp.request(100 + i, QStringLiteral("tools/call"),
                        callParams(QStringLiteral("run_python"), cases.at(i).first));
        mcp.request(200, QStringLiteral("tools/call"), callParams(QStringLiteral("request_review"), {}));
        // Arguments that are not an object at all are a malformed request.
        mcp.request(201, QStringLiteral("tools/call"),
                    {{QStringLiteral("name"), QStringLiteral("run_bash")},
                     {QStringLiteral("arguments"), QJsonArray{1}}});
        for (int i = 0; i < cases.size(); ++i) {
            const QJsonObject answer = mcp.waitForId(100 + i);
            QVERIFY2(isToolError(answer), QJsonDocument(answer).toJson().constData());
            QVERIFY2(resultText(answer).contains(cases.at(i).second), qPrintable(resultText(answer)));
        }
        QVERIFY(isToolError(mcp.waitForId(200)));
        QVERIFY(resultText(mcp.waitForId(200)).contains(QStringLiteral("\"payload\" is required")));
        QCOMPARE(errorCode(mcp.waitForId(201)), -32602);
        QCOMPARE(mcp.closeInputAndWait(), 0);
    }

    void hugeLineIsRefusedAndTheSessionGoesOn()
    {
        McpProcess mcp(m_binary, deadSocket());
        mcp.initialize();
        // 9 MiB in one line, past the 8 MiB limit, then an ordinary request.
        QByteArray huge =
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"run_python\","
            "\"arguments\":{\"code\":\"";
        huge.append(QByteArray(9 * 1024 * 1024, 'x'));
        huge.append("\"}}}\n");
        mcp.sendRaw(huge);
        mcp.request(6, QStringLiteral("ping"));
        QVERIFY(!mcp.waitForId(6).isEmpty());
        QVERIFY(!mcp.hasAnswer(5)); // the huge line was dropped, never parsed
        const QJsonObject refusal = mcp.waitFor(
            [](const QJsonObject& message) { return message.value(QStringLiteral("id")).isNull(); }, 1);
        QCOMPARE(errorCode(refusal), -32600);
        QVERIFY2(errorMessage(refusal).contains(QStringLiteral("too long")),
                 qPrintable(errorMessage(refusal)));
        QCOMPARE(mcp.closeInputAndWait(), 0);
    }

    void toolsListWorksAndToolsFailClearlyWithoutTheApp()
    {
        McpProcess mcp(m_binary, deadSocket());
        mcp.initialize();
        mcp.request(1, QStringLiteral("tools/list"));
        const QJsonArray tools = resultOf(mcp.waitForId(1)).value(QStringLiteral("tools")).toArray();
        QStringList names;
        for (const QJsonValue& tool : tools) {
            names.append(tool.toObject().value(QStringLiteral("name")).toString());
            const QJsonObject schema = tool.toObject().value(QStringLiteral("inputSchema")).toObject();
            QCOMPARE(schema.value(QStringLiteral("type")).toString(), QStringLiteral("object"));
            QVERIFY(!tool.toObject().value(QStringLiteral("description")).toString().isEmpty());
        }
        QCOMPARE(names, (QStringList{QStringLiteral("run_python"), QStringLiteral("run_bash"),
                                     QStringLiteral("request_review")}));
        QCOMPARE(tools.at(0)
                     .toObject()
                     .value(QStringLiteral("inputSchema"))
                     .toObject()
                     .value(QStringLiteral("required"))
                     .toArray(),
                 QJsonArray{QStringLiteral("code")});

        mcp.request(2, QStringLiteral("tools/call"),
                    callParams(QStringLiteral("run_python"), codeArguments(QStringLiteral("print(1)"))));
        mcp.request(3, QStringLiteral("tools/call"),
                    callParams(QStringLiteral("request_review"),
                               {{QStringLiteral("payload"), QStringLiteral("ok?")}}));
        mcp.request(4, QStringLiteral("resources/read"),
                    {{QStringLiteral("uri"), QStringLiteral("kosa8-desk://sandboxes")}});
        for (int id : {2, 3}) {
            const QJsonObject answer = mcp.waitForId(id);
            QVERIFY2(isToolError(answer), QJsonDocument(answer).toJson().constData());
            QVERIFY(resultText(answer).contains(QStringLiteral("kosa8 Desk is not running")));
            QVERIFY(resultText(answer).contains(QStringLiteral("`kosa8-desk`")));
        }
        QCOMPARE(errorCode(mcp.waitForId(4)), -32603);
        QCOMPARE(mcp.closeInputAndWait(), 0);
    }

    void staleSocketAndSilentAppAreToolErrors()
    {
        // A socket file nobody listens on (what a crashed app leaves): connection refused.
        const QString stale = m_dir->filePath(QStringLiteral("stale.sock"));
        QVERIFY(k8::test::makeStaleSocket(stale));
        McpProcess refused(m_binary, stale);
        refused.initialize();
        refused.request(1, QStringLiteral("tools/call"),
                        callParams(QStringLiteral("run_bash"), codeArguments(QStringLiteral("echo hi"))));
        const QJsonObject refusedAnswer = refused.waitForId(1);
        QVERIFY(isToolError(refusedAnswer));
        QVERIFY2(resultText(refusedAnswer).contains(QStringLiteral("kosa8 Desk is not running")),
                 qPrintable(resultText(refusedAnswer)));
        QCOMPARE(refused.closeInputAndWait(), 0);

        // Something that accepts and reads but never answers hello: after 10 s, not answering.
        QLocalServer silent;
        const QString silentPath = m_dir->filePath(QStringLiteral("silent.sock"));
        QVERIFY(silent.listen(silentPath));
        QList<QLocalSocket*> accepted;
        connect(&silent, &QLocalServer::newConnection, this, [&] {
            while (QLocalSocket* socket = silent.nextPendingConnection()) {
                accepted.append(socket);
                connect(socket, &QLocalSocket::readyRead, socket, [socket] { socket->readAll(); });
            }
        });
        McpProcess mcp(m_binary, silentPath);
        mcp.initialize();
        mcp.request(2, QStringLiteral("tools/call"),
                    callParams(QStringLiteral("request_review"),
                               {{QStringLiteral("payload"), QStringLiteral("ok?")}}));
        const QJsonObject answer = mcp.waitForId(2);
        QVERIFY2(isToolError(answer), QJsonDocument(answer).toJson().constData());
        QVERIFY2(resultText(answer).contains(QStringLiteral("did not answer")),
                 qPrintable(resultText(answer)));
        QCOMPARE(accepted.size(), 1);
        QCOMPARE(mcp.closeInputAndWait(), 0);
    }

    void aListenerOfAnotherUserGetsNothing()
    {
        // Someone else's program on the socket path: a listener run by "nobody", made by root (CI
        // runs as root; elsewhere no other user's process can be made).
        if (::geteuid() != 0)
            QSKIP("making another user's listener needs root");
        const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        // The system's: one under root's home (pyenv) cannot be run by the other user.
        const QString python =
            QStandardPaths::findExecutable(QStringLiteral("python3"), {QStringLiteral("/usr/bin")});
        if (setpriv.isEmpty() || python.isEmpty())
            QSKIP("needs setpriv (util-linux) and python3");
        // A folder of its own that the other user can enter (the test's folder is root's alone).
        QTemporaryDir others;
        QVERIFY(others.isValid());
        const QString folder = others.path();
        QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                  QFileDevice::ExeOwner | QFileDevice::ReadOther |
                                                  QFileDevice::WriteOther | QFileDevice::ExeOther));
        const QString path = folder + QStringLiteral("/agent.sock");
        // Accepts one connection and reports how many bytes came before it was closed.
        const QString listener = QStringLiteral("import socket, sys\n"
                                                "s = socket.socket(socket.AF_UNIX)\n"
                                                "s.bind(sys.argv[1]); s.listen(1)\n"
                                                "print('listening', flush=True)\n"
                                                "c, _ = s.accept(); c.settimeout(60)\n"
                                                "got = 0\n"
                                                "while True:\n"
                                                "    data = c.recv(65536)\n"
                                                "    if not data: break\n"
                                                "    got += len(data)\n"
                                                "print('received', got, flush=True)\n");
        QProcess other;
        other.start(setpriv,
                    {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                     QStringLiteral("--clear-groups"), python, QStringLiteral("-c"), listener, path});
        QVERIFY(other.waitForStarted(Wait));
        QTRY_VERIFY_WITH_TIMEOUT(other.canReadLine() || other.state() == QProcess::NotRunning, Wait);
        QVERIFY2(other.readLine().trimmed() == "listening", other.readAllStandardError().constData());

        McpProcess mcp(m_binary, path);
        mcp.initialize();
        mcp.request(1, QStringLiteral("tools/call"),
                    callParams(QStringLiteral("run_python"), codeArguments(QStringLiteral("print('hi')"))));
        const QJsonObject answer = mcp.waitForId(1);
        QVERIFY2(isToolError(answer), QJsonDocument(answer).toJson().constData());
        QVERIFY2(resultText(answer).contains(QStringLiteral("not run by your user")),
                 qPrintable(resultText(answer)));
        QVERIFY2(resultText(answer).contains(QStringLiteral("user id 65534")),
                 qPrintable(resultText(answer)));
        // It was left before a byte was sent, the hello included. The listener may have ended
        // while the answer was awaited (the event loop then saw it go): waitForFinished() on a
        // finished process returns false, so its state is awaited instead.
        QTRY_VERIFY_WITH_TIMEOUT(other.state() == QProcess::NotRunning, Wait);
        QCOMPARE(other.readAll().trimmed(), QByteArray("received 0"));
        QCOMPARE(mcp.closeInputAndWait(), 0);
    }

    void runApprovedByRuleReturnsItsOutputWithProgress()
    {
        const QString code =
            QStringLiteral("# stdout: hello from the sandbox\n# stderr: a warning\n# exit: 3\n");
        auto desk = startDesk(QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("hello")},
                                                     {QStringLiteral("decision"), QStringLiteral("approve")},
                                                     {QStringLiteral("code_sha256"), sha256(code)}}});
        QVERIFY2(desk, "the app did not start");
        McpProcess mcp(m_binary, socketPath(), {QStringLiteral("--agent"), QStringLiteral("mcp-e2e")});
        mcp.initialize();
        mcp.request(1, QStringLiteral("tools/call"),
                    callParams(QStringLiteral("run_python"), codeArguments(code), QStringLiteral("tok-1")));
        const QJsonObject answer = mcp.waitForId(1, k8::test::waits::Binary);
        QVERIFY2(!isToolError(answer), QJsonDocument(answer).toJson().constData());
        const QJsonObject structured = resultOf(answer).value(QStringLiteral("structuredContent")).toObject();
        QCOMPARE(structured.value(QStringLiteral("exit_code")).toInt(), 3);
        QVERIFY(structured.value(QStringLiteral("stdout"))
                    .toString()
                    .contains(QStringLiteral("hello from the sandbox")));
        QVERIFY(structured.value(QStringLiteral("stderr")).toString().contains(QStringLiteral("a warning")));
        QCOMPARE(structured.value(QStringLiteral("sandbox")).toString(), Sandbox);
        QCOMPARE(structured.value(QStringLiteral("truncated")).toBool(true), false);
        QVERIFY(
            structured.value(QStringLiteral("checkpoint")).toString().startsWith(QStringLiteral("before-")));
        QVERIFY(resultText(answer).contains(QStringLiteral("hello from the sandbox")));
        // Progress for the token it gave, growing, before the answer.
        double last = 0;
        int progressCount = 0;
        for (const QJsonObject& message : mcp.messages()) {
            if (message.value(QStringLiteral("id")) == QJsonValue(1))
                break;
            if (message.value(QStringLiteral("method")) != QStringLiteral("notifications/progress"))
                continue;
            const QJsonObject params = message.value(QStringLiteral("params")).toObject();
            QCOMPARE(params.value(QStringLiteral("progressToken")).toString(), QStringLiteral("tok-1"));
            QVERIFY(params.value(QStringLiteral("progress")).toDouble() > last);
            last = params.value(QStringLiteral("progress")).toDouble();
            ++progressCount;
        }
        QVERIFY(progressCount >= 1);

        QCOMPARE(standinRuns().size(), 1);
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.at(0).value(QStringLiteral("decided_by")).toString(), QStringLiteral("rule:hello"));
        QCOMPARE(entries.at(0).value(QStringLiteral("agent")).toString(), QStringLiteral("mcp-e2e"));
        QCOMPARE(mcp.closeInputAndWait(), 0);
        QCOMPARE(desk->terminate(), 0);
    }

    // Issue 24, finding 8: a call without a progress token (none, or a null one, which MCP does not
    // allow as a token) gets no notifications/progress at all, also while its run streams output.
    void runWithoutProgressTokenGetsNoProgress()
    {
        const QString code = QStringLiteral("# stdout: quiet run\n# exit: 0\n");
        auto desk = startDesk(QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("quiet")},
                                                     {QStringLiteral("decision"), QStringLiteral("approve")},
                                                     {QStringLiteral("code_sha256"), sha256(code)}}});
        QVERIFY2(desk, "the app did not start");
        McpProcess mcp(m_binary, socketPath());
        mcp.initialize();
        mcp.request(1, QStringLiteral("tools/call"),
                    callParams(QStringLiteral("run_python"), codeArguments(code)));
        QJsonObject nullToken = callParams(QStringLiteral("run_python"), codeArguments(code));
        nullToken.insert(QStringLiteral("_meta"),
                         QJsonObject{{QStringLiteral("progressToken"), QJsonValue()}});
        mcp.request(2, QStringLiteral("tools/call"), nullToken);
        for (int id : {1, 2}) {
            const QJsonObject answer = mcp.waitForId(id, k8::test::waits::Binary);
            QVERIFY2(!isToolError(answer), QJsonDocument(answer).toJson().constData());
            QVERIFY(resultText(answer).contains(QStringLiteral("quiet run")));
        }
        syncWithApp(mcp, QStringLiteral("sync"));
        for (const QJsonObject& message : mcp.messages())
            QVERIFY2(message.value(QStringLiteral("method")) != QStringLiteral("notifications/progress"),
                     QJsonDocument(message).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(standinRuns().size(), 2);
        QCOMPARE(mcp.closeInputAndWait(), 0);
        QCOMPARE(desk->terminate(), 0);
    }

    void runRejectedByTimeoutIsAToolErrorWithTheReason()
    {
        auto desk = startDesk({});
        QVERIFY2(desk, "the app did not start");
        McpProcess mcp(m_binary, socketPath());
        mcp.initialize(QStringLiteral("2025-06-18"), QStringLiteral("claude-ai"));
        mcp.request(
            1, QStringLiteral("tools/call"),
            callParams(QStringLiteral("run_bash"), codeArguments(QStringLiteral("# stdout: never\n"),
                                                                 {{QStringLiteral("timeout_s"), 1}})));
        const QJsonObject answer = mcp.waitForId(1, k8::test::waits::Binary);
        QVERIFY2(isToolError(answer), QJsonDocument(answer).toJson().constData());
        QVERIFY2(resultText(answer).contains(QStringLiteral("timed out")), qPrintable(resultText(answer)));
        QCOMPARE(resultOf(answer)
                     .value(QStringLiteral("structuredContent"))
                     .toObject()
                     .value(QStringLiteral("decision"))
                     .toString(),
                 QStringLiteral("reject"));
        QVERIFY(answer.contains(QStringLiteral("result"))); // a rejection is not a JSON-RPC error
        QVERIFY(standinRuns().isEmpty());
        const QList<QJsonObject> entries = ledger();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.at(0).value(QStringLiteral("decided_by")).toString(), QStringLiteral("timeout"));
        // Without --agent, the label is the MCP client's name.
        QCOMPARE(entries.at(0).value(QStringLiteral("agent")).toString(), QStringLiteral("claude-ai"));
        QCOMPARE(mcp.closeInputAndWait(), 0);
        QCOMPARE(desk->terminate(), 0);
    }

    void cancelWhileWaitingWithdrawsTheRequest()
    {
        auto desk = startDesk({});
        QVERIFY2(desk, "the app did not start");
        McpProcess mcp(m_binary, socketPath());
        mcp.initialize();
        mcp.request(
            QStringLiteral("call-1"), QStringLiteral("tools/call"),
            callParams(QStringLiteral("run_python"), codeArguments(QStringLiteral("# stdout: no\n"))));
        syncWithApp(mcp, QStringLiteral("sync"));
        QVERIFY(ledger().isEmpty()); // waiting for a person
        mcp.notify(QStringLiteral("notifications/cancelled"),
                   {{QStringLiteral("requestId"), QStringLiteral("call-1")},
                    {QStringLiteral("reason"), QStringLiteral("user stopped")}});
        QTRY_COMPARE_WITH_TIMEOUT(countDecidedBy(ledger(), QStringLiteral("withdrawn")), 1, Wait);
        // No answer for a cancelled request; the session goes on.
        mcp.request(2, QStringLiteral("ping"));
        QVERIFY(!mcp.waitForId(2).isEmpty());
        syncWithApp(mcp, QStringLiteral("sync-2"));
        QVERIFY(!mcp.hasAnswer(QStringLiteral("call-1")));
        QVERIFY(standinRuns().isEmpty());
        QCOMPARE(ledger().size(), 1);
        QCOMPARE(mcp.closeInputAndWait(), 0);
        QCOMPARE(desk->terminate(), 0);
    }

    void clientGoneWhileWaitingWithdrawsItAndApprovesNothing()
    {
        auto desk = startDesk({});
        QVERIFY2(desk, "the app did not start");
        McpProcess mcp(m_binary, socketPath());
        mcp.initialize();
        mcp.request(1, QStringLiteral("tools/call"),
                    callParams(QStringLiteral("run_python"), codeArguments(QStringLiteral("# stdout: a\n"))));
        mcp.request(2, QStringLiteral("tools/call"),
                    callParams(QStringLiteral("request_review"),
                               {{QStringLiteral("payload"),
                                 QJsonObject{{QStringLiteral("question"), QStringLiteral("Deploy?")}}}}));
        syncWithApp(mcp, QStringLiteral("sync"));
        QCOMPARE(mcp.closeInputAndWait(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(countDecidedBy(ledger(), QStringLiteral("withdrawn")), 2, Wait);
        for (const QJsonObject& entry : ledger())
            QVERIFY(!entry.value(QStringLiteral("decision")).toString().contains(QStringLiteral("approve")));
        QVERIFY(standinRuns().isEmpty());
        QCOMPARE(desk->terminate(), 0);
    }

    void waitingReportsProgressAndAnAppThatDiesIsAToolError()
    {
        auto desk = startDesk({});
        QVERIFY2(desk, "the app did not start");
        McpProcess mcp(m_binary, socketPath());
        mcp.initialize();
        mcp.request(
            1, QStringLiteral("tools/call"),
            callParams(QStringLiteral("run_python"), codeArguments(QStringLiteral("# stdout: no\n")), 77));
        syncWithApp(mcp, QStringLiteral("sync"));
        // The tick while it waits for a person (every 3 s), after the first notification.
        const QJsonObject tick = mcp.waitFor([](const QJsonObject& message) {
            return message.value(QStringLiteral("method")) == QStringLiteral("notifications/progress") &&
                   message.value(QStringLiteral("params"))
                       .toObject()
                       .value(QStringLiteral("message"))
                       .toString()
                       .contains(QStringLiteral("s so far"));
        });
        QVERIFY2(!tick.isEmpty(), "no progress while waiting");
        QCOMPARE(
            tick.value(QStringLiteral("params")).toObject().value(QStringLiteral("progressToken")).toInt(),
            77);
        QVERIFY(
            tick.value(QStringLiteral("params")).toObject().value(QStringLiteral("progress")).toDouble() >=
            2);

        QVERIFY(desk->killHard());
        const QJsonObject answer = mcp.waitForId(1);
        QVERIFY2(isToolError(answer), QJsonDocument(answer).toJson().constData());
        QVERIFY(resultText(answer).contains(QStringLiteral("kosa8 Desk is not running")));
        QVERIFY(standinRuns().isEmpty());
        QCOMPARE(mcp.closeInputAndWait(), 0);
    }

    void sandboxesResourceListsEgressPolicies()
    {
        auto desk = startDesk({});
        QVERIFY2(desk, "the app did not start");
        McpProcess mcp(m_binary, socketPath());
        mcp.initialize();
        mcp.request(1, QStringLiteral("resources/list"));
        const QJsonArray resources = resultOf(mcp.waitForId(1)).value(QStringLiteral("resources")).toArray();
        QCOMPARE(resources.size(), 1);
        QCOMPARE(resources.at(0).toObject().value(QStringLiteral("uri")).toString(),
                 QStringLiteral("kosa8-desk://sandboxes"));
        // The app lists its sandboxes on its own timer after it started; read until it has.
        QJsonObject listing;
        int id = 10;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                mcp.request(++id, QStringLiteral("resources/read"),
                            {{QStringLiteral("uri"), QStringLiteral("kosa8-desk://sandboxes")}});
                const QJsonObject answer = mcp.waitForId(id);
                const QString text = resultOf(answer)
                                         .value(QStringLiteral("contents"))
                                         .toArray()
                                         .at(0)
                                         .toObject()
                                         .value(QStringLiteral("text"))
                                         .toString();
                listing = QJsonDocument::fromJson(text.toUtf8()).object();
                return listing.value(QStringLiteral("listed")).toBool();
            }(),
            k8::test::waits::Binary);
        QCOMPARE(listing.value(QStringLiteral("default_sandbox")).toString(), Sandbox);
        const QJsonArray sandboxes = listing.value(QStringLiteral("sandboxes")).toArray();
        QCOMPARE(sandboxes.size(), 1);
        const QJsonObject sandbox = sandboxes.at(0).toObject();
        QCOMPARE(sandbox.value(QStringLiteral("name")).toString(), Sandbox);
        QVERIFY(!sandbox.value(QStringLiteral("egress"))
                     .toObject()
                     .value(QStringLiteral("mode"))
                     .toString()
                     .isEmpty());
        QCOMPARE(mcp.closeInputAndWait(), 0);
        QCOMPARE(desk->terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestE2eMcp)
#include "tst_e2e_mcp.moc"
