"""The fuzz corpus of hostile scoring CSVs, as property tests: whatever the bytes (broken
encodings, huge cells, control characters, long lines, odd line ends), ``score`` and
``check`` end with exit code 0, 1 or 2, each error line names the file, no traceback,
and nothing is written when they fail."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetgen.cli import main
from sheetgen.csvio import MAX_ERRORS
from sheetgen.maps import find_map

USA = find_map("usa")
IDS = list(USA.space_ids)

CELL_WORDS = st.sampled_from(["07", "(12)", "*", "(*)", "x", "X", "-16", "99", "100",
                              "(x)", "", " ", '"', '""', "(", "7" * 5000, "1e3", "0x10",
                              "\x07", "\x00", "\u2028", "\f", "\v", "(-3)", "٣"])
HOSTILE_TEXT = st.text(st.characters(codec="utf-8"), max_size=40)
CELLS = st.one_of(CELL_WORDS, HOSTILE_TEXT,
                  st.integers(0, 200_000).map(lambda n: "9" * n))
NAMES = st.one_of(st.sampled_from(["Ann", "A;B", "A,B", 'say "hi"', "B\x07b", "#1", "",
                                   "\u202eevil", "Zoë", "x" * 300]), HOSTILE_TEXT)
MAP_LINES = st.one_of(st.just("# map: usa"), st.just("# map: " + " " * 50_000),
                      st.just('"# map: usa";;'), st.just("#map:" + "x" * 20_000),
                      st.just("# map: mars"), st.just(""), HOSTILE_TEXT.map("# ".__add__))
LINE_ENDS = st.sampled_from(["\n", "\r\n", "\r", "\f\n", "\u2028\n"])
ENCODINGS = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1252", "latin-1",
                             "utf-32"])


@st.composite
def board_files(draw: st.DrawFn) -> bytes:
    players = draw(st.lists(NAMES, min_size=0, max_size=4))
    sep = draw(st.sampled_from([",", ";"]))
    end = draw(LINE_ENDS)
    rows = [draw(MAP_LINES), sep.join(["space", *players])]
    for space in draw(st.lists(st.sampled_from(IDS + ["Atlantis", ""]), max_size=45)):
        rows.append(sep.join([space, *(draw(CELLS) for _ in players)]))
    text = end.join(rows) + draw(st.sampled_from(["", end]))
    encoding = draw(ENCODINGS)
    data = text.encode(encoding, errors="replace")
    if draw(st.booleans()):  # damage some bytes
        position = draw(st.integers(0, max(len(data) - 1, 0)))
        data = data[:position] + draw(st.binary(min_size=1, max_size=4)) + data[position:]
    return data


ERROR_LINE = re.compile(r"^(Error: )?(\S.*?):(\d+(:\d+)?:)? ")


def _assert_clean(result, csv_path: Path, out: Path) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception))
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1, 2, 3), result.output
    if result.exit_code in (1, 2):
        assert not out.exists()
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert lines
        if result.exit_code == 1:
            errors = [ln for ln in lines if ln.startswith("Error: ")]
            assert len(errors) == 1, lines
            assert len(lines) <= MAX_ERRORS + 3
            assert all(len(ln) < 1000 for ln in lines)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=board_files())
def test_score_never_tracebacks_on_hostile_bytes(tmp_path: Path, data: bytes) -> None:
    csv_path = tmp_path / "board.csv"
    csv_path.write_bytes(data)
    out = tmp_path / "scored.pdf"
    out.unlink(missing_ok=True)
    # --json and no -o: the PDF (the slow part) is not drawn; the reader is what is fuzzed
    result = CliRunner().invoke(main, ["score", str(csv_path), "--json"])
    _assert_clean(result, csv_path, out)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=board_files(), encoding=st.sampled_from([None, "utf-8", "cp1252", "bogus"]))
def test_check_never_tracebacks_on_hostile_bytes(tmp_path: Path, data: bytes,
                                                 encoding: str | None) -> None:
    csv_path = tmp_path / "board.csv"
    csv_path.write_bytes(data)
    args = ["check", str(csv_path), "--seed", "1"]
    if encoding:
        args += ["--encoding", encoding]
    result = CliRunner().invoke(main, args)
    _assert_clean(result, csv_path, tmp_path / "never")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(st.one_of(NAMES, st.text(max_size=300)), min_size=1, max_size=3),
       as_arg=st.booleans())
def test_template_and_score_agree_on_names(tmp_path: Path, names: list[str],
                                           as_arg: bool) -> None:
    """A name the template accepts comes back from the reader as it went in; a name it
    refuses is refused with one line and no file."""
    out = tmp_path / "t.csv"
    out.unlink(missing_ok=True)
    value = ",".join(names)
    result = CliRunner().invoke(main, ["template", "usa", "--players", value, "-o", str(out)])
    assert "Traceback" not in result.output
    if result.exit_code != 0:
        assert result.exit_code in (1, 2) and not out.exists()
        return
    text = out.read_text(encoding="utf-8")
    lines = text.splitlines()
    filled = lines[:2] + [ln.split(",")[0] + ",07" * len(value.split(",")) for ln in lines[2:]]
    out.write_text("\n".join(filled) + "\n", encoding="utf-8")
    scored = CliRunner().invoke(main, ["score", str(out), "--json"])
    assert scored.exit_code == 0, scored.output
    import json

    got = [p["name"] for p in json.loads(scored.stdout)["players"]]
    assert got == [n.strip() for n in value.split(",")]


def test_the_corpus_meets_each_reported_case(tmp_path: Path) -> None:
    """The six cases of the report, each once (the property tests find the rest)."""
    bom16 = codecs.BOM_UTF16_LE
    cases = {
        "latin": "# map: usa\nspace,Zoë\n".encode("cp1252") + b"\x81\n",
        "huge_cell": ("# map: usa\nspace,A\nWA," + "1" * 131073 + "\n").encode(),
        "control": b"# map: usa\nspace,B\x07b\n",
        "digits": ("# map: usa\nspace,A\nWA," + "7" * 5000 + "\n").encode(),
        "long_map": ("# map:" + " " * 100_000 + "\nspace,A\n").encode(),
        "utf16_broken": bom16 + "# map: usa\n".encode("utf-16-le") + b"\x00\xd8",
    }
    for name, data in cases.items():
        path = tmp_path / f"{name}.csv"
        path.write_bytes(data)
        for args in (["score", str(path), "-o", str(tmp_path / "o.pdf")],
                     ["check", str(path), "--seed", "1"]):
            result = CliRunner().invoke(main, args)
            assert result.exit_code == 1, (name, result.output)
            assert "Traceback" not in result.output
            first = result.output.splitlines()[0]
            assert first.startswith(f"Error: {path}:"), (name, first)
            assert len(first) < 300, (name, first)
        assert not (tmp_path / "o.pdf").exists()
