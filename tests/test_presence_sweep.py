"""The presence sweep: users whose sockets all expired (their process died) go offline; others stay."""

from __future__ import annotations

import time

import pytest
import redis.asyncio as aioredis
from starlette.applications import Starlette

from app.realtime.presence import Presence
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
