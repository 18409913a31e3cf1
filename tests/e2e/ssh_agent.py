#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The agent on the "remote" side of tst_e2e_ssh_forward.

sshd runs it as the login user, with KOSA8_DESK_SOCKET naming the socket that `ssh -R` forwards to
the app's socket, and it talks to the app with the project's client (clients/python). It prints
one JSON line per step on standard output, which ssh carries back to the test. One step:

  look                  the forwarded socket as this side sees it (file type, mode and owner; the
                        process serving it, from SO_PEERCRED, and its name; this process's uid),
                        then hello and ping through it
  review CODE           a review of CODE: {"result": ...} or {"error": NAME, "message": ...} when
                        the client raised (DeskUnavailable when the app cannot be reached)
  pending CODE T        a review of CODE with timeout_s T; after a ping has come back (so the app
                        has read the review) prints whether the review was answered yet, then
                        waits for its answer
  withdrawn CODE FILE   a review of CODE with no timeout_s; prints the same "pending" line, waits,
                        and writes what ended the wait to FILE (the test ends the tunnel, so
                        standard output is gone by then)
"""

import json
import os
import socket
import stat
import struct
import sys

from kosa8_desk import DeskClient, DeskUnavailable

AGENT = "remote-bot"
# Bounds every wait of this script, so that it cannot outlive the test by much when the tunnel
# misbehaves; the test's own bounds are shorter.
CLIENT_LIMIT_S = 120.0


def emit(**fields):
    print(json.dumps(fields), flush=True)


def payload(code):
    return {"question": "Run this?", "code": code}


def look():
    path = os.environ["KOSA8_DESK_SOCKET"]
    info = os.stat(path)
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.connect(path)
    # For a connected client, SO_PEERCRED names the process that called listen() on the other end.
    pid, uid, _gid = struct.unpack("3i", probe.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
    probe.close()
    with open(f"/proc/{pid}/comm", encoding="utf-8") as comm:
        name = comm.read().strip()
    with DeskClient(agent=AGENT) as client:
        hello = client.hello()
        pong = client.ping()
    emit(
        step="look",
        is_socket=stat.S_ISSOCK(info.st_mode),
        mode=stat.S_IMODE(info.st_mode),
        owner=info.st_uid,
        uid=os.geteuid(),
        listener_pid=pid,
        listener_uid=uid,
        listener_name=name,
        server=hello.get("server"),
        pong=pong.get("pong"),
    )


def review(code):
    try:
        with DeskClient(agent=AGENT) as client:
            emit(step="review", result=client.review(payload(code), client_timeout=CLIENT_LIMIT_S))
    except DeskUnavailable as exc:
        emit(step="review", error=type(exc).__name__, message=str(exc))


def pending(code, timeout_s):
    with DeskClient(agent=AGENT) as client:
        request = client.request(
            "review",
            {"payload": payload(code), "agent": AGENT, "timeout_s": timeout_s},
            client_timeout=CLIENT_LIMIT_S,
        )
        client.ping()  # answered in order: the app has the review once this returns
        emit(step="pending", answered=request.done())
        emit(step="answer", result=request.wait())


def withdrawn(code, outcome_path):
    with DeskClient(agent=AGENT) as client:
        request = client.request(
            "review", {"payload": payload(code), "agent": AGENT}, client_timeout=CLIENT_LIMIT_S
        )
        client.ping()
        emit(step="pending", answered=request.done())
        try:
            outcome = {"result": request.wait()}
        except DeskUnavailable as exc:
            outcome = {"error": type(exc).__name__, "message": str(exc)}
    # Whole or not at all: the test reads the file as soon as it appears.
    with open(outcome_path + ".part", "w", encoding="utf-8") as out:
        json.dump(outcome, out)
    os.rename(outcome_path + ".part", outcome_path)


def main(argv):
    step = argv[1]
    if step == "look":
        look()
    elif step == "review":
        review(argv[2])
    elif step == "pending":
        pending(argv[2], float(argv[3]))
    elif step == "withdrawn":
        withdrawn(argv[2], argv[3])
    else:
        raise SystemExit(f"ssh_agent.py: unknown step {step!r}")


if __name__ == "__main__":
    main(sys.argv)
