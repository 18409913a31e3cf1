#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reproduces the screenshots in this folder from the real app, under Xvfb, with the kosa8
# stand-in (tests/standin/kosa8) as kosa8 and the Python client sending the agent requests.
#
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk, a Python with the kosa8_desk
# package (pip install clients/python).
#   KOSA8_DESK_APP=/path/to/kosa8-desk PYTHON=/path/to/python docs/screenshots/take.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup screens :55

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
"$PYTHON" - "$STATE/state.json" <<'PY'
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
shots_start_display
shots_start_app

# --- 1. main window: the sandboxes page, one sandbox selected -----------------------------------
xdotool key ctrl+2
sleep 2                                # first list refresh
xdotool mousemove 330 181 click 1      # the second row: data-analysis
shots_grab main-window.png

# --- 2. inbox with three pending requests -------------------------------------------------------
shots_send send_requests.py
xdotool key ctrl+1
sleep 3                                # the three requests arrive 0.7 s apart
xdotool mousemove 300 138 click 1      # the first request (LangGraph, pandas code)
shots_grab inbox.png

# (review-edit-diff.png, an edit with its diff side by side, is written by the window test
# tests/window/test_review_sheet.py with KOSA8_WINDOW_SHOTS: a long line wrapped in both columns.)

# --- 3. approve the run request: its output in the run pane ----------------------------------------
xdotool mousemove 300 198 click 1     # the third request (run in code-runner)
sleep 1.5                              # approval is armed half a second after the view changes
xdotool key ctrl+Return
sleep 3                                # the stand-in takes a checkpoint, then runs
[ -n "${DEBUG_SHOTS:-}" ] && shots_grab debug-run.png
# The run pane (code, command lines and output together) shows the run picked in "Recent runs".
xdotool mousemove 300 ${RUN_ROW_Y:-754} click 1
shots_grab run-output.png
