# SPDX-License-Identifier: Apache-2.0
"""Agent-side client for kosa8 Desk.

An agent (a LangChain or LangGraph program, any script) asks kosa8 Desk for a person's decision
on an interrupt (:meth:`DeskClient.review`) or asks it to run code in a kosa8 sandbox once a
person approves it (:meth:`DeskClient.run`). The core is standard library only; the LangChain
tool lives in :mod:`kosa8_desk.langchain` and the LangGraph helper in :mod:`kosa8_desk.langgraph`
(extras ``langchain`` and ``langgraph``).

Everything on the approval path fails closed: when the app cannot be reached, the helpers
answer a rejection in the payload's own shape (:func:`rejection_for`), never an approval.
"""

from ._version import __version__
from .client import PROTOCOL_VERSION, DeskClient, NotificationHandler, PendingRequest
from .errors import DeskClientError, DeskError, DeskInvalidRequest, DeskTimeout, DeskUnavailable
from .paths import SOCKET_ENV, default_socket_path
from .rejection import PayloadShape, payload_shape, rejection_for, resume_value_for, run_rejection

__all__ = [
    "__version__",
    "PROTOCOL_VERSION",
    "DeskClient",
    "PendingRequest",
    "NotificationHandler",
    "DeskClientError",
    "DeskError",
    "DeskInvalidRequest",
    "DeskTimeout",
    "DeskUnavailable",
    "SOCKET_ENV",
    "default_socket_path",
    "PayloadShape",
    "payload_shape",
    "rejection_for",
    "resume_value_for",
    "run_rejection",
]
