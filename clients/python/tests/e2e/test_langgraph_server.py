# SPDX-License-Identifier: Apache-2.0
"""The real kosa8-desk as the reviewer of a real LangGraph server (issue 27, docs/langgraph.md).

A ``langgraph dev`` server runs the graphs of tests/core/agent/langgraph/graph; the app is started
with ``--langgraph URL`` and decides by standing rules (no person clicks here: the window's tests do
that). The agents are the LangGraph SDK creating runs, exactly as they would without kosa8 Desk:
nothing in the graphs knows the app exists.

Needs KOSA8_LANGGRAPH_CLI (langgraph-cli[inmem]'s ``langgraph``) and KOSA8_LANGGRAPH_GRAPH (the graphs'
folder); ctest's python_e2e_langgraph sets both. Without them the module is skipped, saying why.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from desk_app import RunningApp, reject_agent, reject_code

SERVER_START_LIMIT_S = 90.0
DECISION_LIMIT_S = 30.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for(what: str, check: Callable[[], Any], limit_s: float = DECISION_LIMIT_S, *, explain: Callable[[], str] = lambda: "") -> Any:
    """Polls ``check`` until it returns something true; the server and the app are other processes
    that say nothing when they are done, so asking again is the only way to know."""
    deadline = time.monotonic() + limit_s
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {limit_s} s\n{explain()}")
        time.sleep(0.1)


class LangGraphDev:
    """``langgraph dev`` on a free port, from a copy of the test graphs (it keeps its threads beside them)."""

    def __init__(self, cli: str, graphs: str) -> None:
        self.cli = cli
        self.folder = Path(tempfile.mkdtemp(prefix="k8lg-"))
        for name in ("gate.py", "agent.py", "langgraph.json"):
            shutil.copy(Path(graphs) / name, self.folder / name)
        self.url = f"http://127.0.0.1:{_free_port()}"
        self.log = open(self.folder / "server.log", "ab")
        from langgraph_sdk import get_sync_client

        self.client = get_sync_client(url=self.url)
        self.start()

    def start(self) -> None:
        """Starts the server (again: in the same folder, where it keeps its threads)."""
        env = dict(os.environ, LANGGRAPH_CLI_NO_ANALYTICS="1", LANGSMITH_TRACING="false", PYTHONDONTWRITEBYTECODE="1")
        port = self.url.rsplit(":", 1)[1]
        self.process = subprocess.Popen(
            [self.cli, "dev", "--no-browser", "--no-reload", "--host", "127.0.0.1", "--port", port,
             "--config", "langgraph.json"],
            cwd=self.folder, env=env, stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        _wait_for("langgraph dev answering", self._answers, SERVER_START_LIMIT_S, explain=self.output)

    def _answers(self) -> bool:
        if self.process.poll() is not None:
            raise AssertionError(f"langgraph dev exited with {self.process.returncode}:\n{self.output()}")
        try:
            self.client.assistants.search(limit=1)
            return True
        except Exception:  # not up yet: refused, or starting
            return False

    def output(self) -> str:
        self.log.flush()
        return (self.folder / "server.log").read_text(errors="replace")[-4000:]

    def interrupted_thread(self, graph: str, input: dict[str, Any]) -> str:
        """A new thread of ``graph`` run until it stops at its interrupt(s); its id."""
        thread = self.client.threads.create()
        self.client.runs.wait(thread["thread_id"], graph, input=input)
        assert self.client.threads.get(thread["thread_id"])["status"] == "interrupted"
        return str(thread["thread_id"])

    def finished_values(self, thread_id: str) -> dict[str, Any] | None:
        """The thread's values once it ran to its end; None while it is interrupted or running."""
        thread = self.client.threads.get(thread_id)
        return thread["values"] if thread["status"] == "idle" else None

    def halt(self) -> None:
        """Stops the server, keeping its folder (it saves its threads there as it stops)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, 15)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, 9)
                self.process.wait(timeout=30)

    def stop(self) -> None:
        self.halt()
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def _new_server() -> LangGraphDev:
    cli = os.environ.get("KOSA8_LANGGRAPH_CLI", "")
    graphs = os.environ.get("KOSA8_LANGGRAPH_GRAPH", "")
    if not cli or not graphs:
        pytest.skip("KOSA8_LANGGRAPH_CLI and KOSA8_LANGGRAPH_GRAPH are not set (ctest's python_e2e_langgraph sets them)")
    assert os.access(cli, os.X_OK), f"no langgraph CLI at {cli}: install langgraph-cli[inmem] (requirements-test.txt)"
    return LangGraphDev(cli, graphs)


@pytest.fixture(scope="module")
def server() -> Iterator[LangGraphDev]:
    started = _new_server()
    yield started
    started.stop()


@pytest.fixture
def own_server() -> Iterator[LangGraphDev]:
    """A server of the test's own, for a test that stops it."""
    started = _new_server()
    yield started
    started.stop()


