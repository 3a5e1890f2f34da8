"""The per-process memory of live sessions (app/auth/live_sessions.py) never outlives a session's end.

Two API processes remember sessions for 300 s here, far longer than the tests wait: a refusal can
only come from the end being announced over Redis, not from the memory running out.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette

from app.auth.live_sessions import LiveSessionCache
from app.settings import ROOT, Settings
from schemas.options import Role
from tests.processes import api_command, free_port, process_env, serving
from tests.support import create_account

pytestmark = pytest.mark.db


def test_memory_expires_forgets_and_trusts_only_while_hearing_ends() -> None:
    cache = LiveSessionCache(ttl_seconds=0.05)
    cache.remember("s0", 1, epoch=cache.epoch, session_ends_in=60)
    assert not cache.is_live("s0", 1)  # not subscribed to the control channel yet: nothing kept
    cache.hearing(True)
    for session, user in [("s1", 1), ("s2", 1), ("s3", 2)]:
        cache.remember(session, user, epoch=cache.epoch, session_ends_in=60)
    assert cache.is_live("s1", 1)
    assert not cache.is_live("s1", 2)  # a token naming another user for the same session id
    cache.forget_user(1)
    assert not cache.is_live("s2", 1) and cache.is_live("s3", 2)
    time.sleep(0.06)
    assert not cache.is_live("s3", 2)  # the TTL ran out


def test_a_check_that_raced_an_end_is_not_remembered() -> None:
    cache = LiveSessionCache(ttl_seconds=60)
    cache.hearing(True)
    started = cache.epoch  # the database check starts...
    cache.forget_session("s1")  # ...an end is heard while it runs...
    cache.remember("s1", 1, epoch=started, session_ends_in=60)  # ...its "live" answer is stale
    assert not cache.is_live("s1", 1)
    cache.remember("s1", 1, epoch=cache.epoch, session_ends_in=0.01)  # and never past the session's end
    time.sleep(0.02)
    assert not cache.is_live("s1", 1)


def test_losing_the_control_channel_empties_the_memory() -> None:
    cache = LiveSessionCache(ttl_seconds=60)
    cache.hearing(True)
    cache.remember("s1", 1, epoch=cache.epoch, session_ends_in=60)
    cache.hearing(False)
    assert not cache.is_live("s1", 1)
    cache.remember("s1", 1, epoch=cache.epoch, session_ends_in=60)
    assert not cache.is_live("s1", 1)


@pytest.fixture(scope="module")
def long_memory_pair(settings: Settings, run_dir: Path) -> Iterator[list[str]]:
    ports = [free_port(), free_port()]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    logs = run_dir / "live-sessions"
    logs.mkdir(exist_ok=True)
    env = process_env(settings, SESSION_CACHE_SECONDS="300")
    commands = [
        (f"api{n}", api_command(port), f"{url}/health") for n, (port, url) in enumerate(zip(ports, urls, strict=True))
    ]
    with serving(commands, env, logs):
        yield urls


async def _refused_soon(url: str, token: str) -> float:
    """Seconds until ``url`` refuses the token (fails the test after 2 s)."""
    started = time.monotonic()
    async with httpx.AsyncClient(base_url=url) as http:
        while time.monotonic() - started < 2:
            answer = await http.get("/me", headers={"Authorization": f"Bearer {token}"})
            if answer.status_code == 401:
                return time.monotonic() - started
            assert answer.status_code == 200, answer.text
            await asyncio.sleep(0.02)
    raise AssertionError(f"{url} still accepts the token 2 s after its session ended")


async def _signed_in_everywhere(urls: list[str], username: str, password: str) -> str:
    async with httpx.AsyncClient() as http:
        signed = await http.post(f"{urls[0]}/auth/sign-in", json={"username": username, "password": password})
        assert signed.status_code == 200, signed.text
        token = str(signed.json()["accessToken"])
        for url in urls:  # each process checks the session once and remembers it
            assert (await http.get(f"{url}/me", headers={"Authorization": f"Bearer {token}"})).status_code == 200
    return token


async def test_sign_out_on_one_process_ends_the_session_on_the_other(
    app: Starlette, long_memory_pair: list[str]
) -> None:
    account = await create_account(app, Role.TECHNICIAN)
    token = await _signed_in_everywhere(long_memory_pair, account.username, account.password)
    async with httpx.AsyncClient(base_url=long_memory_pair[0]) as http:
        out = await http.post("/auth/sign-out", headers={"Authorization": f"Bearer {token}"})
        assert out.status_code in (200, 204), out.text
    assert await _refused_soon(long_memory_pair[0], token) < 0.1  # the signing-out process forgot at once
    assert await _refused_soon(long_memory_pair[1], token) < 1


async def test_disabling_from_the_cli_ends_remembered_sessions_everywhere(
    app: Starlette, settings: Settings, long_memory_pair: list[str]
) -> None:
    account = await create_account(app, Role.TECHNICIAN)
    token = await _signed_in_everywhere(long_memory_pair, account.username, account.password)
    env = {**os.environ, **process_env(settings)}
    command = [sys.executable, "-m", "app.cli", "users", "disable", account.username]
    await asyncio.to_thread(subprocess.run, command, cwd=ROOT, env=env, check=True)
    for url in long_memory_pair:
        assert await _refused_soon(url, token) < 1
