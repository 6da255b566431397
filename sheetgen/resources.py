"""Where the package finds its data: maps, templates and fonts.

Installed from a wheel, ``maps/`` and ``templates/`` travel inside the package as
``sheetgen/_data/``; in a source checkout (or an editable install) they are read from the
top of the repository.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``maps`` or ``templates``, wherever this installation keeps it."""
    packaged = PACKAGE_DIR / "_data" / name
    if packaged.is_dir():
        return packaged
    return PACKAGE_DIR.parent / name


def fonts_dir() -> Path:
    return PACKAGE_DIR / "fonts"
