#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reproduces docs/screenshots/timeline.png from the real app under Xvfb, with the kosa8 stand-in
# as kosa8: the timeline of code-runner with its base checkpoint "clean", checkpoints taken before
# agent runs, a snapshot, a fork into two sandboxes and the "you are here" marker after a rewind.
#
# The runs come from a ledger written here the way the app writes it (hash-chained; checked with
# --verify-ledger before the app starts) and their exit codes from run-results.jsonl beside it,
# so the screenshot does not need an agent and a person approving eight runs.
#
# Needs: Xvfb, xdotool, ImageMagick (import), python3, a built kosa8-desk.
#   KOSA8_DESK_APP=/path/to/kosa8-desk docs/screenshots/take-timeline.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup timeline-shot :56

# --- kosa8 state: checkpoints before each run, a snapshot, a fork, and a rewind ------------------
LABELS=(clean before-1 before-2 before-3 before-4 before-5 before-6 before-7)
k8 sandbox create code-runner --egress deny
k8 sandbox pull code-runner python:3.12-slim
for label in "${LABELS[@]:0:5}"; do k8 checkpoint code-runner --label "$label"; done
k8 snapshot create code-runner
for label in "${LABELS[@]:5}"; do k8 checkpoint code-runner --label "$label"; done
k8 fork code-runner -n 2
k8 rewind code-runner --to before-5 --yes

python3 - "$STATE/state.json" "$DATA" <<'PY'
import datetime, hashlib, json, sys
state_path, data = sys.argv[1], sys.argv[2]
state = json.load(open(state_path))
now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
fmt = lambda t: t.strftime("%Y-%m-%dT%H:%M:%SZ")
# The stand-in stamps everything "now": spread the checkpoints over the last six hours.
minutes = [360, 300, 262, 230, 170, 118, 75, 31]
cps = state["checkpoints"]["code-runner"]
times = {}
for c, m in zip(cps, minutes):
    t = now - datetime.timedelta(minutes=m)
    c["created"] = fmt(t)
    times[c["label"]] = t
for p in state["snapshots"]["code-runner"]:
    p["created"] = fmt(times["before-4"] + datetime.timedelta(minutes=24))
json.dump(state, open(state_path, "w"), indent=1)

# The ledger: one approved run after each before-N checkpoint (decided a second before it).
runs = [
    ("1", "langgraph-coder", "Install pandas and load sales.csv", "person", 0),
    ("2", "langgraph-coder", "Clean the sales data", "rule:tests-only", 0),
    ("3", "analyst", "Fit the regression", "person", 1),
    ("4", "analyst", "Retry with scaled features", "person", 0),
    ("5", "langgraph-coder", "Write the report", "rule:tests-only", 0),
    ("6", "langgraph-coder", "rm -rf build && rebuild", "person", 137),
    ("7", "analyst", "Plot the residuals", "person", 0),
]
prev = "0" * 64
lines, results = [], []
for seq, (req, agent, title, decided, code) in enumerate(runs, start=1):
    label = "before-" + req
    t = times[label] - datetime.timedelta(seconds=1)
    entry = {"seq": seq, "time": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"), "request": req, "agent": agent,
             "method": "run", "payload_sha256": hashlib.sha256(title.encode()).hexdigest(),
             "code_sha256": hashlib.sha256(("print(%r)" % title).encode()).hexdigest(), "title": title,
             "sandbox": "code-runner", "image": "python:3.12-slim", "language": "python", "checkpoint": label,
             "decision": "approve", "decided_by": decided, "prev": prev}
    canonical = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    entry["hash"] = hashlib.sha256((prev + canonical).encode()).hexdigest()
    prev = entry["hash"]
    lines.append(json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    results.append(json.dumps({"time": fmt(t + datetime.timedelta(seconds=20)), "sandbox": "code-runner", "request": req,
                               "agent": agent, "checkpoint": label, "ran": True, "exit_code": code}))
open(data + "/ledger.jsonl", "w").write("\n".join(lines) + "\n")
record = '{"hash":"%s","seq":%d}' % (prev, len(runs))
open(data + "/ledger.state", "w").write(record.ljust(127) + "\n")
open(data + "/run-results.jsonl", "w").write("\n".join(results) + "\n")
json.dump({"sandboxes": {"code-runner": {"base": "clean", "reset_after_run": False}},
           "forks": [{"time": fmt(times["before-7"] + datetime.timedelta(minutes=12)), "sandbox": "code-runner",
                      "from": "before-7", "forked": ["code-runner-fork1", "code-runner-fork2"]}]},
          open(data + "/timeline.json", "w"), indent=1)
PY
"$APP" --verify-ledger "$DATA"

# --- display and app -----------------------------------------------------------------------------
shots_start_display
shots_start_app

# Sandboxes page, the first row (code-runner), then its timeline (Ctrl+Shift+T).
xdotool key ctrl+2
sleep 2
xdotool mousemove 330 151 click 1
sleep 0.5
xdotool key ctrl+shift+t
sleep 3
# Select the failed run (exit 137) with the keyboard, so its text shows along the bottom.
for _ in 1 2 3; do xdotool key Right; sleep 0.2; done
shots_grab timeline.png
