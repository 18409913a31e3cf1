#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reproduces docs/screenshots/first-start.png from the real app under Xvfb: the first-start page
# ("Get started") that the window opens on when kosa8 is not found (here: --kosa8 names a path
# that does not exist; the later --kosa8 wins over the one lib.sh passes).
#
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk.
#   KOSA8_DESK_APP=/path/to/kosa8-desk docs/screenshots/take-first-start.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup first-start-shot :71

shots_start_display
shots_start_app --kosa8 /nonexistent/kosa8
shots_grab first-start.png 2
