#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Records the responses tst_langgraph* serve to the client (README.md here). Run it against a
# fresh `langgraph dev` of ../graph (no thread on it yet): record.py http://127.0.0.1:PORT
# Writes NAME.json (the body) and, where the test needs them, NAME.headers (the response's
# headers, one "name: value" a line), and prints what it measured on the way.
import json
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

BASE = sys.argv[1].rstrip("/")
HERE = Path(__file__).resolve().parent
LISTING = ["thread_id", "updated_at", "status", "metadata"]
WITH_INTERRUPTS = LISTING + ["interrupts"]


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def save(name, status, headers, body, keep_headers=()):
    (HERE / f"{name}.json").write_bytes(body)
    kept = {k.lower(): v for k, v in headers.items() if k.lower() in keep_headers}
    if kept:
        (HERE / f"{name}.headers").write_text("".join(f"{k}: {v}\n" for k, v in sorted(kept.items())))
    print(f"{name}: HTTP {status}, {len(body)} bytes")


def ok(method, path, body=None):
    status, _, raw = call(method, path, body)
    assert status == 200, (path, status, raw)
    return json.loads(raw)


def interrupted_thread(graph, payload):
    thread = ok("POST", "/threads", {})
    ok("POST", f"/threads/{thread['thread_id']}/runs/wait", {"assistant_id": graph, "input": payload})
    return thread["thread_id"]


save("info", *call("GET", "/info"))

# Oldest first, so "newest first" puts them in the reverse order.
gate = interrupted_thread("gate", {"code": "print(1)"})
spare = interrupted_thread("gate", {"code": "print(3)"})
parallel = interrupted_thread("parallel", {})
hitl = interrupted_thread("hitl", {})
other = interrupted_thread("gate", {"code": "print(2)"})

listing = {"status": "interrupted", "select": LISTING, "sort_by": "updated_at", "sort_order": "desc"}
save("search_page1", *call("POST", "/threads/search", {**listing, "limit": 2, "offset": 0}), ("x-pagination-total", "x-pagination-next"))
save("search_page2", *call("POST", "/threads/search", {**listing, "limit": 2, "offset": 2}), ("x-pagination-total", "x-pagination-next"))
save("search_page3", *call("POST", "/threads/search", {**listing, "limit": 2, "offset": 4}), ("x-pagination-total", "x-pagination-next"))
save("search_all", *call("POST", "/threads/search", {**listing, "limit": 100, "offset": 0}), ("x-pagination-total", "x-pagination-next"))
ids = [gate, spare, parallel, hitl, other]
save("interrupts_all", *call("POST", "/threads/search", {"ids": ids, "select": WITH_INTERRUPTS, "limit": 100}))
save("thread_gate", *call("GET", f"/threads/{gate}"))
save("thread_parallel", *call("GET", f"/threads/{parallel}"))
save("thread_hitl", *call("GET", f"/threads/{hitl}"))
save("thread_missing", *call("GET", "/threads/00000000-0000-4000-8000-000000000000"))
save("search_bad_status", *call("POST", "/threads/search", {"status": "bogus"}))

# Resume the gate's interrupt by its id, the way the client does.
thread = ok("GET", f"/threads/{gate}")
[(task, [pending])] = thread["interrupts"].items()
resume = {"assistant_id": thread["metadata"]["assistant_id"], "command": {"resume": {pending["id"]: {"approved": True}}},
          "multitask_strategy": "reject"}
status, headers, raw = call("POST", f"/threads/{gate}/runs", resume)
save("resume_run", status, headers, raw)
run = json.loads(raw)
ok("GET", f"/threads/{gate}/runs/{run['run_id']}/join")
save("thread_gate_resumed", *call("GET", f"/threads/{gate}"))
save("search_after_resume", *call("POST", "/threads/search", {**listing, "limit": 100, "offset": 0}), ("x-pagination-total", "x-pagination-next"))

# One of two parallel interrupts resumed: the other stays pending, the thread stays interrupted.
thread = ok("GET", f"/threads/{parallel}")
first = next(iter(thread["interrupts"].values()))[0]
run = ok("POST", f"/threads/{parallel}/runs", {"assistant_id": thread["metadata"]["assistant_id"],
          "command": {"resume": {first["id"]: "yes"}}, "multitask_strategy": "reject"})
ok("GET", f"/threads/{parallel}/runs/{run['run_id']}/join")
save("thread_parallel_one_resumed", *call("GET", f"/threads/{parallel}"))

# A resume with an id the thread does not hold: is it refused?
thread = ok("GET", f"/threads/{spare}")
status, _, raw = call("POST", f"/threads/{spare}/runs", {"assistant_id": thread["metadata"]["assistant_id"],
          "command": {"resume": {"0123456789abcdef0123456789abcdef": "not this one"}}, "multitask_strategy": "reject"})
print("resume with an unknown interrupt id:", status, raw[:200])
if status == 200:
    ok("GET", f"/threads/{spare}/runs/{json.loads(raw)['run_id']}/join")
    print("  the thread after it:", call("GET", f"/threads/{spare}")[2][:400])

# A second run on a busy thread with multitask "reject".
slow = ok("POST", "/threads", {})["thread_id"]
ok("POST", f"/threads/{slow}/runs", {"assistant_id": "slow", "input": {}})
time.sleep(0.3)
save("resume_busy", *call("POST", f"/threads/{slow}/runs", {"assistant_id": "slow", "input": {}, "multitask_strategy": "reject"}))
# The resume of a thread with no such assistant.
save("resume_bad_assistant", *call("POST", f"/threads/{other}/runs", {"assistant_id": "no-such-graph", "command": {"resume": {"x": 1}}, "multitask_strategy": "reject"}))
