#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reproduces docs/screenshots/settings-profiles.png from the real app under Xvfb: Settings with two
# connection profiles, the local daemon and a remote worker. The remote worker comes from a
# settings file of the version before profiles (remote/host, remote/token), so the shot also
# shows the migration's result. The token goes to the in-memory store (the tests' switch
# KOSA8_DESK_SECRET_STORE=test-memory): Xvfb has no keychain, and no real secret is involved.
#
# Needs: Xvfb, xdotool, ImageMagick (import), a built kosa8-desk.
#   KOSA8_DESK_APP=/path/to/kosa8-desk docs/screenshots/take-settings-profiles.sh
set -euo pipefail

source "$(dirname "$0")/lib.sh"
shots_setup settings-profiles-shot :72

printf '[remote]\nhost=mac-studio.local:7443\ntoken=example-token-not-real\n' >"$DATA/kosa8-desk.ini"
export KOSA8_DESK_SECRET_STORE=test-memory

shots_start_display
shots_start_app
sleep 2
xdotool key ctrl+comma
shots_grab settings-profiles.png 3
