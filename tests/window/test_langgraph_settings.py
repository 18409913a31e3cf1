# SPDX-License-Identifier: Apache-2.0
"""LangGraph servers added in Settings (issue 27), with the keyboard only, against a real
``langgraph dev``: the server is watched as soon as Settings are saved (its interrupt waits in the
inbox, saying which server), its health shows in the list, its API key never reaches the settings
file or the log, a server that cannot be reached says so, and a server turned off takes its
interrupts out of the inbox while the server keeps them pending.

Needs KOSA8_AGENT_PYTHON (the test virtual environment, with langgraph-cli[inmem] and its SDK)."""

import os
import unittest

import pyatspi

from deskwindow import DeskWindowTest, wait_until
from langgraph_dev import LangGraphDev

API_KEY = "sk-window-test-7f3a9c"
LIST = "LangGraph servers"


class LangGraphSettingsTest(DeskWindowTest):

    def setUp(self):
        super().setUp()
        self.server = LangGraphDev(self)
        self.standin_call("sandbox", "create", "code-runner")
        self.start_desk()

    def open_settings(self):
        self.key("ctrl+comma")
        wait_until(lambda: self.find(lambda n: n.getRole() == pyatspi.ROLE_LIST and n.name == LIST
                                     and self.showing(n)), "the LangGraph servers list in Settings")

    def rows(self):
        servers = self.find(lambda n: n.getRole() == pyatspi.ROLE_LIST and n.name == LIST and self.showing(n))
        return [servers.getChildAtIndex(i).name for i in range(servers.childCount)] if servers else []

    def row_saying(self, *parts):
        return next((row for row in self.rows() if all(part in row for part in parts)), None)

    def type_text(self, text):
        self.give_keyboard_back()
        self.xdo("type", "--delay", "20", text)

    def replace_field(self, name, text):
        """Tabs to the field named `name`, selects what it holds and types `text` over it."""
        self.tab_to(lambda n: n.name == name, name, most=12)
        self.key("ctrl+a")
        self.type_text(text)
        wait_until(lambda: self.focus is not None and (self.text_of(self.focus) == text
                                                       or self.focus.getRole() == pyatspi.ROLE_PASSWORD_TEXT),
                   f"{name} to hold what was typed")

    def add_server(self, name, url, api_key=None):
        self.tab_to(lambda n: n.name == "Add a LangGraph server", "the Add server button", most=80)
        self.key("space")
        # The new server's name is in focus, selected.
        wait_until(lambda: self.focus is not None and self.focus.name == "LangGraph server name",
                   "the new server's name field")
        self.key("ctrl+a")
        self.type_text(name)
        self.replace_field("LangGraph server URL", url)
        if api_key:
            self.replace_field("LangGraph server API key (x-api-key)", api_key)

    def save_settings(self):
        self.tab_to(lambda n: n.name == "Save" and n.getRole() == pyatspi.ROLE_PUSH_BUTTON, "Save", most=80)
        self.key("space")
        wait_until(lambda: not self.rows(), "Settings to close")

    def test_a_server_added_in_settings_is_watched_and_its_key_kept_out_of_files(self):
        self.open_settings()
        self.add_server("staging", self.server.url + "/", API_KEY)
        self.save_settings()

        # Watched at once: an interrupt of the server waits in the inbox, saying where.
        code = "print('from staging')"
        thread_id = self.server.lg("start", "gate", code).stdout.strip()
        self.key("ctrl+1")
        wait_until(lambda: self.find(lambda n: n.name == "Code to review" and self.showing(n)
                                     and self.text_of(n) == code), "the server's interrupt in review")
        details = wait_until(lambda: self.find(lambda n: n.getRole() == pyatspi.ROLE_LABEL and self.showing(n)
                                               and "on LangGraph server staging" in n.name),
                             "the line naming the saved server")
        self.assertIn(f"thread {thread_id}", details.name)

        # A second server that cannot be reached; both with their health in the list.
        self.open_settings()
        self.add_server("production", "http://127.0.0.1:9")
        self.save_settings()
        # The status bar says one cannot be reached, and each one's health to a screen reader.
        status = wait_until(lambda: self.find(lambda n: self.showing(n) and n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                              and n.name.startswith("LangGraph: 1 of 2 unreachable")),
                            "the status bar's word on the servers")
        self.assertIn("staging: reachable", status.description)
        self.assertIn("production: unreachable", status.description)
        self.open_settings()
        wait_until(lambda: self.row_saying("staging — reachable"), "staging's health in the list")
        wait_until(lambda: self.row_saying("production — unreachable"), "production's health in the list")
        # The Health line of the selected server (the first) says it all.
        self.tab_to(lambda n: n.name == LIST, "the servers list", most=80)
        self.key("Home")
        health = wait_until(lambda: self.find(lambda n: self.showing(n) and n.getRole() == pyatspi.ROLE_LABEL
                                              and n.name.startswith("reachable, LangGraph API")),
                            "staging's Health line")
        self.assertIn("1 interrupted thread", health.name)
        # The whole section in view, for the screenshot.
        self.tab_to(lambda n: n.name == "Watch this server for interrupts", "the Watch check box", most=12)
        self.save_for_docs("settings-langgraph-servers", tree=True)

        # One card says production cannot be reached, however many polls failed since.
        self.assertIsNotNone(self.find_named("LangGraph server unreachable"))
        self.assertIsNone(self.find(lambda n: n.name.startswith("LangGraph server unreachable (")),
                          "the card counted each failed poll as a new problem")

        # The key is in no file of the app's and not in its log; the address is in its settings.
        for folder, _, files in os.walk(self.data_dir):
            for name in files:
                with open(os.path.join(folder, name), "rb") as f:
                    self.assertNotIn(API_KEY.encode(), f.read(), os.path.join(folder, name))
        with open(os.path.join(self.data_dir, "kosa8-desk.ini"), encoding="utf-8") as f:
            settings = f.read()
        self.assertIn(self.server.url, settings)
        self.assertIn("hasApiKey=true", settings)
        with open(os.path.join(self.dir, "desk.log"), "rb") as f:
            self.assertNotIn(API_KEY.encode(), f.read())

        # Turned off (staging is still the selected server): its interrupt leaves the inbox
        # undecided and stays pending on the server.
        self.key("space")
        self.save_settings()
        wait_until(lambda: self.find_named("Inbox"), "the inbox to be empty")
        wait_until(lambda: self.find(lambda n: self.showing(n) and n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                     and n.name.startswith("LangGraph: 1 of 1 unreachable")),
                   "the status bar to count production alone")
        self.assertEqual(self.server.thread_state(thread_id)["status"], "interrupted")
        self.assertEqual([e for e in self.ledger() if e.get("thread_id") == thread_id], [])


if __name__ == "__main__":
    unittest.main()
