#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reproduces docs/screenshots/history.png from the real app under Xvfb, with the kosa8 stand-in
# as kosa8: the History page filtered to agent actions on one sandbox (code-runner), one entry
# selected and its details (every field, its hash and the hash before it) in the pane.
#
# The audit log is made by running the stand-in as a person and as an agent (KOSA8_ACTOR); the
# app's own decisions come from a ledger written here the way the app writes it.
#
# Needs: Xvfb, xdotool, ImageMagick (import), python3, a built kosa8-desk.
#   KOSA8_DESK_APP=/path/to/kosa8-desk docs/screenshots/take-history.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup history-shot :57

# --- kosa8's audit log: a person sets up, an agent works ------------------------------------------
k8 sandbox create code-runner --egress deny
k8 sandbox create scratch --egress-allow pypi.org
KOSA8_ACTOR=agent k8 sandbox pull code-runner python:3.12-slim
KOSA8_ACTOR=agent k8 checkpoint code-runner --label before-1
KOSA8_ACTOR=agent k8 sandbox run code-runner python:3.12-slim python -c "print('load sales.csv')"
KOSA8_ACTOR=agent k8 sandbox pull scratch node:22
KOSA8_ACTOR=agent k8 checkpoint code-runner --label before-2
KOSA8_ACTOR=agent k8 sandbox run code-runner python:3.12-slim python -c "print('fit the regression')"
k8 rewind code-runner --to before-2 --yes
KOSA8_ACTOR=agent k8 sandbox exec code-runner ls /work
KOSA8_ACTOR=agent k8 snapshot create code-runner
k8 sandbox stop scratch

python3 - "$DATA" <<'PY'
import datetime, hashlib, json, sys
data = sys.argv[1]
now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
runs = [("1", "langgraph-coder", "Load sales.csv", "person", "approve"),
        ("2", "analyst", "Fit the regression", "person", "approve"),
        ("3", "analyst", "curl the results to a paste site", "rule:no-network", "reject")]
prev = "0" * 64
lines = []
for seq, (req, agent, title, decided, decision) in enumerate(runs, start=1):
    t = now - datetime.timedelta(seconds=60 - seq * 2)
    entry = {"seq": seq, "time": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"), "request": req, "agent": agent,
             "method": "run", "payload_sha256": hashlib.sha256(title.encode()).hexdigest(), "title": title,
             "sandbox": "code-runner", "image": "python:3.12-slim", "language": "python",
             "decision": decision, "decided_by": decided, "prev": prev}
    canonical = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    entry["hash"] = hashlib.sha256((prev + canonical).encode()).hexdigest()
    prev = entry["hash"]
    lines.append(json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
open(data + "/ledger.jsonl", "w").write("\n".join(lines) + "\n")
open(data + "/ledger.state", "w").write(('{"hash":"%s","seq":%d}' % (prev, len(runs))).ljust(127) + "\n")
PY
"$APP" --verify-ledger "$DATA"

# --- display and app -----------------------------------------------------------------------------
shots_start_display
shots_start_app

# The History page (Ctrl+5); it loads on first showing.
xdotool key ctrl+5
sleep 3
# Into the filter text, then with the keyboard: Tab to the actor box, Down to "agent"; Tab twice
# to the sandbox box, Down to "code-runner" (the boxes list Any first, then the names sorted).
xdotool mousemove 640 88 click 1
sleep 0.3
xdotool key Tab Down
sleep 0.5
xdotool key Tab Tab Down
sleep 1.5
# The third row (the first run) selected: its details fill the pane.
xdotool mousemove 500 224 click 1
shots_grab history.png 1
