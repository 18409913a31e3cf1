// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace k8::mcp {

// The tools `kosa8-desk mcp` offers (docs/mcp.md): their names, descriptions and JSON Schemas for
// tools/list, and the check of a call's arguments that turns them into the agent-socket request
// (docs/protocol.md): run_python and run_bash become `run`, request_review becomes `review`.
class ToolCatalogue
{
    Q_DECLARE_TR_FUNCTIONS(k8::mcp::ToolCatalogue)

public:
    // What a call asks of the app.
    struct SocketCall
    {
        QString method; // "run" or "review"
        QJsonObject params;
    };

    // tools/list's `tools`.
    static QJsonArray definitions();
    static bool isKnown(const QString& name);
    // Checks `arguments` against the tool's schema. False with *error, a sentence the model can
    // act on (which argument, what was expected), when they do not fit.
    static bool toSocketCall(const QString& name, const QJsonObject& arguments, SocketCall* call,
                             QString* error);
};

} // namespace k8::mcp
