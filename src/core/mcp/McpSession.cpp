// SPDX-License-Identifier: Apache-2.0
#include "mcp/McpSession.h"

#include "agent/socket/JsonRpc.h"
#include "mcp/DeskClient.h"
#include "mcp/ToolCatalogue.h"
#include "mcp/ToolResults.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <spdlog/spdlog.h>

namespace k8::mcp {

namespace {

using agent::ErrorCode::InvalidParams;
using agent::ErrorCode::InvalidRequest;
using agent::ErrorCode::MethodNotFound;
// MCP's code for a resource that does not exist; JSON-RPC's internal error for one that cannot be
// read now.
constexpr int ResourceNotFound = -32002;
constexpr int InternalError = -32603;

const QString SandboxesUri = QStringLiteral("kosa8-desk://sandboxes");

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(k8::mcp::McpSession)
};

QJsonObject sandboxesResource()
{
    return QJsonObject{
        {QStringLiteral("uri"), SandboxesUri},
        {QStringLiteral("name"), QStringLiteral("sandboxes")},
        {QStringLiteral("title"), QStringLiteral("kosa8 sandboxes and their egress policies")},
        {QStringLiteral("description"),
         QStringLiteral(
             "The sandboxes kosa8 Desk knows, read-only: name, status, images, and each one's egress "
             "policy (deny: no network; any; fakenet; allow: only the listed hosts), plus the default "
             "sandbox runs use when the call names none.")},
        {QStringLiteral("mimeType"), QStringLiteral("application/json")}};
}

// JSON-RPC ids and progress tokens compare as JSON: 7 and "7" differ.
bool sameId(const QJsonValue& a, const QJsonValue& b)
{
    if (a.isString() && b.isString())
        return a.toString() == b.toString();
    if (a.isDouble() && b.isDouble())
        return a.toDouble() == b.toDouble();
    return false;
}

} // namespace

McpSession::McpSession(DeskClient* desk, const QString& fixedAgentLabel, QObject* parent)
    : QObject(parent)
    , m_desk(desk)
    , m_fixedAgentLabel(fixedAgentLabel)
{
    if (!m_fixedAgentLabel.isEmpty())
        m_desk->setAgentLabel(m_fixedAgentLabel);
    connect(m_desk, &DeskClient::answered, this, &McpSession::onAnswered);
    connect(m_desk, &DeskClient::failed, this, &McpSession::onFailed);
    connect(m_desk, &DeskClient::notified, this, &McpSession::onNotified);
}

McpSession::~McpSession()
{
    for (Call& call : m_calls) {
        delete call.waitTimer;
        delete call.outputTimer;
    }
}

QStringList McpSession::supportedProtocolVersions()
{
    return {QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"), QStringLiteral("2025-03-26"),
            QStringLiteral("2024-11-05")};
}

void McpSession::handleLine(const QByteArray& line)
{
    agent::RpcMessage message;
    agent::RpcError error;
    QJsonValue errorId;
    if (agent::parseRpcLine(line, &message, &error, &errorId)) {
        dispatch(message);
        return;
    }
    // A response from the client (to a request this server never sends) is not a request: ignored,
    // as JSON-RPC answers nothing to a response.
    if (error.code == InvalidRequest) {
        const QJsonObject object = QJsonDocument::fromJson(line).object();
        if (!object.contains(QStringLiteral("method")) &&
            (object.contains(QStringLiteral("result")) || object.contains(QStringLiteral("error"))))
            return;
    }
    Q_EMIT outgoing(agent::rpcError(errorId, error), false);
}

void McpSession::handleTooLongLine(qint64 seenBytes, qint64 limit)
{
    sendError(QJsonValue(QJsonValue::Null), InvalidRequest,
              Text::tr("The message is too long: at least %1 bytes, the limit is %2 bytes. It was dropped.")
                  .arg(seenBytes)
                  .arg(limit));
}

