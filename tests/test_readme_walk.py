"""A newcomer's walk through the README: every `sheetgen` command it shows (in its command
blocks and in its text) runs as printed, section by section, in a fresh folder, with the
scoring CSVs filled in between `template` and `score` as the players would. Kits, sheets,
decks, the perfect game and the byways planner take long and run with the slow tests;
`serve` starts a server and is left to tests/serve/; `read` needs photos of filled sheets
(tests/read/ makes and reads them), and so does scoring the CSV it writes."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from legal_boards import fill_in

from sheetgen.cli import main

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDERS = {"MAP", "GAME", "N", "BOARD.csv", "BOARD.csv...", "STATE", "LETTER", "PATH",
                "NAME", "S", "K", "MODE", "MM", "X,Y", "A,B,...", "COUNT", "DIR", "SEED"}


def sections() -> list[tuple[str, list[str]]]:
    """(heading, commands) for every section of the README, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    out: list[tuple[str, list[str]]] = []
    for chunk in re.split(r"\n(?=#{2,3} )", text):
        heading = chunk.splitlines()[0].lstrip("# ").strip()
        commands: list[str] = []
        for block in re.findall(r"```sh\n(.*?)```", chunk, re.S):
            for line in block.splitlines():
                line = re.split(r"\s+#\s", line)[0].strip()
                if line.startswith("sheetgen "):
                    commands.append(line)
        prose = re.sub(r"```.*?```", "", chunk, flags=re.S)
        for span in re.findall(r"`([^`]+)`", prose.replace("\n", " ")):
            if span.startswith("sheetgen ") and runnable(span):
                commands.append(" ".join(span.split()))
        read = {w[w.index("-o") + 1] for w in map(str.split, commands)
                if w[1] == "read" and "-o" in w}  # what the photos became
        out.append((heading, [c for c in commands
                              if runnable(c) and not read & set(c.split())]))
    return out


def runnable(command: str) -> bool:
    """A command as typed: not a synopsis (``[--paper]``, ``MAP``), not a command's name
    in a sentence (`sheetgen check` without the file it needs), not the server, not the
    reader of photos."""
    import click

    words = command.split()
    if (len(words) < 2 or words[1] in ("serve", "read") or set(words) & PLACEHOLDERS
            or any(c in command for c in "[]|") or "..." in command):
        return False
    verb = main.commands.get(words[1])  # type: ignore[attr-defined]
    needs = verb is not None and any(isinstance(p, click.Argument) and p.required
                                     for p in verb.params)
    return not (len(words) == 2 and needs)


def heavy(command: str) -> bool:
    """Commands over about a second of CPU: what draws sheets, decks and kits, the
    perfect game, the byways planner. The quick run keeps the scoring walk (template,
    score, check, scorepad, script)."""
    words = command.split()
    return (words[1] in ("kit", "sheet", "cards", "plan") or "--perfect" in words)


def seed_for(csv_name: str, commands: list[str]) -> int:
    """The seed a later `check` of this file names (the game the players played), else 1."""
    for command in commands:
        words = command.split()
        if words[1] == "check" and csv_name in words and "--seed" in words:
            return int(words[words.index("--seed") + 1])
    return 1


def walk(commands: list[str], folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)
    for command in commands:
        words = shlex.split(command)
        result = CliRunner().invoke(main, words[1:])
        assert result.exit_code == 0, (command, result.output)
        if words[1] == "template":
            target = words[words.index("-o") + 1]
            fill_in(Path(target), seed_for(target, commands))


WALKS = [(heading, commands) for heading, commands in sections() if commands]


@pytest.mark.parametrize(("heading", "commands"), WALKS, ids=[h for h, _ in WALKS])
def test_the_readme_runs_as_printed(heading: str, commands: list[str], tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    quick = [c for c in commands if not heavy(c)]
    if not quick:
        pytest.skip("only long commands here (run with the slow tests)")
    walk(quick, tmp_path, monkeypatch)


LONG = list(dict.fromkeys(c for _, commands in WALKS for c in commands if heavy(c)))
"""The long commands, each once (none reads another command's output)."""


@pytest.mark.slow
@pytest.mark.parametrize("command", LONG)
def test_the_readme_long_commands_run_as_printed(command: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    walk([command], tmp_path, monkeypatch)


def test_the_walk_covers_every_game_and_the_first_steps() -> None:
    shown = [c for _, commands in WALKS for c in commands]
    for game in ("usa", "europe", "paris", "germany", "byways"):
        assert any(f" {game}" in c for c in shown), game
    for verb in ("kit", "sheet", "cards", "dice", "script", "template", "score", "check",
                 "scorepad", "plan", "maps"):
        assert any(c.split()[1] == verb for c in shown), verb
