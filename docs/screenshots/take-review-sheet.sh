#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The review as one decision sheet (issue 8): a LangGraph human-in-the-loop request with two
# actions, both cards in view, the first approved (review-two-actions.png). The real app under Xvfb
# at 1280x800 with the kosa8 stand-in; the request comes from send_review_sheet.py. (An edit with its
# side-by-side diff, review-edit-diff.png, is written by tests/window/test_review_sheet.py.)
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk, a Python with the kosa8_desk
# package (./dev.sh test makes build/venv).
#   KOSA8_DESK_APP=/path/to/kosa8-desk PYTHON=/path/to/python docs/screenshots/take-review-sheet.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup sheet :63

k8 sandbox create code-runner --egress deny

shots_start_display
shots_start_app

shots_send send_review_sheet.py
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
shots_grab review-two-actions.png 1
