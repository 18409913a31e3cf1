# SPDX-License-Identifier: Apache-2.0
"""A LangGraph graph that stops and asks a person before it acts (tests/window/test_guide_story.py).

Its node calls ``interrupt({"question": ..., "code": ...})``; the project's client
(``kosa8_desk.langgraph.review_interrupts``) sends that to kosa8 Desk on ``$KOSA8_DESK_SOCKET``
and resumes the graph with the person's answer. The graph then goes to "act" on an approval and
to "stop" on anything else, so the final state shows what the answer made the graph do. It prints
that state as one JSON object on stdout.

Usage: python langgraph_gate.py QUESTION CODE  (run with the test virtual environment's python)
"""

import json
import sys
from typing import TypedDict

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt

from kosa8_desk.langgraph import review_interrupts


class Gate(TypedDict, total=False):
    task: str
    answer: str
    outcome: str


def build(question, code):
    def ask(state):
        return {"answer": interrupt({"question": question, "code": code})}

    def act(state):
        return {"outcome": "acted"}

    def stop(state):
        return {"outcome": "stopped"}

    def route(state):
        return "act" if state.get("answer") == "approve" else "stop"

    builder = StateGraph(Gate)
    builder.add_node("ask", ask)
    builder.add_node("act", act)
    builder.add_node("stop", stop)
    builder.add_edge(START, "ask")
    builder.add_conditional_edges("ask", route, ["act", "stop"])
    builder.add_edge("act", END)
    builder.add_edge("stop", END)
    # Interrupts need a checkpointer: the graph is resumed from where it stopped.
    return builder.compile(checkpointer=InMemorySaver())


def main():
    question, code = sys.argv[1], sys.argv[2]
    graph = build(question, code)
    final = review_interrupts(graph, {"task": question}, {"configurable": {"thread_id": "guide-gate"}},
                              agent="langgraph-gate", timeout_s=600)
    print(json.dumps({"answer": final.get("answer"), "outcome": final.get("outcome")}), flush=True)


if __name__ == "__main__":
    main()
