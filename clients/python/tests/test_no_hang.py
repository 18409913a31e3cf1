# SPDX-License-Identifier: Apache-2.0
"""The client cannot hang and sends only JSON (issue 7, finding 11).

Every wait ends: connecting, sending, ``hello``, each request (a person's decision included, with a
generous default) ends in :class:`DeskTimeout`, which the LangChain tool and the LangGraph helper
turn into a rejection. Values that are not JSON (NaN, infinities) are refused before anything is
sent. Each test that could hang on a broken client runs under a deadline, so a regression fails
instead of blocking the suite.
"""

from __future__ import annotations

import dataclasses
import math
import os
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fake_desk import FakeDesk
from test_langgraph import config, single_question_graph

import kosa8_desk.client as client_module
from kosa8_desk import DeskClient, DeskInvalidRequest, DeskTimeout, DeskUnavailable
from kosa8_desk.langchain import make_run_python_tool
from kosa8_desk.langgraph import review_interrupts

DEADLINE = 20.0


def within_deadline(action: Callable[[], Any], seconds: float = DEADLINE) -> Any:
    """``action()``'s result or exception; fails the test when it has not returned in time."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["result"] = action()
        except BaseException as exc:  # handed to the test thread
            outcome["error"] = exc

    thread = threading.Thread(target=target, daemon=True, name="deadline")
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"the call was still waiting after {seconds} s: it would hang")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("result")


def never_answer(conn: Any, message: dict[str, Any]) -> None:
    """A desk that reads the request and never answers it."""


@pytest.fixture
def silent_desk(desk: FakeDesk) -> FakeDesk:
    for method in ("hello", "ping", "review", "run", "cancel"):
        desk.handlers[method] = never_answer
    return desk


# -- values that are not JSON ---------------------------------------------------------------


@dataclasses.dataclass
class Measurement:
    value: float


@pytest.mark.parametrize(
    "payload, where",
    [
        (float("nan"), "payload"),
        ({"ratio": float("inf")}, "payload.ratio"),
        ({"rows": [1, 2, {"x": -math.inf}]}, "payload.rows[2].x"),
        ({"pair": (0.5, float("nan"))}, "payload.pair[1]"),
        ({"m": Measurement(float("nan"))}, None),  # found by the encoder, without a path
    ],
)
def test_values_that_are_not_json_are_refused_before_sending(
    client: DeskClient, desk: FakeDesk, payload: Any, where: str | None
) -> None:
    with pytest.raises(DeskInvalidRequest, match="not JSON") as caught:
        client.review(payload)
    assert isinstance(caught.value, ValueError)
    if where is not None:
        assert where in str(caught.value)
    assert client.ping() == {"pong": True}  # nothing else went out before it
    assert desk.methods() == ["ping"]


def test_non_finite_parameters_of_run_are_refused(client: DeskClient, desk: FakeDesk) -> None:
    with pytest.raises(DeskInvalidRequest, match="timeout_s"):
        client.run("print(1)", timeout_s=float("inf"))
    with pytest.raises(DeskInvalidRequest):
        client.request("review", {"payload": {"deep": [[[float("nan")]]]}})
    assert client.ping() == {"pong": True}
    assert desk.methods() == ["ping"]


def test_langgraph_helper_rejects_a_payload_that_is_not_json(desk_env: FakeDesk) -> None:
    graph = single_question_graph({"question": "Run?", "score": float("nan")})
    final = within_deadline(lambda: review_interrupts(graph, {}, config("nan-1")))
    assert final["answers"] == [("ask", "reject")]
    assert "review" not in desk_env.methods()


def test_langchain_tool_rejects_parameters_that_are_not_json(desk_env: FakeDesk) -> None:
    text = make_run_python_tool(timeout_s=float("nan")).invoke({"code": "print(1)"})
    assert text.startswith("Rejected")
    assert "not run" in text or "not approved" in text
    assert "run" not in desk_env.methods()


# -- every wait ends ------------------------------------------------------------------------


def test_default_limits() -> None:
    """The documented defaults (README "Time limits")."""
    assert client_module.DEFAULT_DECISION_TIMEOUT_S == 3600.0
    assert client_module.DECISION_TIMEOUT_MARGIN_S == 60.0
    assert client_module.QUICK_CALL_TIMEOUT_S == 30.0
    assert client_module.DEFAULT_SEND_TIMEOUT_S == 60.0
    desk_client = DeskClient("/nonexistent/agent.sock")
    assert desk_client.wait_limit("review", {"payload": 1}) == 3600.0
    assert desk_client.wait_limit("review", {"payload": 1, "timeout_s": 600}) == 660.0
    # run: the decision and the run itself may each take timeout_s
    assert desk_client.wait_limit("run", {"code": "x", "timeout_s": 600}) == 1260.0
    assert desk_client.wait_limit("run", {"code": "x"}) == 3600.0
    for quick in ("hello", "ping", "cancel"):
        assert desk_client.wait_limit(quick, None) == 30.0
    assert desk_client.wait_limit("review", {"payload": 1}, 5.0) == 5.0
    assert desk_client.wait_limit("review", {"payload": 1}, math.inf) is None  # asked for no limit
    assert DeskClient("/x", timeout=90).wait_limit("review", {"payload": 1, "timeout_s": 600}) == 90


def test_review_without_limits_given_ends_after_the_default(
    silent_desk: FakeDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "DEFAULT_DECISION_TIMEOUT_S", 0.3)
    with DeskClient(silent_desk.path) as desk_client:
        started = time.monotonic()
        with pytest.raises(DeskTimeout):
            within_deadline(lambda: desk_client.review({"question": "?"}))
        assert time.monotonic() - started >= 0.3
    _, review = silent_desk.wait_for_requests(1, "review")[0]
    _, cancel = silent_desk.wait_for_requests(1, "cancel")[0]
    assert cancel["params"] == {"id": review["id"]}  # withdrawn, so no person decides it in vain


def test_review_waits_for_the_app_limit_plus_a_margin(
    silent_desk: FakeDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "DECISION_TIMEOUT_MARGIN_S", 0.2)
    with DeskClient(silent_desk.path) as desk_client:
        started = time.monotonic()
        with pytest.raises(DeskTimeout, match="1.2"):
            within_deadline(lambda: desk_client.review({"question": "?"}, timeout_s=1))
        assert time.monotonic() - started >= 1.2


def test_run_without_limits_given_ends_after_the_default(
    silent_desk: FakeDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "DEFAULT_DECISION_TIMEOUT_S", 0.3)
    with DeskClient(silent_desk.path) as desk_client:
        with pytest.raises(DeskTimeout):
            within_deadline(lambda: desk_client.run("print(1)"))


def test_pending_request_wait_has_the_default_too(
    silent_desk: FakeDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "DEFAULT_DECISION_TIMEOUT_S", 0.3)
    with DeskClient(silent_desk.path) as desk_client:
        pending = desk_client.request("review", {"payload": {"question": "?"}})
        assert pending.timeout == 0.3
        with pytest.raises(DeskTimeout):
            within_deadline(pending.wait)


def test_hello_and_ping_end(silent_desk: FakeDesk, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "QUICK_CALL_TIMEOUT_S", 0.3)
    with DeskClient(silent_desk.path) as desk_client:
        with pytest.raises(DeskTimeout):
            within_deadline(desk_client.hello)
        with pytest.raises(DeskTimeout):
            within_deadline(desk_client.ping)
        with pytest.raises(DeskTimeout):
            within_deadline(lambda: desk_client.cancel("x-1"))


@pytest.fixture
def deaf_listener() -> Iterator[str]:
    """A socket whose server accepts and never reads: what the client sends piles up."""
    folder = tempfile.mkdtemp(prefix="k8deaf-")
    path = os.path.join(folder, "agent.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(4)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                sock, _ = listener.accept()
            except OSError:
                return
            accepted.append(sock)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield path
    stop.set()
    listener.close()
    for sock in accepted:
        sock.close()
    os.unlink(path)
    os.rmdir(folder)


def test_sending_to_a_desk_that_does_not_read_ends(deaf_listener: str) -> None:
    big = "x" * (16 * 1024 * 1024)  # far more than the socket buffers hold
    with DeskClient(deaf_listener, send_timeout=0.5) as desk_client:
        started = time.monotonic()
        with pytest.raises(DeskTimeout, match="send"):
            within_deadline(lambda: desk_client.review({"question": "?", "code": big}))
        assert time.monotonic() - started >= 0.5


def test_connect_to_a_desk_that_does_not_accept_ends() -> None:
    folder = tempfile.mkdtemp(prefix="k8full-")
    path = os.path.join(folder, "agent.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(0)
    waiting: list[socket.socket] = []
    try:
        # Fill the backlog of a listener that never accepts: the next connect would block.
        for _ in range(8):
            filler = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            filler.setblocking(False)
            waiting.append(filler)
            try:
                filler.connect(path)
            except (BlockingIOError, InterruptedError):
                break
        with DeskClient(path, connect_timeout=0.3) as desk_client:
            with pytest.raises(DeskUnavailable):
                within_deadline(desk_client.connect)
    finally:
        for sock in waiting:
            sock.close()
        listener.close()
        os.unlink(path)
        os.rmdir(folder)


def test_langchain_tool_turns_a_timeout_into_a_rejection(
    silent_desk: FakeDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KOSA8_DESK_SOCKET", silent_desk.path)
    marker = os.path.join(tempfile.mkdtemp(prefix="k8marker-"), "ran")
    tool = make_run_python_tool(client_timeout=0.3)
    text = within_deadline(lambda: tool.invoke({"code": f"open({marker!r}, 'w')"}))
    assert text.startswith("Rejected")
    assert "0.3" in text
    assert not os.path.exists(marker)


def test_langgraph_helper_turns_a_timeout_into_a_rejection(
    silent_desk: FakeDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    graph = single_question_graph({"question": "?", "code": "print(1)"})
    with DeskClient(silent_desk.path, timeout=0.3) as desk_client:
        final = within_deadline(lambda: review_interrupts(graph, {}, config("slow-1"), client=desk_client))
    assert final["answers"] == [("ask", "reject")]
    graph = single_question_graph({"question": "?", "code": "print(2)"})
    monkeypatch.setenv("KOSA8_DESK_SOCKET", silent_desk.path)
    final = within_deadline(lambda: review_interrupts(graph, {}, config("slow-2"), client_timeout=0.3))
    assert final["answers"] == [("ask", "reject")]
