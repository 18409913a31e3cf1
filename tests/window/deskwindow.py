# SPDX-License-Identifier: Apache-2.0
"""The real kosa8-desk window, met as a person meets it.

Each test gets its own X server (Xvfb), its own folders, the kosa8 stand-in and the real binary
with Qt's AT-SPI bridge on. It acts only through what a person has: key presses and clicks sent
by xdotool, and what the accessibility tree exposes (read with pyatspi, as a screen reader reads
it). Agents talk to the app over its real socket. The session bus and the accessibility bus come
from `dbus-run-session`, which CMake wraps around every test of this folder.

Waits are on conditions (the tree, a file, an answer) with a deadline, never a fixed sleep.
"""

import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import unittest

import pyatspi
from gi.repository import GLib

SLOWDOWN = int(os.environ.get("KOSA8_TEST_SLOWDOWN", "1"))
WAIT_S = 30 * SLOWDOWN
SIZE = (1280, 800)


def pump_events():
    """Delivers the accessibility events that have arrived (focus changes, DeskWindowTest.focus)."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def wait_for_event(longest_s):
    """Returns when an accessibility event has been delivered, or after longest_s at most."""
    context = GLib.MainContext.default()
    timed_out = []

    def time_out():
        timed_out.append(True)
        return False  # once

    source = GLib.timeout_add(int(longest_s * 1000), time_out)
    context.iteration(True)
    if not timed_out:
        GLib.source_remove(source)


# The test whose window is up: a wait that times out shows its tree (DeskWindowTest.start_desk).
_shown_on_timeout = []


def wait_until(condition, what, timeout=WAIT_S):
    """Returns condition()'s first true value; fails the test with `what` at the deadline, and
    with what the window showed then (its accessibility tree, and with KOSA8_WINDOW_FAILURES=DIR
    a screenshot there)."""
    deadline = time.monotonic() + timeout
    while True:
        pump_events()
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            shown = "".join(test.shown_now(what) for test in _shown_on_timeout)
            raise AssertionError(f"timed out after {timeout} s waiting for {what}{shown}")
        # The tree wakes us with its events; files, sockets and the X server tell us nothing,
        # so they are looked at again at the latest after 20 ms.
        wait_for_event(0.02)


class Agent:
    """A JSON-RPC agent on the app's socket, one line per message (docs/protocol.md)."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.settimeout(WAIT_S)
        self.buffer = b""
        self.answers = {}
        self.next_id = 1

    def send(self, method, params):
        rpc_id = f"w{self.next_id}"
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": rpc_id, "method": method, "params": params}
        self.sock.sendall(json.dumps(message).encode() + b"\n")
        return rpc_id

    def answer(self, rpc_id, timeout=WAIT_S):
        """The response to rpc_id, waiting up to timeout for it."""
        deadline = time.monotonic() + timeout
        while rpc_id not in self.answers:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no answer to {rpc_id} in {timeout} s")
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                raise AssertionError(f"no answer to {rpc_id} in {timeout} s") from None
            if not chunk:
                raise AssertionError(f"the app closed the socket before answering {rpc_id}")
            self.buffer += chunk
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                message = json.loads(line)
                if "id" in message:
                    self.answers[message["id"]] = message
        return self.answers[rpc_id]

    def call(self, method, params):
        return self.answer(self.send(method, params))

    def close(self):
        self.sock.close()


