# SPDX-License-Identifier: Apache-2.0
"""A chat model that answers from a script, for running agents without a real model."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage


class ScriptedChatModel(GenericFakeChatModel):
    """``GenericFakeChatModel`` answers from an iterator of messages but refuses ``bind_tools``
    (langchain-core raises NotImplementedError), which ``create_agent`` calls. The script already
    holds the tool calls, so binding has nothing to change."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:  # type: ignore[override]
        return self


def run_python_then_answer(code: str, answer: str = "Done.", call_id: str = "call_1") -> ScriptedChatModel:
    """A model that proposes one ``run_python`` call with ``code``, then answers ``answer``."""
    return ScriptedChatModel(
        messages=iter(
            [
                AIMessage(content="", tool_calls=[{"name": "run_python", "args": {"code": code}, "id": call_id}]),
                AIMessage(content=answer),
            ]
        )
    )
