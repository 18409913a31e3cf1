#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A review whose code hides a right-to-left override, a zero-width space, a look-alike letter and
# a long tail past the edge: review-hidden-code.png. The real app under Xvfb with the kosa8
# stand-in; the request comes from send_hidden_code.py.
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk, a Python with the kosa8_desk
# package (./dev.sh test makes build/venv).
#   KOSA8_DESK_APP=/path/to/kosa8-desk PYTHON=/path/to/python docs/screenshots/take-hidden-code.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup hidden :57

k8 sandbox create code-runner --egress deny

shots_start_display
shots_start_app

shots_send send_hidden_code.py
xdotool key ctrl+1
sleep 3
xdotool mousemove 300 ${ROW1_Y:-138} click 1
shots_grab review-hidden-code.png 2
