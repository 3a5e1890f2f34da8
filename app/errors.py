"""One error shape for every failure: ``{"message": ..., "errors": {field: message}}``.

Bad input is a 4xx a person can act on; anything unexpected is logged and answered with a plain
500 message, never a stack trace.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from pydantic import BaseModel, ValidationError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

log = logging.getLogger("portal.errors")


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


def error_response(status: int, message: str, **body: Any) -> JSONResponse:
    return JSONResponse({"message": message, **{k: v for k, v in body.items() if v is not None}}, status)


async def handle_api_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    response = error_response(exc.status, exc.message, errors=exc.errors, **exc.extra)
    if exc.headers:
        response.headers.update(exc.headers)
    return response


async def handle_http_exception(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: "Not found.", 405: "Method not allowed."}
    detail = exc.detail if isinstance(exc.detail, str) and exc.detail else None
    return error_response(exc.status_code, messages.get(exc.status_code, detail or "Request refused."))


async def handle_unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "Something went wrong on our side. Try again in a moment.")


DATABASE_UNAVAILABLE = "The database is unavailable; try again in a moment."
SERVER_BUSY = "The server is busy; try again in a moment."
REDIS_UNAVAILABLE = "The message service (Redis) is unavailable; try again in a moment."
RETRY_AFTER = {"Retry-After": "5"}


def unavailable(message: str) -> Response:
    response = error_response(503, message)
    response.headers.update(RETRY_AFTER)
    return response


def database_unreachable(exc: BaseException) -> bool:
    """A lost or refused database connection (or a busy SQLite file), as opposed to a bad statement."""
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(exc, (OperationalError, InterfaceError))


async def handle_database_error(request: Request, exc: Exception) -> Response:
    """A database outage is a 503 the client can retry; any other database error is our bug (500)."""
    if not database_unreachable(exc):
        return await handle_unexpected(request, exc)
    log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc.__class__.__name__)
    return unavailable(DATABASE_UNAVAILABLE)


async def handle_pool_timeout(request: Request, exc: Exception) -> Response:
    """Every pooled database connection stayed busy for ``pool_timeout``: too much load for a moment,
    not a bug, so the client may retry (a 500 would say the request itself is at fault)."""
    log.warning("database pool exhausted on %s %s: %s", request.method, request.url.path, exc)
    return unavailable(SERVER_BUSY)


async def handle_redis_unavailable(request: Request, exc: Exception) -> Response:
    log.warning("redis unavailable on %s %s: %s", request.method, request.url.path, exc)
    return unavailable(REDIS_UNAVAILABLE)


EXCEPTION_HANDLERS: dict[Any, Any] = {
    ApiError: handle_api_error,
    HTTPException: handle_http_exception,
    DBAPIError: handle_database_error,
    PoolTimeoutError: handle_pool_timeout,
    RedisConnectionError: handle_redis_unavailable,
    RedisTimeoutError: handle_redis_unavailable,
    Exception: handle_unexpected,
}
