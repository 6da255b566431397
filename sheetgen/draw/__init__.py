"""Rendering: models in, SVG strings out; ``pdf`` turns SVG into PDF and PNG bytes.

Renderers never touch files. Font families used in drawings are ``FONT`` (Open Sans) and
``FONT_CONDENSED`` (Open Sans Condensed, bold only), with ``FALLBACK`` (DejaVu Sans) and
``FALLBACK_CONDENSED`` for the characters Open Sans lacks; all are shipped in
``sheetgen/fonts`` (see ``draw.text``).
"""

FONT = "Open Sans"
FONT_CONDENSED = "Open Sans Condensed"
FALLBACK = "DejaVu Sans"
FALLBACK_CONDENSED = "DejaVu Sans Condensed"
