# SPDX-License-Identifier: Apache-2.0
"""review_interrupts with real LangGraph graphs and create_agent, against the in-test server."""

from __future__ import annotations

import operator
import os
import tempfile
import threading
from typing import Annotated, Any, TypedDict

import pytest
from fake_desk import FakeConnection, FakeDesk
from langchain.agents import create_agent
from langchain.agents.middleware import HumanInTheLoopMiddleware
from langchain_core.messages import ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from scripted_model import run_python_then_answer

from kosa8_desk import DeskClient
from kosa8_desk.langchain import make_run_python_tool
from kosa8_desk.langgraph import pending_interrupts, review_interrupts

WAIT = 10.0


class Answers(TypedDict, total=False):
    answers: Annotated[list[tuple[str, Any]], operator.add]


def asking_node(name: str, payload: Any):  # type: ignore[no-untyped-def]
    def node(state: Answers) -> Answers:
        return {"answers": [(name, interrupt(payload))]}

    return node


def single_question_graph(payload: Any):  # type: ignore[no-untyped-def]
    builder = StateGraph(Answers)
    builder.add_node("ask", asking_node("ask", payload))
    builder.add_edge(START, "ask")
    builder.add_edge("ask", END)
    return builder.compile(checkpointer=InMemorySaver())


def parallel_questions_graph(count: int):  # type: ignore[no-untyped-def]
    """``count`` branches that each interrupt in the same step, so all are pending at once."""
    builder = StateGraph(Answers)
    for n in range(count):
        name = f"branch{n}"
        builder.add_node(name, asking_node(name, {"question": f"Run branch {n}?", "code": f"print({n})"}))
        builder.add_edge(START, name)
        builder.add_edge(name, END)
    return builder.compile(checkpointer=InMemorySaver())


def config(thread: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread}}


def marker_code() -> tuple[str, str]:
    folder = tempfile.mkdtemp(prefix="k8marker-")
    marker = os.path.join(folder, "ran")
    return marker, f"open({marker!r}, 'w').write('ran')\n"


def hitl_agent(code: str, tool_client: DeskClient | None = None, mode: str = "batched"):  # type: ignore[no-untyped-def]
    return create_agent(
        run_python_then_answer(code, answer="All done."),
        tools=[make_run_python_tool(client=tool_client)],
        middleware=[
            HumanInTheLoopMiddleware(
                interrupt_on={"run_python": {"allowed_decisions": ["approve", "edit", "reject"]}},
                interrupt_mode=mode,  # type: ignore[arg-type]
            )
        ],
        checkpointer=InMemorySaver(),
    )


def tool_messages(final: dict[str, Any]) -> list[ToolMessage]:
    return [m for m in final["messages"] if isinstance(m, ToolMessage)]


def test_interrupt_resumed_with_the_person_answer(desk_env: FakeDesk) -> None:
    graph = single_question_graph({"question": "Run the report?", "code": "print('report')"})
    final = review_interrupts(graph, {}, config("t-1"), agent="graph-tests", timeout_s=120)
    assert final["answers"] == [("ask", "approve")]
    assert pending_interrupts(graph, config("t-1")) == []
    _, review = desk_env.wait_for_requests(1, "review")[0]
    assert review["params"]["payload"] == {"question": "Run the report?", "code": "print('report')"}
    assert review["params"]["thread_id"] == "t-1"
    assert review["params"]["agent"] == "graph-tests"
    assert "title" not in review["params"]  # the app derives it from the question
    assert review["params"]["timeout_s"] == 120


def test_rejection_reaches_the_node(desk_env: FakeDesk) -> None:
    desk_env.review_decider = lambda params: "reject"
    graph = single_question_graph({"question": "?", "code": "rm -rf /"})
    assert review_interrupts(graph, {}, config("t-2"))["answers"] == [("ask", "reject")]


def test_several_pending_interrupts_are_sent_together_and_resumed_by_id(desk_env: FakeDesk) -> None:
    held: list[tuple[FakeConnection, dict[str, Any]]] = []
    lock = threading.Lock()

    def hold(conn: FakeConnection, message: dict[str, Any]) -> None:
        with lock:
            held.append((conn, message))

    desk_env.handlers["review"] = hold
    graph = parallel_questions_graph(3)
    outcome: dict[str, Any] = {}
    worker = threading.Thread(target=lambda: outcome.update(final=review_interrupts(graph, {}, config("t-3"))))
    worker.start()
    try:
        # All three reach the app while none is answered: the person sees them at once.
        desk_env.wait_for_requests(3, "review", timeout=WAIT)
    finally:
        with lock:
            for conn, message in held:  # a different answer per payload, to check the id mapping
                code = message["params"]["payload"]["code"]
                conn.answer(message, "approve" if code == "print(1)" else "reject")
    worker.join(WAIT * 3)
    assert not worker.is_alive()
    assert sorted(outcome["final"]["answers"]) == [("branch0", "reject"), ("branch1", "approve"), ("branch2", "reject")]
    assert desk_env.methods().count("review") == 3  # each asked once: resumed together


