# SPDX-License-Identifier: Apache-2.0
"""The client, the run_python tool and review_interrupts against the real kosa8-desk binary.

Decisions come from standing rules (--rules) and the app's timeouts; the kosa8 stand-in plays the
sandbox and prints the lines of the code that start with "# stdout: ".
"""

from __future__ import annotations

import json
import operator
import os
import socket
import tempfile
import threading
from typing import Annotated, Any, TypedDict

import pytest
from desk_app import RunningApp, approve_code, approve_run, reject_agent, reject_code, sha256
from langchain.agents import create_agent
from langchain.agents.middleware import HumanInTheLoopMiddleware
from langchain_core.messages import ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from readme_blocks import PATTERN2_CODE, pattern1_code, run_pattern
from scripted_model import run_python_then_answer

import kosa8_desk
from kosa8_desk import DeskClient, DeskError, DeskUnavailable, PendingRequest
from kosa8_desk.langchain import make_run_python_tool
from kosa8_desk.langgraph import review_interrupts

pytestmark = pytest.mark.e2e

WAIT = 60.0


class Answers(TypedDict, total=False):
    answers: Annotated[list[tuple[str, Any]], operator.add]


def graph_of(payloads: dict[str, Any]):  # type: ignore[no-untyped-def]
    """One branch per payload, all interrupting in the same step."""
    builder = StateGraph(Answers)
    for name, payload in payloads.items():
        def node(state: Answers, name: str = name, payload: Any = payload) -> Answers:
            return {"answers": [(name, interrupt(payload))]}

        builder.add_node(name, node)
        builder.add_edge(START, name)
        builder.add_edge(name, END)
    return builder.compile(checkpointer=InMemorySaver())


def config(thread: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread}}


def hitl_agent(code: str, client: DeskClient | None = None):  # type: ignore[no-untyped-def]
    return create_agent(
        run_python_then_answer(code, answer="finished"),
        tools=[make_run_python_tool(client=client, sandbox="analysis")],
        middleware=[HumanInTheLoopMiddleware(interrupt_on={"run_python": {"allowed_decisions": ["approve", "edit", "reject"]}})],
        checkpointer=InMemorySaver(),
    )


def tool_result(final: dict[str, Any]) -> ToolMessage:
    (message,) = [m for m in final["messages"] if isinstance(m, ToolMessage)]
    return message


def decided_by(app: RunningApp) -> list[str]:
    return [entry.get("decided_by", "") for entry in app.ledger()]


def marker_code(extra: str = "") -> tuple[str, str]:
    marker = os.path.join(tempfile.mkdtemp(prefix="k8marker-"), "ran")
    return marker, f"open({marker!r}, 'w').write('ran')\n{extra}"


# -- basics ----------------------------------------------------------------------------------


def test_hello_names_the_app_and_its_version(start_app) -> None:  # type: ignore[no-untyped-def]
    app = start_app()
    with app.client() as desk:
        hello = desk.hello(agent="e2e")
        assert desk.ping() == {"pong": True}
    assert hello["server"] == "kosa8-desk"
    assert hello["protocol"] == 1
    assert hello["version"] == kosa8_desk.__version__
    assert {"hello", "review", "run", "cancel", "ping"} <= set(hello["methods"])


def test_unknown_method_and_bad_params_are_desk_errors(start_app) -> None:  # type: ignore[no-untyped-def]
    app = start_app()
    with app.client() as desk:
        with pytest.raises(DeskError) as unknown:
            desk.call("no.such.method", client_timeout=WAIT)
        assert unknown.value.code == -32601
        with pytest.raises(DeskError) as invalid:
            desk.call("review", {"title": "no payload"}, client_timeout=WAIT)
        assert invalid.value.code == -32602
        assert "payload" in invalid.value.message


# -- the README, as printed ------------------------------------------------------------------


