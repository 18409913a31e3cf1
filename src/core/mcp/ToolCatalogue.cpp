// SPDX-License-Identifier: Apache-2.0
#include "mcp/ToolCatalogue.h"

#include <cmath>

namespace k8::mcp {

namespace {

const QString RunPython = QStringLiteral("run_python");
const QString RunBash = QStringLiteral("run_bash");
const QString RequestReview = QStringLiteral("request_review");

// docs/protocol.md: `code` at most 4 MiB, `timeout_s` from 1 to 86400.
constexpr qint64 MaxCodeBytes = 4 * 1024 * 1024;
constexpr double MaxTimeoutS = 86400;

QJsonObject stringProperty(const QString& description)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                       {QStringLiteral("description"), description}};
}

QJsonObject timeoutProperty(const QString& description)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("number")},
                       {QStringLiteral("minimum"), 1},
                       {QStringLiteral("maximum"), MaxTimeoutS},
                       {QStringLiteral("description"), description}};
}

QJsonObject runSchema(const QString& codeDescription)
{
    QJsonObject properties{
        {QStringLiteral("code"), stringProperty(codeDescription)},
        {QStringLiteral("sandbox"),
         stringProperty(
             QStringLiteral("The kosa8 sandbox to run in (see the resource kosa8-desk://sandboxes). "
                            "Leave it out to use the sandbox the person chose in kosa8 Desk."))},
        {QStringLiteral("timeout_s"),
         timeoutProperty(QStringLiteral("Seconds to wait for the person's decision, and the run's time limit "
                                        "once approved (1 to 86400). Without it the request waits until the "
                                        "person decides."))}};
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                       {QStringLiteral("properties"), properties},
                       {QStringLiteral("required"), QJsonArray{QStringLiteral("code")}},
                       {QStringLiteral("additionalProperties"), false}};
}

QJsonObject reviewSchema()
{
    QJsonObject properties{
        {QStringLiteral("payload"),
         QJsonObject{
             {QStringLiteral("description"),
              QStringLiteral("Any JSON value for the person to decide on: a question, a plan, an action "
                             "with its arguments. An object with a string field \"code\" shows that code "
                             "in the editor. LangChain human-in-the-loop and Agent Inbox interrupts are "
                             "recognised and answered in their own shapes.")}}},
        {QStringLiteral("title"),
         stringProperty(QStringLiteral("A short title the inbox shows for the request."))},
        {QStringLiteral("timeout_s"),
         timeoutProperty(QStringLiteral("Seconds to wait for the person's decision (1 to 86400); then the "
                                        "answer is a rejection."))}};
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                       {QStringLiteral("properties"), properties},
                       {QStringLiteral("required"), QJsonArray{QStringLiteral("payload")}},
                       {QStringLiteral("additionalProperties"), false}};
}

QJsonObject tool(const QString& name, const QString& title, const QString& description,
                 const QJsonObject& schema, bool destructive)
{
    return QJsonObject{
        {QStringLiteral("name"), name},
        {QStringLiteral("title"), title},
        {QStringLiteral("description"), description},
        {QStringLiteral("inputSchema"), schema},
        {QStringLiteral("annotations"), QJsonObject{{QStringLiteral("title"), title},
                                                    {QStringLiteral("readOnlyHint"), false},
                                                    {QStringLiteral("destructiveHint"), destructive},
                                                    {QStringLiteral("idempotentHint"), false},
                                                    {QStringLiteral("openWorldHint"), destructive}}}};
}

// The fields a tool accepts; anything else is named in the error.
bool onlyKnownFields(const QJsonObject& arguments, const QStringList& known, QString* error)
{
    for (auto it = arguments.begin(); it != arguments.end(); ++it) {
        if (!known.contains(it.key())) {
            *error = ToolCatalogue::tr("Unknown argument \"%1\"; the arguments are %2.")
                         .arg(it.key().left(100), known.join(QStringLiteral(", ")));
            return false;
        }
    }
    return true;
}

bool readOptionalString(const QJsonObject& arguments, const QString& field, QString* value, QString* error)
{
    const QJsonValue given = arguments.value(field);
    if (given.isUndefined() || given.isNull())
        return true;
    if (!given.isString()) {
        *error = ToolCatalogue::tr("\"%1\" must be a string.").arg(field);
        return false;
    }
    *value = given.toString();
    return true;
}

