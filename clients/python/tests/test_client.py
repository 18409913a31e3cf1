# SPDX-License-Identifier: Apache-2.0
"""DeskClient against the in-test server: framing, routing, concurrency, errors, timeouts."""

from __future__ import annotations

import json
import os
import threading
from typing import Any

import pytest
from fake_desk import FakeConnection, FakeDesk

from kosa8_desk import DeskClient, DeskError, DeskTimeout, DeskUnavailable
from kosa8_desk.client import _peer_uid

WAIT = 10.0


def test_hello_and_ping(client: DeskClient, desk: FakeDesk) -> None:
    hello = client.hello(agent="tests")
    assert hello["server"] == "kosa8-desk"
    assert hello["protocol"] == 1
    assert client.ping() == {"pong": True}
    _, sent = desk.wait_for_requests(1, "hello")[0]
    assert sent["jsonrpc"] == "2.0"
    assert sent["params"] == {"client": "kosa8-desk-python", "version": "0.1.0", "agent": "tests"}


def test_default_socket_comes_from_environment(desk_env: FakeDesk) -> None:
    with DeskClient() as desk_client:
        assert desk_client.socket_path == desk_env.path
        assert desk_client.ping() == {"pong": True}


def test_answer_split_byte_by_byte(client: DeskClient, desk: FakeDesk) -> None:
    def trickle(conn: FakeConnection, message: dict[str, Any]) -> None:
        line = json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {"pong": True, "note": "é✓"}}) + "\n"
        for byte in line.encode("utf-8"):  # splits the multi-byte characters too
            conn.send_raw(bytes([byte]))

    desk.handlers["ping"] = trickle
    assert client.ping() == {"pong": True, "note": "é✓"}


def test_several_messages_in_one_write_and_junk_lines(client: DeskClient, desk: FakeDesk) -> None:
    seen: list[dict[str, Any]] = []

    def burst(conn: FakeConnection, message: dict[str, Any]) -> None:
        request_id = message["id"]
        conn.send_raw(
            b"\n"  # blank lines are ignored
            + b"this is not json\n"  # neither breaks the connection
            + json.dumps({"jsonrpc": "2.0", "method": "run.output",
                          "params": {"id": request_id, "stream": "stdout", "data": "a"}}).encode() + b"\n"
            + json.dumps({"jsonrpc": "2.0", "id": request_id, "result": {"decision": "reject", "message": "no"}}).encode()
            + b"\n"
        )

    desk.handlers["run"] = burst
    result = client.run("print(1)", on_output=seen.append)
    assert result == {"decision": "reject", "message": "no"}
    assert [s["data"] for s in seen] == ["a"]
    assert client.ping() == {"pong": True}  # the same connection still works
    assert len(desk.connections) == 1


def test_notifications_interleaved_with_answers(client: DeskClient, desk: FakeDesk) -> None:
    """run.output of one request arrives between the answers of others and reaches only its owner."""
    held: dict[str, tuple[FakeConnection, dict[str, Any]]] = {}
    all_notifications: list[dict[str, Any]] = []
    client_wide = DeskClient(desk.path, on_notification=all_notifications.append)

    def hold_run(conn: FakeConnection, message: dict[str, Any]) -> None:
        held["run"] = (conn, message)

    desk.handlers["run"] = hold_run
    outputs: list[dict[str, Any]] = []
    results: dict[str, Any] = {}
    runner = threading.Thread(target=lambda: results.update(run=client_wide.run("x", on_output=outputs.append)))
    runner.start()
    desk.wait_for_requests(1, "run")
    conn, run_message = held["run"]
    run_id = run_message["id"]
    conn.send({"jsonrpc": "2.0", "method": "run.output", "params": {"id": run_id, "stream": "stdout", "data": "one\n"}})
    assert client_wide.ping() == {"pong": True}  # answered while the run is still going
    conn.send({"jsonrpc": "2.0", "method": "run.output", "params": {"id": run_id, "stream": "stderr", "data": "two\n"}})
    conn.send({"jsonrpc": "2.0", "method": "run.output", "params": {"id": 999, "stream": "stdout", "data": "other\n"}})
    conn.send({"jsonrpc": "2.0", "method": "something.else", "params": {}})
    conn.answer(run_message, {"decision": "approve", "exit_code": 0, "stdout": "one\n", "stderr": "two\n"})
    runner.join(WAIT)
    client_wide.close()
    assert results["run"]["exit_code"] == 0
    assert [(o["stream"], o["data"]) for o in outputs] == [("stdout", "one\n"), ("stderr", "two\n")]
    assert [n["method"] for n in all_notifications] == ["run.output", "run.output", "run.output", "something.else"]


