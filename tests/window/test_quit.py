# SPDX-License-Identifier: Apache-2.0
"""Quitting with requests waiting (issue 25, defect 9): Ctrl+Q asks first, says how many wait and
that they will be rejected; Cancel keeps the app and the requests; agreeing rejects each one and
tells its agent. A session-ending signal (SIGTERM) asks nothing: there is nobody to answer."""

import signal
import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until


class QuitTest(DeskWindowTest):

    def setUp(self):
        super().setUp()
        self.standin_call("sandbox", "create", "code-runner")
        self.start_desk()
        self.requester = self.agent()
        self.waiting = [self.requester.send("review", {"agent": "quit-bot", "title": title, "timeout_s": 600,
                                                       "payload": {"question": f"{title}?", "code": "print(1)\n"}})
                        for title in ("first", "second")]
        wait_until(lambda: self.find_named("Inbox, waiting requests: 2"), "both requests in the inbox")

    def test_quit_asks_when_requests_wait(self):
        self.key("ctrl+q")
        question = wait_until(lambda: self.find_named("Quit with requests waiting?"), "the question before quitting")
        said = " ".join(self.readable(n) for n in self.nodes(question) if self.showing(n))
        self.assertIn("2 requests from agents wait for your decision", said)
        self.assertIn("rejected", said)
        # Cancel (the default, Escape): nothing quits, nothing is decided.
        self.key("Escape")
        wait_until(lambda: not self.find_named("Quit with requests waiting?"), "the question to close")
        self.assertIsNone(self.desk.poll(), "the app quit although the person cancelled")
        self.assertEqual(self.ledger(), [])
        self.assertIsNotNone(self.find_named("Inbox, waiting requests: 2"))
        # Agreeing rejects both, each agent is told, and the app ends cleanly.
        self.key("ctrl+q")
        wait_until(lambda: self.find_named("Quit with requests waiting?"), "the question again")
        self.key("alt+q")
        self.assertEqual(self.desk.wait(30), 0)
        for rpc_id in self.waiting:
            answer = self.requester.answer(rpc_id)
            self.assertEqual(answer.get("result"), "reject", answer)
        self.assertEqual(sorted(e.get("decided_by") for e in self.ledger()), ["shutdown", "shutdown"])

    def test_a_signal_asks_nothing(self):
        self.desk.send_signal(signal.SIGTERM)
        self.assertEqual(self.desk.wait(30), 0)
        for rpc_id in self.waiting:
            self.assertEqual(self.requester.answer(rpc_id).get("result"), "reject")


if __name__ == "__main__":
    unittest.main()
