# SPDX-License-Identifier: Apache-2.0
"""The run_python tool against the in-test server, and failing closed without it."""

from __future__ import annotations

import os
import tempfile
from typing import Any

from fake_desk import FakeConnection, FakeDesk

from kosa8_desk import DeskClient
from kosa8_desk.langchain import make_run_python_tool


def marker_code() -> tuple[str, str]:
    """Code that would leave a file behind if anything ran it on this machine."""
    folder = tempfile.mkdtemp(prefix="k8marker-")
    marker = os.path.join(folder, "ran")
    return marker, f"open({marker!r}, 'w').write('ran')\n# stdout: ran\n"


def test_tool_shape() -> None:
    tool = make_run_python_tool()
    assert tool.name == "run_python"
    assert list(tool.args) == ["code"]
    assert "sandbox" in tool.description


def test_approved_run_returns_exit_code_stdout_and_stderr(desk_env: FakeDesk) -> None:
    tool = make_run_python_tool(sandbox="analysis", image="python:3.12-slim", agent="tests")
    text = tool.invoke({"code": "# stdout: 2.5\nprint(2.5)\n"})
    assert text.splitlines()[:5] == ["exit code: 0", "stdout:", "2.5", "", "stderr:"]
    _, run = desk_env.wait_for_requests(1, "run")[0]
    assert run["params"]["sandbox"] == "analysis"
    assert run["params"]["image"] == "python:3.12-slim"
    assert run["params"]["agent"] == "tests"
    assert run["params"]["language"] == "python"


def test_rejection_and_its_reason(desk_env: FakeDesk) -> None:
    desk_env.handlers["run"] = lambda conn, m: conn.answer(m, {"decision": "reject", "message": "uses the network"})
    text = make_run_python_tool().invoke({"code": "import urllib"})
    assert text.startswith("Rejected")
    assert "uses the network" in text
    assert "not run" in text


def test_edited_code_is_reported(desk_env: FakeDesk) -> None:
    def edit(conn: FakeConnection, message: dict[str, Any]) -> None:
        conn.answer(message, {"decision": "edit", "code": "print('safer')", "exit_code": 1, "stdout": "",
                              "stderr": "boom", "truncated": True})

    desk_env.handlers["run"] = edit
    text = make_run_python_tool().invoke({"code": "print('risky')"})
    assert "edited" in text
    assert "print('safer')" in text
    assert "exit code: 1" in text
    assert "boom" in text
    assert "truncated" in text


def test_kosa8_failure_is_reported(desk_env: FakeDesk) -> None:
    desk_env.handlers["run"] = lambda conn, m: conn.fail(
        m, -32010, "kosa8 failed", {"command": "kosa8 sandbox run analysis", "exit_code": 2, "stderr": "no such sandbox"})
    text = make_run_python_tool().invoke({"code": "print(1)"})
    assert text.startswith("Error: kosa8 failed")
    assert "no such sandbox" in text


def test_uses_the_given_client(desk: FakeDesk) -> None:
    with DeskClient(desk.path, agent="shared") as shared:
        tool = make_run_python_tool(client=shared)
        assert "exit code: 0" in tool.invoke({"code": "print(1)"})
        assert "exit code: 0" in tool.invoke({"code": "print(2)"})
    assert len(desk.connections) == 1
    assert [m["params"]["agent"] for _, m in desk.wait_for_requests(2, "run")] == ["shared", "shared"]


def test_fails_closed_when_the_app_is_not_running(no_desk: str) -> None:
    marker, code = marker_code()
    text = make_run_python_tool().invoke({"code": code})
    assert text.startswith("Rejected: kosa8 Desk could not be reached")
    assert "not run" in text
    assert not os.path.exists(marker)


def test_fails_closed_when_the_app_goes_away_mid_request(desk_env: FakeDesk) -> None:
    desk_env.handlers["run"] = lambda conn, m: conn.close()
    marker, code = marker_code()
    text = make_run_python_tool().invoke({"code": code})
    assert text.startswith("Rejected: no answer from kosa8 Desk")
    assert "lost" in text
    assert "not approved" in text
    assert not os.path.exists(marker)


def test_unexpected_answer_is_not_an_approval(desk_env: FakeDesk) -> None:
    desk_env.handlers["run"] = lambda conn, m: conn.answer(m, "approve")
    text = make_run_python_tool().invoke({"code": "print(1)"})
    assert text.startswith("Rejected")
