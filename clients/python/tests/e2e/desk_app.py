# SPDX-License-Identifier: Apache-2.0
"""The real kosa8-desk binary, started offscreen against the kosa8 stand-in, and rule helpers.

Needs KOSA8_DESK_BINARY (the built app) and KOSA8_STANDIN (tests/standin/kosa8); the tests are
skipped with a message when either is missing. No person clicks here: decisions come from
standing rules given with --rules, and from the app's own timeouts.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from kosa8_desk import DeskClient, DeskUnavailable

STARTUP_LIMIT_S = 60.0
POLL_S = 0.1


def sha256(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


DEFAULT_SANDBOX = "analysis"  # written to the app's settings (kosa8-desk.ini, [agent] defaultSandbox)
DEFAULT_PYTHON_IMAGE = "python:3.12-slim"


def canonical_json(value: Any) -> bytes:
    """RFC 8785 bytes for objects of strings, booleans and nested objects (no numbers)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def run_action_sha256(code: str, sandbox: str, *, language: str = "python", image: str = DEFAULT_PYTHON_IMAGE,
                      checkpoint: bool = True) -> str:
    """``action_sha256`` of a ``run``: binds the language, code, sandbox, image and checkpoint."""
    action = {"method": "run", "language": language, "code": code, "sandbox": sandbox, "image": image,
              "checkpoint": checkpoint}
    return hashlib.sha256(canonical_json(action)).hexdigest()


def approve_code(name: str, code: str) -> dict[str, str]:
    """Bare code: approves a review action whose args are only this code, or a python ``run`` of it in
    the app's default sandbox (DEFAULT_SANDBOX) with the default image and a checkpoint."""
    return {"name": name, "decision": "approve", "code_sha256": sha256(code)}


def approve_run(name: str, code: str, sandbox: str, **kwargs: Any) -> dict[str, str]:
    """Approves exactly one ``run`` (by ``action_sha256``)."""
    return {"name": name, "decision": "approve", "action_sha256": run_action_sha256(code, sandbox, **kwargs)}


def reject_code(name: str, code: str) -> dict[str, str]:
    return {"name": name, "decision": "reject", "code_sha256": sha256(code)}


def reject_agent(name: str, agent: str) -> dict[str, str]:
    return {"name": name, "decision": "reject", "agent": agent}


class RunningApp:
    """One kosa8-desk process with its own data dir, stand-in state and socket."""

    def __init__(self, binary: str, standin: str, rules: list[dict[str, Any]], sandboxes: list[str],
                 default_sandbox: str = DEFAULT_SANDBOX, extra_args: list[str] | None = None,
                 data_dir: Path | None = None) -> None:
        # AF_UNIX paths are short: a short folder straight under /tmp.
        self.root = Path(tempfile.mkdtemp(prefix="k8e2e-"))
        # data_dir: another app's folder, to start again where it stopped (its ledger, its settings).
        self.data_dir = data_dir or self.root / "data"
        self.state_dir = self.root / "state"
        self.socket = str(self.root / "agent.sock")
        self.rules_file = self.root / "rules.json"
        if data_dir is None:
            self.data_dir.mkdir()
            # The app's default sandbox: bare-code (code_sha256) rules approve runs only there.
            (self.data_dir / "kosa8-desk.ini").write_text(f"[agent]\ndefaultSandbox={default_sandbox}\n")
        self.rules_file.write_text(json.dumps({"rules": rules}, indent=1))
        self.standin = standin
        self.env = dict(os.environ, KOSA8_STANDIN_STATE=str(self.state_dir), QT_QPA_PLATFORM="offscreen")
        self.env.pop("KOSA8_DESK_SOCKET", None)
        for sandbox in sandboxes:
            self.kosa8("sandbox", "create", sandbox)
        self.log = open(self.root / "app-output.txt", "wb")
        # Its own process group, so that killing it also ends a kosa8 stand-in it started.
        self.process = subprocess.Popen(
            [binary, "-platform", "offscreen", "--kosa8", standin, "--data-dir", str(self.data_dir),
             "--socket", self.socket, "--rules", str(self.rules_file), "--verbose", *(extra_args or [])],
            env=self.env, stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        self._wait_until_listening()

    def kosa8(self, *args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([self.standin, *args], env=self.env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"stand-in {args} failed: {done.stderr}"
        return done

    def _wait_until_listening(self) -> None:
        attempts = int(STARTUP_LIMIT_S / POLL_S)
        last = ""
        for _ in range(attempts):
            try:
                with DeskClient(self.socket, connect_timeout=2) as probe:
                    probe.ping(client_timeout=10)
                    return
            except DeskUnavailable as exc:
                last = str(exc)
            try:
                # Waiting on the process doubles as the pause between attempts and notices a crash.
                code = self.process.wait(timeout=POLL_S)
            except subprocess.TimeoutExpired:
                continue
            raise AssertionError(f"kosa8-desk exited with {code} before listening:\n{self.output()}")
        raise AssertionError(f"kosa8-desk did not answer on {self.socket} within {STARTUP_LIMIT_S} s ({last}):\n{self.output()}")

    def client(self, **kwargs: Any) -> DeskClient:
        return DeskClient(self.socket, **kwargs)

    def output(self) -> str:
        self.log.flush()
        return (self.root / "app-output.txt").read_text(errors="replace")[-6000:]

    def ledger(self) -> list[dict[str, Any]]:
        path = self.data_dir / "ledger.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

    def runs(self) -> list[dict[str, Any]]:
        """What the stand-in was asked to run (``sandbox run``), in order."""
        path = self.state_dir / "runs.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

    def kill(self) -> None:
        """SIGKILL the app and everything in its process group, as a crash would."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # a stand-in it left behind
        except ProcessLookupError:
            pass
        self.log.close()
