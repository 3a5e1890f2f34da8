"""Brute-force protection: the lockout schedule, the lock itself, and what resets it."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import update
from sqlmodel import col
from starlette.applications import Starlette

from app.auth.throttle import LOCKED_MESSAGE, lock_seconds, pair_key
from schemas.base import utcnow
from schemas.options import Role
from schemas.users import SignInThrottle
from tests.support import PASSWORD, create_account, unique

TEST_CLIENT = "127.0.0.1"  # httpx's in-process transport: the client address of every call


def test_schedule_doubles_after_the_fifth_failure_and_caps_at_fifteen_minutes() -> None:
    assert [lock_seconds(n) for n in range(1, 5)] == [0, 0, 0, 0]
    assert [lock_seconds(n) for n in range(5, 11)] == [1, 2, 4, 8, 16, 32]
    assert lock_seconds(14) == 512
    assert lock_seconds(15) == 900  # 1024 capped at 15 minutes
    assert lock_seconds(40) == 900


async def _attempt(client: httpx.AsyncClient, username: str, password: str) -> httpx.Response:
    return await client.post("/auth/sign-in", json={"username": username, "password": password})


@pytest.mark.db
async def test_lock_refuses_even_the_right_password_then_expires(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    for _ in range(4):
        assert (await _attempt(client, account.username, "wrong-password")).status_code == 401
    # The 4th failure did not lock: the right password still works, and resets the count.
    assert (await _attempt(client, account.username, PASSWORD)).status_code == 200
    for _ in range(5):
        assert (await _attempt(client, account.username, "wrong-password")).status_code == 401
    locked = await _attempt(client, account.username, PASSWORD)
    assert locked.status_code == 429
    assert locked.json()["message"] == LOCKED_MESSAGE
    assert locked.headers["retry-after"] == "1"
    await asyncio.sleep(1.1)
    # The refused attempt counted too (6th): the 7th in a row, wrong, locks for 4 seconds.
    assert (await _attempt(client, account.username, "wrong-password")).status_code == 401
    refused = await _attempt(client, account.username, PASSWORD)
    assert refused.status_code == 429 and refused.headers["retry-after"] == "4"
    await asyncio.sleep(4.1)
    assert (await _attempt(client, account.username, PASSWORD)).status_code == 200
    # The success reset the count: four more failures do not lock.
    for _ in range(4):
        await _attempt(client, account.username, "wrong-password")
    assert (await _attempt(client, account.username, PASSWORD)).status_code == 200


@pytest.mark.db
async def test_unknown_usernames_lock_the_same_way(client: httpx.AsyncClient) -> None:
    ghost = unique("ghost-")
    answers = [(await _attempt(client, ghost, "whatever-pass")).status_code for _ in range(5)]
    assert answers == [401] * 5
    assert (await _attempt(client, ghost, "whatever-pass")).status_code == 429


@pytest.mark.db
async def test_fifteen_quiet_minutes_reset_the_count(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    for _ in range(5):
        await _attempt(client, account.username, "wrong-password")
    async with app.state.portal.db.session() as session:
        # Move the failures 16 minutes into the past (and the lock with them).
        past = utcnow() - timedelta(minutes=16)
        keys = [account.username, pair_key(TEST_CLIENT, account.username)]
        await session.exec(
            update(SignInThrottle)
            .where(col(SignInThrottle.username).in_(keys))
            .values(last_failure_at=past, locked_until=past)
        )
        await session.commit()
    # The next failure counts as the first again: no lock.
    assert (await _attempt(client, account.username, "wrong-password")).status_code == 401
    assert (await _attempt(client, account.username, PASSWORD)).status_code == 200


@pytest.mark.db
async def test_username_and_email_share_one_count(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    email = f"{account.username}@example.test"
    for login in [account.username, email, account.username.upper(), email, account.username]:
        assert (await _attempt(client, login, "wrong-password")).status_code == 401
    # Five failures in a row on one account, however it was named: locked.
    assert (await _attempt(client, email, PASSWORD)).status_code == 429
