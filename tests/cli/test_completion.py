"""Shell completion of map names, games and option choices (Click's shell_complete)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from sheetgen.cli import main


def complete(words: str) -> list[str]:
    parts = words.split(" ")
    env = {"_SHEETGEN_COMPLETE": "bash_complete", "COMP_WORDS": words,
           "COMP_CWORD": str(len(parts) - 1)}
    result = CliRunner().invoke(main, [], env=env, prog_name="sheetgen")
    assert result.exit_code == 0, result.output
    return [line.split(",", 1)[1] for line in result.output.splitlines()]


@pytest.mark.parametrize(("words", "expected"), [
    ("sheetgen sheet u", ["usa"]),
    ("sheetgen kit ", ["byways", "europe", "germany", "paris", "usa", "ontour", "dicetrip"]),
    ("sheetgen map show e", ["europe"]),
    ("sheetgen score g.csv --map ", ["byways", "europe", "germany", "paris", "usa", "ontour",
                                     "dicetrip"]),
    ("sheetgen sheet usa --paper l", ["letter"]),
    ("sheetgen sheet usa --format s", ["svg"]),
    ("sheetgen script usa --format c", ["csv"]),
    ("sheetgen cards usa --backs duplex", ["duplex-long", "duplex-short"]),
    ("sheetgen dice d", ["d10", "d6", "dicetrip"]),
    # issue 27 item 13: every argument the README says completes
    ("sheetgen scorepad ", ["byways", "dicetrip", "league", "ontour", "germany", "usa",
                            "europe", "paris"]),
    ("sheetgen scorepad l", ["league"]),
    ("sheetgen plan ", ["byways"]),
    ("sheetgen plan byways --start ", ["CA", "WY", "IA", "TX", "GA", "PA"]),
    ("sheetgen plan byways --start t", ["TX"]),
    ("sheetgen plan byways --start TX --avoid ", ["A", "B", "C", "D", "E"]),
    ("sheetgen cards byways --deck ", ["all", "red", "blue", "construction", "event",
                                       "vehicle"]),
    ("sheetgen cards usa --deck ", ["all"]),
    ("sheetgen cards ", ["byways", "europe", "paris", "usa", "ontour"]),
    ("sheetgen template ", ["europe", "germany", "paris", "usa", "ontour", "dicetrip"]),
    ("sheetgen check b.csv --map ", ["byways", "europe", "germany", "paris", "usa", "ontour",
                                     "dicetrip"]),
    ("sheetgen serve ", ["europe", "germany", "paris", "usa", "ontour", "dicetrip"]),
    ("sheetgen kit usa --format ", ["pdf", "png"]),
])
def test_completes(words: str, expected: list[str]) -> None:
    assert complete(words) == expected
