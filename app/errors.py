"""One error shape for every failure: ``{"message": ..., "errors": {field: message}}``.

Bad input is a 4xx a person can act on; anything unexpected is logged and answered with a plain
500 message, never a stack trace. The errors are raised anywhere (services, the worker); turning
them into HTTP answers is :mod:`app.error_handlers`'.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ValidationError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        message: str,
        *,
        errors: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.errors = errors
        self.extra = extra or {}
        self.headers = headers


def unauthorized(message: str = "Sign in to continue.") -> ApiError:
    return ApiError(401, message, headers={"WWW-Authenticate": "Bearer"})


def forbidden(message: str = "Your role does not allow this.") -> ApiError:
    return ApiError(403, message)


def not_found(message: str = "Not found.") -> ApiError:
    return ApiError(404, message)


def invalid(message: str, errors: dict[str, str] | None = None) -> ApiError:
    return ApiError(422, message, errors=errors)


def _field_name(loc: tuple[int | str, ...], model: type[BaseModel] | None) -> str:
    parts = [str(p) for p in loc if not isinstance(p, int)]
    return ".".join(parts) or "body"


def field_label(name: str) -> str:
    """A wire name as words: "purchaseCost" -> "Purchase cost", "asset_id" -> "Asset" (the UI has the same)."""
    last = name.rsplit(".", 1)[-1]
    if last.endswith("Id") and len(last) > 2:
        last = last[:-2]
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", last).replace("_", " ").strip().lower()
    return (words[:1].upper() + words[1:]) or "This field"


_NUMBER_ERRORS = frozenset(
    {"decimal_parsing", "decimal_type", "float_parsing", "float_type", "finite_number", "decimal_max_digits"}
)
_WHOLE_NUMBER_ERRORS = frozenset({"int_parsing", "int_type", "int_from_float"})
_DATE_ERRORS = frozenset({"date_parsing", "date_type", "date_from_datetime_parsing", "date_from_datetime_inexact"})
_DATETIME_ERRORS = frozenset({"datetime_parsing", "datetime_type", "datetime_from_date_parsing"})


def _readable(err: Any, label: str) -> str | None:
    """Pydantic's technical message as a sentence a person can act on, or None to keep its own."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind in _NUMBER_ERRORS:
        return f"{label} must be a number."
    if kind in _WHOLE_NUMBER_ERRORS:
        return f"{label} must be a whole number."
    if kind in _DATE_ERRORS:
        return f"{label} must be a date (YYYY-MM-DD)."
    if kind in _DATETIME_ERRORS:
        return f"{label} must be a date and time."
    if kind in ("bool_parsing", "bool_type"):
        return f"{label} must be yes or no."
    if kind in ("string_type", "string_unicode"):
        return f"{label} must be text."
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "greater_than": ("more than", "gt"),
        "less_than_equal": ("at most", "le"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"{label} must be {words} {ctx.get(key)}."
    if kind == "decimal_max_places":
        return f"{label} can have at most {ctx.get('decimal_places')} decimal places."
    if kind == "literal_error":
        return f"{label} must be one of: {ctx.get('expected')}."
    if kind in ("dict_type", "model_type", "list_type"):
        return f"{label} has the wrong shape."
    return None


def validation_error(exc: ValidationError, model: type[BaseModel] | None = None) -> ApiError:
    """Turn pydantic's errors into per-field messages a person can act on."""
    errors: dict[str, str] = {}
    for err in exc.errors():
        field = _field_name(tuple(err["loc"]), model)
        message = err["msg"]
        if err["type"] == "extra_forbidden":
            message = "Unknown field."
        elif err["type"] == "missing" or (
            err["type"] == "string_too_short" and err.get("ctx", {}).get("min_length") == 1
        ):
            message = "This field is required."
        elif err["type"] == "string_too_short":
            message = f"Use at least {err['ctx']['min_length']} characters."
        elif err["type"] == "string_too_long":
            message = f"Use at most {err['ctx']['max_length']} characters."
        elif err["type"] == "enum":
            message = f"Use one of: {err['ctx']['expected']}."
        elif message.startswith("Value error, "):
            message = message.removeprefix("Value error, ")
        else:
            message = _readable(err, field_label(field)) or message
        errors.setdefault(field, message)
    sentences = [
        msg if msg.startswith(field_label(field)) else f"{field_label(field)}: {msg}" for field, msg in errors.items()
    ]
    summary = " ".join(s if s.endswith(".") else f"{s}." for s in sentences)
    return invalid(f"Check the highlighted fields. {summary}", errors)


DATABASE_UNAVAILABLE = "The database is unavailable; try again in a moment."
SERVER_BUSY = "The server is busy; try again in a moment."
REDIS_UNAVAILABLE = "The message service (Redis) is unavailable; try again in a moment."
RETRY_AFTER = {"Retry-After": "5"}


def database_unreachable(exc: BaseException) -> bool:
    """A lost or refused database connection (or a busy SQLite file), as opposed to a bad statement."""
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(exc, (OperationalError, InterfaceError))
