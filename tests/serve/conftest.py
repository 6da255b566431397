"""Fixtures of the serve tests: a live entry server on loopback (see ``serving``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from serving import Running, make_server, run  # noqa: E402


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Running]:
    """A server on 127.0.0.1 with seed 7 and a board ``usa`` for Ann and Ben."""
    yield from run(make_server(tmp_path / "boards", seed=7))
