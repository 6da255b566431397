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


# --- the README is a user's guide ---------------------------------------------------------


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    rest = text[start + len(heading):]
    ends = [rest.index(mark) for mark in ("\n## ", "\n### ") if mark in rest]
    return rest[:min(ends)] if ends else rest


GAME_SECTIONS = {"### On Tour: USA and Europe": ("usa", "ontour"),
                 "### On Tour: Paris": ("paris", "ontour"),
                 "### Dice Trip: Germany": ("germany", "dicetrip"),
                 "### Highways & Byways": ("byways", None)}


def test_the_readme_has_a_section_per_game() -> None:
    """How to play it at home (the kit and its rules page), its CSV (an example whose
    cells the game reads), what score, check and plan give; a race has no CSV."""
    from sheetgen.games.dicetrip.grammar import parse_trip_cell
    from sheetgen.games.ontour.grammar import parse_cell
    from sheetgen.maps import find_map

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Playing at home, game by game" in readme
    assert "**Rules summary**" in _section(readme, "## Playing at home, game by game")
    for heading, (map_id, grammar) in GAME_SECTIONS.items():
        part = _section(readme, heading)
        assert f"sheetgen kit {map_id}" in part, heading
        if grammar is None:
            assert "no points to score from a CSV" in part
            assert "sheetgen plan byways" in part and "race" in part
            continue
        for verb in ("score", "check"):
            assert f"`{verb}" in part, (heading, verb)
        assert f"sheetgen template {map_id} " in part
        example = re.search(r"```\n(# map: (\w+)\n.*?)```", part, re.S)
        if example is None:  # Paris: the CSV is On Tour's, its clubs named three ways
            assert "`XVIIa`" in part and "`17a`" in part
            continue
        assert example.group(2) == map_id
        game_map = find_map(map_id)
        for row in example.group(1).splitlines()[2:]:
            first, *cells = row.split(",")
            if first == "variant":
                continue
            space = game_map.find_space(first)
            assert space is not None, row
            for cell in cells:
                (parse_trip_cell(cell, space) if grammar == "dicetrip" else parse_cell(cell))


def test_the_readme_keeps_internals_and_history_out() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for word in ("Lagrangian", "multipliers", "patch search", "search states",
                 "deterministic work", "relaxation"):
        assert word not in readme, word


def test_benchmarks_put_the_current_figures_first() -> None:
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    current, history = text.index("## Current figures"), text.index("## History")
    assert current < history
    scripts = re.findall(r"python benchmarks/(bench_\w+\.py)", text[:current])
    assert len(scripts) >= 8
    for script in scripts:  # every script's figures are in the current part
        assert script in text[current:history], script


def test_the_readme_kit_figures_are_the_benchmarks_current_ones() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    table = text[text.index("**Kits**"):text.index("## History")]
    rows = re.findall(r"^\| (\w+) \| ([\d.]+) \| (\d+) \| (\d+) KB \|$", table, re.M)
    assert {r[0] for r in rows} == {"usa", "europe", "paris", "germany", "byways"}
    said = " ".join(readme.split())
    for kit, cpu, pages, size in rows:
        assert f"{kit} {cpu} s, {pages} pages, {size} KB" in said, kit


def test_the_default_run_leaves_the_slow_tests_to_ci() -> None:
    import shlex
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    addopts = shlex.split(config["tool"]["pytest"]["ini_options"]["addopts"])
    assert addopts[addopts.index("-m") + 1] == "not slow"
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    readme_run = lines.index(readme_commands()[1])
    assert ".venv/bin/pytest -m slow -n 0" in lines[readme_run + 1:]
