"""One photo of a filled sheet, end to end: found, straightened, every circle read, the
reading checked against the seed's game; and the readings of several photos as the
scoring CSV ``score`` and ``check`` take (``?`` for a doubtful cell)."""

from __future__ import annotations

import io
import math
import warnings
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from sheetgen.csvio import quote_field
from sheetgen.model import Board, Cell, Map
from sheetgen.read.cells import PUSH_FLOOR, THRESHOLD, Grammar, Reading, read_cells
from sheetgen.read.layout import frozen_layouts, frozen_sheets
from sheetgen.read.register import ReadError, Registered, register

MAX_PIXELS = 80_000_000
"""A larger image is refused (a phone's photo has 12-50 million pixels)."""
MIN_SIDE = 400
"""Pixels on an image's shorter side below which no sheet can be read from it (a whole
page 400 pixels across is about 50 dpi: its 4 mm corner marks 8 pixels)."""


@dataclass
class SheetReading:
    """A photo's sheet as read."""

    source: str
    registered: Registered
    readings: list[Reading]
    seed: int | None
    problem: str | None = None
    """With a seed and no doubtful cell: why the board is not a legal result of that
    game (None: legal, or not checked)."""
    notes: list[str] = field(default_factory=list)

    @property
    def map_id(self) -> str:
        return self.registered.code.map_id

    @property
    def doubtful(self) -> list[Reading]:
        return [r for r in self.readings if r.doubtful]

    def board(self, player: str) -> Board:
        cells = {r.space: r.cell for r in self.readings if r.cell is not None}
        return Board(self.map_id, player, cells)


def readable_maps() -> tuple[str, ...]:
    """The maps whose sheets can be read (those with a frozen layout), sorted."""
    return tuple(sorted({key.split(":")[0] for layout in frozen_layouts()
                         for key in frozen_sheets(layout)}))


def file_bytes(path: Path) -> bytes:
    """A photo's or scan's bytes; a ReadError saying why they cannot be read."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ReadError(f"cannot be read ({exc.strerror or exc})") from None


def load_images(path: Path, data: bytes | None = None) -> list[tuple[str, np.ndarray]]:
    """The images in a photo or scan (JPEG, PNG, ...) or a PDF of scanned pages (the
    largest image of each page), each with the name it is reported by; ``data``, the
    file's bytes when they are already read."""
    if data is None:
        data = file_bytes(path)
    if data[:5] == b"%PDF-":
        return _pdf_images(data)
    return [(str(path), _decode(data))]


