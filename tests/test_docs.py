"""The README's promises: its two set-up commands, and that CI runs the test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", text, re.S)
    assert block, "README.md must open with a ```sh block"
    assert text.index(block.group(0)) < text.index("\n## "), "the commands come first"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_readme_opens_with_two_commands() -> None:
    commands = readme_commands()
    assert len(commands) == 2
    main_job, tests = commands
    assert "pip install ." in main_job and "sheetgen " in main_job
    assert "'.[test]'" in tests and "pytest" in tests


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_commands()[1] in ci.splitlines()
