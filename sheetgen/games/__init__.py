"""The game interface and the registry of games: one entry per game, naming its parts.

A command never asks which game it is working on. It finds the map, asks the registry for
the map's game (:func:`game_of`) and calls the part it needs: the scoring CSV reader, the
scorer, the seeded-game script, the sheet, the deck, the kit. A game that has no such part
says so with a :class:`GameError`, which the command line reports as a user error.

Entries are found the way python-chess finds a rule variant: by id or alias
(:func:`find_game`), from the list :data:`ENTRIES`. A game is a folder of this package
(``games/<game>/``) whose module ``entry`` holds a :class:`Game` subclass; a new game is a
new folder and one line in :data:`ENTRIES`.

This module imports no game: the registry names its entries by module and loads them on
first use, so every game depends on this interface and the interface on no game (no
import cycle). The entries import their renderers inside the methods that need them, so
listing games or reading a board never loads svgwrite or cairo.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any, ClassVar

from sheetgen.document import Part
from sheetgen.maps import UnknownMapError, find_map, map_ids
from sheetgen.model import Board, Deadline, Map
from sheetgen.templates import Paper

Progress = Callable[[str], None]
"""Told the name of each step of a long job as it starts (the command line shows a bar)."""


class GameError(ValueError):
    """A game asked for a part it does not have, or a word that names no game or map."""


class UnknownGameError(GameError):
    """A word that is neither a game nor a map id; the message lists the valid words."""


@dataclass(frozen=True)
class Par:
    """The built-in player's result on a seeded game: the challenge's target."""

    score: int
    summary: str
    """One line for people: ``usa seed 7: par 31 (...)``."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """The same as JSON-ready data."""


@dataclass(frozen=True)
class Perfect:
    """The best score of a seeded game with every card and roll known in advance."""

    score: int
    """The best board found's score."""
    upper_bound: int
    """No legal play of the game scores more (proven)."""
    board: Board
    """A board reaching ``score`` (a legal result of the game)."""
    board_csv: str
    """The board as a scoring CSV whose comment lines say what was proven."""
    route: tuple[str, ...] = ()
    """A best route of ``board`` (space ids in travel order)."""
    rides: tuple[tuple[str, str], ...] = ()
    """The route's steps taken by boat (Paris), as (from, to)."""
    time_limit: float = 0.0
    """The seconds the search was given."""
    clocked: bool = False
    """True when ``time_limit`` was wall-clock seconds, False when it was seconds of
    deterministic work (the same answer on every machine)."""

    @property
    def limit_words(self) -> str:
        """``20 s`` (by the clock) or ``20 s of work`` (deterministic)."""
        return f"{self.time_limit:g} s" + ("" if self.clocked else " of work")

    @property
    def proven(self) -> bool:
        return self.score >= self.upper_bound

    @property
    def gap(self) -> int:
        """How far the bound stands above the board found (0 when proven)."""
        return max(self.upper_bound - self.score, 0)

    @property
    def headline(self) -> str:
        """"38 points, proven" or "26 points, upper bound 31": for bookmarks."""
        proof = "proven" if self.proven else f"upper bound {self.upper_bound}"
        return f"{self.score} points, {proof}"

    def data(self) -> dict[str, Any]:
        """The ``"perfect"`` object of the script JSON."""
        return {"score": self.score, "upper_bound": self.upper_bound, "proven": self.proven,
                "board": {sid: cell.text for sid, cell in self.board.cells.items()}}


CHECK_BUDGET = 100_000
"""Search states ``check`` may spend on one board before its verdict is undecided (a few
seconds; the slowest boards known take a few thousand: docs/benchmarks.md)."""


@dataclass(frozen=True)
class Verdict:
    """Whether one board could have come from a seeded game."""

    player: str
    legal: bool
    problem: str = ""
    """When not legal: the first thing that cannot be explained, in words."""
    decided: bool = True
    """False when the search used its budget without an answer: ``legal`` is then False,
    but nothing is proven (``problem`` says so); never report such a board as illegal."""

    @property
    def word(self) -> str:
        """``legal``, ``not legal`` or ``undecided``."""
        return "undecided" if not self.decided else "legal" if self.legal else "not legal"


