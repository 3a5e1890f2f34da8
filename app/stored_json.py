"""The check every JSON document passes before it is stored: nesting depth and size.

Stored JSON is sent back out, often to everyone: a note nested 254 levels deep was accepted (a
request body may nest 1024 levels) but could not be written as an answer (orjson stops at 254),
so every later read of the list was a 500 that no call could repair. A document is therefore
checked before it is committed, by the one function below, which every write path of a JSON
column calls (the sample-area store, the user's settings): at most ``MAX_DEPTH`` levels, at most
the byte cap of its kind.
"""

from __future__ import annotations

from typing import Any

import orjson

from app.errors import invalid

MAX_DEPTH = 32  # what any real document needs (the deepest sample data has 8); orjson's limit is 254


def depth_exceeds(value: Any, limit: int) -> bool:
    """Whether ``value`` nests objects and arrays more than ``limit`` levels (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if level > limit:
            return True
        stack.extend((child, level + 1) for child in children if isinstance(child, dict | list | tuple))
    return False


def check_stored(value: Any, *, what: str, max_bytes: int, max_depth: int = MAX_DEPTH) -> int:
    """Refuse ``value`` unless it nests at most ``max_depth`` levels and encodes to at most ``max_bytes``.

    ``what`` names the document in the message ("this note", "your settings"). Both are a 422: the
    request itself was within the body limit; what it asks to store is not. Answers the size.
    """
    if depth_exceeds(value, max_depth):
        raise invalid(f"Cannot store {what}: it is nested more than {max_depth} levels deep.")
    try:
        size = len(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))
    except (TypeError, orjson.JSONEncodeError) as exc:  # e.g. an integer beyond 64 bits
        raise invalid(f"Cannot store {what}: it holds a value JSON cannot carry.") from exc
    if size > max_bytes:
        raise invalid(f"Cannot store {what}: it is {_kib(size)}, over the limit of {_kib(max_bytes)}.")
    return size


def _kib(size: int) -> str:
    return f"{size / 1024:.0f} KB" if size >= 1024 else f"{size} bytes"
