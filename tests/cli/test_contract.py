"""The option contract: an option a command or its game cannot honour is a usage error
naming it (never silently ignored), ``-n`` is a number and ``--players`` names in every
command, every count has a bound, and errors say what to do next."""

from __future__ import annotations

import io
import os
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.cli.common import ContractOption, option_name
from sheetgen.games import FEATURES, games


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def usage_error(result: Result) -> str:
    """The one error line of a usage error (exit 2), after Click's usage lines."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert lines[0].startswith("Usage:")
    return lines[-1]


def commands() -> dict[str, click.Command]:
    """Every command by its name (``map show`` for a group's command)."""
    found: dict[str, click.Command] = {}
    for name, command in main.commands.items():
        if isinstance(command, click.Group):
            for sub, inner in command.commands.items():
                found[f"{name} {sub}"] = inner
        else:
            found[name] = command
    return found


SAMPLES = {"count": "2", "players": "Ann,Ben", "seed": "7", "backs": "fold",
           "deck": "red", "time_limit": "5", "back_offset": "1,1", "back_design": "solid"}
"""A value each contract option is given in these tests (flags take none)."""


def sample(option: click.Option) -> str:
    """A valid value for an option the table above does not know (one added later)."""
    if isinstance(option.type, click.IntRange):
        return str(option.type.min or 1)
    return str(option.default) if option.default not in (None, "") else "1"


REQUIRED = {"script": ["--seed", "7"], "plan": ["--start", "TX", "--seed", "7"]}


def unhonoured() -> list[tuple[str, str, str]]:
    """(command, map, option) for every option that needs a feature some game lacks:
    found by walking the command tree, so that an option added later is covered too."""
    cases = []
    for name, command in sorted(commands().items()):
        argument = next((p for p in command.params if p.name == "map_id"), None)
        if argument is None:
            continue
        whole = getattr(argument.type, "feature", None)  # what the command needs at all
        for param in command.params:
            if not isinstance(param, ContractOption) or param.needs is None:
                continue
            for game in games():
                if param.needs in game.honours or (whole and whole not in game.honours):
                    continue
                game_map = game.default_map() or game.maps()[0]
                cases.append((name, game_map, param.name or ""))
    return cases


def test_the_walk_finds_the_cases_of_the_report() -> None:
    cases = set(unhonoured())
    assert {("sheet", "byways", "count"), ("sheet", "byways", "players"),
            ("kit", "germany", "backs"), ("script", "usa", "count"),
            ("kit", "byways", "perfect"), ("cards", "usa", "deck")} <= cases
    assert all(FEATURES[p.needs] for c in commands().values() for p in c.params
               if isinstance(p, ContractOption) and p.needs)


@pytest.mark.parametrize(("name", "map_id", "param"), unhonoured())
def test_an_option_the_game_cannot_honour_is_a_usage_error(tmp_path: Path, name: str,
                                                           map_id: str, param: str) -> None:
    command = commands()[name]
    option = next(p for p in command.params if p.name == param)
    assert isinstance(option, click.Option)
    value = [] if option.is_flag else [SAMPLES.get(param) or sample(option)]
    out = tmp_path / "out.pdf"
    result = run(*name.split(), map_id, *REQUIRED.get(name, []), option.opts[-1], *value,
                 "-o", str(out))
    line = usage_error(result)
    game = next(g for g in games() if map_id in g.maps())
    assert line.startswith(f"Error: {option_name(option)}: {game.title} ")
    assert f"leave out {option_name(option)}" in line
    assert not out.exists()


@pytest.mark.parametrize(("args", "fragment"), [
    (["cards", "usa", "--back-offset", "1,1"], "--back-offset: it shifts the back pages"),
    (["cards", "usa", "--backs", "fold", "--back-offset", "1,1"],
     "--back-offset: it shifts the back pages"),
    (["cards", "usa", "--back-design", "solid"], "--back-design: it draws the card backs"),
    (["cards", "byways", "--test-page", "--deck", "red"], "--deck: the duplex test page"),
    (["script", "usa", "--seed", "7", "--time-limit", "5"],
     "--time-limit: it limits the search of --perfect"),
    (["kit", "usa", "--time-limit", "5"], "--time-limit: it limits the search of --perfect"),
    (["script", "usa", "--seed", "7", "--json", "--paper", "letter"],
     "--paper: this run draws nothing"),
    (["script", "usa", "--seed", "7", "--par", "--paper", "letter"],
     "--paper: this run draws nothing"),
    (["plan", "byways", "--start", "TX", "--seed", "7", "--json", "--paper", "letter"],
     "--paper: this run draws nothing"),
    (["scorepad", "league", "-n", "3", "--players", "Ann,Ben", "--games", "usa"],
     "-n/--count: a league sheet has a column per player"),
    (["script", "byways", "--seed", "7", "--players", "Ann,Ben"],
     "--players: a script seats players by number"),
    (["script", "usa", "--seed", "7", "-o", "g7.txt"],
     "-o g7.txt: this command writes pdf or png or json, not txt"),
])
def test_an_option_the_others_make_meaningless_is_a_usage_error(tmp_path: Path,
                                                                args: list[str],
                                                                fragment: str) -> None:
    os.chdir(tmp_path)
    assert fragment in usage_error(run(*args))
    assert list(tmp_path.iterdir()) == []


def test_score_paper_without_a_drawing_is_refused(tmp_path: Path) -> None:
    csv_path = tmp_path / "g.csv"
    assert run("template", "usa", "--players", "A", "-o", str(csv_path)).exit_code == 0
    result = run("score", str(csv_path), "--json", "--paper", "letter")
    assert "--paper: this run draws nothing" in usage_error(result)


def test_every_command_that_writes_refuses_an_extension_it_cannot_write(tmp_path: Path
                                                                        ) -> None:
    """-o x.txt: no command writes its PDF, CSV or PNG under a name that says text."""
    os.chdir(tmp_path)
    args = {"sheet": ["usa"], "cards": ["usa"], "dice": ["d6"], "kit": ["usa"],
            "script": ["usa", "--seed", "7"], "template": ["usa"],
            "scorepad": ["usa"], "plan": ["byways", "--start", "TX", "--seed", "7"],
            "score": ["g.csv"], "read": ["photo.jpg"]}
    writers = {n for n, c in commands().items() if any(p.name == "output" for p in c.params)}
    assert writers == set(args)
    for name, rest in args.items():
        line = usage_error(run(name, *rest, "-o", "x.txt"))
        assert "-o x.txt: this command writes" in line and "not txt" in line, name
    assert list(tmp_path.iterdir()) == []


# --- -n is a number and --players names, in every command (issue 27 item 9) ----------------

COUNTED = {"sheet": ["usa"], "template": ["usa"], "scorepad": ["usa"], "kit": ["usa"],
           "script": ["byways", "--seed", "7"]}


def test_every_command_with_a_count_or_names_uses_the_same_spelling() -> None:
    for name, command in commands().items():
        opts = {o for p in command.params for o in getattr(p, "opts", [])}
        if "--players" in opts:
            assert {"-n", "--count"} <= opts or name in ("serve", "read"), name
        if "-n" in opts or "--count" in opts:
            assert {"-n", "--count"} <= opts, name
    assert {n for n, c in commands().items()
            if any("-n" in getattr(p, "opts", []) for p in c.params)} == {*COUNTED, "plan"}


@pytest.mark.parametrize("name", sorted(COUNTED))
@pytest.mark.parametrize("number", ["3", "²", "٣"])
def test_a_number_for_players_says_to_write_n(tmp_path: Path, name: str, number: str) -> None:
    os.chdir(tmp_path)
    line = usage_error(run(name, *COUNTED[name], "--players", number))
    assert "--players takes player names" in line
    assert f"write -n {number if number.isascii() else 'COUNT'}" in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["serve", "read"])