FEATURES: Mapping[str, str] = {
    "player sheets": "has one board for every player, not a sheet per player",
    "sheet setup": "has no setup to write on its sheets",
    "seats": "plays the same script for every player",
    "perfect": "has no perfect game",
    "cards": "has no cards",
    "decks": "has one deck",
    "scoring": "has no scoring CSV template",
    "planner": "has no planner",
    "solo": "has no solo challenge",
}
"""What a game may or may not do that a command's options ask for, and how a command
refuses an option the game cannot honour (``-n: Highways & Byways has one board for every
player, ...``). A game lists what it has in :attr:`Game.honours`; a command's option names
the feature it needs (``sheetgen.cli.common.option(needs=...)``)."""


def sheet_names(players: int | Sequence[str]) -> list[str]:
    """One entry per player sheet: a name, or "" for a blank name line (a count gives
    that many blank ones)."""
    if isinstance(players, int):
        return [""] * players
    return list(players)


class Game:
    """One game. Subclasses set the class attributes and implement the parts they have;
    every part not implemented raises :class:`GameError` naming the game and the part."""

    id: ClassVar[str]
    """Registry id, as in a map's ``game`` key: ``ontour``, ``paris``, ``dicetrip``..."""
    title: ClassVar[str]
    """Display name: "On Tour"."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other words that name the game (``find_game`` ignores case)."""
    dice: ClassVar[str | None] = None
    """The ``sheetgen dice`` kind the game is played with, if any."""
    kit_steps: ClassVar[tuple[str, ...]] = ()
    """The steps ``kit_parts`` reports to its progress callback, in order (one more,
    "perfect game", when the kit carries the perfect game)."""
    scorepad: ClassVar[str | None] = None
    """Id of the game's pad in ``templates/scorepads/`` (``sheetgen scorepad``)."""
    honours: ClassVar[frozenset[str]] = frozenset()
    """The :data:`FEATURES` the game has; an option needing another one is refused."""
    instead: ClassVar[Mapping[str, str]] = {}
    """For a part the game lacks (``"cards"``, ``"scoring CSV"``), what to do instead: the
    end of the refusal (``Dice Trip has no cards: it is played with ...``)."""

    # --- what the game has -------------------------------------------------------------

    def maps(self) -> tuple[str, ...]:
        """Ids of the maps of this game, sorted."""
        return tuple(m for m in map_ids() if find_map(m).game == self.id)

    def default_map(self) -> str | None:
        """The map a game id stands for where a map is meant: its only map, else None."""
        maps = self.maps()
        return maps[0] if len(maps) == 1 else None

    def _same_for_every_player(self, players: int | None) -> None:
        """Refuse a player count for a game whose script is the same for everyone."""
        if players is not None:
            raise GameError(f"{self.title} plays the same script for every player; "
                            "leave out --players")

    def _lacks(self, part: str) -> GameError:
        hint = self.instead.get(part)
        return GameError(f"{self.title} has no {part}" + (f": {hint}" if hint else ""))

    def ready(self, feature: str, part: str) -> None:
        """Raise ``GameError`` now, before any work, if the game lacks ``feature``
        (:data:`FEATURES`), naming the ``part`` it has not ("cards") and what to do
        instead."""
        if feature not in self.honours:
            raise self._lacks(part)

    def decks(self) -> tuple[str, ...]:
        """The decks ``sheetgen cards --deck`` may name (``all`` first)."""
        return ("all",)

    def start_spaces(self, game_map: Map) -> tuple[str, ...]:
        """The words ``sheetgen plan --start`` takes (none for a game without a planner)."""
        return ()

    def map_json(self, game_map: Map) -> dict[str, Any]:
        """The map as ``sheetgen map show MAP --json`` prints it: the topology every map
        has (``maps.map_to_json``) and what the game adds to it."""
        from sheetgen.maps import map_to_json

        return map_to_json(game_map)

    # --- scoring -----------------------------------------------------------------------

    def template_csv(self, game_map: Map, players: Sequence[str]) -> str:
        """A blank scoring CSV for ``game_map`` with one column per player."""
        raise self._lacks("scoring CSV")

    def parse_boards(self, text: str, source: str, game_map: Map,
                     notes: list[str] | None = None, *, finished: bool = True) -> list[Board]:
        """The boards of a scoring CSV already known to be for ``game_map``; raises
        :class:`sheetgen.csvio.BoardFormatError` naming line and column. Remarks that
        are not errors (a ``-16`` read as a circled 16) are appended to ``notes``.
        ``finished=False``: the boards are being filled in (the entry page), so only their
        cells are held to the rules, not what a whole sheet must add up to (Dice Trip's
        variant points)."""
        raise self._lacks("scoring CSV")

    def score(self, game_map: Map, boards: Sequence[Board],
              progress: Progress = lambda step: None,
              working: Progress | None = None) -> Any:
        """Every board's exact score and the winners (the game's own result type);
        ``progress`` is told each player's name once their board is scored, and
        ``working`` (if given) now and then what a long board's scorer is doing."""
        raise self._lacks("scorer")

    def score_json(self, result: Any) -> dict[str, Any]:
        """The Score JSON of a result (docs/json.md)."""
        raise self._lacks("scorer")

    def standings_text(self, result: Any) -> str:
        """The standings as plain text for the terminal."""
        raise self._lacks("scorer")

    def scored_parts(self, game_map: Map, paper: Paper, boards: Sequence[Board],
                     result: Any) -> list[Part]:
        """The annotated PDF's pages: the standings first, then each board with its score
        drawn."""
        raise self._lacks("annotated boards")

    def scorepad_rows(self, result: Any) -> dict[str, dict[str, int | str]]:
        """A filled scorepad's first row from a score result: player name -> the pad's
        column id -> value (columns the map's pad lacks are ignored)."""
        raise self._lacks("scorepad")

    def scorepad_pages(self, game_map: Map, paper: Paper, players: Sequence[str] | int,
                       games: int = 8, result: Any = None) -> list[str]:
        """The game's scorepad with ``game_map``'s columns: a block per player (names, or
        a count of blank blocks), ``games`` ruled rows; with ``result``, this game's
        scores in the first row (from ``scorepad_rows``)."""
        from sheetgen.products.scorepad import Pad, PadFitError, load_pads, scorepad_pages

        pad = load_pads().get(self.scorepad) if self.scorepad else None
        if not isinstance(pad, Pad):
            raise self._lacks("scorepad")
        filled = self.scorepad_rows(result) if result is not None else None
        try:
            return scorepad_pages(pad.for_map(game_map.id), paper, players, games,
                                  filled=filled, heading=game_map.title)
        except PadFitError as exc:
            raise GameError(str(exc)) from None

    # --- seeded games ------------------------------------------------------------------

    def make_script(self, game_map: Map, seed: int, players: int | None = None) -> Any:
        """The seeded game: every card and roll. Raises GameError for a bad seed, or a
        number of players the game's script does not depend on or cannot seat."""
        raise self._lacks("seeded games")

    def script_json(self, script: Any) -> str:
        """The script as JSON text (ends with a newline)."""
        raise self._lacks("seeded games")

    def script_pages(self, game_map: Map, script: Any, paper: Paper,
                     par: int | None = None) -> list[str]:
        """The script as printable pages; ``par`` printed as the target when given."""
        raise self._lacks("seeded games")

    def par(self, game_map: Map, script: Any) -> Par:
        """The built-in player's score on the seeded game."""
        raise self._lacks("built-in player")

    def solo_pages(self, game_map: Map, script: Any, seat: int, paper: Paper) -> list[str]:
        """A solo challenge: one person in seat ``seat`` against built-in players in the
        others, what the table does round by round (a game whose script is the same for
        every player is a solo challenge as it stands)."""
        raise self._lacks("solo challenge against built-in players")

    def check(self, game_map: Map, script: Any, board: Board,
              budget: int = CHECK_BUDGET) -> Verdict:
        """Could ``board`` be a result of the seeded game ``script``? Decided within
        ``budget`` search states, else undecided (``Verdict.decided`` False)."""
        raise self._lacks("legality check")

    def perfect_ready(self) -> None:
        """Raise ``GameError`` now if ``perfect`` cannot run (the game has no perfect game,
        or its library is missing), before any slow work for it is done."""
        raise self._lacks("perfect game")

    def perfect(self, game_map: Map, script: Any, time_limit: float | Deadline) -> Perfect:
        """The hindsight-optimal game of ``script`` (proven when its score reaches its
        upper bound), searched for ``time_limit``: seconds of deterministic work (the same
        answer on every machine), or until a wall-clock ``Deadline``."""
        raise self._lacks("perfect game")

    def perfect_pages(self, game_map: Map, script: Any, best: Perfect,
                      paper: Paper) -> list[Any]:
        """The perfect game on paper: the board drawn as a scored map with its route, the
        score against the bound and the par, and where each turn's marks were written
        (pages as ``document.Part`` takes them)."""
        raise self._lacks("perfect game")

    # --- planning ----------------------------------------------------------------------

    def plan(self, game_map: Map, *, start: str, hand: Sequence[str] | None,
             seed: int | None, avoid: str | None, seat: int = 1,
             players: int | None = None) -> Any:
        """The best plan for a start and a hand of cards (names, or seat ``seat``'s hand
        of the seeded game of ``seed`` with ``players`` seats), optionally keeping off a
        construction letter: an object with ``lines`` (text), ``json`` (JSON-ready data)
        and ``pages(paper)`` (the printable plan)."""
        raise self._lacks("planner")

    # --- print -------------------------------------------------------------------------

    def sheet_pages(self, game_map: Map, paper: Paper, players: Sequence[str],
                    seed: int | None = None) -> Sequence[Any]:
        """One player sheet per entry of ``players`` (a name, or "" for a blank name
        line); with ``seed``, the setup of that seeded game written in. Pages as
        ``draw.pdf.build_pdf`` takes them (SVG text or layers; ``draw.pdf.page_svg``
        makes one drawing of either), possibly drawn only when each is taken."""
        raise self._lacks("player sheets")

    def deck_pages(self, game_map: Map, paper: Paper, options: Any) -> list[str]:
        """The deck imposed on pages (``options``: a products.cards.DeckOptions)."""
        raise self._lacks("cards")

    def kit_parts(self, game_map: Map, paper: Paper, *, seed: int,
                  players: int | Sequence[str] = 8, backs: str = "duplex-long",
                  perfect: float | Deadline | Perfect | None = None,
                  progress: Progress = lambda step: None) -> list[Part]:
        """Every part of the print-and-play kit, in print order, the cover first;
        ``players`` the player sheets (a count of blank ones, or one name each, "" for a
        blank name line); ``backs`` is a ``sheetgen cards --backs`` mode for the deck.
        With ``perfect`` (a time limit in seconds) the kit also carries the seeded game's
        perfect game (``perfect_pages``), reported to ``progress`` as the step "perfect
        game"; a game without one raises GameError before any work."""
        raise self._lacks("kit")


