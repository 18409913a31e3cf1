# SPDX-License-Identifier: Apache-2.0
"""A LangGraph server's side of tests/window/test_langgraph_review.py, through LangGraph's own SDK:
what an agent, or a person in LangGraph Studio, does with its threads. Nothing here knows kosa8 Desk.

Usage (the test virtual environment's python):
  python langgraph_server.py URL start GRAPH CODE     a new thread run until it stops; prints its id
  python langgraph_server.py URL ask GRAPH TEXT       a new thread of an agent asked TEXT, run until it stops
  python langgraph_server.py URL state THREAD         prints {"status", "values", "interrupts"}
  python langgraph_server.py URL resume THREAD VALUE  resumes its one pending interrupt with VALUE
"""

import json
import sys

from langgraph_sdk import get_sync_client


def main(url, command, *args):
    client = get_sync_client(url=url)
    if command == "start":
        graph, code = args
        thread = client.threads.create()
        client.runs.wait(thread["thread_id"], graph, input={"code": code})
        print(thread["thread_id"])
    elif command == "ask":
        graph, text = args
        thread = client.threads.create()
        client.runs.wait(thread["thread_id"], graph, input={"messages": [{"role": "user", "content": text}]})
        print(thread["thread_id"])
    elif command == "state":
        thread = client.threads.get(args[0])
        print(json.dumps({"status": thread["status"], "values": thread["values"],
                          "interrupts": thread["interrupts"]}))
    elif command == "resume":
        thread_id, value = args
        (pending,) = [i for task in client.threads.get(thread_id)["interrupts"].values() for i in task]
        client.runs.wait(thread_id, "gate", command={"resume": {pending["id"]: value}})
    else:
        raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    main(*sys.argv[1:])
