"""What a file really is, judged from its bytes, and whether that agrees with its name.

The portal keeps PDFs, plain text, common images and Office Open XML files. A file is accepted only
when its extension is one of those and its content is that kind too: a program renamed to
``.pdf`` is refused, and the message says what the content really is.
"""

from __future__ import annotations

import unicodedata
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath

from app.storage.archive import NotAnArchive, declared_directory
from app.storage.limits import FileProblem

HEAD_BYTES = 8192
SNIFF_MAX_ENTRIES = 100_000
SNIFF_MAX_DIRECTORY = 8 * 1024 * 1024  # an Office file's list of parts takes a few KB


@dataclass(frozen=True)
class Kind:
    name: str
    label: str  # "a PDF", for messages
    family: str  # pdf | text | image | office


KINDS = {
    k.name: k
    for k in (
        Kind("pdf", "a PDF", "pdf"),
        Kind("text", "plain text", "text"),
        Kind("png", "a PNG image", "image"),
        Kind("jpeg", "a JPEG image", "image"),
        Kind("gif", "a GIF image", "image"),
        Kind("webp", "a WebP image", "image"),
        Kind("tiff", "a TIFF image", "image"),
        Kind("docx", "a Word document (.docx)", "office"),
        Kind("xlsx", "an Excel workbook (.xlsx)", "office"),
        Kind("pptx", "a PowerPoint presentation (.pptx)", "office"),
    )
}

#: extension -> (kind, the media type the file is stored and sent with)
EXTENSIONS: dict[str, tuple[str, str]] = {
    ".pdf": ("pdf", "application/pdf"),
    ".txt": ("text", "text/plain"),
    ".text": ("text", "text/plain"),
    ".log": ("text", "text/plain"),
    ".csv": ("text", "text/csv"),
    ".md": ("text", "text/markdown"),
    ".png": ("png", "image/png"),
    ".jpg": ("jpeg", "image/jpeg"),
    ".jpeg": ("jpeg", "image/jpeg"),
    ".gif": ("gif", "image/gif"),
    ".webp": ("webp", "image/webp"),
    ".tif": ("tiff", "image/tiff"),
    ".tiff": ("tiff", "image/tiff"),
    ".docx": ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ".xlsx": ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ".pptx": ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
}

#: media type -> kind (several text extensions share text/plain; all map to "text")
KIND_OF_MEDIA_TYPE = {media_type: kind for kind, media_type in EXTENSIONS.values()}

#: the kinds kept, as a person reads them (the UI shows it beside the upload; /openapi.json carries it)
ACCEPTED_KINDS = (
    "PDF, text (.txt, .csv, .md, .log), images (.png, .jpg, .gif, .webp, .tif) or Office files (.docx, .xlsx, .pptx)"
)
ACCEPTED_TEXT = f"Upload {ACCEPTED_KINDS}."

_OOXML_MAIN_PART = {"word/document.xml": "docx", "xl/workbook.xml": "xlsx", "ppt/presentation.xml": "pptx"}
_MACHO = (b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe", b"\xfe\xed\xfa\xcf", b"\xfe\xed\xfa\xce", b"\xca\xfe\xba\xbe")


class TypeRefused(FileProblem):
    """The file is not a kind the portal keeps, or its content does not match its name."""


@dataclass(frozen=True)
class Sniffed:
    kind: str | None  # one of KINDS, or None when the content is something the portal does not keep
    description: str  # what the content is, for messages ("a Windows program")


@dataclass(frozen=True)
class Accepted:
    kind: str
    media_type: str


def safe_name(raw: str) -> str:
    """The last component of a client-supplied file name, without control characters: for display only."""
    name = PureWindowsPath(PurePosixPath(raw.replace("\x00", "")).name).name
    name = "".join(c for c in unicodedata.normalize("NFC", name) if unicodedata.category(c)[0] != "C")
    name = name.strip().strip(". ") or "file"
    if len(name) > 255:
        stem, dot, ext = name.rpartition(".")
        name = (stem[: 250 - len(ext)] + dot + ext) if dot and len(ext) <= 10 else name[:255]
    return name


def extension_of(name: str) -> str:
    return PurePosixPath(name).suffix.lower()


def _looks_like_text(head: bytes) -> bool:
    if b"\x00" in head:
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        # A multi-byte character cut by the end of the sample is still text.
        if len(head) < HEAD_BYTES or exc.start < len(head) - 4:
            return False
    return True


def _sniff_zip(path: Path) -> Sniffed:
    try:
        # ``zipfile`` builds an object per entry: count them first, so a directory of a million
        # tiny entries cannot fill the API's memory (the worker applies the configured, lower cap).
        directory = declared_directory(path)
        if directory.entries > SNIFF_MAX_ENTRIES:
            return Sniffed(None, f"a ZIP archive of {directory.entries:,} parts (more than {SNIFF_MAX_ENTRIES:,})")
        if directory.size > SNIFF_MAX_DIRECTORY:
            return Sniffed(None, f"a ZIP archive whose list of parts takes {directory.size // 1024:,} KB")
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, NotAnArchive, OSError):
        return Sniffed(None, "a damaged ZIP archive")
    if "[Content_Types].xml" in names:
        for part, kind in _OOXML_MAIN_PART.items():
            if part in names:
                return Sniffed(kind, KINDS[kind].label)
    if "mimetype" in names:
        return Sniffed(None, "an OpenDocument file")
    return Sniffed(None, "a ZIP archive")


