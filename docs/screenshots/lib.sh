# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The set-up every take-*.sh that drives the real app under Xvfb shares; sourced, not run:
#   source "$(dirname "$0")/lib.sh"
#   shots_setup NAME :DISPLAY     # work folder, stand-in state, cleanup on exit
#   shots_start_display           # Xvfb at 1280x800, DISPLAY exported
#   shots_start_app [args...]     # kosa8-desk on the stand-in, window placed, socket up
#   shots_send send_x.py          # an agent's requests, in the background
#   shots_grab FILE [SECONDS]     # wait, then the whole screen into $OUT/FILE
# What a script shows (which requests, which keys, which files) stays in the script.
#
# Overrides from the environment: KOSA8_DESK_APP (the app), PYTHON (one with the kosa8_desk
# package; ./dev.sh test makes build/venv), SCREENSHOT_DISPLAY (the X display), SCREENSHOT_OUT
# (where the PNGs go), KEEP_LOG (a file that keeps the app's and Xvfb's logs).

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
APP=${KOSA8_DESK_APP:-$REPO/build/src/app/kosa8-desk}
PYTHON=${PYTHON:-$REPO/build/venv/bin/python}
KOSA8="$REPO/tests/standin/kosa8"
OUT=${SCREENSHOT_OUT:-$HERE}
SCREEN_WIDTH=1280
SCREEN_HEIGHT=800

# Processes started here, killed newest first when the script exits.
PIDS=()

# shots_setup NAME DISPLAY: a fresh work folder (/tmp/k8-NAME.*) with the stand-in's state
# ($STATE) and the app's data folder ($DATA, socket $SOCKET); DISPLAY is the default display,
# SCREENSHOT_DISPLAY wins over it.
shots_setup() {
    DISPLAY_NUMBER=${SCREENSHOT_DISPLAY:-$2}
    WORK=$(mktemp -d "/tmp/k8-$1.XXXXXX")
    STATE=$WORK/state
    DATA=$WORK/data
    SOCKET=$DATA/agent.sock
    mkdir -p "$STATE" "$DATA"
    chmod 700 "$DATA" # the app refuses a socket folder other users can enter
    export KOSA8_STANDIN_STATE=$STATE
    trap shots_cleanup EXIT
}

shots_cleanup() {
    local status=$?
    [ "$status" -eq 0 ] || tail -n 20 "$WORK/app.log" >&2 2>/dev/null || true
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[i]}" 2>/dev/null || true; done
    wait 2>/dev/null || true
    if [ -n "${KEEP_LOG:-}" ]; then cat "$WORK/app.log" "$WORK/xvfb.log" >"$KEEP_LOG" 2>/dev/null || true; fi
    rm -rf "$WORK"
}

# Wait until a command succeeds (up to ~10 s).
wait_for() {
    for _ in $(seq 100); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.1
    done
    echo "timed out: $*" >&2
    return 1
}

# The kosa8 stand-in, quietly.
k8() { "$KOSA8" "$@" >/dev/null; }

# -noreset: the server does not restart when xdpyinfo, its first client, disconnects (the app
# could otherwise try to connect while it restarts).
shots_start_display() {
    Xvfb "$DISPLAY_NUMBER" -screen 0 "${SCREEN_WIDTH}x${SCREEN_HEIGHT}x24" -nolisten tcp -noreset \
        >"$WORK/xvfb.log" 2>&1 &
    PIDS+=($!)
    export DISPLAY=$DISPLAY_NUMBER
    wait_for xdpyinfo
}

# shots_start_app [ARGS...]: the app on the stand-in with this run's data folder and socket; ARGS
# go to the app as well (a style sheet, say). Returns once its window fills the screen and its
# agent socket listens.
shots_start_app() {
    "$APP" --kosa8 "$KOSA8" --data-dir "$DATA" --socket "$SOCKET" "$@" >"$WORK/app.log" 2>&1 &
    PIDS+=($!)
    shots_window
    wait_for test -S "$SOCKET"
}

# The app's window at the top left, the size of the screen, with the keyboard: there is no
# window manager to do either.
shots_window() {
    wait_for xdotool search --name "kosa8 Desk"
    WIN=$(xdotool search --name "kosa8 Desk" | head -1)
    xdotool windowsize --sync "$WIN" "$SCREEN_WIDTH" "$SCREEN_HEIGHT" windowmove --sync "$WIN" 0 0
    xdotool windowfocus --sync "$WIN"
}

# shots_send SCRIPT: runs $HERE/SCRIPT with the app's socket in the background, as an agent
# would; its output goes to the work folder's send.log.
shots_send() {
    "$PYTHON" "$HERE/$1" "$SOCKET" >"$WORK/send.log" 2>&1 &
    PIDS+=($!)
}

# shots_grab FILE [SECONDS]: waits SECONDS (1 unless given) for the screen to settle, then writes
# the whole screen to $OUT/FILE.
shots_grab() {
    sleep "${2:-1}"
    import -window root "$OUT/$1"
    echo "wrote $OUT/$1"
}
