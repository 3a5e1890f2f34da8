"""Whole numbers (and yes/no flags) from the path, the query and headers: the one parser every route uses.

``str.isdigit()`` is true for '²' and '١٢' (``int()`` refuses the first and reads the second), and a
40-digit id overflows the database: both were 500s. Here a number is ASCII digits with an optional
leading minus, bounded to the database's ``integer`` (PostgreSQL int4, the type of every id column).
A path id that is not such a number names nothing (404); a query parameter is a 422 naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from app.errors import invalid, not_found
from schemas.base import DB_INT_MAX
from schemas.query import range_hint, whole_number

if TYPE_CHECKING:  # the pure parsers serve services and the worker too: no web framework at run time
    from starlette.requests import Request

# whole_number and range_hint live with the query models (schemas/query.py); read here too.
__all__ = ["declared_length", "path_int", "query_flag", "query_ids", "query_int", "range_hint", "whole_number"]


def path_int(request: Request, name: str = "id") -> int:
    """A record id from the path; one that cannot exist (not a number, out of range) is not found."""
    raw = request.path_params.get(name)
    # An {id:int} route would hand over an int already: Starlette's convertor takes any length of digits.
    value = whole_number(str(raw), minimum=1)
    if value is None:
        raise not_found()
    return value


def query_int(
    params: Mapping[str, str],
    name: str,
    *,
    default: int | None = None,
    required: bool = False,
    minimum: int = 0,
    maximum: int = DB_INT_MAX,
    errors: dict[str, str] | None = None,
) -> int | None:
    """An integer query parameter: ``default`` when absent or empty, else a number within the bounds.

    Refused with a 422 naming the parameter; with ``errors``, the message is added there instead so a
    caller can report every bad parameter at once.
    """
    raw = params.get(name)
    if raw is None or raw == "":
        if required:
            message = "This field is required."
            if errors is None:
                raise invalid(f"Send the '{name}' query parameter.", {name: message})
            errors[name] = message
        return default
    value = whole_number(raw, minimum=minimum, maximum=maximum)
    if value is None:
        message = range_hint(minimum, maximum)
        if errors is None:
            raise invalid(f"'{name}': {message}", {name: message})
        errors[name] = message
        return default
    return value


def query_flag(params: Mapping[str, str], name: str) -> bool:
    """A yes/no query parameter: ``true``/``1`` or ``false``/``0`` (absent or empty: no); else a 422."""
    raw = (params.get(name) or "").strip().lower()
    if raw in ("", "0", "false"):
        return False
    if raw in ("1", "true"):
        return True
    raise invalid(f"'{name}': use true or false.", {name: "Use true or false."})


def query_ids(params: Mapping[str, str], name: str, errors: dict[str, str]) -> list[int] | None:
    """A comma-separated list of record ids (``assetId=3,7``), or None when absent."""
    raw = params.get(name)
    if not raw:
        return None
    parts = [part.strip() for part in raw.split(",") if part.strip()]
    values = [whole_number(part, minimum=1) for part in parts[:100]]
    if len(parts) > 100 or any(value is None for value in values):
        errors[name] = f"Use at most 100 record ids (whole numbers from 1 to {DB_INT_MAX}), separated by commas."
        return None
    return [value for value in values if value is not None]


def declared_length(request: Request) -> int | None:
    """The Content-Length header as a number (any length of ASCII digits), or None when it is not one."""
    raw = request.headers.get("content-length")
    if raw is None or not raw.isascii() or not raw.isdigit():
        return None
    return int(raw) if len(raw) <= 18 else 10**18  # int() of thousands of digits raises; it is huge anyway
