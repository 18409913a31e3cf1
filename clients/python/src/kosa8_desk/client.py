# SPDX-License-Identifier: Apache-2.0
"""Socket client for the kosa8 Desk agent protocol, version 1.

One :class:`DeskClient` holds one connection to the app. Several requests may be in flight on
it at once (from several threads): a reader thread reads line-delimited JSON, hands each answer
to the request with the same ``id`` and each notification (``run.output``) to whoever asked for
it.

Every wait ends (fail closed: an answer that does not come is a rejection, never a hang). A person
may take a while to decide, so a decision gets a generous limit: the request's own ``timeout_s``
plus a margin, or an hour when it names none; calls that involve nobody (``hello``, ``ping``,
``cancel``) get 30 seconds, connecting 5 and sending 60. Each limit can be changed per client and
per call; see :meth:`DeskClient.wait_limit`. Values JSON cannot carry (NaN, infinities) are
refused before anything is sent.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import logging
import math
import os
import secrets
import socket
import struct
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any

from ._version import __version__
from .errors import DeskError, DeskInvalidRequest, DeskTimeout, DeskUnavailable
from .paths import default_socket_path

__all__ = [
    "DeskClient",
    "PendingRequest",
    "NotificationHandler",
    "PROTOCOL_VERSION",
    "DEFAULT_DECISION_TIMEOUT_S",
    "DECISION_TIMEOUT_MARGIN_S",
    "QUICK_CALL_TIMEOUT_S",
    "DEFAULT_CONNECT_TIMEOUT_S",
    "DEFAULT_SEND_TIMEOUT_S",
]

PROTOCOL_VERSION = 1

NotificationHandler = Callable[[dict[str, Any]], None]
"""A callback for notifications. Per request (``on_output``, ``on_notification`` of
:meth:`DeskClient.request`) it receives the notification's ``params`` (for ``run.output``:
``{"id", "stream", "data"}``); the client-wide ``on_notification`` receives the whole message
(``{"jsonrpc", "method", "params"}``). Called on the reader thread: keep it short."""

_log = logging.getLogger("kosa8_desk")

# The app refuses lines above 8 MiB from us; its answers can carry captured output, so the
# client allows more, but still bounds what a broken peer can make it buffer.
_MAX_INCOMING_LINE = 64 * 1024 * 1024
_READ_CHUNK = 65536

# How long a call waits, unless the caller says otherwise (README "Time limits"). Read at call
# time, so a program (or a test) may change them for every client at once.
#: A decision (review, run) whose request names no ``timeout_s``: a person may be away for a
#: while, but not for ever.
DEFAULT_DECISION_TIMEOUT_S = 3600.0
#: Added to a request's ``timeout_s``: the app answers a rejection at ``timeout_s``, and that
#: answer (recorded in its ledger first) must have time to arrive before the client gives up.
DECISION_TIMEOUT_MARGIN_S = 60.0
#: hello, ping, cancel and any other method: the app answers at once, nobody is asked.
QUICK_CALL_TIMEOUT_S = 30.0
DEFAULT_CONNECT_TIMEOUT_S = 5.0
#: Writing one request into the socket: an app that stops reading must not block the caller.
DEFAULT_SEND_TIMEOUT_S = 60.0
_DECISION_METHODS = ("review", "run")


class PendingRequest:
    """A request sent to the app and not answered yet.

    Obtained from :meth:`DeskClient.request`; :attr:`id` is what :meth:`DeskClient.cancel`
    takes. :meth:`wait` returns the ``result`` or raises :class:`DeskError` /
    :class:`DeskUnavailable`.
    """

    def __init__(
        self,
        request_id: str,
        method: str,
        on_notification: NotificationHandler | None,
        timeout: float | None = None,
    ) -> None:
        self.id = request_id
        self.method = method
        self.on_notification = on_notification
        #: How long :meth:`wait` waits when it is not told (seconds; ``None``: no limit, only when
        #: the caller asked for none).
        self.timeout = timeout
        self._done = threading.Event()
        self._result: Any = None
        self._error: BaseException | None = None

    def done(self) -> bool:
        """True once an answer (or a failure) arrived."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> Any:
        """Block until the answer arrives and return its ``result``.

        ``timeout`` in seconds; ``None``: this request's :attr:`timeout` (the client's limit for
        its method); ``math.inf``: no limit. Raises :class:`DeskTimeout` when the time passes
        first (the request stays pending; :meth:`DeskClient.call` withdraws it for you).
        """
        limit = self.timeout if timeout is None else timeout
        if limit is not None and math.isinf(limit):
            limit = None
        if not self._done.wait(limit):
            raise DeskTimeout(f"no answer to {self.method!r} (id {self.id}) within {limit:g} s")
        if self._error is not None:
            raise self._error
        return self._result

    def _resolve(self, result: Any) -> None:
        if not self._done.is_set():
            self._result = result
            self._done.set()

    def _fail(self, error: BaseException) -> None:
        if not self._done.is_set():
            self._error = error
            self._done.set()


