# SPDX-License-Identifier: Apache-2.0
"""A person's decision that cannot be recorded (the disk is full: the app may not grow its
ledger) is not sent and not lost: the window says so, the request is back in review, and once
the disk has room the same key press decides it, recorded and answered (issue 26: every decision
is flushed off the UI thread, and answered after the flush)."""

import os
import resource
import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until

CODE = "print('needs a record')\n"


class UnrecordedDecisionTest(DeskWindowTest):

    def review(self, agent, title):
        rpc_id = agent.send("review", {"agent": "disk-bot", "title": title, "timeout_s": 600,
                                       "payload": {"question": f"{title}?", "code": CODE}})
        wait_until(lambda: self.find_named(title, pyatspi.ROLE_LABEL), f"the review of {title}")
        return rpc_id

    def test_a_decision_that_cannot_be_recorded_goes_back_to_review(self):
        # A first decision, recorded, so the ledger exists and its size is known.
        self.start_desk()
        agent = self.agent()
        self.key("ctrl+1")
        first = self.review(agent, "first")
        self.wait_for_approve_armed()
        self.key("ctrl+Return")
        self.assertEqual(agent.answer(first)["result"], "approve")
        self.assertEqual(len(self.ledger()), 1)
        self.desk.terminate()
        self.assertEqual(self.desk.wait(30), 0)

        # Again with a ledger that may not grow, as on a full disk (the app ignores SIGXFSZ); the
        # soft limit only, so that the disk can "get room" again below.
        size = os.path.getsize(os.path.join(self.data_dir, "ledger.jsonl"))
        self.start_desk(preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY)))
        agent = self.agent()
        self.key("ctrl+1")
        second = self.review(agent, "second")
        self.wait_for_approve_armed()
        self.key("ctrl+Return")
        wait_until(lambda: self.showing_text("Decisions cannot be recorded"), "the error that says why")
        wait_until(lambda: self.showing_text("back in the inbox"), "the window to say the request came back")
        wait_until(lambda: self.find(lambda n: n.name == "Code to review" and self.showing(n)
                                     and self.text_of(n) == CODE), "the request back in review")
        wait_until(lambda: self.showing_text("Not sent: the decision could not be recorded"),
                   "the list to say that nothing was sent")
        self.assertIsNone(self.showing_text("Sent to disk-bot"), "the window says a decision was sent")
        self.assertEqual(len(self.ledger()), 1)

        # Room again: the same decision, recorded, then answered.
        resource.prlimit(self.desk.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        self.wait_for_approve_armed()
        self.key("ctrl+Return")
        # The first answer to arrive: had the failed decision sent anything, it would be that.
        self.assertEqual(agent.answer(second)["result"], "approve")
        wait_until(lambda: self.showing_text("Sent to disk-bot: approve"), "the window to say it was sent")
        entries = self.ledger()
        self.assertEqual(len(entries), 2)
        self.assertEqual((entries[-1]["title"], entries[-1]["decided_by"]), ("second", "person"))


if __name__ == "__main__":
    unittest.main()