void McpSession::dispatch(const agent::RpcMessage& message)
{
    const QString& method = message.method;
    if (message.isNotification) {
        if (method == QLatin1String("notifications/initialized"))
            m_initialized = m_initializeAnswered;
        else if (method == QLatin1String("notifications/cancelled"))
            handleCancelled(message.params.toObject());
        // Any other notification needs nothing from this server (and gets no answer).
        return;
    }
    if (method == QLatin1String("initialize")) {
        answerInitialize(message);
        return;
    }
    if (method == QLatin1String("ping")) {
        sendResult(message.id, QJsonObject{});
        return;
    }
    static const QStringList known{QStringLiteral("tools/list"), QStringLiteral("tools/call"),
                                   QStringLiteral("resources/list"), QStringLiteral("resources/read"),
                                   QStringLiteral("resources/templates/list")};
    if (!known.contains(method)) {
        sendError(message.id, MethodNotFound, Text::tr("Unknown method \"%1\".").arg(method.left(100)));
        return;
    }
    if (!m_initializeAnswered) {
        sendError(
            message.id, InvalidRequest,
            Text::tr("The session is not initialized: send \"initialize\" first, then \"%1\".").arg(method));
        return;
    }
    if (!message.params.isUndefined() && !message.params.isObject()) {
        sendError(message.id, InvalidParams, Text::tr("\"params\" of %1 must be an object.").arg(method));
        return;
    }
    if (method == QLatin1String("tools/list")) {
        sendResult(message.id, QJsonObject{{QStringLiteral("tools"), ToolCatalogue::definitions()}});
    } else if (method == QLatin1String("tools/call")) {
        answerToolsCall(message);
    } else if (method == QLatin1String("resources/list")) {
        sendResult(message.id, QJsonObject{{QStringLiteral("resources"), QJsonArray{sandboxesResource()}}});
    } else if (method == QLatin1String("resources/templates/list")) {
        sendResult(message.id, QJsonObject{{QStringLiteral("resourceTemplates"), QJsonArray{}}});
    } else {
        answerResourcesRead(message);
    }
}

void McpSession::answerInitialize(const agent::RpcMessage& message)
{
    if (m_initializeAnswered) {
        sendError(message.id, InvalidRequest, Text::tr("The session is already initialized."));
        return;
    }
    if (!message.params.isObject()) {
        sendError(
            message.id, InvalidParams,
            Text::tr("\"params\" of initialize must be an object with protocolVersion, capabilities and "
                     "clientInfo."));
        return;
    }
    const QJsonObject params = message.params.toObject();
    const QJsonValue requested = params.value(QStringLiteral("protocolVersion"));
    if (!requested.isString()) {
        sendError(message.id, InvalidParams, Text::tr("\"protocolVersion\" must be a string."));
        return;
    }
    // The client's revision when this server speaks it, else the newest it speaks (the client then
    // decides whether it can go on).
    const QStringList supported = supportedProtocolVersions();
    const QString version =
        supported.contains(requested.toString()) ? requested.toString() : supported.first();

    const QString clientName = params.value(QStringLiteral("clientInfo"))
                                   .toObject()
                                   .value(QStringLiteral("name"))
                                   .toString()
                                   .trimmed();
    if (m_fixedAgentLabel.isEmpty())
        m_desk->setAgentLabel(clientName.isEmpty() ? QStringLiteral("mcp client") : clientName.left(200));

    const QJsonObject capabilities{
        {QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), false}}},
        {QStringLiteral("resources"),
         QJsonObject{{QStringLiteral("listChanged"), false}, {QStringLiteral("subscribe"), false}}}};
    const QJsonObject serverInfo{{QStringLiteral("name"), QStringLiteral("kosa8-desk")},
                                 {QStringLiteral("title"), QStringLiteral("kosa8 Desk")},
                                 {QStringLiteral("version"), QCoreApplication::applicationVersion()}};
    const QString instructions = QStringLiteral(
        "kosa8 Desk runs code only after a person approves it in the app. run_python and run_bash wait for "
        "that decision; a rejection is a tool error carrying the person's reason. request_review asks the "
        "person to decide on any JSON value. The resource kosa8-desk://sandboxes lists the sandboxes and "
        "their egress policies.");
    m_initializeAnswered = true;
    spdlog::info("mcp: initialized with {} (protocol {}, asked for {})", clientName.toStdString(),
                 version.toStdString(), requested.toString().toStdString());
    sendResult(message.id, QJsonObject{{QStringLiteral("protocolVersion"), version},
                                       {QStringLiteral("capabilities"), capabilities},
                                       {QStringLiteral("serverInfo"), serverInfo},
                                       {QStringLiteral("instructions"), instructions}});
}

