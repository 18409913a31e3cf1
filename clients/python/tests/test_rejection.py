# SPDX-License-Identifier: Apache-2.0
"""Every payload shape's rejection, built from the installed langchain/langgraph types."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from langchain.agents.middleware.human_in_the_loop import (
    ActionRequest,
    HITLRequest,
    RejectDecision,
    ReviewConfig,
)

from kosa8_desk import payload_shape, rejection_for, resume_value_for, run_rejection

with warnings.catch_warnings():  # Agent Inbox types are deprecated in langgraph but still the shape
    warnings.simplefilter("ignore")
    from langgraph.prebuilt.interrupt import ActionRequest as InboxActionRequest
    from langgraph.prebuilt.interrupt import HumanInterrupt, HumanInterruptConfig


def hitl_request(count: int) -> HITLRequest:
    return HITLRequest(
        action_requests=[
            ActionRequest(name="run_python", args={"code": f"print({n})"}, description="Tool execution requires approval")
            for n in range(count)
        ],
        review_configs=[ReviewConfig(action_name="run_python", allowed_decisions=["approve", "edit", "reject"])],
    )


def human_interrupt(action: str) -> HumanInterrupt:
    return HumanInterrupt(
        action_request=InboxActionRequest(action=action, args={"command": "ls"}),
        config=HumanInterruptConfig(allow_ignore=True, allow_respond=True, allow_edit=False, allow_accept=True),
        description="Run this?",
    )


def test_hitl_rejection_has_one_decision_per_action() -> None:
    rejection = rejection_for(hitl_request(2), "the app is not running")
    expected: RejectDecision = {"type": "reject", "message": "the app is not running"}
    assert rejection == {"decisions": [expected, expected]}
    assert payload_shape(hitl_request(1)) == "hitl"


def test_agent_inbox_object_and_list() -> None:
    assert rejection_for(human_interrupt("a"), "why") == [{"type": "ignore", "args": None}]
    assert rejection_for([human_interrupt("a"), human_interrupt("b")], "why") == [
        {"type": "ignore", "args": None},
        {"type": "ignore", "args": None},
    ]
    assert payload_shape([human_interrupt("a")]) == "agent_inbox"


def test_tool_approval_of_per_call_mode() -> None:
    payload = {"type": "tool_approval", "tool_call_id": "c1", "name": "run_python", "args": {"code": "1"},
               "description": "d"}
    assert payload_shape(payload) == "tool_approval"
    assert rejection_for(payload, "why") == {"type": "reject", "message": "why"}


@pytest.mark.parametrize(
    "payload",
    [{"question": "Run?", "code": "print(1)"}, "plain text", 42, None, [], [1, 2], {"action_request": "not an object"}],
)
def test_anything_else_is_the_string_reject(payload: Any) -> None:
    assert payload_shape(payload) == "generic"
    assert rejection_for(payload, "why") == "reject"


def test_run_rejection() -> None:
    assert rejection_for({"code": "x"}, "gone", method="run") == {"decision": "reject", "message": "gone"}
    assert run_rejection("gone") == {"decision": "reject", "message": "gone"}


def test_answers_that_fit_pass_through() -> None:
    approve_two = {"decisions": [{"type": "approve"}, {"type": "edit", "edited_action": {"name": "run_python", "args": {}}}]}
    assert resume_value_for(hitl_request(2), approve_two) == approve_two
    accept = [{"type": "accept", "args": None}]
    assert resume_value_for(human_interrupt("a"), accept) == accept
    assert resume_value_for({"question": "?"}, "approve") == "approve"
    assert resume_value_for({"question": "?"}, "reject") == "reject"


def test_answers_that_do_not_fit_become_rejections() -> None:
    wrong_count = {"decisions": [{"type": "approve"}]}
    result = resume_value_for(hitl_request(2), wrong_count)
    assert [d["type"] for d in result["decisions"]] == ["reject", "reject"]
    assert "unexpected shape" in result["decisions"][0]["message"]
    assert resume_value_for(hitl_request(1), "approve")["decisions"][0]["type"] == "reject"
    assert resume_value_for(hitl_request(1), {"decisions": [{"type": "yes please"}]})["decisions"][0]["type"] == "reject"
    assert resume_value_for(human_interrupt("a"), "approve") == [{"type": "ignore", "args": None}]
    assert resume_value_for({"question": "?"}, {"decision": "approve"}) == "reject"
    assert resume_value_for({"question": "?"}, True) == "reject"


TOOL_APPROVAL = {"type": "tool_approval", "tool_call_id": "c1", "name": "run_python", "args": {}, "description": ""}


@pytest.mark.parametrize(
    "payload",
    [
        {**TOOL_APPROVAL, "allowed_decisions": ["approve"]},
        {k: v for k, v in TOOL_APPROVAL.items() if k != "description"},
        {**TOOL_APPROVAL, "tool_call_id": 7},
        {**TOOL_APPROVAL, "type": "Tool_Approval"},
        {**TOOL_APPROVAL, "name": ""},
        {**TOOL_APPROVAL, "args": ["1"]},
        {**TOOL_APPROVAL, "description": None},
        [TOOL_APPROVAL],
    ],
)
def test_tool_approval_near_misses_are_plain_values(payload: Any) -> None:
    """Recognised by the same strict test as the app's, so both sides agree on the answer's shape."""
    assert payload_shape(payload) == "generic"
    assert rejection_for(payload, "why") == "reject"
    assert resume_value_for(payload, "approve") == "approve"


@pytest.mark.parametrize(
    "answer",
    [
        {"type": "approve"},
        {"type": "reject"},
        {"type": "reject", "message": "not now"},
        {"type": "respond", "message": "42"},
        {"type": "edit", "edited_action": {"name": "run_python", "args": {"code": "print(1)"}}},
    ],
)
def test_tool_approval_decisions_pass_through(answer: Any) -> None:
    """The app answers a per-call approval with the decision object itself: no conversion."""
    assert resume_value_for(TOOL_APPROVAL, answer) == answer


@pytest.mark.parametrize(
    "answer",
    [
        "approve",  # an app older than the fourth shape: never taken as an approval
        "reject",
        7,
        None,
        {"decisions": [{"type": "approve"}]},
        {"type": "yes please"},
        {"type": "edit", "edited_action": {"name": "run_bash", "args": {"command": "rm -rf /"}}},
        {"type": "edit", "edited_action": {"name": "run_python"}},
        {"type": "respond"},
        {"type": "reject", "message": 3},
    ],
)
def test_tool_approval_answers_that_do_not_fit_become_rejections(answer: Any) -> None:
    result = resume_value_for(TOOL_APPROVAL, answer)
    assert result["type"] == "reject"
    assert "unexpected shape" in result["message"]
