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
from dataclasses import dataclass
from pathlib import Path

from app.storage.limits import ContentLimits, LimitExceeded

#: parts smaller than this are not judged by their packing ratio (small XML packs tightly, harmlessly)
RATIO_FLOOR_BYTES = 1024 * 1024
#: room allowed per declared entry in the central directory (a record is 46 bytes plus its name and extras)
ENTRY_RECORD_BYTES = 1024
CHUNK = 64 * 1024

_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"
_EOCD64 = b"PK\x06\x06"


class NotAnArchive(Exception):
    """No end-of-directory record: the file is not a ZIP archive, or its end is cut off."""


class PasswordProtected(Exception):
    """A part is encrypted: nothing in it can be read."""


@dataclass(frozen=True)
class Directory:
    """What the end-of-directory record declares: the entry count and the directory's size in bytes."""

    entries: int
    size: int


def declared_directory(path: Path) -> Directory:
    """The archive's own account of its central directory, read from its end records (ZIP64 aware).
    ``zipfile`` walks the whole directory whatever the count says, so both figures matter."""
    with path.open("rb") as handle:
        handle.seek(0, 2)
        size = handle.tell()
        tail_size = min(size, 22 + 0xFFFF)  # the record, then a comment of at most 64 KiB
        handle.seek(size - tail_size)
        tail = handle.read(tail_size)
        at = tail.rfind(_EOCD)
        if at < 0 or len(tail) - at < 22:
            raise NotAnArchive("no end-of-directory record")
        entries, directory = struct.unpack("<HL", tail[at + 10 : at + 16])
        if entries != 0xFFFF and directory != 0xFFFFFFFF:
            return Directory(int(entries), int(directory))
        # ZIP64: the locator sits just before the classic record and points at the ZIP64 record.
        locator = tail[at - 20 : at] if at >= 20 else b""
        if not locator.startswith(_EOCD64_LOCATOR):
            raise NotAnArchive("a ZIP64 count without its ZIP64 record")
        offset = struct.unpack("<Q", locator[8:16])[0]
        if offset + 56 > size:
            raise NotAnArchive("the ZIP64 record lies outside the file")
        handle.seek(offset)
        record = handle.read(56)
        if not record.startswith(_EOCD64):
            raise NotAnArchive("no ZIP64 end-of-directory record")
        entries, directory = struct.unpack("<2Q", record[32:48])
        return Directory(int(entries), int(directory))


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):,.0f} MB" if size >= 1024 * 1024 else f"{max(1, size // 1024):,} KB"


def check_directory(path: Path, max_entries: int, label: str) -> None:
    """Refuse an archive whose directory declares more entries than allowed, or is larger than its
    declared entries need: ``zipfile`` builds an object for every entry it finds there, whatever the
    count says."""
    try:
        directory = declared_directory(path)
    except NotAnArchive as exc:
        raise zipfile.BadZipFile(str(exc)) from exc
    if directory.entries > max_entries:
        raise LimitExceeded(
            "archive",
            f"The {label} holds {directory.entries:,} packed parts; at most {max_entries:,} are allowed in one file.",
        )
    if directory.size > max(1, directory.entries) * ENTRY_RECORD_BYTES:
        raise LimitExceeded(
            "archive",
            f"The {label}'s list of packed parts takes {_megabytes(directory.size)}, far more than the "
            f"{directory.entries:,} parts it declares need: the file is damaged or made to mislead.",
        )


def open_checked(path: Path, limits: ContentLimits, label: str) -> zipfile.ZipFile:
    """The archive, once its entry count, total unpacked size and packing ratios are within limits.
    Raises :class:`LimitExceeded`, or ``zipfile.BadZipFile`` for a damaged archive."""
    check_directory(path, limits.archive_entries, label)
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
