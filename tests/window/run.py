# SPDX-License-Identifier: Apache-2.0
"""Runs one window test file in a session of its own: a runtime folder of its own (the
accessibility bus puts its socket there, under a name that is the same for every session without a
display, so two tests at once would take each other's), a session bus of its own
(dbus-run-session), and the accessibility bus started on that bus when the test first asks."""

import os
import shutil
import subprocess
import sys
import tempfile


def main():
    test_file = sys.argv[1]
    runtime = tempfile.mkdtemp(prefix="k8-window-runtime-")  # 0700, as XDG_RUNTIME_DIR must be
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    env.pop("AT_SPI_BUS_ADDRESS", None)
    try:
        done = subprocess.run(["dbus-run-session", "--", sys.executable, "-m", "unittest", "-v", test_file],
                              env=env)
    finally:
        shutil.rmtree(runtime, ignore_errors=True)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
