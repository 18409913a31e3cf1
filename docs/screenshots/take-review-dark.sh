#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The inbox review in a dark palette, code highlighted by KSyntaxHighlighting: review-python-dark.png
# and review-bash-dark.png. The real app under Xvfb with the kosa8 stand-in, dark.qss as its style
# sheet (Xvfb has no desktop theme), two requests from send_dark_requests.py.
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk, a Python with the kosa8_desk
# package (pip install clients/python).
#   KOSA8_DESK_APP=/path/to/kosa8-desk PYTHON=/path/to/python docs/screenshots/take-review-dark.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup dark :56

k8 sandbox create code-runner --egress deny

shots_start_display
shots_start_app -stylesheet "$HERE/dark.qss"

shots_send send_dark_requests.py
xdotool key ctrl+1
sleep 3                                # both requests arrive
xdotool mousemove 300 ${ROW1_Y:-138} click 1
shots_grab review-python-dark.png
xdotool mousemove 300 ${ROW2_Y:-168} click 1
shots_grab review-bash-dark.png
