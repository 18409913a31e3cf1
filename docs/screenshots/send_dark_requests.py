# SPDX-License-Identifier: Apache-2.0
"""Send two pending requests for take-review-dark.sh: Python code, and a shell command.

Usage: python send_dark_requests.py SOCKET_PATH (killed by the caller when the shots are taken).
"""
import sys
import threading
import time

from kosa8_desk import DeskClient

SOCKET = sys.argv[1]

PYTHON_CODE = '''import json
from pathlib import Path


def largest_files(folder: str, count: int = 10) -> list[tuple[str, int]]:
    """The biggest files under folder, largest first."""
    sizes = []
    for path in Path(folder).rglob("*"):
        if path.is_file() and not path.name.startswith("."):
            sizes.append((str(path), path.stat().st_size))  # bytes
    return sorted(sizes, key=lambda item: item[1], reverse=True)[:count]


print(json.dumps(largest_files("/data", 5), indent=2))
'''

BASH_CODE = '''#!/usr/bin/env bash
set -euo pipefail
# compress every log older than a week, then report the space saved
before=$(du -sb /var/log/app | cut -f1)
for f in /var/log/app/*.log; do
    if [ "$(find "$f" -mtime +7)" ]; then
        gzip -9 "$f" && echo "compressed ${f##*/}"
    fi
done
after=$(du -sb /var/log/app | cut -f1)
echo "saved $(( (before - after) / 1024 )) KiB" >&2
'''


def python_review():
    with DeskClient(SOCKET, agent="disk-auditor") as desk:
        desk.review({"question": "List the five largest files under /data?", "code": PYTHON_CODE},
                    title="Largest files in /data", thread_id="thread-5d10")


def shell_review():
    payload = {
        "action_requests": [{
            "name": "run_shell",
            "args": {"command": BASH_CODE},
            "description": "Tool execution requires approval\n\nTool: run_shell\nCompress week-old logs.",
        }],
        "review_configs": [{"action_name": "run_shell", "allowed_decisions": ["approve", "edit", "reject"]}],
    }
    with DeskClient(SOCKET, agent="ops-helper") as desk:
        desk.review(payload, title="run_shell: compress old logs", thread_id="thread-9b2e")


for target in (python_review, shell_review):
    threading.Thread(target=target, daemon=True).start()
    time.sleep(0.7)  # a stable order in the inbox
while True:
    time.sleep(60)
