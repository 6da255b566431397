"""``sheetgen script``: JSON to stdout or a file, the PDF, reproducibility, errors."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.games.ontour.rules import make_script, script_to_json
from sheetgen.maps import find_map

GOLDENS = Path(__file__).resolve().parent.parent / "data" / "scripts"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def with_schema(golden: str) -> str:
    """The CLI's Script JSON: the library's text with "schema": 1 as its first key."""
    assert golden.startswith("{\n")
    return '{\n  "schema": 1,\n' + golden[2:]


def test_json_to_stdout_is_the_golden() -> None:
    result = run("script", "usa", "--seed", "7", "--json")
    assert result.exit_code == 0, result.output
    assert result.stdout == with_schema((GOLDENS / "usa-seed-7.json").read_text(
        encoding="utf-8"))
    assert json.loads(result.stdout)["schema"] == 1


def test_json_to_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = run("script", "USA", "--seed", "2024", "--json", "-o", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == with_schema(
        (GOLDENS / "usa-seed-2024.json").read_text(encoding="utf-8"))
    assert result.stdout == ""
    # the extension alone chooses JSON; a contradicting --format-like flag is refused
    other = tmp_path / "g.json"
    assert run("script", "usa", "--seed", "2024", "-o", str(other)).exit_code == 0
    assert other.read_bytes() == path.read_bytes()


def test_pdf_default_name_one_page_and_reproducible(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    first = run("script", "usa", "--seed", "7")
    assert first.exit_code == 0, first.output
    path = tmp_path / "output" / "usa-seed-7-script-a4.pdf"
    assert f"wrote {Path('output/usa-seed-7-script-a4.pdf')}" in first.output
    blob = path.read_bytes()
    again = run("script", "usa", "--seed", "7")
    assert again.exit_code == 0
    assert path.read_bytes() == blob
    reader = PdfReader(io.BytesIO(blob))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert abs(float(page.mediabox.width) - 210 * 72 / 25.4) < 0.5
    content = page.extract_text()
    assert "On Tour: USA" in content and "seed 7" in content
    script = make_script(find_map("usa"), 7)
    for turn in script.turns:
        if turn.numbers:
            assert re.search(rf"{turn.numbers[0]:02d}\s+(or\s+)?{turn.numbers[1]:02d}", content)


def test_every_usa_game_fits_two_pages(tmp_path: Path) -> None:
    from sheetgen.games.ontour.script import paginate
    from sheetgen.templates import paper

    usa = find_map("usa")
    worst = max(len(make_script(usa, s).turns) for s in range(300))
    assert len(paginate(range(worst), paper("a4"))) == 1  # type: ignore[arg-type]
    assert len(paginate(range(37), paper("letter"))) <= 2  # type: ignore[arg-type]


def test_errors() -> None:
    unknown = run("script", "mars", "--seed", "1")
    assert unknown.exit_code == 1 and "unknown map" in unknown.output
    negative = run("script", "usa", "--seed", "-3")
    assert negative.exit_code == 2
    missing = run("script", "usa")
    assert missing.exit_code == 2 and "--seed" in missing.output


def test_same_json_as_library() -> None:
    result = run("script", "usa", "--seed", "123", "--json")
    assert result.stdout == with_schema(script_to_json(make_script(find_map("usa"), 123)))
    assert json.loads(result.stdout)["seed"] == 123


def test_par_is_the_players_best_route() -> None:
    from sheetgen.games.ontour.players.game import play
    from sheetgen.games.ontour.players.planner import PlannerPlayer
    from sheetgen.games.ontour.score import best_route

    usa = find_map("usa")
    expected = best_route(usa, play(usa, make_script(usa, 7), PlannerPlayer()).board)
    result = run("script", "usa", "--seed", "7", "--par", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["par"] == expected.score and data["route"] == list(expected.route)
    text = run("script", "usa", "--seed", "7", "--par")
    assert f"par {expected.score} " in text.stdout


def test_check_command(tmp_path: Path) -> None:
    pytest.importorskip("sheetgen.csvio")
    from sheetgen.games.ontour.check import check_board
    from sheetgen.games.ontour.players.game import play
    from sheetgen.games.ontour.players.planner import PlannerPlayer
    from sheetgen.model import Board, Cell, CellKind

    usa = find_map("usa")
    script = make_script(usa, 3)
    board = play(usa, script, PlannerPlayer()).board
    tampered = next(
        t for t in (Board("usa", "T", {**board.cells, s: Cell(c.kind, c.value, True)})
                    for s, c in board.cells.items()
                    if c.kind is CellKind.NUMBER and not c.circled)
        if not check_board(usa, script, t).legal)
    lines = ["# map: usa", "space,Par,Tamper"]
    lines += [f"{s},{board.cells[s].text},{tampered.cells[s].text}" for s in usa.space_ids]
    path = tmp_path / "boards.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("check", str(path), "--seed", "3")
    assert result.exit_code == 3  # its own code: some board is not legal (1 is bad input)
    assert "Par: legal" in result.output and "Tamper: not legal" in result.output
    result = run("check", str(path), "--seed", "3", "--json")
    assert result.exit_code == 3
    data = json.loads(result.stdout)
    assert data["schema"] == 1 and data["legal"] is False
    assert [(p["name"], p["legal"]) for p in data["players"]] == [("Par", True),
                                                                  ("Tamper", False)]


def test_check_takes_the_seed_from_the_file_s_seed_line(tmp_path: Path) -> None:
    """`sheetgen read` writes `# seed: N` from the sheets' codes: `check` needs no
    --seed then, and a --seed against the line is refused with the line's place."""
    from sheetgen.games.ontour.players.game import play
    from sheetgen.games.ontour.players.planner import PlannerPlayer

    usa = find_map("usa")
    board = play(usa, make_script(usa, 3), PlannerPlayer()).board
    rows = [f"{s},{board.cells[s].text}" for s in usa.space_ids]
    plain = tmp_path / "plain.csv"
    plain.write_text("\n".join(["# map: usa", "space,Ann", *rows]) + "\n", encoding="utf-8")
    seeded = tmp_path / "seeded.csv"
    seeded.write_text("\n".join(["# map: usa", "# seed: 3", "space,Ann", *rows]) + "\n",
                      encoding="utf-8")
    given = run("check", str(plain), "--seed", "3", "--json")
    read = run("check", str(seeded), "--json")
    assert given.exit_code == read.exit_code == 0, read.output
    assert given.stdout == read.stdout and json.loads(read.stdout)["seed"] == 3
    assert run("check", str(seeded), "--seed", "3").exit_code == 0
    other = run("check", str(seeded), "--seed", "4")
    assert other.exit_code == 1
    assert other.output.splitlines()[-1] == (
        f"Error: {seeded}:2:1: the file says '# seed: 3' but --seed says 4; leave out "
        "--seed, or check the file against the game it was played in")
    missing = run("check", str(plain))
    assert missing.exit_code == 2
    assert f"give --seed N: {plain} has no '# seed: N' line" in missing.output
    seeded.write_text("# map: usa\n# seed: seven\nspace,Ann\n", encoding="utf-8")
    bad = run("check", str(seeded))
    assert bad.exit_code == 1 and "Traceback" not in bad.output
    assert bad.output.splitlines()[-1].startswith(f"Error: {seeded}:2:1: '# seed:' expected "
                                                  "a whole number")


