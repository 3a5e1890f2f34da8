"""The default store: a folder on the local disk (``DATA_DIR/documents``)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from app.storage.keys import StoredFileMissing, check_key


class LocalStorage:
    def __init__(self, root: Path, *, staging_dir: Path) -> None:
        self.root = root.resolve()
        self.staging_dir = staging_dir
        self.root.mkdir(parents=True, exist_ok=True)
        self.staging_dir.mkdir(parents=True, exist_ok=True)

    def _path(self, key: str) -> Path:
        path = (self.root / check_key(key)).resolve()
        if not path.is_relative_to(self.root):
            raise ValueError(f"not a storage key: {key!r}")
        return path

    def put_file(self, key: str, source: Path, media_type: str) -> None:
        target = self._path(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.replace(source, target)  # same disk: a rename, no copy
        except OSError:
            # A staging folder on another disk: copy, then drop the staged file.
            with source.open("rb") as src, tempfile.NamedTemporaryFile(dir=target.parent, delete=False) as tmp:
                while chunk := src.read(1024 * 1024):
                    tmp.write(chunk)
            os.replace(tmp.name, target)
            source.unlink(missing_ok=True)

    def put_bytes(self, key: str, data: bytes, media_type: str) -> None:
        target = self._path(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=target.parent, delete=False) as tmp:
            tmp.write(data)
        os.replace(tmp.name, target)  # readers never see half a file

    def open(self, key: str) -> IO[bytes]:
        try:
            return self._path(key).open("rb")
        except FileNotFoundError as exc:
            raise StoredFileMissing(key) from exc

    def size(self, key: str) -> int:
        try:
            return self._path(key).stat().st_size
        except FileNotFoundError as exc:
            raise StoredFileMissing(key) from exc

    @contextlib.contextmanager
    def local_copy(self, key: str) -> Iterator[Path]:
        path = self._path(key)
        if not path.is_file():
            raise StoredFileMissing(key)
        yield path

    def delete(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)
