"""SVG to PDF and PNG (cairosvg drawing onto cairo), pages bound into one PDF.

A page is one SVG drawing, or a stack of :class:`Layers`: drawings laid over each other,
bottom first, each the size of the page or :class:`Placed` at a point of it and clipped to
a window. Every page of a document is drawn onto one cairo PDF surface, so each font is
embedded once, as one subset for the whole document. Every drawing (a page, or a layer) is
recorded once and stored once, as a PDF form that each page showing it draws, so thirty
scored boards cost one map and thirty sets of marks, and the sixteen tiles of a full-size
board one board. Pages are taken one at a time (:class:`Document`, :class:`LazyPages`), so
a document of hundreds of pages never holds more than one page's drawing.

Output is byte-for-byte reproducible: cairo's creation date is dropped when the pages are
re-written by pypdf, which adds no date and no random document id.
"""

from __future__ import annotations

import contextvars
import hashlib
import io
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, overload

from sheetgen.resources import fonts_dir

# fontconfig reads this once, when cairo first looks up a font: it must be set before.
os.environ["FONTCONFIG_FILE"] = str(fonts_dir() / "fonts.conf")

import cairosvg  # noqa: E402
from cairosvg.helpers import preserve_ratio  # noqa: E402
from cairosvg.helpers import size as _svg_size  # noqa: E402
from cairosvg.image import IMAGE_RENDERING  # noqa: E402
from cairosvg.parser import Tree  # noqa: E402
from cairosvg.surface import TAGS as _SVG_TAGS  # noqa: E402
from cairosvg.surface import PDFSurface as _SvgPdfSurface  # noqa: E402
from cairosvg.surface import cairo as _cairo  # noqa: E402
from cairosvg.url import parse_url  # noqa: E402
from PIL import Image  # noqa: E402
from pypdf import PdfReader, PdfWriter  # noqa: E402

PRODUCER = "sheetgen"


@dataclass(frozen=True)
class Bookmark:
    """An outline entry: ``title`` pointing at page ``page`` (0-based) of the merged PDF."""

    title: str
    page: int
    level: int = 0
    """0 for a top-level entry, 1 for an entry under the previous top-level one."""


@dataclass(frozen=True)
class Placed:
    """A drawing placed on a page: its top left at (``x``, ``y``) mm of the page, seen
    only inside ``clip`` (x, y, width, height in page mm) when given. A drawing larger
    than the page (a whole board under one tile of it) is converted and stored once, and
    every page that shows part of it draws it through its own window."""

    svg: str
    x: float = 0.0
    y: float = 0.0
    clip: tuple[float, float, float, float] | None = None


Layer = str | Placed
"""A layer: a full-page drawing (placed at the top left, unclipped), or a placed one."""


@dataclass(frozen=True)
class Layers:
    """One page drawn as layers, bottom first; each layer but the first should leave its
    background transparent. The page's size is ``size`` (mm), or the first layer's."""

    svgs: tuple[Layer, ...]
    size: tuple[float, float] | None = None


Page = str | Layers
"""A page for :func:`build_pdf`: one drawing, or a stack of layers."""


class LazyPages(Sequence[Page]):
    """``count`` pages, each drawn by ``draw(index)`` when it is asked for and not kept:
    a document of hundreds of pages is drawn, converted and let go page by page."""

    def __init__(self, count: int, draw: Callable[[int], Page]) -> None:
        self._count = count
        self._draw = draw
        # Drawing settings in force now (an ink mode) hold for the pages drawn later.
        self._context = contextvars.copy_context()

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Page: ...

    @overload
    def __getitem__(self, index: slice) -> list[Page]: ...

    def __getitem__(self, index: int | slice) -> Page | list[Page]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        return self._context.run(self._draw, index)


class _Recording(_SvgPdfSurface):  # type: ignore[misc]
    """cairosvg's PDF drawing of one SVG, recorded instead of written: the recording is
    painted onto the pages that show it."""

    def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
        surface = _cairo.RecordingSurface(_cairo.CONTENT_COLOR_ALPHA, (0, 0, width, height))
        return surface, width, height


_CAIROSVG_IMAGE = _SVG_TAGS["image"]
_EXIF_ORIENTATION = 0x0112


