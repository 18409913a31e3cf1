// SPDX-License-Identifier: Apache-2.0
// A LangChain.js agent's side of kosa8 Desk's MCP server: @langchain/mcp-adapters starts
// `kosa8-desk mcp` over stdio, loads its tools as LangChain tools, and invokes the ones asked for.
// Driven by clients/python/tests/e2e/test_mcp_langchain_js.py, which starts the real app first and
// checks what this prints: one JSON object on stdout with the loaded tools and each call's outcome.
//
// Input (environment):
//   KOSA8_DESK_BINARY  the kosa8-desk binary (the MCP server is its `mcp` sub-command)
//   KOSA8_DESK_SOCKET  the running app's agent socket
//   MCP_CALLS          JSON list of {"tool": NAME, "args": {...}} to invoke in order
import { MultiServerMCPClient } from "@langchain/mcp-adapters";

const binary = process.env.KOSA8_DESK_BINARY;
const socket = process.env.KOSA8_DESK_SOCKET;
const calls = JSON.parse(process.env.MCP_CALLS ?? "[]");
if (!binary || !socket) {
  console.error("load_and_call.mjs: set KOSA8_DESK_BINARY and KOSA8_DESK_SOCKET");
  process.exit(2);
}

const client = new MultiServerMCPClient({
  throwOnLoadError: true,
  onConnectionError: "throw",
  prefixToolNameWithServerName: false,
  useStandardContentBlocks: false,
  mcpServers: {
    desk: {
      transport: "stdio",
      command: binary,
      args: ["mcp", "--agent", "langchain-js", "--socket", socket],
      stderr: "inherit",
      restart: { enabled: false },
    },
  },
});

const report = { tools: [], calls: [] };
try {
  const tools = await client.getTools();
  report.tools = tools.map((tool) => ({ name: tool.name, description: tool.description }));
  for (const [index, call] of calls.entries()) {
    const tool = tools.find((candidate) => candidate.name === call.tool);
    if (!tool) {
      report.calls.push({ tool: call.tool, ok: false, error: "no such tool loaded" });
      continue;
    }
    try {
      // Invoked with a tool call, as an agent's ToolNode does, so the answer is a ToolMessage that
      // carries the server's structured content as its artifact.
      const message = await tool.invoke({ type: "tool_call", id: `call-${index}`, name: tool.name, args: call.args });
      report.calls.push({ tool: call.tool, ok: true, content: message.content, artifact: message.artifact ?? null });
    } catch (error) {
      report.calls.push({ tool: call.tool, ok: false, errorName: error?.name ?? "", error: String(error?.message ?? error) });
    }
  }
} finally {
  await client.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
