# SPDX-License-Identifier: Apache-2.0
"""What the code would reach, on screen (issue 25, defect 2): with four findings every row is in
view, blocked hosts first, none cut to one row with the space below left empty."""

import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until

CODE = """import socket, subprocess, urllib.request
import requests
requests.get("https://pypi.org/simple/")
urllib.request.urlopen("http://metadata.example.internal/latest")
socket.create_connection(("10.0.0.7", 5432))
subprocess.run(["sh", "-c", "ls"])
"""


class ReachTest(DeskWindowTest):

    def setUp(self):
        super().setUp()
        self.start_desk_with_code_runner()

    def test_four_findings_are_all_in_view(self):
        self.agent().send("run", {"code": CODE, "agent": "reach-bot", "title": "Four findings",
                                  "sandbox": "code-runner", "image": "python:3.12-slim", "timeout_s": 600})
        self.key("ctrl+1")
        table = wait_until(lambda: self.find(lambda n: n.name == "Destinations and risky operations"
                                             and self.showing(n)), "the table of what the code would reach")
        wait_until(lambda: self.find(lambda n: n.description == "Summary of what the code would reach"
                                     and "blocked" in n.name and self.showing(n)), "the summary with the verdicts")
        box = table.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        rows = {}
        for cell in self.nodes(table):
            if cell.getRole() == pyatspi.ROLE_TABLE_CELL:
                extents = cell.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                rows.setdefault(extents.y, []).append((extents, cell.name))
        self.assertEqual(len(rows), 4, f"four rows, one per finding: {sorted(rows.items())}")
        verdicts = []
        for y, cells in sorted(rows.items()):
            for extents, name in cells:
                # Inside the table as drawn: not below its bottom edge, not past its right one.
                self.assertLessEqual(extents.y + extents.height, box.y + box.height,
                                     f"{name!r} is below the table's visible part")
                self.assertLessEqual(extents.x + extents.width, box.x + box.width, f"{name!r} is cut on the right")
            verdicts.append(max(cells, key=lambda c: c[0].x)[1])
        # The hosts the sandbox blocks first, the risky line after them.
        self.assertEqual(verdicts[:3], ["blocked: the sandbox has no network"] * 3, verdicts)
        self.assertEqual(verdicts[3], "risky: read this line", verdicts)
        self.save_for_docs("review-reach-four-findings")

    def test_a_port_past_65535_is_a_line_to_read_without_a_verdict(self):
        # Issue 29: no host:port is made up for it, and the policy judges nothing it cannot read.
        code = 'import requests\nrequests.get("http://10.0.0.1:65536/data")\nrequests.get("https://pypi.org/")\n'
        self.agent().send("run", {"code": code, "agent": "reach-bot", "title": "A port past 65535",
                                  "sandbox": "code-runner", "image": "python:3.12-slim", "timeout_s": 600})
        self.key("ctrl+1")
        table = wait_until(lambda: self.find(lambda n: n.name == "Destinations and risky operations"
                                             and self.showing(n)), "the table of what the code would reach")
        rows = {}
        wait_until(lambda: any(c.getRole() == pyatspi.ROLE_TABLE_CELL for c in self.nodes(table)), "its rows")
        box = table.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        for cell in self.nodes(table):
            if cell.getRole() == pyatspi.ROLE_TABLE_CELL:
                extents = cell.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                rows.setdefault(extents.y, []).append((extents.x, cell.name))
                # Both rows in view, the risk's text and its verdict not cut off on the right.
                self.assertLessEqual(extents.y + extents.height, box.y + box.height,
                                     f"{cell.name!r} is below the table's visible part")
                self.assertLessEqual(extents.x + extents.width, box.x + box.width, f"{cell.name!r} is cut on the right")
        texts = [[name for _, name in sorted(cells)] for _, cells in sorted(rows.items())]
        self.assertEqual(len(texts), 2, texts)
        unreadable = [row for row in texts if any("no port from 0 to 65535" in name for name in row)]
        self.assertEqual(len(unreadable), 1, texts)
        row = unreadable[0]
        self.assertTrue(any("http://10.0.0.1:65536" in name for name in row), row)
        self.assertEqual(row[-1], "risky: read this line", row)
        # No cell anywhere names it as a destination with a port, or gives it a verdict.
        self.assertFalse(any(name in ("10.0.0.1:65536", "10.0.0.1:80", "10.0.0.1") for r in texts for name in r), texts)
        self.assertTrue(any(name == "pypi.org:443" for r in texts for name in r), texts)


if __name__ == "__main__":
    unittest.main()