void McpSession::answerToolsCall(const agent::RpcMessage& message)
{
    const QJsonObject params = message.params.toObject();
    const QJsonValue name = params.value(QStringLiteral("name"));
    if (!name.isString()) {
        sendError(message.id, InvalidParams, Text::tr("\"name\" must be the name of a tool (a string)."));
        return;
    }
    if (!ToolCatalogue::isKnown(name.toString())) {
        sendError(message.id, InvalidParams,
                  Text::tr("Unknown tool \"%1\"; the tools are run_python, run_bash and request_review.")
                      .arg(name.toString().left(100)));
        return;
    }
    const QJsonValue arguments = params.value(QStringLiteral("arguments"));
    if (!arguments.isUndefined() && !arguments.isNull() && !arguments.isObject()) {
        sendError(message.id, InvalidParams, Text::tr("\"arguments\" must be an object."));
        return;
    }
    for (const Call& call : std::as_const(m_calls)) {
        if (sameId(call.mcpId, message.id)) {
            sendError(message.id, InvalidRequest, Text::tr("The id is already used by a call in progress."));
            return;
        }
    }
    ToolCatalogue::SocketCall socketCall;
    QString invalid;
    // Arguments that do not fit the schema are the model's to correct: a tool error it can read.
    if (!ToolCatalogue::toSocketCall(name.toString(), arguments.toObject(), &socketCall, &invalid)) {
        sendResult(message.id, ToolResults::error(
                                   Text::tr("Invalid arguments for %1: %2").arg(name.toString(), invalid)));
        return;
    }
    Call call;
    call.mcpId = message.id;
    call.kind = socketCall.method == QLatin1String("run") ? CallKind::Run : CallKind::Review;
    const QJsonValue token =
        params.value(QStringLiteral("_meta")).toObject().value(QStringLiteral("progressToken"));
    if (token.isString() || token.isDouble())
        call.progressToken = token;
    // Its end (an answer, or the app not running) always comes from the event loop, later.
    const qint64 socketId = m_desk->request(socketCall.method, socketCall.params);
    m_calls.insert(socketId, call);
    startProgress(socketId);
}

void McpSession::answerResourcesRead(const agent::RpcMessage& message)
{
    const QJsonValue uri = message.params.toObject().value(QStringLiteral("uri"));
    if (!uri.isString()) {
        sendError(message.id, InvalidParams, Text::tr("\"uri\" must be the URI of a resource (a string)."));
        return;
    }
    if (uri.toString() != SandboxesUri) {
        sendError(
            message.id, ResourceNotFound,
            Text::tr("No resource \"%1\"; the resource is %2.").arg(uri.toString().left(200), SandboxesUri));
        return;
    }
    Call call;
    call.mcpId = message.id;
    call.kind = CallKind::ReadSandboxes;
    call.resourceUri = uri.toString();
    m_calls.insert(m_desk->request(QStringLiteral("sandboxes"), {}), call);
}

void McpSession::handleCancelled(const QJsonObject& params)
{
    const QJsonValue requestId = params.value(QStringLiteral("requestId"));
    for (auto it = m_calls.begin(); it != m_calls.end(); ++it) {
        if (!it->cancelled && sameId(it->mcpId, requestId)) {
            // No answer goes to the client for a cancelled request; the app answers the socket
            // request (a rejection, recorded as withdrawn), which is dropped.
            it->cancelled = true;
            if (it->waitTimer)
                it->waitTimer->stop();
            if (it->outputTimer)
                it->outputTimer->stop();
            spdlog::info("mcp: call cancelled by the client ({})",
                         params.value(QStringLiteral("reason")).toString().left(200).toStdString());
            m_desk->cancel(it.key());
            return;
        }
    }
}

void McpSession::onAnswered(qint64 socketId, bool isError, const QJsonValue& body)
{
    if (!m_calls.contains(socketId))
        return;
    const Call call = m_calls.value(socketId);
    finishCall(socketId);
    if (call.cancelled)
        return;
    if (call.kind == CallKind::ReadSandboxes) {
        if (isError) {
            sendError(call.mcpId, InternalError,
                      Text::tr("kosa8 Desk did not list its sandboxes: %1")
                          .arg(body.toObject().value(QStringLiteral("message")).toString()));
            return;
        }
        const QByteArray text = QJsonDocument(body.toObject()).toJson(QJsonDocument::Indented);
        sendResult(call.mcpId,
                   QJsonObject{{QStringLiteral("contents"),
                                QJsonArray{QJsonObject{
                                    {QStringLiteral("uri"), call.resourceUri},
                                    {QStringLiteral("mimeType"), QStringLiteral("application/json")},
                                    {QStringLiteral("text"), QString::fromUtf8(text)}}}}});
        return;
    }
    if (isError) {
        sendResult(call.mcpId, ToolResults::fromSocketError(body.toObject()));
        return;
    }
    sendResult(call.mcpId, call.kind == CallKind::Run ? ToolResults::fromRun(body.toObject())
                                                      : ToolResults::fromReview(body));
}

