"""The ``sheetgen`` command line: thin Click commands over the library.

Each verb lives in a module of its own in this package and is registered below.
"""

from __future__ import annotations

import importlib
import sys
import time
from typing import Any

_IMPORT_STARTED = time.monotonic()

import click  # noqa: E402

from sheetgen import __version__  # noqa: E402


class _Main(click.Group):
    """The group: while a command runs, integers of any length convert to and from text
    (a seed of 5000 digits is valid; the options bound every number's length instead of
    the interpreter's 4300-digit guard)."""

    def invoke(self, ctx: click.Context) -> Any:
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            return super().invoke(ctx)
        finally:
            sys.set_int_max_str_digits(limit)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
def main() -> None:
    """Print-and-play sheets, cards and dice, seeded game scripts and exact scoring for
    roll-and-write travel games.

    \b
    Examples:
      sheetgen maps
      sheetgen sheet usa -n 4
      sheetgen map show europe --json
    """
    # The clock a wall-clock limit counts from: this run's start (the first run in a
    # process also counts the time it took to load the commands).
    global _IMPORT_STARTED
    click.get_current_context().meta["sheetgen.started"] = min(time.monotonic(),
                                                                _IMPORT_STARTED)
    _IMPORT_STARTED = float("inf")


# One module a verb (or a few related verbs); each exports COMMANDS.
_COMMAND_MODULES = (
    "maps_cmd",
    "sheet_cmd",
    "script_cmd",
    "cards_cmd",
    "score_cmd",
    "kit_cmd",
    "scorepad_cmd",
    "plan_cmd",
    "read_cmd",
    "serve_cmd",
)


def _register() -> None:
    for name in _COMMAND_MODULES:
        module = importlib.import_module(f"sheetgen.cli.{name}")
        for command in module.COMMANDS:
            main.add_command(command)


_register()