class DeskWindowTest(unittest.TestCase):
    """Starts Xvfb and the stand-in's folders; start_desk() starts the app and finds its window."""

    binary = os.environ.get("KOSA8_DESK_BINARY", "")
    standin = os.environ.get("KOSA8_STANDIN", "")

    def setUp(self):
        for tool in ("Xvfb", "xdotool"):
            if not shutil.which(tool):
                self.skipTest(f"needs {tool}")
        self.assertTrue(os.access(self.binary, os.X_OK), f"KOSA8_DESK_BINARY={self.binary!r} is not a program")
        self.dir = tempfile.mkdtemp(prefix="k8-window-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.data_dir = os.path.join(self.dir, "data")
        self.state_dir = os.path.join(self.dir, "state")
        self.socket_path = os.path.join(self.dir, "sock", "agent.sock")
        home = os.path.join(self.dir, "home")
        os.makedirs(home)
        # Xvfb picks a free display itself and writes its number to a pipe (-displayfd): tests
        # that start at once never race for one.
        reader, writer = os.pipe()
        with open(os.path.join(self.dir, "xvfb.log"), "wb") as log:
            self.xvfb = subprocess.Popen(
                ["Xvfb", "-displayfd", str(writer), "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp",
                 "-noreset"],
                stdout=subprocess.DEVNULL, stderr=log, pass_fds=(writer,))
        os.close(writer)
        self.addCleanup(self._stop, self.xvfb)
        with os.fdopen(reader) as numbers:
            number = numbers.readline().strip()  # written once the server listens
        self.assertTrue(number.isdigit(), "Xvfb did not start (xvfb.log)")
        self.display = f":{number}"
        self.env = dict(os.environ)
        self.env.update({
            "DISPLAY": self.display,
            "QT_QPA_PLATFORM": "xcb",
            "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
            "KOSA8_STANDIN_STATE": self.state_dir,
            # The app's own settings and caches stay in the test's folder.
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_DATA_HOME": os.path.join(home, ".local/share"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"),
            "XDG_STATE_HOME": os.path.join(home, ".local/state"),
            # The stand-in starts through /usr/bin/env python3: the system's, not a version
            # manager's shim (a second per call).
            "PATH": "/usr/bin:" + os.environ.get("PATH", ""),
        })
        self.env.pop("KOSA8_DESK_SOCKET", None)
        self.desk = None
        self.agents = []
        # Where the keyboard is, as a screen reader learns it: from the focus events.
        self.focus = None
        self.focus_moves = 0
        pyatspi.Registry.registerEventListener(self._on_focus, "object:state-changed:focused")
        self.addCleanup(pyatspi.Registry.deregisterEventListener, self._on_focus,
                        "object:state-changed:focused")

    @staticmethod
    def _stop(process):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def start_desk_with_code_runner(self):
        """The stand-in's sandbox code-runner with python:3.12-slim pulled, then the app."""
        self.standin_call("sandbox", "create", "code-runner")
        self.standin_call("sandbox", "pull", "code-runner", "python:3.12-slim")
        self.start_desk()

    def save_for_docs(self, name, tree=False):
        """With KOSA8_WINDOW_SHOTS=DIR: the screen as DIR/name.png and, with tree, the tree as a
        screen reader reads it as DIR/name-accessibility.txt (docs/screenshots was made so)."""
        folder = os.environ.get("KOSA8_WINDOW_SHOTS")
        if not folder:
            return
        if tree:
            with open(os.path.join(folder, f"{name}-accessibility.txt"), "w", encoding="utf-8") as f:
                f.write(self.dump() + "\n")
        self.screenshot(os.path.join(folder, f"{name}.png"))

    def shown_now(self, what):
        """What the window shows, for the message of a wait that timed out."""
        folder = os.environ.get("KOSA8_WINDOW_FAILURES")
        if folder:
            name = "".join(c if c.isalnum() else "-" for c in f"{self.id()}-{what}")[:120]
            self.screenshot(os.path.join(folder, f"{name}.png"))
        try:
            return "\nThe window showed:\n" + self.dump()
        except Exception as error:  # the app went away
            return f"\nThe window could not be read: {error}"

    def standin_call(self, *args):
        subprocess.run([self.standin, *args], env=self.env, check=True, stdout=subprocess.DEVNULL)

    def start_desk(self, *extra, preexec_fn=None):
        with open(os.path.join(self.dir, "desk.log"), "ab") as log:
            self.desk = subprocess.Popen(
                [self.binary, "--kosa8", self.standin, "--data-dir", self.data_dir, "--socket", self.socket_path,
                 *extra],
                env=self.env, stdout=log, stderr=subprocess.STDOUT, preexec_fn=preexec_fn)
        self.addCleanup(self._stop, self.desk)
        # No window manager: the window is placed and given the keyboard by hand.
        # Only a mapped one: Qt also makes an unmapped 1x1 window of the same name (its client
        # leader), and focusing that one never makes the main window active.
        self.window = wait_until(
            lambda: self.xdo("search", "--onlyvisible", "--name", "kosa8 Desk").split("\n")[0], "the window")
        self.xdo("windowsize", "--sync", self.window, str(SIZE[0]), str(SIZE[1]))
        self.xdo("windowmove", "--sync", self.window, "0", "0")
        self.xdo("windowfocus", "--sync", self.window)
        self.app = wait_until(self._find_app, "the app on the accessibility bus")
        _shown_on_timeout.append(self)
        self.addCleanup(_shown_on_timeout.remove, self)
        # Qt acts on a window's shortcuts (Ctrl+1...) only once it knows the window is active; on a
        # busy machine the first key could come before that and be lost.
        wait_until(self._window_active, "the window to be active")
        wait_until(lambda: os.path.exists(self.socket_path), "the agent socket")

    def _window_active(self):
        """Whether the app's main window is the active one, as the app says; asks X to focus it
        again when not (what a window manager would do)."""
        for index in range(self.app.childCount):
            window = self.app.getChildAtIndex(index)
            if window is not None and window.getRole() == pyatspi.ROLE_FRAME \
                    and window.getState().contains(pyatspi.STATE_ACTIVE):
                return True
        self.xdo("windowfocus", "--sync", self.window)
        return False

    def _find_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is not None and app.name == "kosa8-desk" and app.get_process_id() == self.desk.pid:
                return app
        return None

    def agent(self):
        agent = Agent(self.socket_path)
        self.agents.append(agent)
        self.addCleanup(agent.close)
        return agent

    def xdo(self, *args):
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=WAIT_S)
        return done.stdout.strip() if done.returncode == 0 else ""

    def key(self, *keys):
        self.give_keyboard_back()
        self.xdo("key", "--clearmodifiers", *keys)

    def give_keyboard_back(self):
        """What a window manager does when a dialog closes: the keyboard goes back to the app.
        Without one, X leaves the input focus on the root window and keys reach nothing; so when
        no window of the app has it, the window under the one that closed gets it: the dialog
        still open (the newest one listed), or else the main window."""
        if self.desk is None or self.desk.poll() is not None:
            return
        focused = self.xdo("getwindowfocus")
        shown = [w for w in self.xdo("search", "--onlyvisible", "--pid", str(self.desk.pid)).split() if w]
        # Only a window of the app that is on screen takes keys: its unmapped client-leader
        # window has the app's pid too, and X can leave the focus there when a popup closes.
        if focused and focused in shown:
            return
        dialogs = [w for w in shown if w != self.window and self.xdo("getwindowname", w)]
        self.xdo("windowfocus", "--sync", dialogs[-1] if dialogs else self.window)

    @staticmethod
    def json_lines(path):
        """The objects of a JSON-lines file, one a line; none when there is no file yet."""
        if not os.path.exists(path):
            return []
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]

    def ledger(self):
        return self.json_lines(os.path.join(self.data_dir, "ledger.jsonl"))

    def screenshot(self, path):
        """The whole screen as a PNG (ImageMagick's import), for docs/screenshots."""
        subprocess.run(["import", "-window", "root", path], env=self.env, check=True)

    def last_character_inside(self, node):
        """Whether the last character of node's text lies inside node as it is on screen: nothing
        to scroll to, no line below its edge."""
        text = node.queryText()
        x, y, width, height = text.getCharacterExtents(text.characterCount - 1, pyatspi.DESKTOP_COORDS)
        box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        return (width * height > 0 and box.x <= x and x + width <= box.x + box.width and box.y <= y
                and y + height <= box.y + box.height)

    def ink_rows(self, node):
        """For each pixel row of node's place on screen, whether it shows anything darker than mid
        grey: where its text's lines lie, as a person sees them (a label offers no text to a
        screen reader's character extents, so its lines are found on screen)."""
        box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        gray = subprocess.run(["import", "-window", "root", "-crop", f"{box.width}x{box.height}+{box.x}+{box.y}",
                               "-colorspace", "gray", "-depth", "8", "pgm:-"],
                              env=self.env, check=True, capture_output=True).stdout
        header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", gray)
        width, height = int(header[1]), int(header[2])
        pixels = gray[header.end():]
        return [min(pixels[row * width:(row + 1) * width]) < 128 for row in range(height)]

    # ---- the accessibility tree ----

    def nodes(self, root=None):
        """Every object under root (the app by default), depth first, as the app says now: the
        client's cache of names and children is dropped first (a label whose text changed kept
        its old name in it)."""
        try:
            (root or self.app).clear_cache()
        except Exception:  # an object that went away
            pass
        stack = [root or self.app]
        while stack:
            node = stack.pop()
            if node is None:
                continue
            yield node
            try:
                count = node.childCount
            except Exception:  # an object that went away while walking
                continue
            stack.extend(node.getChildAtIndex(i) for i in reversed(range(count)))

    @staticmethod
    def showing(node):
        try:
            return node.getState().contains(pyatspi.STATE_SHOWING)
        except Exception:
            return False

    @staticmethod
    def text_of(node):
        try:
            text = node.queryText()
            return text.getText(0, text.characterCount)
        except NotImplementedError:
            return ""
        except Exception:
            return ""

    def readable(self, node):
        """What a screen reader can read out for node: its name, description and text."""
        return " ".join(part for part in (node.name, node.description, self.text_of(node)) if part)

    def find(self, predicate, root=None):
        for node in self.nodes(root):
            try:
                if predicate(node):
                    return node
            except Exception:
                continue
        return None

    def showing_text(self, words, root=None):
        """The first object on screen whose name, description or text holds words."""
        return self.find(lambda n: self.showing(n) and words in self.readable(n), root)

    def find_named(self, name, role=None, root=None):
        return self.find(lambda n: n.name == name and (role is None or n.getRole() == role)
                         and self.showing(n), root)

    def wait_for_approve_armed(self):
        """Until the review's Approve button ("Approve", or "Approve and run" for a run) is enabled:
        it arms a moment after a request comes into view, and Tab skips it while greyed."""
        def armed():
            button = self.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name.startswith("Approve")
                               and self.showing(n))
            return button is not None and button.getState().contains(pyatspi.STATE_ENABLED)

        wait_until(armed, "Approve to arm")

    def always_approve_shown(self):
        """The request in review saved as a standing rule with the keyboard: Always… > Always approve
        this action as shown…, Alt+S; returns once the review says the rule was saved."""
        self.wait_for_approve_armed()
        self.tab_to(lambda n: n.name == "Standing rules for this request", "the Always… button")
        self.key("space")
        # The menu is a window of its own; where the keyboard is in it comes from its focus events.
        self.press_and_wait_focus("Down", lambda n: n.name == "Always approve this action as shown…",
                                  "the first entry of the rules menu")
        self.key("Return")
        wait_until(lambda: self.find_named("Always approve this action?"), "the rule's confirmation")
        self.key("alt+s")
        wait_until(lambda: self.find(lambda n: self.showing(n) and "is approved from now on" in self.readable(n)),
                   "the review to say the rule was saved")

    def _on_focus(self, event):
        if event.detail1 == 1 and self.desk is not None:
            try:
                if event.source.get_process_id() == self.desk.pid:
                    self.focus = event.source
                    self.focus_moves += 1
            except Exception:
                pass

    def tab_to(self, condition, what, most=30):
        """Presses Tab until the focus is on an object condition accepts (a person's way there)."""
        pump_events()
        passed = []
        for _ in range(most):
            if self.focus is not None and condition(self.focus):
                return self.focus
            passed.append(self.describe(self.press_and_wait_focus("Tab", lambda n: True, "the next control")))
        self.fail(f"{most} presses of Tab never reached {what}; they went through: " + "; ".join(passed))

    def describe(self, node):
        """A node and its parent, for messages: `role 'name' in role 'name'`."""
        if node is None:
            return "nothing"
        try:
            parent = node.parent
            where = f" in {parent.getRoleName()} {parent.name!r}" if parent is not None else ""
            return f"{node.getRoleName()} {node.name!r}{where}"
        except Exception:
            return "an object that went away"

    def press_and_wait_focus(self, key, condition, what):
        """Presses key, then waits until the focus event names an object condition accepts."""
        pump_events()
        before, moves = self.focus, self.focus_moves
        self.key(key)
        wait_until(lambda: self.focus_moves > moves,
                   f"focus to move on {key} (it stayed on {self.describe(before)})")
        pump_events()
        self.assertTrue(condition(self.focus), f"{key} moved the focus to {self.describe(self.focus)}; wanted {what}")
        return self.focus

    def dump(self, root=None, only_showing=True):
        """The tree as text, one object a line: role, name, description, text (Accerciser-like)."""
        lines = []

        def walk(node, depth):
            if node is None:
                return
            if only_showing and depth > 0 and not self.showing(node):
                return
            text = self.text_of(node)
            parts = [node.getRoleName()]
            parts.append(f"name={node.name!r}")
            if node.description and depth > 0:  # the app's own is the path of its binary
                parts.append(f"description={node.description!r}")
            if text and text != node.name:
                parts.append(f"text={text[:200]!r}")
            lines.append("  " * depth + " ".join(parts))
            for i in range(node.childCount):
                walk(node.getChildAtIndex(i), depth + 1)

        walk(root or self.app, 0)
        return "\n".join(lines)
