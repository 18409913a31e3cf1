# SPDX-License-Identifier: Apache-2.0
"""Exceptions raised by the kosa8 Desk client."""

from __future__ import annotations

from typing import Any

__all__ = [
    "DeskClientError",
    "DeskUnavailable",
    "DeskTimeout",
    "DeskInvalidRequest",
    "DeskError",
    "PARSE_ERROR",
    "INVALID_REQUEST",
    "METHOD_NOT_FOUND",
    "INVALID_PARAMS",
    "BUSY",
    "KOSA8_FAILED",
    "NO_SANDBOX",
]

# Error codes of protocol version 1 (docs/protocol.md, "Errors").
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
BUSY = -32000
KOSA8_FAILED = -32010
NO_SANDBOX = -32011


class DeskClientError(Exception):
    """Base class of every error this package raises about talking to kosa8 Desk."""


class DeskUnavailable(DeskClientError):
    """The app could not be reached, or the connection was lost before the answer came.

    Callers on the approval path must treat this as a rejection, never as an approval.
    """


class DeskTimeout(DeskUnavailable, TimeoutError):
    """No answer arrived within the client-side time limit of the call.

    The client withdraws the request (``cancel``) on a best-effort basis before raising.
    """


class DeskInvalidRequest(DeskClientError, ValueError):
    """The request holds a value JSON cannot carry (NaN, an infinity); nothing was sent.

    The app would refuse such a line, and a value the person cannot see faithfully must not
    reach a decision. On the approval path this is a rejection like any other failure.
    """


class DeskError(DeskClientError):
    """The app answered a request with a JSON-RPC error.

    Attributes:
        code: the JSON-RPC error code (see the ``*_ERROR``/``BUSY``/... constants).
        message: the app's message, meant for a person.
        data: the optional ``data`` member (for -32010: ``{command, exit_code, stderr, outcome,
            checkpoint, step}``, ``step`` naming what failed or ran out of time: ``queue``,
            ``checkpoint`` or ``run``).
    """

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(f"kosa8 Desk error {code}: {message}")
        self.code = code
        self.message = message
        self.data = data

    def __repr__(self) -> str:
        return f"DeskError(code={self.code!r}, message={self.message!r}, data={self.data!r})"
