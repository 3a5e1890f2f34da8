"""Issue 15, item 6: rate limits per client address and per user, kept in Redis.

Was: 100 sign-ins over 100 usernames, 40 uploads in 1.7 s, 300 chat messages in 2.1 s and 5
registrations at once, none limited. The suite's shared app runs with limits off (every test
client is 127.0.0.1); each test here puts in small limits of its own and calls from addresses of
its own.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
from starlette.applications import Starlette
from starlette.requests import HTTPConnection

from app.ratelimit import LIMITED_CALLS, ClientAddress, RateLimits
from app.routes.openapi import build_document
from app.settings import Settings
from schemas.options import Role
from tests.support import Account, create_account, sign_in, unique

pytestmark = pytest.mark.db


def asset_body() -> dict[str, Any]:
    return {"tag": unique("RL-"), "name": "Meter", "category": "Instrumentation", "department": "Hardware"}


@asynccontextmanager
async def client_from(app: Starlette, address: str) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app, client=(address, 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as client:
        yield client


@pytest.fixture
def limited(app: Starlette, monkeypatch: pytest.MonkeyPatch) -> Callable[..., RateLimits]:
    """Put rate limits of the test's choosing in force on the shared app, for this test only."""

    def put(**limits: str) -> RateLimits:
        portal = app.state.portal
        settings = portal.settings.model_copy(update={"rate_limits_enabled": True, **limits})
        rate_limits = RateLimits(settings, portal.redis)
        monkeypatch.setattr(portal, "limits", rate_limits)
        return rate_limits

    return put


def assert_limited(response: httpx.Response, what: str) -> None:
    assert response.status_code == 429, response.text
    wait = int(response.headers["retry-after"])
    assert 0 < wait <= 3600
    message = response.json()["message"]
    when = f"{wait} seconds" if wait < 120 else f"{-(-wait // 60)} minutes"
    assert message.startswith(f"Too many {what}") and f"Wait {when}, then try again." in message, message


async def test_sign_in_is_limited_per_address(app: Starlette, limited: Callable[..., RateLimits]) -> None:
    limited(rate_limit_sign_in="3/minute")
    body = {"username": unique("ghost-"), "password": "whatever-pass"}
    async with client_from(app, "10.16.1.1") as client:
        answers = [(await client.post("/auth/sign-in", json=body)).status_code for _ in range(3)]
        assert answers == [401] * 3
        # Another name from the same address: the address is over its limit, for the mock sign-in too.
        assert_limited(await client.post("/auth/sign-in", json={**body, "username": unique("x-")}), "sign-in")
        assert_limited(await client.get("/api/auth", params={"email": "a@b.test", "password": "x"}), "sign-in")
    async with client_from(app, "10.16.1.2") as other:
        assert (await other.post("/auth/sign-in", json=body)).status_code == 401


async def test_challenge_answers_and_registrations_are_limited_per_address(
    app: Starlette, limited: Callable[..., RateLimits], monkeypatch: pytest.MonkeyPatch
) -> None:
    limited(rate_limit_challenge="2/minute", rate_limit_register="2/hour")
    monkeypatch.setattr(app.state.portal.settings, "registration_enabled", True)
    async with client_from(app, "10.16.2.1") as client:
        for _ in range(2):
            answer = await client.post("/auth/challenge", json={"session": "no-such-session", "code": "123456"})
            assert answer.status_code == 401
        assert_limited(await client.post("/auth/challenge", json={"session": "x", "code": "123456"}), "sign-in codes")
        for _ in range(2):
            body = {"displayName": "Sam", "password": "river-Lantern-83", "email": f"{unique('r')}@example.test"}
            assert "access_token" in (await client.post("/api/auth/register", json=body)).json()
        body = {"displayName": "Sam", "password": "river-Lantern-83", "email": f"{unique('r')}@example.test"}
        assert_limited(await client.post("/api/auth/register", json=body), "registrations")


async def test_chat_sends_are_limited_per_user(
    app: Starlette, limited: Callable[..., RateLimits], staff: dict[str, Account]
) -> None:
    limited(rate_limit_chat="3/minute")
    async with client_from(app, "10.16.3.1") as client:
        sender, other = staff["manager"], staff["technician"]
        chat = (await client.get(f"/api/chat/get-chat?contactId={other.user_id}", headers=sender.headers)).json()
        body = {"chatId": chat["chat"]["id"], "contactId": other.user_id, "message": {"message": "hi"}}
        for _ in range(3):
            assert (await client.post("/api/chat/send-message", json=body, headers=sender.headers)).status_code == 200
        assert_limited(await client.post("/api/chat/send-message", json=body, headers=sender.headers), "chat messages")
        # The other member, from the same address, still talks (the address may send 3x one user's limit).
        back = {**body, "contactId": sender.user_id}
        assert (await client.post("/api/chat/send-message", json=back, headers=other.headers)).status_code == 200


