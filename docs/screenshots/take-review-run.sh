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

source "$(dirname "$0")/lib.sh"
shots_setup run-place :58

k8 sandbox create code-runner --egress-allow pypi.org --egress-allow files.pythonhosted.org \
    --egress-allow github.com
k8 sandbox pull code-runner python:3.12-slim

shots_start_display
shots_start_app

shots_send send_run_place.py
xdotool key ctrl+1
shots_grab review-run-place.png 3
