"""Every option of every command, fuzzed: whatever the values, no traceback, an exit code
of 0, 1, 2 or 3, and nothing written (nor any input touched) when the command fails.

The commands and their parameters are found by walking the Click command tree, and each
parameter gets the generator of its type (a seed, a count, seconds, a path to write or to
read, a map, player names, a word of the option's own completions, a flag), so an option
added later is fuzzed without a change here. Each example runs in a folder of its own
holding valid and broken scoring CSVs, a folder, a file where a folder is expected and a
symbolic link.

So that thousands of examples fit a CI run, the drawing is real but its conversion to PDF
and PNG bytes (cairo, the slow part, with tests of its own) returns a fixed small page,
the perfect game searches for at most 0.2 s of work, and ``serve`` stops once it would
start serving. CI's profile (``HYPOTHESIS_PROFILE=ci``) runs ``FUZZ_EXAMPLES_CI``
examples; a local run a quick sample (and ``SHEETGEN_FUZZ_EXAMPLES`` sets the number).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from sheetgen.cli import main
from sheetgen.cli.common import MapWord, SeedType, TimeLimit, map_words
from sheetgen.model import Deadline

FUZZ_EXAMPLES_CI = 2000
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
EXAMPLES = int(os.environ.get("SHEETGEN_FUZZ_EXAMPLES",
                              FUZZ_EXAMPLES_CI if PROFILE == "ci" else 60))


def leaf_commands() -> dict[str, click.Command]:
    found: dict[str, click.Command] = {}
    for name, command in sorted(main.commands.items()):
        if isinstance(command, click.Group):
            for sub, inner in sorted(command.commands.items()):
                found[f"{name} {sub}"] = inner
        else:
            found[name] = command
    return found


COMMANDS = leaf_commands()

# --- the folder every example runs in -------------------------------------------------------

def _usa_csv() -> str:
    from sheetgen.maps import find_map

    usa = find_map("usa")
    rows = [f"{s},{'07' if i == 0 else 'x'},{'(12)' if i == 1 else 'x'}"
            for i, s in enumerate(usa.space_ids)]
    return "# map: usa\nspace,Ann,Bo\n" + "\n".join(rows) + "\n"


def _trip_csv() -> str:
    from sheetgen.maps import find_map

    germany = find_map("germany")
    rows = [f"{s.id},{'34' if i == 0 else 'x'}" for i, s in enumerate(germany.spaces)]
    return "# map: germany\ncity,Ann\n" + "\n".join(rows) + "\nvariant,1\n"


FILES = {"board.csv": _usa_csv().encode(), "trip.csv": _trip_csv().encode(),
         "broken.csv": b"# map: usa\nspace,A\nWA,\x81\n", "blocker": b"a file",
         "real/target.pdf": b"old"}


def make_folder(root: Path) -> None:
    for name, data in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    (root / "folder").mkdir()
    (root / "link.pdf").symlink_to(root / "real" / "target.pdf")


def snapshot(root: Path) -> dict[str, str]:
    """Every path under ``root`` with a hash of what it holds (or what a link names)."""
    found = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        if path.is_symlink():
            found[rel] = "link:" + os.readlink(path)
        elif path.is_dir():
            found[rel] = "dir"
        else:
            found[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


# --- a generator per parameter type --------------------------------------------------------

TEXT = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=24)
HOSTILE = st.sampled_from(["", " ", "-", "--", "--help", "\u202e", "x" * 300, "٣", "²", "①",
                           "nan", "inf", "-1", "0", "1e309", "\t", "é", "💥", "a,b", ",,",
                           "../x", "/", "~"])
INTS = st.one_of(st.integers(-3, 70).map(str), st.integers(0, 10 ** 40).map(str),
                 st.sampled_from(["1", "2", "3", "4", "500", "501", "1000", "1001",
                                  "99999999999", "-1", "1e3", "0x10", "٣", "３", " 7 ", "+4",
                                  "1_0"]), HOSTILE)
SEEDS = st.one_of(st.sampled_from(["0", "1", "7", "4711", "٧", "007"]),
                  st.integers(0, 10 ** 9).map(str),
                  st.integers(25, 5000).map(lambda n: "7" * n),
                  st.sampled_from(["-1", "1_000", "7.0", "0x7", " 7", "7" * 100_001]), HOSTILE)
FLOATS = st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr),
                   st.sampled_from(["0", "0.05", "0.1", "0.2", "1", "3600", "3601", "1e308",
                                    "-0", "nan", "NaN", "inf", "-inf", "1,5"]), HOSTILE)
OUT_PATHS = st.one_of(
    st.sampled_from(["x.pdf", "x.png", "x.svg", "x.json", "x.csv", "x.txt", "x", "X.PDF",
                     "-", "folder", "folder/x.pdf", "blocker/sub/x.pdf", "new/deeper/x.png",
                     "board.csv", "trip.csv", "link.pdf", "real/target.pdf", "x" * 300 + ".pdf",
                     "y" * 250 + ".csv", "./x.pdf", "x-1.png", "b-scorepad-a4.pdf",
                     "board-scored-a4.pdf", ".hidden.pdf", "sp ace.pdf", "é.pdf"]),
    TEXT.map(lambda t: t.replace("/", "_") or "t"))
IN_PATHS = st.sampled_from(["board.csv", "trip.csv", "broken.csv", "missing.csv", "folder",
                            "blocker", "link.pdf", "x" * 300 + ".csv", "-"])
DIRS = st.sampled_from(["boards", "folder", "blocker", "new/deeper", "x" * 300])
NAMES = st.one_of(
    st.lists(st.sampled_from(["Ann", "Ben", "Cy", "Zoë", "ann", "A B", "Анна", "שרה", "中",
                              "\u202eEvil", "Z\u200bero", "#1", "a;b", 'q"q', "x" * 300]),
             min_size=1, max_size=6).map(",".join),
    st.lists(TEXT, min_size=1, max_size=4).map(",".join), INTS)
FLAGS = st.just(None)


def words(param: click.Parameter) -> st.SearchStrategy[str]:
    """The words the parameter completes to (any case; for each map, where they depend on
    the map), or any text."""
    offered: list[str] = []
    for word in [None, *map_words()]:
        ctx = click.Context(main)
        if word is not None:
            ctx.params["map_id"] = word
        try:
            offered += [str(getattr(c, "value", c)) for c in param.shell_complete(ctx, "")
                        if str(getattr(c, "value", c)) not in offered]
        except Exception:
            continue
    if not offered:
        return st.one_of(TEXT, HOSTILE)
    choice = st.sampled_from(offered)
    return st.one_of(choice, choice.map(str.upper), TEXT, HOSTILE)


def strategy_for(param: click.Parameter) -> st.SearchStrategy[Any]:
    """The generator for a parameter, chosen by its type (then by its role)."""
    kind = param.type
    if isinstance(param, click.Option) and param.is_flag:
        return FLAGS
    if isinstance(kind, SeedType):
        return SEEDS
    if isinstance(kind, (TimeLimit, click.FloatRange)) or kind is click.FLOAT:
        return FLOATS
    if isinstance(kind, click.IntRange) or kind is click.INT:
        return INTS
    if isinstance(kind, MapWord):
        return st.one_of(st.sampled_from(map_words()), st.sampled_from(map_words()).map(
            str.upper), HOSTILE)
    if isinstance(kind, click.Path):
        if not kind.file_okay:
            return DIRS
        if isinstance(param, click.Argument):
            return IN_PATHS
        return OUT_PATHS
    if param.name == "players":
        return NAMES
    return words(param)


@st.composite
def invocations(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A command line (a command, its arguments, rarely left out, and some of its options)
    and the input files it names."""
    name = draw(st.sampled_from(sorted(COMMANDS)))
    command = COMMANDS[name]
    args = name.split()
    inputs: list[str] = []
    options: list[str] = []
    for param in command.params:
        if isinstance(param, click.Argument):
            if not draw(st.integers(0, 19)):
                continue  # a missing argument, one time in twenty
            count = draw(st.integers(1, 3)) if param.nargs == -1 else 1
            values = [draw(strategy_for(param)) for _ in range(count)]
            if isinstance(param.type, click.Path):
                inputs += values
            args += values
            continue
        if not isinstance(param, click.Option) or param.hidden and not draw(st.booleans()):
            continue
        if param.name == "help":
            continue
        wanted = draw(st.integers(0, 19)) != 0 if param.required else draw(
            st.integers(0, 3)) == 0  # required ones left out one time in twenty
        if not wanted:
            continue
        spelling = draw(st.sampled_from(param.opts))
        value = draw(strategy_for(param))
        options += [spelling] if value is None else [spelling, value]
    return [*args, *options], inputs