def _image(surface: Any, node: Any) -> None:
    """cairosvg's ``<image>``, but a JPEG photo stays a JPEG in a PDF: cairosvg decodes
    it to pixels, which cairo would store deflated (three times the size); a decoded
    picture that carries its JPEG file as MIME data is embedded as that file. The pixels
    drawn are cairosvg's own (decoded by PIL, as it does), so PNG output is unchanged.
    Anything else (PNG, SVG, a turned or recoloured JPEG) is left to cairosvg."""
    data = node.fetch_url(parse_url(node.get_href()), "image/*")
    if not data.startswith(b"\xff\xd8") or surface.map_image:
        _CAIROSVG_IMAGE(surface, node)
        return
    picture = Image.open(io.BytesIO(data))
    if picture.getexif().get(_EXIF_ORIENTATION, 1) != 1 or picture.mode not in ("L", "RGB"):
        _CAIROSVG_IMAGE(surface, node)
        return
    png = io.BytesIO()
    picture.save(png, "PNG")
    png.seek(0)
    pixels = _cairo.ImageSurface.create_from_png(png)
    pixels.set_mime_data("image/jpeg", data)
    pattern = _cairo.SurfacePattern(pixels)
    pattern.set_filter(IMAGE_RENDERING.get(node.get("image-rendering"), _cairo.FILTER_GOOD))
    x, y = _svg_size(surface, node.get("x"), "x"), _svg_size(surface, node.get("y"), "y")
    node.image_width, node.image_height = pixels.get_width(), pixels.get_height()
    width = _svg_size(surface, node.get("width"), "x") or node.image_width
    height = _svg_size(surface, node.get("height"), "y") or node.image_height
    scale_x, scale_y, shift_x, shift_y = preserve_ratio(surface, node, width, height)
    context = surface.context
    if (shift_x, shift_y) != (0, 0) or (width, height) != (scale_x * node.image_width,
                                                            scale_y * node.image_height):
        context.rectangle(x, y, width, height)  # cairosvg clips where the picture
        context.clip()  # overflows, and only there (the same pixels at the edges)
    context.save()
    context.translate(x, y)
    context.scale(scale_x, scale_y)
    context.translate(shift_x, shift_y)
    context.set_source(pattern)
    context.paint_with_alpha(float(node.get("opacity", 1)))
    context.restore()


_SVG_TAGS["image"] = _image

_CAIRO_DATE = re.compile(rb"(/CreationDate \(D:)\d{14}")
"""The conversion time cairo writes into every file (14 digits, YYYYMMDDHHmmSS)."""
PT_PER_MM = 72 / 25.4


def svg_to_pdf_page(svg: str) -> bytes:
    """One SVG drawing as a one-page PDF (the page size is the SVG's width and height).

    cairo stamps the time of conversion into the file; it is overwritten in place, byte
    for byte (so the cross-reference offsets stay true), so that the same drawing always
    gives the same bytes.
    """
    pdf = bytes(cairosvg.svg2pdf(bytestring=svg.encode("utf-8")))
    return _CAIRO_DATE.sub(rb"\g<1>20000101000000", pdf, count=1)


def svg_to_png(svg: str, dpi: int = 150) -> bytes:
    """One SVG drawing as a PNG at ``dpi`` dots per inch, on a white background."""
    return bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi,
                                  background_color="white"))


def page_png(page: Page, dpi: int = 150) -> bytes:
    """One page as a PNG on a white background: a drawing, or its layers as one drawing
    (``page_svg``: each placed and clipped as in the PDF)."""
    return svg_to_png(page_svg(page), dpi)


# --- a page as one SVG drawing (for SVG and PNG files) --------------------------------------

_ROOT = re.compile(r"<svg\b[^>]*>")
_ATTR = re.compile(r'\s(width|height|viewBox|x|y)="([^"]*)"')


def _size_mm(svg: str) -> tuple[float, float]:
    """A drawing's width and height in mm, from its root's viewBox (sheetgen draws one
    user unit a millimetre) or else its width and height."""
    root = _ROOT.search(svg)
    attrs = dict(_ATTR.findall(root.group(0))) if root else {}
    if "viewBox" in attrs:
        _, _, w, h = (float(v) for v in attrs["viewBox"].replace(",", " ").split())
        return w, h
    return (float(attrs.get("width", "0").removesuffix("mm")),
            float(attrs.get("height", "0").removesuffix("mm")))


def page_svg(page: Page) -> str:
    """The page as one SVG drawing (its layers nested in order, each placed and clipped
    as in the PDF), for SVG and PNG files. A plain drawing is returned as it is."""
    if isinstance(page, str):
        return page
    layers = [layer if isinstance(layer, Placed) else Placed(layer) for layer in page.svgs]
    width, height = page.size or _size_mm(layers[0].svg)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" '
             f'xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" '
             f'width="{width:g}mm" height="{height:g}mm" viewBox="0 0 {width:g} {height:g}">']
    for k, layer in enumerate(layers):
        w, h = _size_mm(layer.svg)
        body = re.sub(r"^\s*<\?xml[^>]*\?>", "", layer.svg)
        root = _ROOT.search(body)
        assert root is not None, "a layer is an SVG drawing"
        head = _ATTR.sub("", root.group(0))
        head = head[:-1].rstrip("/") + (f' x="{layer.x:g}" y="{layer.y:g}" width="{w:g}" '
                                        f'height="{h:g}" viewBox="0 0 {w:g} {h:g}">')
        nested = body[:root.start()] + head + body[root.end():]
        if layer.clip is None:
            parts.append(nested)
            continue
        cx, cy, cw, ch = layer.clip
        parts.append(f'<clipPath id="layer-clip-{k}"><rect x="{cx:g}" y="{cy:g}" '
                     f'width="{cw:g}" height="{ch:g}"/></clipPath>'
                     f'<g clip-path="url(#layer-clip-{k})">{nested}</g>')
    parts.append("</svg>")
    return "".join(parts)


