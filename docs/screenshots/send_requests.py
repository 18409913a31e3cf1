# SPDX-License-Identifier: Apache-2.0
"""Send three pending requests to a running kosa8 Desk, one per agent, then wait.

Used by take.sh. Each call blocks until a person decides, so each runs in its own thread; the
caller kills this process when the screenshots are taken (the app then withdraws what is left).
The `# stdout:` / `# stderr:` comment lines in the run request are what the kosa8 stand-in
(tests/standin/kosa8) prints when it "runs" the code, so the run console shows realistic output.
Usage: python send_requests.py SOCKET_PATH
"""
import sys
import threading
import time

from kosa8_desk import DeskClient

SOCKET = sys.argv[1]

LANGGRAPH_CODE = '''import pandas as pd

orders = pd.read_csv("/data/orders-2026-q3.csv", parse_dates=["ordered_at"])
orders = orders[orders["status"] != "cancelled"]

monthly = (
    orders.groupby([orders["ordered_at"].dt.to_period("M"), "region"])["total_eur"]
    .agg(["count", "sum", "mean"])
    .round(2)
)
monthly.to_csv("/data/out/monthly-revenue.csv")
print(monthly.tail(6))
'''

HITL_CODE = '''import requests
from bs4 import BeautifulSoup

resp = requests.get("https://docs.python.org/3/whatsnew/3.13.html", timeout=10)
soup = BeautifulSoup(resp.text, "html.parser")
for h in soup.select("h2, h3")[:12]:
    print(h.get_text(strip=True))
'''

RUN_CODE = '''import pandas as pd

# stdout: Loaded 12,480 rows from sales.parquet
df = pd.read_parquet("/data/sales.parquet")
summary = df.groupby("region")["revenue"].agg(["count", "sum", "mean"])
summary["share"] = (summary["sum"] / summary["sum"].sum()).round(3)
print(summary.sort_values("sum", ascending=False))
# stdout:          count        sum      mean  share
# stdout: region
# stdout: EMEA      4821  1912344.0  396.67  0.412
# stdout: AMER      4105  1690210.5  411.75  0.364
# stdout: APAC      3554  1038512.0  292.21  0.224
# stderr: FutureWarning: the default of observed=False is deprecated
'''


def langgraph_review():
    with DeskClient(SOCKET, agent="revenue-report") as desk:
        desk.review({"question": "Summarise Q3 revenue by month and region and write monthly-revenue.csv?",
                     "code": LANGGRAPH_CODE},
                    title="Q3 revenue summary", thread_id="thread-7f3a")


def hitl_review():
    payload = {
        "action_requests": [{
            "name": "run_python",
            "args": {"code": HITL_CODE},
            "description": "Tool execution requires approval\n\nTool: run_python\nFetch the Python 3.13 release notes and list the section headings.",
        }],
        "review_configs": [{"action_name": "run_python", "allowed_decisions": ["approve", "edit", "reject"]}],
    }
    with DeskClient(SOCKET, agent="docs-researcher") as desk:
        desk.review(payload, title="run_python: fetch release notes", thread_id="thread-21c9")


def run_request():
    with DeskClient(SOCKET, agent="sales-analyst") as desk:
        desk.run(RUN_CODE, sandbox="code-runner", title="Revenue share by region")


for target in (langgraph_review, hitl_review, run_request):
    threading.Thread(target=target, daemon=True).start()
    time.sleep(0.7)  # a stable order in the inbox
while True:
    time.sleep(60)
