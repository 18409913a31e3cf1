# SPDX-License-Identifier: Apache-2.0
"""A LangChain tool that runs Python in a kosa8 sandbox once a person approves it in kosa8 Desk.

Use it in place of a Python REPL tool that would ``exec()`` model-written code on the host::

    from kosa8_desk.langchain import make_run_python_tool
    tools = [make_run_python_tool()]

The tool never runs anything itself: when the app cannot be reached it tells the model the
code was not run.
"""

from __future__ import annotations

from typing import Any

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from .client import DeskClient
from .errors import KOSA8_FAILED, DeskClientError, DeskError, DeskTimeout, DeskUnavailable

__all__ = ["make_run_python_tool", "format_run_result", "RunPythonInput"]

_DESCRIPTION = (
    "Run Python code in an isolated kosa8 sandbox (no network unless allowed). A person reviews "
    "the code first and may edit or reject it. Returns the exit code, stdout and stderr, or the "
    "rejection and its reason. Print whatever you need to see."
)


class RunPythonInput(BaseModel):
    """Arguments of the ``run_python`` tool."""

    code: str = Field(description="The complete Python program to run. Print the results you need.")


def format_run_result(result: dict[str, Any]) -> str:
    """The text the model gets for an answer of ``run``.

    An answer that is neither a run (``approve``/``edit``) nor a ``reject`` is reported as a
    rejection: it says nothing ran.
    """
    decision = result.get("decision")
    if decision == "reject":
        message = result.get("message") or "no reason given"
        return f"Rejected: the reviewer did not approve this code ({message}). The code was not run."
    if decision not in ("approve", "edit"):
        return f"Rejected: kosa8 Desk answered in an unexpected shape ({result!r:.200}). The code was not run."
    lines: list[str] = []
    if decision == "edit":
        lines.append("The reviewer edited the code before it ran. The code that ran:")
        lines.append(str(result.get("code", "")))
        lines.append("")
    lines.append(f"exit code: {result.get('exit_code')}")
    lines.append("stdout:")
    lines.append(str(result.get("stdout", "")))
    lines.append("stderr:")
    lines.append(str(result.get("stderr", "")))
    if result.get("truncated"):
        lines.append("(output was truncated)")
    return "\n".join(lines)


def _format_desk_error(error: DeskError) -> str:
    if error.code == KOSA8_FAILED and isinstance(error.data, dict):
        data = error.data
        return (
            f"Error: kosa8 failed ({error.message}); command: {data.get('command')}, "
            f"exit code: {data.get('exit_code')}, stderr: {data.get('stderr')}"
        )
    return f"Error: kosa8 Desk refused the run ({error.code}: {error.message}). The code was not run."


def make_run_python_tool(
    client: DeskClient | None = None,
    sandbox: str | None = None,
    image: str | None = None,
    *,
    agent: str | None = None,
    timeout_s: float | None = None,
    checkpoint: bool = True,
    name: str = "run_python",
    client_timeout: float | None = None,
) -> BaseTool:
    """Build the ``run_python`` tool.

    Args:
        client: the connection to use; by default each call connects to the default socket
            and closes afterwards (so an app restarted in between is found again).
        sandbox: the kosa8 sandbox to run in (default: the one chosen in the app's settings).
        image: the container image (default per language, from the app's settings).
        agent: label the app's inbox shows for these runs.
        timeout_s: the app's limit for the person's decision, in seconds.
        checkpoint: ask the app to checkpoint the sandbox before running, so the run can be
            rewound.
        name: the tool's name as the model sees it.
        client_timeout: how long the tool waits for the decision and the run, in seconds
            (default: ``timeout_s`` twice plus a margin, else one hour; see
            :meth:`DeskClient.wait_limit`). On expiry the tool answers a rejection.
    """

    def run_python(code: str) -> str:
        desk = client if client is not None else DeskClient()
        try:
            desk.connect()
        except DeskUnavailable as exc:
            if client is None:
                desk.close()
            return f"Rejected: kosa8 Desk could not be reached ({exc}). The code was not run."
        try:
            result = desk.run(
                code,
                language="python",
                sandbox=sandbox,
                image=image,
                timeout_s=timeout_s,
                agent=agent,
                checkpoint=checkpoint,
                client_timeout=client_timeout,
            )
        except DeskTimeout as exc:
            # Withdrawn; an approved run may still be going on in the sandbox, but nobody here
            # saw a result, so the model must not assume one.
            return (
                f"Rejected: kosa8 Desk did not answer in time ({exc}). The request was withdrawn; "
                "treat the code as not approved and not run."
            )
        except DeskUnavailable as exc:
            # The request may have reached the app, and an approved run may have started in the
            # sandbox; what is sure is that nobody here saw an approval or a result.
            return (
                f"Rejected: no answer from kosa8 Desk ({exc}). No result is available; "
                "treat the code as not approved."
            )
        except DeskError as exc:
            return _format_desk_error(exc)
        except DeskClientError as exc:  # e.g. a value that is not JSON: nothing was sent
            return f"Rejected: the run could not be requested ({exc}). The code was not run."
        finally:
            if client is None:
                desk.close()
        return format_run_result(result)

    return StructuredTool.from_function(
        func=run_python,
        name=name,
        description=_DESCRIPTION,
        args_schema=RunPythonInput,
    )