def test_agent_inbox_payload(desk_env: FakeDesk) -> None:
    request = {"action_request": {"action": "run_command", "args": {"command": "ls"}},
               "config": {"allow_ignore": True, "allow_respond": True, "allow_edit": False, "allow_accept": True},
               "description": "List files"}
    graph = single_question_graph([request])
    assert review_interrupts(graph, {}, config("t-4"))["answers"] == [("ask", [{"type": "accept", "args": None}])]


def test_fails_closed_when_the_app_is_not_running(no_desk: str) -> None:
    graph = single_question_graph({"question": "?", "code": "print(1)"})
    assert review_interrupts(graph, {}, config("t-5"))["answers"] == [("ask", "reject")]
    inbox = single_question_graph([{"action_request": {"action": "a", "args": {}}, "config": {}}])
    assert review_interrupts(inbox, {}, config("t-6"))["answers"] == [("ask", [{"type": "ignore", "args": None}])]


def test_fails_closed_when_the_connection_drops_mid_review(desk_env: FakeDesk) -> None:
    desk_env.handlers["review"] = lambda conn, message: conn.close()
    graph = parallel_questions_graph(2)
    final = review_interrupts(graph, {}, config("t-7"))
    assert sorted(final["answers"]) == [("branch0", "reject"), ("branch1", "reject")]


def test_an_unreadable_answer_is_a_rejection(desk_env: FakeDesk) -> None:
    desk_env.review_decider = lambda params: {"approved": True}
    graph = single_question_graph({"question": "?"})
    assert review_interrupts(graph, {}, config("t-8"))["answers"] == [("ask", "reject")]


def test_an_error_answer_is_a_rejection(desk_env: FakeDesk) -> None:
    desk_env.handlers["review"] = lambda conn, m: conn.fail(m, -32000, "too many pending requests (256)")
    graph = single_question_graph({"question": "?"})
    assert review_interrupts(graph, {}, config("t-9"))["answers"] == [("ask", "reject")]


def test_create_agent_with_hitl_approved_runs_the_tool(desk_env: FakeDesk) -> None:
    agent = hitl_agent("# stdout: 2.5\nprint(2.5)\n")
    final = review_interrupts(agent, {"messages": [{"role": "user", "content": "mean?"}]}, config("a-1"))
    _, review = desk_env.wait_for_requests(1, "review")[0]
    payload = review["params"]["payload"]
    assert [a["name"] for a in payload["action_requests"]] == ["run_python"]
    assert payload["action_requests"][0]["args"] == {"code": "# stdout: 2.5\nprint(2.5)\n"}
    assert payload["review_configs"][0]["allowed_decisions"] == ["approve", "edit", "reject"]
    (result,) = tool_messages(final)
    assert "exit code: 0" in result.content
    assert "2.5" in result.content
    assert final["messages"][-1].content == "All done."


def test_create_agent_with_hitl_rejected_in_the_app(desk_env: FakeDesk) -> None:
    desk_env.review_decider = lambda params: {"decisions": [{"type": "reject", "message": "not today"}]}
    marker, code = marker_code()
    final = review_interrupts(hitl_agent(code), {"messages": [{"role": "user", "content": "go"}]}, config("a-2"))
    (result,) = tool_messages(final)
    assert "not today" in result.content
    assert "run" not in desk_env.methods()
    assert not os.path.exists(marker)


def test_create_agent_fails_closed_when_the_app_is_not_running(no_desk: str) -> None:
    marker, code = marker_code()
    final = review_interrupts(hitl_agent(code), {"messages": [{"role": "user", "content": "go"}]}, config("a-3"))
    (result,) = tool_messages(final)
    assert result.status == "error"
    assert "could not be reached" in result.content
    assert not os.path.exists(marker)


def test_create_agent_per_call_mode(desk_env: FakeDesk) -> None:
    """LangChain's per_call mode raises ToolApprovalRequest values, sent as they are with the
    interrupt's response_schema; the app's decision object resumes the graph unchanged."""
    final = review_interrupts(hitl_agent("# stdout: hi\n", mode="per_call"),
                              {"messages": [{"role": "user", "content": "go"}]}, config("a-4"))
    _, review = desk_env.wait_for_requests(1, "review")[0]
    assert review["params"]["payload"]["type"] == "tool_approval"
    assert review["params"]["payload"]["name"] == "run_python"
    schema = review["params"]["response_schema"]
    assert sorted(schema["discriminator"]["mapping"]) == ["approve", "edit", "reject"]
    (result,) = tool_messages(final)
    assert "exit code: 0" in result.content


def test_uses_the_given_client_and_leaves_it_open(desk: FakeDesk) -> None:
    with DeskClient(desk.path) as shared:
        graph = single_question_graph({"question": "?"})
        assert review_interrupts(graph, {}, config("t-10"), client=shared)["answers"] == [("ask", "approve")]
        assert shared.ping() == {"pong": True}
    assert len(desk.connections) == 1


def test_needs_a_checkpointer(desk_env: FakeDesk) -> None:
    builder = StateGraph(Answers)
    builder.add_node("ask", asking_node("ask", {"question": "?"}))
    builder.add_edge(START, "ask")
    builder.add_edge("ask", END)
    with pytest.raises(ValueError, match="checkpointer"):
        review_interrupts(builder.compile(), {}, config("t-11"))