ENTRIES = (
    "sheetgen.games.ontour.entry:OnTour",
    "sheetgen.games.paris.entry:Paris",
    "sheetgen.games.dicetrip.entry:DiceTrip",
    "sheetgen.games.byways.entry:Byways",
)
"""Every game's entry, ``module:class``, in registry order."""


def _entries() -> tuple[Game, ...]:
    found: list[Game] = []
    for name in ENTRIES:
        module, _, cls = name.partition(":")
        found.append(getattr(import_module(module), cls)())
    return tuple(found)


@cache
def games() -> tuple[Game, ...]:
    """Every registered game, in registry order."""
    return _entries()


def game_ids() -> tuple[str, ...]:
    return tuple(g.id for g in games())


def find_game(word: str) -> Game:
    """The game with this id or alias (any case); UnknownGameError lists the games."""
    key = word.strip().casefold()
    for game in games():
        if key == game.id or key in (a.casefold() for a in game.aliases):
            return game
    raise UnknownGameError(f"unknown game {_shown(word)}{_nearest(word)}; games: "
                           f"{', '.join(game_ids())}")


def game_of(game_map: Map) -> Game:
    """The game a map is played in."""
    return find_game(game_map.game)


def resolve_map(word: str) -> Map:
    """The map a word means where a map is asked for: a map id, or a game id (or alias)
    that has exactly one map. The error lists every valid word."""
    try:
        return find_map(word)
    except UnknownMapError:
        pass
    try:
        game = find_game(word)
    except UnknownGameError:
        game = None
    if game is not None:
        default = game.default_map()
        if default is not None:
            return find_map(default)
        raise GameError(f"{word!r} is the game {game.title}, which has several maps; "
                        f"name one: {', '.join(game.maps())}")
    standing = [f"{g.id} ({g.default_map()})" for g in games()
                if g.default_map() is not None and g.id not in map_ids()]
    valid = "known maps: " + ", ".join(map_ids())
    if standing:
        valid += "; games that stand for a map: " + ", ".join(standing)
    raise UnknownGameError(f"unknown map {_shown(word)}{_nearest(word)}; {valid}")


def _shown(word: str) -> str:
    return repr(word) if len(word) <= 40 else repr(word[:40]) + "..."


def _nearest(word: str) -> str:
    """`` (did you mean usa?)`` for the map or game id nearest to ``word``, ignoring case
    (a prefix counts: ``US`` is near ``usa``)."""
    import difflib

    key = word.strip().casefold()[:64]
    words = list(map_ids()) + [g.id for g in games()]
    found = [w for w in words if key and w.startswith(key)]
    found = found or difflib.get_close_matches(key, words, n=1, cutoff=0.6)
    return f" (did you mean {found[0]}?)" if found else ""
