"""Reading what is inside a file: digest, page count, text and a thumbnail.

Plain functions with no database, queue or web around them, so the worker, the seed and the
benchmark's baseline loop run exactly the same parsing. A file that cannot be read raises
:class:`ContentError` with a message a person can act on; a file over one of the caps in
:class:`~app.storage.limits.ContentLimits` raises :class:`~app.storage.limits.LimitExceeded`.
Every reader is bounded: text stops at its character cap, Office files are checked as archives and
streamed (:mod:`app.storage.ooxml`), images are measured before they are decoded.
"""

from __future__ import annotations

import hashlib
import io
import re
import warnings
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.storage import archive as zips
from app.storage import ooxml
from app.storage.limits import ContentLimits, FileProblem, LimitExceeded

THUMBNAIL_SIZE = (320, 320)
DEFAULT_LIMITS = ContentLimits()
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_BLANK_LINES = re.compile(r"\n{3,}")


class ContentError(FileProblem):
    """The file is damaged, protected or otherwise unreadable: processing it again will not help."""


@dataclass(frozen=True)
class Digest:
    sha256: str
    size: int


@dataclass(frozen=True)
class Extracted:
    text: str | None
    page_count: int | None


def preload() -> None:
    """Import the parsers now: a worker does this once, so each forked job starts with them loaded."""
    import pypdfium2  # noqa: F401
    from PIL import Image

    Image.init()


def digest(path: Path) -> Digest:
    hasher = hashlib.sha256()
    size = 0
    with path.open("rb") as handle:
        while chunk := handle.read(1024 * 1024):
            hasher.update(chunk)
            size += len(chunk)
    return Digest(sha256=hasher.hexdigest(), size=size)


