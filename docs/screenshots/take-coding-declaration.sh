#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A `run` whose code hides a line behind "# coding: unicode_escape" (issue 24): the warning bar
# names the declaration first and the editor underlines it: review-coding-declaration.png. The
# real app under Xvfb with the kosa8 stand-in; the request comes from send_coding_declaration.py.
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk, a Python with the kosa8_desk
# package (./dev.sh test makes build/venv).
#   KOSA8_DESK_APP=/path/to/kosa8-desk PYTHON=/path/to/python docs/screenshots/take-coding-declaration.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup coding :59

k8 sandbox create code-runner --egress deny
k8 sandbox pull code-runner python:3.12-slim

shots_start_display
shots_start_app

shots_send send_coding_declaration.py
xdotool key ctrl+1
sleep 3
xdotool mousemove 300 ${ROW1_Y:-138} click 1
shots_grab review-coding-declaration.png 2
