"""The ``sheetgen`` command line: thin Click commands over the library.

Each verb lives in a module of its own in this package and is registered below.
"""

from __future__ import annotations

import importlib

import click

from sheetgen import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