def _ledger_entry(app: RunningApp, thread_id: str) -> dict[str, Any] | None:
    for entry in reversed(app.ledger()):
        if entry.get("thread_id") == thread_id:
            return entry
    return None


def _handed_in(app: RunningApp, thread_id: str) -> int:
    """How often the app took an interrupt of the thread as a request (its log says so, each time)."""
    return app.output().count(f"interrupt {thread_id}/")


def test_a_rule_decides_an_interrupt_and_the_graph_goes_on(server: LangGraphDev, start_app: Callable[..., RunningApp]) -> None:
    app = start_app(rules=[reject_agent("no-gate", "gate")], extra_args=["--langgraph", server.url])
    thread_id = server.interrupted_thread("gate", {"code": "import os; os.remove('/etc/passwd')"})
    values = _wait_for("the rule's answer resuming the thread", lambda: server.finished_values(thread_id),
                       explain=app.output)
    # The graph received exactly what a socket review of the same value is answered.
    assert values["decision"] == "reject"
    entry = _wait_for("the ledger entry", lambda: _ledger_entry(app, thread_id))
    assert entry["source"] == "langgraph"
    assert entry["server"] == server.url
    assert entry["decided_by"] == "rule:no-gate"
    assert entry["decision"] == "reject"
    assert entry["agent"] == "gate"
    assert entry["interrupt_id"]


def test_two_parallel_interrupts_are_each_resumed_by_their_own_id(server: LangGraphDev, start_app: Callable[..., RunningApp]) -> None:
    # The two branches' values differ only in their code: each rule fits one of them.
    app = start_app(rules=[reject_code("no-left", "print('left')"), reject_code("no-right", "print('right')")],
                    extra_args=["--langgraph", server.url])
    thread_id = server.interrupted_thread("parallel", {})
    values = _wait_for("both branches resumed", lambda: server.finished_values(thread_id), explain=app.output)
    assert sorted(tuple(answer) for answer in values["answers"]) == [("left", "reject"), ("right", "reject")]
    entries = [entry for entry in app.ledger() if entry.get("thread_id") == thread_id]
    assert sorted(entry["decided_by"] for entry in entries) == ["rule:no-left", "rule:no-right"]
    assert len({entry["interrupt_id"] for entry in entries}) == 2


def test_langchains_hitl_middleware_with_two_calls_is_one_request_of_two_actions(
        server: LangGraphDev, start_app: Callable[..., RunningApp]) -> None:
    # create_agent with HumanInTheLoopMiddleware (tests/core/agent/langgraph/graph/agent.py): the
    # scripted model asks for two run_python calls at once; the middleware stops before both.
    app = start_app(rules=[reject_agent("no-agent-tools", "hitl_agent")], extra_args=["--langgraph", server.url])
    thread_id = server.interrupted_thread("hitl_agent", {"messages": [{"role": "user", "content": "Tidy /srv."}]})
    values = _wait_for("the agent to go on after the rule's answer", lambda: server.finished_values(thread_id),
                       explain=app.output)
    # The middleware got one decision per call, in its own shape: both rejected, neither tool ran.
    tool_messages = [m for m in values["messages"] if m["type"] == "tool"]
    assert [m["tool_call_id"] for m in tool_messages] == ["call_first", "call_second"]
    assert all(m["status"] == "error" and not str(m["content"]).startswith("ran ") for m in tool_messages)
    assert values["messages"][-1]["content"] == "finished"
    entries = [entry for entry in app.ledger() if entry.get("thread_id") == thread_id]
    assert [(entry["decision"], entry["decided_by"]) for entry in entries] == [("reject", "rule:no-agent-tools")]
    # Both calls' code was bound into the one entry.
    assert len(entries[0]["code_sha256"].split(",")) == 2


