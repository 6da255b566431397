"""The words a space is found by (``Map.find_space``) and the suggestion for a word that
names no space, on every map: ids, names, Paris clubs as the sheet prints them
(``XVIIa``), in any case, with or without accents, spaces and hyphens."""

from __future__ import annotations

import unicodedata

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.cli import main
from sheetgen.csvio import near_space
from sheetgen.maps import find_map, map_ids

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX")
MAPS = list(map_ids())


def plain_words(map_id: str) -> dict[str, set[str]]:
    """Each space's words: id, name and, on Paris, the numeral with the club's letter."""
    game_map = find_map(map_id)
    words: dict[str, set[str]] = {}
    for space in game_map.spaces:
        words[space.id] = {space.id, space.name}
        if map_id == "paris":
            number, letter = space.id[:-1], space.id[-1]
            words[space.id].add(ROMAN[int(number) - 1] + letter)
    return words


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


@pytest.mark.parametrize("map_id", MAPS)
def test_every_word_of_every_space_finds_it(map_id: str) -> None:
    game_map = find_map(map_id)
    for sid, words in plain_words(map_id).items():
        for word in words:
            for form in (word, word.upper(), word.lower(), f"  {word} ", strip_accents(word),
                         word.replace(" ", "-"), word.replace("-", " ")):
                space = game_map.find_space(form)
                assert space is not None and space.id == sid, (form, sid)


@pytest.mark.parametrize("map_id", MAPS)
def test_no_two_spaces_share_a_word(map_id: str) -> None:
    seen: dict[str, str] = {}
    for sid, words in plain_words(map_id).items():
        for word in words:
            key = "".join(c for c in strip_accents(word).casefold() if c.isalnum())
            assert seen.setdefault(key, sid) == sid, (word, seen[key], sid)


def test_paris_clubs_as_the_sheet_prints_them() -> None:
    paris = find_map("paris")
    for text in ("XVIIa", "xviia", "XVII a", "XVII-a", "17a", "17 A",
                 "Batignolles-Monceau a", "batignolles monceau A"):
        assert paris.find_space(text) is not None and paris.find_space(text).id == "17a"
    assert paris.find_space("IVb").id == "4b" and paris.find_space("Hotel de Ville b").id == "4b"
    assert paris.find_space("XXIa") is None and paris.find_space("XVIIc") is None


@pytest.mark.parametrize("map_id", MAPS)
def test_a_letter_left_out_suggests_the_space(map_id: str) -> None:
    """Every id and name with one character left out (two or more left, and naming no
    other space): the suggestion names the space's id."""
    game_map = find_map(map_id)
    spaces = game_map.spaces if map_id != "byways" else game_map.spaces[::80]  # 441 of them
    for space in spaces:
        for word in (space.id, space.name):
            for i in range(len(word)):
                typo = word[:i] + word[i + 1:]
                if game_map.find_space(typo) is not None or sum(c.isalnum() for c in typo) < 2:
                    continue
                said = near_space(game_map, typo)
                assert said.startswith(" (did you mean ") and said.endswith("?)"), typo
                ids = [part.split(" (")[0] for part in said[15:-2].split(" or ")]
                assert space.id in ids, (typo, said)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_text_is_found_or_gets_a_one_line_suggestion(text: str) -> None:
    for map_id in ("usa", "paris", "germany"):
        game_map = find_map(map_id)
        if game_map.find_space(text) is None:
            said = near_space(game_map, text)
            assert said == "" or (said.startswith(" (did you mean ") and "\n" not in said)
            if said:
                for part in said[15:-2].split(" or "):
                    assert game_map.space(part.split(" (")[0])


def test_unknown_clubs_in_a_csv_name_the_nearest(tmp_path) -> None:
    rows = "\n".join(f"{s.id},x" for s in find_map("paris").spaces[1:])
    bad = tmp_path / "paris.csv"
    bad.write_text(f"# map: paris\nspace,Ann\nXVIIc,x\n{rows}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["score", str(bad), "--json"])
    assert result.exit_code == 1
    assert (f"{bad}:3:1: unknown space 'XVIIc' on map paris (did you mean 17a "
            "(Batignolles-Monceau a) or 17b (Batignolles-Monceau b)?)") in result.output


def test_a_paris_csv_in_numerals_scores_as_in_ids(tmp_path) -> None:
    import json

    paris = find_map("paris")
    dock = {d.letter: d.space for d in paris.docks}
    cells = {s.id: "x" for s in paris.spaces}
    cells[dock["A"]], cells[dock["G"]] = "10", "(20)"
    outputs = []
    for form in ("id", "numeral", "name"):
        lines = []
        for space in paris.spaces:
            word = {"id": space.id, "name": space.name.upper(),
                    "numeral": ROMAN[int(space.id[:-1]) - 1] + space.id[-1]}[form]
            lines.append(f"{word},{cells[space.id]}")
        path = tmp_path / f"{form}.csv"
        path.write_text("# map: paris\nspace,Ann\n" + "\n".join(lines) + "\n", encoding="utf-8")
        result = CliRunner().invoke(main, ["score", str(path), "--json"])
        assert result.exit_code == 0, result.output
        outputs.append(json.loads(result.stdout))
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0]["players"][0]["boat_points"] == 6