# --- the property ----------------------------------------------------------------------------

@pytest.fixture()
def cheap_rendering(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    import uvicorn

    import sheetgen.draw.pdf as pdf
    from sheetgen.games.ontour.entry import OnTour

    tiny = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" '
            'viewBox="0 0 10 10"></svg>')
    blob, png = pdf.build_pdf([tiny], "fuzz"), pdf.svg_to_png(tiny)
    monkeypatch.setattr(pdf, "build_pdf", lambda pages, title, bookmarks=(), progress=None,
                        document=None: blob)
    monkeypatch.setattr(pdf, "svg_to_png", lambda svg, dpi=150: png)
    monkeypatch.setattr(pdf, "page_png", lambda p, dpi=150: png)
    monkeypatch.setattr(pdf.Document, "prepare", lambda self, page: None)
    search = OnTour.perfect
    monkeypatch.setattr(OnTour, "perfect", lambda self, m, s, t: search(
        self, m, s, Deadline(time.monotonic() + 0.2, t.seconds) if isinstance(t, Deadline)
        else min(t, 0.2)))
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    yield


def check_one(argv: list[str], inputs: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="sheetgen-fuzz-") as name:
        root = Path(name)
        make_folder(root)
        before = snapshot(root)
        cwd = os.getcwd()
        os.chdir(root)
        try:
            result = CliRunner().invoke(main, argv)
        finally:
            os.chdir(cwd)
        after = snapshot(root)
    event(f"{argv[0]}: exit {result.exit_code}")
    shown = f"{argv!r}\n{result.output[-2000:]}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{shown}\n{result.exception!r}")
    assert "Traceback" not in result.output, shown
    assert result.exit_code in (0, 1, 2, 3), shown
    assert not [p for p in after if p.endswith(".tmp")], shown  # no temporary left
    for path in inputs:  # no input touched, whatever the outcome
        if path in before:
            assert after.get(path) == before[path], shown
    if result.exit_code in (1, 2):
        assert after == before, f"{shown}\nwritten: {set(after) ^ set(before)}"


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                      HealthCheck.too_slow,
                                                      HealthCheck.data_too_large,
                                                      HealthCheck.filter_too_much])


def test_the_generators_cover_every_option_of_every_command() -> None:
    """Every parameter gets a generator, and those with their own type get theirs."""
    seen = set()
    for name, command in COMMANDS.items():
        for param in command.params:
            if param.name == "help":
                continue
            strategy = strategy_for(param)
            assert strategy is not None, (name, param.name)
            seen.add(type(param.type).__name__)
    assert {"SeedType", "TimeLimit", "IntRange", "MapWord", "PathName"} <= seen


@settings(max_examples=min(EXAMPLES, 60), **SETTINGS)  # type: ignore[arg-type]
@given(run=invocations())
def test_every_option_of_every_command_quick(cheap_rendering: None,
                                             run: tuple[list[str], list[str]]) -> None:
    check_one(*run)


@pytest.mark.slow
@settings(max_examples=EXAMPLES, **SETTINGS)  # type: ignore[arg-type]
@given(run=invocations())
def test_every_option_of_every_command(cheap_rendering: None,
                                       run: tuple[list[str], list[str]]) -> None:
    check_one(*run)
