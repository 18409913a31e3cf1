# SPDX-License-Identifier: Apache-2.0
"""The Sandboxes page at the window's default size (1180 x 760, MainWindow) shows every action of
its toolbar, the guided set-up included, none behind "»" (issue 25, defect 11), and the count
under the list reads in English ("1 sandbox", not "1 sandbox(es)"; defect 12)."""

import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until


class SandboxesToolbarTest(DeskWindowTest):

    def test_every_action_in_view_at_the_default_size(self):
        self.start_desk_with_code_runner()
        self.xdo("windowsize", "--sync", self.window, "1180", "760")
        self.key("ctrl+2")
        wait_until(lambda: self.find_named("code-runner", pyatspi.ROLE_TABLE_CELL), "code-runner listed")
        buttons = wait_until(lambda: [n for n in self.nodes() if n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                      and n.parent is not None and n.parent.getRole() == pyatspi.ROLE_TOOL_BAR],
                             "the toolbar's buttons")
        names = {b.name: self.showing(b) for b in buttons}
        self.assertIn("More sandbox actions", names, "the toolbar's extension has no name")
        self.assertFalse(names.pop("More sandbox actions"), "the toolbar's extension (») is shown")
        hidden = [name for name, showing in names.items() if not showing]
        self.assertEqual(hidden, [], f"behind the toolbar's extension: {hidden} (all: {names})")
        self.assertGreaterEqual(len(names), 9, names)
        self.assertIn("1 sandbox", " ".join(self.readable(n) for n in self.nodes() if self.showing(n)))


if __name__ == "__main__":
    unittest.main()
