# SPDX-License-Identifier: Apache-2.0
"""A real ``langgraph dev`` for the window tests of LangGraph servers, started on a free port with
the graphs of tests/core/agent/langgraph/graph, and a way to act on its threads as an agent or a
person in LangGraph Studio would (agents/langgraph_server.py, through LangGraph's own SDK).

Needs KOSA8_AGENT_PYTHON (the test virtual environment, with langgraph-cli[inmem] and its SDK)."""

import json
import os
import shutil
import socket
import subprocess
import tempfile

from deskwindow import wait_until

AGENT_PYTHON = os.environ.get("KOSA8_AGENT_PYTHON", "")
HERE = os.path.dirname(os.path.abspath(__file__))
GRAPHS = os.path.join(HERE, "..", "core", "agent", "langgraph", "graph")
SERVER_SCRIPT = os.path.join(HERE, "agents", "langgraph_server.py")
SERVER_START_S = 90


class LangGraphDev:
    """Started by a test (its cleanups stop it); url and name ("127.0.0.1:PORT") say where."""

    def __init__(self, test):
        self.test = test
        test.assertTrue(AGENT_PYTHON and os.access(AGENT_PYTHON, os.X_OK),
                        f"KOSA8_AGENT_PYTHON={AGENT_PYTHON!r} is not the test virtual environment's python")
        cli = os.path.join(os.path.dirname(AGENT_PYTHON), "langgraph")
        test.assertTrue(os.access(cli, os.X_OK), f"no langgraph CLI at {cli} (requirements-test.txt installs it)")
        folder = tempfile.mkdtemp(prefix="k8-window-lg-")
        test.addCleanup(shutil.rmtree, folder, True)
        for name in ("gate.py", "agent.py", "langgraph.json"):
            shutil.copy(os.path.join(GRAPHS, name), folder)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.name = f"127.0.0.1:{port}"
        env = dict(os.environ, LANGGRAPH_CLI_NO_ANALYTICS="1", LANGSMITH_TRACING="false")
        with open(os.path.join(test.dir, "langgraph.log"), "wb") as log:
            self.process = subprocess.Popen(
                [cli, "dev", "--no-browser", "--no-reload", "--host", "127.0.0.1", "--port", str(port),
                 "--config", "langgraph.json"], cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT)
        test.addCleanup(test._stop, self.process)
        # Serving once it answers for a thread: one that does not exist is its NotFoundError (404).
        wait_until(self._up, "langgraph dev to answer", timeout=SERVER_START_S)

    def _up(self):
        self.test.assertIsNone(self.process.poll(), "langgraph dev exited (langgraph.log)")
        return "NotFoundError" in self.lg("state", "00000000-0000-0000-0000-000000000000", check=False).stderr

    def lg(self, *args, check=True):
        """agents/langgraph_server.py URL ARGS..."""
        done = subprocess.run([AGENT_PYTHON, SERVER_SCRIPT, self.url, *args], capture_output=True, text=True,
                              timeout=120)
        if check:
            self.test.assertEqual(done.returncode, 0, f"langgraph_server.py {args}: {done.stderr[-2000:]}")
        return done

    def thread_state(self, thread_id):
        return json.loads(self.lg("state", thread_id).stdout)
