# SPDX-License-Identifier: Apache-2.0
"""A screen reader reads the review (issue 25): everything a sighted person reads on it is in the
accessibility tree, as the name of what shows it or its text, and every control has a name."""

import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until

TITLE = "Tidy the build logs"
QUESTION = "May I remove the logs older than a week?"
AGENT = "tidy-bot"
CODE = "import pathlib\nfor p in pathlib.Path('logs').glob('*.log'):\n    print(p)\n"


class ReviewReadingTest(DeskWindowTest):

    def setUp(self):
        super().setUp()
        self.start_desk_with_code_runner()
        self.agent_socket = self.agent()

    def read_aloud(self):
        """What a screen reader can reach on screen: every showing object's name, description, text."""
        return [self.readable(n) for n in self.nodes() if self.showing(n)]

    def shown_in_review(self, words):
        return any(words in part for part in self.read_aloud())

    def test_a_run_request_reads_in_full(self):
        self.agent_socket.send("run", {"code": CODE, "agent": AGENT, "title": TITLE, "sandbox": "code-runner",
                                       "image": "python:3.12-slim", "timeout_s": 600})
        self.key("ctrl+1")
        title = wait_until(lambda: self.find_named(TITLE, pyatspi.ROLE_LABEL),
                           f"a label named {TITLE!r} (the title as a screen reader reads it)")
        self.assertIn("title", title.description.lower(), "the title's label says what it is in its description")
        # Where the code runs, and what it may reach: the label's name is the policy it shows.
        # (It is empty, then reads "checking sandboxes…", until the app has the list from kosa8:
        # waited for until it names the policy, which the wait for "not checking" alone raced.)
        policy = wait_until(lambda: self.find(lambda n: n.description == "Sandbox network policy"
                                              and self.showing(n) and "network" in n.name.lower()),
                            "the sandbox network policy on screen")
        self.assertTrue(policy.name and policy.name != policy.description,
                        f"the network policy reads {policy.name!r}, not what it is")
        self.assertIn("network", policy.name.lower())
        checkpoint = self.find(lambda n: n.description == "Checkpoint taken before the run" and self.showing(n))
        self.assertIsNotNone(checkpoint, "the checkpoint line is on screen")
        self.assertTrue(checkpoint.name and checkpoint.name != checkpoint.description,
                        f"the checkpoint line reads {checkpoint.name!r}")
        details = self.find(lambda n: n.description == "Request details" and self.showing(n))
        self.assertIsNotNone(details, "the request's details are on screen")
        self.assertIn(AGENT, details.name, "the details name the agent that asks")
        # The code, in the editor's text.
        self.assertTrue(self.shown_in_review("pathlib.Path('logs')"), "the code is readable")
        self.assert_every_control_named()
        self.save_for_docs("review-run", tree=True)

    def test_the_question_of_a_review_reads_as_asked(self):
        self.agent_socket.send("review", {"agent": AGENT, "title": TITLE, "timeout_s": 600,
                                          "payload": {"question": QUESTION, "code": CODE}})
        self.key("ctrl+1")
        wait_until(lambda: self.find_named(TITLE, pyatspi.ROLE_LABEL), "the title")
        question = wait_until(lambda: self.find(lambda n: QUESTION in (n.name or "") and self.showing(n)),
                              f"the question {QUESTION!r} as the name of what shows it")
        self.assertEqual(question.getRole(), pyatspi.ROLE_LABEL)
        self.assertIn("asks", question.description, "the question's label says what it is")
        self.assert_every_control_named()

    def assert_every_control_named(self):
        """Buttons, fields and lists on screen have a name that says what they do."""
        roles = {pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
                 pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY, pyatspi.ROLE_LIST,
                 pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_PAGE_TAB}
        unnamed = []
        for node in self.nodes():
            if node.getRole() in roles and self.showing(node) and not node.name:
                unnamed.append(f"{node.getRoleName()} under {node.parent.getRoleName()} {node.parent.name!r}")
        self.assertEqual(unnamed, [], "controls on screen without a name")


if __name__ == "__main__":
    unittest.main()
