# SPDX-License-Identifier: Apache-2.0
"""Fixtures shared by the unit tests: an in-test desk server and a client connected to it."""

from __future__ import annotations

import os
import socket
import sys
import tempfile
from collections.abc import Iterator

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from fake_desk import FakeDesk  # noqa: E402

from kosa8_desk import DeskClient  # noqa: E402


@pytest.fixture
def desk() -> Iterator[FakeDesk]:
    with FakeDesk() as server:
        yield server


@pytest.fixture
def client(desk: FakeDesk) -> Iterator[DeskClient]:
    with DeskClient(desk.path) as connected:
        yield connected


@pytest.fixture
def desk_env(desk: FakeDesk, monkeypatch: pytest.MonkeyPatch) -> FakeDesk:
    """The fake desk, found through KOSA8_DESK_SOCKET as a default DeskClient() finds the app."""
    monkeypatch.setenv("KOSA8_DESK_SOCKET", desk.path)
    return desk


@pytest.fixture
def dead_socket_path() -> Iterator[str]:
    """A socket file with no listener behind it (a stale socket of a crashed app)."""
    folder = tempfile.mkdtemp(prefix="k8dead-")
    path = os.path.join(folder, "agent.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(path)
    sock.close()
    yield path
    os.unlink(path)
    os.rmdir(folder)


@pytest.fixture
def no_desk(monkeypatch: pytest.MonkeyPatch, dead_socket_path: str) -> str:
    """Default clients find no app: KOSA8_DESK_SOCKET names a socket nobody listens on."""
    monkeypatch.setenv("KOSA8_DESK_SOCKET", dead_socket_path)
    return dead_socket_path
