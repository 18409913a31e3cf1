# SPDX-License-Identifier: Apache-2.0
# Graphs for tst_langgraph_e2e and for recording the responses in ../recorded/ (README.md there).
# "slow": a run that takes a second, to see a second run refused with 409 (multitask "reject").
# "gate": one node that stops at interrupt() with the code to review and runs only what the
# resume value approves. "parallel": two branches that each stop, so one thread holds two
# interrupts. "hitl": an interrupt whose value has the shape LangChain's HITL middleware sends.
# "inbox": an interrupt in Agent Inbox's shape (a list of one request) that allows only a response.
import operator
import time
from typing import Annotated, TypedDict

from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt


class GateState(TypedDict, total=False):
    code: str
    decision: object


def review(state: GateState) -> GateState:
    answer = interrupt({"question": "Run this code?", "code": state.get("code", "")})
    return {"decision": answer}


gate_builder = StateGraph(GateState)
gate_builder.add_node("review", review)
gate_builder.add_edge(START, "review")
gate_builder.add_edge("review", END)
gate = gate_builder.compile()


class ParallelState(TypedDict, total=False):
    answers: Annotated[list, operator.add]


def left(state: ParallelState) -> ParallelState:
    return {"answers": [("left", interrupt({"question": "Left branch?", "code": "print('left')"}))]}


def right(state: ParallelState) -> ParallelState:
    return {"answers": [("right", interrupt({"question": "Right branch?", "code": "print('right')"}))]}


parallel_builder = StateGraph(ParallelState)
parallel_builder.add_node("left", left)
parallel_builder.add_node("right", right)
parallel_builder.add_edge(START, "left")
parallel_builder.add_edge(START, "right")
parallel_builder.add_edge("left", END)
parallel_builder.add_edge("right", END)
parallel = parallel_builder.compile()


class HitlState(TypedDict, total=False):
    decisions: object


def tool_gate(state: HitlState) -> HitlState:
    request = {
        "action_requests": [
            {"name": "execute_python", "args": {"code": "print(2 + 2)"}, "description": "Tool execution pending approval"}
        ],
        "review_configs": [{"action_name": "execute_python", "allowed_decisions": ["approve", "edit", "reject"]}],
    }
    return {"decisions": interrupt(request)}


hitl_builder = StateGraph(HitlState)
hitl_builder.add_node("tool_gate", tool_gate)
hitl_builder.add_edge(START, "tool_gate")
hitl_builder.add_edge("tool_gate", END)
hitl = hitl_builder.compile()


def ask_person(state: GateState) -> GateState:
    request = {
        "action_request": {"action": "ask_user", "args": {"question": state.get("code", "")}},
        "config": {"allow_ignore": False, "allow_respond": True, "allow_edit": False, "allow_accept": False},
        "description": "Pick the input",
    }
    return {"decision": interrupt([request])}


inbox_builder = StateGraph(GateState)
inbox_builder.add_node("ask_person", ask_person)
inbox_builder.add_edge(START, "ask_person")
inbox_builder.add_edge("ask_person", END)
inbox = inbox_builder.compile()


class SlowState(TypedDict, total=False):
    done: bool


def wait_a_second(state: SlowState) -> SlowState:
    time.sleep(1.5)
    return {"done": True}


slow_builder = StateGraph(SlowState)
slow_builder.add_node("wait_a_second", wait_a_second)
slow_builder.add_edge(START, "wait_a_second")
slow_builder.add_edge("wait_a_second", END)
slow = slow_builder.compile()
