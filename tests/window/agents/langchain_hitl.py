# SPDX-License-Identifier: Apache-2.0
"""A LangChain agent (``create_agent``) whose tool call waits for a person
(tests/window/test_guide_story.py).

The model is the project's scripted chat model (clients/python/tests/scripted_model.py, imported
from there): it proposes one ``run_python`` call with the code given, then answers "finished".
``HumanInTheLoopMiddleware`` stops before the call; ``kosa8_desk.langgraph.review_interrupts``
sends the stop to kosa8 Desk on ``$KOSA8_DESK_SOCKET`` and resumes the agent with the person's
decision. The tool here only records that it was called: what the agent got is printed as one
JSON object on stdout (whether the tool ran, the tool messages, the last message).

Usage: python langchain_hitl.py CODE  (run with the test virtual environment's python)
"""

import json
import os
import sys

# The scripted model lives with the client's own tests; it is used from there, not copied.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "clients", "python",
                                "tests"))

from langchain.agents import create_agent  # noqa: E402
from langchain.agents.middleware import HumanInTheLoopMiddleware  # noqa: E402
from langchain_core.messages import ToolMessage  # noqa: E402
from langchain_core.tools import tool  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from scripted_model import run_python_then_answer  # noqa: E402

from kosa8_desk.langgraph import review_interrupts  # noqa: E402

ran = []


@tool
def run_python(code: str) -> str:
    """Run Python code."""
    ran.append(code)
    return "ran"


def main():
    code = sys.argv[1]
    agent = create_agent(
        run_python_then_answer(code, answer="finished"),
        tools=[run_python],
        middleware=[HumanInTheLoopMiddleware(
            interrupt_on={"run_python": {"allowed_decisions": ["approve", "edit", "reject"]}})],
        checkpointer=InMemorySaver(),
    )
    final = review_interrupts(agent, {"messages": [{"role": "user", "content": "Clean the scratch folder."}]},
                              {"configurable": {"thread_id": "guide-hitl"}}, agent="langchain-agent", timeout_s=600)
    messages = [{"content": m.content, "status": m.status} for m in final["messages"] if isinstance(m, ToolMessage)]
    print(json.dumps({"tool_ran": ran, "tool_messages": messages, "last": final["messages"][-1].content}), flush=True)


if __name__ == "__main__":
    main()
