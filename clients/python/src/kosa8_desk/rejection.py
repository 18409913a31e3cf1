# SPDX-License-Identifier: Apache-2.0
"""Fail closed: a rejection in the shape of the payload it answers.

Whenever the app cannot be asked (not running, connection lost, timed out, answered something
unreadable), an agent must go on as if a person had said no. Each payload shape has its own way
of saying no (docs/protocol.md, "review"), and a graph resumed with the wrong shape would
crash instead of being told; these helpers build the right one.

The shapes follow the installed packages:

- LangChain ``HumanInTheLoopMiddleware`` (``langchain.agents.middleware.human_in_the_loop``):
  ``HITLRequest {action_requests, review_configs}`` is answered by ``HITLResponse
  {decisions: [...]}``, one decision per action request; ``RejectDecision`` is
  ``{"type": "reject", "message"?: str}``. In its ``per_call`` mode each gated tool call raises
  ``ToolApprovalRequest {type: "tool_approval", tool_call_id, name, args, description}``,
  answered by a single decision. The app knows this shape too (protocol.md, the fourth shape) and
  answers it with that decision itself; both sides recognise it by the same strict test, so a
  payload that only looks like one is a plain value on both sides.
- Agent Inbox (``langgraph.prebuilt.interrupt``): ``HumanInterrupt {action_request: {action,
  args}, config: {allow_*}, description}``, sent alone or in a list, answered by a list of
  ``HumanResponse {type: "accept"|"edit"|"response"|"ignore", args}``.
- Anything else: the string ``"approve"`` or ``"reject"``.
- ``run``: ``{"decision": "reject", "message": ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

__all__ = [
    "PayloadShape",
    "payload_shape",
    "rejection_for",
    "run_rejection",
    "resume_value_for",
]

PayloadShape = Literal["hitl", "tool_approval", "agent_inbox", "generic"]


def _is_hitl_request(payload: Any) -> bool:
    return isinstance(payload, Mapping) and isinstance(payload.get("action_requests"), list)


_TOOL_APPROVAL_KEYS = frozenset({"type", "tool_call_id", "name", "args", "description"})
_DECISION_TYPES = frozenset({"approve", "edit", "reject", "respond"})


def _is_tool_approval(payload: Any) -> bool:
    """Exactly langchain's ``ToolApprovalRequest``, checked as the app checks it (ToolApprovalShape)."""
    return (
        isinstance(payload, Mapping)
        and set(payload.keys()) == _TOOL_APPROVAL_KEYS
        and payload["type"] == "tool_approval"
        and isinstance(payload["tool_call_id"], str)
        and isinstance(payload["name"], str)
        and payload["name"] != ""
        and isinstance(payload["args"], Mapping)
        and isinstance(payload["description"], str)
    )


def _is_decision_for(payload: Mapping[str, Any], answer: Any) -> bool:
    """Whether ``answer`` is one of langchain's decision objects for this one tool call."""
    if not isinstance(answer, Mapping) or answer.get("type") not in _DECISION_TYPES:
        return False
    if answer["type"] == "edit":
        edited = answer.get("edited_action")
        # langchain pins an edit to the tool it asked about.
        return (
            isinstance(edited, Mapping)
            and edited.get("name") == payload["name"]
            and isinstance(edited.get("args"), Mapping)
        )
    if answer["type"] == "respond":
        return isinstance(answer.get("message"), str)
    return "message" not in answer or isinstance(answer["message"], str)


def _is_human_interrupt(payload: Any) -> bool:
    return (
        isinstance(payload, Mapping)
        and isinstance(payload.get("action_request"), Mapping)
        and isinstance(payload.get("config"), Mapping)
    )


def _human_interrupts(payload: Any) -> list[Any] | None:
    """The HumanInterrupts of an Agent Inbox payload (one object or a non-empty list), else None."""
    if _is_human_interrupt(payload):
        return [payload]
    if (
        isinstance(payload, Sequence)
        and not isinstance(payload, (str, bytes))
        and len(payload) > 0
        and all(_is_human_interrupt(item) for item in payload)
    ):
        return list(payload)
    return None


def payload_shape(payload: Any) -> PayloadShape:
    """Which of the protocol's payload shapes ``payload`` has."""
    if _is_hitl_request(payload):
        return "hitl"
    if _is_tool_approval(payload):
        return "tool_approval"
    if _human_interrupts(payload) is not None:
        return "agent_inbox"
    return "generic"


def run_rejection(reason: str) -> dict[str, Any]:
    """The answer ``run`` gives when the code is not run."""
    return {"decision": "reject", "message": reason}


def rejection_for(payload: Any, reason: str, *, method: Literal["review", "run"] = "review") -> Any:
    """The rejection of ``payload`` in its own shape, carrying ``reason`` where the shape can.

    >>> rejection_for({"question": "Run it?", "code": "print(1)"}, "app not running")
    'reject'
    >>> rejection_for({"action_requests": [{"name": "run_python", "args": {}}], "review_configs": []}, "why")
    {'decisions': [{'type': 'reject', 'message': 'why'}]}
    """
    if method == "run":
        return run_rejection(reason)
    if _is_hitl_request(payload):
        return {"decisions": [{"type": "reject", "message": reason} for _ in payload["action_requests"]]}
    if _is_tool_approval(payload):
        return {"type": "reject", "message": reason}
    interrupts = _human_interrupts(payload)
    if interrupts is not None:
        return [{"type": "ignore", "args": None} for _ in interrupts]
    return "reject"


def resume_value_for(payload: Any, answer: Any) -> Any:
    """Check the app's answer against the payload's shape and return the value to resume with.

    An answer that does not fit (wrong type, wrong number of decisions, an unknown decision)
    becomes the payload's rejection: an unreadable answer is never taken as an approval.
    A ``tool_approval`` payload (LangChain's ``per_call`` mode) is answered by the app with one
    decision object, passed through as it is; anything else (an app older than this shape answers
    ``"approve"``) becomes its rejection.
    """
    unexpected = f"kosa8 Desk answered in an unexpected shape: {answer!r:.200}"
    if _is_hitl_request(payload):
        decisions = answer.get("decisions") if isinstance(answer, Mapping) else None
        known = {"approve", "edit", "reject", "respond"}
        if (
            isinstance(decisions, list)
            and len(decisions) == len(payload["action_requests"])
            and all(isinstance(d, Mapping) and d.get("type") in known for d in decisions)
        ):
            return answer
        return rejection_for(payload, unexpected)
    if _is_tool_approval(payload):
        return answer if _is_decision_for(payload, answer) else rejection_for(payload, unexpected)
    interrupts = _human_interrupts(payload)
    if interrupts is not None:
        known = {"accept", "edit", "response", "ignore"}
        if (
            isinstance(answer, list)
            and len(answer) == len(interrupts)
            and all(isinstance(r, Mapping) and r.get("type") in known for r in answer)
        ):
            return answer
        return rejection_for(payload, unexpected)
    return answer if answer in ("approve", "reject") else "reject"
