# SPDX-License-Identifier: Apache-2.0
"""A trial in a throwaway copy (issue 28), as a person meets it: a sandbox made with the guided
set-up, an agent's run request, Ctrl+Shift+Y on its sheet; Approve stays greyed while the trial
runs; the sheet then shows the exact commands, the output, the exit code, and that the real sandbox
was not touched; the copy is gone, the ledger records the trial, the agent hears nothing of it; an
edit marks the result as tried before the edit; the person's approval then runs the code for real;
the command log lists the trial's commands. A sandbox made elsewhere is not tried, and a copy left
by a killed app is listed as one and removed at a later start."""

import json
import os
import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until

CODE = ("# stdout: hello from the trial\n# exit: 3\nimport urllib.request\n"
        "print(urllib.request.urlopen('https://pypi.org/simple/').status)\n")


class TrialTest(DeskWindowTest):

    def sandboxes(self):
        with open(os.path.join(self.state_dir, "state.json"), encoding="utf-8") as f:
            return {s["name"]: s for s in json.load(f)["sandboxes"]}

    def runs(self):
        return self.json_lines(os.path.join(self.state_dir, "runs.jsonl"))

    def write_faults(self, faults):
        with open(os.path.join(self.state_dir, "faults.json"), "w", encoding="utf-8") as f:
            json.dump(faults, f)

    def set_up_code_runner(self):
        """The guided set-up makes code-runner (no host folders), as a person would."""
        self.start_desk()
        self.key("ctrl+2")
        wait_until(lambda: self.find_named("Set up a code sandbox…", pyatspi.ROLE_PUSH_BUTTON),
                   "the set-up on the Sandboxes toolbar")
        self.key("ctrl+shift+n")
        wait_until(lambda: self.find_named("Run the setup", pyatspi.ROLE_PUSH_BUTTON), "the set-up dialog")
        self.tab_to(lambda n: n.name == "Run the setup" and n.getRole() == pyatspi.ROLE_PUSH_BUTTON, "Run the setup")
        self.key("space")
        wait_until(lambda: self.showing_text("code-runner is ready"), "the set-up to say code-runner is ready")
        self.key("Escape")
        wait_until(lambda: not self.find_named("Run the setup"), "the set-up dialog to close")
        wait_until(lambda: self.find_named("code-runner", pyatspi.ROLE_TABLE_CELL), "code-runner listed")

    def try_button(self):
        return self.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Try in a throwaway copy"
                         and self.showing(n))

    def approve_button(self):
        return self.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name.startswith("Approve")
                         and self.showing(n))

    def test_a_trial_runs_in_a_copy_and_decides_nothing(self):
        self.set_up_code_runner()
        agent = self.agent()
        rpc_id = agent.send("run", {"code": CODE, "agent": "trial-bot", "title": "Say hello",
                                    "sandbox": "code-runner", "image": "python:3.12-slim", "timeout_s": 600})
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("Say hello", pyatspi.ROLE_LABEL), "the run request's sheet")
        button = wait_until(lambda: (b := self.try_button()) is not None
                            and b.getState().contains(pyatspi.STATE_ENABLED) and b, "Try in a throwaway copy enabled")
        self.wait_for_approve_armed()
        # The code takes a while in the copy, so the sheet can be read while the trial runs.
        self.write_faults({"sandbox run": {"mode": "delay", "ms": 2500}})
        self.key("ctrl+shift+y")
        wait_until(lambda: self.showing_text("Trial running"), "the sheet to say the trial runs")
        self.assertFalse(self.approve_button().getState().contains(pyatspi.STATE_ENABLED),
                         "Approve is not greyed while the trial runs")
        self.assertFalse(button.getState().contains(pyatspi.STATE_ENABLED), "a second trial can be started")
        summary = wait_until(lambda: self.showing_text("Exit code 3 after"), "the trial's result")
        self.write_faults({})
        text = self.readable(summary)
        self.assertIn("in the throwaway copy code-runner-fork1", text)
        self.assertIn("The copy code-runner-fork1 was removed.", text)
        self.assertIn("The real sandbox code-runner was not touched, and the agent was told nothing.", text)
        # Every step's exact command on the sheet, in order.
        commands = wait_until(lambda: self.find(lambda n: n.description == "Commands of the trial"
                                                and self.showing(n)), "the trial's commands")
        lines = self.readable(commands)
        at = 0
        for words in ("sandbox ls", "fork code-runner -n 1", "sandbox egress code-runner-fork1 --egress deny",
                      "sandbox ls", "sandbox run code-runner-fork1 python:3.12-slim", "sandbox rm code-runner-fork1"):
            found = lines.find(words, at)
            self.assertGreaterEqual(found, 0, f"{words!r} is not among the commands after the one before: {lines}")
            at = found + len(words)
        output = self.find_named("Output of the trial")
        wait_until(lambda: "hello from the trial" in self.text_of(output), "the code's output in the trial's console")
        # kosa8's side: the code ran in the copy only, and the copy is gone.
        self.assertEqual([r["sandbox"] for r in self.runs()], ["code-runner-fork1"])
        self.assertEqual(sorted(self.sandboxes()), ["code-runner"])
        # The ledger's side: a trial, by the person, with its copy and exit code; no decision.
        trials = [e for e in self.ledger() if e["decision"] == "trial"]
        self.assertEqual(len(trials), 1, self.ledger())
        self.assertEqual((trials[0]["decided_by"], trials[0]["copy"], trials[0]["exit_code"]),
                         ("person", "code-runner-fork1", 3))
        self.assertEqual(len(self.ledger()), 1)
        if os.environ.get("KOSA8_WINDOW_SHOTS"):
            # The result beside what the code would reach: the sheet scrolled down by the wheel.
            self.xdo("mousemove", "900", "450")
            self.xdo("click", "--repeat", "4", "5")
            self.save_for_docs("review-trial-result")

        # An edit after the trial: the result is marked as the earlier code's.
        self.wait_for_approve_armed()
        self.key("ctrl+e")
        wait_until(lambda: self.focus is not None and self.focus.getRole() == pyatspi.ROLE_TEXT
                   and "hello from the trial" in self.text_of(self.focus), "the code editor to take the keyboard")
        self.key("ctrl+End")
        self.xdo("type", "--delay", "10", "# x")
        wait_until(lambda: self.showing_text("Tried before your edit"), "the result to be marked stale")

        # The person approves: the code runs for real, in code-runner, and only that reaches the agent.
        self.wait_for_approve_armed()
        self.key("ctrl+Return")
        answer = agent.answer(rpc_id)
        result = answer["result"]
        self.assertEqual(result["exit_code"], 3)
        self.assertEqual(result["sandbox"], "code-runner")
        self.assertNotIn("fork1", json.dumps(result))  # nothing of the trial
        self.assertEqual([r["sandbox"] for r in self.runs()], ["code-runner-fork1", "code-runner"])
        # The command log lists every step of the trial too, as the commands ran.
        self.key("ctrl+3")
        log = wait_until(lambda: self.find_named("Commands run"), "the command log")
        shown = " | ".join(self.readable(n) for n in self.nodes(log))
        for words in ("fork code-runner -n 1", "sandbox egress code-runner-fork1 --egress deny",
                      "sandbox run code-runner-fork1", "sandbox rm code-runner-fork1"):
            self.assertIn(words, shown)

    def test_a_sandbox_not_made_here_is_not_tried(self):
        # Made outside kosa8 Desk: whether host folders are mounted in it is not known, and a copy
        # could share them. The button is greyed and the sheet says why, in words read out too.
        self.standin_call("sandbox", "create", "outside")
        self.standin_call("sandbox", "pull", "outside", "python:3.12-slim")
        self.start_desk()
        self.agent().send("run", {"code": CODE, "agent": "trial-bot", "title": "Elsewhere", "sandbox": "outside",
                                  "image": "python:3.12-slim", "timeout_s": 600})
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("Elsewhere", pyatspi.ROLE_LABEL), "the run request's sheet")
        why = wait_until(lambda: self.showing_text("kosa8 Desk has no record of creating outside"), "why no trial")
        self.assertIn("A trial is not possible", self.readable(why))
        button = self.try_button()
        self.assertFalse(button.getState().contains(pyatspi.STATE_ENABLED))
        self.assertIn("has no record of creating outside", button.description)
        self.key("ctrl+shift+y")
        self.wait_for_approve_armed()
        self.assertFalse(any(c[0] == "fork" for c in self.standin_argv()), "the key started a trial")

    def test_a_copy_left_by_a_killed_app_is_removed_at_the_next_start(self):
        self.set_up_code_runner()
        self.agent().send("run", {"code": CODE, "agent": "trial-bot", "title": "Hangs", "sandbox": "code-runner",
                                  "image": "python:3.12-slim", "timeout_s": 600})
        self.key("ctrl+1")
        wait_until(lambda: (b := self.try_button()) is not None and b.getState().contains(pyatspi.STATE_ENABLED),
                   "Try in a throwaway copy enabled")
        self.write_faults({"sandbox run": {"mode": "hang"}})
        self.key("ctrl+shift+y")
        wait_until(lambda: any(c[:2] == ["sandbox", "run"] for c in self.standin_argv()), "the code to run in the copy")
        self.desk.kill()
        self.desk.wait()
        self.assertIn("code-runner-fork1", self.sandboxes(), "the copy was removed before the app was killed")
        # The next start: kosa8 will not remove the copy. The window says so, and the sandbox list
        # says what the copy is.
        self.write_faults({"sandbox rm": {"mode": "exit", "code": 1, "message": "kosa8: sandbox is busy"},
                           "sandbox stop": {"mode": "exit", "code": 1, "message": "kosa8: sandbox is busy"}})
        self.start_desk()
        wait_until(lambda: self.showing_text("Throwaway copies could not be removed"), "the window to say why not")
        self.assertIsNotNone(self.showing_text("sandbox is busy"), "the message does not say kosa8's reason")
        self.key("ctrl+2")
        copy = wait_until(lambda: self.find(lambda n: n.getRole() == pyatspi.ROLE_TABLE_CELL
                                            and n.name == "code-runner-fork1" and self.showing(n)), "the copy listed")
        self.assertIn("throwaway copy kosa8 Desk made for a trial", copy.description)
        self.assertIn("code-runner-fork1", self.sandboxes())
        # And the start after that, with kosa8 willing: the copy goes.
        self.desk.kill()
        self.desk.wait()
        self.write_faults({})
        self.start_desk()
        wait_until(lambda: "code-runner-fork1" not in self.sandboxes(), "the leftover copy to be removed")
        wait_until(lambda: self.showing_text("Removed the copies left by earlier trials: code-runner-fork1"),
                   "the window to say the leftover was removed")
        self.assertEqual(sorted(self.sandboxes()), ["code-runner"])

    def standin_argv(self):
        return [call["argv"] for call in self.json_lines(os.path.join(self.state_dir, "calls.jsonl"))]


if __name__ == "__main__":
    unittest.main()
