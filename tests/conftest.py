"""Test-wide settings.

Property tests explore new random examples on every local run. CI runs them derandomized
(``HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``): the same commit always runs the same
examples, so a landing never depends on the luck of a draw; a failure found locally is
fixed and kept as an explicit example."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
