"""Office files are ZIP archives: look at what one declares before unpacking anything.

A ZIP's central directory says how many parts it holds and how large each unpacks. Python's
``zipfile`` never yields more than a part's declared size (and fails the CRC check when the data
disagrees), so checking the declared figures bounds every later read. The entry count is read from
the end-of-directory record first, before ``zipfile`` builds an object per entry.
"""

from __future__ import annotations

import struct
import zipfile
from collections.abc import Iterator
from pathlib import Path

from app.storage.limits import ContentLimits, LimitExceeded

#: parts smaller than this are not judged by their packing ratio (small XML packs tightly, harmlessly)
RATIO_FLOOR_BYTES = 1024 * 1024
CHUNK = 64 * 1024

_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"
_EOCD64 = b"PK\x06\x06"


class NotAnArchive(Exception):
    """No end-of-directory record: the file is not a ZIP archive, or its end is cut off."""


class PasswordProtected(Exception):
    """A part is encrypted: nothing in it can be read."""


def declared_entries(path: Path) -> int:
    """How many entries the archive's end-of-directory record declares (ZIP64 aware)."""
    with path.open("rb") as handle:
        handle.seek(0, 2)
        size = handle.tell()
        tail_size = min(size, 22 + 0xFFFF)  # the record, then a comment of at most 64 KiB
        handle.seek(size - tail_size)
        tail = handle.read(tail_size)
        at = tail.rfind(_EOCD)
        if at < 0 or len(tail) - at < 22:
            raise NotAnArchive("no end-of-directory record")
        entries = struct.unpack("<H", tail[at + 10 : at + 12])[0]
        if entries != 0xFFFF:
            return int(entries)
        # ZIP64: the locator sits just before the classic record and points at the ZIP64 record.
        locator = tail[at - 20 : at] if at >= 20 else b""
        if not locator.startswith(_EOCD64_LOCATOR):
            return int(entries)
        offset = struct.unpack("<Q", locator[8:16])[0]
        if offset + 56 > size:
            raise NotAnArchive("the ZIP64 record lies outside the file")
        handle.seek(offset)
        record = handle.read(56)
        if not record.startswith(_EOCD64):
            raise NotAnArchive("no ZIP64 end-of-directory record")
        return int(struct.unpack("<Q", record[32:40])[0])


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):,.0f} MB" if size >= 1024 * 1024 else f"{max(1, size // 1024):,} KB"


def check_entries(path: Path, max_entries: int, label: str) -> None:
    try:
        entries = declared_entries(path)
    except NotAnArchive as exc:
        raise zipfile.BadZipFile(str(exc)) from exc
    if entries > max_entries:
        raise LimitExceeded(
            "archive", f"The {label} holds {entries:,} packed parts; at most {max_entries:,} are allowed in one file."
        )


def open_checked(path: Path, limits: ContentLimits, label: str) -> zipfile.ZipFile:
    """The archive, once its entry count, total unpacked size and packing ratios are within limits.
    Raises :class:`LimitExceeded`, or ``zipfile.BadZipFile`` for a damaged archive."""
    check_entries(path, limits.archive_entries, label)
    archive = zipfile.ZipFile(path)
    try:
        infos = archive.infolist()
        if len(infos) > limits.archive_entries:  # the record can understate what the directory holds
            raise LimitExceeded(
                "archive",
                f"The {label} holds {len(infos):,} packed parts; at most {limits.archive_entries:,} are allowed.",
            )
        for info in infos:
            if info.flag_bits & 0x1:
                raise PasswordProtected(info.filename)
            ratio = info.file_size / max(info.compress_size, 1)
            if info.file_size > RATIO_FLOOR_BYTES and ratio > limits.archive_ratio:
                raise LimitExceeded(
                    "archive",
                    f"The part '{info.filename[:100]}' of the {label} unpacks to {_megabytes(info.file_size)} from "
                    f"{_megabytes(info.compress_size)} ({ratio:,.0f} times larger; at most {limits.archive_ratio} "
                    "times is allowed). Files packed this tightly are made to exhaust servers ('zip bombs').",
                )
        total = sum(info.file_size for info in infos)
        if total > limits.archive_bytes:
            raise LimitExceeded(
                "archive",
                f"The {label} unpacks to {_megabytes(total)}; at most {_megabytes(limits.archive_bytes)} "
                "is allowed for one file.",
            )
    except BaseException:
        archive.close()
        raise
    return archive


def read_bounded(archive: zipfile.ZipFile, name: str, max_bytes: int) -> bytes | None:
    """At most ``max_bytes`` from the start of a part; None when there is no such part."""
    try:
        with archive.open(name) as part:
            return part.read(max_bytes)
    except KeyError:
        return None


def chunks(archive: zipfile.ZipFile, name: str) -> Iterator[bytes]:
    """A part's bytes in 64 KiB pieces, unpacked as they are read."""
    with archive.open(name) as part:
        while chunk := part.read(CHUNK):
            yield chunk
