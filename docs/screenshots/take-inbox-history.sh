#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reproduces docs/screenshots/inbox-history.png from the real app under Xvfb: the inbox's History
# tab (the history browser over the app's ledger, filtered to decisions, newest first) with a few
# decisions of each kind and one selected, its details in the pane.
#
# Needs: Xvfb, xdotool, ImageMagick (import), python3, a built kosa8-desk.
#   KOSA8_DESK_APP=/path/to/kosa8-desk docs/screenshots/take-inbox-history.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup inbox-history-shot :58

k8 sandbox create code-runner --egress deny

# The app's ledger, written the way the app writes it (as take-history.sh does).
python3 - "$DATA" <<'PY'
import datetime, hashlib, json, sys
data = sys.argv[1]
now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
decisions = [
    ("1", "langgraph-coder", "run", "Load sales.csv", "person", "approve", None),
    ("2", "analyst", "review", "Summarise the quarter for the board", "person", "approve", None),
    ("3", "analyst", "run", "Fit the regression", "person", "approve", None),
    ("4", "analyst", "run", "curl the results to a paste site", "rule:no-network", "reject", None),
    ("5", "research-bot", "review", "Delete the build folder", "person", "reject", "use make clean instead"),
    ("6", "research-bot", "review", "Post the summary to Slack", "timeout", "reject", None),
]
prev = "0" * 64
lines = []
for seq, (req, agent, method, title, decided, decision, reason) in enumerate(decisions, start=1):
    t = now - datetime.timedelta(minutes=30 - seq * 4)
    entry = {"seq": seq, "time": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"), "request": req, "agent": agent,
             "method": method, "payload_sha256": hashlib.sha256(title.encode()).hexdigest(), "title": title,
             "decision": decision, "decided_by": decided, "prev": prev}
    if method == "run":
        entry.update({"sandbox": "code-runner", "image": "python:3.12-slim", "language": "python"})
        if decision == "approve":
            entry["checkpoint"] = "before-%s" % req
    if reason:
        entry["reason"] = reason
    canonical = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    entry["hash"] = hashlib.sha256((prev + canonical).encode()).hexdigest()
    prev = entry["hash"]
    lines.append(json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
open(data + "/ledger.jsonl", "w").write("\n".join(lines) + "\n")
open(data + "/ledger.state", "w").write(('{"hash":"%s","seq":%d}' % (prev, len(decisions))).ljust(127) + "\n")
PY
"$APP" --verify-ledger "$DATA"

shots_start_display
shots_start_app

# The inbox (Ctrl+1), its History tab (Alt+T), the list widened to show the tab's columns.
xdotool key ctrl+1
sleep 1
xdotool key alt+t
sleep 1.5
xdotool mousemove 543 425 mousedown 1 mousemove 800 425 mousemove 1060 425 mouseup 1
sleep 1
# The rejection with a reason (the second row) selected: its ledger line fills the details.
xdotool mousemove 400 226 click 1
shots_grab inbox-history.png 1
