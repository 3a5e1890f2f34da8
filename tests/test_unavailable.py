"""Which failures are a 503 the client may retry (a database or Redis outage) and which stay a 500
(our bug), through the app's own exception handlers. The outages themselves are in tests/faults/."""

from __future__ import annotations

import httpx
import pytest
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.errors import DATABASE_UNAVAILABLE, EXCEPTION_HANDLERS, REDIS_UNAVAILABLE

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
