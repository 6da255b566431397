"""Writing output: atomic, and with the permissions any new file gets."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from sheetgen.cli.common import write_atomically


def test_output_gets_the_usual_file_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        path = tmp_path / "sub" / "out.pdf"
        write_atomically(path, b"%PDF-1.5")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert path.read_bytes() == b"%PDF-1.5"
    assert [p.name for p in path.parent.iterdir()] == ["out.pdf"]  # no temporary left
