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


def _commands() -> list[tuple[str, object]]:
    import click

    from sheetgen.cli import main

    found: list[tuple[str, object]] = []

    def walk(prefix: str, command: click.Command) -> None:
        if isinstance(command, click.Group):
            for name, sub in sorted(command.commands.items()):
                walk(f"{prefix} {name}".strip(), sub)
        else:
            found.append((prefix, command))

    walk("", main)
    return found


def test_every_command_and_option_is_in_the_readme() -> None:
    import click

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = []
    for name, command in _commands():
        assert isinstance(command, click.Command)
        if f"sheetgen {name}" not in readme:
            missing.append(f"sheetgen {name}")
        for param in command.params:
            for flag in param.opts:
                if flag.startswith("--") and flag not in ("--help", "--version") \
                        and flag not in readme:
                    missing.append(f"sheetgen {name} {flag}")
    assert missing == []


def test_every_command_has_an_example_in_its_help() -> None:
    for name, command in _commands():
        assert "sheetgen " in (command.help or ""), f"sheetgen {name} --help has no example"
