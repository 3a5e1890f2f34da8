"""Where uploaded files and their thumbnails are kept, behind one small interface.

A local folder by default (``DATA_DIR/documents``, which nothing serves as a page); an S3-compatible
bucket when ``STORAGE_URL=s3://bucket/prefix``. Keys are generated here, never taken from a file
name, so a name cannot choose where its bytes land. Uploads are first streamed to a staging folder
on the local disk and then handed over whole with :meth:`Storage.put_file`.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Protocol
from urllib.parse import urlparse

from app.settings import Settings

# The keys and the error live in their own module, which the stores import (not this package: no circle).
from app.storage.keys import KEY_PATTERN as KEY_PATTERN
from app.storage.keys import StoredFileMissing as StoredFileMissing
from app.storage.keys import check_key
from app.storage.local import LocalStorage


class Storage(Protocol):
    #: a local folder for uploads in progress, on the same disk as the store when it is local
    staging_dir: Path

    def put_file(self, key: str, source: Path, media_type: str) -> None:
        """Store a staged file under ``key``; the staged file is consumed (moved or deleted)."""

    def put_bytes(self, key: str, data: bytes, media_type: str) -> None: ...

    def open(self, key: str) -> IO[bytes]:
        """A binary stream of the stored file; raises :class:`StoredFileMissing`."""

    def size(self, key: str) -> int: ...

    def local_copy(self, key: str) -> AbstractContextManager[Path]:
        """A path on the local disk holding the file, for as long as the context lasts."""

    def delete(self, key: str) -> None:
        """Remove the object; no error when it is already gone."""


def new_file_key() -> str:
    """A fresh key for an uploaded file: ``files/YYYY/MM/<32 hex>``."""
    now = datetime.now(UTC)
    return f"files/{now:%Y}/{now:%m}/{uuid.uuid4().hex}"


def thumbnail_key(file_key: str) -> str:
    """The thumbnail's key follows from the file's, so writing it twice writes the same object."""
    return f"thumbnails/{check_key(file_key).rsplit('/', 1)[-1]}.png"


def open_storage(settings: Settings) -> Storage:
    """The store chosen by ``STORAGE_URL``."""
    url = settings.storage_url.strip()
    staging = settings.data_dir / "uploads-incoming"
    if not url:
        return LocalStorage(settings.data_dir / "documents", staging_dir=settings.data_dir / "documents" / ".incoming")
    parsed = urlparse(url)
    if parsed.scheme == "file":
        root = Path(parsed.path)
        return LocalStorage(root, staging_dir=root / ".incoming")
    if parsed.scheme == "s3":
        from app.storage.s3 import S3Storage

        if not parsed.netloc:
            raise ValueError("STORAGE_URL must name a bucket: s3://bucket/optional-prefix")
        return S3Storage(
            bucket=parsed.netloc,
            prefix=parsed.path.strip("/"),
            endpoint_url=settings.s3_endpoint_url or None,
            region=settings.s3_region or None,
            staging_dir=staging,
        )
    raise ValueError(f"STORAGE_URL must be empty, file:///path or s3://bucket/prefix, not {url!r}")


def iter_chunks(stream: IO[bytes], chunk_size: int = 256 * 1024) -> Iterator[bytes]:
    """Read a stored file in chunks, closing it at the end (for streaming responses)."""
    try:
        while chunk := stream.read(chunk_size):
            yield chunk
    finally:
        stream.close()
