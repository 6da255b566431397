"""The perfect game on paper: the script PDF and the kit carry its pages, which state what
the JSON states (score, bound, proof) beside the par, draw its board and route, and say
where every mark was written; games without a perfect game refuse in one line.

The solver itself is tested in test_perfect.py. Most tests here run it once (a short
limit) and hand that result to every command they run, so that they test what the pages
and commands make of one result; the slow tests run the commands end to end."""

from __future__ import annotations

import html
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

import sheetgen.games.ontour.perfect
from sheetgen.cli import main
from sheetgen.games import find_game, game_of
from sheetgen.games.ontour.check import check_board
from sheetgen.games.ontour.perfect import PerfectResult, perfect_game
from sheetgen.games.ontour.perfect_pages import PerfectSummary, Row, perfect_turn_pages, turn_rows
from sheetgen.games.ontour.rules import Script, make_script
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell, CellKind, Map, SpaceId
from sheetgen.templates import paper

SEED = 5
LIMIT = "0.3"


@pytest.fixture(scope="module")
def solved() -> PerfectResult:
    game_map = find_map("usa")
    return perfect_game(game_map, make_script(game_map, SEED), float(LIMIT))


@pytest.fixture
def one_result(solved: PerfectResult, monkeypatch: pytest.MonkeyPatch) -> PerfectResult:
    """Every perfect game asked for in the test is ``solved``."""
    monkeypatch.setattr(sheetgen.games.ontour.perfect, "perfect_game", lambda *args: solved)
    return solved


def run(*args: str) -> tuple[int, str]:
    out = CliRunner().invoke(main, list(args))
    assert "Traceback" not in out.output
    return out.exit_code, out.output


def pdf_text(path: Path) -> tuple[PdfReader, list[str]]:
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return reader, [page.extract_text() for page in reader.pages]


def outline(reader: PdfReader) -> list[tuple[str, int]]:
    return [(item.title, reader.get_destination_page_number(item))
            for item in reader.outline if not isinstance(item, list)]


def par_of(map_id: str, seed: int) -> int:
    code, output = run("script", map_id, "--seed", str(seed), "--par", "--json")
    assert code == 0, output
    return int(json.loads(output)["par"])


@pytest.mark.slow
def test_script_pdf_has_the_perfect_pages_stating_the_json_figures(
        tmp_path: Path, one_result: PerfectResult) -> None:
    code, output = run("script", "usa", "--seed", str(SEED), "--perfect", "--json",
                       "--time-limit", LIMIT)
    assert code == 0, output
    stated = json.loads(output)["perfect"]
    plain = tmp_path / "plain.pdf"
    code, output = run("script", "usa", "--seed", str(SEED), "-o", str(plain))
    assert code == 0, output
    pdf = tmp_path / "perfect.pdf"
    code, output = run("script", "usa", "--seed", str(SEED), "--perfect", "--time-limit",
                       LIMIT, "-o", str(pdf))
    assert code == 0, output
    reader, pages = pdf_text(pdf)
    script_pages = len(PdfReader(plain).pages)
    assert len(pages) == script_pages + 2  # the scored map, then the turns
    score, bound = stated["score"], stated["upper_bound"]
    proof = "proven" if stated["proven"] else f"upper bound {bound}"
    assert outline(reader) == [(f"Seeded game {SEED}", 0),
                               (f"Perfect game: {score} points, {proof}", script_pages)]
    # The script pages are the plain script's own.
    assert pages[:script_pages] == pdf_text(plain)[1]
    par = par_of("usa", SEED)
    map_page, turns_page = pages[script_pages:]
    assert "On Tour: USA · perfect game" in map_page
    assert f"{score} points" in map_page and f"Score {score} = " in map_page
    assert f"par {par}" in map_page
    assert f"{score} points" in turns_page and f"Par {par} " in turns_page
    if stated["proven"]:
        assert "proven optimal" in map_page and "proven optimal" in turns_page
    else:
        assert f"upper bound {bound} · gap {bound - score}" in map_page
        assert (f"best found {score} points · upper bound {bound} · gap {bound - score} "
                f"(not proven within {LIMIT} s") in turns_page
    # The route drawn is the one the CSV names, step by step.
    drawn = map_page.split("Route: ", 1)[1].replace("\n", " ").split(" › ")
    assert [step.split(" ")[1] for step in drawn] == list(one_result.route)
    assert [step.split(" ")[0] for step in drawn] == [f"{k}." for k in
                                                    range(1, len(drawn) + 1)]


def _rows(result: PerfectResult
          ) -> tuple[Map, Script, dict[int, tuple[SpaceId, ...]], list[Row]]:
    """The usa seed's map and script, the spaces each turn filled on the perfect board,
    and the turns page's rows."""
    game_map = find_map("usa")
    script = make_script(game_map, SEED)
    placements = {p.turn: tuple(p.spaces)
                  for p in check_board(game_map, script, result.board).placements}
    return game_map, script, placements, turn_rows(game_map, script, result.board,
                                                   placements)


