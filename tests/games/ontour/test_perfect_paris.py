"""The perfect game of On Tour: Paris (test_perfect.py compares it with a brute force on a
small map with boats): its boards ride and choose the setup's clubs; on the real map its
board is legal, scores what is reported, beats the par, and the script's CSV and PDF carry
it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from perfect_oracle import small_paris
from pypdf import PdfReader

import sheetgen.games.ontour.perfect
from sheetgen.cli import main
from sheetgen.games.ontour.check import check_board
from sheetgen.games.ontour.perfect import PerfectResult, perfect_game
from sheetgen.games.ontour.players import par_result
from sheetgen.games.ontour.rules import make_script
from sheetgen.games.ontour.score import best_route
from sheetgen.maps import find_map

SEED = 5
LIMIT = "0.3"


def test_small_paris_perfect_games_ride_and_pick_the_setup_clubs() -> None:
    # The brute force above reaches its best only with boats and, on some seeds, with a
    # setup number in the second club of its arrondissement (the built-in player's
    # setup always takes the first empty one).
    game_map = small_paris()
    results = [(make_script(game_map, s), perfect_game(game_map, make_script(game_map, s),
                                                       20)) for s in range(6)]
    assert all(result.rides for _, result in results)
    second = 0
    for script, result in results:
        for card, number in script.setup_cells:
            first, other = game_map.card_spaces(card)
            cell = result.board.cells[other]
            if cell.value == number and cell.circled and result.board.cells[first] != cell:
                second += 1
    assert second > 0


@pytest.fixture(scope="module")
def solved() -> PerfectResult:
    game_map = find_map("paris")
    return perfect_game(game_map, make_script(game_map, SEED), float(LIMIT))


@pytest.mark.slow
def test_paris_board_is_legal_scored_and_above_the_par(solved: PerfectResult) -> None:
    game_map = find_map("paris")
    script = make_script(game_map, SEED)
    assert check_board(game_map, script, solved.board).legal
    scored = best_route(game_map, solved.board)
    assert (scored.score, scored.route, scored.rides) == (solved.score, solved.route,
                                                          solved.rides)
    assert solved.upper_bound >= solved.score >= par_result(game_map, script).score
    # Forty clubs, each circled at most once, and at most four rides worth 20.
    assert solved.upper_bound <= 2 * 40 + 20


@pytest.mark.slow
def test_paris_csv_passes_check_and_the_pdf_draws_the_rides(
        solved: PerfectResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheetgen.games.ontour.perfect, "perfect_game", lambda *args: solved)
    runner = CliRunner()
    csv_path = tmp_path / "perfect.csv"
    out = runner.invoke(main, ["script", "paris", "--seed", str(SEED), "--perfect",
                               "--time-limit", LIMIT, "-o", str(csv_path)])
    assert out.exit_code == 0, out.output
    text = csv_path.read_text()
    assert f"# route: {'-'.join(solved.route)}" in text
    for a, b in solved.rides:
        assert f"# boat ride: {a} to {b}" in text
    out = runner.invoke(main, ["check", str(csv_path), "--seed", str(SEED)])
    assert out.exit_code == 0, out.output
    out = runner.invoke(main, ["score", str(csv_path), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["players"][0]["score"] == solved.score
    pdf = tmp_path / "perfect.pdf"
    out = runner.invoke(main, ["script", "paris", "--seed", str(SEED), "--perfect",
                               "--time-limit", LIMIT, "-o", str(pdf)])
    assert out.exit_code == 0, out.output
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(pdf.read_bytes())).pages]
    map_page = next(p for p in pages if "On Tour: Paris · perfect game" in p)
    assert f"{solved.score} points" in map_page
    letter = {d.space: d.letter for d in find_map("paris").docks}
    for a, b in solved.rides:
        assert f"{letter[a]}-{letter[b]}" in map_page
    par = par_result(find_map("paris"), make_script(find_map("paris"), SEED)).score
    assert f"par {par}" in map_page
