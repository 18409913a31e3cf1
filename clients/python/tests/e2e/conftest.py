# SPDX-License-Identifier: Apache-2.0
"""Fixtures of the end-to-end tests: ``start_app`` starts the real kosa8-desk, one per call.

Needs KOSA8_DESK_BINARY (the built app) and KOSA8_STANDIN (tests/standin/kosa8); the tests are
skipped with a message when either is missing.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from desk_app import RunningApp  # noqa: E402


def _need(variable: str) -> str:
    value = os.environ.get(variable, "")
    if not value or not os.path.exists(value):
        pytest.skip(f"{variable} is not set to an existing file; the end-to-end tests need it")
    return value


@pytest.fixture
def start_app(request: pytest.FixtureRequest) -> Iterator[Callable[..., RunningApp]]:
    """``start_app(rules=[...], sandboxes=["analysis"])`` starts the real app and stops it after; a second
    app given ``data_dir=first.data_dir`` starts where the first stopped (stop the first before)."""
    binary = _need("KOSA8_DESK_BINARY")
    standin = _need("KOSA8_STANDIN")
    started: list[RunningApp] = []

    def start(rules: list[dict[str, Any]] | None = None, sandboxes: list[str] | None = None,
              **kwargs: Any) -> RunningApp:
        # kwargs: RunningApp's extra_args (more options for the app) and data_dir (start again).
        app = RunningApp(binary, standin, rules or [], ["analysis"] if sandboxes is None else sandboxes, **kwargs)
        started.append(app)
        return app

    yield start
    failed = getattr(request.node, "rep_call", None)
    for app in started:
        keep = failed is not None and failed.failed
        if keep:  # shown with the failure report
            print(f"--- kosa8-desk output ({app.root}) ---\n{app.output()}")
        app.stop()
        if not keep:
            shutil.rmtree(app.root, ignore_errors=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
