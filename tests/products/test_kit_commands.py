"""Every command a kit page shows runs as printed, and every file a page names is the file
the command writes: the scoring how-tos of On Tour, Paris and Dice Trip on A4 and Letter
paper (quick, from the pages' prose), and every page of every game's kit (slow, from the
drawn pages)."""

from __future__ import annotations

import os
import re
import shlex
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from legal_boards import drive_log, fill_in

from sheetgen.cli import main
from sheetgen.games import find_game
from sheetgen.maps import find_map
from sheetgen.products.kit import prose, scoring_words
from sheetgen.products.textpage import Block, inline_spans
from sheetgen.templates import paper

SVG_TEXT = "{http://www.w3.org/2000/svg}text"
SEED = 7


@contextmanager
def inside(folder: Path) -> Iterator[None]:
    old = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(old)


def run_as_printed(commands: Sequence[str], folder: Path, seed: int) -> None:
    """Run each command in ``folder``, in order, as a user types it; after a `template`
    that wrote a CSV, fill the CSV in. Each must succeed (`check`: every board legal)."""
    assert commands, "no command found"
    with inside(folder):
        for command in commands:
            words = shlex.split(command)
            assert words[0] == "sheetgen", command
            result = CliRunner().invoke(main, words[1:])
            assert result.exit_code == 0, (command, result.output)
            if words[1] == "template":
                fill_in(Path(words[words.index("-o") + 1]), seed)


def commands_in(blocks: Sequence[Block]) -> list[str]:
    """The commands in prose: a code line, or a code span (in backticks)."""
    found = []
    for block in blocks:
        spans = ([block.content] if block.kind == "mono"
                 else [t for t, code in inline_spans(block.content) if code])
        found += [s.strip() for s in spans
                  if s.strip().startswith("sheetgen ") and not a_mention(s.split())]
    return found


HOWTOS = [("usa", "a4"), ("europe", "letter"), ("paris", "a4"), ("germany", "a4"),
          ("germany", "letter")]


@pytest.mark.parametrize(("map_id", "paper_id"), HOWTOS)
def test_the_scoring_howto_runs_as_printed(map_id: str, paper_id: str,
                                           tmp_path: Path) -> None:
    game_map = find_map(map_id)
    if game_map.game == "dicetrip":
        blocks = prose("dicetrip-scoring-howto", **scoring_words(map_id, paper_id, SEED))
    else:
        from sheetgen.games.ontour.kit import howto_blocks

        blocks = howto_blocks(game_map, paper_id, SEED)
    texts = [b.content for b in blocks]
    commands = commands_in(blocks)
    assert [c.split()[1] for c in commands] == ["template", "score", "score", "check"]
    run_as_printed(commands, tmp_path, SEED)
    named = re.findall(r"\S+-scored-\S+\.pdf", " ".join(texts))
    assert named == [f"board-scored-{paper_id}.pdf"]  # beside board.csv, where score writes
    assert (tmp_path / named[0]).is_file()


def test_the_byways_rules_plan_runs_as_printed(tmp_path: Path) -> None:
    commands = commands_in(prose("byways-rules"))
    assert [c.split()[:3] for c in commands] == [["sheetgen", "plan", "byways"]]
    run_as_printed(commands, tmp_path, SEED)


def shown_command(words: Sequence[str]) -> list[str]:
    """The command at the start of ``words`` (text as a page shows it, wrapped lines
    joined), cut where the command line would end: read with the command's own
    parameters (a flag takes no value, an option one, the arguments their number; a
    variadic argument takes file names), a sentence's full stop left out."""
    import click

    group = main
    assert isinstance(group, click.Group)
    command = group.commands[words[1]]
    if isinstance(command, click.Group):
        command, taken = command.commands[words[2]], list(words[:3])
    else:
        taken = list(words[:2])
    options = {opt: p for p in command.params if isinstance(p, click.Option) for opt in p.opts}
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    rest = [w.rstrip(".") if w.endswith(".") and not w.endswith("..") else w
            for w in words[len(taken):]]
    k = 0
    while k < len(rest):
        word = rest[k]
        if word in options:
            taken.append(word)
            if not options[word].is_flag and k + 1 < len(rest):
                taken.append(rest[k + 1])
                k += 1
        elif arguments and arguments[0].nargs == -1 and word.endswith(".csv"):
            taken.append(word)
        elif (arguments and arguments[0].nargs == 1
              and (word.endswith(".csv") or "csv" not in arguments[0].human_readable_name
                   .lower())):
            taken.append(word)
            arguments.pop(0)
        else:
            break
        k += 1
    return taken


def a_mention(command: Sequence[str]) -> bool:
    """``sheetgen check`` in a sentence: a command's name without the argument it needs."""
    import click

    verb = main.commands.get(command[1])  # type: ignore[attr-defined]
    return len(command) == 2 and verb is not None and any(
        isinstance(p, click.Argument) and p.required for p in verb.params)


def page_commands(svg: str) -> list[str]:
    """Every command a drawn page shows (``sheetgen`` and one of its commands)."""
    words = " ".join("".join(el.itertext()) for el in ET.fromstring(svg).iter(SVG_TEXT)
                     ).split()
    shown = [shown_command(words[k:]) for k in range(len(words) - 1)
             if words[k] == "sheetgen" and words[k + 1] in main.commands]
    return [" ".join(c) for c in shown if not a_mention(c)]


KITS = ["usa", "paris", "germany", "byways"]


@pytest.mark.slow
@pytest.mark.parametrize("map_id", KITS)
def test_every_command_a_kit_page_shows_runs(map_id: str, tmp_path: Path) -> None:
    game_map = find_map(map_id)
    game = find_game(game_map.game)
    parts = game.kit_parts(game_map, paper("letter"), seed=SEED, players=1)
    commands: list[str] = []
    for part in parts:
        for page in part.pages:
            if isinstance(page, str):
                commands += [c.replace("BOARD.csv", "board.csv") for c in page_commands(page)]
    assert commands
    # a command that reads board.csv needs it written first; a race's drive log is
    # typed by the solo player (here: the seat-1 driver's own drive, in the kit's race of
    # two, players=1 asking for the fewest)
    template = [c for c in commands if " template " in c]
    rest = [c for c in commands if " template " not in c]
    if map_id == "byways":
        for name in {w for c in rest for w in c.split() if w.endswith(".csv")}:
            (tmp_path / name).write_text(drive_log(SEED, 2), encoding="utf-8")
    elif any("board.csv" in c for c in rest) and not template:
        template = [f"sheetgen template {map_id} --players Ann,Bo -o board.csv"]
    run_as_printed(template + rest, tmp_path, SEED)
    texts = " ".join("".join(el.itertext()) for part in parts for page in part.pages
                     if isinstance(page, str) for el in ET.fromstring(page).iter(SVG_TEXT))
    for named in re.findall(r"output/\S+\.pdf", texts):
        assert (tmp_path / named).is_file(), named
