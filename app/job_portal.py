"""What a worker job holds (the API's :class:`app.portal.Portal` without the web parts): the worker
loads no starlette, no Socket.IO server and no route module (tests/test_layers.py)."""

from __future__ import annotations

from dataclasses import dataclass

from redis import Redis

from app.db import Database
from app.realtime.sink import RedisSink
from app.redis_conn import resolve_url
from app.services.documents.queue import JobQueue
from app.services.push.queue import DeliveryQueue
from app.settings import Settings
from app.storage import Storage, open_storage


@dataclass
class JobPortal:
    """What one worker job holds: it runs in a work horse of its own, so it opens these and closes them
    before it ends (the queues share the job's RQ connection when there is one)."""

    settings: Settings
    db: Database
    redis_url: str
    events: RedisSink  # pushes to the API processes' sockets, through Redis
    storage: Storage
    jobs: JobQueue
    deliveries: DeliveryQueue
    owns_connection: bool  # the queues' Redis connection was opened here (not the running job's)

    @classmethod
    def build(cls, settings: Settings, connection: Redis | None = None) -> JobPortal:
        redis_url = resolve_url(settings.redis_url, settings.data_dir)
        jobs = JobQueue(connection, settings) if connection is not None else JobQueue.from_url(redis_url, settings)
        return cls(
            settings=settings,
            db=Database(settings.effective_database_url),
            redis_url=redis_url,
            events=RedisSink(redis_url),
            storage=open_storage(settings),
            jobs=jobs,
            deliveries=DeliveryQueue(jobs.connection, settings),
            owns_connection=connection is None,
        )

    async def close(self) -> None:
        await self.db.dispose()
        manager_redis = getattr(getattr(self.events, "_manager", None), "redis", None)
        if manager_redis is not None:
            await manager_redis.aclose()
        if self.owns_connection:
            self.jobs.close()
