# SPDX-License-Identifier: Apache-2.0
"""The empty inbox says how to connect an agent (issue 25, defect 11), and what it says works:
the Python lines and the socket it shows, copied as a person copies them, are run with the
project's own client (clients/python), the request they send appears, Ctrl+Return approves it and
the snippet prints the answer. The MCP line names this very binary."""

import os
import subprocess
import sys
import unittest

import pyatspi

from deskwindow import DeskWindowTest, WAIT_S, wait_until

CLIENT = os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python", "src")


class ConnectHelpTest(DeskWindowTest):

    def test_the_snippet_shown_connects_an_agent(self):
        self.standin_call("sandbox", "create", "code-runner")
        self.start_desk()
        self.key("ctrl+1")
        shown = wait_until(lambda: self.find_named("How to connect an agent"), "how to connect an agent")
        text = self.text_of(shown)
        lines = text.splitlines()
        export = next(line for line in lines if line.startswith("export KOSA8_DESK_SOCKET="))
        self.assertEqual(export.split("=", 1)[1], self.socket_path)
        mcp = next(line for line in lines if line.endswith(" mcp --agent my-agent"))
        self.assertEqual(mcp.split(" ")[0], os.path.realpath(self.binary))
        python = "\n".join(lines[1:lines.index("")])  # the block under the first comment
        env = dict(self.env, KOSA8_DESK_SOCKET=self.socket_path, PYTHONPATH=os.path.realpath(CLIENT))
        snippet = subprocess.Popen([sys.executable, "-c", python], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        self.addCleanup(snippet.kill)
        wait_until(lambda: self.find_named("Hello", pyatspi.ROLE_LABEL), "the snippet's request in review")
        self.wait_for_approve_armed()
        self.key("ctrl+Return")
        out, err = snippet.communicate(timeout=WAIT_S)
        self.assertEqual(snippet.returncode, 0, err)
        self.assertEqual(out.strip(), "approve")


if __name__ == "__main__":
    unittest.main()
