# SPDX-License-Identifier: Apache-2.0
"""LangChain's per-call approvals (``HumanInTheLoopMiddleware(interrupt_mode="per_call")``) against
the real kosa8-desk binary and the installed ``langchain``: the app answers each
``tool_approval`` interrupt with one decision object, and the graph takes it as it is.

Decisions come from standing rules (--rules) and the app's timeouts. The agent's tool is local and
leaves a marker file when it runs, so each test sees whether the tool ran and with which args.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from typing import Any

import pytest
from desk_app import RunningApp, canonical_json, reject_code
from langchain.agents import create_agent
from langchain.agents.middleware import HumanInTheLoopMiddleware
from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool, tool
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import ValidationError
from scripted_model import run_python_then_answer

from kosa8_desk.langgraph import review_interrupts

pytestmark = pytest.mark.e2e


def marker_tool() -> tuple[str, BaseTool]:
    """A ``run_python`` tool that records the code it was given instead of running it."""
    marker = os.path.join(tempfile.mkdtemp(prefix="k8marker-"), "ran")

    @tool
    def run_python(code: str) -> str:
        """Run Python code."""
        with open(marker, "w", encoding="utf-8") as out:
            out.write(code)
        return "ran"

    return marker, run_python


def agent(code: str, tool_: BaseTool, mode: str, allowed: list[str] | None = None):  # type: ignore[no-untyped-def]
    return create_agent(
        run_python_then_answer(code, answer="finished"),
        tools=[tool_],
        middleware=[
            HumanInTheLoopMiddleware(
                interrupt_on={"run_python": {"allowed_decisions": allowed or ["approve", "edit", "reject"]}},
                interrupt_mode=mode,  # type: ignore[arg-type]
            )
        ],
        checkpointer=InMemorySaver(),
    )


def action_sha256(name: str, args: dict[str, Any]) -> str:
    """``action_sha256`` of a review action: ``{"method": "review", "name", "args"}`` (protocol.md)."""
    return hashlib.sha256(canonical_json({"method": "review", "name": name, "args": args})).hexdigest()


def approve_action(rule: str, code: str) -> dict[str, str]:
    return {"name": rule, "decision": "approve", "action_sha256": action_sha256("run_python", {"code": code})}


def go(app: RunningApp, graph: Any, thread: str, **kwargs: Any) -> dict[str, Any]:
    kwargs.setdefault("timeout_s", 60)  # a request no rule decides ends as a rejection, never a hang
    with app.client() as desk:
        return review_interrupts(graph, {"messages": [{"role": "user", "content": "go"}]},
                                 {"configurable": {"thread_id": thread}}, client=desk, agent="per-call", **kwargs)


def tool_message(final: dict[str, Any]) -> ToolMessage:
    (message,) = [m for m in final["messages"] if isinstance(m, ToolMessage)]
    return message


def test_a_rule_saved_for_a_batched_action_approves_the_per_call_approval(start_app) -> None:  # type: ignore[no-untyped-def]
    """One "always approve" rule binds the tool call in both of LangChain's modes."""
    code = "print(6 * 7)"
    app = start_app(rules=[approve_action("approve-run_python", code)])
    for mode in ("per_call", "batched"):
        marker, run_python = marker_tool()
        final = go(app, agent(code, run_python, mode), f"p-1-{mode}")
        assert tool_message(final).content == "ran", mode
        assert tool_message(final).status == "success", mode
        with open(marker, encoding="utf-8") as ran:
            assert ran.read() == code, mode
        assert final["messages"][-1].content == "finished"
    per_call, batched = app.ledger()
    assert per_call["decided_by"] == batched["decided_by"] == "rule:approve-run_python"
    assert per_call["decision"] == "approve"
    assert per_call["action_sha256"] == batched["action_sha256"] == action_sha256("run_python", {"code": code})
    assert per_call["method"] == "review"


def test_an_unanswered_approval_times_out_and_the_tool_does_not_run(start_app) -> None:  # type: ignore[no-untyped-def]
    app = start_app()
    marker, run_python = marker_tool()
    final = go(app, agent("print(1)", run_python, "per_call"), "p-2", timeout_s=1)
    result = tool_message(final)
    assert result.status == "error"
    assert result.content.startswith("User rejected the tool call for `run_python` with reason: ")
    assert not os.path.exists(marker)
    (entry,) = app.ledger()
    assert entry["decided_by"] == "timeout"
    assert entry["decision"] == "reject"
    assert entry["reason"] in result.content  # the RejectDecision's message reached the model


def test_a_reject_rule_stops_the_tool(start_app) -> None:  # type: ignore[no-untyped-def]
    code = "import os; os.remove('/etc/hosts')"
    app = start_app(rules=[reject_code("never", code)])
    marker, run_python = marker_tool()
    final = go(app, agent(code, run_python, "per_call"), "p-3")
    assert tool_message(final).status == "error"
    assert not os.path.exists(marker)
    assert [e["decided_by"] for e in app.ledger()] == ["rule:never"]


def test_a_rule_cannot_approve_a_call_whose_schema_allows_no_approval(start_app) -> None:  # type: ignore[no-untyped-def]
    """allowed_decisions ["edit"]: the app reads it from the interrupt's response_schema, so the rule
    does not apply and the request times out. The rejection it answers is not among the tool's
    decisions either: LangGraph refuses it, and the tool does not run."""
    code = "print(3)"
    app = start_app(rules=[approve_action("approve-run_python", code)])
    marker, run_python = marker_tool()
    with pytest.raises(ValidationError):
        go(app, agent(code, run_python, "per_call", allowed=["edit"]), "p-4", timeout_s=1)
    assert not os.path.exists(marker)
    assert [e["decided_by"] for e in app.ledger()] == ["timeout"]
