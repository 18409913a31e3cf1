# SPDX-License-Identifier: Apache-2.0
"""Send one LangGraph human-in-the-loop request with two actions, then wait (take-review-sheet.sh).

The agent wants to fetch a page and then delete the cache it fetched into: two tool calls in one
interrupt, each with its own description and code, so the review shows both cards at once.
Usage: python send_review_sheet.py SOCKET_PATH
"""
import sys

from kosa8_desk import DeskClient

FETCH = '''import requests
from bs4 import BeautifulSoup

resp = requests.get("https://docs.python.org/3/whatsnew/3.13.html", timeout=10)
soup = BeautifulSoup(resp.text, "html.parser")
with open("/tmp/cache/whatsnew.txt", "w") as out:
    for h in soup.select("h2, h3")[:12]:
        out.write(h.get_text(strip=True) + "\\n")
'''

CLEAN = '''import shutil, pathlib

cache = pathlib.Path("/tmp/cache")
for old in cache.glob("*.txt"):
    if old.name != "whatsnew.txt":
        old.unlink()
shutil.rmtree(cache / "partial", ignore_errors=True)
'''

CONFIG = ["approve", "edit", "reject"]

PAYLOAD = {
    "action_requests": [
        {"name": "python_repl", "args": {"code": FETCH},
         "description": "Fetch the 'What's new in Python 3.13' page and keep its section titles in "
                        "/tmp/cache/whatsnew.txt for the release-notes summary."},
        {"name": "python_repl", "args": {"code": CLEAN},
         "description": "Remove the older cached pages and the partial downloads left in /tmp/cache."},
    ],
    "review_configs": [{"action_name": "python_repl", "allowed_decisions": CONFIG}],
}

with DeskClient(sys.argv[1], agent="docs-researcher") as desk:
    desk.review(PAYLOAD, title="Fetch the Python 3.13 notes and clean the cache", thread_id="thread-42c1")
