# SPDX-License-Identifier: Apache-2.0
"""The package's version is the app's version."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import pytest

import kosa8_desk

PACKAGE = Path(__file__).resolve().parents[1]
TOP_CMAKE = PACKAGE.parents[1] / "CMakeLists.txt"


def test_package_metadata_matches_module() -> None:
    found = re.search(r'^version = "([^"]+)"', (PACKAGE / "pyproject.toml").read_text(), re.MULTILINE)
    assert found, "pyproject.toml declares no version"
    declared = found.group(1)
    assert kosa8_desk.__version__ == declared
    assert version("kosa8-desk") == declared


def test_matches_the_app_version() -> None:
    if not TOP_CMAKE.is_file():
        pytest.skip(f"not in the kosa8 Desk source tree (no {TOP_CMAKE})")
    match = re.search(r"project\(\s*kosa8-desk\s+VERSION\s+([0-9.]+)", TOP_CMAKE.read_text())
    assert match, "the top CMakeLists.txt has no project(kosa8-desk VERSION ...)"
    assert kosa8_desk.__version__ == match.group(1)
