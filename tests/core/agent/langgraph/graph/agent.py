# SPDX-License-Identifier: Apache-2.0
# LangChain's create_agent with HumanInTheLoopMiddleware, served by langgraph dev for
# clients/python/tests/e2e/test_langgraph_server.py: the model is scripted (no network), proposes
# two run_python calls at once, and answers "finished" once it has the tools' answers. The
# middleware stops before the calls with one interrupt holding both (two actions to decide).
from typing import Any

from langchain.agents import create_agent
from langchain.agents.middleware import HumanInTheLoopMiddleware
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool

FIRST_CODE = "print('first')"
SECOND_CODE = "import shutil; shutil.rmtree('/srv/data')"


class TwoCallsModel(BaseChatModel):
    """Asks for the two calls until the conversation holds their answers; then says it finished."""

    @property
    def _llm_type(self) -> str:
        return "two-calls-script"

    def bind_tools(self, tools: Any, **kwargs: Any) -> "TwoCallsModel":
        return self  # the script holds its tool calls already

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        if any(isinstance(message, ToolMessage) for message in messages):
            reply = AIMessage(content="finished")
        else:
            reply = AIMessage(content="", tool_calls=[
                {"name": "run_python", "args": {"code": FIRST_CODE}, "id": "call_first"},
                {"name": "run_python", "args": {"code": SECOND_CODE}, "id": "call_second"},
            ])
        return ChatResult(generations=[ChatGeneration(message=reply)])


@tool
def run_python(code: str) -> str:
    """Run Python code."""
    return f"ran {code}"


class OneCallModel(BaseChatModel):
    """Asks for one run_python call whose code is the person's first message, until the
    conversation holds its answer; then says it finished."""

    @property
    def _llm_type(self) -> str:
        return "one-call-script"

    def bind_tools(self, tools: Any, **kwargs: Any) -> "OneCallModel":
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        if any(isinstance(message, ToolMessage) for message in messages):
            reply = AIMessage(content="finished")
        else:
            reply = AIMessage(content="", tool_calls=[
                {"name": "run_python", "args": {"code": str(messages[0].content)}, "id": "call_only"}])
        return ChatResult(generations=[ChatGeneration(message=reply)])


agent = create_agent(
    TwoCallsModel(),
    tools=[run_python],
    middleware=[HumanInTheLoopMiddleware(
        interrupt_on={"run_python": {"allowed_decisions": ["approve", "edit", "reject"]}})],
)

# One call, its code given as the first message (tests/window/test_langgraph_review.py edits and
# rejects it through the review).
one_call_agent = create_agent(
    OneCallModel(),
    tools=[run_python],
    middleware=[HumanInTheLoopMiddleware(
        interrupt_on={"run_python": {"allowed_decisions": ["approve", "edit", "reject"]}})],
)
