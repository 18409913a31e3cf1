# SPDX-License-Identifier: Apache-2.0
"""Send one `run` request with a timeout, then wait (used by take-review-run.sh).

The review shows where it runs: the sandbox code-runner with its allowed hosts, the image pulled
there, the checkpoint taken before the run, and the countdown. Usage:
python send_run_place.py SOCKET_PATH
"""
import sys

from kosa8_desk import DeskClient

CODE = (
    "import pandas as pd\n"
    "\n"
    "frame = pd.read_csv('https://files.pythonhosted.org/packages/sales.csv')\n"
    "summary = frame.groupby('region')['revenue'].sum().sort_values(ascending=False)\n"
    "print(summary.head(10))\n"
)

with DeskClient(sys.argv[1], agent="data-analyst") as desk:
    desk.run(CODE, sandbox="code-runner", image="python:3.12-slim", timeout_s=600,
             title="Summarise revenue by region")
