# SPDX-License-Identifier: Apache-2.0
"""Where the keyboard is, seen in light and dark (issue 25, defect 5), and the choice between
them inside the app (defect 11): View > Appearance offers following the system, light and dark,
and the choice is kept across a restart.

A focus mark is seen, not read, so these look at the screen: the pixels around the focused
control's edges (its extents from the accessibility tree) before and after the keyboard arrives.
A mark counts when every edge has a line of pixels that changed to a colour with at least 3:1
contrast against what was there (WCAG's bar for a non-text mark)."""

import os
import subprocess
import unittest

import pyatspi

from deskwindow import SIZE, DeskWindowTest, wait_until

CODE = "print('seen')\n"
BAND = 4  # pixels either side of an edge where the mark may lie
MIN_CONTRAST = 3.0


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


class Screen:
    """The whole screen's pixels, from a screenshot."""

    def __init__(self, test):
        path = os.path.join(test.dir, "screen.png")
        test.screenshot(path)
        self.data = subprocess.run(["convert", path, "rgb:-"], check=True, capture_output=True).stdout
        self.width, self.height = SIZE

    def at(self, x, y):
        x = min(max(x, 0), self.width - 1)
        y = min(max(y, 0), self.height - 1)
        i = (y * self.width + x) * 3
        return tuple(self.data[i:i + 3])


def marked_edges(before, after, box):
    """The edges of box (x, y, w, h) along which a line of pixels changed to a clear mark."""
    x, y, w, h = box
    edges = {
        "top": [[(i, y + d) for i in range(x, x + w)] for d in range(-BAND, BAND + 1)],
        "bottom": [[(i, y + h - 1 + d) for i in range(x, x + w)] for d in range(-BAND, BAND + 1)],
        "left": [[(x + d, j) for j in range(y, y + h)] for d in range(-BAND, BAND + 1)],
        "right": [[(x + w - 1 + d, j) for j in range(y, y + h)] for d in range(-BAND, BAND + 1)],
    }
    marked = []
    for edge, lines in edges.items():
        for line in lines:
            # The ends may turn a corner or meet a neighbour: the middle 80% must all be marked.
            middle = line[len(line) // 10:len(line) - len(line) // 10]
            if middle and all(contrast(before.at(*p), after.at(*p)) >= MIN_CONTRAST for p in middle):
                marked.append(edge)
                break
    return marked


class FocusAndLookTest(DeskWindowTest):

    def setUp(self):
        super().setUp()
        self.start_desk_with_code_runner()
        self.requester = self.agent()
        self.requester.send("review", {"agent": "look-bot", "title": "seen", "timeout_s": 600,
                                       "payload": {"question": "seen?", "code": CODE}})
        self.show_inbox()

    def show_inbox(self):
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("seen", pyatspi.ROLE_TABLE_CELL), "the request in the list")
        # Approve arms after a moment and is in Tab's way from then on.
        self.wait_for_approve_armed()

    def choose_look(self, entry):
        """View > Appearance > entry, with the keyboard (its mnemonics)."""
        self.key("alt+v")
        wait_until(lambda: self.find_named("Appearance"), "the View menu")
        self.key("a")
        wait_until(lambda: self.find_named("Dark"), "the Appearance menu")
        self.key(entry[0].lower())
        wait_until(lambda: not self.find_named("Dark"), "the menu to close")

    def background(self):
        """The window's colour, from the empty space under the pending list's rows."""
        return Screen(self).at(385, 600)

    def assert_marked_on_tab(self, before_name, name):
        self.tab_to(lambda n: n.name == before_name, before_name)
        before = Screen(self)
        node = self.press_and_wait_focus("Tab", lambda n: n.name == name, name)
        extents = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        box = (extents.x, extents.y, extents.width, extents.height)
        # The mark is painted after the focus moved: looked at until it shows, at most the deadline.
        seen = []

        def all_edges_marked():
            seen[:] = marked_edges(before, Screen(self), box)
            return len(seen) == 4

        try:
            wait_until(all_edges_marked, f"a focus mark round {name}", timeout=5)
        except AssertionError:
            self.fail(f"Tab to {name} at {box} marks only these edges clearly: {seen}")

    def test_focus_is_marked_in_light_and_dark(self):
        for look in ("Light", "Dark"):
            with self.subTest(look=look):
                self.choose_look(look)
                dark = luminance(self.background()) < 0.2
                self.assertEqual(dark, look == "Dark", f"{look} chosen, the window is {self.background()}")
                # The list had no mark at all; a button and the sidebar are checked beside it.
                self.assert_marked_on_tab("Pending", "Pending requests")
                self.assert_marked_on_tab("Approve", "Reject")
                self.assert_marked_on_tab("Connection profile: Local. Choose another", "Navigation")
                self.save_for_docs(f"focus-mark-{look.lower()}")

    def test_the_chosen_look_is_kept_across_a_restart(self):
        self.assertGreater(luminance(self.background()), 0.2, "the window starts dark without being asked")
        self.choose_look("Dark")
        self.assertLess(luminance(self.background()), 0.2, "Dark was chosen, the window stayed light")
        self.key("ctrl+q")
        wait_until(lambda: self.find_named("Quit with requests waiting?"), "the question before quitting")
        self.key("alt+q")  # the request waiting is rejected
        self.assertEqual(self.desk.wait(30), 0)
        self.start_desk()
        self.requester = self.agent()
        self.requester.send("review", {"agent": "look-bot", "title": "seen", "timeout_s": 600,
                                       "payload": {"question": "seen?", "code": CODE}})
        self.show_inbox()
        self.assertLess(luminance(self.background()), 0.2, "the app forgot the dark look at a restart")
        self.choose_look("System")
        self.assertGreater(luminance(self.background()), 0.2, "following the system (light here) did not go back")


if __name__ == "__main__":
    unittest.main()
