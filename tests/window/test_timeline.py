# SPDX-License-Identifier: Apache-2.0
"""The Timeline after a start (issue 25, defect 1): the sandbox the box shows is loaded, with the
base checkpoint and the rewind option timeline.json keeps, not "Choose a sandbox" beside a box
naming one and every button greyed."""

import json
import os
import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until


class TimelineAfterStartTest(DeskWindowTest):

    def test_the_sandbox_shown_is_loaded_with_its_base_and_option(self):
        self.standin_call("sandbox", "create", "code-runner")
        self.standin_call("checkpoint", "code-runner", "--label", "clean")
        # What an earlier session saved: "Use as base" on clean and the option ticked.
        os.makedirs(self.data_dir, exist_ok=True)
        with open(os.path.join(self.data_dir, "timeline.json"), "w", encoding="utf-8") as f:
            json.dump({"sandboxes": {"code-runner": {"base": "clean", "reset_after_run": True}}, "forks": []}, f)
        self.start_desk()
        self.key("ctrl+4")  # the Timeline, fourth in the sidebar

        def option():
            return self.find_named("Rewind to base after every approved run", pyatspi.ROLE_CHECK_BOX)

        box = wait_until(option, "the Timeline page")
        wait_until(lambda: self.find(lambda n: self.showing(n) and "Base: clean" in self.readable(n)),
                   "the base checkpoint read back from timeline.json")
        self.assertTrue(box.getState().contains(pyatspi.STATE_CHECKED),
                        "the rewind option saved in timeline.json is not ticked")
        self.assertIsNone(self.find(lambda n: self.showing(n) and "Choose a sandbox" in self.readable(n)),
                          "the page asks for a sandbox although its box names one")
        # The checkpoint itself is on the timeline, and what acts on the sandbox can be used.
        wait_until(lambda: self.find(lambda n: self.showing(n) and n.getRole() != pyatspi.ROLE_LABEL
                                     and "clean" in self.readable(n) and "Base:" not in self.readable(n)),
                   "the checkpoint clean on the timeline")
        checkpoint_now = self.find(lambda n: self.showing(n) and n.name.startswith("Checkpoint now"))
        self.assertIsNotNone(checkpoint_now, "no Checkpoint now button")
        self.assertTrue(checkpoint_now.getState().contains(pyatspi.STATE_ENABLED),
                        "Checkpoint now is greyed although a sandbox is shown")
        self.save_for_docs("timeline-after-restart")


if __name__ == "__main__":
    unittest.main()
