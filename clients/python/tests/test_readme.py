# SPDX-License-Identifier: Apache-2.0
"""The README's two patterns, run as printed against the in-test server (which approves)."""

from __future__ import annotations

import pytest
from fake_desk import FakeDesk
from langchain_core.messages import ToolMessage
from readme_blocks import MODEL_BLOCK_MARKER, PATTERN2_ANSWER, pattern1_code, pattern_blocks, run_pattern


def test_readme_has_both_patterns() -> None:
    blocks = pattern_blocks()
    assert len(blocks["1"]) == 1
    assert len(blocks["2"]) == 2
    assert MODEL_BLOCK_MARKER in blocks["2"][0]  # the only block the tests substitute
    assert "interrupt({" in blocks["1"][0]
    assert "HumanInTheLoopMiddleware" in blocks["2"][1]
    assert "create_agent" in blocks["2"][1]


def test_pattern1_graph_with_interrupt(desk_env: FakeDesk, capsys: pytest.CaptureFixture[str]) -> None:
    namespace = run_pattern("1")
    assert namespace["final"]["decision"] == "approve"  # type: ignore[index]
    assert "decision: approve" in capsys.readouterr().out
    _, review = desk_env.wait_for_requests(1, "review")[0]
    assert review["params"]["payload"] == {"question": "Run this analysis?", "code": pattern1_code()}
    assert review["params"]["agent"] == "readme-graph"


def test_pattern1_fails_closed(no_desk: str, capsys: pytest.CaptureFixture[str]) -> None:
    run_pattern("1")
    assert "decision: reject" in capsys.readouterr().out


def test_pattern2_create_agent_with_run_python(desk_env: FakeDesk, capsys: pytest.CaptureFixture[str]) -> None:
    namespace = run_pattern("2")
    messages = namespace["final"]["messages"]  # type: ignore[index]
    (tool_result,) = [m for m in messages if isinstance(m, ToolMessage)]
    assert "exit code: 0" in tool_result.content
    assert "2.5" in tool_result.content
    printed = capsys.readouterr().out
    assert f"ai: {PATTERN2_ANSWER}" in printed
    assert "tool: exit code: 0" in printed
    assert desk_env.methods().count("review") == 1
    assert desk_env.methods().count("run") == 1


def test_pattern2_fails_closed(no_desk: str, capsys: pytest.CaptureFixture[str]) -> None:
    namespace = run_pattern("2")
    messages = namespace["final"]["messages"]  # type: ignore[index]
    (tool_result,) = [m for m in messages if isinstance(m, ToolMessage)]
    assert "could not be reached" in tool_result.content
    assert "exit code" not in capsys.readouterr().out