def test_concurrent_requests_answered_out_of_order(client: DeskClient, desk: FakeDesk) -> None:
    held: list[tuple[FakeConnection, dict[str, Any]]] = []
    lock = threading.Lock()

    def hold(conn: FakeConnection, message: dict[str, Any]) -> None:
        with lock:
            held.append((conn, message))

    desk.handlers["review"] = hold
    results: dict[int, Any] = {}
    errors: list[BaseException] = []

    def ask(n: int) -> None:
        try:
            results[n] = client.review({"question": f"q{n}"})
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(5)]
    for thread in threads:
        thread.start()
    desk.wait_for_requests(5, "review")
    assert len(desk.connections) == 1  # all five share one connection
    with lock:
        pending = list(held)
    for conn, message in reversed(pending):  # answer the last first
        conn.answer(message, "answer to " + message["params"]["payload"]["question"])
    for thread in threads:
        thread.join(WAIT)
    assert not errors
    assert results == {n: f"answer to q{n}" for n in range(5)}


def test_many_threads_share_one_client(client: DeskClient, desk: FakeDesk) -> None:
    failures: list[BaseException] = []

    def hammer() -> None:
        try:
            for _ in range(20):
                assert client.ping() == {"pong": True}
        except BaseException as exc:  # pragma: no cover - reported below
            failures.append(exc)

    threads = [threading.Thread(target=hammer) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT * 3)
    assert not failures
    assert desk.methods().count("ping") == 160


def test_json_rpc_error_becomes_desk_error(client: DeskClient, desk: FakeDesk) -> None:
    data = {"command": ["kosa8", "sandbox", "run"], "exit_code": 3, "stderr": "daemon down"}
    desk.handlers["run"] = lambda conn, message: conn.fail(message, -32010, "kosa8 failed", data)
    with pytest.raises(DeskError) as caught:
        client.run("print(1)")
    assert caught.value.code == -32010
    assert caught.value.message == "kosa8 failed"
    assert caught.value.data == data
    with pytest.raises(DeskError) as unknown:
        client.call("no.such.method")
    assert unknown.value.code == -32601


def test_unavailable_without_socket_file() -> None:
    with DeskClient("/tmp/k8-no-such-folder/agent.sock") as absent:
        with pytest.raises(DeskUnavailable, match="not running"):
            absent.ping()


def test_unavailable_when_nobody_listens(dead_socket_path: str) -> None:
    with DeskClient(dead_socket_path) as stale:
        with pytest.raises(DeskUnavailable, match="nothing listens"):
            stale.review({"question": "?"})


def test_connection_dropped_mid_request(client: DeskClient, desk: FakeDesk) -> None:
    desk.handlers["review"] = lambda conn, message: conn.close()
    with pytest.raises(DeskUnavailable, match="lost"):
        client.review({"question": "?", "code": "print(1)"})
    # The next call connects again.
    assert client.ping() == {"pong": True}
    assert len(desk.connections) == 2


def test_all_pending_requests_fail_when_the_connection_drops(client: DeskClient, desk: FakeDesk) -> None:
    desk.handlers["review"] = lambda conn, message: None  # never answers
    first = client.request("review", {"payload": 1})
    second = client.request("review", {"payload": 2})
    desk.wait_for_requests(2, "review")
    desk.connections[0].close()
    for pending in (first, second):
        with pytest.raises(DeskUnavailable):
            pending.wait(WAIT)


def test_unrouted_error_is_named_when_the_connection_closes(client: DeskClient, desk: FakeDesk) -> None:
    def too_large(conn: FakeConnection, message: dict[str, Any]) -> None:
        conn.send({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "line of 9 MiB over the 8 MiB limit"}})
        conn.close()

    desk.handlers["run"] = too_large
    with pytest.raises(DeskUnavailable, match="8 MiB limit"):
        client.run("x")


