"""Reading a scoring CSV, whatever the game: bytes to text, text to records, precise errors.

```
# map: usa
space,Alice,Bob
WA,(12),07
OR,*,x
```

Pure (bytes or text in, records out) apart from :func:`read_file`, the one place a
scoring CSV is read from disk. Each game's cell grammar builds on these pieces
(``games/<game>/grammar.py``): ``decode``, ``check_size``, ``iter_lines``,
``sniff_separator``, ``split_fields``, ``map_line_id``, ``Records``, ``Problems``,
``name_problem``, ``map_of_csv``, ``header_names``.

What spreadsheets export is accepted: a UTF-8 byte order mark, UTF-16 or UTF-32 with their
byte order mark, Windows-1252 when the bytes are not UTF-8 (with a note), ``;`` or ``,`` as
separator (read from the header line), CRLF or CR line ends, blank lines, spaces around
cells, quoted cells, padding cells left empty at the end of a row. Only CR and LF end a
line: a form feed, vertical tab or U+2028 inside a line does not, so the line numbers are
the ones a text editor shows. A space is named by its id or its full name in any case.
Every error names the file, the line and the CSV column (both 1-based) and what was
expected there; up to ``MAX_ERRORS`` errors are reported at once.

Every step is linear in the size of the input, and the input is bounded: a file over
``MAX_FILE_BYTES`` or a cell over ``MAX_CELL_CHARS`` characters is refused.
"""
from __future__ import annotations

import codecs
import difflib
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from sheetgen.maps import UnknownMapError, find_map
from sheetgen.model import Map, fold

MAX_FILE_BYTES = 1 << 20
"""The largest scoring CSV read (1 MiB: about 6000 players on the USA map)."""
MAX_CELL_CHARS = 256
"""The longest cell (and so the longest player name), in characters."""
MAX_ERRORS = 20
"""How many errors one file reports before the reader stops."""
MAX_MAP_ID_CHARS = 64
_LINE_END = re.compile(r"\r\n|\r|\n")
_UNPRINTABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))
FALLBACK_ENCODING = "cp1252"


class BoardFormatError(ValueError):
    """A scoring CSV that does not say what it must: ``file:line:column: message``.

    ``problems`` holds every error found (this one first, at most ``MAX_ERRORS``);
    ``truncated`` is true when the reader stopped at that many."""

    def __init__(self, file: str, line: int | None, column: int | None, message: str) -> None:
        where = file
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {message}")
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.problems: tuple[BoardFormatError, ...] = (self,)
        self.truncated = False

    @property
    def report(self) -> str:
        """Every problem on a line of its own."""
        lines = [str(p) for p in self.problems]
        if self.truncated:
            lines.append(f"{self.file}: stopped after {len(self.problems)} errors")
        return "\n".join(lines)


class Problems:
    """Collects a file's errors; raises at ``MAX_ERRORS`` or when ``raise_if_any``."""

    def __init__(self, source: str, limit: int = MAX_ERRORS) -> None:
        self.source = source
        self.limit = limit
        self.items: list[BoardFormatError] = []

    def error(self, line: int | None, column: int | None, message: str) -> BoardFormatError:
        return BoardFormatError(self.source, line, column, message)

    def add(self, line: int | None, column: int | None, message: str) -> None:
        self.items.append(self.error(line, column, message))
        if len(self.items) >= self.limit:
            raise self._combined(truncated=True)

    def fatal(self, line: int | None, column: int | None, message: str) -> BoardFormatError:
        """An error after which reading cannot go on, reported after those found so far."""
        self.items.append(self.error(line, column, message))
        return self._combined(truncated=False)

    def raise_if_any(self) -> None:
        if self.items:
            raise self._combined(truncated=False)

    def _combined(self, truncated: bool) -> BoardFormatError:
        first = self.items[0]
        first.problems = tuple(self.items)
        first.truncated = truncated
        return first


