"""Run every command for every game and map and print a sha256 of each output.

    python tools/snapshot_outputs.py > before.txt
    ... change the code ...
    python tools/snapshot_outputs.py > after.txt
    diff before.txt after.txt

A refactoring that changes no behaviour leaves the two listings equal, byte for byte:
every file written (PDF, SVG, PNG, CSV, JSON, under its name: most runs use the default
names), every standard output and every standard error (with the temporary folder's path
replaced by ``TMP``), and every exit code. The commands run in this process through
Click's test runner (one import of the package, so the whole run takes minutes, not one
interpreter start per command), each in a fresh temporary folder of its own. Some runs
are refused on purpose (cards of Dice Trip, a Highways & Byways template, two files with
the same player): their error message is part of the listing.

What is covered: sheets in each format (with names and a seed), cards (every backs mode,
the solid back design, the test page, each Highways & Byways deck), the dice, scripts as
PDF, JSON and ``--par``, the perfect game (``--time-limit 1``: the solver's limit is
counted in deterministic work units, so its result is the same on every run) as CSV, JSON
and PDF, templates, scoring (JSON, the annotated PDF, ``--seed``, ``--scorepad``) of the
boards in ``tests/data/boards`` and of the perfect boards written above, ``check``,
scorepads (every game, every map, the league sheet), the kit of every game (one with the
perfect game), ``plan``, ``maps`` and ``map show`` (text and JSON). Nothing run here
depends on the clock: every output is deterministic. ``--quick`` leaves out the kits and
the perfect games.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from click.testing import CliRunner

from sheetgen.cli import main

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "tests" / "data" / "boards"
ON_TOUR = ("usa", "europe", "paris")
MAPS = (*ON_TOUR, "germany", "byways")
Run = tuple[str, list[str]]
"""A name and the command's arguments (``{keep}``: a folder kept for the whole run;
``{data}/NAME``: a copy of ``tests/data/boards/NAME`` in the run's own folder, where the
scored PDF lands beside it)."""


def runs(quick: bool) -> Iterator[Run]:
    for m in MAPS:
        yield f"maps-show-{m}", ["map", "show", m]
        yield f"maps-show-{m}-json", ["map", "show", m, "--json"]
        yield f"template-{m}", ["template", m, "--players", "Ann,Bo", "-o", "t.csv"]
        yield f"template-{m}-stdout", ["template", m, "-n", "3", "-o", "-"]
        count = [] if m == "byways" else ["-n", "2"]  # one board for every player
        one = [] if m == "byways" else ["-n", "1"]
        yield f"sheet-{m}-pdf", ["sheet", m, *count]
        yield f"sheet-{m}-names-seed-letter", ["sheet", m, "--players", "Ann,Bo", "--seed",
                                               "7", "--paper", "letter", "-o", "s.pdf"]
        yield f"sheet-{m}-svg", ["sheet", m, *one, "--format", "svg"]
        yield f"sheet-{m}-png", ["sheet", m, *one, "-o", "s.png"]
        yield f"cards-{m}", ["cards", m]
        yield f"script-{m}-pdf", ["script", m, "--seed", "7"]
        yield f"script-{m}-json", ["script", m, "--seed", "7", "--json"]
        yield f"script-{m}-par", ["script", m, "--seed", "7", "--par"]
        yield f"script-{m}-par-json", ["script", m, "--seed", "7", "--par", "--json"]
        yield f"scorepad-{m}", ["scorepad", m, "--players", "Ann,Bo,Cy"]
        if not quick:
            yield f"kit-{m}", ["kit", m, *count]
    for m in ("usa", "paris"):
        for backs in ("none", "duplex-long", "duplex-short", "fold"):
            yield f"cards-{m}-{backs}", ["cards", m, "--backs", backs, "--size", "mini"]
    yield "cards-usa-solid-bleed", ["cards", "usa", "--back-design", "solid", "--bleed", "3",
                                    "--back-offset", "1,-2", "-o", "c.pdf"]
    yield "cards-usa-test-page", ["cards", "usa", "--test-page"]
    for deck in ("red", "blue", "construction", "event", "vehicle", "all"):
        yield f"cards-byways-{deck}", ["cards", "byways", "--deck", deck]
    for kind in ("d10", "d6", "dicetrip"):
        yield f"dice-{kind}", ["dice", kind]
    for game in ("ontour", "dicetrip", "byways"):
        yield f"scorepad-game-{game}", ["scorepad", game, "-n", "5", "--games", "6"]
    yield "scorepad-league", ["scorepad", "league", "--players", "Ann,Bo,Cy", "--games",
                              "usa,europe,paris,germany"]
    yield "scorepad-svg", ["scorepad", "usa", "-o", "p.svg"]
    yield "maps", ["maps"]
    yield "maps-json", ["maps", "--json"]
    yield "plan-byways", ["plan", "byways", "--start", "CA", "--seed", "3"]
    yield "plan-byways-json", ["plan", "byways", "--start", "TX", "--seed", "5", "--avoid",
                               "A", "--json"]
    yield "plan-byways-pdf", ["plan", "byways", "--start", "GA", "--seed", "2", "-o",
                              "plan.pdf"]
    yield "plan-byways-hand", ["plan", "byways", "--start", "PA", "--hand",
                               "Connecticut River Byway,Big Bend River Road,Colonial Parkway,"
                               "Kings Highway,Cherohala Skyway"]
    # Scoring: the boards in tests/data, then the perfect boards of the On Tour maps.
    for board in sorted(BOARDS.glob("*.csv")):
        seed = "5" if board.name.startswith("germany") else "7"
        b = "{data}/" + board.name  # a copy in the run's folder: the PDF lands beside it
        yield f"score-{board.stem}", ["score", b]
        yield f"score-{board.stem}-json", ["score", b, "--json"]
        yield f"score-{board.stem}-seed", ["score", b, "--seed", seed, "--json", "--pdf",
                                           "sc.pdf"]
        yield f"score-{board.stem}-scorepad", ["score", b, "--scorepad", "-o", "sc.pdf"]
        yield f"check-{board.stem}", ["check", b, "--seed", seed]
        yield f"check-{board.stem}-json", ["check", b, "--seed", seed, "--json"]
    usa = ["{data}/usa-three-players.csv", "{data}/usa-three-players-excel.csv"]
    yield "score-same-names-in-two-files", ["score", *usa, "--map", "usa", "--json"]
    if quick:
        return
    for m in ON_TOUR:
        yield f"perfect-{m}-csv", ["script", m, "--seed", "7", "--perfect", "--time-limit",
                                   "1", "--format", "csv", "-o", "{keep}/" + m + ".csv"]
        yield f"perfect-{m}-json", ["script", m, "--seed", "7", "--perfect", "--time-limit",
                                    "1", "--json"]
        yield f"perfect-{m}-pdf", ["script", m, "--seed", "7", "--perfect", "--time-limit",
                                   "1"]
        yield f"score-perfect-{m}", ["score", "{keep}/" + m + ".csv", "--seed", "7",
                                     "--scorepad", "-o", "sc.pdf"]
    yield "score-two-files", ["score", usa[0], "{keep}/usa.csv", "--scorepad", "-o", "sc.pdf"]
    yield "kit-usa-perfect", ["kit", "usa", "-n", "1", "--perfect", "--time-limit", "1",
                              "--backs", "fold"]


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="leave out the kits and the perfect games")
    parser.add_argument("--only", default="", help="run only the runs whose name holds this")
    args = parser.parse_args(argv)
    base = Path(tempfile.mkdtemp(prefix="sheetgen-snapshot-"))
    keep = base / "keep"
    keep.mkdir()
    runner = CliRunner()
    count = 0
    home = Path.cwd()
    try:
        for name, argv_ in runs(args.quick):
            if args.only and args.only not in name:
                continue
            out = base / name
            out.mkdir()
            os.chdir(out)  # default file names land in the run's own output/
            words = [a.replace("{keep}", str(keep)) for a in argv_]
            for k, word in enumerate(words):
                if word.startswith("{data}/"):
                    words[k] = word.removeprefix("{data}/")
                    shutil.copy(BOARDS / words[k], out / words[k])
            result = runner.invoke(main, words, catch_exceptions=True)
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                print(f"{name}: raised {result.exception!r}", file=sys.stderr)
            print(f"{name}  exit {result.exit_code}")
            for stream, data in (("stdout", result.stdout_bytes),
                                 ("stderr", result.stderr_bytes)):
                for path, word in ((out, b"TMP"), (keep, b"KEEP"), (ROOT, b"ROOT")):
                    data = data.replace(str(path).encode(), word)
                print(f"  {stream} {hashlib.sha256(data).hexdigest()}")
                count += 1
            for path in sorted(p for p in out.rglob("*") if p.is_file()):
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
                print(f"  {path.relative_to(out)} {digest}")
                count += 1
    finally:
        os.chdir(home)
        shutil.rmtree(base, ignore_errors=True)
    print(f"{count} outputs", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main_())