# --- PDF ----------------------------------------------------------------------------------

class Document:
    """One cairo PDF surface that pages are drawn onto in turn, each page converted when
    it is added and nothing of it kept but its share of the file. Every drawing (a page,
    or a layer of one) is recorded once, known by a hash of its text (the text itself is
    not kept), and painted by every page that shows it, which cairo stores once, as a
    form: a page repeated, or a map under every player's marks, costs its drawing once.
    Each font is embedded once for the whole document."""

    def __init__(self) -> None:
        self.output = io.BytesIO()
        self.surface: Any = None
        self._recorded: dict[bytes, tuple[Any, float, float]] = {}
        self.pages = 0
        self.bookmarks: list[Bookmark] = []

    def mark(self, title: str, level: int = 0) -> None:
        """A bookmark at the next page added."""
        self.bookmarks.append(Bookmark(title, self.pages, level))

    def prepare(self, page: Page) -> None:
        """Record the page's drawings now, adding no page: a page added later that shows
        them costs no conversion (work done before a wait whose length depends on what
        is left to do)."""
        for layer in _layers(page):
            self._record(layer.svg)

    def add(self, page: Page) -> None:
        layers = _layers(page)
        drawn = [self._record(layer.svg) for layer in layers]
        size = page.size if isinstance(page, Layers) else None
        width, height = ((size[0] * PT_PER_MM, size[1] * PT_PER_MM) if size
                         else drawn[0][1:])
        if self.surface is None:
            self.surface = _cairo.PDFSurface(self.output, width, height)
        else:
            self.surface.set_size(width, height)
        context = _cairo.Context(self.surface)
        for layer, (recording, _, _) in zip(layers, drawn, strict=True):
            context.save()
            if layer.clip is not None:
                context.rectangle(*(v * PT_PER_MM for v in layer.clip))
                context.clip()
            context.set_source_surface(recording, layer.x * PT_PER_MM, layer.y * PT_PER_MM)
            context.paint()
            context.restore()
        self.surface.show_page()
        self.pages += 1

    def _record(self, svg: str) -> tuple[Any, float, float]:
        """The drawing recorded once (in points, the PDF's unit), with its size."""
        key = hashlib.sha256(svg.encode("utf-8")).digest()
        if key not in self._recorded:
            drawn = _Recording(Tree(bytestring=svg.encode("utf-8")), None, 96)
            # cairo stores a bounded recording as a form cropped to what the first page
            # showing it sees (a tile's window on a board larger than the page); an
            # unbounded one holding it is stored with all that any page shows of it.
            whole = _cairo.RecordingSurface(_cairo.CONTENT_COLOR_ALPHA, None)
            context = _cairo.Context(whole)
            context.set_source_surface(drawn.cairo, 0, 0)
            context.paint()
            self._recorded[key] = (whole, drawn.width, drawn.height)
        return self._recorded[key]

    def finish(self, title: str) -> bytes:
        """The file's bytes, with the title, producer and bookmarks."""
        if self.surface is None:
            raise ValueError("a PDF needs at least one page")
        self.surface.finish()
        raw = _CAIRO_DATE.sub(rb"\g<1>20000101000000", self.output.getvalue(), count=1)
        writer = PdfWriter()
        writer.append(PdfReader(io.BytesIO(raw)))
        return _finish(writer, title, self.bookmarks)


def _layers(page: Page) -> list[Placed]:
    return [layer if isinstance(layer, Placed) else Placed(layer)
            for layer in (page.svgs if isinstance(page, Layers) else (page,))]


def build_pdf(svgs: Iterable[Page], title: str, bookmarks: Sequence[Bookmark] = (),
              progress: Callable[[], None] | None = None,
              document: Document | None = None) -> bytes:
    """Pages drawn as SVG, in order, as one PDF with a title and bookmarks: each page is
    taken, converted and let go before the next (``progress`` is called after each).
    ``document``: a document whose drawings were prepared beforehand (and no pages)."""
    document = document or Document()
    document.bookmarks = list(bookmarks)
    for page in svgs:
        document.add(page)
        if progress is not None:
            progress()
    return document.finish(title)


def _finish(writer: PdfWriter, title: str, bookmarks: Sequence[Bookmark]) -> bytes:
    """Title, producer and bookmarks (no dates), and the file's bytes."""
    writer.add_metadata({"/Title": title, "/Producer": PRODUCER, "/Creator": PRODUCER})
    parent = None
    for mark in bookmarks:
        if mark.level == 0:
            parent = writer.add_outline_item(title=mark.title, page_number=mark.page)
        else:
            writer.add_outline_item(title=mark.title, page_number=mark.page, parent=parent)
    if bookmarks:
        writer.page_mode = "/UseOutlines"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
