"""``sheetgen check --budget``: a board whose search uses its budget is undecided, with its
own exit code, and never reported illegal."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.cli.script_cmd import ILLEGAL_EXIT, UNDECIDED_EXIT
from sheetgen.games import CHECK_BUDGET
from sheetgen.games.dicetrip.check import DEFAULT_BUDGET as TRIP_BUDGET
from sheetgen.games.ontour.check import DEFAULT_BUDGET as TOUR_BUDGET

HARD = Path(__file__).resolve().parents[1] / "data" / "boards" / "hard"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_one_budget_for_every_game() -> None:
    assert CHECK_BUDGET == TOUR_BUDGET == TRIP_BUDGET


def test_a_board_past_the_budget_is_undecided_with_exit_code_4() -> None:
    for name, seed in (("usa-seed-75460.csv", "75460"), ("germany-seed-187395.csv", "187395")):
        code, out, err = run("check", str(HARD / name), "--seed", seed, "--budget", "10")
        assert code == UNDECIDED_EXIT, (name, out, err)
        assert "undecided for" in out and "not legal" not in out
        assert "larger --budget" in out
        assert "1 of 1 board(s) undecided within --budget 10" in err
        code, out, _ = run("check", str(HARD / name), "--seed", seed)
        assert code == ILLEGAL_EXIT and "not legal for" in out


def test_undecided_in_json_is_null_never_false() -> None:
    code, out, _ = run("check", str(HARD / "usa-seed-75460.csv"), "--seed", "75460",
                       "--budget", "10", "--json")
    data = json.loads(out)
    assert code == UNDECIDED_EXIT
    assert data["legal"] is None and data["budget"] == 10
    (player,) = data["players"]
    assert player["legal"] is None and player["verdict"] == "undecided"


def test_an_illegal_board_wins_over_an_undecided_one(tmp_path: Path) -> None:
    """Two boards, one shown illegal at once, the other undecided: exit code 3, and the
    undecided one is still reported as undecided."""
    text = (HARD / "usa-seed-75460.csv").read_text(encoding="utf-8").splitlines()
    header = next(i for i, line in enumerate(text) if line.startswith("space,"))
    rows = [text[header] + ",Wrong"]
    for line in text[header + 1:]:
        space = line.split(",")[0]
        rows.append(f"{line},{'99' if space == 'WA' else line.split(',')[1]}")
    both = tmp_path / "both.csv"
    both.write_text("\n".join([*text[:header], *rows]) + "\n", encoding="utf-8")
    code, out, err = run("check", str(both), "--seed", "75460", "--budget", "10")
    assert code == ILLEGAL_EXIT
    assert "Board 136: undecided for usa seed 75460" in out
    assert "Wrong: not legal for usa seed 75460" in out
    assert "1 undecided" in err


def test_the_budget_has_bounds() -> None:
    for bad in ("0", "-5", "10000000000", "many"):
        code, _, err = run("check", str(HARD / "usa-seed-75460.csv"), "--seed", "75460",
                           "--budget", bad)
        assert code == 2 and "--budget" in err
