#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The code editor in the dark theme, highlighted by KSyntaxHighlighting: editor-python-dark.png
# and editor-bash-dark.png. They come from the real CodeEditor on an X server (Xvfb): the test
# tst_syntaxhighlighting (darkThemeIsPainted) checks the painted colours and keeps the pictures
# when KOSA8DESK_SCREENSHOT_DIR is set.
# Needs: a build (./dev.sh build), xvfb-run (packaging/deps-debian.sh --dev).
#   docs/screenshots/take-editor.sh [path/to/tst_syntaxhighlighting]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
TEST=${1:-$REPO/build/tests/app/editor/tst_syntaxhighlighting}
KOSA8DESK_SCREENSHOT_DIR=${SCREENSHOT_OUT:-$HERE} QT_QPA_PLATFORM=xcb \
    xvfb-run -a -s "-screen 0 1280x800x24" "$TEST" darkThemeIsPainted
