# SPDX-License-Identifier: Apache-2.0
"""The inbox's History tab at the window's default size (issue 25, defect 6): its filters were
crushed to two letters each ("Ar", "de", "Fro") in the strip beside the review; laid out two to
a row there, every filter is wide enough to read its choice, and the review keeps its width."""

import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until

FILTERS = ["Actor", "Action", "Sandbox", "Decided by", "From time (UTC)", "To time (UTC)", "Filter text"]


class InboxHistoryTest(DeskWindowTest):

    def test_the_filters_are_readable_beside_the_review(self):
        self.start_desk_with_code_runner()
        self.xdo("windowsize", "--sync", self.window, "1180", "760")
        self.agent().send("review", {"agent": "look-bot", "title": "beside", "timeout_s": 600,
                                     "payload": {"question": "beside?", "code": "print(1)\n"}})
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("beside", pyatspi.ROLE_LABEL), "the review")
        self.key("alt+t")  # Alt+H is the Help menu's
        wait_until(lambda: self.find_named("Decided by"), "the History tab's filters")
        fields = {pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY, pyatspi.ROLE_SPIN_BUTTON,
                  pyatspi.ROLE_DATE_EDITOR}
        for name in FILTERS:
            # A combo box reads out its choice as its name and what it filters as its description.
            node = self.find(lambda n, name=name: name in (n.name, n.description) and n.getRole() in fields
                             and self.showing(n))
            self.assertIsNotNone(node, f"no {name} filter in view")
            width = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width
            # Room for a choice such as "Any action" or a date and time: about ten characters.
            self.assertGreaterEqual(width, 100, f"the {name} filter is {width} px wide")
        title = self.find_named("beside", pyatspi.ROLE_LABEL)
        self.assertTrue(self.showing(title), "the review left the window")


if __name__ == "__main__":
    unittest.main()