def _jsonable(value: Any) -> Any:
    """``json.dumps`` fallback for values an interrupt may carry that JSON does not know."""
    dump = getattr(value, "model_dump", None)  # pydantic v2
    if callable(dump):
        return dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    # Shown to a person as text rather than failing the whole review.
    return repr(value)


def _non_finite_path(value: Any, path: str, seen: set[int]) -> str | None:
    """Where in ``value`` a NaN or an infinity sits (``params.payload.rows[2]``), if one does."""
    if isinstance(value, float):
        return None if math.isfinite(value) else path
    if isinstance(value, Mapping):
        if id(value) in seen:
            return None
        seen.add(id(value))
        for key, item in value.items():
            found = _non_finite_path(item, f"{path}.{key}", seen)
            if found is not None:
                return found
    elif isinstance(value, (list, tuple)):
        if id(value) in seen:
            return None
        seen.add(id(value))
        for index, item in enumerate(value):
            found = _non_finite_path(item, f"{path}[{index}]", seen)
            if found is not None:
                return found
    return None


def _encode(message: Mapping[str, Any]) -> bytes:
    # allow_nan=False: Python would write NaN and Infinity, which are not JSON; the app refuses
    # such a line, and a value that cannot be shown faithfully must not reach a decision.
    try:
        text = json.dumps(
            message, ensure_ascii=False, separators=(",", ":"), default=_jsonable, allow_nan=False
        )
    except ValueError as exc:
        where = _non_finite_path(message.get("params"), "params", set())
        if where is not None:
            raise DeskInvalidRequest(
                f"{where} is not JSON (NaN or infinity); JSON has no such number, so the request "
                "was not sent"
            ) from exc
        raise DeskInvalidRequest(f"the request is not JSON ({exc}); it was not sent") from exc
    return text.encode("utf-8") + b"\n"


def _peer_uid(sock: socket.socket) -> int | None:
    """The effective uid of the process behind a connected Unix socket, where the OS says."""
    try:
        if hasattr(socket, "SO_PEERCRED"):  # Linux: struct ucred {pid, uid, gid}
            raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
            return int(struct.unpack("3i", raw)[1])
        if sys.platform == "darwin":  # LOCAL_PEERCRED on SOL_LOCAL: struct xucred {version, uid, ...}
            sol_local, local_peercred = 0, 0x001
            raw = sock.getsockopt(sol_local, local_peercred, 76)
            return int(struct.unpack_from("=II", raw)[1])
    except OSError:
        return None
    return None


