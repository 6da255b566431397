"""``sheetgen template`` and ``sheetgen score``: files written, Score JSON, standings,
the annotated PDF read back, and one-line errors that write nothing."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from click.testing import CliRunner, Result
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.games.ontour.grammar import format_boards
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell

USA_PATH = ["NENG", "NY", "PA", "MIDC", "VA", "NC", "SC", "GA", "FL", "AL", "MS", "TN", "KY",
            "WV", "OH", "MI", "IN", "IL", "WI", "MN", "IA", "MO", "AR", "LA", "TX", "OK",
            "KS", "NE", "SD", "ND", "MT", "WY", "CO", "NM", "AZ", "UT", "NV", "CA", "OR",
            "WA", "ID"]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def boards() -> list[Board]:
    usa = find_map("usa")
    tour = Board("usa", "Tour", {s: Cell.number(i * 2, i % 3 == 0)
                                 for i, s in enumerate(USA_PATH)})
    # Only the west coast can be travelled: CA(12) OR(12) NV(13) ID(*) WA(40) = 5 + 2.
    coast = {s: Cell.cross() for s in usa.space_ids}
    coast.update(CA=Cell.number(12, True), OR=Cell.number(12), WA=Cell.number(40, True),
                 NV=Cell.number(13), ID=Cell.star())
    return [tour, Board("usa", "Coast", coast)]


def write_csv(path: Path, bs: list[Board]) -> Path:
    path.write_text(format_boards(find_map("usa"), bs), encoding="utf-8")
    return path


def test_template_default_path_and_players(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("template", "USA")
    assert result.exit_code == 0, result.output
    text = (tmp_path / "output" / "usa-board-4p.csv").read_text(encoding="utf-8")
    assert text.splitlines()[:3] == ["# map: usa", "space,Player 1,Player 2,Player 3,Player 4",
                                     "WA,,,,"]
    assert len(text.splitlines()) == 2 + 41


def test_template_named_players(tmp_path: Path) -> None:
    out = tmp_path / "game.csv"
    assert run("template", "usa", "--players", " Ann , Bo", "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8").splitlines()[1] == "space,Ann,Bo"


def test_template_errors(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    for args, message in ((["usa", "--players", "Ann,ann"], "--players: 'ann' is given twice"),
                          (["usa", "--players", "Ann,,Bo"], "--players:"),
                          (["atlantis"], "unknown map 'atlantis'")):
        result = run("template", *args, "-o", str(out))
        assert result.exit_code == 1
        assert message in result.output
        assert len(result.output.strip().splitlines()) == 1
    assert not out.exists()


def test_score_json_is_exactly_the_spec(tmp_path: Path) -> None:
    csv_path = write_csv(tmp_path / "game.csv", boards())
    pdf = tmp_path / "scored.pdf"
    result = run("score", str(csv_path), "--json", "-o", str(pdf))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data == {
        "schema": 1,
        "map": "usa",
        "players": [
            {"name": "Tour", "rank": 1, "score": 55, "route": USA_PATH, "spaces": 41,
             "circled": 14, "circled_on_board": 14},
            {"name": "Coast", "rank": 2, "score": 7, "route": data["players"][1]["route"],
             "spaces": 5, "circled": 2, "circled_on_board": 2},
        ],
        "winner": "Tour",
        "winners": ["Tour"],
    }
    assert sorted(data["players"][1]["route"]) == ["CA", "ID", "NV", "OR", "WA"]
    assert pdf.is_file()


def test_score_table_and_default_pdf(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_csv(tmp_path / "game.csv", boards())
    result = run("score", "game.csv")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert re.match(r"\s*1\s+Tour\s+55\s+41\s+14\s+14$", lines[1])
    assert re.match(r"\s*2\s+Coast\s+7\s+5\s+2\s+2$", lines[2])
    assert "Winner: Tour (55 points)" in result.stdout
    assert "Tour: " + " ".join(USA_PATH) in result.stdout
    # beside the CSV, the standings first
    reader = PdfReader(io.BytesIO((tmp_path / "game-scored-a4.pdf").read_bytes()))
    assert len(reader.pages) == 3
    assert not (tmp_path / "output").exists()
    assert "Winner: Tour" in reader.pages[0].extract_text()
    second = reader.pages[1].extract_text()
    assert "Tour" in second and "55 points" in second and "41 spaces on the route" in second
    assert [o.title for o in reader.outline] == ["Standings", "Tour: 55", "Coast: 7"]


def test_ties(tmp_path: Path) -> None:
    usa = find_map("usa")
    base = {s: Cell.cross() for s in usa.space_ids}
    a = Board("usa", "Ann", {**base, "CA": Cell.number(1), "OR": Cell.number(2)})
    b = Board("usa", "Bo", {**base, "CA": Cell.number(1), "OR": Cell.number(2),
                            "TX": Cell.number(5, True)})
    c = Board("usa", "Cy", {**base, "WA": Cell.number(1), "OR": Cell.number(2),
                            "FL": Cell.star(True)})
    out = tmp_path / "x.pdf"
    result = run("score", str(write_csv(tmp_path / "t.csv", [a, b])), "--json", "-o", str(out))
    assert json.loads(result.stdout)["winner"] == "Bo"
    result = run("score", str(write_csv(tmp_path / "t.csv", [a, b, c])), "-o", str(out))
    assert "Tie: Bo and Cy" in result.stdout
    result = run("score", str(tmp_path / "t.csv"), "--json", "-o", str(out))
    assert json.loads(result.stdout)["winner"] == ["Bo", "Cy"]


def test_score_errors_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    good = format_boards(find_map("usa"), boards())
    cases = {
        "cell": (good.replace("WA,(78),(40)", "WA,(78),1oo"),
                 ":3:3: expected a number 0-99, '*', 'x' or one of them in parentheses; "
                 "got '1oo'"),
        "map": (good.replace("# map: usa", "# map: atlantis"), ":1:1: unknown map"),
        # 0x81 is neither UTF-8 nor Windows-1252
        "bytes": (None, ":1:11: expected UTF-8 text; got byte 0x81"),
    }
    assert "WA,(78),(40)" in good
    for name, (text, message) in cases.items():
        path = tmp_path / f"{name}.csv"
        if text is None:
            path.write_bytes(b"# map: usa\x81\n")
        else:
            path.write_text(text, encoding="utf-8")
        out = tmp_path / f"{name}.pdf"
        result = run("score", str(path), "-o", str(out))
        assert result.exit_code == 1, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1
        assert lines[0].startswith(f"Error: {path}{message}")
        assert not out.exists()
    result = run("score", str(tmp_path / "cell.csv"), "--map", "atlantis")
    assert result.exit_code == 1 and "unknown map 'atlantis'" in result.output
    result = run("score", str(tmp_path / "missing.csv"))
    assert result.exit_code == 1 and "no such file" in result.output
