"""Test-wide settings.

Property tests explore new random examples on every local run. CI runs them derandomized
(``HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``): the same commit always runs the same
examples, so a landing never depends on the luck of a draw; a failure found locally is
fixed and kept as an explicit example.

Tests share helpers across folders (``tests.print.kits``, ...): the checkout is appended
to the import path for them, after the installed packages, so ``sheetgen`` is still the
installed one (the wheel, with its maps, templates and fonts), not the source tree."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.append(ROOT)

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
