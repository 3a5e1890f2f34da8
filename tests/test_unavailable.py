"""Which failures are a 503 the client may retry (a database or Redis outage) and which stay a 500
(our bug), through the app's own exception handlers. The outages themselves are in tests/faults/."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.error_handlers import EXCEPTION_HANDLERS
from app.errors import DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE, SERVER_BUSY

FAILURES: dict[str, Exception] = {
    "db-down": OperationalError("SELECT 1", {}, Exception("connection refused")),
    "db-dropped": DBAPIError("SELECT 1", {}, Exception("server closed the connection"), connection_invalidated=True),
    "db-bug": IntegrityError("INSERT", {}, Exception("duplicate key")),
    "redis-down": RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused."),
    "redis-bug": ResponseError("WRONGTYPE Operation against a key holding the wrong kind of value"),
}


async def fail(request: Request) -> Response:
    raise FAILURES[request.path_params["name"]]


@pytest.fixture(scope="module")
async def client() -> httpx.AsyncClient:
    app = Starlette(routes=[Route("/fail/{name}", fail)], exception_handlers=EXCEPTION_HANDLERS)
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    return httpx.AsyncClient(transport=transport, base_url="http://api.test")


@pytest.mark.parametrize(
    ("name", "status", "message"),
    [
        ("db-down", 503, DATABASE_UNAVAILABLE),
        ("db-dropped", 503, DATABASE_UNAVAILABLE),
        ("redis-down", 503, REDIS_UNAVAILABLE),
        ("db-bug", 500, "Something went wrong on our side. Try again in a moment."),
        ("redis-bug", 500, "Something went wrong on our side. Try again in a moment."),
    ],
)
async def test_outages_are_503_with_a_message_and_bugs_stay_500(
    client: httpx.AsyncClient, name: str, status: int, message: str
) -> None:
    response = await client.get(f"/fail/{name}")
    assert response.status_code == status and response.json() == {"message": message}
    assert (response.headers.get("retry-after") == "5") == (status == 503)


async def test_a_saturated_connection_pool_is_503_busy_not_500(tmp_path: Path) -> None:
    """A real pool with its one connection held: the next request waits ``pool_timeout`` and gets
    SQLAlchemy's TimeoutError, which must answer 503 "busy" with Retry-After (the client retries)."""
    engine = create_async_engine(
        f"sqlite+aiosqlite:///{tmp_path / 'busy.db'}", pool_size=1, max_overflow=0, pool_timeout=0.2
    )

    async def query(_request: Request) -> Response:
        async with engine.connect() as conn:
            return Response(str((await conn.execute(text("SELECT 1"))).scalar()))

    app = Starlette(routes=[Route("/query", query)], exception_handlers=EXCEPTION_HANDLERS)
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as http:
            assert (await http.get("/query")).text == "1"
            async with engine.connect():  # the pool's only connection is busy
                busy = await http.get("/query")
            assert busy.status_code == 503 and busy.json() == {"message": SERVER_BUSY}
            assert busy.headers["retry-after"] == "5"
            assert (await http.get("/query")).status_code == 200  # free again: served
    finally:
        await engine.dispose()
