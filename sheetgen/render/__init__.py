"""Rendering: models in, SVG strings out; ``pdf`` turns SVG into PDF and PNG bytes.

Renderers never touch files. Font families used in drawings are ``FONT`` (Open Sans) and
``FONT_CONDENSED`` (Open Sans Condensed, bold only), shipped in ``sheetgen/fonts``.
"""

FONT = "Open Sans"
FONT_CONDENSED = "Open Sans Condensed"
