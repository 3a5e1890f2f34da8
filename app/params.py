"""Whole numbers from the path and headers (query strings are read with the models of schemas/query.py).

``str.isdigit()`` is true for '²' and '١٢' (``int()`` refuses the first and reads the second), and a
40-digit id overflows the database: both were 500s. Here a number is ASCII digits with an optional
leading minus, bounded to the database's ``integer`` (PostgreSQL int4, the type of every id column).
A path id that is not such a number names nothing (404); a query parameter is a 422 naming it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.errors import not_found
from schemas.query import range_hint, whole_number

if TYPE_CHECKING:  # the pure parsers serve services and the worker too: no web framework at run time
    from starlette.requests import Request

# whole_number and range_hint live with the query models (schemas/query.py); read here too.
__all__ = ["declared_length", "path_int", "range_hint", "whole_number"]


def path_int(request: Request, name: str = "id") -> int:
    """A record id from the path; one that cannot exist (not a number, out of range) is not found."""
    raw = request.path_params.get(name)
    # An {id:int} route would hand over an int already: Starlette's convertor takes any length of digits.
    value = whole_number(str(raw), minimum=1)
    if value is None:
        raise not_found()
    return value


def declared_length(request: Request) -> int | None:
    """The Content-Length header as a number (any length of ASCII digits), or None when it is not one."""
    raw = request.headers.get("content-length")
    if raw is None or not raw.isascii() or not raw.isdigit():
        return None
    return int(raw) if len(raw) <= 18 else 10**18  # int() of thousands of digits raises; it is huge anyway
