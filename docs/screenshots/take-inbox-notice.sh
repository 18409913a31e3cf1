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

source "$(dirname "$0")/lib.sh"
shots_setup notice :56

k8 sandbox create code-runner --egress deny
k8 sandbox pull code-runner python:3.12-slim

# The standing rule: approve exactly this run (code, sandbox, image, checkpoint).
cat >"$DATA/rules.json" <<JSON
{"rules": [{"name": "revenue-by-region", "decision": "approve",
            "action_sha256": "$("$PYTHON" "$HERE/send_notice_requests.py" --action-sha256)"}]}
JSON

shots_start_display
shots_start_app

xdotool key ctrl+1
shots_send send_notice_requests.py
shots_grab inbox-rule-notice.png 6 # the run by rule (checkpoint, run) and the 2 s timeout
