#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# inbox-rule-notice.png: the inbox after decisions the person did not make. A standing rule
# approved a run on arrival ("Approved by rule revenue-by-region: run in code-runner") and a review
# timed out; two requests still wait. From the real app under Xvfb at 1280x800, with the kosa8
# stand-in (tests/standin/kosa8) as kosa8 and the Python client sending the requests.
#
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk, a Python with the kosa8_desk
# package (pip install clients/python).
#   KOSA8_DESK_APP=/path/to/kosa8-desk PYTHON=/path/to/python docs/screenshots/take-inbox-notice.sh
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
APP=${KOSA8_DESK_APP:-$REPO/build/src/app/kosa8-desk}
PYTHON=${PYTHON:-$REPO/build/venv/bin/python} # made by ./dev.sh test
KOSA8="$REPO/tests/standin/kosa8"
DISPLAY_NUMBER=${SCREENSHOT_DISPLAY:-:56}
OUT=${SCREENSHOT_OUT:-$HERE}

WORK=$(mktemp -d /tmp/k8-notice.XXXXXX)
S=$WORK/state
D=$WORK/data
mkdir -p "$S" "$D"
chmod 700 "$D" # the app refuses a socket folder other users can enter
export KOSA8_STANDIN_STATE=$S

PIDS=()
cleanup() {
    local status=$?
    [ "$status" -eq 0 ] || tail -n 20 "$WORK/app.log" >&2 2>/dev/null || true
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[i]}" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

k8() { "$KOSA8" "$@" >/dev/null; }
wait_for() { for _ in $(seq 100); do if "$@" >/dev/null 2>&1; then return 0; fi; sleep 0.1; done; echo "timed out: $*" >&2; return 1; }

k8 sandbox create code-runner --egress deny
k8 sandbox pull code-runner python:3.12-slim

# The standing rule: approve exactly this run (code, sandbox, image, checkpoint).
cat >"$D/rules.json" <<JSON
{"rules": [{"name": "revenue-by-region", "decision": "approve",
            "action_sha256": "$("$PYTHON" "$HERE/send_notice_requests.py" --action-sha256)"}]}
JSON

Xvfb "$DISPLAY_NUMBER" -screen 0 1280x800x24 -nolisten tcp -noreset >"$WORK/xvfb.log" 2>&1 &
PIDS+=($!)
export DISPLAY=$DISPLAY_NUMBER
wait_for xdpyinfo

"$APP" --kosa8 "$KOSA8" --data-dir "$D" --socket "$D/agent.sock" >"$WORK/app.log" 2>&1 &
PIDS+=($!)
wait_for xdotool search --name "kosa8 Desk"
WIN=$(xdotool search --name "kosa8 Desk" | head -1)
xdotool windowsize --sync "$WIN" 1280 800 windowmove --sync "$WIN" 0 0
xdotool windowfocus --sync "$WIN"
wait_for test -S "$D/agent.sock"

xdotool key ctrl+1
"$PYTHON" "$HERE/send_notice_requests.py" "$D/agent.sock" >"$WORK/send.log" 2>&1 &
PIDS+=($!)
sleep 6 # the run by rule (checkpoint, run) and the 2 s timeout
import -window root "$OUT/inbox-rule-notice.png"
echo "wrote $OUT/inbox-rule-notice.png"
