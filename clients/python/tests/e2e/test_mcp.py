# SPDX-License-Identifier: Apache-2.0
"""``kosa8-desk mcp`` through the real MCP Python SDK (PyPI ``mcp``, pinned in requirements-test.txt).

The SDK starts the server over stdio as any MCP host does (``StdioServerParameters``, ``stdio_client``,
``ClientSession``). Decisions come from standing rules and the app's timeouts; nobody clicks.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest
from desk_app import RunningApp, approve_code, reject_code

mcp = pytest.importorskip("mcp", reason="the MCP Python SDK (pip install mcp) is not installed")
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

WAIT = 60.0
T = TypeVar("T")


def server_parameters(socket_path: str, *extra: str) -> StdioServerParameters:
    binary = os.environ["KOSA8_DESK_BINARY"]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "KOSA8_DESK_SOCKET": socket_path}
    return StdioServerParameters(command=binary, args=["mcp", *extra], env=env)


def with_session(params: StdioServerParameters, body: Callable[[ClientSession], Awaitable[T]]) -> T:
    async def run() -> T:
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await asyncio.wait_for(body(session), WAIT)

    return asyncio.run(run())


def text_of(result: Any) -> str:
    return "".join(part.text for part in result.content if getattr(part, "type", "") == "text")


def test_lists_the_tools_and_calls_run_python_approved_by_a_rule(start_app) -> None:  # type: ignore[no-untyped-def]
    code = "# stdout: hello over MCP\n# exit: 0\n"
    app: RunningApp = start_app(rules=[approve_code("mcp-hello", code)])
    progress: list[tuple[float, str | None]] = []

    async def body(session: ClientSession) -> tuple[Any, Any]:
        tools = await session.list_tools()

        async def on_progress(value: float, total: float | None, message: str | None) -> None:
            progress.append((value, message))

        result = await session.call_tool("run_python", {"code": code}, progress_callback=on_progress)
        return tools, result

    tools, result = with_session(server_parameters(app.socket, "--agent", "sdk-e2e"), body)
    by_name = {tool.name: tool for tool in tools.tools}
    assert sorted(by_name) == ["request_review", "run_bash", "run_python"]
    assert by_name["run_python"].input_schema["required"] == ["code"]
    assert set(by_name["run_python"].input_schema["properties"]) == {"code", "sandbox", "timeout_s"}

    assert not result.is_error, text_of(result)
    assert result.structured_content["exit_code"] == 0
    assert "hello over MCP" in result.structured_content["stdout"]
    assert result.structured_content["sandbox"] == "analysis"
    assert result.structured_content["checkpoint"].startswith("before-")
    assert "hello over MCP" in text_of(result)
    assert progress and all(b[0] > a[0] for a, b in zip(progress, progress[1:]))
    assert [run["code"] for run in app.runs()] == [code]
    [entry] = app.ledger()
    assert entry["decided_by"] == "rule:mcp-hello"
    assert entry["agent"] == "sdk-e2e"


def test_run_python_rejected_by_a_rule_and_by_the_timeout_are_tool_errors(start_app) -> None:  # type: ignore[no-untyped-def]
    refused = "# stdout: refused\n"
    app: RunningApp = start_app(rules=[reject_code("no-refused", refused)])

    async def body(session: ClientSession) -> tuple[Any, Any]:
        by_rule = await session.call_tool("run_python", {"code": refused})
        by_timeout = await session.call_tool("run_bash", {"code": "# stdout: late\n", "timeout_s": 1})
        return by_rule, by_timeout

    by_rule, by_timeout = with_session(server_parameters(app.socket), body)
    for result in (by_rule, by_timeout):
        assert result.is_error
        assert result.structured_content["decision"] == "reject"
        assert "rejected" in text_of(result)
    assert "timed out" in text_of(by_timeout)
    assert app.runs() == []
    assert [entry["decided_by"] for entry in app.ledger()] == ["rule:no-refused", "timeout"]
    # Without --agent the app shows the MCP client's name.
    assert all(entry["agent"] == "mcp" for entry in app.ledger())


def test_request_review_returns_the_decision_and_sandboxes_are_a_resource(start_app) -> None:  # type: ignore[no-untyped-def]
    payload = {"question": "Send the report?", "code": "send_report()"}
    app: RunningApp = start_app(rules=[approve_code("send", "send_report()")])

    async def body(session: ClientSession) -> tuple[Any, Any]:
        review = await session.call_tool("request_review", {"payload": payload, "title": "Report"})
        resources = await session.list_resources()
        return review, resources

    review, resources = with_session(server_parameters(app.socket), body)
    assert not review.is_error
    assert review.structured_content == {"result": "approve"}
    assert json.loads(text_of(review)) == "approve"
    assert [str(resource.uri) for resource in resources.resources] == ["kosa8-desk://sandboxes"]


def test_app_down_is_a_tool_error_that_says_how_to_start_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    if not os.path.exists(os.environ.get("KOSA8_DESK_BINARY", "")):
        pytest.skip("KOSA8_DESK_BINARY is not set to an existing file")
    params = server_parameters(str(tmp_path / "nobody" / "agent.sock"))

    async def body(session: ClientSession) -> tuple[Any, Any]:
        tools = await session.list_tools()  # needs no app
        result = await session.call_tool("run_python", {"code": "print('never')"})
        return tools, result

    tools, result = with_session(params, body)
    assert len(tools.tools) == 3
    assert result.is_error
    assert "kosa8 Desk is not running" in text_of(result)
    assert "`kosa8-desk`" in text_of(result)