bool readOptionalTimeout(const QJsonObject& arguments, QJsonObject* params, QString* error)
{
    const QJsonValue given = arguments.value(QStringLiteral("timeout_s"));
    if (given.isUndefined() || given.isNull())
        return true;
    const double seconds = given.toDouble(-1);
    if (!given.isDouble() || !std::isfinite(seconds) || seconds < 1 || seconds > MaxTimeoutS) {
        *error =
            ToolCatalogue::tr("\"timeout_s\" must be a number of seconds from 1 to %1.").arg(MaxTimeoutS);
        return false;
    }
    params->insert(QStringLiteral("timeout_s"), seconds);
    return true;
}

} // namespace

QJsonArray ToolCatalogue::definitions()
{
    const QString gate = QStringLiteral(
        " Nothing runs until a person approves it in the kosa8 Desk app (or a standing rule the person saved "
        "does); the person may edit the code first or reject it with a reason. An approved run starts from a "
        "checkpoint of the sandbox, so it can be rewound, and every decision is recorded in the app's "
        "ledger. "
        "The call waits for the decision, which can take minutes. A rejection comes back as a tool error "
        "with the person's reason: read it and change course rather than retrying the same code.");
    return QJsonArray{
        tool(RunPython, QStringLiteral("Run Python in a sandbox (human-approved)"),
             QStringLiteral(
                 "Runs Python code in a kosa8 sandbox (python -c semantics) and returns its exit code, "
                 "stdout and stderr.") +
                 gate,
             runSchema(QStringLiteral("The Python source to run, as a whole program.")), true),
        tool(RunBash, QStringLiteral("Run bash in a sandbox (human-approved)"),
             QStringLiteral(
                 "Runs a bash script in a kosa8 sandbox and returns its exit code, stdout and stderr.") +
                 gate,
             runSchema(QStringLiteral("The bash script to run.")), true),
        tool(RequestReview, QStringLiteral("Ask a person to review"),
             QStringLiteral(
                 "Asks the person at kosa8 Desk to decide on anything (a plan, an action, a message) and "
                 "returns their decision as JSON: \"approve\" or \"reject\" for a plain value, or the "
                 "decision objects of a LangChain human-in-the-loop or Agent Inbox interrupt. The call "
                 "waits for the decision. Nothing is run."),
             reviewSchema(), false)};
}

bool ToolCatalogue::isKnown(const QString& name)
{
    return name == RunPython || name == RunBash || name == RequestReview;
}

bool ToolCatalogue::toSocketCall(const QString& name, const QJsonObject& arguments, SocketCall* call,
                                 QString* error)
{
    QJsonObject params;
    if (name == RunPython || name == RunBash) {
        if (!onlyKnownFields(arguments,
                             {QStringLiteral("code"), QStringLiteral("sandbox"), QStringLiteral("timeout_s")},
                             error))
            return false;
        const QJsonValue code = arguments.value(QStringLiteral("code"));
        if (code.isUndefined()) {
            *error = tr("\"code\" is required: the source to run, as a string.");
            return false;
        }
        if (!code.isString()) {
            *error = tr("\"code\" must be a string.");
            return false;
        }
        if (code.toString().isEmpty()) {
            *error = tr("\"code\" is empty; give the source to run.");
            return false;
        }
        if (code.toString().toUtf8().size() > MaxCodeBytes) {
            *error = tr("\"code\" is longer than %1 MiB.").arg(MaxCodeBytes / (1024 * 1024));
            return false;
        }
        params.insert(QStringLiteral("code"), code);
        params.insert(QStringLiteral("language"),
                      name == RunPython ? QStringLiteral("python") : QStringLiteral("bash"));
        QString sandbox;
        if (!readOptionalString(arguments, QStringLiteral("sandbox"), &sandbox, error))
            return false;
        if (!sandbox.isEmpty())
            params.insert(QStringLiteral("sandbox"), sandbox);
        if (!readOptionalTimeout(arguments, &params, error))
            return false;
        call->method = QStringLiteral("run");
        call->params = params;
        return true;
    }
    if (name == RequestReview) {
        if (!onlyKnownFields(
                arguments, {QStringLiteral("payload"), QStringLiteral("title"), QStringLiteral("timeout_s")},
                error))
            return false;
        if (!arguments.contains(QStringLiteral("payload"))) {
            *error = tr("\"payload\" is required: the JSON value the person decides on.");
            return false;
        }
        params.insert(QStringLiteral("payload"), arguments.value(QStringLiteral("payload")));
        QString title;
        if (!readOptionalString(arguments, QStringLiteral("title"), &title, error))
            return false;
        if (!title.isEmpty())
            params.insert(QStringLiteral("title"), title);
        if (!readOptionalTimeout(arguments, &params, error))
            return false;
        call->method = QStringLiteral("review");
        call->params = params;
        return true;
    }
    *error = tr("Unknown tool \"%1\".").arg(name.left(100));
    return false;
}

} // namespace k8::mcp
