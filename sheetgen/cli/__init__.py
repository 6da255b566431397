"""The ``sheetgen`` command line: thin Click commands over the library.

Each verb lives in a module of its own in this package and is registered below.
"""

from __future__ import annotations

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


def _register() -> None:
    from sheetgen.cli import maps_cmd

    for module in (maps_cmd,):
        for command in module.COMMANDS:
            main.add_command(command)


_register()