class _Connection:
    """One connected socket, its reader thread and the requests waiting on it."""

    def __init__(self, sock: socket.socket, on_notification: NotificationHandler | None) -> None:
        self._sock = sock
        self._on_notification = on_notification
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._pending: dict[int | str, PendingRequest] = {}
        self._closed_reason: str | None = None
        # An error the app could not tie to a request (id null), e.g. a line it found too long;
        # named when the connection then drops, so the caller learns why.
        self._last_unrouted_error: str | None = None
        self._reader = threading.Thread(target=self._read_loop, name="kosa8-desk-reader", daemon=True)
        self._reader.start()

    @property
    def alive(self) -> bool:
        with self._lock:
            return self._closed_reason is None

    def register(self, pending: PendingRequest) -> None:
        with self._lock:
            if self._closed_reason is not None:
                raise DeskUnavailable(f"connection to kosa8 Desk is closed: {self._closed_reason}")
            self._pending[pending.id] = pending

    def forget(self, request_id: int | str) -> None:
        with self._lock:
            self._pending.pop(request_id, None)

    def send(self, data: bytes) -> None:
        try:
            with self._send_lock:
                self._sock.sendall(data)  # bounded by the socket's timeout (send_timeout)
        except TimeoutError as exc:
            # Part of the line may be out: the stream is broken, so the connection goes (the app
            # then withdraws this connection's requests).
            limit = self._sock.gettimeout()
            reason = f"could not send the request within {limit:g} s: kosa8 Desk is not reading"
            self._lost(reason)
            try:
                self._sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            raise DeskTimeout(f"connection to kosa8 Desk dropped: {reason}") from exc
        except OSError as exc:
            self._lost(f"sending failed: {exc.strerror or exc}")
            raise DeskUnavailable(f"connection to kosa8 Desk lost while sending: {exc.strerror or exc}") from exc

    def close(self, reason: str = "the client closed the connection") -> None:
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._lost(reason)
        if threading.current_thread() is not self._reader:
            self._reader.join(timeout=10)
        try:
            self._sock.close()
        except OSError:
            pass

    # -- reader thread ---------------------------------------------------------------------

    def _read_loop(self) -> None:
        buffer = bytearray()
        scanned = 0  # bytes of `buffer` known to hold no newline, so big lines are scanned once
        reason = "the app closed the connection"
        while True:
            try:
                chunk = self._sock.recv(_READ_CHUNK)
            except TimeoutError:
                # The socket's timeout bounds sends; a quiet app is normal while a person thinks.
                if self.alive:
                    continue
                break
            except OSError as exc:
                reason = f"reading failed: {exc.strerror or exc}"
                break
            if not chunk:
                break
            buffer += chunk
            while True:
                newline = buffer.find(b"\n", scanned)
                if newline < 0:
                    scanned = len(buffer)
                    break
                line = bytes(buffer[:newline])
                del buffer[: newline + 1]
                scanned = 0
                self._handle_line(line)
            if len(buffer) > _MAX_INCOMING_LINE:
                reason = f"the app sent a line longer than {_MAX_INCOMING_LINE} bytes"
                break
        self._lost(reason)
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _handle_line(self, line: bytes) -> None:
        if not line.strip():
            return
        try:
            message = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            _log.warning("kosa8 Desk sent a line that is not JSON (%s); ignored", exc)
            return
        if not isinstance(message, dict):
            _log.warning("kosa8 Desk sent a JSON value that is not an object; ignored")
            return
        if "method" in message and "id" not in message:
            self._route_notification(message)
        elif "result" in message or "error" in message:
            self._route_answer(message)
        else:
            _log.warning("kosa8 Desk sent a message that is neither an answer nor a notification; ignored")

    def _route_notification(self, message: dict[str, Any]) -> None:
        params = message.get("params")
        if not isinstance(params, dict):
            params = {}
        target: PendingRequest | None = None
        request_id = _normal_id(params.get("id"))
        if request_id is not None:
            with self._lock:
                target = self._pending.get(request_id)
        if target is not None and target.on_notification is not None:
            _call_safely(target.on_notification, params)
        if self._on_notification is not None:
            _call_safely(self._on_notification, message)

    def _route_answer(self, message: dict[str, Any]) -> None:
        request_id = _normal_id(message.get("id"))
        error = message.get("error")
        if request_id is None:
            if isinstance(error, dict):
                self._last_unrouted_error = f"{error.get('code')}: {error.get('message')}"
                _log.warning("kosa8 Desk reported an error for no request: %s", self._last_unrouted_error)
            return
        with self._lock:
            pending = self._pending.pop(request_id, None)
        if pending is None:  # withdrawn by a client timeout, or the answer to that cancel
            return
        if error is not None:
            if not isinstance(error, dict):
                error = {"code": 0, "message": str(error)}
            code = error.get("code")
            pending._fail(
                DeskError(
                    code if isinstance(code, int) else 0,
                    str(error.get("message", "")),
                    error.get("data"),
                )
            )
        else:
            pending._resolve(message.get("result"))

    def _lost(self, reason: str) -> None:
        with self._lock:
            if self._closed_reason is not None:
                return
            if self._last_unrouted_error:
                reason = f"{reason} (after the app reported: {self._last_unrouted_error})"
            self._closed_reason = reason
            waiting = list(self._pending.values())
            self._pending.clear()
        for pending in waiting:
            pending._fail(DeskUnavailable(f"connection to kosa8 Desk lost before it answered: {reason}"))


