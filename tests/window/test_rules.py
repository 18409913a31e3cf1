# SPDX-License-Identifier: Apache-2.0
"""Standing rules as a person meets them (issue 25, defect 3): saved from the review with the
keyboard, they decide the same request next time; the rules editor shows what each one
approves (the code, where it runs, the other fields), not only a generated name and a hash; a
rule is renamed there, rules.json keeps its earlier name, and the ledger entries it decided
before keep the name they were decided by."""

import json
import os
import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until

RUN = {"agent": "rule-bot", "title": "sum numbers", "code": "print(sum([1, 2, 3]))\n", "language": "python",
       "sandbox": "code-runner", "timeout_s": 600}
REVIEW = {"agent": "rule-bot", "title": "list files", "timeout_s": 600,
          "payload": {"question": "List the files?", "code": "import os\nprint(os.listdir('.'))\n"}}


class RulesTest(DeskWindowTest):

    def setUp(self):
        super().setUp()
        self.start_desk_with_code_runner()
        self.requester = self.agent()

    def rules_on_disk(self):
        with open(os.path.join(self.data_dir, "rules.json"), encoding="utf-8") as f:
            return json.load(f)["rules"]

    def always_approve(self, title):
        """The review of `title` on screen: Always… > Always approve this action as shown…, Save."""
        self.key("ctrl+1")
        # The new request takes the review's place, though the last run's output was there and
        # Tab passed its list (which used to choose that run and hide the request).
        wait_until(lambda: self.find_named(title, pyatspi.ROLE_LABEL), f"the review of {title}")
        self.always_approve_shown()

    def approve_in_view(self, rpc_id):
        self.key("ctrl+Return")
        return self.requester.answer(rpc_id)

    def test_rules_show_what_they_approve_and_can_be_renamed(self):
        # Two requests, each saved as a rule, each then approved by the person.
        first = self.requester.send("run", RUN)
        self.always_approve("sum numbers")
        answer = self.approve_in_view(first)
        self.assertEqual(answer["result"]["decision"], "approve", answer)
        second = self.requester.send("review", REVIEW)
        self.always_approve("list files")
        self.assertEqual(self.approve_in_view(second).get("result"), "approve")
        rules = self.rules_on_disk()
        self.assertEqual(len(rules), 2, rules)
        run_rule = next(r for r in rules if r["name"].startswith("approve-run-"))
        self.assertEqual(run_rule["action"], {"method": "run", "language": "python", "code": RUN["code"],
                                              "sandbox": "code-runner", "image": "python:3.12-slim",
                                              "checkpoint": True})
        # The same run again is decided by its rule, without the person.
        again = self.requester.call("run", RUN)
        self.assertEqual(again["result"]["decision"], "approve", again)
        self.assertEqual(self.ledger()[-1]["decided_by"], "rule:" + run_rule["name"])

        # The editor shows what the run rule approves.
        self.key("ctrl+shift+u")
        table = wait_until(lambda: self.find_named("Standing rules", pyatspi.ROLE_TABLE), "the rules editor")
        self.tab_to(lambda n: n.getRole() == pyatspi.ROLE_TABLE and n.name == "Standing rules", "the rules table")
        wait_until(lambda: self.find_named(run_rule["name"], pyatspi.ROLE_TABLE_CELL), "the run rule listed")
        self.key("Home")
        place = wait_until(lambda: self.find(lambda n: self.showing(n) and "A run of python code" in self.readable(n)),
                           "what the first rule approves")
        self.assertIn("sandbox code-runner, image python:3.12-slim, with a checkpoint first", self.readable(place))
        code = self.find_named("Code the rule approves")
        self.assertIsNotNone(code, "no code shown for the run rule")
        self.assertEqual(self.text_of(code).rstrip("\n"), RUN["code"].rstrip("\n"))
        self.assertTrue(any(self.showing(n) and "run python in code-runner: print(sum([1, 2, 3]))" in self.readable(n)
                            for n in self.nodes(table)), "the table does not say what the rule runs")
        self.save_for_docs("rules-editor-two-rules")

        # Renamed with the keyboard: Alt+A to the name field, a new name, Return.
        self.press_and_wait_focus("alt+a", lambda n: n.name == "Name of the selected rule", "the name field")
        self.key("ctrl+a")
        self.xdo("type", "--delay", "10", "sum-demo")
        wait_until(lambda: self.text_of(self.focus) == "sum-demo", "the new name typed")
        self.key("Return")
        wait_until(lambda: any(r["name"] == "sum-demo" for r in self.rules_on_disk()), "rules.json to hold the new name")
        renamed = next(r for r in self.rules_on_disk() if r["name"] == "sum-demo")
        self.assertEqual(renamed["earlier_names"], [run_rule["name"]])
        self.assertTrue(self.showing(table), "Return in the name field closed the editor")
        wait_until(lambda: self.find(lambda n: self.showing(n) and run_rule["name"] in self.readable(n)
                                     and "Earlier names" in self.readable(n)), "the earlier name shown")
        # Past decisions keep the name that decided them; the next one carries the new name.
        self.assertEqual(self.ledger()[-1]["decided_by"], "rule:" + run_rule["name"])
        self.key("Escape")
        wait_until(lambda: not self.showing(table), "the editor to close")
        after = self.requester.call("run", RUN)
        self.assertEqual(after["result"]["decision"], "approve", after)
        self.assertEqual(self.ledger()[-1]["decided_by"], "rule:sum-demo")


if __name__ == "__main__":
    unittest.main()
