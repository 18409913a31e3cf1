// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QStringList>

namespace k8::mcp {

// `kosa8-desk mcp [--agent NAME] [--socket PATH]`: the MCP server on standard input and output
// (docs/mcp.md). main() calls it with a QCoreApplication only: no display, no window, no kosa8.
class McpCommand
{
    Q_DECLARE_TR_FUNCTIONS(k8::mcp::McpCommand)

public:
    // True when argv names the sub-command (its first argument is "mcp").
    static bool isRequested(int argc, char** argv);
    // Parses `arguments` (the application's, "mcp" included), serves until standard input ends,
    // and returns the exit code: 0 after the client closed its end, 2 for a wrong command line.
    static int run(const QStringList& arguments);
};

} // namespace k8::mcp
