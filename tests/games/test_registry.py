"""The game registry: every map's game has an entry, entries are found by id or alias,
a game id stands for its map where it has one, and commands never branch on game ids."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import sheetgen.games as registry
from sheetgen.cli import main
from sheetgen.games import Game, GameError, UnknownGameError, find_game, game_of, resolve_map
from sheetgen.maps import find_map, map_ids

CLI_DIR = Path(registry.__file__).resolve().parent.parent / "cli"


@pytest.fixture
def entries(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Game]]:
    """Replace the registry's entries for one test."""
    chosen: list[Game] = []
    monkeypatch.setattr(registry, "_entries", lambda: tuple(chosen))
    registry.games.cache_clear()
    yield chosen
    registry.games.cache_clear()


def test_every_map_is_played_in_a_registered_game() -> None:
    for map_id in map_ids():
        game_map = find_map(map_id)
        assert game_of(game_map).id == game_map.game
        assert map_id in game_of(game_map).maps()


def test_games_are_found_by_id_or_alias_in_any_case() -> None:
    assert find_game("ontour").id == "ontour"
    assert find_game(" On-Tour ").id == "ontour"
    with pytest.raises(UnknownGameError, match="games: ontour"):
        find_game("monopoly")


def test_a_part_a_game_lacks_is_a_game_error_naming_both() -> None:
    class Bare(Game):
        id = "bare"
        title = "Bare Game"

    with pytest.raises(GameError, match="Bare Game has no kit"):
        Bare().kit_parts(find_map("usa"), None, seed=1)  # type: ignore[arg-type]


def test_a_game_with_one_map_stands_for_it(entries: list[Game]) -> None:
    class OnlyUsa(Game):
        id = "roadtrip"
        title = "Road Trip"

        def maps(self) -> tuple[str, ...]:
            return ("usa",)

    entries.append(OnlyUsa())
    assert resolve_map("roadtrip").id == "usa"
    assert resolve_map("EUROPE").id == "europe"
    with pytest.raises(UnknownGameError, match=r"known maps: byways, europe, germany, paris, "
                                               r"usa; games that stand for a map: roadtrip "
                                               r"\(usa\)"):
        resolve_map("atlantis")


def test_a_game_id_stands_for_its_default_map() -> None:
    # On Tour has two maps; its id alone means the first map of the rulebook (issue 9
    # item 5: `kit ontour` works).
    assert resolve_map("ontour").id == "usa"
    with pytest.raises(GameError, match="unknown map 'mars'"):
        resolve_map("mars")


def test_commands_report_a_missing_part_as_a_user_error(entries: list[Game],
                                                        tmp_path: Path) -> None:
    class NoKit(Game):
        id = "ontour"
        title = "On Tour without a kit"

    entries.append(NoKit())
    target = tmp_path / "never.pdf"
    result = CliRunner().invoke(main, ["kit", "usa", "-o", str(target)])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == "Error: On Tour without a kit has no kit"
    assert not target.exists()


def _game_words() -> set[str]:
    return set(map_ids()) | {find_map(m).game for m in map_ids()}


def test_commands_never_branch_on_a_game_or_map_id() -> None:
    words = _game_words()
    offending = []
    for path in sorted(CLI_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            for operand in [node.left, *node.comparators]:
                for const in ast.walk(operand):
                    if isinstance(const, ast.Constant) and const.value in words:
                        offending.append(f"{path.name}:{node.lineno}: {const.value!r}")
    assert offending == []