def clean_text(text: str, limit: int) -> str:
    """Text fit for the database and for search: no NULs or control characters, bounded length."""
    text = _CONTROL.sub(" ", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _BLANK_LINES.sub("\n\n", text).strip()
    return text[:limit]


def _pdf_error(exc: Exception) -> ContentError:
    detail = str(exc).lower()
    if "password" in detail:
        return ContentError("The PDF is protected with a password, so its text and preview cannot be read.")
    return ContentError("The PDF is damaged or is not a valid PDF, so it could not be read.")


def _open_pdf(path: Path) -> Any:
    import pypdfium2 as pdfium

    try:
        return pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise _pdf_error(exc) from exc


def _pdf_text(path: Path, limit: int) -> Extracted:
    pdf = _open_pdf(path)
    try:
        pages = len(pdf)
        parts: list[str] = []
        total = 0
        for index in range(pages):
            if total >= limit:
                break
            page = pdf[index]
            textpage = page.get_textpage()
            chunk = textpage.get_text_bounded()
            textpage.close()
            page.close()
            parts.append(chunk)
            total += len(chunk)
        return Extracted(text=clean_text("\n\n".join(parts), limit), page_count=pages)
    finally:
        pdf.close()


def _decode(raw: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("utf-8", errors="replace")


def _plain_text(path: Path, limit: int) -> Extracted:
    with path.open("rb") as handle:
        raw = handle.read(limit * 4)
    return Extracted(text=clean_text(_decode(raw), limit), page_count=None)


_OFFICE_LABELS = {"docx": "Word document", "xlsx": "Excel workbook", "pptx": "PowerPoint presentation"}


def _office_text(kind: str, path: Path, limits: ContentLimits) -> Extracted:
    """Check the archive, then stream its text (docx, xlsx, pptx)."""
    with zips.open_checked(path, limits, _OFFICE_LABELS[kind]) as archive:
        if kind == "docx":
            text, pages = ooxml.word_text(archive, limits), ooxml.word_pages(archive)
        elif kind == "xlsx":
            text, pages = ooxml.sheet_text(archive, limits), None
        else:
            text, pages = ooxml.slides(archive, limits)
    return Extracted(text=clean_text(text, limits.text_chars), page_count=pages)


def extract(kind: str, path: Path, *, limits: ContentLimits = DEFAULT_LIMITS) -> Extracted:
    """Page count and text of a file of a known kind (images have neither)."""
    if kind == "pdf":
        return _pdf_text(path, limits.text_chars)
    if kind == "text":
        return _plain_text(path, limits.text_chars)
    if kind not in _OFFICE_LABELS:
        return Extracted(text=None, page_count=None)  # images: no text layer to read
    damaged = ContentError(f"The {kind} file is damaged or incomplete, so its text could not be read.")
    try:
        return _office_text(kind, path, limits)
    except zips.PasswordProtected as exc:
        raise ContentError(f"The {kind} file is protected with a password, so its text cannot be read.") from exc
    except (zipfile.BadZipFile, zlib.error, KeyError, ValueError, OSError, EOFError, UnicodeError) as exc:
        raise damaged from exc
    except ooxml.etree.XMLSyntaxError as exc:
        if "memory allocation failed" in str(exc).lower():
            raise MemoryError(str(exc)) from exc
        raise (ooxml.xml_error(exc) or damaged) from exc


def _to_png(image: Any) -> bytes:
    """A small picture as PNG bytes; ``image`` is shrunk in place first (JPEGs are decoded at a reduced
    scale: Pillow's ``thumbnail`` asks the decoder for a draft before it loads anything)."""
    from PIL import Image

    image.thumbnail(THUMBNAIL_SIZE, Image.Resampling.LANCZOS)
    return _png(image)


def _png(image: Any) -> bytes:
    from PIL import Image

    if image.mode not in ("RGB", "L"):
        rgba = image.convert("RGBA")
        image = Image.new("RGB", rgba.size, "white")
        image.paste(rgba, mask=rgba.getchannel("A"))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _pdf_thumbnail(path: Path) -> bytes | None:
    pdf = _open_pdf(path)
    try:
        if len(pdf) == 0:
            return None
        page = pdf[0]
        width, height = page.get_size()
        scale = min(2 * THUMBNAIL_SIZE[0] / max(width, 1), 2 * THUMBNAIL_SIZE[1] / max(height, 1), 4.0)
        try:
            bitmap = page.render(scale=scale)
        except Exception as exc:
            raise _pdf_error(exc) from exc
        image = bitmap.to_pil()
        page.close()
        return _to_png(image)
    finally:
        pdf.close()


def _too_many_pixels(limits: ContentLimits, size: tuple[int, int] | None = None) -> LimitExceeded:
    most = f"{limits.image_pixels / 1e6:,.0f} megapixels"
    if size is None:
        return LimitExceeded("pixels", f"The image has more pixels than the {most} a preview is made of.")
    width, height = size
    return LimitExceeded(
        "pixels",
        f"The image is {width:,} × {height:,} pixels ({width * height / 1e6:,.0f} megapixels); "
        f"previews are made of images up to {most}.",
    )


def _upright(orientation: int) -> Any:
    """The transpose that makes a picture with this EXIF orientation upright (as ImageOps.exif_transpose)."""
    from PIL import Image

    turns = {
        2: Image.Transpose.FLIP_LEFT_RIGHT,
        3: Image.Transpose.ROTATE_180,
        4: Image.Transpose.FLIP_TOP_BOTTOM,
        5: Image.Transpose.TRANSPOSE,
        6: Image.Transpose.ROTATE_270,
        7: Image.Transpose.TRANSVERSE,
        8: Image.Transpose.ROTATE_90,
    }
    return turns.get(orientation)


def _image_thumbnail(path: Path, limits: ContentLimits) -> bytes:
    """Measured from its header before anything is decoded; over the pixel cap it is refused."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():  # Pillow warns of large images; the cap below decides instead
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(path)
        with image:
            if image.size[0] * image.size[1] > limits.image_pixels:
                raise _too_many_pixels(limits, image.size)
            image.seek(0)
            orientation = image.getexif().get(0x0112, 1)
            image.thumbnail(THUMBNAIL_SIZE, Image.Resampling.LANCZOS)  # shrunk first: the turn costs little
            turn = _upright(orientation)
            return _png(image.transpose(turn) if turn is not None else image)
    except Image.DecompressionBombError as exc:
        raise _too_many_pixels(limits) from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError, zlib.error) as exc:
        raise ContentError("The image is damaged or incomplete, so no preview could be made.") from exc


def thumbnail(kind: str, path: Path, *, limits: ContentLimits = DEFAULT_LIMITS) -> bytes | None:
    """A PNG preview (at most 320 x 320) of a PDF's first page or of an image; None for other kinds."""
    if kind == "pdf":
        return _pdf_thumbnail(path)
    if kind in ("png", "jpeg", "gif", "webp", "tiff"):
        return _image_thumbnail(path, limits)
    return None


@dataclass(frozen=True)
class Analysis:
    digest: Digest
    kind: str
    extracted: Extracted
    thumbnail: bytes | None


def analyse(path: Path, media_type: str, *, limits: ContentLimits = DEFAULT_LIMITS) -> Analysis:
    """Everything the worker does to one file, in one call: the benchmark's baseline."""
    from app.storage.filetypes import verify

    found = digest(path)
    kind = verify(media_type, path)
    extracted = extract(kind, path, limits=limits)
    return Analysis(digest=found, kind=kind, extracted=extracted, thumbnail=thumbnail(kind, path, limits=limits))
