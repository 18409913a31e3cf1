#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reproduces the screenshots in this folder from the real app, under Xvfb, with the kosa8
# stand-in (tests/standin/kosa8) as kosa8 and the Python client sending the agent requests.
#
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk, a Python with the kosa8_desk
# package (pip install clients/python).
#   KOSA8_DESK_APP=/path/to/kosa8-desk PYTHON=/path/to/python docs/screenshots/take.sh
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
APP=${KOSA8_DESK_APP:-$REPO/build/src/app/kosa8-desk}
PYTHON=${PYTHON:-$REPO/build/venv/bin/python} # made by ./dev.sh test
KOSA8="$REPO/tests/standin/kosa8"
DISPLAY_NUMBER=${SCREENSHOT_DISPLAY:-:55}
OUT=${SCREENSHOT_OUT:-$HERE}

WORK=$(mktemp -d /tmp/k8-screens.XXXXXX)
S=$WORK/state
D=$WORK/data
mkdir -p "$S" "$D"
chmod 700 "$D" # the app refuses a socket folder other users can enter
export KOSA8_STANDIN_STATE=$S

PIDS=()
cleanup() {
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[i]}" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

k8() { "$KOSA8" "$@" >/dev/null; }
# Wait until a command succeeds (up to ~10 s).
wait_for() { for _ in $(seq 100); do if "$@" >/dev/null 2>&1; then return 0; fi; sleep 0.1; done; echo "timed out: $*" >&2; return 1; }
shot() { sleep "${2:-1}"; import -window root "$OUT/$1"; echo "wrote $OUT/$1"; }

# --- sandboxes: a mix of egress policies, running and stopped, with images -------------------
k8 sandbox create code-runner --egress deny
k8 sandbox create data-analysis --egress-allow pypi.org --egress-allow files.pythonhosted.org -v "$HOME/datasets:/data"
k8 sandbox create web-scraper --egress any
k8 sandbox create notebook-legacy --egress fakenet
k8 sandbox create pr-review-bot --egress-allow github.com --egress-allow api.github.com
k8 sandbox create eval-harness --egress deny
k8 sandbox pull code-runner python:3.12-slim
k8 sandbox pull data-analysis python:3.12-slim
k8 sandbox pull data-analysis jupyter/scipy-notebook:2024-05
k8 sandbox pull web-scraper node:22-slim
k8 sandbox pull notebook-legacy python:3.9
k8 sandbox pull pr-review-bot node:22-slim
k8 sandbox pull pr-review-bot debian:bookworm-slim
k8 sandbox pull eval-harness python:3.12-slim
k8 sandbox stop web-scraper
k8 sandbox stop notebook-legacy
k8 sandbox stop eval-harness
# The stand-in stamps every sandbox with "now"; spread the creation times over past weeks so the
# list looks like one that has been in use (cosmetic, only the stand-in's own state file).
"$PYTHON" - "$S/state.json" <<'PY'
import datetime, json, sys
path = sys.argv[1]
state = json.load(open(path))
now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
ages = {"code-runner": (2, 3), "data-analysis": (9, 26), "web-scraper": (16, 5), "notebook-legacy": (41, 11),
        "pr-review-bot": (5, 20), "eval-harness": (0, 4)}
for box in state["sandboxes"]:
    days, hours = ages.get(box["name"], (0, 0))
    box["created"] = (now - datetime.timedelta(days=days, hours=hours)).strftime("%Y-%m-%dT%H:%M:%SZ")
json.dump(state, open(path, "w"), indent=1)
PY

# --- display and app ---------------------------------------------------------------------------
Xvfb "$DISPLAY_NUMBER" -screen 0 1280x800x24 -nolisten tcp -noreset >"$WORK/xvfb.log" 2>&1 &
PIDS+=($!)
export DISPLAY=$DISPLAY_NUMBER
wait_for xdpyinfo

"$APP" --kosa8 "$KOSA8" --data-dir "$D" --socket "$D/agent.sock" >"$WORK/app.log" 2>&1 &
PIDS+=($!)
wait_for xdotool search --name "kosa8 Desk"
WIN=$(xdotool search --name "kosa8 Desk" | head -1)
xdotool windowsize --sync "$WIN" 1280 800 windowmove --sync "$WIN" 0 0
xdotool windowfocus --sync "$WIN" # no window manager: give the window the keyboard ourselves
wait_for test -S "$D/agent.sock"

# --- 1. main window: the sandboxes page, one sandbox selected -----------------------------------
xdotool key ctrl+2
sleep 2                                # first list refresh
xdotool mousemove 330 181 click 1      # the second row: data-analysis
shot main-window.png

# --- 2. inbox with three pending requests -------------------------------------------------------
"$PYTHON" "$HERE/send_requests.py" "$D/agent.sock" >"$WORK/send.log" 2>&1 &
PIDS+=($!)
xdotool key ctrl+1
sleep 3                                # the three requests arrive 0.7 s apart
xdotool mousemove 300 138 click 1      # the first request (LangGraph, pandas code)
shot inbox.png

# (review-edit-diff.png, the edit with its diff side by side, is take-review-sheet.sh's: the sheet
# layout of issue 8 shows the diff under the code at the full width of the review.)

# --- 3. approve the run request: its output in the run pane ----------------------------------------
xdotool mousemove 300 198 click 1     # the third request (run in code-runner)
sleep 1.5                              # approval is armed half a second after the view changes
xdotool key ctrl+Return
sleep 3                                # the stand-in takes a checkpoint, then runs
[ -n "${DEBUG_SHOTS:-}" ] && shot debug-run.png
# The run pane (code, command lines and output together) shows the run picked in "Recent runs".
xdotool mousemove 300 ${RUN_ROW_Y:-754} click 1
shot run-output.png
