#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs a test program against a real Secret Service: a private D-Bus session with
# gnome-keyring-daemon (secrets component), unlocked with a throw-away password, in a throw-away
# HOME so no real keyring is touched. Exits 77 (ctest: skipped) when the tools are missing.
set -eu
for tool in dbus-run-session gnome-keyring-daemon; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool is not installed"; exit 77; }
done
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_RUNTIME_DIR="$home/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
export KOSA8_TEST_KEYCHAIN=secret-service
# The daemon ends with the session bus.
exec dbus-run-session -- sh -c '
    printf %s kosa8-test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    exec "$@"' sh "$@"
