# SPDX-License-Identifier: Apache-2.0
"""Requests for take-inbox-notice.sh: one run a standing rule approves on arrival, one review
that times out, and two that wait for a person, so the inbox shows its decision notices beside
pending work.

The rule file the script writes binds the run's whole action (protocol.md, "Standing rules"):
this prints its action_sha256 with --action-sha256, computed the same way the app does for plain
ASCII values (RFC 8785 JSON: keys sorted, no whitespace).
Usage: python send_notice_requests.py SOCKET_PATH
       python send_notice_requests.py --action-sha256
"""
import hashlib
import json
import sys
import threading
import time

RUN_CODE = '''import pandas as pd

df = pd.read_parquet("/data/sales.parquet")
print(df.groupby("region")["revenue"].sum().sort_values(ascending=False))
# stdout: region
# stdout: EMEA    1912344.0
# stdout: AMER    1690210.5
# stdout: APAC    1038512.0
'''
RUN = {"language": "python", "code": RUN_CODE, "sandbox": "code-runner", "image": "python:3.12-slim",
       "checkpoint": True}


def action_sha256():
    bound = dict(RUN, method="run")
    canonical = json.dumps(bound, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


if sys.argv[1] == "--action-sha256":
    print(action_sha256())
    sys.exit(0)

from kosa8_desk import DeskClient  # noqa: E402  (only needed when sending)

SOCKET = sys.argv[1]


def ruled_run():
    with DeskClient(SOCKET, agent="research-bot") as desk:
        desk.run(RUN_CODE, sandbox="code-runner", image="python:3.12-slim", title="Revenue by region")


def timed_out():
    with DeskClient(SOCKET, agent="docs-researcher") as desk:
        desk.review({"question": "Fetch the changelog and list breaking changes?",
                     "code": 'import httpx\nprint(httpx.get("https://example.org/CHANGELOG").text[:2000])\n'},
                    title="Changelog breaking changes", timeout_s=1)


def waiting(agent, title, code):
    with DeskClient(SOCKET, agent=agent) as desk:
        desk.review({"question": title + "?", "code": code}, title=title)


threads = [threading.Thread(target=timed_out, daemon=True)]
threads[0].start()
time.sleep(0.5)
for args in (("revenue-report", "Q3 revenue summary", 'import pandas as pd\nprint(pd.read_csv("/data/q3.csv").describe())\n'),
             ("eval-harness", "Score the nightly eval run", 'import json\nprint(json.load(open("/data/eval.json"))["score"])\n')):
    thread = threading.Thread(target=waiting, args=args, daemon=True)
    thread.start()
    threads.append(thread)
    time.sleep(0.5)
time.sleep(1)  # after the timeout, so the rule's notice is the newest
threading.Thread(target=ruled_run, daemon=True).start()
time.sleep(600)  # the caller kills this process once the screenshot is taken
