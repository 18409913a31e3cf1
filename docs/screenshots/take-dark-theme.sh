#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The app in the dark theme, chosen the way a GNOME desktop without a Qt platform theme chooses
# it: the XDG desktop portal says "prefer dark" (org.freedesktop.appearance color-scheme = 1) and
# the app's ColourSchemeWatcher applies its dark palette (src/app/style). No style sheet: this
# is the app's own dark look. dark-theme.png: the inbox with a review open.
# The portal is fake_xdg_portal (built with the tests) on a private session bus of this script.
# Needs: Xvfb, xdotool, ImageMagick (import), dbus-daemon, a built kosa8-desk and fake_xdg_portal,
# a Python with the kosa8_desk package (pip install clients/python).
#   KOSA8_DESK_APP=/path/to/kosa8-desk FAKE_XDG_PORTAL=/path/to/fake_xdg_portal PYTHON=/path/to/python \
#     docs/screenshots/take-dark-theme.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
PORTAL=${FAKE_XDG_PORTAL:-$REPO/build/tests/app/style/fake_xdg_portal}
shots_setup darktheme :57

k8 sandbox create code-runner --egress deny
k8 sandbox create data-analysis --egress-allow pypi.org --egress-allow files.pythonhosted.org
k8 sandbox pull code-runner python:3.12-slim

# A session bus of our own, with a portal on it that prefers dark.
dbus-daemon --session --nofork --print-address=1 >"$WORK/bus.address" 2>"$WORK/bus.log" &
PIDS+=($!)
wait_for test -s "$WORK/bus.address"
DBUS_SESSION_BUS_ADDRESS=$(head -1 "$WORK/bus.address")
export DBUS_SESSION_BUS_ADDRESS
"$PORTAL" dark </dev/null >"$WORK/portal.log" 2>&1 &
PIDS+=($!)
wait_for grep -q ready "$WORK/portal.log"

shots_start_display
shots_start_app

shots_send send_dark_requests.py
xdotool key ctrl+1
sleep 3                                # the requests arrive
xdotool mousemove 300 ${ROW1_Y:-138} click 1
shots_grab dark-theme.png 2
