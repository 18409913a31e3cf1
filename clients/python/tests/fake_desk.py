# SPDX-License-Identifier: Apache-2.0
"""A small stand-in for kosa8 Desk's agent socket, for the client's unit tests.

It speaks protocol version 1 well enough to exercise the client: line-delimited JSON-RPC over a
Unix socket, one thread per connection. Tests change its behaviour per method (answer later, out
of order, byte by byte, with an error) through ``handlers``, and wait for what it received with
``wait_for`` (a Condition with a timeout, never a sleep).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import threading
from collections.abc import Callable
from typing import Any

Handler = Callable[["FakeConnection", dict[str, Any]], None]


def stdout_lines_of(code: str) -> str:
    """What the kosa8 stand-in prints for code: its lines that start with ``# stdout: ``."""
    prefix = "# stdout: "
    return "".join(line[len(prefix) :] + "\n" for line in code.splitlines() if line.startswith(prefix))


def approve_payload(payload: Any) -> Any:
    """The answer a person approving everything gives, in the payload's shape."""
    if isinstance(payload, dict) and isinstance(payload.get("action_requests"), list):
        return {"decisions": [{"type": "approve"} for _ in payload["action_requests"]]}
    if isinstance(payload, dict) and payload.get("type") == "tool_approval":
        return {"type": "approve"}
    if isinstance(payload, dict) and "action_request" in payload:
        return [{"type": "accept", "args": None}]
    if isinstance(payload, list) and payload and all(isinstance(p, dict) and "action_request" in p for p in payload):
        return [{"type": "accept", "args": None} for _ in payload]
    return "approve"


class FakeConnection:
    """One accepted client connection."""

    def __init__(self, desk: FakeDesk, sock: socket.socket) -> None:
        self.desk = desk
        self.sock = sock
        self._send_lock = threading.Lock()
        self.thread = threading.Thread(target=self._serve, daemon=True, name="fake-desk-conn")

    def send(self, message: dict[str, Any]) -> None:
        self.send_raw(json.dumps(message).encode("utf-8") + b"\n")

    def send_raw(self, data: bytes) -> None:
        with self._send_lock:
            self.sock.sendall(data)

    def answer(self, request: dict[str, Any], result: Any) -> None:
        self.send({"jsonrpc": "2.0", "id": request["id"], "result": result})

    def fail(self, request: dict[str, Any], code: int, message: str, data: Any = None) -> None:
        error: dict[str, Any] = {"code": code, "message": message}
        if data is not None:
            error["data"] = data
        self.send({"jsonrpc": "2.0", "id": request.get("id"), "error": error})

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _serve(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                if line.strip():
                    self.desk._dispatch(self, json.loads(line))
        self.desk._closed(self)
        self.sock.close()


class FakeDesk:
    """Listens on a Unix socket in a fresh short temp folder (AF_UNIX paths are short)."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="k8fake-")
        self.path = os.path.join(self.folder, "agent.sock")
        self.requests: list[tuple[FakeConnection, dict[str, Any]]] = []
        self.connections: list[FakeConnection] = []
        self.closed_connections = 0
        self._cond = threading.Condition()
        self._stopping = False
        self.review_decider: Callable[[dict[str, Any]], Any] = lambda params: approve_payload(params["payload"])
        self.handlers: dict[str, Handler] = {
            "hello": lambda c, m: c.answer(
                m, {"server": "kosa8-desk", "version": "0.1.0", "protocol": 1,
                    "methods": ["hello", "review", "run", "cancel", "ping"]}),
            "ping": lambda c, m: c.answer(m, {"pong": True}),
            "review": lambda c, m: c.answer(m, self.review_decider(m["params"])),
            "run": self._run,
            "cancel": lambda c, m: c.answer(m, {"cancelled": False}),
        }
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(self.path)
        self._listener.listen(16)
        self._accept_thread = threading.Thread(target=self._accept, daemon=True, name="fake-desk-accept")

    def __enter__(self) -> FakeDesk:
        self._accept_thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- behaviour -----------------------------------------------------------------------

    def _run(self, conn: FakeConnection, message: dict[str, Any]) -> None:
        """Approves and 'runs' like the stand-in: echoes ``# stdout: `` lines, streaming them first."""
        code = message["params"]["code"]
        out = stdout_lines_of(code)
        if out:
            conn.send({"jsonrpc": "2.0", "method": "run.output",
                       "params": {"id": message["id"], "stream": "stdout", "data": out}})
        conn.answer(message, {"decision": "approve", "code": code, "exit_code": 0, "stdout": out,
                              "stderr": "", "truncated": False, "duration_ms": 1, "sandbox": "fake",
                              "image": "python:3.12-slim", "checkpoint": None})

    def _dispatch(self, conn: FakeConnection, message: dict[str, Any]) -> None:
        with self._cond:
            self.requests.append((conn, message))
            self._cond.notify_all()
        handler = self.handlers.get(message.get("method", ""))
        if handler is None:
            conn.fail(message, -32601, f"unknown method {message.get('method')!r}")
        else:
            try:
                handler(conn, message)
            except OSError:
                pass  # the client went away before its answer; as the app, say nothing

    def _closed(self, conn: FakeConnection) -> None:
        with self._cond:
            self.closed_connections += 1
            self._cond.notify_all()

    # -- waiting -------------------------------------------------------------------------

    def wait_for(self, predicate: Callable[[], bool], timeout: float = 10.0) -> None:
        """Wait until ``predicate()`` holds (checked whenever the server sees something)."""
        with self._cond:
            if not self._cond.wait_for(predicate, timeout):
                raise AssertionError(f"the fake desk did not see the expected traffic within {timeout} s")

    def wait_for_requests(self, count: int, method: str | None = None, timeout: float = 10.0) -> list[tuple[FakeConnection, dict[str, Any]]]:
        def matching() -> list[tuple[FakeConnection, dict[str, Any]]]:
            return [r for r in self.requests if method is None or r[1].get("method") == method]

        self.wait_for(lambda: len(matching()) >= count, timeout)
        with self._cond:
            return matching()

    def methods(self) -> list[str]:
        with self._cond:
            return [m.get("method", "") for _, m in self.requests]

    # -- lifecycle -----------------------------------------------------------------------

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self._listener.accept()
            except OSError:
                return
            if self._stopping:
                sock.close()
                return
            conn = FakeConnection(self, sock)
            with self._cond:
                self.connections.append(conn)
                self._cond.notify_all()
            conn.thread.start()

    def stop(self) -> None:
        self._stopping = True
        if self._accept_thread.is_alive():
            # Wakes the blocking accept() portably: connect once, the loop sees _stopping.
            try:
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as waker:
                    waker.connect(self.path)
            except OSError:
                pass
            self._accept_thread.join(timeout=10)
        self._listener.close()
        with self._cond:
            connections = list(self.connections)
        for conn in connections:
            conn.close()
        for conn in connections:
            if conn.thread.is_alive():
                conn.thread.join(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)
