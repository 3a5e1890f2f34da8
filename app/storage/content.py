"""Reading what is inside a file: digest, page count, text and a thumbnail.

Plain functions with no database, queue or web around them, so the worker, the seed and the
benchmark's baseline loop run exactly the same parsing. A file that cannot be read raises
:class:`ContentError` with a message a person can act on.
"""

from __future__ import annotations

import hashlib
import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

THUMBNAIL_SIZE = (320, 320)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_BLANK_LINES = re.compile(r"\n{3,}")


class ContentError(Exception):
    """The file is damaged, protected or otherwise unreadable: processing it again will not help."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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
    import docx  # noqa: F401
    import openpyxl  # noqa: F401
    import pptx  # noqa: F401
    import pypdfium2  # noqa: F401
    from PIL import Image, ImageOps  # noqa: F401

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


def _office_pages(path: Path) -> int | None:
    """The page count Word stored in docProps/app.xml when it last saved the file, if any."""
    try:
        with zipfile.ZipFile(path) as archive:
            app = archive.read("docProps/app.xml").decode("utf-8", errors="replace")
    except (KeyError, zipfile.BadZipFile, OSError):
        return None
    match = re.search(r"<(?:\w+:)?Pages>(\d+)</(?:\w+:)?Pages>", app)
    return int(match.group(1)) if match else None


def _docx_text(path: Path, limit: int) -> Extracted:
    import docx

    document = docx.Document(str(path))
    parts = [p.text for p in document.paragraphs]
    for table in document.tables:
        for row in table.rows:
            parts.append("\t".join(cell.text for cell in row.cells))
    return Extracted(text=clean_text("\n".join(parts), limit), page_count=_office_pages(path))


def _xlsx_text(path: Path, limit: int) -> Extracted:
    import openpyxl

    # A file object, not the path: openpyxl judges a path by its extension, and stored files have none.
    with path.open("rb") as handle:
        workbook = openpyxl.load_workbook(handle, read_only=True, data_only=True)
        try:
            parts: list[str] = []
            total = 0
            for sheet in workbook.worksheets:
                parts.append(f"# {sheet.title}")
                for row in sheet.iter_rows(values_only=True):
                    line = "\t".join("" if v is None else str(v) for v in row).rstrip()
                    if line:
                        parts.append(line)
                        total += len(line)
                    if total >= limit:
                        break
            return Extracted(text=clean_text("\n".join(parts), limit), page_count=None)
        finally:
            workbook.close()


def _pptx_text(path: Path, limit: int) -> Extracted:
    import pptx

    presentation = pptx.Presentation(str(path))
    parts: list[str] = []
    for slide in presentation.slides:
        for shape in slide.shapes:
            if shape.has_text_frame:
                parts.append(shape.text_frame.text)
    return Extracted(text=clean_text("\n".join(parts), limit), page_count=len(presentation.slides))


def extract(kind: str, path: Path, *, limit: int = 1_000_000) -> Extracted:
    """Page count and text of a file of a known kind (images have neither)."""
    if kind == "pdf":
        return _pdf_text(path, limit)
    if kind == "text":
        return _plain_text(path, limit)
    readers = {"docx": _docx_text, "xlsx": _xlsx_text, "pptx": _pptx_text}
    reader = readers.get(kind)
    if reader is None:
        return Extracted(text=None, page_count=None)  # images: no text layer to read
    try:
        return reader(path, limit)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, TypeError) as exc:
        raise ContentError(f"The {kind} file is damaged or incomplete, so its text could not be read.") from exc
    except Exception as exc:  # the Office readers raise their own parser errors on bad XML
        if type(exc).__module__.split(".")[0] in ("lxml", "docx", "openpyxl", "pptx", "xml"):
            raise ContentError(f"The {kind} file is damaged or incomplete, so its text could not be read.") from exc
        raise


def _to_png(image: Any) -> bytes:
    from PIL import Image

    image.thumbnail(THUMBNAIL_SIZE, Image.Resampling.LANCZOS)
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


def _image_thumbnail(path: Path) -> bytes:
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            image.seek(0)
            upright = ImageOps.exif_transpose(image)
            upright.load()
            return _to_png(upright.copy())
    except Image.DecompressionBombError as exc:
        raise ContentError("The image is too large (too many pixels) to make a preview of.") from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ContentError("The image is damaged or incomplete, so no preview could be made.") from exc


def thumbnail(kind: str, path: Path) -> bytes | None:
    """A PNG preview (at most 320 x 320) of a PDF's first page or of an image; None for other kinds."""
    if kind == "pdf":
        return _pdf_thumbnail(path)
    if kind in ("png", "jpeg", "gif", "webp", "tiff"):
        return _image_thumbnail(path)
    return None


@dataclass(frozen=True)
class Analysis:
    digest: Digest
    kind: str
    extracted: Extracted
    thumbnail: bytes | None


def analyse(path: Path, media_type: str, *, limit: int = 1_000_000) -> Analysis:
    """Everything the worker does to one file, in one call: the benchmark's baseline."""
    from app.storage.filetypes import verify

    found = digest(path)
    kind = verify(media_type, path)
    extracted = extract(kind, path, limit=limit)
    return Analysis(digest=found, kind=kind, extracted=extracted, thumbnail=thumbnail(kind, path))