def _normal_id(value: Any) -> int | str | None:
    """A JSON-RPC id as a dict key (ours are strings; a number echoed as 3.0 is taken as 3)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (int, str)):
        return value
    return None


def _call_safely(handler: Callable[[dict[str, Any]], None], argument: dict[str, Any]) -> None:
    try:
        handler(argument)
    except Exception:  # a caller's callback must not kill the reader thread
        _log.exception("kosa8 Desk notification handler raised; ignored")


class DeskClient:
    """A connection to kosa8 Desk's agent socket.

    Connects lazily on the first call (and again on a later call after the connection was
    lost). Safe to share between threads: each call waits only for its own answer.

    Args:
        socket_path: the socket; default from :func:`kosa8_desk.paths.default_socket_path`.
        timeout: client-side limit in seconds for :meth:`review` and :meth:`run` when a call
            gives none. ``None`` (default): the request's ``timeout_s`` plus
            :data:`DECISION_TIMEOUT_MARGIN_S` (for ``run`` twice ``timeout_s``, which bounds the
            decision and the run each), else :data:`DEFAULT_DECISION_TIMEOUT_S` (one hour);
            ``math.inf``: no limit. On expiry the request is withdrawn and :class:`DeskTimeout`
            is raised.
        connect_timeout: limit for connecting, in seconds.
        send_timeout: limit for writing one request into the socket, in seconds; past it the
            connection is dropped and :class:`DeskTimeout` raised (``None`` or ``math.inf``: no
            limit).
        agent: label sent with every ``review`` and ``run`` that does not name its own.
        on_notification: called (on the reader thread) with every notification message.
    """

    def __init__(
        self,
        socket_path: str | os.PathLike[str] | None = None,
        *,
        timeout: float | None = None,
        connect_timeout: float = DEFAULT_CONNECT_TIMEOUT_S,
        agent: str | None = None,
        on_notification: NotificationHandler | None = None,
        send_timeout: float | None = DEFAULT_SEND_TIMEOUT_S,
    ) -> None:
        self._socket_path = os.fspath(socket_path) if socket_path is not None else default_socket_path()
        self._timeout = timeout
        self._connect_timeout = connect_timeout
        self._send_timeout = send_timeout
        self._agent = agent
        self._on_notification = on_notification
        # Ids unique beyond this connection: the app's ledger records them, and it derives the
        # run's checkpoint label from them ("before-<id>"), which must not repeat in a sandbox
        # across connections, processes or app restarts.
        self._id_prefix = secrets.token_hex(6)
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._connection: _Connection | None = None
        self._closed = False

    @property
    def socket_path(self) -> str:
        """The socket this client talks to."""
        return self._socket_path

    # -- connection ------------------------------------------------------------------------

    def connect(self) -> None:
        """Connect now rather than on the first call. Raises :class:`DeskUnavailable`."""
        self._live_connection()

    def close(self) -> None:
        """Close the connection. Requests still waiting fail with :class:`DeskUnavailable`;
        the app withdraws them (protocol: closing a connection withdraws its requests)."""
        with self._lock:
            self._closed = True
            connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    def __enter__(self) -> DeskClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _live_connection(self) -> _Connection:
        with self._lock:
            if self._closed:
                raise DeskUnavailable("this DeskClient was closed")
            if self._connection is not None and self._connection.alive:
                return self._connection
            if self._connection is not None:
                self._connection.close()
                self._connection = None
            self._connection = _Connection(self._open_socket(), self._on_notification)
            return self._connection

    def _open_socket(self) -> socket.socket:
        path = self._socket_path
        if not hasattr(socket, "AF_UNIX"):
            raise DeskUnavailable("this platform has no Unix domain sockets")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.settimeout(self._connect_timeout)
            sock.connect(path)
            # From now on the timeout bounds each send (the reader thread ignores it on reads).
            unbounded = self._send_timeout is None or math.isinf(self._send_timeout)
            sock.settimeout(None if unbounded else self._send_timeout)
        except FileNotFoundError as exc:
            sock.close()
            raise DeskUnavailable(f"kosa8 Desk is not running: no socket at {path}") from exc
        except ConnectionRefusedError as exc:
            sock.close()
            raise DeskUnavailable(f"kosa8 Desk is not running: nothing listens on {path}") from exc
        except (OSError, ValueError) as exc:  # permissions, path too long, timeout...
            sock.close()
            detail = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            raise DeskUnavailable(f"cannot connect to kosa8 Desk at {path}: {detail}") from exc
        # The answers on this socket are decisions: refuse a listener run by another user.
        peer = _peer_uid(sock)
        if peer is None:
            try:
                peer = os.stat(path).st_uid
            except OSError:
                peer = None
        if peer is not None and peer != os.geteuid():
            sock.close()
            raise DeskUnavailable(
                f"refusing the socket at {path}: it is served by user id {peer}, not by you ({os.geteuid()})"
            )
        return sock

    # -- generic calls ---------------------------------------------------------------------

    def wait_limit(
        self, method: str, params: Mapping[str, Any] | None, client_timeout: float | None = None
    ) -> float | None:
        """How long a call of ``method`` with ``params`` waits for its answer, in seconds.

        ``client_timeout`` when given (``math.inf``: no limit, returned as ``None``); for a
        decision (``review``, ``run``) the client's ``timeout``, else the request's
        ``timeout_s`` plus :data:`DECISION_TIMEOUT_MARGIN_S` (``run``: ``2 * timeout_s`` plus
        the margin, as ``timeout_s`` bounds both the decision and the run), else
        :data:`DEFAULT_DECISION_TIMEOUT_S`; for anything else :data:`QUICK_CALL_TIMEOUT_S`.
        """
        limit = client_timeout
        if limit is None and method in _DECISION_METHODS:
            limit = self._timeout
            if limit is None:
                app_limit = params.get("timeout_s") if isinstance(params, Mapping) else None
                if _is_positive_number(app_limit):
                    stages = 2 if method == "run" else 1
                    limit = stages * float(app_limit) + DECISION_TIMEOUT_MARGIN_S
                else:
                    limit = DEFAULT_DECISION_TIMEOUT_S
        if limit is None:
            limit = QUICK_CALL_TIMEOUT_S
        return None if math.isinf(limit) else limit

    def request(
        self,
        method: str,
        params: Mapping[str, Any] | None = None,
        *,
        on_notification: NotificationHandler | None = None,
        client_timeout: float | None = None,
    ) -> PendingRequest:
        """Send a request and return at once; wait on the returned :class:`PendingRequest`.

        ``on_notification`` receives the notifications whose ``params.id`` is this request's.
        ``client_timeout`` sets how long its :meth:`PendingRequest.wait` waits when not told
        (default: :meth:`wait_limit`). Raises :class:`DeskInvalidRequest`, before anything is
        sent, when ``params`` hold a value that is not JSON (NaN, an infinity).
        """
        pending = PendingRequest(
            self._next_id(), method, on_notification, self.wait_limit(method, params, client_timeout)
        )
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": pending.id, "method": method}
        if params is not None:
            message["params"] = dict(params)
        data = _encode(message)  # first: what is not JSON is refused before anything is sent
        connection = self._live_connection()
        connection.register(pending)
        try:
            connection.send(data)
        except DeskUnavailable:
            connection.forget(pending.id)
            raise
        return pending

    def call(
        self,
        method: str,
        params: Mapping[str, Any] | None = None,
        *,
        client_timeout: float | None = None,
        on_notification: NotificationHandler | None = None,
    ) -> Any:
        """Send a request and wait for its result (at most :meth:`wait_limit` seconds)."""
        pending = self.request(method, params, on_notification=on_notification, client_timeout=client_timeout)
        try:
            return pending.wait()
        except DeskTimeout:
            self._withdraw(pending)
            raise
        except BaseException:
            # KeyboardInterrupt and the like: do not leave a person deciding on something
            # nobody waits for.
            if not pending.done():
                self._withdraw(pending)
            raise

    def _withdraw(self, pending: PendingRequest) -> None:
        connection = self._connection
        if connection is None:
            return
        connection.forget(pending.id)
        # Nobody waits for the answer to this cancel: answers to unknown ids are dropped.
        cancel = {"jsonrpc": "2.0", "id": self._next_id(), "method": "cancel", "params": {"id": pending.id}}
        try:
            connection.send(_encode(cancel))
        except DeskUnavailable:
            pass  # the connection is gone: the app withdraws everything of it anyway

    def _next_id(self) -> str:
        with self._lock:
            return f"{self._id_prefix}-{next(self._ids)}"

    # -- protocol methods ------------------------------------------------------------------

    def hello(
        self,
        client: str | None = "kosa8-desk-python",
        version: str | None = __version__,
        agent: str | None = None,
        *,
        client_timeout: float | None = None,
    ) -> dict[str, Any]:
        """Introduce this connection; ``agent`` labels it in the app's inbox.

        Returns ``{"server": "kosa8-desk", "version": ..., "protocol": 1, "methods": [...]}``.
        """
        params = _without_none({"client": client, "version": version, "agent": agent or self._agent})
        result = self.call("hello", params, client_timeout=client_timeout)
        return result if isinstance(result, dict) else {}

    def ping(self, *, client_timeout: float | None = None) -> dict[str, Any]:
        """Check the app answers. Returns ``{"pong": true}``."""
        result = self.call("ping", None, client_timeout=client_timeout)
        return result if isinstance(result, dict) else {}

    def review(
        self,
        payload: Any,
        *,
        title: str | None = None,
        agent: str | None = None,
        thread_id: str | None = None,
        timeout_s: float | None = None,
        client_timeout: float | None = None,
        response_schema: Any = None,
    ) -> Any:
        """Ask a person to decide on an interrupt payload; return the value to resume with.

        ``response_schema`` is the interrupt's own (``Interrupt.response_schema``, the JSON Schema
        LangGraph publishes): for LangChain's per-call ``tool_approval`` payloads it tells the app
        which decisions the tool allows.

        ``timeout_s`` is the app's limit (1 to 86400 s; on expiry the app answers a rejection
        in the payload's shape); ``client_timeout`` is this client's own limit (default: see
        :meth:`wait_limit`; on expiry the request is withdrawn and :class:`DeskTimeout` raised).
        """
        params = _without_none(
            {
                "payload": payload,
                "title": title,
                "agent": agent or self._agent,
                "thread_id": thread_id,
                "timeout_s": timeout_s,
                "response_schema": response_schema,
            }
        )
        params["payload"] = payload  # a None payload is still a payload
        return self.call("review", params, client_timeout=client_timeout)

    def run(
        self,
        code: str,
        *,
        language: str = "python",
        sandbox: str | None = None,
        image: str | None = None,
        timeout_s: float | None = None,
        agent: str | None = None,
        title: str | None = None,
        checkpoint: bool = True,
        on_output: NotificationHandler | None = None,
        client_timeout: float | None = None,
    ) -> dict[str, Any]:
        """Ask a person to approve ``code``; on approval the app runs it in a kosa8 sandbox.

        Returns the app's result: ``{"decision": "approve"|"edit", "code", "exit_code",
        "stdout", "stderr", "truncated", "duration_ms", "sandbox", "image", "checkpoint"}``,
        or ``{"decision": "reject", "message": ...}``. ``on_output`` receives the
        ``run.output`` notifications (``{"id", "stream", "data"}``) while the code runs.
        Raises :class:`DeskError` (-32010 when kosa8 itself failed) or
        :class:`DeskUnavailable`.
        """
        params = _without_none(
            {
                "code": code,
                "language": language,
                "sandbox": sandbox,
                "image": image,
                "timeout_s": timeout_s,
                "agent": agent or self._agent,
                "title": title,
                "checkpoint": checkpoint,
            }
        )
        result = self.call("run", params, client_timeout=client_timeout, on_notification=on_output)
        if not isinstance(result, dict):
            # Fail closed: an answer we cannot read is not an approval.
            return {"decision": "reject", "message": f"kosa8 Desk answered in an unexpected shape: {result!r}"}
        return result

    def cancel(self, request_id: str | int, *, client_timeout: float | None = None) -> bool:
        """Withdraw a pending request of this connection. True when the app withdrew it."""
        result = self.call("cancel", {"id": request_id}, client_timeout=client_timeout)
        return bool(isinstance(result, dict) and result.get("cancelled"))


def _is_positive_number(value: Any) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value > 0
    )


def _without_none(values: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value is not None}