void McpSession::onFailed(qint64 socketId, const QString& message)
{
    if (!m_calls.contains(socketId)) {
        return;
    }
    const Call call = m_calls.value(socketId);
    finishCall(socketId);
    if (call.cancelled)
        return;
    if (call.kind == CallKind::ReadSandboxes)
        sendError(call.mcpId, InternalError, message);
    else
        sendResult(call.mcpId,
                   ToolResults::error(message, QJsonObject{{QStringLiteral("desk_running"), false}}));
}

void McpSession::onNotified(const QString& method, const QJsonObject& params)
{
    if (method != QLatin1String("run.output"))
        return;
    const QJsonValue id = params.value(QStringLiteral("id"));
    if (!id.isDouble())
        return;
    auto it = m_calls.find(qint64(id.toDouble()));
    if (it == m_calls.end() || it->cancelled)
        return;
    it->outputBytes += params.value(QStringLiteral("data")).toString().toUtf8().size();
    if (it->progressToken.isUndefined())
        return;
    if (it->waitTimer)
        it->waitTimer->stop(); // approved: it runs
    if (!it->outputTimer->isActive()) {
        const qint64 step = it->outputBytes - it->reportedOutputBytes;
        it->reportedOutputBytes = it->outputBytes;
        sendProgress(
            *it,
            Text::tr("Running in kosa8 Desk: %n byte(s) of output so far", nullptr, int(it->outputBytes)),
            double(step));
        it->outputTimer->start();
    }
}

void McpSession::startProgress(qint64 socketId)
{
    Call& call = m_calls[socketId];
    if (call.progressToken.isUndefined())
        return;
    call.waitTimer = new QTimer;
    call.waitTimer->setInterval(m_waitProgressMs);
    call.outputTimer = new QTimer;
    call.outputTimer->setSingleShot(true);
    call.outputTimer->setInterval(500);
    const int intervalS = qMax(1, m_waitProgressMs / 1000);
    QObject::connect(call.waitTimer, &QTimer::timeout, this, [this, socketId, intervalS] {
        auto it = m_calls.find(socketId);
        if (it == m_calls.end())
            return;
        it->waitedS += intervalS;
        sendProgress(*it, Text::tr("Waiting for approval in kosa8 Desk (%n s so far)", nullptr, it->waitedS),
                     1);
    });
    QObject::connect(call.outputTimer, &QTimer::timeout, this, [this, socketId] {
        auto it = m_calls.find(socketId);
        if (it == m_calls.end() || it->outputBytes == it->reportedOutputBytes)
            return;
        const qint64 step = it->outputBytes - it->reportedOutputBytes;
        it->reportedOutputBytes = it->outputBytes;
        sendProgress(
            *it,
            Text::tr("Running in kosa8 Desk: %n byte(s) of output so far", nullptr, int(it->outputBytes)),
            double(step));
        it->outputTimer->start();
    });
    sendProgress(call, Text::tr("Waiting for approval in kosa8 Desk"), 1);
    call.waitTimer->start();
}

void McpSession::sendProgress(Call& call, const QString& message, double step)
{
    // Progress must grow with every notification (MCP "progress"); it counts waiting ticks and
    // bytes of output, and carries no total.
    call.progress += qMax(1.0, step);
    QJsonObject params{{QStringLiteral("progressToken"), call.progressToken},
                       {QStringLiteral("progress"), call.progress},
                       {QStringLiteral("message"), message}};
    Q_EMIT outgoing(agent::rpcNotification(QStringLiteral("notifications/progress"), params), true);
}

void McpSession::finishCall(qint64 socketId)
{
    auto it = m_calls.find(socketId);
    if (it == m_calls.end())
        return;
    delete it->waitTimer;
    delete it->outputTimer;
    m_calls.erase(it);
}

void McpSession::sendResult(const QJsonValue& id, const QJsonValue& result)
{
    Q_EMIT outgoing(agent::rpcResult(id, result), false);
}

void McpSession::sendError(const QJsonValue& id, int code, const QString& message)
{
    Q_EMIT outgoing(agent::rpcError(id, agent::makeRpcError(code, message)), false);
}

} // namespace k8::mcp
