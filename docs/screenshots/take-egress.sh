#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes egress-editor.png and review-reach.png into this folder under Xvfb, from the real
# widgets (tests/app/egress/egress_screenshots.cpp) with the kosa8 stand-in as kosa8.
#   cmake -S . -B build -DKOSA8DESK_EGRESS_SHOTS=ON && cmake --build build --target egress_screenshots
#   docs/screenshots/take-egress.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
PROGRAM=${EGRESS_SHOTS:-$REPO/build/tests/app/egress/egress_screenshots}
export KOSA8_STANDIN="$REPO/tests/standin/kosa8"
export QT_QPA_PLATFORM=xcb
xvfb-run -a -s "-screen 0 1400x1000x24" "$PROGRAM" "${SCREENSHOT_OUT:-$HERE}"