def test_the_turns_page_says_where_every_mark_went(one_result: PerfectResult) -> None:
    game_map, script, placements, rows = _rows(one_result)
    board = one_result.board
    assert [r[0] for r in rows] == ["Setup"] + [str(t.turn) for t in script.turns]
    named = [s for s in game_map.space_ids
             if any(f" in {game_map.space(s).name}" in r[3] for r in rows)]
    assert named == list(game_map.space_ids)  # every space is written somewhere
    for turn, row in zip(script.turns, rows[1:], strict=True):
        for sid in placements[turn.turn]:
            cell = board.cells[sid]
            if cell.kind is CellKind.NUMBER:
                assert cell.value in turn.numbers
                assert f"{cell.text} in {game_map.space(sid).name}" in row[3]
            elif cell.kind is CellKind.CROSS:
                assert f"X in {game_map.space(sid).name}" in row[3]
            else:
                assert turn.star and "star in " in row[3]


def test_a_proven_game_says_so_and_shows_no_gap(solved: PerfectResult,
                                                monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    proven = replace(solved, upper_bound=solved.score)
    monkeypatch.setattr(sheetgen.games.ontour.perfect, "perfect_game", lambda *args: proven)
    pdf = tmp_path / "p.pdf"
    code, output = run("script", "usa", "--seed", str(SEED), "--perfect", "--format",
                       "pdf", "-o", str(pdf), "--paper", "letter")
    assert code == 0, output
    reader, pages = pdf_text(pdf)
    assert outline(reader)[-1][0] == f"Perfect game: {solved.score} points, proven"
    assert "gap" not in pages[-1] and "gap" not in pages[-2]
    assert (f"{solved.score} points, proven optimal: no legal way of playing this seed "
            "scores more") in pages[-1]
    assert float(reader.pages[-1].mediabox.height) / (72 / 25.4) == pytest.approx(279.4,
                                                                                  abs=0.1)


@pytest.mark.slow
def test_format_pdf_writes_a_descriptive_name(tmp_path: Path, one_result: PerfectResult,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = run("script", "usa", "--seed", str(SEED), "--perfect", "--format", "pdf",
                       "--time-limit", LIMIT)
    assert code == 0, output
    written = tmp_path / "output" / f"usa-seed-{SEED}-script-a4-perfect-{LIMIT}s.pdf"
    assert f"wrote {written.relative_to(tmp_path)}" in output
    first = written.read_bytes()
    code, output = run("script", "usa", "--seed", str(SEED), "--perfect", "--format", "pdf",
                       "--time-limit", LIMIT)
    assert written.read_bytes() == first  # the same result gives the same bytes
    # Without --format the perfect game is still the CSV on standard output.
    code, output = run("script", "usa", "--seed", str(SEED), "--perfect", "--time-limit",
                       LIMIT)
    assert code == 0 and output.startswith("# map: usa\n")


@pytest.mark.parametrize(("args", "words"), [
    (("--format", "csv"), "--format csv: the CSV is the perfect board; add --perfect"),
    (("--json", "--format", "pdf"), "--json and --format pdf: choose one"),
    (("--par", "--format", "pdf"), "--par prints to standard output"),
    (("--perfect", "--format", "pdf", "-o", "x.csv"), "the extension says csv"),
])
def test_contradicting_options_are_usage_errors(args: tuple[str, ...], words: str,
                                                tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = run("script", "usa", "--seed", "1", *args)
    assert code == 2 and words in output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("map_id", "title"), [("germany", "Dice Trip"),
                                               ("byways", "Highways & Byways")])
def test_games_without_a_perfect_game_refuse_in_one_line(map_id: str, title: str,
                                                         tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.chdir(tmp_path)
    # The refusal comes first: no script is made (seconds on Highways & Byways).
    game = type(game_of(find_map(map_id)))

    def no_script(*args: object, **kwargs: object) -> None:
        raise AssertionError("the script was made before --perfect was refused")

    monkeypatch.setattr(game, "make_script", no_script)
    monkeypatch.setattr(game, "kit_parts", no_script)
    for args in (("script", map_id, "--seed", "7", "--perfect", "--format", "pdf"),
                 ("script", map_id, "--seed", "7", "--perfect", "-o", "x.pdf"),
                 ("script", map_id, "--seed", "7", "--perfect"),
                 ("kit", map_id, "--seed", "7", "--perfect", "-o", "k.pdf")):
        code, output = run(*args)
        assert code == 2, (args, output)  # a usage error: an option the game cannot honour
        assert output.strip().splitlines()[-1] == (f"Error: --perfect: {title} has no "
                                                   "perfect game; leave out --perfect")
        assert list(tmp_path.iterdir()) == [], args


@pytest.mark.slow
def test_kit_parts_gain_the_perfect_game_before_the_credits(one_result: PerfectResult
                                                            ) -> None:
    game_map = find_map("usa")
    game = find_game("ontour")
    a4 = paper("a4")
    steps: list[str] = []
    plain = game.kit_parts(game_map, a4, seed=SEED, players=1, backs="none")
    parts = game.kit_parts(game_map, a4, seed=SEED, players=1, backs="none",
                           perfect=float(LIMIT), progress=steps.append)
    assert steps == [*game.kit_steps[:7], "perfect game", *game.kit_steps[7:]]
    headline = (f"{one_result.score} points, proven" if one_result.proven else
                f"{one_result.score} points, upper bound {one_result.upper_bound}")
    assert [p.title for p in parts[1:]] == [
        *[p.title for p in plain[1:-1]], f"Perfect game of seed {SEED}: {headline}",
        plain[-1].title]
    assert len(parts[-2].pages) == 2
    assert [p.pages for p in parts[1:-2]] == [p.pages for p in plain[1:-1]]


@pytest.mark.slow
def test_kit_with_perfect_end_to_end(tmp_path: Path) -> None:
    # The real solver through the kit command: one more bookmarked part of two pages
    # before the credits, listed on the cover, stating a score no better than its bound
    # and no worse than the par. (That the figures equal the JSON's is tested above with
    # one result for both commands: two real searches agree only when the solver's
    # deterministic limit, not its wall-clock cap, stopped both.)
    kit = tmp_path / "kit.pdf"
    code, output = run("kit", "usa", "--seed", str(SEED), "-n", "1", "--backs",
                       "none", "--perfect", "--time-limit", LIMIT, "-o", str(kit))
    assert code == 0, output
    reader, pages = pdf_text(kit)
    marks = outline(reader)
    title, first = marks[-2]
    found = re.fullmatch(rf"Perfect game of seed {SEED}: (\d+) points, "
                         r"(proven|upper bound (\d+))", title)
    assert found, title
    score = int(found.group(1))
    bound = score if found.group(2) == "proven" else int(found.group(3))
    assert marks[-1] == ("Open data and fonts", first + 2)
    assert title in pages[0]  # the cover lists it
    par = par_of("usa", SEED)
    assert bound >= score >= par
    assert f"{score} points" in pages[first] and f"par {par}" in pages[first]
    assert f"Par {par} " in pages[first + 1]


def test_a_long_game_flows_onto_more_pages(one_result: PerfectResult) -> None:
    # No real map needs a second page; a short page shows the table flows on, every turn
    # once, the summary on the first page only.
    game_map, script, placements, rows = _rows(one_result)
    board = one_result.board
    summary = PerfectSummary(SEED, one_result.score, one_result.upper_bound, 20, 0.3,
                             one_result.route)
    pages = perfect_turn_pages(game_map, (210.0, 150.0), summary, board, rows)
    assert len(pages) >= 2
    written = [re.findall(r'class="written"[^>]*>([^<]*)<', page) for page in pages]
    assert [w for page in written for w in page] == [html.escape(r[3], quote=False)
                                                     for r in rows]
    assert all(page for page in written)
    assert "perfect-score" in pages[0] and not any("perfect-score" in p for p in pages[1:])
    assert all("continued on the next page" in p for p in pages[:-1])
    assert "(continued)" in pages[-1] and "continued on the next page" not in pages[-1]


def test_an_x_names_the_mark_that_had_no_legal_space(one_result: PerfectResult) -> None:
    # The same board with one number of a turn read as X: the row says which number the
    # X stands for.
    game_map = find_map("usa")
    script = make_script(game_map, SEED)
    board = one_result.board
    placements = {p.turn: p.spaces for p in check_board(game_map, script, board).placements}
    number_turn = next(t for t in script.turns if not t.star and not t.last)
    kept, crossed = placements[number_turn.turn]
    lost = board.cells[crossed].value
    cells = {**board.cells, crossed: Cell.cross()}
    rows = {r[0]: r[3] for r in turn_rows(game_map, script, replace(board, cells=cells),
                                          placements)}
    assert rows[str(number_turn.turn)] == (
        f"{board.cells[kept].text} in {game_map.space(kept).name}, X in "
        f"{game_map.space(crossed).name} ({lost:02d} had no legal space)")


def test_a_star_turn_says_star_or_that_it_had_no_space() -> None:
    game_map = find_map("usa")
    script = make_script(game_map, 2)
    star_turn = next(t for t in script.turns if t.star and not t.last)
    a, b = game_map.space_ids[:2]
    board = Board("usa", "p", {s: Cell.cross() for s in game_map.space_ids})
    rows = {r[0]: r[3] for r in turn_rows(game_map, script, board, {star_turn.turn: (a,)})}
    assert rows[str(star_turn.turn)] == (
        f"X in {game_map.space(a).name} (the star had no legal space)")
    board = replace(board, cells={**board.cells, b: Cell.star(circled=True)})
    rows = {r[0]: r[3] for r in turn_rows(game_map, script, board, {star_turn.turn: (b,)})}
    assert rows[str(star_turn.turn)] == f"a circled star in {game_map.space(b).name}"
