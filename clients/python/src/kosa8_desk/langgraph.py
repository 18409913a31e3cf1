# SPDX-License-Identifier: Apache-2.0
"""Run a LangGraph graph to the end, with every ``interrupt()`` decided by a person in kosa8 Desk.

::

    from kosa8_desk.langgraph import review_interrupts
    final_state = review_interrupts(graph, {"task": "..."}, {"configurable": {"thread_id": "1"}})

The graph needs a checkpointer (interrupts need one anyway). Fails closed: when the app cannot
be reached, each interrupt is resumed with the rejection in its payload's shape.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from langgraph.types import Command

from .client import DeskClient
from .errors import DeskClientError, DeskInvalidRequest, DeskTimeout, DeskUnavailable
from .rejection import payload_shape, rejection_for, resume_value_for

__all__ = ["review_interrupts", "pending_interrupts", "interrupt_id"]

_log = logging.getLogger("kosa8_desk")


def interrupt_id(interrupt: Any) -> str | None:
    """The id an interrupt is resumed by: ``Interrupt.id`` (``interrupt_id`` before langgraph 0.6)."""
    for attribute in ("id", "interrupt_id"):
        value = getattr(interrupt, attribute, None)
        if isinstance(value, str) and value:
            return value
    return None


def pending_interrupts(graph: Any, config: Mapping[str, Any]) -> list[Any]:
    """The interrupts of ``graph`` on ``config``'s thread that still wait for an answer."""
    try:
        state = graph.get_state(config)
    except ValueError as exc:  # no checkpointer: there is nothing to resume
        raise ValueError(f"review_interrupts needs a graph compiled with a checkpointer: {exc}") from exc
    found: list[Any] = list(getattr(state, "interrupts", ()) or ())
    if not found:  # older langgraph: only per task
        for task in getattr(state, "tasks", ()) or ():
            found.extend(getattr(task, "interrupts", ()) or ())
    unique: list[Any] = []
    seen: set[str] = set()
    for item in found:
        key = interrupt_id(item)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        unique.append(item)
    return unique


def _decide(
    desk: DeskClient | None,
    unreachable: str | None,
    payload: Any,
    agent: str | None,
    thread_id: str | None,
    timeout_s: float | None,
    client_timeout: float | None,
    response_schema: Any = None,
) -> Any:
    """The resume value for one payload: the person's answer, or a rejection on any failure."""
    if desk is None:
        return rejection_for(payload, f"kosa8 Desk could not be reached: {unreachable}")
    try:
        # No title: the app derives one from the payload (its question, or the actions' names).
        answer = desk.review(
            payload,
            agent=agent,
            thread_id=thread_id,
            timeout_s=timeout_s,
            client_timeout=client_timeout,
            response_schema=response_schema,
        )
    except DeskTimeout as exc:
        return rejection_for(payload, f"no decision from kosa8 Desk in time; the request was withdrawn: {exc}")
    except DeskUnavailable as exc:
        return rejection_for(payload, f"kosa8 Desk could not be reached: {exc}")
    except DeskInvalidRequest as exc:
        return rejection_for(payload, f"the interrupt could not be sent for review: {exc}")
    except DeskClientError as exc:
        return rejection_for(payload, f"kosa8 Desk refused the review: {exc}")
    except Exception as exc:  # anything unexpected on the approval path is a rejection
        _log.exception("review of an interrupt failed")
        return rejection_for(payload, f"the review failed: {exc}")
    return resume_value_for(payload, answer)


def review_interrupts(
    graph: Any,
    input: Any,
    config: Mapping[str, Any],
    *,
    client: DeskClient | None = None,
    agent: str | None = None,
    timeout_s: float | None = None,
    client_timeout: float | None = None,
) -> Any:
    """Invoke ``graph`` and keep resuming it until it finishes; return its final output.

    Every pending interrupt's value goes to kosa8 Desk (``review``); the graph is resumed with
    ``Command(resume={interrupt_id: answer, ...})``. Several interrupts pending at once are sent
    concurrently, so the person sees them all together, and resumed together. When the app
    cannot be reached, or answers something that does not fit the payload, that interrupt is
    resumed with the rejection in its payload's shape.

    Args:
        graph: a compiled graph with a checkpointer (``create_agent(...)`` returns one too).
        input: the first input; ``None`` continues a thread that is already interrupted.
        config: the run config; needs ``configurable.thread_id``.
        client: the connection to use; by default one is opened and closed by this call.
        agent: label the app's inbox shows for these requests.
        timeout_s: the app's limit for each decision; on expiry the app answers a rejection.
        client_timeout: this side's limit for each decision (default: ``timeout_s`` plus a
            margin, else one hour; see :meth:`DeskClient.wait_limit`); on expiry the request is
            withdrawn and the interrupt resumed with its rejection.
    """
    configurable = config.get("configurable") or {}
    thread_id = configurable.get("thread_id")
    thread_label = None if thread_id is None else str(thread_id)

    owned = client is None
    desk: DeskClient | None = client if client is not None else DeskClient(agent=agent)
    unreachable: str | None = None
    try:
        result = graph.invoke(input, config)
        while True:
            interrupts = pending_interrupts(graph, config)
            if not interrupts:
                return result
            if desk is not None and unreachable is None:
                try:
                    desk.connect()
                except DeskUnavailable as exc:
                    unreachable = str(exc)
                    desk = None
            payloads = [item.value for item in interrupts]
            schemas = [_response_schema(item) for item in interrupts]
            with ThreadPoolExecutor(max_workers=len(payloads), thread_name_prefix="kosa8-desk-review") as pool:
                answers = list(
                    pool.map(
                        lambda p, s: _decide(desk, unreachable, p, agent, thread_label, timeout_s, client_timeout, s),
                        payloads,
                        schemas,
                    )
                )
            result = graph.invoke(Command(resume=_resume_map(interrupts, answers)), config)
    finally:
        if owned and desk is not None:
            desk.close()


def _response_schema(interrupt: Any) -> Any:
    """The decisions a per-call ``tool_approval`` allows, as LangGraph publishes them (JSON Schema).

    Only that shape's schema goes to the app (it offers the person just those decisions); other
    interrupts' schemas mean nothing to it.
    """
    schema = getattr(interrupt, "response_schema", None)
    if payload_shape(getattr(interrupt, "value", None)) == "tool_approval" and isinstance(schema, Mapping):
        return schema
    return None


def _resume_map(interrupts: Sequence[Any], answers: Sequence[Any]) -> Any:
    ids = [interrupt_id(item) for item in interrupts]
    if all(key is not None for key in ids):
        return dict(zip(ids, answers))
    if len(answers) == 1:  # a langgraph without interrupt ids resumes the one interrupt by value
        return answers[0]
    raise RuntimeError("several interrupts are pending but this langgraph gives them no ids to resume by")
