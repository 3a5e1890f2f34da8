"""One database session for a command run outside the API (the CLI's users, seed and samples)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from sqlmodel.ext.asyncio.session import AsyncSession

from app.db import Database
from app.realtime.sink import RedisSink
from app.redis_conn import resolve_url
from app.services import audit
from app.settings import Settings


def with_session(settings: Settings, work: Callable[[AsyncSession], Awaitable[None]], *, live: bool = False) -> None:
    """Run ``work`` in one database session; ``live``: the audit entries it writes are pushed to the
    admins watching the log (through Redis, as the worker's events are)."""

    async def runner() -> None:
        db = Database(settings.effective_database_url)
        sink = RedisSink(resolve_url(settings.redis_url, settings.data_dir)) if live else None
        db.audit_sink = sink
        try:
            async with db.session() as session:
                await work(session)
            await audit.drain()
        finally:
            await db.dispose()
            manager_redis = getattr(getattr(sink, "_manager", None), "redis", None)
            if manager_redis is not None:
                await manager_redis.aclose()

    asyncio.run(runner())
