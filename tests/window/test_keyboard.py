# SPDX-License-Identifier: Apache-2.0
"""The review with the keyboard only (issue 25): the decision keys work anywhere in the window
while the Inbox is shown, the sidebar included (defect 4), and Tab leaves the pending list for the
next control instead of walking its cells, and through the window's controls in reading order
(defect 5)."""

import unittest

import pyatspi

from deskwindow import DeskWindowTest, pump_events, wait_until

CODE = "print('hello')\n"
# Code that names a host, so that the table of what it would reach is on the sheet.
REACHING_CODE = "import requests\nrequests.get('http://example.com/')\n"

# The review's controls as a person reads the window: the sidebar, the page header, the request
# lists, the sheet top to bottom (the code, what it would reach; the question is the only other
# argument and reads once, above the code), the reason, the
# decision's buttons, and the status bar last. Edit and Discard edits are greyed for a review
# request and Tab skips them, as it skips every greyed control.
READING_ORDER = ["Navigation", "Show or hide the request list", "Pending", "Pending requests", "Previous request",
                 "Next request", "Request under review", "Code to review", "Destinations and risky operations",
                 "Reason for rejecting", "Approve", "Reject", "Standing rules for this request",
                 "Connection profile: Local. Choose another"]


class KeyboardTest(DeskWindowTest):

    def setUp(self):
        super().setUp()
        self.standin_call("sandbox", "create", "code-runner")
        self.start_desk()
        self.requester = self.agent()

    def ask(self, title, code=CODE):
        return self.requester.send("review", {"agent": "key-bot", "title": title, "timeout_s": 600,
                                             "payload": {"question": f"{title}?", "code": code}})

    def in_sidebar(self, node):
        parent = node.parent
        return (node.name == "Navigation" and node.getRole() == pyatspi.ROLE_LIST) or (
            parent is not None and parent.name == "Navigation")

    def in_pending_list(self, node):
        parent = node.parent
        return node.name == "Pending requests" or (parent is not None and parent.name == "Pending requests")

    def test_ctrl_return_approves_from_the_sidebar(self):
        rpc_id = self.ask("approve me from the sidebar")
        # Ctrl+1 shows the Inbox; the keyboard goes to the page list.
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("approve me from the sidebar", pyatspi.ROLE_TABLE_CELL),
                   "the request in the list")
        self.tab_to(self.in_sidebar, "the sidebar")
        # Approve arms half a second after the review is shown; until then the key does nothing
        # (the review says so), so it is pressed again until the agent has its answer.
        answer = {}

        def approved():
            if not answer:
                self.key("ctrl+Return")
                try:
                    answer.update(self.requester.answer(rpc_id, timeout=1))
                except AssertionError:
                    return False
            return True

        wait_until(approved, "Ctrl+Return in the sidebar to approve the request")
        self.assertEqual(answer.get("result"), "approve", answer)
        self.assertEqual([e.get("decided_by") for e in self.ledger()], ["person"])
        self.assertTrue(self.in_sidebar(self.focus), f"the keyboard stayed where it was: {self.describe(self.focus)}")

    def test_a_finished_run_leaves_the_keyboard_where_it_is(self):
        # The run's output takes the review's place when nothing else waits; the keyboard, and what
        # a screen reader is told of it, stays on the pending list (a focus event named the new
        # "Recent runs" row although the keyboard never went there).
        self.standin_call("sandbox", "pull", "code-runner", "python:3.12-slim")
        rpc_id = self.requester.send("run", {"agent": "key-bot", "title": "count to three", "code": CODE,
                                             "sandbox": "code-runner", "timeout_s": 600})
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("count to three", pyatspi.ROLE_TABLE_CELL), "the run in the list")
        self.tab_to(self.in_pending_list, "the pending list")
        self.wait_for_approve_armed()
        self.key("ctrl+Return")
        self.assertEqual(self.requester.answer(rpc_id)["result"]["decision"], "approve")
        runs = wait_until(lambda: self.find(lambda n: n.name == "Recent runs" and self.showing(n)
                                            and n.childCount > 0), "the run in Recent runs")
        wait_until(lambda: self.find(lambda n: self.showing(n) and "hello" in self.text_of(n)), "the run's output")
        pump_events()
        in_runs = self.focus is not None and (self.focus == runs or self.focus.parent == runs)
        self.assertFalse(in_runs, f"a screen reader was told the keyboard went to {self.describe(self.focus)}")
        self.assertTrue(self.in_pending_list(self.focus), f"the keyboard is on {self.describe(self.focus)}")

    def test_edit_and_respond_with_the_keyboard(self):
        # An edit approved with Ctrl+Return answers the edited code, and a response typed after
        # Ctrl+R answers the text; after each the keyboard is back on the pending list.
        edit_id = self.requester.send("review", {"agent": "key-bot", "title": "edit me", "timeout_s": 600, "payload": {
            "action_requests": [{"name": "python_repl", "args": {"code": "print(1)\n"}}],
            "review_configs": [{"action_name": "python_repl", "allowed_decisions": ["approve", "edit", "reject"]}]}})
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("edit me", pyatspi.ROLE_TABLE_CELL), "the request in the list")
        self.tab_to(self.in_pending_list, "the pending list")
        self.wait_for_approve_armed()
        self.press_and_wait_focus("e", lambda n: n.name == "Code to review", "the code, editable")
        self.key("ctrl+End")
        self.xdo("type", "--delay", "10", "print(2)")
        wait_until(lambda: "print(2)" in self.text_of(self.focus), "the line typed")
        wait_until(lambda: self.find(lambda n: self.showing(n) and n.name == "Approve edited"
                                     and n.getState().contains(pyatspi.STATE_ENABLED)), "Approve edited, armed")
        self.key("ctrl+Return")
        (decision,) = self.requester.answer(edit_id)["result"]["decisions"]
        self.assertEqual(decision["type"], "edit", decision)
        self.assertEqual(decision["edited_action"]["args"]["code"], "print(1)\nprint(2)")
        wait_until(lambda: self.in_pending_list(self.focus), "the keyboard back on the pending list after the edit")

        respond_id = self.requester.send("review", {"agent": "key-bot", "title": "answer me", "timeout_s": 600,
                                                    "payload": [{"action_request": {"action": "ask_user",
                                                                                    "args": {"question": "Which file?"}},
                                                                 "config": {"allow_ignore": True, "allow_respond": True,
                                                                            "allow_edit": False, "allow_accept": False},
                                                                 "description": "Pick the input"}]})
        wait_until(lambda: self.find_named("answer me", pyatspi.ROLE_TABLE_CELL), "the second request in the list")
        self.press_and_wait_focus("ctrl+r", lambda n: n.getRole() in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY)
                                  and "respon" in n.name.lower(), "the response field")
        self.xdo("type", "--delay", "10", "sales.csv")
        wait_until(lambda: self.text_of(self.focus) == "sales.csv", "the response typed")
        self.key("Return")
        (answer,) = self.requester.answer(respond_id)["result"]
        self.assertEqual(answer, {"type": "response", "args": "sales.csv"})
        wait_until(lambda: self.in_pending_list(self.focus), "the keyboard back on the pending list after the response")

    def test_tab_leaves_the_pending_list(self):
        self.ask("first")
        self.ask("second")
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("first", pyatspi.ROLE_TABLE_CELL), "the first request in the list")
        self.tab_to(self.in_pending_list, "the pending list")
        # One more Tab leaves the list (a table's default walks its cells: agent, title, kind...).
        self.press_and_wait_focus("Tab", lambda n: not self.in_pending_list(n), "a control after the pending list")
        # Still both requests, none decided by the keys.
        self.assertIsNotNone(self.find_named("first", pyatspi.ROLE_TABLE_CELL))

    def test_tab_follows_the_reading_order(self):
        self.ask("in reading order", REACHING_CODE)
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("in reading order", pyatspi.ROLE_TABLE_CELL), "the request in the list")
        # Approve arms after a moment; greyed until then, Tab would skip it.
        self.wait_for_approve_armed()
        self.tab_to(lambda n: n.name == "Navigation", "the sidebar")
        walked = []
        for _ in range(len(READING_ORDER)):
            walked.append(self.press_and_wait_focus("Tab", lambda n: True, "the next control").name)
        # Once round: after the status bar Tab is back in the sidebar.
        self.assertEqual(walked, READING_ORDER[1:] + READING_ORDER[:1])
        # Shift+Tab walks the same way back.
        back = [self.press_and_wait_focus("shift+Tab", lambda n: True, "the control before").name for _ in range(3)]
        self.assertEqual(back, ["Connection profile: Local. Choose another", "Standing rules for this request",
                                "Reject"])


if __name__ == "__main__":
    unittest.main()
