"""The presence sweep: users whose sockets all expired (their process died) go offline; others stay."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis.asyncio as aioredis
from starlette.applications import Starlette

from app.realtime.presence import BATCH_SECONDS, STORM_BATCH_SECONDS, Presence
from schemas.events import Event
from schemas.options import Role
from tests.support import create_account

pytestmark = pytest.mark.db


async def test_the_sweep_takes_users_of_a_dead_process_offline_and_keeps_live_ones(
    app: Starlette, redis_url: str
) -> None:
    redis = aioredis.from_url(redis_url)
    db = app.state.portal.db
    dead, alive = Presence(redis=redis, db=db), Presence(redis=redis, db=db)
    gone_user = (await create_account(app, Role.TECHNICIAN)).user_id
    live_user = (await create_account(app, Role.TECHNICIAN)).user_id
    try:
        await dead.connected("sid-dead", gone_user)
        await alive.connected("sid-alive", live_user)
        last = "portal:presence:last"
        assert await redis.hget(last, str(gone_user)) == b"online"
        # The dead process stops renewing: its socket's expiry passes.
        await redis.zadd(f"portal:presence:sockets:{gone_user}", {"sid-dead": time.time() - 1})
        await alive.sweep()
        assert await redis.hget(last, str(gone_user)) == b"offline"
        assert await redis.hget(last, str(live_user)) == b"online"
        watched = await redis.smembers("portal:presence:watch")
        assert str(gone_user).encode() not in watched and str(live_user).encode() in watched
    finally:
        await alive.disconnected("sid-alive")
        await dead.close()
        await alive.close()
        await redis.aclose()


class _Pushes:
    """The presence pushes a Presence sends (in place of the Socket.IO server)."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    async def publish(self, event: Event, *, room: str) -> None:
        self.events.append(event)


async def test_a_reconnect_storm_is_written_in_batches_and_presence_is_right_after_it(
    app: Starlette, redis_url: str
) -> None:
    """Sockets coming back at once (a restarted process): written together, each user announced once,
    a socket that left before its batch was written is not listed, and the user whose only socket
    left is not shown online; when they all leave at once (the process stops), that is one batch too."""
    redis = aioredis.from_url(redis_url)
    presence = Presence(redis=redis, db=app.state.portal.db)
    pushes = _Pushes()
    presence.events = pushes
    users = [(await create_account(app, Role.TECHNICIAN)).user_id for _ in range(8)]
    leaver = users[-1]
    try:
        joined = [presence.join(f"storm-{u}-{n}", u) for u in users for n in range(2 if u == users[0] else 1)]
        assert len({id(f) for f in joined}) == 1  # one batch
        await presence.disconnected(f"storm-{leaver}-0")  # left before the batch was written
        await joined[0]
        await asyncio.sleep(BATCH_SECONDS + 0.2)  # the announcement goes out after the batch window
        last = await redis.hmget("portal:presence:last", [str(u) for u in users])
        assert last[:-1] == [b"online"] * (len(users) - 1)
        assert last[-1] != b"online"
        assert await redis.zcard(f"portal:presence:sockets:{users[0]}") == 2
        assert await redis.zcard(f"portal:presence:sockets:{leaver}") == 0
        announced = [c["userId"] for e in pushes.events for c in (e.payload().get("changes") or [e.payload()])]
        assert sorted(announced) == sorted(users[:-1])  # once each, the leaver not at all
        assert len(pushes.events) == 1  # in one presence:batch push
        # The process stops: every socket leaves at once, in one batch, and every user goes offline.
        pushes.events.clear()
        await asyncio.gather(*(presence.disconnected(f"storm-{u}-{n}") for u in users for n in range(2)))
        last = await redis.hmget("portal:presence:last", [str(u) for u in users[:-1]])
        assert last == [b"offline"] * (len(users) - 1)
        assert await redis.zcard(f"portal:presence:sockets:{users[0]}") == 0
        await asyncio.sleep(STORM_BATCH_SECONDS + 0.2)
        assert len(pushes.events) == 1
    finally:
        for u in users:
            for n in range(2):
                await presence.disconnected(f"storm-{u}-{n}")
        await presence.close()
        await redis.aclose()