def test_client_timeout_withdraws_the_request(client: DeskClient, desk: FakeDesk) -> None:
    desk.handlers["review"] = lambda conn, message: None  # a person who never decides
    with pytest.raises(DeskTimeout):
        client.review({"question": "?"}, client_timeout=0.2)
    _, review = desk.wait_for_requests(1, "review")[0]
    _, cancel = desk.wait_for_requests(1, "cancel")[0]
    assert cancel["params"] == {"id": review["id"]}
    assert client.ping() == {"pong": True}


def test_default_client_timeout(desk: FakeDesk) -> None:
    desk.handlers["run"] = lambda conn, message: None
    with DeskClient(desk.path, timeout=0.2) as impatient:
        with pytest.raises(DeskTimeout):
            impatient.run("print(1)")


def test_cancel_by_id(client: DeskClient, desk: FakeDesk) -> None:
    held: list[tuple[FakeConnection, dict[str, Any]]] = []
    desk.handlers["review"] = lambda conn, message: held.append((conn, message))

    def withdraw(conn: FakeConnection, message: dict[str, Any]) -> None:
        target = message["params"]["id"]
        for held_conn, held_message in held:
            if held_message["id"] == target:  # the app answers the withdrawn request with a rejection
                held_conn.answer(held_message, "reject")
        conn.answer(message, {"cancelled": True})

    desk.handlers["cancel"] = withdraw
    pending = client.request("review", {"payload": {"question": "?"}})
    desk.wait_for_requests(1, "review")
    assert client.cancel(pending.id) is True
    assert pending.wait(WAIT) == "reject"


def test_close_fails_waiting_requests(desk: FakeDesk) -> None:
    desk.handlers["review"] = lambda conn, message: None
    closing = DeskClient(desk.path)
    pending = closing.request("review", {"payload": {}})
    desk.wait_for_requests(1, "review")
    closing.close()
    with pytest.raises(DeskUnavailable):
        pending.wait(WAIT)
    with pytest.raises(DeskUnavailable, match="closed"):
        closing.ping()


def test_request_parameters_as_sent(client: DeskClient, desk: FakeDesk) -> None:
    client.review({"question": "q", "code": "c"}, title="T", agent="a", thread_id="t1", timeout_s=60)
    client.run("print(1)", sandbox="sb", image="img", timeout_s=5, agent="a", title="T", checkpoint=False)
    client.review(None)
    (_, review), (_, review_none) = desk.wait_for_requests(2, "review")
    _, run = desk.wait_for_requests(1, "run")[0]
    assert review["params"] == {"payload": {"question": "q", "code": "c"}, "title": "T", "agent": "a",
                                "thread_id": "t1", "timeout_s": 60}
    assert review_none["params"] == {"payload": None}
    assert run["params"] == {"code": "print(1)", "language": "python", "sandbox": "sb", "image": "img",
                             "timeout_s": 5, "agent": "a", "title": "T", "checkpoint": False}


def test_payload_json_does_not_know_is_still_sent(client: DeskClient, desk: FakeDesk) -> None:
    class Opaque:
        def __repr__(self) -> str:
            return "<opaque>"

    client.review({"items": (1, 2), "raw": b"bytes", "obj": Opaque()})
    _, review = desk.wait_for_requests(1, "review")[0]
    assert review["params"]["payload"] == {"items": [1, 2], "raw": "bytes", "obj": "<opaque>"}


def test_callback_that_raises_does_not_break_the_connection(client: DeskClient, desk: FakeDesk) -> None:
    def explode(params: dict[str, Any]) -> None:
        raise RuntimeError("callback bug")

    result = client.run("# stdout: hi\n", on_output=explode)
    assert result["stdout"] == "hi\n"
    assert client.ping() == {"pong": True}


def test_peer_is_this_user(client: DeskClient, desk: FakeDesk) -> None:
    client.connect()
    connection = client._connection
    assert connection is not None
    assert _peer_uid(connection._sock) in (None, os.geteuid())
