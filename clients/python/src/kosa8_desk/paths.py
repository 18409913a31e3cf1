# SPDX-License-Identifier: Apache-2.0
"""Where the app's agent socket lives (docs/protocol.md, "Transport")."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

__all__ = ["SOCKET_ENV", "default_socket_path"]

SOCKET_ENV = "KOSA8_DESK_SOCKET"
_SOCKET_FOLDER = "kosa8-desk"
_SOCKET_NAME = "agent.sock"


def default_socket_path(
    env: Mapping[str, str] | None = None,
    platform: str | None = None,
    uid: int | None = None,
) -> str:
    """Return the socket path a client uses when none is given, first that applies:

    1. ``$KOSA8_DESK_SOCKET``;
    2. on macOS ``$TMPDIR/kosa8-desk/agent.sock`` (``/tmp`` when ``TMPDIR`` is unset);
    3. on Linux ``$XDG_RUNTIME_DIR/kosa8-desk/agent.sock``;
    4. ``/tmp/kosa8-desk-UID/agent.sock`` (effective uid) when ``XDG_RUNTIME_DIR`` is unset.

    Empty variables count as unset. The arguments exist so tests can ask about another
    environment, platform or user; they default to this process's.
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    explicit = env.get(SOCKET_ENV, "")
    if explicit:
        return explicit
    if platform == "darwin":
        tmpdir = env.get("TMPDIR", "") or "/tmp"
        return os.path.join(tmpdir, _SOCKET_FOLDER, _SOCKET_NAME)
    runtime_dir = env.get("XDG_RUNTIME_DIR", "")
    if runtime_dir:
        return os.path.join(runtime_dir, _SOCKET_FOLDER, _SOCKET_NAME)
    if uid is None:
        uid = os.geteuid()
    return os.path.join("/tmp", f"{_SOCKET_FOLDER}-{uid}", _SOCKET_NAME)