def _describe_other(head: bytes) -> str:
    try:
        import puremagic

        matches = puremagic.magic_string(head)
    except Exception:  # puremagic raises when it cannot tell
        return "binary data of an unknown kind"
    if matches and matches[0].name.strip():
        return f"a file of another kind ({matches[0].name.strip()})"
    return "binary data of an unknown kind"


def sniff(path: Path) -> Sniffed:
    """The kind of a stored or staged file, judged from its bytes alone."""
    with path.open("rb") as handle:
        head = handle.read(HEAD_BYTES)
    if not head:
        return Sniffed(None, "an empty file")
    signatures: list[tuple[bool, str]] = [
        (b"%PDF-" in head[:1024], "pdf"),
        (head.startswith(b"\x89PNG\r\n\x1a\n"), "png"),
        (head.startswith(b"\xff\xd8\xff"), "jpeg"),
        (head.startswith((b"GIF87a", b"GIF89a")), "gif"),
        (head.startswith(b"RIFF") and head[8:12] == b"WEBP", "webp"),
        (head.startswith((b"II*\x00", b"MM\x00*")), "tiff"),
    ]
    for matched, kind in signatures:
        if matched:
            return Sniffed(kind, KINDS[kind].label)
    if head.startswith(b"PK\x03\x04"):
        return _sniff_zip(path)
    others: list[tuple[bool, str]] = [
        (head.startswith(b"MZ"), "a Windows program"),
        (head.startswith(b"\x7fELF"), "a Linux program"),
        (head[:4] in _MACHO, "a macOS program"),
        (head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), "an old-style Office file (.doc, .xls or .ppt)"),
        (head.startswith(b"#!"), "a script"),
    ]
    for matched, description in others:
        if matched:
            return Sniffed(None, description)
    if _looks_like_text(head):
        return Sniffed("text", KINDS["text"].label)
    return Sniffed(None, _describe_other(head))


def check(name: str, path: Path) -> Accepted:
    """Accept the file when its extension is a kept kind and its bytes are that kind too."""
    extension = extension_of(name)
    expected = EXTENSIONS.get(extension)
    if expected is None:
        shown = f"'{extension}' files are" if extension else "files without an extension are"
        raise TypeRefused(f"'{name}' was refused: {shown} not kept in the portal. {ACCEPTED_TEXT}")
    kind, media_type = expected
    found = sniff(path)
    if found.kind != kind:
        if found.description == "an empty file":
            raise TypeRefused(f"'{name}' is empty.")
        raise TypeRefused(
            f"'{name}' is named like {KINDS[kind].label}, but its content is {found.description}. "
            "Upload only files whose name matches what they are."
        )
    return Accepted(kind=kind, media_type=media_type)


def verify(media_type: str, path: Path) -> str:
    """The worker's check of a stored file against the media type recorded at upload; answers the kind."""
    kind = KIND_OF_MEDIA_TYPE.get(media_type)
    if kind is None:
        raise TypeRefused(f"Files of type {media_type} are not processed. {ACCEPTED_TEXT}")
    found = sniff(path)
    if found.kind != kind:
        raise TypeRefused(f"The stored file should be {KINDS[kind].label}, but its content is {found.description}.")
    return kind