def _size(data: bytes) -> tuple[int, int] | None:
    """An image's width and height from its header, before any pixel is decoded (a small
    file may hold billions of pixels); None when the header is not one Pillow knows."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                return image.size
    except Image.DecompressionBombError:
        raise ReadError(f"over {2 * (Image.MAX_IMAGE_PIXELS or 0) // 1_000_000} million "
                        f"pixels is too large; at most {MAX_PIXELS // 1_000_000} "
                        "million") from None
    except Exception:  # Pillow raises many kinds on a damaged header; OpenCV decides
        return None


def _decode(data: bytes) -> np.ndarray:
    size = _size(data)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise ReadError(f"{size[0]} x {size[1]} pixels is too large; at most "
                        f"{MAX_PIXELS // 1_000_000} million")
    buffer = np.frombuffer(data, dtype=np.uint8)
    image = cv2.imdecode(buffer, cv2.IMREAD_COLOR) if buffer.size else None
    if image is None:
        raise ReadError("not an image: expected a JPEG or PNG photo, or a PDF of scanned "
                        "pages")
    if image.shape[0] * image.shape[1] > MAX_PIXELS:
        raise ReadError(f"{image.shape[1]} x {image.shape[0]} pixels is too large; at most "
                        f"{MAX_PIXELS // 1_000_000} million")
    if min(image.shape[:2]) < MIN_SIDE:
        raise ReadError(f"{image.shape[1]} x {image.shape[0]} pixels is too small to read a "
                        f"sheet from; at least {MIN_SIDE} pixels on the shorter side (a "
                        "phone photo, or a scan at 100 dpi or more)")
    return np.asarray(image)


def _pdf_images(data: bytes) -> list[tuple[str, np.ndarray]]:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        pages = list(reader.pages)
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise ReadError(f"not a readable PDF ({exc})") from None
    out: list[tuple[str, np.ndarray]] = []
    for number, page in enumerate(pages, start=1):
        try:
            images = list(page.images)
        except Exception as exc:  # pypdf raises many kinds on a damaged image
            raise ReadError(f"page {number}: its image cannot be read ({exc})") from None
        if not images:
            raise ReadError(f"page {number} holds no scanned image: a PDF sheetgen drew is "
                            "for printing; print it, fill it in, then photograph or scan it")
        biggest = max(images, key=lambda im: len(im.data))
        out.append((f"page {number}", _decode(biggest.data)))
    return out


def allowed_numbers(game_map: Map, script: Any) -> set[int]:
    """Every number a player could write in the seeded game ``script``."""
    rounds = getattr(script, "rounds", None)
    if rounds is not None:  # Dice Trip: two different dice, each as rolled or re-rolled
        out: set[int] = set()
        for rnd in rounds:
            faces = [{d, a} for d, a in zip(rnd.dice, rnd.alternatives, strict=True)]
            for i in range(4):
                for j in range(4):
                    if i != j:
                        out.update(10 * a + b for a in faces[i] for b in faces[j])
        return out
    return set(number_times(script))


def number_times(script: Any) -> dict[int, int]:
    """On Tour: how many times the seeded game lets each number be written (once for
    every setup step and turn that rolls it)."""
    counts: dict[int, int] = {}
    for step in (*script.setup, *script.turns):
        for n in step.numbers:
            counts[n] = counts.get(n, 0) + 1
    return counts


def read_sheet(image: np.ndarray, source: str, *, map_override: str | None = None,
               seed: int | None = None, threshold: float = THRESHOLD) -> SheetReading:
    """Read one photo; ReadError (one line) when the sheet cannot be found in it."""
    from sheetgen.games import GameError, game_of
    from sheetgen.maps import find_map

    registered = register(image, map_override)
    code = registered.code
    notes = []
    if not registered.code_read:
        notes.append(f"the sheet's code could not be read: read as a {code.map_id} sheet on "
                     f"{code.paper} by its printed circles; "
                     + ("seed from --seed" if seed is not None else
                        "no seed known (give --seed to check the numbers)"))
    if code.seed is not None and seed is not None and code.seed != seed:
        raise ReadError(f"the sheet's code says seed {code.seed}, but --seed says {seed}")
    if code.seed_hash is not None:
        from sheetgen.draw.qr import seed_code

        if seed is None:
            notes.append(f"the sheet's seed is over 24 digits (its code carries "
                         f"{code.seed_hash}): give --seed to check the numbers")
        elif seed_code(seed) != code.seed_hash:
            raise ReadError(f"the sheet's code carries seed {code.seed_hash}, the hash of "
                            f"another seed than --seed gives ({seed_code(seed)})")
    seed = code.seed if code.seed is not None else seed
    game_map = find_map(code.map_id)
    game = game_of(game_map)
    script = None
    if seed is not None:
        try:
            script = game.make_script(game_map, seed)
        except GameError as exc:
            notes.append(f"seed {seed} not checked: {exc}")
    dicetrip = code.map_id == "germany" or hasattr(script, "rounds")
    fits = None
    if script is not None and not dicetrip:
        from sheetgen.games.ontour.check import writable

        fits = writable(game_map, script)
    grammar = Grammar(dicetrip=dicetrip,
                      coloured=frozenset(s.id for s in game_map.spaces
                                         if getattr(s, "colour", None)),
                      allowed=None if script is None else allowed_numbers(game_map, script),
                      times=None if script is None or dicetrip else number_times(script),
                      stars=None if script is None or dicetrip else
                      sum(1 for turn in script.turns if turn.star),
                      fits=fits)
    readings = read_cells(registered.page, registered.layout, grammar, threshold)
    if script is not None and hasattr(script, "rounds"):
        readings = rounds_choose(game_map, script, rounds_suspects(game_map, script, readings),
                                 threshold)
    result = SheetReading(source, registered, readings, seed, notes=notes)
    if script is not None and not result.doubtful:
        verdict = game.check(game_map, script, result.board("sheet"))
        if not verdict.legal:
            result.problem = verdict.problem
    return result


ROUNDS_FIRST = 20_000
"""Search states the Dice Trip check may take to say whether a sheet's sure numbers are
legal (a board with a misread number may take over 10,000 to prove illegal; one it cannot
settle keeps its readings)."""
ROUNDS_BUDGET = 1000
"""Search states for each later trial of ``rounds_suspects`` (a legal part settles in a
few dozen; a trial not settled within them clears no cell)."""
ROUNDS_TOTAL = 20_000
"""Search states ``rounds_suspects`` may take for one sheet in all, the first check
included (at most about a second of CPU, on a sheet with several numbers misread; a
sheet whose sure numbers are legal takes a few dozen): past them it stops trying and
flags only the suspects it has found."""
ROUNDS_TRIALS = 12
"""Checks ``rounds_suspects`` may make for one sheet in all (each also costs the
preparation of every round's plays)."""
ROUNDS_WHY = "the seed's rounds cannot make it with the others"


def rounds_suspects(game_map: Map, script: Any, readings: list[Reading]) -> list[Reading]:
    """Dice Trip: the readings, with every sure number the seed's rounds cannot explain
    made doubtful. The numbers read surely must be a legal part of a board of the seeded
    game (each round's two numbers one split of its four dice, a number in parentheses
    with its colour's die, the powers once each: the game's own check); a doubtful cell
    counts as a cross, which any round may write, so the part of a legal board is legal.
    When they are not, every number whose removal alone makes them legal is a suspect
    (one of them is misread; which one, the rounds cannot tell); when no single one does,
    the least sure numbers are taken out until the rest is legal. The search is bounded
    (``ROUNDS_FIRST``, ``ROUNDS_BUDGET`` a later trial, ``ROUNDS_TOTAL`` and
    ``ROUNDS_TRIALS`` a sheet): a
    sheet it cannot settle keeps its readings, or flags the suspects found so far."""
    from sheetgen.games.dicetrip.check import check_trip_board
    from sheetgen.model import CellKind

    sure = {r.space: r for r in readings if not r.doubtful and r.cell is not None
            and r.cell.kind is CellKind.NUMBER}
    spent = trials = 0

    def trial(without: Collection[str], budget: int = ROUNDS_BUDGET) -> tuple[bool, bool]:
        """Whether the sure numbers but ``without`` are legal, and whether that was
        settled within ``budget`` states."""
        nonlocal spent, trials
        trials += 1
        cells = {space: r.cell for space, r in sure.items()
                 if space not in without and r.cell is not None}
        verdict = check_trip_board(game_map, script, Board(game_map.id, "sheet", cells),
                                   budget)
        spent += verdict.states
        return verdict.legal, verdict.decided

    legal, decided = trial((), ROUNDS_FIRST)
    if legal or not decided:
        return readings
    order = sorted(sure, key=lambda space: (sure[space].confidence, space))
    suspects: set[str] = set()
    for space in order:
        if spent >= ROUNDS_TOTAL or trials >= ROUNDS_TRIALS:
            break
        if trial({space})[0]:
            suspects.add(space)
    if not suspects:
        for space in order:
            if spent >= ROUNDS_TOTAL or trials >= ROUNDS_TRIALS:
                return readings  # not settled: nothing is flagged on a guess
            suspects.add(space)
            if trial(suspects)[0]:
                break
    return [replace(r, doubtful=True, why=ROUNDS_WHY) if r.space in suspects else r
            for r in readings]


CHOICE_CELLS = 4
"""Readings of a doubtful cell ``rounds_choose`` weighs at most (its likeliest)."""
CHOICE_BOARDS = 64
"""Whole boards ``rounds_choose`` may check for one sheet (the readings of its doubtful
cells taken together); a sheet with more leaves its least sure cells out of the choice."""
CHOICE_STATES = 6000
"""Search states ``rounds_choose`` may take for one sheet in all (about 0.8 s of CPU at
most, a state 0.13 ms; a legal board settles in a few dozen, an illegal one may take
thousands): the boards not checked within them count as legal."""
CHOICE_BUDGET = 2000
"""Search states for one board ``rounds_choose`` checks (one not settled within them
counts as legal: it could be)."""
ROUNDS_CHOSE = "the seed's rounds chose it"


def rounds_choose(game_map: Map, script: Any, readings: list[Reading],
                  threshold: float = THRESHOLD) -> list[Reading]:
    """Dice Trip: the readings, with the doubtful cells the seed's rounds settle made sure.
    Each doubtful cell that was weighed has close readings (``Reading.alternatives``);
    taken together with the sure cells, every way of reading the doubtful cells (at most
    ``CHOICE_CELLS`` readings each, no number twice) is a whole board, legal or not by the
    game's own check. A cell's reading is then as likely as the legal boards that read it
    so, weighed by the glyphs' probabilities; the probability its weighed readings leave
    out counts against it. A cell whose reading comes to ``threshold`` so, and which its
    glyphs give at least ``PUSH_FLOOR``, is sure. A doubtful cell that was not weighed (a
    mark nothing like a number) is left out of every board, as a cross, which any round
    may write: so the boards are a part of the real one. Bounded (``CHOICE_BOARDS``,
    ``CHOICE_BUDGET`` a board, ``CHOICE_STATES`` a sheet; the likeliest boards first): a
    board not settled, or not checked once the states are spent, counts as legal."""
    from itertools import product

    from sheetgen.games.dicetrip.check import check_trip_board

    sure = {r.space: r.cell for r in readings if not r.doubtful and r.cell is not None}
    taken = {c.value for c in sure.values() if c.value is not None}
    weighed: dict[str, list[tuple[Cell, float]]] = {}
    covered: dict[str, float] = {}
    for r in readings:
        if not r.doubtful or not r.alternatives:
            continue
        kept = [(c, p) for c, p in r.alternatives if c.value not in taken][:CHOICE_CELLS]
        if kept:
            weighed[r.space] = kept
            covered[r.space] = min(1.0, sum(p for _, p in kept))
    # the surest cells first, while the boards they make stay within the bound
    chosen: list[str] = []
    boards = 1
    for space in sorted(weighed, key=lambda s: (-max(p for _, p in weighed[s]), s)):
        if boards * len(weighed[space]) <= CHOICE_BOARDS:
            chosen.append(space)
            boards *= len(weighed[space])
    if not chosen:
        return readings
    # the boards, likeliest first (then in the order of their readings); once the states
    # are spent, those left count as legal: the confidences stay on the safe side
    boards_left = []
    for picks in product(*(range(len(weighed[space])) for space in chosen)):
        cells = [weighed[space][k][0] for space, k in zip(chosen, picks, strict=True)]
        values = [c.value for c in cells if c.value is not None]
        if len(set(values)) == len(values):
            p = math.prod(weighed[space][k][1] for space, k in zip(chosen, picks, strict=True))
            boards_left.append((-p, picks, cells))
    boards_left.sort(key=lambda b: (b[0], b[1]))
    weight = {space: [0.0] * len(weighed[space]) for space in chosen}
    spent = 0
    for minus_p, picks, cells in boards_left:
        if spent < CHOICE_STATES:
            board = dict(sure)
            board.update(zip(chosen, cells, strict=True))
            verdict = check_trip_board(game_map, script, Board(game_map.id, "sheet", board),
                                       min(CHOICE_BUDGET, CHOICE_STATES - spent))
            spent += verdict.states
            if verdict.decided and not verdict.legal:
                continue
        for space, k in zip(chosen, picks, strict=True):
            weight[space][k] -= minus_p
    out = []
    for r in readings:
        total = sum(weight.get(r.space, ()))
        if total <= 0:
            out.append(r)
            continue
        k = max(range(len(weight[r.space])), key=lambda j: weight[r.space][j])
        cell, p = weighed[r.space][k]
        confidence = weight[r.space][k] / total * covered[r.space]
        if confidence >= threshold and p >= PUSH_FLOOR:
            out.append(Reading(r.space, cell, confidence, False, cell.text, ROUNDS_CHOSE))
        else:
            out.append(r)
    return out


def board_csv(game_map: Map, sheets: Sequence[SheetReading], names: Sequence[str],
              review: str | None) -> str:
    """The scoring CSV of ``sheets`` (one column each, headed by ``names``): ``?`` where
    a cell is doubtful, blank where the circle is empty; comments name the seed (when
    every sheet is of one seeded game: `check` reads it), the review file and the
    photos."""
    first = "city" if game_map.id == "germany" else "space"
    rows = [f"# map: {game_map.id}"]
    seeds = {s.seed for s in sheets}
    if len(seeds) == 1 and None not in seeds:
        rows.append(f"# seed: {seeds.pop()}")
    if review:
        rows.append(f"# review: {review}")
    rows.append("# read by sheetgen read from: "
                + ", ".join(s.source.replace("\n", " ") for s in sheets))
    rows.append(",".join([first, *(quote_field(n) for n in names)]))
    by_sheet = [{r.space: r for r in s.readings} for s in sheets]
    for space in game_map.spaces:
        label = space.name if first == "city" else space.id
        rows.append(",".join([quote_field(label),
                              *(_cell_text(cells.get(space.id)) for cells in by_sheet)]))
    return "\n".join(rows) + "\n"


def _cell_text(reading: Reading | None) -> str:
    return "" if reading is None else reading.text