async def test_uploads_and_record_writes_are_limited_per_user(
    app: Starlette, limited: Callable[..., RateLimits]
) -> None:
    limited(rate_limit_upload="2/minute", rate_limit_write="3/minute")
    async with client_from(app, "10.16.4.1") as client:
        manager = await sign_in(client, await create_account(app, Role.MANAGER))
        files: Any = [("file", ("a.txt", b"hello"))]
        form = {"department": "Hardware"}
        for _ in range(2):
            response = await client.post("/documents/upload", headers=manager.headers, files=files, data=form)
            assert response.status_code == 201, response.text
        over = await client.post("/documents/upload", headers=manager.headers, files=files, data=form)
        assert_limited(over, "uploads")
        created = [(await client.post("/assets", headers=manager.headers, json=asset_body())) for _ in range(3)]
        assert [answer.status_code for answer in created] == [201] * 3
        asset = created[0].json()
        patch = {"id": asset["id"], "version": asset["version"], "name": "Renamed"}
        assert_limited(await client.patch(f"/assets/{asset['id']}", headers=manager.headers, json=patch), "changes")
        assert (await client.get(f"/assets/{asset['id']}", headers=manager.headers)).status_code == 200  # reads: free


async def test_limits_hold_across_api_processes(app: Starlette) -> None:
    """Two processes' limiters on their own Redis connections share one count."""
    portal = app.state.portal
    settings = portal.settings.model_copy(update={"rate_limits_enabled": True, "rate_limit_sign_in": "4/minute"})
    first, second = aioredis.Redis.from_url(portal.redis_url), aioredis.Redis.from_url(portal.redis_url)
    try:
        limiters = [RateLimits(settings, first), RateLimits(settings, second)]
        connection = HTTPConnection({"type": "http", "client": ("10.16.5.1", 1), "headers": []})
        for n in range(4):
            await limiters[n % 2].hit("sign-in", connection)
        for limiter in limiters:
            with pytest.raises(Exception) as refused:
                await limiter.hit("sign-in", connection)
            assert getattr(refused.value, "status", None) == 429
    finally:
        await first.aclose()
        await second.aclose()


async def test_limits_are_not_enforced_while_redis_is_away() -> None:
    """The calls that need Redis say so themselves; a limiter that cannot count lets the call through."""
    settings = Settings(rate_limits_enabled=True, rate_limit_sign_in="1/minute")
    dead = aioredis.Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.5)
    limiter = RateLimits(settings, dead)
    connection = HTTPConnection({"type": "http", "client": ("10.16.6.1", 1), "headers": []})
    for _ in range(3):
        await limiter.hit("sign-in", connection)
    await dead.aclose()


def _connection(peer: str, forwarded: list[str]) -> HTTPConnection:
    headers = [(b"x-forwarded-for", value.encode()) for value in forwarded]
    return HTTPConnection({"type": "http", "client": (peer, 1), "headers": headers})


def test_x_forwarded_for_counts_only_behind_a_trusted_proxy() -> None:
    untrusted = ClientAddress([])
    assert untrusted(_connection("203.0.113.9", ["198.51.100.1"])) == "203.0.113.9"
    behind = ClientAddress(["10.0.0.0/8"])
    assert behind(_connection("203.0.113.9", ["198.51.100.1"])) == "203.0.113.9"  # the peer is no proxy of ours
    assert behind(_connection("10.0.0.5", ["198.51.100.1"])) == "198.51.100.1"
    # A client's own X-Forwarded-For is to the left of what our proxy appends: never believed.
    assert behind(_connection("10.0.0.5", ["1.1.1.1, 198.51.100.1"])) == "198.51.100.1"
    assert behind(_connection("10.0.0.5", ["1.1.1.1", "198.51.100.1, 10.0.0.7"])) == "198.51.100.1"
    assert behind(_connection("10.0.0.5", ["garbage, 10.0.0.7"])) == "10.0.0.7"
    assert behind(_connection("10.0.0.5", [])) == "10.0.0.5"
    assert ClientAddress(["::1/128"])(_connection("::1", ["2001:db8::2"])) == "2001:db8::2"


def test_every_limited_call_documents_its_429(app: Starlette) -> None:
    document = build_document(app.routes, server_url="http://api.test")
    for method, path in LIMITED_CALLS:
        responses = document["paths"][path][method.lower()]["responses"]
        assert "429" in responses, (method, path)
