"""The server's address as a QR code in the terminal, two modules a character.

The code comes from the same encoder as the codes printed on the sheets
(``render.qr.qr_matrix``). Light modules are drawn with block characters and dark ones
left as the terminal's background, the usual way for a dark terminal; the quiet zone is
the standard's four modules.
"""

from __future__ import annotations

from sheetgen.draw.qr import QUIET, qr_matrix

_CHARS = {(True, True): "\u2588", (True, False): "\u2580", (False, True): "\u2584",
          (False, False): " "}
"""(top light, bottom light) -> the character showing both."""


def light_rows(payload: str) -> list[list[bool]]:
    """The code with its quiet zone, True for a light module, rows top to bottom."""
    matrix = qr_matrix(payload, "M")
    side = len(matrix) + 2 * QUIET
    rows = [[True] * side for _ in range(QUIET)]
    for row in matrix:
        rows.append([True] * QUIET + [not dark for dark in row] + [True] * QUIET)
    rows += [[True] * side for _ in range(QUIET)]
    return rows


def qr_text(payload: str) -> str:
    """The code as lines of text, two module rows a line (the last line ends with a
    newline)."""
    rows = light_rows(payload)
    if len(rows) % 2:
        rows.append([True] * len(rows[0]))
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        lines.append("".join(_CHARS[t, b] for t, b in zip(top, bottom, strict=True)))
    return "\n".join(lines) + "\n"