def short(text: str, limit: int = 40) -> str:
    """``repr`` of ``text``, cut to about ``limit`` characters for a one-line message."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + f"... ({len(text)} characters)"


# --- bytes to text ---------------------------------------------------------------------

@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str
    note: str | None = None
    """Said once on stderr when the encoding was guessed."""


def check_size(size: int, source: str) -> None:
    """Refuse a file over ``MAX_FILE_BYTES`` before reading it."""
    if size > MAX_FILE_BYTES:
        raise BoardFormatError(source, None, None,
                               f"the file is {size} bytes; a scoring CSV may be at most "
                               f"{MAX_FILE_BYTES} bytes ({MAX_FILE_BYTES >> 20} MiB)")


def _position(data: bytes, start: int, encoding: str) -> tuple[int, int]:
    """Line and column (1-based, in characters) of byte ``start``."""
    before = data[:start].decode(encoding, errors="replace")
    line = 1
    last = 0
    for match in _LINE_END.finditer(before):
        line += 1
        last = match.end()
    return line, len(before) - last + 1


def _decode_as(data: bytes, encoding: str, source: str, label: str) -> str:
    """``data`` as text in ``encoding``: a byte it cannot read is an error at its line
    and column; a codec that is no text encoding (``rot13``, ``base64``) or that fails
    in its own way (``punycode``, ``idna``, ``undefined``) is one line naming it."""
    try:
        return data.decode(encoding)
    except LookupError:
        raise BoardFormatError(source, None, None,
                               f"--encoding: {short(label)} is not a text encoding; e.g. "
                               "utf-8, utf-16, cp1252, latin-1") from None
    except UnicodeDecodeError as exc:
        if exc.object == data and 0 <= exc.start < len(data):
            try:
                line, column = _position(data, exc.start, encoding)
            except (UnicodeError, ValueError, LookupError):
                line, column = _position(data, exc.start, "latin-1")
            raise BoardFormatError(source, line, column,
                                   f"expected {label} text; got byte 0x{data[exc.start]:02x}"
                                   ) from None
        problem = exc.reason
    except (UnicodeError, ValueError) as exc:
        problem = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if len(problem) > 80:
        problem = problem[:77] + "..."
    raise BoardFormatError(source, None, None,
                           f"the file cannot be read as {short(label)}: {problem}; give "
                           "another --encoding, e.g. utf-8, utf-16, cp1252")


def decode(data: bytes, source: str, encoding: str | None = None) -> Decoded:
    """The text of a scoring CSV's bytes.

    ``encoding`` (the command's ``--encoding``) is used as given; otherwise a byte order
    mark decides (UTF-8, UTF-16, UTF-32), then UTF-8, then Windows-1252 with a note."""
    check_size(len(data), source)
    if encoding is not None:
        try:
            name = codecs.lookup(encoding).name
        except LookupError:
            raise BoardFormatError(source, None, None,
                                   f"--encoding: unknown encoding {short(encoding)}; "
                                   "e.g. utf-8, utf-16, cp1252, latin-1") from None
        if name == "utf-8":
            name = "utf-8-sig"
        return Decoded(_decode_as(data, name, source, encoding), name)
    for bom, name in _BOMS:
        if data.startswith(bom):
            return Decoded(_decode_as(data, name, source, name.removesuffix("-sig").upper()),
                           name)
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data, exc.start, "utf-8")
        byte = data[exc.start]
        first = f"{source}:{line}:{column}: byte 0x{byte:02x} is not UTF-8"
    try:
        text = data.decode(FALLBACK_ENCODING)
    except UnicodeDecodeError:
        raise BoardFormatError(source, line, column,
                               f"expected UTF-8 text; got byte 0x{byte:02x} "
                               "(and the file is not Windows-1252 either); save it as "
                               "UTF-8 or give --encoding") from None
    return Decoded(text, FALLBACK_ENCODING,
                   f"{first}; read the file as Windows-1252 (cp1252); give --encoding "
                   "if that is wrong")


# --- a file ------------------------------------------------------------------------------

def require_file(path: Path) -> None:
    """Refuse a path that names no file: ``PATH: no such file`` or ``PATH: not a file``
    (or why it cannot be looked at: a name too long for the file system)."""
    try:
        if path.is_file():
            return
        problem = "no such file" if not path.exists() else "not a file"
    except (OSError, ValueError) as exc:
        problem = f"cannot be read ({getattr(exc, 'strerror', None) or exc})"
    raise BoardFormatError(_shown(path), None, None, problem)


def _shown(path: Path) -> str:
    """A file's name in a message, long names cut."""
    text = str(path)
    return text if len(text) <= 80 else f"{text[:40]}...{text[-30:]}"


def read_file(path: Path, encoding: str | None = None) -> Decoded:
    """The text of the scoring CSV at ``path``: refused over the size limit before it is
    read, then decoded as :func:`decode` does (its ``note`` says when the encoding was
    guessed). The one place a scoring CSV is read from disk."""
    require_file(path)
    try:
        check_size(path.stat().st_size, str(path))
        data = path.read_bytes()
    except OSError as exc:
        raise BoardFormatError(str(path), None, None,
                               f"cannot be read ({exc.strerror or exc})") from None
    return decode(data, str(path), encoding)


# --- text to records -------------------------------------------------------------------

def iter_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` for each line, split on CR, LF and CRLF only (as the csv
    module and text editors count lines; ``str.splitlines`` also breaks on form feed,
    vertical tab, U+2028 and others). A leading byte order mark is dropped."""
    start = 1 if text.startswith("\ufeff") else 0
    number = 1
    for match in _LINE_END.finditer(text, start):
        yield number, text[start:match.start()]
        number += 1
        start = match.end()
    if start < len(text):
        yield number, text[start:]


def is_comment(line: str) -> bool:
    return line.lstrip().lstrip('"').startswith("#")


def map_line_id(line: str) -> str | None:
    """The map id of a ``# map: MAP`` line (spaces, quotes and trailing separators as a
    spreadsheet writes them), or None. Linear in the line's length."""
    return comment_value(line, "map")


def comment_value(line: str, key: str) -> str | None:
    """The value of a ``# KEY: VALUE`` comment line (spaces, quotes and trailing
    separators as a spreadsheet writes them), or None. Linear in the line's length."""
    rest = line.strip().lstrip('"').lstrip()
    if not rest.startswith("#"):
        return None
    rest = rest[1:].lstrip()
    if rest[:len(key)].casefold() != key:
        return None
    rest = rest[len(key):].lstrip()
    if not rest.startswith(":"):
        return None
    rest = rest[1:]
    cuts = [i for i in (rest.find(","), rest.find(";")) if i >= 0]
    if cuts:
        rest = rest[:min(cuts)]
    found = rest.strip().strip('"').strip()
    return found or None


def seed_line(text: str) -> tuple[str, int] | None:
    """The value and line number of a ``# seed: N`` comment before the first record (a
    board file of one seeded game's sheets, as ``sheetgen read`` writes it), or None."""
    for number, raw in iter_lines(text):
        if not raw.strip():
            continue
        if not is_comment(raw):
            return None
        found = comment_value(raw, "seed")
        if found is not None:
            return found, number
    return None


def sniff_separator(line: str) -> str:
    """``;`` when the line holds more semicolons than commas outside quotes, else ``,``."""
    commas = semicolons = 0
    quoted = False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif not quoted:
            if char == ",":
                commas += 1
            elif char == ";":
                semicolons += 1
    return ";" if semicolons > commas else ","


class FieldError(ValueError):
    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message


def split_fields(line: str, sep: str, max_chars: int = MAX_CELL_CHARS) -> list[str]:
    """The cells of one CSV line, each stripped of surrounding spaces and of the guard
    against spreadsheet formulas (``unguard_formula``). ``"..."`` quotes a cell (``""`` is
    a quote inside it). Raises FieldError naming the column of an
    unterminated quote or of a cell longer than ``max_chars``. Linear in the line."""
    fields: list[str] = []
    size = len(line)
    i = 0
    while True:
        column = len(fields) + 1
        j = i
        while j < size and line[j] in " \t":
            j += 1
        if j < size and line[j] == '"':
            parts: list[str] = []
            k = j + 1
            while True:
                q = line.find('"', k)
                if q < 0:
                    raise FieldError(column, "unterminated quote; expected a closing '\"' "
                                             "on the same line")
                parts.append(line[k:q])
                if line.startswith('"', q + 1):
                    parts.append('"')
                    k = q + 2
                    continue
                k = q + 1
                break
            end = line.find(sep, k)
            value = "".join(parts) + (line[k:] if end < 0 else line[k:end])
        else:
            end = line.find(sep, i)
            value = line[i:] if end < 0 else line[i:end]
        value = unguard_formula(value.strip())
        if len(value) > max_chars:
            raise FieldError(column, f"a cell of {len(value)} characters; a cell may hold "
                                     f"at most {max_chars}")
        fields.append(value)
        if end < 0:
            return fields
        i = end + 1


def trim(cells: list[str]) -> list[str]:
    """Without the empty cells a spreadsheet pads a row with."""
    end = len(cells)
    while end > 0 and not cells[end - 1]:
        end -= 1
    return cells[:end]


@dataclass(frozen=True)
class Record:
    line: int
    cells: list[str]


class Records:
    """The records of a scoring CSV, streamed: blank lines and ``#`` comments skipped,
    the separator read from the first record, the ``# map:`` line before it remembered in
    ``map_id`` / ``map_line``. Lines that cannot be split go to ``problems``."""

    def __init__(self, text: str, problems: Problems) -> None:
        self.text = text
        self.problems = problems
        self.map_id: str | None = None
        self.map_line = 0
        self.last_line = 0
        self.separator: str | None = None
        self.review: str | None = None
        """The review PDF a ``# review: PATH`` line names (``sheetgen read`` writes one)."""

    def __iter__(self) -> Iterator[Record]:
        for number, raw in iter_lines(self.text):
            self.last_line = number
            if not raw.strip():
                continue
            if is_comment(raw):
                if self.separator is None and self.map_id is None:
                    found = map_line_id(raw)
                    if found is not None:
                        self.map_id, self.map_line = found, number
                review = _REVIEW.fullmatch(raw.strip())
                if review:
                    self.review = review.group(1).strip()
                continue
            if self.separator is None:
                self.separator = sniff_separator(raw)
            try:
                cells = split_fields(raw, self.separator)
            except FieldError as exc:
                self.problems.add(number, exc.column, exc.message)
                continue
            if trim(cells):
                yield Record(number, cells)


_REVIEW = re.compile(r"#\s*review:\s*(.+)")
UNREAD = "?"
"""A cell ``sheetgen read`` could not read: it has to be typed in before scoring."""


def unread_problem(records: Records) -> str:
    """What an unread ``?`` cell is, and where to look it up."""
    where = f"its photo is in {records.review}" if records.review else \
        "its photo is in the review PDF sheetgen read wrote"
    return (f"'?' is a cell sheetgen read could not read; {where}: type what the sheet "
            "shows there")


FORMULA_LEADS = frozenset("=+-@\t\r")
"""A cell starting with one of these is a formula to a spreadsheet (OWASP, "CSV
Injection"): ``=1+1``, ``=cmd|' /C calc'!A0``, ``@SUM(...)``."""
FORMULA_GUARD = "'"
"""Written before such a cell so that a spreadsheet shows it as text; the reader takes it
off again (``guard_formula``)."""


def guard_formula(text: str) -> str:
    """``text`` as a cell a spreadsheet will not run: a single quote before a cell that
    starts (after any spaces and single quotes) with ``= + - @``, a tab or a carriage
    return. ``unguard_formula`` gives ``text`` back, for every text."""
    if text.lstrip(" '")[:1] in FORMULA_LEADS and text.lstrip(" '"):
        return FORMULA_GUARD + text
    return text


def unguard_formula(cell: str) -> str:
    """A cell as read, without the guard ``guard_formula`` put before it."""
    if cell.startswith(FORMULA_GUARD) and cell.lstrip(" '")[:1] in FORMULA_LEADS \
            and cell.lstrip(" '"):
        return cell[1:]
    return cell


def quote_field(text: str) -> str:
    """A cell as every writer of a scoring CSV, a template or a drive log writes it (the
    one place a player's name is written into a CSV): guarded when a spreadsheet would
    take it for a formula (``guard_formula``), and quoted when it holds a separator or a
    quote, or could be read as a comment or lose its spaces. ``split_fields`` reads it
    back to ``text``."""
    text = guard_formula(text)
    if any(c in text for c in ',;"') or text != text.strip() or text.startswith("#"):
        return '"' + text.replace('"', '""') + '"'
    return text


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (None when it can): names are printed, so
    they must be non-blank text without control characters or invisible formatting
    characters (a right-to-left override U+202E, a zero-width space or joiner), at most
    ``MAX_CELL_CHARS`` long. ``template`` and the reader apply the same rule."""
    if not name.strip():
        return "a blank name"
    if len(name) > MAX_CELL_CHARS:
        return f"a name of {len(name)} characters; at most {MAX_CELL_CHARS}"
    for position, char in enumerate(name, start=1):
        category = unicodedata.category(char)
        if category in _UNPRINTABLE:
            return (f"a control character U+{ord(char):04X} at character {position} of "
                    f"{short(name)}; names are printed text")
        if category == "Cf":
            what = unicodedata.name(char, "a formatting character").lower()
            return (f"an invisible character U+{ord(char):04X} ({what}) at character "
                    f"{position} of {short(name)}; names are printed text, without "
                    "direction overrides or zero-width characters")
    return None


def blank_columns(text: str, source: str) -> frozenset[int]:
    """The player columns (0-based, after the row names) that hold no filled cell on any
    row after the header: a group of two on a four-player template. The grammars skip
    them with one note (:func:`skipped_columns`) instead of an error a blank cell."""
    records = Records(text, Problems(source, limit=1 << 30))
    width = 0
    filled: set[int] = set()
    for record in records:
        if not width:
            width = len(trim(record.cells))
            continue
        for col in range(1, min(width, len(record.cells))):
            if record.cells[col]:
                filled.add(col - 1)
    return frozenset(range(width - 1)) - filled


def skipped_columns(text: str, source: str, line: int, players: list[str],
                    notes: list[str] | None) -> frozenset[int]:
    """The player columns a grammar skips (:func:`blank_columns`), said in one note in
    ``notes`` (``line`` is the header's). None are skipped when every column is blank:
    the file is unfilled, and each blank cell is an error."""
    blank = blank_columns(text, source)
    if not blank or len(blank) >= len(players):
        return frozenset()
    if notes is not None:
        names = [players[c] for c in sorted(blank)]
        shown = ", ".join(short(n, 24) for n in names[:6]) + (
            f" and {len(names) - 6} more" if len(names) > 6 else "")
        notes.append(f"{source}:{line}: note: skipped {len(names)} player column(s) with "
                     f"no cell filled ({shown})")
    return blank


# --- the map and the header ------------------------------------------------------------

def near_space(game_map: Map, text: str) -> str:
    """`` (did you mean 17a (Batignolles-Monceau a)?)``: the space ids nearest to ``text``,
    by the similarity of ``text`` to every word ``find_space`` knows (ids, names, Paris
    numerals), the best one always and any as close (up to three). Empty only for text
    that shares no letter or digit with any of them."""
    word = fold(text)
    score: dict[str, float] = {}
    for key, space in game_map.space_keys.items():
        ratio = difflib.SequenceMatcher(None, word, key).ratio()
        score[space.id] = max(score.get(space.id, 0.0), ratio)
    best = max(score.values(), default=0.0)
    if not word or best == 0.0:
        return ""
    near = [sid for sid in game_map.space_ids if score[sid] == best][:3]
    shown = [sid if game_map.space(sid).name.casefold() == sid.casefold()
             else f"{sid} ({game_map.space(sid).name})" for sid in near]
    return f" (did you mean {' or '.join(shown)}?)"


def resolve_map(records: Records, problems: Problems, map_override: str | None,
                lookup: Callable[[str], Map], example: str = "usa") -> Map:
    """The map of a scoring CSV: ``--map``, else its ``# map:`` line (``example`` is the id
    the error shows when there is neither). Unknown ids are fatal problems."""
    if map_override is not None:
        map_id, line = map_override, 0
    elif records.map_id is not None:
        map_id, line = records.map_id, records.map_line
    else:
        raise problems.fatal(1, 1, "no '# map: MAP' line (and no --map); expected the map "
                                   f"id, e.g. '# map: {example}'")
    if len(map_id) > MAX_MAP_ID_CHARS:
        message = f"unknown map {short(map_id)}"
    else:
        try:
            return lookup(map_id)
        except UnknownMapError as exc:
            message = str(exc)
    if line:
        raise problems.fatal(line, 1, message)
    raise problems.fatal(None, None, f"--map: {message}")


def header_names(record: Record, problems: Problems, game_map: Map, first: str,
                 row_words: tuple[str, ...] = ()) -> list[str]:
    """The cells of a scoring CSV's header line (``first``, then the player names). A line
    that starts with a space of ``game_map`` or one of ``row_words`` (a data row where the
    header belongs), or has no player column, is fatal; each bad or repeated player name is
    added to ``problems``."""
    names = trim(record.cells)
    if game_map.find_space(names[0]) is not None or names[0].casefold() in row_words:
        raise problems.fatal(record.line, 1, f"expected a header line '{first},Player 1,...' "
                                             f"before the rows; got a row for "
                                             f"{short(names[0])}")
    if len(names) < 2:
        raise problems.fatal(record.line, 2, "expected at least one player column after "
                                             f"'{first}'; the header has none")
    seen: dict[str, int] = {}
    for col, name in enumerate(names[1:], start=2):
        problem = name_problem(name)
        if problem:
            problems.add(record.line, col, f"expected a player name; got {problem}")
            continue
        key = name.casefold()
        if key in seen:
            problems.add(record.line, col, f"duplicated player name {short(name)} "
                                           f"(also column {seen[key]})")
        seen[key] = col
    return names


def map_of_csv(text: str, source: str, map_override: str | None = None,
               lookup: Callable[[str], Map] = find_map) -> Map:
    """The map a scoring CSV is for: ``map_override`` (the command's ``--map``) or the
    file's ``# map:`` line before the header, looked up with ``lookup``. Any game's CSV
    starts this way, so the command reads this first and then hands the text to the map's
    game."""
    problems = Problems(source)
    records = Records(text, problems)
    for _ in records:
        break
    found = resolve_map(records, problems, map_override, lookup)
    if map_override is not None and records.map_id is not None:
        try:
            said = lookup(records.map_id[:MAX_MAP_ID_CHARS]).id
        except (UnknownMapError, ValueError):
            said = None
        if said is not None and said != found.id:
            raise problems.fatal(records.map_line, 1,
                                 f"the file says '# map: {said}' but --map says "
                                 f"{found.id}; leave out --map, or score the file with "
                                 f"the map it was filled on")
    return found