def test_score_refuses_a_seed_against_the_file_s_seed_line(tmp_path: Path) -> None:
    """`score evening.csv --seed 8` on a file that says `# seed: 7` judged every board
    against seed 8 ("2 of 2 board(s) not legal") where `check` refuses the contradiction;
    now `score` refuses it as `check` does, before anything is written."""
    from sheetgen.games.ontour.players.game import play
    from sheetgen.games.ontour.players.planner import PlannerPlayer

    usa = find_map("usa")
    board = play(usa, make_script(usa, 3), PlannerPlayer()).board
    rows = [f"{s},{board.cells[s].text}" for s in usa.space_ids]
    seeded = tmp_path / "seeded.csv"
    seeded.write_text("\n".join(["# map: usa", "# seed: 3", "space,Ann", *rows]) + "\n",
                      encoding="utf-8")
    other = run("score", str(seeded), "--seed", "4")
    assert other.exit_code == 1
    assert other.output.splitlines()[-1] == (
        f"Error: {seeded}:2:1: the file says '# seed: 3' but --seed says 4; leave out "
        "--seed, or check the file against the game it was played in")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["seeded.csv"]
    same = run("score", str(seeded), "--seed", "3", "--json")
    assert same.exit_code == 0, same.output
    assert json.loads(same.stdout)["seed"] == 3
