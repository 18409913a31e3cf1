# SPDX-License-Identifier: Apache-2.0
"""The review sheet reads each thing once and shows it whole (issue 25, defect 12): LangChain's
middleware text of the call folded under its description, a plain payload's question not repeated
in the arguments, and an edit's diff as high as what it shows, wrapping long lines side by side."""

import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until

# What LangChain's HumanInTheLoopMiddleware writes by default: its prefix, then the tool and
# Python's rendering of the arguments, which the sheet shows formatted as code below.
PREFIX = "Tool execution requires approval"
CODE = "import pathlib\nfor p in pathlib.Path('logs').glob('*.log'):\n    print(p)\n"
MIDDLEWARE_TAIL = "Tool: python_repl\nArgs: " + repr({"code": CODE})
FOLD_BUTTON = "Show the middleware's own text of the call"


def hitl(description, allowed=("approve", "edit", "reject")):
    return {"action_requests": [{"name": "python_repl", "args": {"code": CODE}, "description": description}],
            "review_configs": [{"action_name": "python_repl", "allowed_decisions": list(allowed)}]}


class ReviewSheetTest(DeskWindowTest):

    def setUp(self):
        super().setUp()
        self.start_desk_with_code_runner()
        self.agent_socket = self.agent()

    def shown_with(self, words):
        return [n for n in self.nodes() if self.showing(n) and words in self.readable(n)]

    def test_the_middleware_text_of_the_call_is_folded(self):
        self.agent_socket.send("review", {"agent": "hitl-bot", "title": "Run the log lister", "timeout_s": 600,
                                          "payload": hitl(PREFIX + "\n\n" + MIDDLEWARE_TAIL)})
        self.key("ctrl+1")
        wait_until(lambda: self.find_named(PREFIX, pyatspi.ROLE_LABEL), "the middleware's description")
        # The arguments read once, as code: Python's rendering of them is not on screen.
        self.assertEqual(self.shown_with("Args: {"), [], "the middleware's rendering of the args is shown")
        self.assertTrue(self.shown_with("pathlib.Path('logs')"), "the code is on screen")
        # One key press away, for a person who wants to compare.
        self.tab_to(lambda n: n.name == FOLD_BUTTON, "the button that opens the middleware's text")
        self.key("space")
        folded = wait_until(lambda: self.find(lambda n: self.showing(n) and n.getRole() == pyatspi.ROLE_LABEL
                                              and n.name == MIDDLEWARE_TAIL),
                            "the middleware's text of the call, opened")
        self.assertIn("middleware", folded.description)
        wait_until(lambda: self.focus is not None and self.focus.name.startswith("Hide the middleware"),
                   "the button to say it hides the text now")

    def test_the_question_reads_once(self):
        question = "May I list the logs older than a week?"
        self.agent_socket.send("review", {"agent": "tidy-bot", "title": "List old logs", "timeout_s": 600,
                                          "payload": {"question": question, "code": CODE, "days": 7}})
        self.key("ctrl+1")
        wait_until(lambda: self.find(lambda n: self.showing(n) and n.name == question), "the question")
        shown = self.shown_with(question)
        self.assertEqual(len(shown), 1, "the question is on screen more than once: "
                         + "; ".join(self.describe(n) for n in shown))
        # What the question does not say is still there, in the arguments.
        args = wait_until(lambda: self.find_named("Arguments as JSON"), "the other arguments")
        self.assertIn('"days": 7', self.text_of(args))

    def test_an_edit_shows_its_diff_at_its_height_and_wraps_side_by_side(self):
        self.agent_socket.send("review", {"agent": "hitl-bot", "title": "Run the log lister", "timeout_s": 600,
                                          "payload": hitl("List the logs")})
        self.key("ctrl+1")
        self.wait_for_approve_armed()
        self.key("ctrl+e")
        editor = wait_until(lambda: self.focus if self.focus is not None and self.focus.name == "Code to review"
                            and self.focus.getState().contains(pyatspi.STATE_EDITABLE) else None,
                            "the code editor, editable, with the keyboard in it")
        # Nothing changed yet: the diff is its one line, not an empty box.
        wait_until(lambda: self.find(lambda n: self.showing(n) and n.name == "no changes"), "'no changes'")
        self.assertIsNone(self.find_named("Changes, unified"), "an unchanged diff shows an empty pane")
        # A long line at the top.
        long_line = "print('start', " + ", ".join(f"'{word}'" for word in ["logs"] * 30) + ", sep=' | ')"
        self.key("ctrl+Home")
        self.xdo("type", "--delay", "5", long_line)
        self.key("Return")
        wait_until(lambda: long_line in self.text_of(editor), "the line typed")
        # The diff follows the typing a moment later (coalesced): waited for with the whole line in it.
        unified = wait_until(lambda: self.find(lambda n: n.name == "Changes, unified" and self.showing(n)
                                               and long_line in self.text_of(n)), "the diff of the line typed")
        self.assert_every_line_inside(editor, "the code editor")
        self.assert_every_line_inside(unified, "the unified diff")
        # Tab indents in code being edited; Ctrl+Tab leaves the editor, as in Qt's other editors.
        self.press_and_wait_focus("ctrl+Tab", lambda n: n.name != "Code to review", "out of the code editor")
        self.tab_to(lambda n: n.name == "Show changes side by side", "the side-by-side switch")
        self.key("space")
        right = wait_until(lambda: self.find_named("Edited code"), "the edited column")
        left = self.find_named("Original code")
        self.assert_every_line_inside(right, "the edited column")
        # The rows stay level: the row after the long one starts at the same height on both sides.
        self.save_for_docs("review-edit-diff")
        self.assertEqual(self.top_of(left, "import pathlib"), self.top_of(right, "import pathlib"),
                         "the columns' rows are no longer level")

    def assert_every_line_inside(self, node, what):
        """Every character of node's text is drawn inside node (nothing cut at an edge, nothing
        below the visible part)."""
        text = node.queryText()
        box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        content = text.getText(0, text.characterCount)
        for offset in range(text.characterCount):
            if content[offset] in "\n ":
                continue  # a line end or a blank at a wrap has no drawn place of its own
            x, y, width, height = text.getCharacterExtents(offset, pyatspi.DESKTOP_COORDS)
            inside = (box.x <= x and x + width <= box.x + box.width and box.y <= y
                      and y + height <= box.y + box.height)
            self.assertTrue(inside, f"in {what}, {content[offset]!r} at {offset} is drawn at {(x, y, width, height)}, "
                                    f"outside {(box.x, box.y, box.width, box.height)}")

    @staticmethod
    def top_of(node, words):
        """Where on screen the first line holding words starts, from the top."""
        text = node.queryText()
        start = text.getText(0, text.characterCount).index(words)
        return text.getCharacterExtents(start, pyatspi.DESKTOP_COORDS)[1]


if __name__ == "__main__":
    unittest.main()
