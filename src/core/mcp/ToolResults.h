// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace k8::mcp {

// MCP CallToolResult objects ({content: [{type: "text", text}], structuredContent, isError}) made
// from the app's answers (docs/protocol.md) and from failures. A person's rejection is a tool
// error the model can read, never a JSON-RPC error.
class ToolResults
{
    Q_DECLARE_TR_FUNCTIONS(k8::mcp::ToolResults)

public:
    // The answer to `run`: the run's outcome, or the rejection with its reason.
    static QJsonObject fromRun(const QJsonObject& answer);
    // The answer to `review`: the decision value as the app gave it.
    static QJsonObject fromReview(const QJsonValue& answer);
    // The app answered with a JSON-RPC error (kosa8 failed, no sandbox, invalid params, busy).
    static QJsonObject fromSocketError(const QJsonObject& error);
    // Any other failure: the app is not running, invalid arguments.
    static QJsonObject error(const QString& text, const QJsonObject& structured = {});
};

} // namespace k8::mcp
