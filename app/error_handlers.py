"""HTTP answers for every failure, in the one error shape of :mod:`app.errors`: the exception
handlers the app installs, and the 503 a client may retry."""

from __future__ import annotations

import logging
from typing import Any

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from app.errors import (
    DATABASE_UNAVAILABLE,
    REDIS_UNAVAILABLE,
    RETRY_AFTER,
    SERVER_BUSY,
    ApiError,
    database_unreachable,
)

log = logging.getLogger("portal.errors")


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


def unavailable(message: str) -> Response:
    response = error_response(503, message)
    response.headers.update(RETRY_AFTER)
    return response


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
