# SPDX-License-Identifier: Apache-2.0
"""The README's examples, as the tests run them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"

# The scripted model's code: what "the model" asks run_python to run in pattern 2. The kosa8
# stand-in prints the lines that start with "# stdout: ", so the e2e tests see output too.
PATTERN2_CODE = "import statistics\n# stdout: 2.5\nprint(statistics.mean([1, 2, 3, 4]))\n"
PATTERN2_ANSWER = "The mean is 2.5."

# The one block the tests replace (README "Tests" says so): it would load a real model.
MODEL_BLOCK_MARKER = "init_chat_model("
SUBSTITUTE_MODEL_BLOCK = (
    "from scripted_model import run_python_then_answer\n"
    f"model = run_python_then_answer({PATTERN2_CODE!r}, answer={PATTERN2_ANSWER!r})\n"
)


def pattern_blocks() -> dict[str, list[str]]:
    """The fenced python blocks under each "## Pattern N" heading, keyed by "1", "2"..."""
    blocks: dict[str, list[str]] = {}
    section: str | None = None
    for match in re.finditer(r"^## ([^\n]*)$|^```python\n(.*?)^```$", README.read_text(), re.MULTILINE | re.DOTALL):
        heading, code = match.group(1), match.group(2)
        if heading is not None:
            found = re.match(r"Pattern (\d+)", heading)
            section = found.group(1) if found else None
        elif section is not None:
            blocks.setdefault(section, []).append(code)
    return blocks


def runnable(section: str) -> list[str]:
    """The section's blocks as the test executes them: the model block substituted."""
    return [SUBSTITUTE_MODEL_BLOCK if MODEL_BLOCK_MARKER in block else block for block in pattern_blocks()[section]]


def run_pattern(section: str) -> dict[str, object]:
    """Execute the section's blocks in order in one namespace, as a script would, and return it."""
    namespace: dict[str, object] = {"__name__": f"readme_pattern_{section}"}
    for block in runnable(section):
        exec(compile(block, f"README.md (pattern {section})", "exec"), namespace)
    return namespace


def pattern1_code() -> str:
    """The literal CODE of pattern 1, read without running the example (for approve rules)."""
    for node in ast.walk(ast.parse("\n".join(pattern_blocks()["1"]))):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "CODE" for t in node.targets):
            return str(ast.literal_eval(node.value))
    raise AssertionError("README pattern 1 has no CODE = ... assignment")
