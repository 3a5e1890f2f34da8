"""Opaque list cursors: where a page ends, which query it belongs to, validated on the way back in.

A cursor is base64url JSON ``{"q": <fingerprint>, "d": "a"|"b", "k": [<key values>..., <id>]}``:
``d`` says whether the next page lies after (``a``) or before (``b``) the key in the list's order.
The fingerprint is a hash of the query the cursor was made for (resource, sort, order, filters, q),
so a cursor pasted into another query is refused. Anything that does not decode to exactly this
shape, with key values of the sort column's type, is a 422: a tampered cursor never reaches SQL as
anything but a bound value of the right type.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import Any

from sqlalchemy import Boolean, Date, DateTime, Integer, Numeric, TypeDecorator

from app.errors import invalid

MAX_CURSOR_CHARS = 1000
STALE = "This cursor belongs to another list query (or is damaged). Start again from the first page."


@dataclass(frozen=True)
class Cursor:
    after: bool  # the page lies after the key (next) or before it (previous)
    key: tuple[Any, ...]  # sort value(s) then id, typed like the columns


def fingerprint(*parts: Any) -> str:
    raw = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def encode(query_print: str, *, after: bool, key: tuple[Any, ...]) -> str:
    body = json.dumps(
        {"q": query_print, "d": "a" if after else "b", "k": [_plain(v) for v in key]}, separators=(",", ":")
    )
    return base64.urlsafe_b64encode(body.encode()).decode().rstrip("=")


def _kind(column_type: Any) -> Any:
    return column_type.impl if isinstance(column_type, TypeDecorator) else column_type


def _typed(value: Any, column_type: Any) -> Any:
    """The JSON value as the column's Python type; ValueError when it is not one."""
    if value is None:
        return None
    kind = _kind(column_type)
    if isinstance(kind, Boolean):
        if not isinstance(value, bool):
            raise ValueError
        return value
    if isinstance(kind, Integer):
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 2**63:
            raise ValueError
        return value
    if not isinstance(value, str) or len(value) > 300:
        raise ValueError
    if isinstance(kind, DateTime):
        return datetime.fromisoformat(value)
    if isinstance(kind, Date):
        return date.fromisoformat(value)
    if isinstance(kind, Numeric):
        try:
            number = Decimal(value)
        except InvalidOperation as exc:
            raise ValueError from exc
        if not number.is_finite():
            raise ValueError
        return number
    return value


def decode(token: str, query_print: str, key_types: list[Any]) -> Cursor:
    """The cursor in ``token``; 422 unless it was made for this query with keys of these types."""
    error = invalid(STALE, {"cursor": "Not a cursor of this list query."})
    if len(token) > MAX_CURSOR_CHARS:
        raise error
    try:
        body = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError) as exc:
        raise error from exc
    if not isinstance(body, dict) or set(body) != {"q", "d", "k"} or body["q"] != query_print:
        raise error
    key = body["k"]
    if body["d"] not in ("a", "b") or not isinstance(key, list) or len(key) != len(key_types):
        raise error
    try:
        typed = tuple(_typed(value, kind) for value, kind in zip(key, key_types, strict=True))
    except ValueError as exc:
        raise error from exc
    if typed[-1] is None:  # the id is never null
        raise error
    return Cursor(after=body["d"] == "a", key=typed)
