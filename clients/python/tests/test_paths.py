# SPDX-License-Identifier: Apache-2.0
"""Socket path resolution, as protocol.md "Transport" orders it."""

from __future__ import annotations

from kosa8_desk import default_socket_path


def test_environment_variable_wins() -> None:
    env = {"KOSA8_DESK_SOCKET": "/x/y.sock", "XDG_RUNTIME_DIR": "/run/user/7", "TMPDIR": "/t"}
    assert default_socket_path(env, "linux", 7) == "/x/y.sock"
    assert default_socket_path(env, "darwin", 7) == "/x/y.sock"


def test_linux_runtime_dir() -> None:
    assert default_socket_path({"XDG_RUNTIME_DIR": "/run/user/1000"}, "linux", 1000) == "/run/user/1000/kosa8-desk/agent.sock"


def test_linux_without_runtime_dir_uses_tmp_with_uid() -> None:
    assert default_socket_path({}, "linux", 1000) == "/tmp/kosa8-desk-1000/agent.sock"
    assert default_socket_path({"XDG_RUNTIME_DIR": "", "KOSA8_DESK_SOCKET": ""}, "linux", 42) == "/tmp/kosa8-desk-42/agent.sock"


def test_macos_tmpdir() -> None:
    assert default_socket_path({"TMPDIR": "/var/folders/ab/T/"}, "darwin", 501) == "/var/folders/ab/T/kosa8-desk/agent.sock"
    assert default_socket_path({"XDG_RUNTIME_DIR": "/ignored"}, "darwin", 501) == "/tmp/kosa8-desk/agent.sock"


def test_this_process(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("KOSA8_DESK_SOCKET", "/tmp/k8-env.sock")
    assert default_socket_path() == "/tmp/k8-env.sock"