def test_commands_without_a_count_take_names_too(tmp_path: Path, name: str) -> None:
    """serve and read have no -n: a number for --players is refused without pointing
    to an option they do not have."""
    rest = ["usa", "--boards", str(tmp_path / "b")] if name == "serve" else [
        str(tmp_path / "photo.jpg")]
    line = usage_error(run(name, *rest, "--players", "3"))
    assert "--players takes player names" in line and "-n" not in line
    assert list(tmp_path.iterdir()) == []


def test_template_names_and_count(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    assert run("template", "usa", "--players", "Ann,Ben", "--count", "3",
               "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8").splitlines()[1] == "space,Ann,Ben,Player 3"


def test_scorepad_players_are_names(tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    result = run("scorepad", "usa", "--players", "Ann,Ben", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = PdfReader(io.BytesIO(out.read_bytes())).pages[0].extract_text()
    assert "Ann" in text and "Ben" in text and text.count("Name") == 2
    result = run("scorepad", "usa", "-n", "3", "--players", "Ann,Ben", "-o", str(out))
    assert result.exit_code == 0, result.output  # -n is no longer ignored beside names
    assert PdfReader(io.BytesIO(out.read_bytes())).pages[0].extract_text().count("Name") == 3
    assert "-n: 1 is fewer than the 2 names" in run("scorepad", "usa", "-n", "1", "--players",
                                                    "Ann,Ben").output


def test_kit_count_and_names(tmp_path: Path) -> None:
    out = tmp_path / "k.pdf"
    result = run("kit", "germany", "-n", "3", "--players", "Ann,Ben", "-o", str(out))
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    first = next(o for o in reader.outline if o.title == "Player sheets")
    start = reader.get_destination_page_number(first)
    texts = [reader.pages[start + i].extract_text() for i in range(3)]
    assert "Ann" in texts[0] and "Ben" in texts[1]
    assert "Ann" not in texts[2] and "Ben" not in texts[2]


def test_script_count_is_seats(tmp_path: Path) -> None:
    import json

    result = run("script", "byways", "--seed", "2", "-n", "3", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"] == 3


# --- bounds (issue 29 item 2) and the tracebacks (item 1) -----------------------------------

@pytest.mark.parametrize(("args", "fragment"), [
    (["sheet", "usa", "-n", "501"], "Invalid value for '-n' / '--count': 501 is not in the range"),
    (["sheet", "usa", "-n", "99999999999"], "is not in the range 1<=x<=500"),
    (["sheet", "usa", "--players", ",".join(f"P{i}" for i in range(501))],
     "--players: 501 names; at most 500"),
    (["kit", "usa", "-n", "101"], "is not in the range 1<=x<=100"),
    (["template", "usa", "-n", "1001"], "is not in the range 1<=x<=1000"),
    (["scorepad", "usa", "-n", "61"], "is not in the range 1<=x<=60"),
    (["script", "byways", "--seed", "1", "-n", "5"], "is not in the range 2<=x<=4"),
    (["script", "usa", "--seed", "1", "--perfect", "--time-limit", "inf"],
     "inf is not in the range 0<x<=3600"),
    (["script", "usa", "--seed", "1", "--perfect", "--time-limit", "nan"],
     "expected a number of seconds"),
    (["kit", "usa", "--perfect", "--time-limit", "nan"], "expected a number of seconds"),
    (["kit", "usa", "--perfect", "--time-limit", "3601"], "is not in the range"),
    (["script", "usa", "--seed", "7" * 100_001], "a seed has at most 100000 digits"),
    (["script", "usa", "--seed", "-1"], "expected a whole number 0 or more"),
    (["script", "usa", "--seed", "1_000"], "digits only"),
])
def test_every_count_and_limit_has_a_bound(tmp_path: Path, args: list[str],
                                           fragment: str) -> None:
    os.chdir(tmp_path)
    assert fragment in usage_error(run(*args))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("args", "fragment"), [
    (["scorepad", "usa", "--games", "41"], "--games: 41 is outside 1-40"),
    (["scorepad", "usa", "--games", "9" * 5000], "--games: expected a number of games 1-40"),
    (["scorepad", "league", "--players", "A,B", "--games", ",".join(["usa"] * 41)],
     "--games: 41 games; at most 40"),
])
def test_games_are_bounded(tmp_path: Path, args: list[str], fragment: str) -> None:
    os.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 1 and fragment in result.output
    assert "Traceback" not in result.output


def test_a_seed_of_any_length_is_a_seed(tmp_path: Path) -> None:
    """A seed over 4300 digits was 'not a valid integer'; 3000 digits overflowed the QR
    code of the sheet and the script. Now the code carries a hash of a long seed."""
    from sheetgen.draw.qr import seed_code

    long = "7" * 5000
    result = run("script", "usa", "--seed", long, "--json")
    assert result.exit_code == 0, result.output
    assert f'"seed": {long},' in result.stdout
    for command in (["sheet", "usa", "-n", "1"], ["script", "usa"], ["sheet", "germany",
                                                                       "-n", "1"]):
        out = tmp_path / f"{command[0]}-{command[1]}.svg"
        if command[0] == "script":
            out = out.with_suffix(".pdf")
        result = run(*command, "--seed", "7" * 3000, "-o", str(out))
        assert result.exit_code == 0, (command, result.output)
    code = seed_code(int("7" * 3000))  # 3000 digits: under the interpreter's guard
    assert code.startswith("#") and len(code) == 17
    assert seed_code(4711) == "4711"
    svg = (tmp_path / "sheet-usa.svg").read_text(encoding="utf-8")
    assert f"sheetgen:sheet:v3:usa:a4:{code}:1" in svg
    svg = (tmp_path / "sheet-germany.svg").read_text(encoding="utf-8")
    assert f"sheetgen:sheet:v3:germany:a4:{code}:1" in svg


# --- read follows the same contract -------------------------------------------------------

def test_read_checks_its_outputs_before_it_reads_a_photo(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """-o and --review are refused (their option named) before any photo is opened: an
    input, a wrong extension, a PDF named twice; the threshold is a number from 0 to 1."""
    pytest.importorskip("cv2")
    from sheetgen.read import sheet

    opened: list[Path] = []
    monkeypatch.setattr(sheet, "load_images", lambda path: opened.append(path) or [])
    os.chdir(tmp_path)
    scan = tmp_path / "scan.pdf"
    scan.write_bytes(b"%PDF-1.4 a scan")
    line = one_line(run("read", "scan.pdf", "--review", "scan.pdf"))
    assert "scan.pdf (the review) is an input file of this command" in line
    assert "--review x.jpg: this command writes pdf or png, not jpg" in usage_error(
        run("read", "scan.pdf", "--review", "x.jpg"))
    assert "--review x.pdf: the extension says pdf but --format says png" in usage_error(
        run("read", "scan.pdf", "--review", "x.pdf", "--format", "png"))
    assert "--format: unknown format 'svg'" in one_line(
        run("read", "scan.pdf", "--format", "svg"))
    assert "-o x.txt: this command writes csv, not txt" in usage_error(
        run("read", "scan.pdf", "-o", "x.txt"))
    assert "--review -: the review goes to a file" in usage_error(
        run("read", "scan.pdf", "--review", "-"))
    for bad in ("nan", "1.5", "-0.1"):
        assert "--threshold" in usage_error(run("read", "scan.pdf", "--threshold", bad))
    assert "PHOTOS: 501 given; at most 500" in usage_error(
        run("read", *["scan.pdf"] * 501))
    assert opened == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scan.pdf"]


def test_read_takes_seeds_of_any_length(tmp_path: Path) -> None:
    """A sheet's code carries a seed over 24 digits as a hash: --seed gives it back, of any
    length (click's IntRange refused over 4,300 digits)."""
    pytest.importorskip("cv2")
    result = run("read", str(tmp_path / "missing.jpg"), "--seed", "7" * 5000)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "no sheet could be read" in result.output.strip().splitlines()[-1]


# --- errors say what to do next (issue 27 item 12) ------------------------------------------

def one_line(result: Result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_errors_say_what_to_do_next(tmp_path: Path) -> None:
    template = one_line(run("template", "byways"))
    assert "Highways & Byways has no scoring CSV: it is a race, and a drive log" in template
    assert "sheetgen check" in template and "sheetgen score" in template
    assert "sheetgen dice dicetrip" in one_line(run("cards", "germany"))
    missing = usage_error(run("sheet"))
    assert "Missing argument 'MAP'. Name one: byways, europe, germany, paris, usa" in missing
    assert "(did you mean usa?)" in one_line(run("kit", "US", "-o", str(tmp_path / "k.pdf")))
    assert "has no planner: `sheetgen plan` plans a drive of Highways & Byways" in one_line(
        run("plan", "usa", "--start", "TX", "--seed", "1"))


def test_ids_are_case_insensitive(tmp_path: Path) -> None:
    for args in (["sheet", "USA", "-n", "1"], ["scorepad", "Paris"], ["dice", "D6"],
                 ["cards", "Byways", "--deck", "RED", "--backs", "FOLD", "--size", "Mini"],
                 ["sheet", "Europe", "-n", "1", "--paper", "Letter"]):
        result = run(*args, "-o", str(tmp_path / "x.pdf"))
        assert result.exit_code == 0, (args, result.output)


def test_score_with_another_map_than_the_file_says_is_one_line(tmp_path: Path) -> None:
    csv_path = tmp_path / "usa.csv"
    assert run("template", "usa", "--players", "A", "-o", str(csv_path)).exit_code == 0
    line = one_line(run("score", str(csv_path), "--map", "europe", "--json"))
    assert line == (f"Error: {csv_path}:1:1: the file says '# map: usa' but --map says "
                    "europe; leave out --map, or score the file with the map it was filled "
                    "on")


def test_check_says_the_circle_is_missing(tmp_path: Path) -> None:
    from sheetgen.games.ontour.grammar import format_boards
    from sheetgen.games.ontour.players.game import setup_cells
    from sheetgen.games.ontour.rules import make_script
    from sheetgen.maps import find_map
    from sheetgen.model import Board, Cell

    usa = find_map("usa")
    setup = setup_cells(make_script(usa, 7))
    cells = {s: Cell.cross() for s in usa.space_ids}
    cells.update(setup)
    space, cell = next(iter(setup.items()))
    cells[space] = Cell.number(cell.value or 0)  # the circle left out
    path = tmp_path / "b.csv"
    path.write_text(format_boards(usa, [Board("usa", "Ann", cells)]), encoding="utf-8")
    result = run("check", str(path), "--seed", "7")
    assert result.exit_code == 3
    assert (f"{space} holds {cell.value:02d} without its circle; the setup wrote "
            f"({cell.value:02d}) there: the circle is missing") in result.stdout