def test_an_interrupt_resumed_elsewhere_is_recorded_as_such(server: LangGraphDev, start_app: Callable[..., RunningApp]) -> None:
    app = start_app(extra_args=["--langgraph", server.url])
    thread_id = server.interrupted_thread("gate", {"code": "print('elsewhere')"})
    _wait_for("the interrupt in the inbox", lambda: _handed_in(app, thread_id) == 1, explain=app.output)
    # Someone else (Studio, a script) answers it through the server's API.
    interrupt_id = next(iter(server.client.threads.get(thread_id)["interrupts"].values()))[0]["id"]
    server.client.runs.wait(thread_id, "gate", command={"resume": {interrupt_id: "approved in Studio"}})
    assert server.finished_values(thread_id)["decision"] == "approved in Studio"
    entry = _wait_for("the app recording it", lambda: _ledger_entry(app, thread_id), explain=app.output)
    assert entry["decided_by"] == "elsewhere"
    assert entry["decision"] == "unknown"
    assert entry["interrupt_id"] == interrupt_id


def test_quitting_leaves_the_interrupt_pending_and_the_next_start_picks_it_up(server: LangGraphDev, start_app: Callable[..., RunningApp]) -> None:
    first = start_app(extra_args=["--langgraph", server.url])
    thread_id = server.interrupted_thread("gate", {"code": "print('after the restart')"})
    _wait_for("the interrupt in the inbox", lambda: _handed_in(first, thread_id) == 1, explain=first.output)
    first.stop()
    assert first.process.returncode == 0, first.output()
    # Not answered, not recorded: it waits on the server.
    assert server.client.threads.get(thread_id)["status"] == "interrupted"
    assert _ledger_entry(first, thread_id) is None
    # The next start finds it again (here a rule decides it), in the same ledger.
    second = start_app(rules=[reject_agent("no-gate", "gate")], extra_args=["--langgraph", server.url],
                       data_dir=first.data_dir)
    values = _wait_for("the thread resumed after the restart", lambda: server.finished_values(thread_id),
                       explain=second.output)
    assert values["decision"] == "reject"
    assert _ledger_entry(second, thread_id)["decided_by"] == "rule:no-gate"


def test_a_server_that_goes_away_and_comes_back_is_picked_up_without_duplicates(
        own_server: LangGraphDev, start_app: Callable[..., RunningApp]) -> None:
    app = start_app(extra_args=["--langgraph", own_server.url])
    thread_id = own_server.interrupted_thread("gate", {"code": "print('through a restart')"})
    _wait_for("the interrupt in the inbox", lambda: _handed_in(app, thread_id) == 1, explain=app.output)
    own_server.halt()
    _wait_for("the app to see the server gone", lambda: "unreachable" in app.output(), explain=app.output)
    assert app.process.poll() is None
    own_server.start()
    _wait_for("the app to reach the server again", lambda: app.output().count(": reachable, version") >= 2,
              explain=app.output)
    # The same interrupt, still pending on the server, is not handed in a second time ...
    assert own_server.client.threads.get(thread_id)["status"] == "interrupted"
    assert _handed_in(app, thread_id) == 1
    # ... and it is still watched: resumed elsewhere now, the app records it.
    interrupt_id = next(iter(own_server.client.threads.get(thread_id)["interrupts"].values()))[0]["id"]
    own_server.client.runs.wait(thread_id, "gate", command={"resume": {interrupt_id: "after the restart"}})
    entry = _wait_for("the app recording it", lambda: _ledger_entry(app, thread_id), explain=app.output)
    assert (entry["decided_by"], entry["interrupt_id"]) == ("elsewhere", interrupt_id)
