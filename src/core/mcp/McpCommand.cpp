// SPDX-License-Identifier: Apache-2.0
#include "mcp/McpCommand.h"

#include "agent/socket/SocketPath.h"
#include "mcp/DeskClient.h"
#include "mcp/McpSession.h"
#include "mcp/StdinReader.h"
#include "mcp/StdoutWriter.h"

#include <QCommandLineParser>
#include <QTextStream>
#include <QTimer>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <cstring>

namespace k8::mcp {

namespace {
// Progress notifications are skipped while this much waits for a client that reads slowly.
constexpr qint64 OptionalBacklogBytes = 256 * 1024;
// A client that sends requests without reading the answers: past the first bound its standard
// input is no longer read until the answers queued for it are down to the second.
constexpr qint64 PauseReadingBytes = 16 * 1024 * 1024;
constexpr qint64 ResumeReadingBytes = 1024 * 1024;
// At the end, how long the last answers and the socket's close may take.
constexpr int ExitFlushMs = 3000;
} // namespace

bool McpCommand::isRequested(int argc, char** argv)
{
    return argc > 1 && std::strcmp(argv[1], "mcp") == 0;
}

int McpCommand::run(const QStringList& arguments)
{
    // Standard output carries MCP messages only: every log line goes to standard error.
    spdlog::set_default_logger(spdlog::stderr_logger_mt("kosa8-desk-mcp"));
    spdlog::set_level(qEnvironmentVariableIsSet("KOSA8_DESK_MCP_DEBUG") ? spdlog::level::debug
                                                                        : spdlog::level::warn);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("An MCP server on standard input and output: its tools run code only after a person approves it "
           "in the running kosa8 Desk."));
    const QCommandLineOption agentOption(QStringLiteral("agent"),
                                         tr("The label kosa8 Desk shows for this client's requests "
                                            "(default: the MCP client's name)."),
                                         tr("NAME"));
    const QCommandLineOption socketOption(
        QStringLiteral("socket"),
        tr("The app's agent socket (default: KOSA8_DESK_SOCKET, then the usual path)."), tr("PATH"));
    parser.addOption(agentOption);
    parser.addOption(socketOption);
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("mcp"), tr("Serve MCP on standard input and output."));
    QTextStream err(stderr);
    if (!parser.parse(arguments)) {
        err << parser.errorText() << '\n'
            << tr("Usage: kosa8-desk mcp [--agent NAME] [--socket PATH]") << '\n';
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // Help goes to standard error too: standard output belongs to the protocol.
        err << parser.helpText();
        return 0;
    }
    if (parser.positionalArguments() != QStringList{QStringLiteral("mcp")}) {
        err << tr("Unexpected arguments: %1").arg(parser.positionalArguments().mid(1).join(QLatin1Char(' ')))
            << '\n'
            << tr("Usage: kosa8-desk mcp [--agent NAME] [--socket PATH]") << '\n';
        return 2;
    }

    const QString socketPath = agent::SocketPath::resolve(parser.value(socketOption));
    StdoutWriter writer(1);
    DeskClient desk(socketPath);
    McpSession session(&desk, parser.value(agentOption).trimmed().left(200));
    StdinReader reader(0);

    QTimer resumeCheck;
    resumeCheck.setInterval(50);
    QObject::connect(&resumeCheck, &QTimer::timeout, &reader, [&] {
        if (writer.queuedBytes() > ResumeReadingBytes && !writer.failed())
            return;
        resumeCheck.stop();
        reader.setPaused(false);
    });
    QObject::connect(&session, &McpSession::outgoing, &session, [&](const QByteArray& line, bool optional) {
        if (optional && writer.queuedBytes() > OptionalBacklogBytes)
            return;
        writer.write(line);
        if (writer.queuedBytes() > PauseReadingBytes && !reader.isPaused()) {
            spdlog::warn("mcp: the client is not reading its answers; reading from it pauses");
            reader.setPaused(true);
            resumeCheck.start();
        }
    });
    QObject::connect(&reader, &StdinReader::lineReceived, &session, &McpSession::handleLine);
    QObject::connect(&reader, &StdinReader::lineTooLong, &session, [&session, &reader](qint64 seen) {
        session.handleTooLongLine(seen, reader.maxLineBytes());
    });

    // The client closed standard input: it is gone. Closing the socket withdraws every request
    // still waiting in the app (nothing is approved for a client that cannot receive it); then exit 0.
    QObject::connect(&reader, &StdinReader::finished, &desk, [&desk] {
        spdlog::info("mcp: standard input ended; closing the connection to kosa8 Desk");
        QTimer::singleShot(ExitFlushMs, qApp, [] { QCoreApplication::exit(0); });
        desk.close();
    });
    QObject::connect(&desk, &DeskClient::closed, qApp, [] { QCoreApplication::exit(0); });

    reader.start();
    const int rc = QCoreApplication::exec();
    writer.flush(ExitFlushMs);
    return rc;
}

} // namespace k8::mcp
