#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A `run` request with its "where it runs" block: the sandbox code-runner and the three hosts its
# policy allows, the image pulled there, the checkpoint label taken before the run and the
# countdown: review-run-place.png at 1280x800. The real app under Xvfb with the kosa8 stand-in;
# the request comes from send_run_place.py.
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk, a Python with the kosa8_desk
# package (./dev.sh test makes build/venv).
#   KOSA8_DESK_APP=/path/to/kosa8-desk PYTHON=/path/to/python docs/screenshots/take-review-run.sh
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
APP=${KOSA8_DESK_APP:-$REPO/build/src/app/kosa8-desk}
PYTHON=${PYTHON:-$REPO/build/venv/bin/python}
KOSA8="$REPO/tests/standin/kosa8"
DISPLAY_NUMBER=${SCREENSHOT_DISPLAY:-:58}
OUT=${SCREENSHOT_OUT:-$HERE}

WORK=$(mktemp -d /tmp/k8-run-place.XXXXXX)
mkdir -p "$WORK/state" "$WORK/data"
chmod 700 "$WORK/data" # the app refuses a socket folder other users can enter
export KOSA8_STANDIN_STATE=$WORK/state

PIDS=()
cleanup() {
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[i]}" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
wait_for() { for _ in $(seq 100); do if "$@" >/dev/null 2>&1; then return 0; fi; sleep 0.1; done; echo "timed out: $*" >&2; return 1; }

"$KOSA8" sandbox create code-runner --egress-allow pypi.org --egress-allow files.pythonhosted.org \
    --egress-allow github.com >/dev/null
"$KOSA8" sandbox pull code-runner python:3.12-slim >/dev/null

Xvfb "$DISPLAY_NUMBER" -screen 0 1280x800x24 -nolisten tcp -noreset >"$WORK/xvfb.log" 2>&1 &
PIDS+=($!)
export DISPLAY=$DISPLAY_NUMBER
wait_for xdpyinfo

"$APP" --kosa8 "$KOSA8" --data-dir "$WORK/data" --socket "$WORK/data/agent.sock" >"$WORK/app.log" 2>&1 &
PIDS+=($!)
wait_for xdotool search --name "kosa8 Desk"
WIN=$(xdotool search --name "kosa8 Desk" | head -1)
xdotool windowsize --sync "$WIN" 1280 800 windowmove --sync "$WIN" 0 0
xdotool windowfocus --sync "$WIN"
wait_for test -S "$WORK/data/agent.sock"

"$PYTHON" "$HERE/send_run_place.py" "$WORK/data/agent.sock" >"$WORK/send.log" 2>&1 &
PIDS+=($!)
xdotool key ctrl+1
sleep 3
import -window root "$OUT/review-run-place.png"
echo "wrote $OUT/review-run-place.png"
