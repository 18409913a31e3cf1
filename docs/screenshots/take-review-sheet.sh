#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The review as one decision sheet (issue 8): a LangGraph human-in-the-loop request with two
# actions, both cards in view, the first approved (review-two-actions.png), then the second in edit mode
# with the side-by-side diff (review-edit-diff.png). The real app under Xvfb at 1280x800 with the
# kosa8 stand-in; the request comes from send_review_sheet.py.
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk, a Python with the kosa8_desk
# package (./dev.sh test makes build/venv).
#   KOSA8_DESK_APP=/path/to/kosa8-desk PYTHON=/path/to/python docs/screenshots/take-review-sheet.sh
# SIDE_BY_SIDE_X/Y: where the diff's "Side by side" button is at 1280x800 (after the list is hidden).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
APP=${KOSA8_DESK_APP:-$REPO/build/src/app/kosa8-desk}
PYTHON=${PYTHON:-$REPO/build/venv/bin/python}
KOSA8="$REPO/tests/standin/kosa8"
DISPLAY_NUMBER=${SCREENSHOT_DISPLAY:-:63}
OUT=${SCREENSHOT_OUT:-$HERE}

WORK=$(mktemp -d /tmp/k8-sheet.XXXXXX)
mkdir -p "$WORK/state" "$WORK/data"
chmod 700 "$WORK/data" # the app refuses a socket folder other users can enter
export KOSA8_STANDIN_STATE=$WORK/state

PIDS=()
cleanup() {
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[i]}" 2>/dev/null || true; done
    wait 2>/dev/null || true
    [ -n "${KEEP_LOG:-}" ] && cat "$WORK/app.log" "$WORK/xvfb.log" >"$KEEP_LOG" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
wait_for() { for _ in $(seq 100); do if "$@" >/dev/null 2>&1; then return 0; fi; sleep 0.1; done; echo "timed out: $*" >&2; return 1; }
shot() { sleep "${2:-1}"; import -window root "$OUT/$1"; echo "wrote $OUT/$1"; }

"$KOSA8" sandbox create code-runner --egress deny >/dev/null

# -noreset: the server does not restart when xdpyinfo, its first client, disconnects (the app
# could otherwise try to connect while it restarts).
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

"$PYTHON" "$HERE/send_review_sheet.py" "$WORK/data/agent.sock" >"$WORK/send.log" 2>&1 &
PIDS+=($!)
xdotool key ctrl+1
sleep 3                                # the request arrives and is shown
xdotool mousemove 300 ${ROW1_Y:-138} click 1
sleep 1.5                              # approval is armed half a second after the view changes
# Approve the first action: it says "approved", and the second card becomes the current one.
xdotool key ctrl+Return
sleep 1
# Wheel the sheet back up a little (over the second card's description, a label, so the sheet
# scrolls rather than an editor) so that the first card's header and "approved" are in view too.
xdotool mousemove 900 ${CARD2_TEXT_Y:-274} click --repeat ${WHEEL_UP:-4} --delay 50 4
shot review-two-actions.png 1
xdotool mousemove 300 ${ROW1_Y:-138} click 1   # the focus back on the list for the keys below

# Edit the second action: the list out of the way (Ctrl+Shift+L), Edit (E from the list), a
# changed line typed at the end of the code, then the diff side by side.
xdotool key ctrl+shift+l
[ -n "${DEBUG_SHOTS:-}" ] && shot debug-1.png
sleep 1
xdotool key e
[ -n "${DEBUG_SHOTS:-}" ] && shot debug-2.png
sleep 1
xdotool key ctrl+End
xdotool type --delay 20 'print("kept", sorted(p.name for p in cache.iterdir()))'
sleep 1
[ -n "${DEBUG_SHOTS:-}" ] && shot debug-3.png
xdotool mousemove "${SIDE_BY_SIDE_X:-1175}" "${SIDE_BY_SIDE_Y:-278}" click 1
shot review-edit-diff.png 2
