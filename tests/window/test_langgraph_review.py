# SPDX-License-Identifier: Apache-2.0
"""A LangGraph server's interrupt reviewed in the window (issue 27): the app started with
``--langgraph URL`` against a real ``langgraph dev``; the graph (tests/core/agent/langgraph/graph)
stops at ``interrupt({"question", "code"})`` with no kosa8 Desk client in it. The person sees where
it waits, approves with the keyboard, and the server's thread goes on with the answer; an interrupt
someone resumes elsewhere while it is in view says so on the sheet.

Needs KOSA8_AGENT_PYTHON (the test virtual environment, with langgraph-cli[inmem] and its SDK)."""

import pyatspi

from deskwindow import DeskWindowTest, wait_until
from langgraph_dev import LangGraphDev


class LangGraphReviewTest(DeskWindowTest):

    def setUp(self):
        super().setUp()
        self.server = LangGraphDev(self)
        self.server_url = self.server.url
        self.server_name = self.server.name
        self.lg = self.server.lg
        self.thread_state = self.server.thread_state
        self.standin_call("sandbox", "create", "code-runner")
        self.start_desk("--langgraph", self.server_url)

    def review_of(self, code):
        """Ctrl+1, then the sheet showing `code`; returns the details line."""
        self.key("ctrl+1")
        wait_until(lambda: self.find(lambda n: n.name == "Code to review" and self.showing(n)
                                     and self.text_of(n) == code), "the interrupt's code in review")
        return wait_until(lambda: self.find(lambda n: n.getRole() == pyatspi.ROLE_LABEL and self.showing(n)
                                            and "on LangGraph server" in n.name), "the line saying where it waits")

    def test_a_person_approves_a_servers_interrupt_and_the_graph_goes_on(self):
        code = "print(sum(range(10)))"
        thread_id = self.lg("start", "gate", code).stdout.strip()
        details = self.review_of(code)
        self.assertIn(f"on LangGraph server {self.server_name}", details.name)
        self.assertIn(f"thread {thread_id}", details.name)
        self.assertIn("From gate", details.name)
        self.save_for_docs("langgraph-interrupt", tree=True)
        self.wait_for_approve_armed()
        self.key("ctrl+Return")
        state = wait_until(lambda: (lambda s: s if s["status"] == "idle" else None)(self.thread_state(thread_id)),
                           "the server's thread to go on")
        self.assertEqual(state["values"]["decision"], "approve")
        entry = wait_until(lambda: next((e for e in reversed(self.ledger()) if e.get("thread_id") == thread_id), None),
                           "the ledger entry")
        self.assertEqual((entry["source"], entry["server"], entry["decision"], entry["decided_by"], entry["agent"]),
                         ("langgraph", self.server_url, "approve", "person", "gate"))
        # History says where it came from and links the entry to its thread on the server.
        self.key("ctrl+5")
        wait_until(lambda: self.find_named("History entries"), "the History page")
        self.tab_to(lambda n: n.getRole() in (pyatspi.ROLE_TABLE, pyatspi.ROLE_TABLE_CELL), "the History table", most=20)
        self.key("ctrl+Home")

        def decision_selected():
            # kosa8's own entry (the sandbox made before the app started) is listed too: down to the decision.
            details = self.find(lambda n: n.name == "Details of the selected entry" and self.showing(n))
            if details is not None and "Source: desk" in self.text_of(details):
                return details
            self.key("Down")
            return None
        details = wait_until(decision_selected, "the decision's entry to be selected")
        self.assertIn(f"Request from: LangGraph server {self.server_url}", self.text_of(details))
        thread_link = self.find_named("Open the thread on its server", pyatspi.ROLE_PUSH_BUTTON)
        self.assertTrue(thread_link.getState().contains(pyatspi.STATE_ENABLED))
        self.assertEqual(thread_link.description, f"{self.server_url}/threads/{thread_id}")

    def test_a_person_edits_one_agents_call_and_rejects_anothers_with_a_reason(self):
        # LangChain's create_agent with HumanInTheLoopMiddleware in the server (graph hitl_one): one
        # run_python call each, the code being what the agent was asked.
        edited = self.lg("ask", "hitl_one", "print('draft')").stdout.strip()
        self.review_of("print('draft')")
        self.wait_for_approve_armed()
        self.key("ctrl+e")
        wait_until(lambda: self.focus if self.focus is not None and self.focus.name == "Code to review"
                   and self.focus.getState().contains(pyatspi.STATE_EDITABLE) else None, "the code editor")
        self.key("ctrl+a")
        self.xdo("type", "--delay", "10", "print('edited')")
        wait_until(lambda: self.text_of(self.focus) == "print('edited')", "the edit typed")
        self.press_and_wait_focus("ctrl+Tab", lambda n: n.name != "Code to review", "out of the code editor")
        self.key("ctrl+Return")
        state = wait_until(lambda: (lambda s: s if s["status"] == "idle" else None)(self.thread_state(edited)),
                           "the agent to go on with the edited call")
        (tool,) = [m for m in state["values"]["messages"] if m["type"] == "tool"]
        # The tool ran the edited code (the middleware puts a note of the edit before its answer).
        self.assertTrue(tool["content"].endswith("ran print('edited')"), tool["content"])

        reason = "not on the build server"
        rejected = self.lg("ask", "hitl_one", "import shutil; shutil.rmtree('/srv')").stdout.strip()
        self.review_of("import shutil; shutil.rmtree('/srv')")
        self.press_and_wait_focus("r", lambda n: n.name == "Reason for rejecting", "the reason field")
        self.xdo("type", "--delay", "10", reason)
        wait_until(lambda: self.text_of(self.focus) == reason, "the reason typed")
        self.key("Return")
        state = wait_until(lambda: (lambda s: s if s["status"] == "idle" else None)(self.thread_state(rejected)),
                           "the agent to go on after the rejection")
        (tool,) = [m for m in state["values"]["messages"] if m["type"] == "tool"]
        self.assertEqual(tool["status"], "error")
        self.assertIn(reason, tool["content"])
        self.assertFalse(str(tool["content"]).startswith("ran "), "the rejected call ran")
        decisions = {e["thread_id"]: (e["decision"], e["decided_by"], e.get("reason")) for e in self.ledger()
                     if e.get("thread_id") in (edited, rejected)}
        self.assertEqual(decisions, {edited: ("edit", "person", None), rejected: ("reject", "person", reason)})

    def test_a_person_responds_to_an_agent_inbox_interrupt_on_a_server(self):
        # Graph "inbox": an interrupt in Agent Inbox's shape that allows only a response. The text
        # typed after Ctrl+R is the server's resume value, as Agent Inbox would send it.
        thread_id = self.lg("start", "inbox", "Which file?").stdout.strip()
        self.key("ctrl+1")
        wait_until(lambda: self.find_named("Agent Inbox interrupt", pyatspi.ROLE_TABLE_CELL), "the interrupt in the list")
        self.tab_to(lambda n: n.name == "Pending requests" or (n.parent is not None and n.parent.name == "Pending requests"),
                    "the pending list")
        self.press_and_wait_focus("ctrl+r", lambda n: n.getRole() in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY)
                                  and "respon" in n.name.lower(), "the response field")
        self.xdo("type", "--delay", "10", "sales.csv")
        wait_until(lambda: self.text_of(self.focus) == "sales.csv", "the response typed")
        self.key("Return")
        state = wait_until(lambda: (lambda s: s if s["status"] == "idle" else None)(self.thread_state(thread_id)),
                           "the server's thread to go on with the response")
        self.assertEqual(state["values"]["decision"], [{"type": "response", "args": "sales.csv"}])
        entry = wait_until(lambda: next((e for e in reversed(self.ledger()) if e.get("thread_id") == thread_id), None),
                           "the ledger entry")
        self.assertEqual((entry["source"], entry["decision"], entry["decided_by"]), ("langgraph", "respond", "person"))

    def test_a_servers_interrupt_is_read_only_while_the_server_is_away(self):
        code = "print('server away')"
        self.lg("start", "gate", code)
        self.review_of(code)
        self.wait_for_approve_armed()
        self.server.process.terminate()
        self.server.process.wait(30)
        note = wait_until(lambda: self.find(lambda n: self.showing(n) and n.getRole() == pyatspi.ROLE_LABEL
                                            and "cannot be reached now" in n.name), "the sheet to say the server is away")
        self.assertIn(f"The LangGraph server {self.server_name}", note.name)
        # Its row in the inbox list says so too, in the text a screen reader reads with the row.
        wait_until(lambda: self.find(lambda n: n.getRole() == pyatspi.ROLE_TABLE_CELL and self.showing(n)
                                     and n.name.endswith(", server unreachable")), "the inbox row to say the server is away")
        approve = self.find_named("Approve", pyatspi.ROLE_PUSH_BUTTON)
        self.assertFalse(approve.getState().contains(pyatspi.STATE_ENABLED), "Approve is offered while the server is away")
        self.save_for_docs("langgraph-server-away")
        # The keyboard decides nothing either: after Ctrl+Return, the next key (Ctrl+2, the
        # Sandboxes page) is handled with the request still waiting, and nothing is recorded.
        self.key("ctrl+Return")
        self.key("ctrl+2")
        wait_until(lambda: self.find_named("code-runner", pyatspi.ROLE_TABLE_CELL), "the Sandboxes page")
        self.assertIsNotNone(self.find_named("Inbox, waiting requests: 1"), "the request left the inbox")
        self.assertEqual(self.ledger(), [])

    def test_an_interrupt_resumed_elsewhere_while_in_view_says_so(self):
        code = "print('answered in Studio')"
        thread_id = self.lg("start", "gate", code).stdout.strip()
        self.review_of(code)
        self.lg("resume", thread_id, "approved elsewhere")
        banner = wait_until(lambda: self.find(lambda n: self.showing(n) and "Someone resumed this interrupt outside "
                                              "kosa8 Desk" in n.name), "the sheet to say it was resumed elsewhere")
        self.assertIn("Nothing can be decided on it any more", banner.name)
        # The inbox's notices say it too, for whoever looks at the list later.
        self.assertIsNotNone(self.find(lambda n: self.showing(n) and n.name.startswith("Decided outside kosa8 Desk: gate")))
        self.assertEqual(self.thread_state(thread_id)["values"]["decision"], "approved elsewhere")
        entry = wait_until(lambda: next((e for e in reversed(self.ledger()) if e.get("thread_id") == thread_id), None),
                           "the ledger entry")
        self.assertEqual((entry["decision"], entry["decided_by"]), ("unknown", "elsewhere"))

    def test_quitting_says_the_servers_interrupt_stays_pending_there(self):
        code = "print('tomorrow')"
        thread_id = self.lg("start", "gate", code).stdout.strip()
        requester = self.agent()
        waiting = requester.send("review", {"agent": "quit-bot", "title": "socket request", "timeout_s": 600,
                                            "payload": {"question": "Now?", "code": "print(1)\n"}})
        wait_until(lambda: self.find_named("Inbox, waiting requests: 2"), "both requests in the inbox")
        self.key("ctrl+q")
        question = wait_until(lambda: self.find_named("Quit with requests waiting?"), "the question before quitting")
        said = " ".join(self.readable(n) for n in self.nodes(question) if self.showing(n))
        self.assertIn("1 request from an agent waits", said)
        self.assertIn("1 interrupt of a LangGraph server waits", said)
        self.assertIn("stays pending on its server", said)
        self.key("alt+q")
        self.assertEqual(self.desk.wait(30), 0)
        # The socket's agent was answered; the server's thread still waits, and nothing of it was recorded.
        self.assertEqual(requester.answer(waiting).get("result"), "reject")
        self.assertEqual(self.thread_state(thread_id)["status"], "interrupted")
        self.assertEqual([(e["source"], e["decided_by"]) for e in self.ledger()], [("socket", "shutdown")])


if __name__ == "__main__":
    unittest.main()
