# SPDX-License-Identifier: Apache-2.0
"""The allow-list editor with the keyboard (issue 25, defect 8): Return in the entry field adds
the entry and nothing else (it also pressed Apply, which opened the confirmation), and closing
with edits not applied asks before they are thrown away (Close and Escape dropped them); and the
exact command Apply runs is in view to its end (defect 7: a one-line field hid the end of a long
allow-list, the part that says what it allows)."""

import subprocess
import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until


class AllowListTest(DeskWindowTest):

    def sandbox_egress(self):
        listing = subprocess.run([self.standin, "sandbox", "ls"], env=self.env, check=True, capture_output=True,
                                 text=True).stdout
        row = next(line.split() for line in listing.splitlines() if line.startswith("code-runner "))
        return row[2]

    def open_editor_at_the_entry_field(self):
        """code-runner's allow-list editor, in the "allow" mode, the keyboard in its entry field."""
        self.start_desk_with_code_runner()
        self.key("ctrl+2")
        wait_until(lambda: self.find_named("code-runner", pyatspi.ROLE_TABLE_CELL), "code-runner listed")
        self.tab_to(lambda n: n.name == "Sandbox list" or (n.parent is not None and n.parent.name == "Sandbox list"),
                    "the sandbox list")
        # The sandbox the keyboard marks is the one the actions work on.
        self.key("ctrl+shift+e")
        editor = wait_until(lambda: self.find_named("Egress policy editor"), "the allow-list editor")
        # No network yet: the allow-list comes with the "allow" mode, chosen with the arrows.
        self.tab_to(lambda n: n.name == "Egress mode: deny", "the mode buttons")
        self.press_and_wait_focus("Right", lambda n: n.name == "Egress mode: allow", "the allow mode beside it")
        self.tab_to(lambda n: n.name == "New allow-list entry", "the entry field")
        return editor

    def add_entry(self, host):
        self.xdo("type", "--delay", "10", host)
        wait_until(lambda: self.text_of(self.focus) == host, f"{host} typed")
        self.key("Return")
        entries = wait_until(lambda: self.find_named("Allow-list entries"), "the entries table")
        wait_until(lambda: any(host in self.readable(n) for n in self.nodes(entries)), f"{host} added")
        return entries

    def test_return_adds_and_close_asks(self):
        editor = self.open_editor_at_the_entry_field()
        entries = self.add_entry("pypi.org")
        # Added in the same key press that would have pressed Apply: its confirmation is not there.
        self.assertIsNone(self.find(lambda n: self.showing(n) and n.name == "Change the network policy"),
                          "Return in the entry field also opened the Apply confirmation")
        self.assertTrue(self.showing(editor))

        # Escape with the entry not applied asks; Cancel keeps the editor and the entry.
        self.key("Escape")
        wait_until(lambda: self.find_named("Discard your changes?"), "the question before discarding")
        self.key("Escape")
        wait_until(lambda: not self.find_named("Discard your changes?"), "the question to close")
        self.assertTrue(self.showing(editor), "Cancel in the question closed the editor")
        self.assertTrue(any("pypi.org" in self.readable(n) for n in self.nodes(entries)), "the entry was lost")
        # Asked again, Discard closes it and nothing reached kosa8.
        self.key("Escape")
        wait_until(lambda: self.find_named("Discard your changes?"), "the question again")
        self.key("alt+d")
        wait_until(lambda: not self.showing(editor), "the editor to close")
        self.assertEqual(self.sandbox_egress(), "deny")

    def test_the_command_is_in_view_to_its_end(self):
        editor = self.open_editor_at_the_entry_field()
        hosts = ["pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "objects.githubusercontent.com",
                 "static.crates.io", "index.crates.io"]
        for host in hosts:
            self.add_entry(host)
        command = wait_until(lambda: self.find(lambda n: n.name == "Command" and all(
            host in self.text_of(n) for host in hosts), editor), "the command with every host")
        self.assertGreater(len(self.text_of(command)), 120, "the command is not long enough to test anything")
        # Its last character lies inside the field as it is on screen: nothing to scroll to.
        self.assertTrue(self.last_character_inside(command),
                        f"the command's last character is outside its field "
                        f"{tuple(command.queryComponent().getExtents(pyatspi.DESKTOP_COORDS))}: "
                        f"{self.text_of(command)!r}")

if __name__ == "__main__":
    unittest.main()
