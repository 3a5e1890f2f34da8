"""Storage keys and the one error every store raises: shared by the stores (local, S3) and their users."""

from __future__ import annotations

import re

KEY_PATTERN = re.compile(r"^(files|thumbnails|imports|photos)/[0-9a-z][0-9a-z/]*(\.png|\.webp)?$")


class StoredFileMissing(Exception):
    """The key names nothing in the store (deleted, or never written)."""


def check_key(key: str) -> str:
    if not KEY_PATTERN.match(key) or ".." in key or "//" in key:
        raise ValueError(f"not a storage key: {key!r}")
    return key
