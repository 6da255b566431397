"""What every kit is bound from: its prose pages, written in the small markup of
``templates/kit/*.txt`` (rules summaries, scoring how-tos), read into blocks that
``products.textpage`` sets."""

from __future__ import annotations

from sheetgen.products.textpage import Block
from sheetgen.resources import data_dir


def parse_prose(source: str) -> list[Block]:
    """Blocks from the small markup of ``templates/kit/*.txt``: ``# `` a title, ``## `` a
    heading, ``- `` a bullet (continued by indented lines), four spaces a line set as is,
    anything else a paragraph (continued until a blank line)."""
    blocks: list[Block] = []
    for raw in source.splitlines():
        line = raw.rstrip()
        if not line.strip():
            blocks.append(Block("break", ""))
        elif line.startswith("    "):
            blocks.append(Block("mono", line[4:]))
        elif line.startswith("## "):
            blocks.append(Block("h2", line[3:]))
        elif line.startswith("# "):
            blocks.append(Block("h1", line[2:]))
        elif line.startswith("- "):
            blocks.append(Block("li", line[2:]))
        elif blocks and blocks[-1].kind in ("p", "li"):
            blocks[-1] = Block(blocks[-1].kind, f"{blocks[-1].content} {line.strip()}")
        else:
            blocks.append(Block("p", line.strip()))
    return [b for b in blocks if b.kind != "break"]


def scoring_words(map_id: str, paper_id: str, seed: int) -> dict[str, str]:
    """The words a scoring how-to fills in, so that its commands run as printed: ``MAP``,
    ``SEED`` (the kit's seeded game), ``SCORE_LINE`` (the ``score`` command, with
    ``--paper`` when the kit is not on A4 paper) and ``SCORED_PDF`` (the file that command
    writes, named by the function ``score`` itself uses)."""
    from pathlib import Path

    from sheetgen.output import scored_pdf

    paper_option = "" if paper_id == "a4" else f" --paper {paper_id}"
    return {"MAP": map_id, "SEED": str(seed),
            "SCORE_LINE": f"sheetgen score board.csv{paper_option}",
            "SCORED_PDF": scored_pdf([Path("board.csv")], paper_id).as_posix()}


def prose(name: str, **values: str) -> list[Block]:
    """``templates/kit/<name>.txt`` as blocks, with ``MAP``-style words replaced."""
    source = (data_dir("templates") / "kit" / f"{name}.txt").read_text(encoding="utf-8")
    for key, value in values.items():
        source = source.replace(key, value)
    return parse_prose(source)