def test_readme_pattern1_through_the_app(start_app, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    app = start_app(rules=[approve_code("readme-pattern-1", pattern1_code())])
    monkeypatch.setenv("KOSA8_DESK_SOCKET", app.socket)
    namespace = run_pattern("1")
    assert namespace["final"]["decision"] == "approve"  # type: ignore[index]
    assert "decision: approve" in capsys.readouterr().out
    (entry,) = app.ledger()
    assert entry["decided_by"] == "rule:readme-pattern-1"
    assert entry["method"] == "review"
    assert entry["code_sha256"] == sha256(pattern1_code())


def test_readme_pattern2_through_the_app(start_app, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    app = start_app(rules=[approve_code("readme-pattern-2", PATTERN2_CODE)])
    monkeypatch.setenv("KOSA8_DESK_SOCKET", app.socket)
    namespace = run_pattern("2")
    result = tool_result(namespace["final"])  # type: ignore[arg-type]
    assert "exit code: 0" in result.content
    assert "2.5" in result.content  # printed by the stand-in from "# stdout: 2.5"
    assert "tool: exit code: 0" in capsys.readouterr().out
    (ran,) = app.runs()
    assert ran["code"] == PATTERN2_CODE
    assert ran["sandbox"] == "analysis"
    assert decided_by(app) == ["rule:readme-pattern-2", "rule:readme-pattern-2"]  # the tool call, then the run
    assert [e["method"] for e in app.ledger()] == ["review", "run"]


# -- review_interrupts -----------------------------------------------------------------------


def test_agent_rule_rejects_the_interrupt(start_app) -> None:  # type: ignore[no-untyped-def]
    app = start_app(rules=[reject_agent("no-night-bot", "night-bot")])
    with app.client() as desk:
        final = review_interrupts(graph_of({"ask": {"question": "Run?", "code": "print(1)"}}), {}, config("e-1"),
                                  client=desk, agent="night-bot")
    assert final["answers"] == [("ask", "reject")]
    assert decided_by(app) == ["rule:no-night-bot"]


def test_several_pending_interrupts_resumed_together(start_app) -> None:  # type: ignore[no-untyped-def]
    codes = {f"branch{n}": f"print({n})" for n in range(3)}
    app = start_app(rules=[approve_code("b0", codes["branch0"]), reject_code("b1", codes["branch1"]),
                           approve_code("b2", codes["branch2"])])
    payloads = {name: {"question": f"Run {name}?", "code": code} for name, code in codes.items()}
    with app.client() as desk:
        final = review_interrupts(graph_of(payloads), {}, config("e-2"), client=desk, agent="e2e")
    assert sorted(final["answers"]) == [("branch0", "approve"), ("branch1", "reject"), ("branch2", "approve")]
    assert sorted(decided_by(app)) == ["rule:b0", "rule:b1", "rule:b2"]


def test_unanswered_interrupt_times_out_as_rejection(start_app) -> None:  # type: ignore[no-untyped-def]
    app = start_app()
    with app.client() as desk:
        final = review_interrupts(graph_of({"ask": {"question": "Nobody is here", "code": "print(2)"}}), {},
                                  config("e-3"), client=desk, timeout_s=1)
    assert final["answers"] == [("ask", "reject")]
    assert decided_by(app) == ["timeout"]


def test_agent_inbox_payload_approved_by_rule(start_app) -> None:  # type: ignore[no-untyped-def]
    app = start_app(rules=[approve_code("ls", "ls -l")])
    request = {"action_request": {"action": "shell", "args": {"command": "ls -l"}},
               "config": {"allow_ignore": True, "allow_respond": False, "allow_edit": True, "allow_accept": True},
               "description": "List the files"}
    with app.client() as desk:
        final = review_interrupts(graph_of({"ask": [request]}), {}, config("e-4"), client=desk)
    ((_, answer),) = final["answers"]
    assert [response["type"] for response in answer] == ["accept"]


def test_create_agent_hitl_unapproved_call_is_not_run(start_app) -> None:  # type: ignore[no-untyped-def]
    app = start_app()
    marker, code = marker_code("# stdout: should not appear\n")
    with app.client() as desk:
        final = review_interrupts(hitl_agent(code), {"messages": [{"role": "user", "content": "go"}]},
                                  config("e-5"), client=desk, timeout_s=1)
    assert tool_result(final).status == "error"
    assert app.runs() == []
    assert not os.path.exists(marker)
    assert decided_by(app) == ["timeout"]


# -- run / run_python ------------------------------------------------------------------------


def test_run_python_tool_runs_approved_code_in_the_sandbox(start_app) -> None:  # type: ignore[no-untyped-def]
    code = "# stdout: hello from the sandbox\n# stderr: a warning\n# exit: 3\n"
    app = start_app(rules=[approve_code("hello", code)])
    outputs: list[dict[str, Any]] = []
    with app.client() as desk:
        pending = desk.request("run", {"code": code, "sandbox": "analysis", "agent": "e2e"}, on_notification=outputs.append)
        result = pending.wait(WAIT)
    assert result["decision"] == "approve"
    assert result["exit_code"] == 3
    assert "hello from the sandbox" in result["stdout"]
    assert "a warning" in result["stderr"]
    assert result["code"] == code
    assert result["sandbox"] == "analysis"
    assert result["image"] == "python:3.12-slim"
    for output in outputs:  # the app may stream output; when it does, it is this run's
        assert output["id"] == pending.id
        assert output["stream"] in ("stdout", "stderr")

    text = make_run_python_tool(client=DeskClient(app.socket), sandbox="analysis").invoke({"code": code})
    assert text.splitlines()[0] == "exit code: 3"
    assert "hello from the sandbox" in text
    assert "a warning" in text
    assert [r["code"] for r in app.runs()] == [code, code]
    assert decided_by(app) == ["rule:hello", "rule:hello"]


def test_bare_code_rule_approves_a_run_only_in_the_default_sandbox(start_app) -> None:  # type: ignore[no-untyped-def]
    marker, code = marker_code()
    app = start_app(rules=[approve_code("bare", code)], sandboxes=["analysis", "other"])
    with app.client() as desk:
        elsewhere = desk.run(code, sandbox="other", timeout_s=1, client_timeout=WAIT)
        unchecked = desk.call("run", {"code": code, "sandbox": "analysis", "checkpoint": False, "timeout_s": 1},
                              client_timeout=WAIT)
    assert elsewhere["decision"] != "approve"
    assert unchecked["decision"] != "approve"
    assert app.runs() == []
    assert not os.path.exists(marker)
    assert decided_by(app) == ["timeout", "timeout"]


def test_run_rejected_by_rule_is_not_run(start_app) -> None:  # type: ignore[no-untyped-def]
    app = start_app(rules=[{"name": "no-runs", "decision": "reject", "method": "run"}])
    marker, code = marker_code()
    with app.client() as desk:
        text = make_run_python_tool(client=desk, sandbox="analysis").invoke({"code": code})
    assert text.startswith("Rejected")
    assert app.runs() == []
    assert not os.path.exists(marker)
    assert decided_by(app) == ["rule:no-runs"]


def test_kosa8_failure_is_reported(start_app) -> None:  # type: ignore[no-untyped-def]
    code = "# stdout: x\n"
    # A bare-code rule approves runs only in the default sandbox: bind this run in "missing" itself.
    app = start_app(rules=[approve_run("x", code, "missing")], sandboxes=[])
    with app.client() as desk:
        with pytest.raises(DeskError) as failed:
            desk.run(code, sandbox="missing", client_timeout=WAIT)
        assert failed.value.code == -32010
        assert failed.value.data["exit_code"] != 0
        text = make_run_python_tool(client=desk, sandbox="missing").invoke({"code": code})
    assert text.startswith("Error: kosa8 failed")


# -- fail closed -----------------------------------------------------------------------------


def test_everything_fails_closed_once_the_app_has_quit(start_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = start_app(rules=[approve_code("would-approve", "print(1)")])
    app.stop()
    monkeypatch.setenv("KOSA8_DESK_SOCKET", app.socket)
    marker, code = marker_code()
    assert make_run_python_tool(sandbox="analysis").invoke({"code": code}).startswith("Rejected: kosa8 Desk could not be reached")
    assert review_interrupts(graph_of({"ask": {"question": "?", "code": "print(1)"}}), {}, config("e-6"))["answers"] == [("ask", "reject")]
    final = review_interrupts(hitl_agent(code), {"messages": [{"role": "user", "content": "go"}]}, config("e-7"))
    assert "could not be reached" in tool_result(final).content
    assert app.runs() == []
    assert not os.path.exists(marker)


class _ObservedClient(DeskClient):
    """Tells the test when a review request has been sent."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.review_sent = threading.Event()

    def request(self, method: str, params: Any = None, **kwargs: Any) -> PendingRequest:
        pending = super().request(method, params, **kwargs)
        if method == "review":
            self.review_sent.set()
        return pending


def test_review_fails_closed_when_the_app_is_killed_mid_request(start_app) -> None:  # type: ignore[no-untyped-def]
    app = start_app()
    desk = _ObservedClient(app.socket)
    outcome: dict[str, Any] = {}
    graph = graph_of({"ask": {"question": "Waiting for a person", "code": "print(3)"}})
    worker = threading.Thread(target=lambda: outcome.update(final=review_interrupts(graph, {}, config("e-8"), client=desk)))
    worker.start()
    assert desk.review_sent.wait(WAIT)
    # The app reads a connection's lines in order: once ping is answered, the review is queued.
    assert desk.ping() == {"pong": True}
    app.kill()
    worker.join(WAIT)
    assert not worker.is_alive()
    assert outcome["final"]["answers"] == [("ask", "reject")]
    with pytest.raises(DeskUnavailable):
        desk.ping()
    desk.close()


def test_run_fails_closed_when_the_app_is_killed_while_running(start_app) -> None:  # type: ignore[no-untyped-def]
    code = "# stdout: started\n# sleep-ms: 60000\n# stdout: finished\n"
    app = start_app(rules=[approve_code("slow", code)])
    outcome: dict[str, str] = {}
    tool = make_run_python_tool(client=DeskClient(app.socket), sandbox="analysis")
    worker = threading.Thread(target=lambda: outcome.update(text=tool.invoke({"code": code})))
    worker.start()
    # The stand-in records a run before it starts it; waiting on the worker is the pause.
    for _ in range(int(WAIT / 0.1)):
        if app.runs():
            break
        worker.join(timeout=0.1)
    assert app.runs(), "the approved run never reached the stand-in"
    app.kill()
    worker.join(WAIT)
    assert not worker.is_alive()
    assert outcome["text"].startswith("Rejected: no answer from kosa8 Desk")
    assert "finished" not in outcome["text"]


def _raw_call(socket_path: str, message: dict[str, Any]) -> dict[str, Any]:
    """One request on a fresh connection, with the id chosen by the test, as any JSON-RPC client does."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(WAIT)
        sock.connect(socket_path)
        sock.sendall(json.dumps(message).encode() + b"\n")
        buffer = b""
        while True:
            chunk = sock.recv(65536)
            assert chunk, "the app closed the connection without answering"
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                answer = json.loads(line)
                if answer.get("id") == message["id"]:
                    return answer


def test_plain_integer_ids_on_two_connections_both_run(start_app) -> None:  # type: ignore[no-untyped-def]
    code = "# stdout: again\n"
    app = start_app(rules=[approve_code("again", code)])
    request = {"jsonrpc": "2.0", "id": 1, "method": "run", "params": {"code": code, "sandbox": "analysis"}}
    first = _raw_call(app.socket, request)
    second = _raw_call(app.socket, request)
    assert first.get("result", {}).get("exit_code") == 0
    assert second.get("result", {}).get("exit_code") == 0, second
